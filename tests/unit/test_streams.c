/*
 * test_streams.c: the stream machinery through the C API, with host
 * functions as the work (no kernels): ordering within and across streams,
 * the legacy stream's rules, events recorded and waited for from many
 * host threads, destroyed streams, graph launches and capture, and the
 * stream-ordered allocator under concurrency.  These are the tests to run
 * under ThreadSanitizer (make SANITIZE=thread): every access they make is
 * ordered by the runtime or by atomics.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_runtime_api.h"
#include "engine/engine.h"
#include "test.h"

#define EXPECT(call, code) ASSERT_EQ((call), (code))

/* A gate: a host function that blocks its stream until the test opens it. */
struct gate {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int open;
};

static void gate_init(struct gate *g)
{
    pthread_mutex_init(&g->lock, NULL);
    pthread_cond_init(&g->cond, NULL);
    g->open = 0;
}

static void CUDART_CB gate_wait(void *arg)
{
    struct gate *g = arg;
    pthread_mutex_lock(&g->lock);
    while (!g->open)
        pthread_cond_wait(&g->cond, &g->lock);
    pthread_mutex_unlock(&g->lock);
}

static void gate_open(struct gate *g)
{
    pthread_mutex_lock(&g->lock);
    g->open = 1;
    pthread_cond_broadcast(&g->cond);
    pthread_mutex_unlock(&g->lock);
}

/* An ordered log of host-function runs. */
static struct {
    pthread_mutex_t lock;
    int v[4096];
    int n;
} L = {.lock = PTHREAD_MUTEX_INITIALIZER};

static void CUDART_CB note(void *arg)
{
    pthread_mutex_lock(&L.lock);
    if (L.n < 4096)
        L.v[L.n++] = (int)(intptr_t)arg;
    pthread_mutex_unlock(&L.lock);
}

static int pos_of(int x)
{
    for (int i = 0; i < L.n; i++)
        if (L.v[i] == x)
            return i;
    return -1;
}

TEST(streams_host_functions_in_order)
{
    cudaStream_t s;
    EXPECT(cudaStreamCreate(&s), cudaSuccess);
    L.n = 0;
    for (int i = 0; i < 1000; i++)
        EXPECT(cudaLaunchHostFunc(s, note, (void *)(intptr_t)i), cudaSuccess);
    EXPECT(cudaStreamSynchronize(s), cudaSuccess);
    ASSERT_EQ(L.n, 1000);
    for (int i = 0; i < 1000; i++)
        ASSERT_EQ(L.v[i], i);
    EXPECT(cudaStreamDestroy(s), cudaSuccess);
}

TEST(streams_legacy_waits_and_is_waited_for)
{
    struct gate g;
    gate_init(&g);
    cudaStream_t blocking, nonblocking;
    EXPECT(cudaStreamCreate(&blocking), cudaSuccess);
    EXPECT(cudaStreamCreateWithFlags(&nonblocking, cudaStreamNonBlocking), cudaSuccess);
    L.n = 0;
    EXPECT(cudaLaunchHostFunc(blocking, gate_wait, &g), cudaSuccess);
    EXPECT(cudaLaunchHostFunc(blocking, note, (void *)1), cudaSuccess);
    EXPECT(cudaLaunchHostFunc(0, note, (void *)2), cudaSuccess);          /* after 1 */
    EXPECT(cudaLaunchHostFunc(nonblocking, note, (void *)3), cudaSuccess); /* free */
    EXPECT(cudaLaunchHostFunc(blocking, note, (void *)4), cudaSuccess);   /* after 2 */
    EXPECT(cudaStreamSynchronize(nonblocking), cudaSuccess);
    ASSERT_EQ(L.n, 1);
    ASSERT_EQ(L.v[0], 3);
    EXPECT(cudaStreamQuery(0), cudaErrorNotReady);
    EXPECT(cudaGetLastError(), cudaSuccess);
    gate_open(&g);
    EXPECT(cudaStreamSynchronize(0), cudaSuccess);
    EXPECT(cudaStreamSynchronize(blocking), cudaSuccess);
    ASSERT_EQ(L.n, 4);
    ASSERT(pos_of(1) < pos_of(2) && pos_of(2) < pos_of(4));
    EXPECT(cudaStreamDestroy(blocking), cudaSuccess);
    EXPECT(cudaStreamDestroy(nonblocking), cudaSuccess);
}

