/*
 * test_engine.c: the execution engine through the core's C API: grids,
 * barriers, shared memory, fibers, and the failure paths.
 */
#include <stdalign.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "cuda_runtime_api.h"
#include "simt.h"
#include "simt/core/device.h"
#include "test.h"

static cudaError_t launch(simt_thread_fn fn, void *arg, dim3 g, dim3 b, size_t shmem)
{
    return simt_launch(NULL, g, b, shmem, 0, fn, arg, NULL);
}

static dim3 d3(unsigned x, unsigned y, unsigned z)
{
    dim3 d = {x, y, z};
    return d;
}

struct out {
    int *v;
    int n;
};

static void k_index(void *a)
{
    struct out *o = a;
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if ((int)i < o->n)
        o->v[i] = (int)i;
}

TEST(grid_covers_every_thread)
{
    enum { N = 100003 };
    static int v[N];
    struct out o = {v, N};
    memset(v, -1, sizeof v);
    ASSERT_EQ(launch(k_index, &o, d3((N + 255) / 256, 1, 1), d3(256, 1, 1), 0), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    for (int i = 0; i < N; i++)
        ASSERT_EQ(v[i], i);
}

static void k_3d(void *a)
{
    struct out *o = a;
    unsigned bx = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    unsigned tx = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    unsigned i = bx * blockDim.x * blockDim.y * blockDim.z + tx;
    o->v[i] += 1 + (int)(threadIdx.z * 100 + blockIdx.z);
}

TEST(three_dimensional_grids_and_blocks)
{
    static int v[3 * 2 * 4 * 5 * 3 * 2];
    struct out o = {v, 0};
    memset(v, 0, sizeof v);
    ASSERT_EQ(launch(k_3d, &o, d3(3, 2, 4), d3(5, 3, 2), 0), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    long sum = 0;
    for (unsigned i = 0; i < sizeof v / sizeof v[0]; i++) {
        ASSERT(v[i] >= 1);
        sum += v[i];
    }
    /* each thread once: 1 + tz*100 + bz over tz in {0,1}, bz in {0..3} */
    ASSERT_EQ(sum, 720 + 100 * 360 + (0 + 1 + 2 + 3) * 180);
}

/* The classic shared-memory tree reduction, any block size. */
struct red {
    const int *in;
    int *out;
};

static void k_reduce(void *a)
{
    static simt_shared_site site;
    struct red *r = a;
    int *s = simt_shared_static(&site, 1024 * sizeof(int), alignof(int));
    unsigned t = threadIdx.x, n = blockDim.x;
    s[t] = r->in[blockIdx.x * n + t];
    simt_syncthreads(SIMT_SITE);
    unsigned p = 1;
    while (p < n)
        p <<= 1;
    for (unsigned stride = p / 2; stride > 0; stride >>= 1) {
        if (t < stride && t + stride < n)
            s[t] += s[t + stride];
        simt_syncthreads(SIMT_SITE);
    }
    if (t == 0)
        r->out[blockIdx.x] = s[0];
}

TEST(block_reduction_every_block_size)
{
    static int in[4 * 1024], out[4];
    for (int i = 0; i < 4 * 1024; i++)
        in[i] = i % 97;
    for (unsigned n = 1; n <= 1024; n += (n < 70 ? 1 : 37)) {
        struct red r = {in, out};
        ASSERT_EQ(launch(k_reduce, &r, d3(4, 1, 1), d3(n, 1, 1), 0), cudaSuccess);
        ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
        for (unsigned b = 0; b < 4; b++) {
            int want = 0;
            for (unsigned i = 0; i < n; i++)
                want += in[b * n + i];
            ASSERT_EQ(out[b], want);
        }
    }
}

static void k_early_exit(void *a)
{
    int *v = a;
    if (threadIdx.x >= 16)
        return;
    simt_syncthreads(SIMT_SITE);
    v[threadIdx.x] = 7;
    simt_syncthreads(SIMT_SITE);
}

TEST(barrier_after_some_threads_exited)
{
    static int v[64];
    ASSERT_EQ(launch(k_early_exit, v, d3(1, 1, 1), d3(64, 1, 1), 0), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    ASSERT_EQ(v[0], 7);
    ASSERT_EQ(v[15], 7);
    ASSERT_EQ(v[16], 0);
}

static void k_count(void *a)
{
    int *v = a;
    unsigned t = threadIdx.x;
    int c = simt_syncthreads_count(t % 3 == 0, SIMT_SITE);
    int all = simt_syncthreads_and(t < 1000, SIMT_SITE);
    int none = simt_syncthreads_and(t != 5, SIMT_SITE);
    int any = simt_syncthreads_or(t == 77, SIMT_SITE);
    int nobody = simt_syncthreads_or(0, SIMT_SITE);
    v[t] = c * 10000 + all * 1000 + none * 100 + any * 10 + nobody;
}

TEST(syncthreads_count_and_or)
{
    static int v[100];
    ASSERT_EQ(launch(k_count, v, d3(1, 1, 1), d3(100, 1, 1), 0), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    for (int t = 0; t < 100; t++)
        ASSERT_EQ(v[t], 34 * 10000 + 1000 + 0 + 10 + 0);
}

/* Threads that ran on fresh fibers see a 16-byte aligned stack. */
static void k_align(void *a)
{
    int *bad = a;
    simt_syncthreads(SIMT_SITE);
    _Alignas(16) volatile char buf[32];
    buf[0] = 1;
    if (((uintptr_t)buf & 15) != 0 || ((uintptr_t)__builtin_frame_address(0) & 15) != 0)
        __atomic_fetch_add(bad, 1, __ATOMIC_RELAXED);
    simt_syncthreads(SIMT_SITE);
}

TEST(fiber_stacks_are_aligned)
{
    int bad = 0;
    ASSERT_EQ(launch(k_align, &bad, d3(8, 1, 1), d3(1024, 1, 1), 0), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    ASSERT_EQ(bad, 0);
}

static void k_yield(void *a)
{
    atomic_int *flag = a;
    if (threadIdx.x == 0) {
        while (!atomic_load(flag))
            simt_nanosleep(100);
    } else if (threadIdx.x == blockDim.x - 1) {
        atomic_store(flag, 1);
    }
}

TEST(nanosleep_lets_other_threads_run)
{
    atomic_int flag = 0;
    ASSERT_EQ(launch(k_yield, &flag, d3(1, 1, 1), d3(64, 1, 1), 0), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    ASSERT_EQ(atomic_load(&flag), 1);
}

static void k_shared_per_block(void *a)
{
    static simt_shared_site site;
    int *v = a;
    int *s = simt_shared_static(&site, sizeof(int), alignof(int));
    if (threadIdx.x == 0)
        *s = (int)blockIdx.x;
    simt_syncthreads(SIMT_SITE);
    int *d = simt_shared_dynamic();
    d[threadIdx.x] = *s;
    simt_syncthreads(SIMT_SITE);
    if (threadIdx.x == 0) {
        int sum = 0;
        for (unsigned i = 0; i < blockDim.x; i++)
            sum += d[i];
        v[blockIdx.x] = sum;
    }
}

TEST(shared_memory_is_per_block)
{
    static int v[64];
    ASSERT_EQ(launch(k_shared_per_block, v, d3(64, 1, 1), d3(32, 1, 1), 32 * sizeof(int)),
              cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    for (int b = 0; b < 64; b++)
        ASSERT_EQ(v[b], 32 * b);
}

static void k_empty(void *a)
{
    (void)a;
}

TEST(launch_configuration_errors_are_not_sticky)
{
    ASSERT_EQ(launch(k_empty, NULL, d3(1, 1, 1), d3(1025, 1, 1), 0), cudaErrorInvalidValue);
    ASSERT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
    ASSERT_EQ(cudaGetLastError(), cudaSuccess);
    ASSERT_EQ(launch(k_empty, NULL, d3(1, 1, 1), d3(1, 1, 65), 0), cudaErrorInvalidValue);
    ASSERT_EQ(launch(k_empty, NULL, d3(0, 1, 1), d3(1, 1, 1), 0), cudaErrorInvalidValue);
    ASSERT_EQ(launch(k_empty, NULL, d3(1, 65536, 1), d3(1, 1, 1), 0), cudaErrorInvalidValue);
    ASSERT_EQ(launch(k_empty, NULL, d3(1, 1, 1), d3(32, 1, 1), 48 * 1024 + 1),
              cudaErrorInvalidValue);
    ASSERT_EQ(launch(k_empty, NULL, d3(1, 1, 1), d3(32, 1, 1), 48 * 1024), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
}

static void k_diverge(void *a)
{
    (void)a;
    if (threadIdx.x < 16)
        simt_syncthreads("diverge.cu:10");
    else
        simt_syncthreads("diverge.cu:12");
}

static void run_diverge(void *unused)
{
    (void)unused;
    ASSERT_EQ(launch(k_diverge, NULL, d3(2, 1, 1), d3(32, 1, 1), 0), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaErrorLaunchFailure);
}

TEST(divergent_barrier_is_diagnosed)
{
    char *err = test_capture_stderr(run_diverge, NULL);
    ASSERT_STR_CONTAINS(err, "simt: error: divergent __syncthreads");
    ASSERT_STR_CONTAINS(err, "diverge.cu:10");
    ASSERT_STR_CONTAINS(err, "diverge.cu:12");
    /* sticky from now on */
    ASSERT_EQ(cudaMalloc((void **)&err, 16), cudaErrorLaunchFailure);
    ASSERT_EQ(cudaDeviceReset(), cudaSuccess);
    void *p;
    ASSERT_EQ(cudaMalloc(&p, 16), cudaSuccess);
}

static void k_fault(void *a)
{
    (void)a;
    if (threadIdx.x == 5 && blockIdx.x == 1)
        *(volatile int *)(uintptr_t)a = 1; /* a is NULL */
}

static void run_fault(void *unused)
{
    (void)unused;
    ASSERT_EQ(launch(k_fault, NULL, d3(4, 1, 1), d3(32, 1, 1), 0), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
    ASSERT_EQ(cudaGetLastError(), cudaErrorIllegalAddress);
    ASSERT_EQ(launch(k_empty, NULL, d3(1, 1, 1), d3(1, 1, 1), 0), cudaErrorIllegalAddress);
}

TEST(fault_in_kernel_is_contained_and_sticky)
{
    char *err = test_capture_stderr(run_fault, NULL);
    ASSERT_STR_CONTAINS(err, "simt: error: invalid write");
    ASSERT_STR_CONTAINS(err, "block (1,0,0) thread (5,0,0)");
    ASSERT_EQ(cudaDeviceReset(), cudaSuccess);
    ASSERT_EQ(launch(k_empty, NULL, d3(1, 1, 1), d3(1, 1, 1), 0), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
}

static void k_overflow_rec(int depth, volatile char *sink)
{
    volatile char pad[4096];
    pad[0] = (char)depth;
    *sink += pad[0];
    if (depth < 1 << 20)
        k_overflow_rec(depth + 1, pad);
}

static void k_overflow(void *a)
{
    volatile char c = 0;
    (void)a;
    if (threadIdx.x == 3)
        k_overflow_rec(0, &c);
}

static void run_overflow(void *unused)
{
    (void)unused;
    ASSERT_EQ(launch(k_overflow, NULL, d3(1, 1, 1), d3(8, 1, 1), 0), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaErrorLaunchFailure);
}

TEST(stack_overflow_is_reported)
{
    char *err = test_capture_stderr(run_overflow, NULL);
    ASSERT_STR_CONTAINS(err, "simt: error: stack overflow");
    ASSERT_STR_CONTAINS(err, "thread (3,0,0)");
}

static void k_assert(void *a)
{
    int *v = a;
    if (threadIdx.x == 2)
        simt__assert_fail("v != threadIdx.x", "a.cu", 11, "void asserter(int)");
    __atomic_fetch_add(v, 1, __ATOMIC_RELAXED);
}

static void run_assert(void *arg)
{
    ASSERT_EQ(launch(k_assert, arg, d3(2, 1, 1), d3(4, 1, 1), 0), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaErrorAssert);
    ASSERT_EQ(cudaGetLastError(), cudaErrorAssert);
    ASSERT_EQ(cudaGetLastError(), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaErrorAssert);
}

TEST(device_assert_reports_like_cuda)
{
    int v = 0;
    char *err = test_capture_stderr(run_assert, &v);
    ASSERT_STR_CONTAINS(err, "a.cu:11: void asserter(int): block: [0,0,0], thread: [2,0,0] "
                             "Assertion `v != threadIdx.x` failed.");
    ASSERT_STR_CONTAINS(err, "block: [1,0,0], thread: [2,0,0]");
    ASSERT_EQ(v, 6); /* the other threads ran to completion */
}

static void k_trap(void *a)
{
    (void)a;
    if (threadIdx.x == 3)
        simt_trap("t.cu:3");
}

static void run_trap(void *unused)
{
    (void)unused;
    ASSERT_EQ(launch(k_trap, NULL, d3(1, 1, 1), d3(8, 1, 1), 0), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaErrorLaunchFailure);
}

TEST(trap_fails_the_launch)
{
    char *err = test_capture_stderr(run_trap, NULL);
    ASSERT_STR_CONTAINS(err, "__trap() in kernel");
}

static void k_inc(void *a)
{
    int *v = a;
    if (threadIdx.x == 0)
        v[blockIdx.x] += 1;
}

TEST(stream_order_and_events)
{
    static int v[4];
    cudaStream_t s;
    cudaEvent_t e0, e1;
    ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
    ASSERT_EQ(cudaEventCreate(&e0), cudaSuccess);
    ASSERT_EQ(cudaEventCreate(&e1), cudaSuccess);
    ASSERT_EQ(cudaEventQuery(e0), cudaSuccess);
    ASSERT_EQ(cudaEventRecord(e0, s), cudaSuccess);
    for (int i = 0; i < 100; i++)
        ASSERT_EQ(simt_launch(NULL, d3(4, 1, 1), d3(32, 1, 1), 0, s, k_inc, v, NULL), cudaSuccess);
    ASSERT_EQ(cudaEventRecord(e1, s), cudaSuccess);
    ASSERT_EQ(cudaEventSynchronize(e1), cudaSuccess);
    for (int b = 0; b < 4; b++)
        ASSERT_EQ(v[b], 100);
    float ms = -1;
    ASSERT_EQ(cudaEventElapsedTime(&ms, e0, e1), cudaSuccess);
    ASSERT(ms >= 0);
    ASSERT_EQ(cudaStreamDestroy(s), cudaSuccess);
}

/* A host thread that waits runs no grid ahead of work submitted before it
 * in another stream that the workers have not got to: a set not finished,
 * or a grid with blocks not claimed (workers take work in that order, as a
 * GPU starts it).  Every worker is held by a block that spins (block 0
 * until `release`, the others 100 ms longer): the earlier work waits for
 * the first worker set free, and before this rule the waiting thread ran
 * the later grid at once. */
static struct {
    atomic_int started;
    long long release;
    int *cell;
    int seen;
} H;

static long long mono_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void k_hold(void *a)
{
    (void)a;
    atomic_fetch_add(&H.started, 1);
    long long until = H.release + (blockIdx.x ? 100000000LL : 0);
    while (mono_ns() < until)
        ;
}

/* Only block 0 writes: the guest may start the next grid once block 1 is
 * claimed, which the one free worker does after block 0 is over. */
static void k_set_cell(void *a)
{
    (void)a;
    if (blockIdx.x == 0)
        *H.cell = -1;
}

static void k_read_cell(void *a)
{
    (void)a;
    H.seen = *H.cell;
}

/* Three non-blocking streams, a zeroed cell, and every worker held. */
static void hold_workers(cudaStream_t st[3])
{
    int nworkers = 0;
    ASSERT_EQ(cudaDeviceGetAttribute(&nworkers, cudaDevAttrMultiProcessorCount, 0), cudaSuccess);
    for (int i = 0; i < 3; i++)
        ASSERT_EQ(cudaStreamCreateWithFlags(&st[i], cudaStreamNonBlocking), cudaSuccess);
    ASSERT_EQ(cudaMalloc((void **)&H.cell, sizeof(int)), cudaSuccess);
    ASSERT_EQ(cudaMemset(H.cell, 0, sizeof(int)), cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    H.seen = 0;
    atomic_store(&H.started, 0);
    H.release = mono_ns() + 200000000LL;
    ASSERT_EQ(simt_launch(NULL, d3((unsigned)nworkers, 1, 1), d3(1, 1, 1), 0, st[0], k_hold, NULL,
                          NULL),
              cudaSuccess);
    while (atomic_load(&H.started) < nworkers)
        ;
}

static void read_after(cudaStream_t st[3])
{
    ASSERT_EQ(simt_launch(NULL, d3(1, 1, 1), d3(1, 1, 1), 0, st[2], k_read_cell, NULL, NULL),
              cudaSuccess);
    ASSERT_EQ(cudaStreamSynchronize(st[2]), cudaSuccess);
    ASSERT_EQ(H.seen, -1);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    ASSERT_EQ(cudaFree(H.cell), cudaSuccess);
    for (int i = 0; i < 3; i++)
        ASSERT_EQ(cudaStreamDestroy(st[i]), cudaSuccess);
}

TEST(waiting_thread_runs_no_grid_ahead_of_an_earlier_set)
{
    cudaStream_t st[3];
    hold_workers(st);
    ASSERT_EQ(cudaMemsetAsync(H.cell, 0xff, sizeof(int), st[1]), cudaSuccess);
    read_after(st);
}

TEST(waiting_thread_runs_no_grid_ahead_of_an_earlier_grid)
{
    cudaStream_t st[3];
    hold_workers(st);
    ASSERT_EQ(simt_launch(NULL, d3(2, 1, 1), d3(1, 1, 1), 0, st[1], k_set_cell, NULL, NULL),
              cudaSuccess);
    read_after(st);
}
