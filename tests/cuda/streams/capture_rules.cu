// Stream capture's rules (CUDA guide, "Stream Capture", "Cross-stream
// Dependencies and Events", "Prohibited and Unhandled Operations",
// "Invalidation"): capture status and information, fork and join through
// events, what ends a capture with an error, which calls are illegal while
// a capture is active in each of the three modes (also from another
// thread), and how they invalidate the capture.  (cudaDeviceSynchronize
// during capture is left out: an H200 refuses it in every mode.)
#include <pthread.h>
#include "spin.h"

#define E(x) printf("%-64s %s\n", #x, cudaGetErrorName(x))

__global__ void inc(int *p) { *p += 1; }

static const char *status(cudaStream_t s)
{
    cudaStreamCaptureStatus st;
    cudaError_t e = cudaStreamIsCapturing(s, &st);
    if (e != cudaSuccess)
        return cudaGetErrorName(e);
    return st == cudaStreamCaptureStatusNone ? "none" : st == cudaStreamCaptureStatusActive ? "active" : "invalidated";
}

static int *d, *pinned;
static char *pageable;
static cudaStream_t cs, other, nb;
static cudaEvent_t ev, outside;
static void *tmp;

static void count_nodes(cudaGraph_t g)
{
    size_t n = 0;
    cudaGraphGetNodes(g, NULL, &n);
    printf("  graph with %zu nodes\n", n);
}

// Runs op while cs captures in mode m, then reports the capture's fate.
static void during(const char *what, cudaStreamCaptureMode m, cudaError_t (*op)(void))
{
    cudaStreamCreate(&cs);
    cudaStreamBeginCapture(cs, m);
    inc<<<1, 1, 0, cs>>>(d);
    cudaError_t e = op();
    const char *st = status(cs);
    inc<<<1, 1, 0, cs>>>(d);
    cudaError_t launch = cudaGetLastError();
    cudaGraph_t g = NULL;
    cudaError_t end = cudaStreamEndCapture(cs, &g);
    printf("%-11s %-42s %-36s capture %s, next launch %s, end %s\n",
           m == cudaStreamCaptureModeGlobal ? "global" : m == cudaStreamCaptureModeThreadLocal ? "thread-local" : "relaxed",
           what, cudaGetErrorName(e), st, cudaGetErrorName(launch), cudaGetErrorName(end));
    if (g)
        cudaGraphDestroy(g);
    cudaDeviceSynchronize();
    cudaGetLastError();
    cudaStreamDestroy(cs);
}