/* Every worker runs a host function that waits for a gate the test opens
 * only after another stream's function ran: the engine's watch gives the
 * queued one a thread of its own (resident.c) instead of hanging. */
TEST(streams_host_functions_blocking_every_worker)
{
    struct gate g;
    gate_init(&g);
    int n = engine_workers();
    cudaStream_t *gated = calloc((size_t)n, sizeof *gated);
    ASSERT(gated != NULL);
    cudaStream_t free_one;
    L.n = 0;
    for (int i = 0; i < n; i++) {
        EXPECT(cudaStreamCreateWithFlags(&gated[i], cudaStreamNonBlocking), cudaSuccess);
        EXPECT(cudaLaunchHostFunc(gated[i], gate_wait, &g), cudaSuccess);
    }
    EXPECT(cudaStreamCreateWithFlags(&free_one, cudaStreamNonBlocking), cudaSuccess);
    EXPECT(cudaLaunchHostFunc(free_one, note, (void *)7), cudaSuccess);
    EXPECT(cudaStreamSynchronize(free_one), cudaSuccess);
    ASSERT_EQ(L.n, 1);
    ASSERT_EQ(L.v[0], 7);
    gate_open(&g);
    EXPECT(cudaDeviceSynchronize(), cudaSuccess);
    for (int i = 0; i < n; i++)
        EXPECT(cudaStreamDestroy(gated[i]), cudaSuccess);
    EXPECT(cudaStreamDestroy(free_one), cudaSuccess);
    free(gated);
}

TEST(streams_event_orders_streams)
{
    struct gate g;
    gate_init(&g);
    cudaStream_t a, b;
    cudaEvent_t e;
    EXPECT(cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking), cudaSuccess);
    EXPECT(cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking), cudaSuccess);
    EXPECT(cudaEventCreate(&e), cudaSuccess);
    L.n = 0;
    EXPECT(cudaLaunchHostFunc(a, gate_wait, &g), cudaSuccess);
    EXPECT(cudaLaunchHostFunc(a, note, (void *)1), cudaSuccess);
    EXPECT(cudaEventRecord(e, a), cudaSuccess);
    EXPECT(cudaStreamWaitEvent(b, e, 0), cudaSuccess);
    EXPECT(cudaLaunchHostFunc(b, note, (void *)2), cudaSuccess);
    /* recorded again: b's wait keeps the first recording */
    EXPECT(cudaLaunchHostFunc(a, gate_wait, &g), cudaSuccess);
    EXPECT(cudaEventRecord(e, a), cudaSuccess);
    EXPECT(cudaEventQuery(e), cudaErrorNotReady);
    gate_open(&g);
    EXPECT(cudaEventSynchronize(e), cudaSuccess);
    EXPECT(cudaEventQuery(e), cudaSuccess);
    EXPECT(cudaStreamSynchronize(b), cudaSuccess);
    ASSERT_EQ(L.n, 2);
    ASSERT_EQ(L.v[0], 1);
    ASSERT_EQ(L.v[1], 2);
    EXPECT(cudaEventDestroy(e), cudaSuccess);
    EXPECT(cudaStreamDestroy(a), cudaSuccess);
    EXPECT(cudaStreamDestroy(b), cudaSuccess);
}

TEST(streams_destroyed_stream_finishes)
{
    struct gate g;
    gate_init(&g);
    cudaStream_t s;
    EXPECT(cudaStreamCreate(&s), cudaSuccess);
    L.n = 0;
    EXPECT(cudaLaunchHostFunc(s, gate_wait, &g), cudaSuccess);
    for (int i = 0; i < 10; i++)
        EXPECT(cudaLaunchHostFunc(s, note, (void *)(intptr_t)i), cudaSuccess);
    EXPECT(cudaStreamDestroy(s), cudaSuccess);
    EXPECT(cudaStreamQuery(s), cudaErrorInvalidResourceHandle);
    gate_open(&g);
    EXPECT(cudaDeviceSynchronize(), cudaSuccess);
    ASSERT_EQ(L.n, 10);
}

