// Graphs: a workload over three streams joined by events (kernels, copies,
// sets, host functions) runs eagerly, then is captured and replayed, then
// built node by node; every run gives the eager results.  Also: what the
// captured graph holds, parameter changes of an executable graph
// (cudaGraphExecKernelNodeSetParams, cudaGraphExecUpdate), clones, child
// graphs, event nodes, allocations in a graph and cudaGraphDebugDotPrint.
// (A graph launch into a capturing stream is refused by an H200.)
#include <pthread.h>
#include "spin.h"

#define N 2048

static const char *type_name(cudaGraphNodeType t)
{
    switch (t) {
    case cudaGraphNodeTypeKernel: return "kernel";
    case cudaGraphNodeTypeMemcpy: return "memcpy";
    case cudaGraphNodeTypeMemset: return "memset";
    case cudaGraphNodeTypeHost: return "host";
    case cudaGraphNodeTypeGraph: return "graph";
    case cudaGraphNodeTypeEmpty: return "empty";
    case cudaGraphNodeTypeWaitEvent: return "wait";
    case cudaGraphNodeTypeEventRecord: return "record";
    case cudaGraphNodeTypeMemAlloc: return "alloc";
    case cudaGraphNodeTypeMemFree: return "free";
    default: return "other";
    }
}

static void describe(const char *name, cudaGraph_t g)
{
    size_t n = 0, r = 0, e = 0;
    cudaGraphGetNodes(g, NULL, &n);
    cudaGraphGetRootNodes(g, NULL, &r);
    cudaGraphGetEdges(g, NULL, NULL, NULL, &e);
    cudaGraphNode_t nodes[64];
    size_t m = n < 64 ? n : 64;
    cudaGraphGetNodes(g, nodes, &m);
    printf("%s: %zu nodes, %zu roots, %zu edges:", name, n, r, e);
    for (size_t i = 0; i < m; i++) {
        cudaGraphNodeType t;
        cudaGraphNodeGetType(nodes[i], &t);
        printf(" %s", type_name(t));
    }
    printf("\n");
}

__global__ void sum_all(const int *z, int n, unsigned long long *out)
{
    unsigned long long s = 0;
    for (int i = 0; i < n; i++)
        s = s * 3 + (unsigned)z[i];
    *out = s;
}

static int log_[64], nlog;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static void CUDART_CB note(void *arg)
{
    pthread_mutex_lock(&lock);
    if (nlog < 64)
        log_[nlog++] = (int)(size_t)arg;
    pthread_mutex_unlock(&lock);
}

static int *src, *x, *y, *z, *w;
static unsigned long long *out, *pin_out;
static cudaStream_t s0, s1, s2;
static cudaEvent_t ea, eb, ec;

// The workload, issued to s0 (s1 and s2 fork from it and join back).
static void workload(int mul)
{
    cudaMemcpyAsync(x, src, N * sizeof(int), cudaMemcpyHostToDevice, s0);
    affine<<<4, 128, 0, s0>>>(x, y, N, 2, 1);
    cudaEventRecord(ea, s0);
    cudaStreamWaitEvent(s1, ea, 0);
    affine<<<2, 128, 0, s1>>>(y, z, N / 2, mul, 7);
    cudaLaunchHostFunc(s1, note, (void *)1);
    cudaEventRecord(eb, s1);
    cudaStreamWaitEvent(s2, ea, 0);
    cudaMemsetAsync(w, 0x01, N * sizeof(int), s2);
    affine<<<2, 128, 0, s2>>>(y + N / 2, z + N / 2, N / 2, 5, 0);
    cudaLaunchHostFunc(s2, note, (void *)2);
    cudaEventRecord(ec, s2);
    cudaStreamWaitEvent(s0, eb, 0);
    cudaStreamWaitEvent(s0, ec, 0);
    sum_all<<<1, 1, 0, s0>>>(z, N, out);
    cudaMemcpyAsync(pin_out, out, sizeof *out, cudaMemcpyDeviceToHost, s0);
    cudaLaunchHostFunc(s0, note, (void *)3);
}