static cudaError_t op_malloc(void) { cudaError_t e = cudaMalloc(&tmp, 64); if (!e) cudaFree(tmp); return e; }
static cudaError_t op_malloc_host(void) { return cudaMallocHost(&tmp, 64); }
static cudaError_t op_memcpy(void) { return cudaMemcpy(d, pageable, 16, cudaMemcpyHostToDevice); }
static cudaError_t op_memcpy_d2d(void) { return cudaMemcpy(d + 8, d, 16, cudaMemcpyDeviceToDevice); }
static cudaError_t op_memset(void) { return cudaMemset(d, 0, 16); }
static cudaError_t op_legacy(void) { inc<<<1, 1>>>(d); return cudaGetLastError(); }
static cudaError_t op_other(void) { inc<<<1, 1, 0, other>>>(d); return cudaGetLastError(); }
static cudaError_t op_nb(void) { inc<<<1, 1, 0, nb>>>(d); return cudaGetLastError(); }
static cudaError_t op_sync(void) { return cudaStreamSynchronize(cs); }
static cudaError_t op_query(void) { return cudaStreamQuery(cs); }
static cudaError_t op_sync_other(void) { return cudaStreamSynchronize(other); }
static cudaError_t op_query_legacy(void) { return cudaStreamQuery(0); }
static cudaError_t op_event_query(void) { cudaEventRecord(ev, cs); return cudaEventQuery(ev); }
static cudaError_t op_event_sync(void) { cudaEventRecord(ev, cs); return cudaEventSynchronize(ev); }
static cudaError_t op_outside_query(void) { return cudaEventQuery(outside); }
static cudaError_t op_wait_outside(void) { return cudaStreamWaitEvent(cs, outside, 0); }
static cudaError_t op_callback(void) { return cudaStreamAddCallback(cs, [](cudaStream_t, cudaError_t, void *) {}, NULL, 0); }
static cudaError_t op_host_func(void) { return cudaLaunchHostFunc(cs, [](void *) {}, NULL); }
static cudaError_t op_copy_pinned(void) { return cudaMemcpyAsync(d, pinned, 16, cudaMemcpyHostToDevice, cs); }
static cudaError_t op_copy_pageable(void) { return cudaMemcpyAsync(d, pageable, 16, cudaMemcpyHostToDevice, cs); }
static cudaError_t op_set_async(void) { return cudaMemsetAsync(d, 0, 16, cs); }
static cudaError_t op_malloc_async(void) { cudaError_t e = cudaMallocAsync(&tmp, 64, cs); if (!e) e = cudaFreeAsync(tmp, cs); return e; }
static cudaError_t op_begin_again(void) { return cudaStreamBeginCapture(cs, cudaStreamCaptureModeGlobal); }
static cudaError_t op_stream_create(void) { cudaStream_t s; cudaError_t e = cudaStreamCreate(&s); if (!e) cudaStreamDestroy(s); return e; }
static cudaError_t op_event_create(void) { cudaEvent_t x; cudaError_t e = cudaEventCreate(&x); if (!e) cudaEventDestroy(x); return e; }

static struct { int which; cudaError_t e; } th;
static void *thread_main(void *)
{
    switch (th.which) {
    case 0: th.e = op_malloc(); break;
    case 1: th.e = op_memcpy(); break;
    case 2: th.e = op_legacy(); break;
    case 4: th.e = op_other(); break;
    case 5: inc<<<1, 1, 0, cs>>>(d); th.e = cudaGetLastError(); break;
    }
    return NULL;
}
static cudaError_t in_thread(int which)
{
    pthread_t t;
    th.which = which;
    pthread_create(&t, NULL, thread_main, NULL);
    pthread_join(t, NULL);
    return th.e;
}
static cudaError_t t_malloc(void) { return in_thread(0); }
static cudaError_t t_memcpy(void) { return in_thread(1); }
static cudaError_t t_legacy(void) { return in_thread(2); }
static cudaError_t t_other(void) { return in_thread(4); }
static cudaError_t t_same(void) { return in_thread(5); }

static cudaError_t relaxed_then_malloc(void)
{
    cudaStreamCaptureMode m = cudaStreamCaptureModeRelaxed;
    cudaError_t e = cudaThreadExchangeStreamCaptureMode(&m);
    if (e)
        return e;
    e = op_malloc();
    cudaThreadExchangeStreamCaptureMode(&m);
    return e;
}