/* Many threads: each has its stream, records its event after each host
 * function, and waits for a neighbour's event before its next one.  Each
 * host function checks that the neighbour's count had reached what the
 * event marked. */
#define THREADS 8
#define STEPS 300
static atomic_int counts[THREADS];
static cudaEvent_t events[THREADS];
static atomic_int marks[THREADS];  /* the neighbour's count the event stands for */
static atomic_int failures;

struct step {
    int t, want_neighbour;
};
static struct step steps[THREADS][STEPS];

static void CUDART_CB do_step(void *arg)
{
    struct step *st = arg;
    int n = (st->t + 1) % THREADS;
    if (atomic_load(&counts[n]) < st->want_neighbour)
        atomic_fetch_add(&failures, 1);
    atomic_fetch_add(&counts[st->t], 1);
}

static pthread_mutex_t pub = PTHREAD_MUTEX_INITIALIZER;

static void *thread_main(void *arg)
{
    int t = (int)(intptr_t)arg, n = (t + 1) % THREADS;
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, t % 2 ? cudaStreamNonBlocking : cudaStreamDefault);
    for (int i = 0; i < STEPS; i++) {
        pthread_mutex_lock(&pub);
        int want = atomic_load(&marks[n]);
        cudaStreamWaitEvent(s, events[n], 0);
        pthread_mutex_unlock(&pub);
        steps[t][i].t = t;
        steps[t][i].want_neighbour = want;
        cudaLaunchHostFunc(s, do_step, &steps[t][i]);
        pthread_mutex_lock(&pub);
        cudaEventRecord(events[t], s);
        atomic_store(&marks[t], i + 1);
        pthread_mutex_unlock(&pub);
        if (i % 50 == 0)
            cudaStreamSynchronize(s);
    }
    cudaStreamSynchronize(s);
    cudaStreamDestroy(s);
    return NULL;
}

TEST(streams_many_threads_events)
{
    for (int t = 0; t < THREADS; t++) {
        EXPECT(cudaEventCreateWithFlags(&events[t], cudaEventDisableTiming), cudaSuccess);
        atomic_store(&counts[t], 0);
        atomic_store(&marks[t], 0);
    }
    pthread_t th[THREADS];
    for (int t = 0; t < THREADS; t++)
        pthread_create(&th[t], NULL, thread_main, (void *)(intptr_t)t);
    for (int t = 0; t < THREADS; t++)
        pthread_join(th[t], NULL);
    EXPECT(cudaDeviceSynchronize(), cudaSuccess);
    ASSERT_EQ(atomic_load(&failures), 0);
    for (int t = 0; t < THREADS; t++) {
        ASSERT_EQ(atomic_load(&counts[t]), STEPS);
        EXPECT(cudaEventDestroy(events[t]), cudaSuccess);
    }
}

/* A diamond of host nodes launched 50 times into two streams: every
 * launch runs after the previous one, and its join after both branches. */
static atomic_int diamond[4];
static atomic_int diamond_bad;

static void CUDART_CB d_top(void *arg)
{
    (void)arg;
    if (atomic_load(&diamond[3]) != atomic_load(&diamond[0]))
        atomic_fetch_add(&diamond_bad, 1); /* previous launch unfinished */
    atomic_fetch_add(&diamond[0], 1);
}

static void CUDART_CB d_branch(void *arg)
{
    atomic_fetch_add(&diamond[(intptr_t)arg], 1);
}

static void CUDART_CB d_join(void *arg)
{
    (void)arg;
    int top = atomic_load(&diamond[0]);
    if (atomic_load(&diamond[1]) != top || atomic_load(&diamond[2]) != top)
        atomic_fetch_add(&diamond_bad, 1);
    atomic_fetch_add(&diamond[3], 1);
}