static void fill_src(int seed)
{
    for (int i = 0; i < N; i++)
        src[i] = (i * 13 + seed) % 101;
}

static void report(const char *name)
{
    int wv = 0;
    cudaMemcpy(&wv, w + N - 1, sizeof wv, cudaMemcpyDeviceToHost);
    int host_order = nlog == 3 && log_[2] == 3;
    printf("%-34s result %llu, w %08x, host functions %d last-is-join %d\n", name, *pin_out, wv,
           nlog, host_order);
    nlog = 0;
    *pin_out = 0;
    cudaMemset(w, 0, N * sizeof(int));
    cudaMemset(z, 0, N * sizeof(int));
}

int main()
{
    preload_spin_kernels();
    cudaFuncAttributes fa;
    cudaFuncGetAttributes(&fa, sum_all);
    CHECK(cudaMallocHost(&src, N * sizeof(int)));
    CHECK(cudaMallocHost(&pin_out, sizeof *pin_out));
    CHECK(cudaMalloc(&x, N * sizeof(int)));
    CHECK(cudaMalloc(&y, N * sizeof(int)));
    CHECK(cudaMalloc(&z, N * sizeof(int)));
    CHECK(cudaMalloc(&w, N * sizeof(int)));
    CHECK(cudaMalloc(&out, sizeof *out));
    CHECK(cudaStreamCreate(&s0));
    CHECK(cudaStreamCreate(&s1));
    CHECK(cudaStreamCreate(&s2));
    CHECK(cudaEventCreateWithFlags(&ea, cudaEventDisableTiming));
    CHECK(cudaEventCreateWithFlags(&eb, cudaEventDisableTiming));
    CHECK(cudaEventCreateWithFlags(&ec, cudaEventDisableTiming));

    // eager
    unsigned long long eager[3];
    for (int seed = 0; seed < 3; seed++) {
        fill_src(seed);
        workload(3);
        CHECK(cudaStreamSynchronize(s0));
        eager[seed] = *pin_out;
        char name[64];
        snprintf(name, sizeof name, "eager, input %d", seed);
        report(name);
    }

    // captured once, replayed with each input
    cudaGraph_t g;
    CHECK(cudaStreamBeginCapture(s0, cudaStreamCaptureModeGlobal));
    workload(3);
    CHECK(cudaStreamEndCapture(s0, &g));
    describe("captured graph", g);
    cudaGraphExec_t ex;
    CHECK(cudaGraphInstantiate(&ex, g, 0));
    for (int seed = 0; seed < 3; seed++) {
        fill_src(seed);
        CHECK(cudaGraphLaunch(ex, s0));
        CHECK(cudaStreamSynchronize(s0));
        char name[64];
        snprintf(name, sizeof name, "graph replay, input %d", seed);
        int same = *pin_out == eager[seed];
        report(name);
        printf("  equal to eager: %d\n", same);
    }
    // launched into another stream, several times back to back
    fill_src(1);
    for (int i = 0; i < 5; i++)
        CHECK(cudaGraphLaunch(ex, s2));
    CHECK(cudaStreamSynchronize(s2));
    printf("5 launches back to back equal to eager: %d (host functions %d)\n",
           *pin_out == eager[1], nlog);
    nlog = 0;

    // the captured kernels' parameters: the first one, and the one of s1
    cudaGraphNode_t nodes[32], first = NULL, second = NULL;
    size_t nn = 32;
    CHECK(cudaGraphGetNodes(g, nodes, &nn));
    cudaKernelNodeParams kp;
    for (size_t i = 0; i < nn; i++) {
        cudaGraphNodeType t;
        CHECK(cudaGraphNodeGetType(nodes[i], &t));
        if (t != cudaGraphNodeTypeKernel)
            continue;
        CHECK(cudaGraphKernelNodeGetParams(nodes[i], &kp));
        if (kp.gridDim.x == 4 && !first)
            first = nodes[i];
        if (kp.gridDim.x == 2 && !second)
            second = nodes[i];
    }
    CHECK(cudaGraphKernelNodeGetParams(first, &kp));
    printf("captured kernel: func %d grid %u block %u shared %u params %d extra %d\n",
           kp.func == (void *)affine, kp.gridDim.x, kp.blockDim.x, kp.sharedMemBytes,
           kp.kernelParams != NULL, kp.extra != NULL);

    // the same graph, built node by node
    cudaGraph_t b;
    CHECK(cudaGraphCreate(&b, 0));
    cudaGraphNode_t n_in, n_a, n_b, n_set, n_c, n_h1, n_h2, n_sum, n_out, n_h3, n_join;
    CHECK(cudaGraphAddMemcpyNode1D(&n_in, b, NULL, 0, x, src, N * sizeof(int), cudaMemcpyHostToDevice));
    int n = N, n2 = N / 2, two = 2, one = 1, three = 3, seven = 7, five = 5, zero = 0;
    int *yh = y + N / 2, *zh = z + N / 2;
    void *args_a[] = {&x, &y, &n, &two, &one};
    cudaKernelNodeParams p = {};
    p.func = (void *)affine;
    p.gridDim = dim3(4);
    p.blockDim = dim3(128);
    p.kernelParams = args_a;
    CHECK(cudaGraphAddKernelNode(&n_a, b, &n_in, 1, &p));
    void *args_b[] = {&y, &z, &n2, &three, &seven};
    p.gridDim = dim3(2);
    p.kernelParams = args_b;
    CHECK(cudaGraphAddKernelNode(&n_b, b, &n_a, 1, &p));
    cudaHostNodeParams hp = {note, (void *)1};
    CHECK(cudaGraphAddHostNode(&n_h1, b, &n_b, 1, &hp));
    cudaMemsetParams mp = {};
    mp.dst = w;
    mp.value = 0x01010101;
    mp.elementSize = 4;
    mp.width = N;
    mp.height = 1;
    CHECK(cudaGraphAddMemsetNode(&n_set, b, &n_a, 1, &mp));
    void *args_c[] = {&yh, &zh, &n2, &five, &zero};
    p.kernelParams = args_c;
    CHECK(cudaGraphAddKernelNode(&n_c, b, &n_set, 1, &p));
    hp.userData = (void *)2;
    CHECK(cudaGraphAddHostNode(&n_h2, b, &n_c, 1, &hp));
    cudaGraphNode_t both[2] = {n_h1, n_h2};
    CHECK(cudaGraphAddEmptyNode(&n_join, b, both, 2));
    void *args_s[] = {&z, &n, &out};
    p.func = (void *)sum_all;
    p.gridDim = p.blockDim = dim3(1);
    p.kernelParams = args_s;
    CHECK(cudaGraphAddKernelNode(&n_sum, b, &n_join, 1, &p));
    CHECK(cudaGraphAddMemcpyNode1D(&n_out, b, &n_sum, 1, pin_out, out, sizeof *out, cudaMemcpyDeviceToHost));
    hp.userData = (void *)3;
    CHECK(cudaGraphAddHostNode(&n_h3, b, &n_out, 1, &hp));
    describe("built graph", b);
    cudaGraphExec_t bx;
    CHECK(cudaGraphInstantiate(&bx, b, 0));
    fill_src(2);
    CHECK(cudaGraphLaunch(bx, s1));
    CHECK(cudaStreamSynchronize(s1));
    printf("  built graph equal to eager: %d\n", *pin_out == eager[2]);
    report("built graph, input 2");

    // change a kernel's parameters in the executable graph
    int four = 4;
    void *args_b4[] = {&y, &z, &n2, &four, &seven};
    p.func = (void *)affine;
    p.gridDim = dim3(2);
    p.blockDim = dim3(128);
    p.kernelParams = args_b4;
    CHECK(cudaGraphExecKernelNodeSetParams(bx, n_b, &p));
    fill_src(0);
    CHECK(cudaGraphLaunch(bx, s1));
    CHECK(cudaStreamSynchronize(s1));
    unsigned long long changed = *pin_out;
    report("built graph, multiplier 4");
    workload(4);
    CHECK(cudaStreamSynchronize(s0));
    printf("  equal to eager with multiplier 4: %d\n", *pin_out == changed);
    report("eager, multiplier 4");

    // update the captured exec from a modified clone
    cudaGraph_t c;
    CHECK(cudaGraphClone(&c, g));
    cudaGraphNode_t cn;
    CHECK(cudaGraphNodeFindInClone(&cn, second, c));
    CHECK(cudaGraphKernelNodeGetParams(cn, &kp));
    kp.gridDim = dim3(1);
    kp.blockDim = dim3(64);
    CHECK(cudaGraphKernelNodeSetParams(cn, &kp));
    cudaGraphExecUpdateResultInfo info;
    CHECK(cudaGraphExecUpdate(ex, c, &info));
    printf("update from a clone: result %d\n", (int)info.result);
    fill_src(0);
    CHECK(cudaGraphLaunch(ex, s0));
    CHECK(cudaStreamSynchronize(s0));
    printf("  after update equal to eager: %d\n", *pin_out == eager[0]);
    nlog = 0;
    cudaGraphNode_t extra;
    CHECK(cudaGraphAddEmptyNode(&extra, c, NULL, 0));
    cudaError_t e = cudaGraphExecUpdate(ex, c, &info);
    printf("update after adding a node: %s, result %d\n", cudaGetErrorName(e), (int)info.result);
    cudaGetLastError();

    // a child graph and a graph launched into a capture
    cudaGraph_t parent;
    CHECK(cudaGraphCreate(&parent, 0));
    cudaGraphNode_t child, tail;
    CHECK(cudaGraphAddChildGraphNode(&child, parent, NULL, 0, g));
    hp.userData = (void *)4;
    CHECK(cudaGraphAddHostNode(&tail, parent, &child, 1, &hp));
    describe("parent graph", parent);
    cudaGraphExec_t px;
    CHECK(cudaGraphInstantiate(&px, parent, 0));
    fill_src(1);
    CHECK(cudaGraphLaunch(px, s2));
    CHECK(cudaStreamSynchronize(s2));
    printf("  child graph equal to eager: %d, host functions %d, last %d\n", *pin_out == eager[1],
           nlog, log_[nlog - 1]);
    nlog = 0;
    // a graph launch is not captured
    cudaGraph_t cap = NULL;
    CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
    e = cudaGraphLaunch(ex, s1);
    printf("cudaGraphLaunch while capturing: %s\n", cudaGetErrorName(e));
    e = cudaStreamEndCapture(s1, &cap);
    printf("  then cudaStreamEndCapture: %s, graph %s\n", cudaGetErrorName(e), cap ? "set" : "NULL");
    cudaGetLastError();

    // event record and wait nodes
    cudaGraph_t ev;
    CHECK(cudaGraphCreate(&ev, 0));
    cudaEvent_t e1, e2;
    CHECK(cudaEventCreate(&e1));
    CHECK(cudaEventCreate(&e2));
    cudaGraphNode_t k1, r1, w1, k2;
    void *args_k1[] = {&x, &y, &n, &two, &zero};
    p.func = (void *)affine;
    p.gridDim = dim3(4);
    p.kernelParams = args_k1;
    CHECK(cudaGraphAddKernelNode(&k1, ev, NULL, 0, &p));
    CHECK(cudaGraphAddEventRecordNode(&r1, ev, &k1, 1, e1));
    CHECK(cudaGraphAddEventWaitNode(&w1, ev, &r1, 1, e2));
    void *args_k2[] = {&y, &z, &n, &three, &zero};
    p.kernelParams = args_k2;
    CHECK(cudaGraphAddKernelNode(&k2, ev, &w1, 1, &p));
    describe("event graph", ev);
    cudaGraphExec_t evx;
    CHECK(cudaGraphInstantiate(&evx, ev, 0));
    int *flag, *seen;
    CHECK(cudaHostAlloc(&flag, sizeof(int), cudaHostAllocMapped));
    CHECK(cudaHostAlloc(&seen, sizeof(int), cudaHostAllocMapped));
    *flag = 0;
    wait_flag<<<1, 1, 0, s2>>>(flag, seen);
    CHECK(cudaEventRecord(e2, s2));
    CHECK(cudaGraphLaunch(evx, s1));
    CHECK(cudaEventSynchronize(e1));
    printf("record node reached while the wait node waits: %s\n", cudaGetErrorName(cudaStreamQuery(s1)));
    *(volatile int *)flag = 1;
    CHECK(cudaStreamSynchronize(s1));
    int zv = 0;
    CHECK(cudaMemcpy(&zv, z + 5, sizeof zv, cudaMemcpyDeviceToHost));
    printf("after release: %s, z[5] %d\n", cudaGetErrorName(cudaStreamQuery(s1)), zv);

    // allocation inside a captured graph
    cudaGraph_t ag;
    CHECK(cudaStreamBeginCapture(s0, cudaStreamCaptureModeGlobal));
    int *tmp = NULL;
    CHECK(cudaMallocAsync(&tmp, N * sizeof(int), s0));
    affine<<<4, 128, 0, s0>>>(x, tmp, N, 1, 1);
    affine<<<4, 128, 0, s0>>>(tmp, y, N, 2, 0);
    CHECK(cudaFreeAsync(tmp, s0));
    CHECK(cudaStreamEndCapture(s0, &ag));
    describe("allocating graph", ag);
    cudaGraphExec_t agx;
    CHECK(cudaGraphInstantiate(&agx, ag, 0));
    int xs[4] = {1, 2, 3, 4};
    CHECK(cudaMemcpy(x, xs, sizeof xs, cudaMemcpyHostToDevice));
    CHECK(cudaGraphLaunch(agx, s0));
    CHECK(cudaGraphLaunch(agx, s0));
    CHECK(cudaStreamSynchronize(s0));
    int ys[4];
    CHECK(cudaMemcpy(ys, y, sizeof ys, cudaMemcpyDeviceToHost));
    printf("  results %d %d %d %d\n", ys[0], ys[1], ys[2], ys[3]);

    // the dot file
    CHECK(cudaGraphDebugDotPrint(g, "graph_capture.dot", cudaGraphDebugDotFlagsVerbose));
    FILE *f = fopen("graph_capture.dot", "r");
    char line[64] = "";
    if (f && fgets(line, sizeof line, f))
        printf("dot file starts with: %s", line);
    if (f)
        fclose(f);
    remove("graph_capture.dot");

    CHECK(cudaGraphExecDestroy(ex));
    CHECK(cudaGraphExecDestroy(bx));
    CHECK(cudaGraphExecDestroy(px));
    CHECK(cudaGraphExecDestroy(evx));
    CHECK(cudaGraphExecDestroy(agx));
    CHECK(cudaGraphDestroy(g));
    CHECK(cudaGraphDestroy(b));
    CHECK(cudaGraphDestroy(c));
    CHECK(cudaGraphDestroy(parent));
    CHECK(cudaGraphDestroy(ev));
    CHECK(cudaGraphDestroy(ag));
    CHECK(cudaEventDestroy(e1));
    CHECK(cudaEventDestroy(e2));
    CHECK(cudaEventDestroy(ea));
    CHECK(cudaEventDestroy(eb));
    CHECK(cudaEventDestroy(ec));
    CHECK(cudaStreamDestroy(s0));
    CHECK(cudaStreamDestroy(s1));
    CHECK(cudaStreamDestroy(s2));
    CHECK(cudaFreeHost(src));
    CHECK(cudaFreeHost(pin_out));
    CHECK(cudaFreeHost(flag));
    CHECK(cudaFreeHost(seen));
    CHECK(cudaFree(x));
    CHECK(cudaFree(y));
    CHECK(cudaFree(z));
    CHECK(cudaFree(w));
    CHECK(cudaFree(out));
    CHECK(cudaDeviceSynchronize());
    printf("done\n");
    return 0;
}