int main()
{
    CHECK(cudaMalloc(&d, 64 * sizeof(int)));
    CHECK(cudaMallocHost(&pinned, 64));
    pageable = (char *)calloc(1, 64);
    CHECK(cudaStreamCreate(&other));
    CHECK(cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking));
    CHECK(cudaEventCreate(&ev));
    CHECK(cudaEventCreate(&outside));
    inc<<<1, 1, 0, other>>>(d);
    CHECK(cudaEventRecord(outside, other));
    CHECK(cudaDeviceSynchronize());

    printf("== status and information\n");
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));
    cudaGraph_t g = (cudaGraph_t)1;
    E(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal));
    E(cudaStreamBeginCapture(cudaStreamLegacy, cudaStreamCaptureModeGlobal));
    E(cudaStreamBeginCapture(s, (cudaStreamCaptureMode)3));
    E(cudaStreamEndCapture(s, &g));
    printf("  graph %s\n", g ? "set" : "NULL");
    E(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    printf("  s %s, stream 0 %s, per-thread %s, non-blocking %s\n", status(s), status(0),
           status(cudaStreamPerThread), status(nb));
    cudaStreamCaptureStatus st;
    unsigned long long id = 0;
    cudaGraph_t cg = NULL;
    const cudaGraphNode_t *deps = NULL;
    size_t nd = 99;
    E(cudaStreamGetCaptureInfo(s, &st, &id, &cg, &deps, NULL, &nd));
    printf("  active %d, id set %d, graph set %d, dependencies %zu\n", st == cudaStreamCaptureStatusActive, id != 0, cg != NULL, nd);
    inc<<<1, 1, 0, s>>>(d);
    inc<<<1, 1, 0, s>>>(d);
    E(cudaStreamGetCaptureInfo(s, &st, NULL, NULL, &deps, NULL, &nd));
    cudaGraphNodeType t = cudaGraphNodeTypeCount;
    if (nd == 1)
        cudaGraphNodeGetType(deps[0], &t);
    printf("  dependencies %zu, a kernel %d\n", nd, t == cudaGraphNodeTypeKernel);
    E(cudaStreamUpdateCaptureDependencies(s, NULL, NULL, 0, cudaStreamSetCaptureDependencies));
    E(cudaStreamGetCaptureInfo(s, &st, NULL, NULL, &deps, NULL, &nd));
    printf("  dependencies after setting none %zu\n", nd);
    inc<<<1, 1, 0, s>>>(d);
    E(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
    E(cudaStreamEndCapture(s, &g));
    size_t roots = 0;
    cudaGraphGetRootNodes(g, NULL, &roots);
    count_nodes(g);
    printf("  roots %zu\n", roots);
    cudaGraphDestroy(g);
    printf("  s after the end: %s\n", status(s));
    E(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    E(cudaStreamEndCapture(s, &g));
    count_nodes(g);
    cudaGraphDestroy(g);
    E(cudaStreamBeginCapture(cudaStreamPerThread, cudaStreamCaptureModeGlobal));
    inc<<<1, 1, 0, cudaStreamPerThread>>>(d);
    printf("  per-thread %s, stream 0 %s\n", status(cudaStreamPerThread), status(0));
    E(cudaStreamEndCapture(cudaStreamPerThread, &g));
    count_nodes(g);
    cudaGraphDestroy(g);
    E(cudaStreamBeginCapture(nb, cudaStreamCaptureModeGlobal));
    printf("  stream 0 while a non-blocking stream captures: %s\n", status(0));
    inc<<<1, 1>>>(d);
    E(cudaGetLastError());
    E(cudaStreamEndCapture(nb, &g));
    count_nodes(g);
    cudaGraphDestroy(g);
    // capturing does not run the work
    CHECK(cudaMemset(d + 32, 0, sizeof(int)));
    E(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    inc<<<1, 1, 0, s>>>(d + 32);
    E(cudaStreamEndCapture(s, &g));
    CHECK(cudaDeviceSynchronize());
    int v = -1;
    CHECK(cudaMemcpy(&v, d + 32, sizeof v, cudaMemcpyDeviceToHost));
    printf("  captured kernel ran: %d\n", v);
    cudaGraphDestroy(g);

    printf("== fork and join\n");
    cudaStream_t s2, s3;
    cudaEvent_t e1, e2, e3;
    CHECK(cudaStreamCreate(&s2));
    CHECK(cudaStreamCreate(&s3));
    CHECK(cudaEventCreate(&e1));
    CHECK(cudaEventCreate(&e2));
    CHECK(cudaEventCreate(&e3));
    E(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    inc<<<1, 1, 0, s>>>(d);
    E(cudaEventRecord(e1, s));
    E(cudaEventQuery(e1));
    E(cudaStreamWaitEvent(s2, e1, 0));
    printf("  s2 joined: %s\n", status(s2));
    unsigned long long id2 = 0;
    cudaStreamGetCaptureInfo(s, &st, &id);
    cudaStreamGetCaptureInfo(s2, &st, &id2);
    printf("  same capture %d\n", id == id2);
    inc<<<1, 1, 0, s2>>>(d);
    E(cudaEventRecord(e2, s2));
    E(cudaStreamEndCapture(s, &g));
    printf("  s %s, s2 %s\n", status(s), status(s2));
    E(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    inc<<<1, 1, 0, s>>>(d);
    E(cudaEventRecord(e1, s));
    E(cudaStreamWaitEvent(s2, e1, 0));
    E(cudaStreamWaitEvent(s3, e1, 0));
    inc<<<1, 1, 0, s2>>>(d);
    inc<<<1, 1, 0, s3>>>(d);
    E(cudaEventRecord(e2, s2));
    E(cudaEventRecord(e3, s3));
    E(cudaStreamWaitEvent(s, e2, 0));
    E(cudaStreamWaitEvent(s, e3, 0));
    cudaStreamGetCaptureInfo(s, &st, NULL, NULL, &deps, NULL, &nd);
    printf("  dependencies of s after joining two: %zu\n", nd);
    inc<<<1, 1, 0, s>>>(d);
    E(cudaStreamEndCapture(s2, &g));
    printf("  s %s, s2 %s\n", status(s), status(s2));
    E(cudaStreamEndCapture(s, &g));
    printf("  s %s, s2 %s, s3 %s\n", status(s), status(s2), status(s3));
    E(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    inc<<<1, 1, 0, s>>>(d);
    E(cudaEventRecord(e1, s));
    E(cudaStreamWaitEvent(s2, e1, 0));
    E(cudaStreamWaitEvent(s3, e1, 0));
    inc<<<1, 1, 0, s2>>>(d);
    E(cudaEventRecord(e2, s2));
    E(cudaStreamWaitEvent(s, e2, 0));
    inc<<<1, 1, 0, s>>>(d);
    E(cudaStreamEndCapture(s, &g));
    size_t edges = 0;
    cudaGraphGetEdges(g, NULL, NULL, NULL, &edges);
    count_nodes(g);
    printf("  edges %zu; s3 forked without work: %s\n", edges, status(s3));
    cudaGraphExec_t x;
    CHECK(cudaMemset(d, 0, sizeof(int)));
    E(cudaGraphInstantiate(&x, g, 0));
    E(cudaGraphLaunch(x, other));
    E(cudaStreamSynchronize(other));
    CHECK(cudaMemcpy(&v, d, sizeof v, cudaMemcpyDeviceToHost));
    printf("  launched: %d\n", v);
    cudaGraphExecDestroy(x);
    cudaGraphDestroy(g);
    E(cudaEventQuery(e1));
    E(cudaStreamWaitEvent(other, e2, 0));
    E(cudaGetLastError());
    E(cudaEventRecord(e1, other));
    E(cudaEventSynchronize(e1));
    E(cudaEventQuery(e1));

    printf("== two captures\n");
    E(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    E(cudaStreamBeginCapture(s3, cudaStreamCaptureModeGlobal));
    inc<<<1, 1, 0, s3>>>(d);
    E(cudaEventRecord(e3, s3));
    E(cudaStreamWaitEvent(s, e3, 0));
    printf("  s %s, s3 %s\n", status(s), status(s3));
    E(cudaStreamEndCapture(s3, &g));
    E(cudaStreamEndCapture(s, &g));
    E(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    E(cudaStreamWaitEvent(s, outside, 0));
    printf("  s %s\n", status(s));
    E(cudaStreamEndCapture(s, &g));
    E(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    E(cudaStreamWaitEvent(s, outside, cudaEventWaitExternal));
    E(cudaEventRecordWithFlags(ev, s, cudaEventRecordExternal));
    E(cudaStreamEndCapture(s, &g));
    count_nodes(g);
    cudaGraphDestroy(g);
    E(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
    inc<<<1, 1, 0, s>>>(d);
    pthread_t tid;
    static cudaError_t r;
    pthread_create(&tid, NULL, [](void *p) -> void * { cudaGraph_t gg; r = cudaStreamEndCapture(*(cudaStream_t *)p, &gg); return NULL; }, &s);
    pthread_join(tid, NULL);
    printf("  thread-local capture ended by another thread: %s; s %s\n", cudaGetErrorName(r), status(s));
    E(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
    inc<<<1, 1, 0, s>>>(d);
    pthread_create(&tid, NULL, [](void *p) -> void * { cudaGraph_t gg; r = cudaStreamEndCapture(*(cudaStream_t *)p, &gg); if (!r) cudaGraphDestroy(gg); return NULL; }, &s);
    pthread_join(tid, NULL);
    printf("  relaxed capture ended by another thread: %s; s %s\n", cudaGetErrorName(r), status(s));
    cudaGetLastError();

    printf("== calls during capture\n");
    cudaStreamCaptureMode modes[3] = {cudaStreamCaptureModeGlobal, cudaStreamCaptureModeThreadLocal, cudaStreamCaptureModeRelaxed};
    for (int i = 0; i < 3; i++) {
        cudaStreamCaptureMode m = modes[i];
        during("cudaMalloc", m, op_malloc);
        during("cudaMallocHost", m, op_malloc_host);
        during("cudaMemcpy pageable to device", m, op_memcpy);
        during("cudaMemcpy device to device", m, op_memcpy_d2d);
        during("cudaMemset", m, op_memset);
        during("launch into stream 0", m, op_legacy);
        during("cudaStreamSynchronize(capturing)", m, op_sync);
        during("cudaStreamQuery(capturing)", m, op_query);
        during("cudaStreamSynchronize(other stream)", m, op_sync_other);
        during("cudaEventQuery(captured event)", m, op_event_query);
        during("cudaEventQuery(event outside)", m, op_outside_query);
        during("another thread: cudaMalloc", m, t_malloc);
        during("another thread: launch into stream 0", m, t_legacy);
    }
    cudaStreamCaptureMode g_ = cudaStreamCaptureModeGlobal;
    during("launch into another blocking stream", g_, op_other);
    during("launch into a non-blocking stream", g_, op_nb);
    during("cudaStreamQuery(0)", g_, op_query_legacy);
    during("cudaEventSynchronize(captured event)", g_, op_event_sync);
    during("cudaStreamWaitEvent(event outside)", g_, op_wait_outside);
    during("cudaStreamAddCallback", g_, op_callback);
    during("cudaLaunchHostFunc", g_, op_host_func);
    during("cudaMemcpyAsync pinned", g_, op_copy_pinned);
    during("cudaMemcpyAsync pageable", g_, op_copy_pageable);
    during("cudaMemsetAsync", g_, op_set_async);
    during("cudaMallocAsync and cudaFreeAsync", g_, op_malloc_async);
    during("cudaStreamBeginCapture again", g_, op_begin_again);
    during("cudaStreamCreate", g_, op_stream_create);
    during("cudaEventCreate", g_, op_event_create);
    during("relaxed thread mode: cudaMalloc", g_, relaxed_then_malloc);
    during("another thread: cudaMemcpy", g_, t_memcpy);
    during("another thread: launch into another stream", g_, t_other);
    during("another thread: launch into the capturing stream", g_, t_same);
    cudaStreamCaptureMode bad = (cudaStreamCaptureMode)7;
    E(cudaThreadExchangeStreamCaptureMode(&bad));

    CHECK(cudaEventDestroy(ev));
    CHECK(cudaEventDestroy(outside));
    CHECK(cudaEventDestroy(e1));
    CHECK(cudaEventDestroy(e2));
    CHECK(cudaEventDestroy(e3));
    CHECK(cudaStreamDestroy(s));
    CHECK(cudaStreamDestroy(s2));
    CHECK(cudaStreamDestroy(s3));
    CHECK(cudaStreamDestroy(other));
    CHECK(cudaStreamDestroy(nb));
    CHECK(cudaFree(d));
    CHECK(cudaFreeHost(pinned));
    printf("done\n");
    return 0;
}