TEST(streams_graph_diamond)
{
    cudaGraph_t g;
    cudaGraphNode_t top, l, r, join;
    EXPECT(cudaGraphCreate(&g, 0), cudaSuccess);
    struct cudaHostNodeParams p = {d_top, NULL};
    EXPECT(cudaGraphAddHostNode(&top, g, NULL, 0, &p), cudaSuccess);
    p.fn = d_branch;
    p.userData = (void *)1;
    EXPECT(cudaGraphAddHostNode(&l, g, &top, 1, &p), cudaSuccess);
    p.userData = (void *)2;
    EXPECT(cudaGraphAddHostNode(&r, g, &top, 1, &p), cudaSuccess);
    cudaGraphNode_t both[2] = {l, r};
    p.fn = d_join;
    p.userData = NULL;
    EXPECT(cudaGraphAddHostNode(&join, g, both, 2, &p), cudaSuccess);
    cudaGraphExec_t x;
    EXPECT(cudaGraphInstantiate(&x, g, 0), cudaSuccess);
    EXPECT(cudaGraphDestroy(g), cudaSuccess); /* the exec keeps its copy */
    cudaStream_t a, b;
    EXPECT(cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking), cudaSuccess);
    EXPECT(cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking), cudaSuccess);
    for (int i = 0; i < 50; i++)
        EXPECT(cudaGraphLaunch(x, i % 2 ? a : b), cudaSuccess);
    EXPECT(cudaDeviceSynchronize(), cudaSuccess);
    ASSERT_EQ(atomic_load(&diamond_bad), 0);
    ASSERT_EQ(atomic_load(&diamond[3]), 50);
    EXPECT(cudaGraphExecDestroy(x), cudaSuccess);
    EXPECT(cudaStreamDestroy(a), cudaSuccess);
    EXPECT(cudaStreamDestroy(b), cudaSuccess);
}

/* Capture across two streams, then replay: the same order as eager. */
TEST(streams_capture_replay)
{
    cudaStream_t s, t;
    cudaEvent_t fork, join;
    EXPECT(cudaStreamCreate(&s), cudaSuccess);
    EXPECT(cudaStreamCreate(&t), cudaSuccess);
    EXPECT(cudaEventCreate(&fork), cudaSuccess);
    EXPECT(cudaEventCreate(&join), cudaSuccess);
    cudaGraph_t g;
    EXPECT(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal), cudaSuccess);
    EXPECT(cudaLaunchHostFunc(s, note, (void *)1), cudaSuccess);
    EXPECT(cudaEventRecord(fork, s), cudaSuccess);
    EXPECT(cudaStreamWaitEvent(t, fork, 0), cudaSuccess);
    EXPECT(cudaLaunchHostFunc(t, note, (void *)2), cudaSuccess);
    EXPECT(cudaLaunchHostFunc(s, note, (void *)3), cudaSuccess);
    EXPECT(cudaEventRecord(join, t), cudaSuccess);
    EXPECT(cudaStreamWaitEvent(s, join, 0), cudaSuccess);
    EXPECT(cudaLaunchHostFunc(s, note, (void *)4), cudaSuccess);
    EXPECT(cudaStreamEndCapture(s, &g), cudaSuccess);
    size_t n = 0, roots = 0;
    EXPECT(cudaGraphGetNodes(g, NULL, &n), cudaSuccess);
    EXPECT(cudaGraphGetRootNodes(g, NULL, &roots), cudaSuccess);
    ASSERT_EQ(n, 4);
    ASSERT_EQ(roots, 1);
    L.n = 0;
    cudaGraphExec_t x;
    EXPECT(cudaGraphInstantiate(&x, g, 0), cudaSuccess);
    for (int i = 0; i < 20; i++)
        EXPECT(cudaGraphLaunch(x, t), cudaSuccess);
    EXPECT(cudaStreamSynchronize(t), cudaSuccess);
    ASSERT_EQ(L.n, 80);
    for (int k = 0; k < 20; k++) {
        int *v = &L.v[4 * k];
        ASSERT_EQ(v[0], 1);
        ASSERT_EQ(v[3], 4);
        ASSERT((v[1] == 2 && v[2] == 3) || (v[1] == 3 && v[2] == 2));
    }
    EXPECT(cudaGraphExecDestroy(x), cudaSuccess);
    EXPECT(cudaGraphDestroy(g), cudaSuccess);
    EXPECT(cudaEventDestroy(fork), cudaSuccess);
    EXPECT(cudaEventDestroy(join), cudaSuccess);
    EXPECT(cudaStreamDestroy(s), cudaSuccess);
    EXPECT(cudaStreamDestroy(t), cudaSuccess);
}

/* Capture from one thread in thread-local mode while another thread
 * allocates (allowed), then in global mode (refused, and the capture is
 * invalidated). */
static cudaError_t other_result;
static void *other_malloc(void *arg)
{
    void *p = NULL;
    (void)arg;
    other_result = cudaMalloc(&p, 64);
    if (other_result == cudaSuccess)
        cudaFree(p);
    return NULL;
}

TEST(streams_capture_modes_other_thread)
{
    cudaStream_t s;
    cudaGraph_t g;
    pthread_t th;
    EXPECT(cudaStreamCreate(&s), cudaSuccess);
    EXPECT(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal), cudaSuccess);
    pthread_create(&th, NULL, other_malloc, NULL);
    pthread_join(th, NULL);
    EXPECT(other_result, cudaSuccess);
    EXPECT(cudaStreamEndCapture(s, &g), cudaSuccess);
    EXPECT(cudaGraphDestroy(g), cudaSuccess);
    EXPECT(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal), cudaSuccess);
    pthread_create(&th, NULL, other_malloc, NULL);
    pthread_join(th, NULL);
    EXPECT(other_result, cudaErrorStreamCaptureUnsupported);
    enum cudaStreamCaptureStatus st;
    EXPECT(cudaStreamIsCapturing(s, &st), cudaSuccess);
    ASSERT_EQ(st, cudaStreamCaptureStatusInvalidated);
    EXPECT(cudaStreamEndCapture(s, &g), cudaErrorStreamCaptureInvalidated);
    ASSERT(g == NULL);
    EXPECT(cudaStreamIsCapturing(s, &st), cudaSuccess);
    ASSERT_EQ(st, cudaStreamCaptureStatusNone);
    EXPECT(cudaStreamDestroy(s), cudaSuccess);
}

/* Stream-ordered allocation from several threads: live blocks never
 * overlap, and a block freed in a stream is reused there. */
#define POOL_THREADS 4
static void *pool_thread(void *arg)
{
    (void)arg;
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    for (int i = 0; i < 200; i++) {
        char *p = NULL, *q = NULL;
        size_t n = 64 + (size_t)(i % 7) * 1000;
        if (cudaMallocAsync((void **)&p, n, s) != cudaSuccess ||
            cudaMallocAsync((void **)&q, n, s) != cudaSuccess || !p || !q ||
            (p < q + n && q < p + n))
            atomic_fetch_add(&failures, 1);
        cudaMemsetAsync(p, 1, n, s);
        cudaMemsetAsync(q, 2, n, s);
        cudaFreeAsync(p, s);
        cudaFreeAsync(q, s);
    }
    cudaStreamSynchronize(s);
    cudaStreamDestroy(s);
    return NULL;
}

TEST(streams_pool_threads)
{
    pthread_t th[POOL_THREADS];
    atomic_store(&failures, 0);
    for (int t = 0; t < POOL_THREADS; t++)
        pthread_create(&th[t], NULL, pool_thread, NULL);
    for (int t = 0; t < POOL_THREADS; t++)
        pthread_join(th[t], NULL);
    EXPECT(cudaDeviceSynchronize(), cudaSuccess);
    ASSERT_EQ(atomic_load(&failures), 0);
    cudaMemPool_t pool;
    EXPECT(cudaDeviceGetDefaultMemPool(&pool, 0), cudaSuccess);
    unsigned long long used = 1, reserved = 1;
    EXPECT(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used), cudaSuccess);
    EXPECT(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &reserved), cudaSuccess);
    ASSERT_EQ(used, 0);
    ASSERT_EQ(reserved, 0); /* threshold 0: given back at the synchronization */
}
