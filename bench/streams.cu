// bench/streams.cu: the streams spec's multi-stream example, measured, and
// the costs of the stream machinery.  Not a test: it prints figures.
//
//   overlap   eight streams each run kernel<<<1, 64>>>(data, 1 << 20)
//             (x[i] = sqrt(pow(3.14159, i))), with a dummy kernel<<<1, 1>>>
//             in the default stream after each, as in the spec.  Each
//             kernel notes when it starts and ends; the overlap ratio is
//             the sum of the eight kernels' times over the span from the
//             first start to the last end: 1 when they run one after
//             another, up to 8 when all run at once.  The default stream
//             is the legacy stream (they serialize), the per-thread stream
//             (they overlap, as with --default-stream per-thread), or
//             absent.
//   enqueue   launches of an empty kernel into a stream, host time per
//             launch (the work runs meanwhile on the workers)
//   roundtrip an empty launch then cudaStreamSynchronize, per pair
//   events    cudaEventRecord + cudaStreamWaitEvent between two streams,
//             per pair of calls
//   graph     a captured graph of 20 empty kernels: one cudaGraphLaunch +
//             synchronize, against 20 launches + synchronize
//
// Usage: streams [overlap|enqueue|roundtrip|events|graph] (all by default).
// Compiled with --default-stream per-thread, handle 0 is the per-thread
// stream and the "default stream 0" line shows it.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <time.h>

static double now()
{
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

// Nanoseconds of a clock all the device's processors share.
__device__ unsigned long long device_ns()
{
#if defined(__CUDA_ARCH__)
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
#elif defined(__SIMT__)
    return __globaltimer();
#else
    return 0;
#endif
}

const int N = 1 << 20;

// The spec's kernel; thread 0 notes its start and end in span[0..1].
__global__ void kernel(float *x, int n, unsigned long long *span)
{
    if (span && threadIdx.x == 0 && blockIdx.x == 0)
        span[0] = device_ns();
    int tid = threadIdx.x + blockIdx.x * blockDim.x;
    for (int i = tid; i < n; i += blockDim.x * gridDim.x)
        x[i] = sqrt(pow(3.14159, i));
    __syncthreads();
    if (span && threadIdx.x == 0 && blockIdx.x == 0)
        span[1] = device_ns();
}

__global__ void empty() {}

static double overlap_once(cudaStream_t dflt, int with_dummy, float **data, cudaStream_t *s,
                           unsigned long long *span)
{
    for (int i = 0; i < 8; i++) {
        kernel<<<1, 64, 0, s[i]>>>(data[i], N, span + 2 * i);
        if (with_dummy)
            kernel<<<1, 1, 0, dflt>>>(0, 0, 0);
    }
    cudaDeviceSynchronize();
    unsigned long long first = ~0ULL, last = 0;
    double busy = 0;
    for (int i = 0; i < 8; i++) {
        first = std::min(first, span[2 * i]);
        last = std::max(last, span[2 * i + 1]);
        busy += (double)(span[2 * i + 1] - span[2 * i]);
    }
    return busy / (double)(last - first);
}

static void overlap()
{
    float *data[8];
    cudaStream_t s[8];
    unsigned long long *span;
    cudaHostAlloc(&span, 16 * sizeof *span, cudaHostAllocMapped);
    for (int i = 0; i < 8; i++) {
        cudaStreamCreate(&s[i]);
        cudaMalloc(&data[i], N * sizeof(float));
    }
    struct {
        const char *name;
        cudaStream_t stream;
        int dummy;
    } modes[] = {{"legacy default stream (cudaStreamLegacy)", cudaStreamLegacy, 1},
                 {"per-thread default stream (cudaStreamPerThread)", cudaStreamPerThread, 1},
                 {"default stream 0 as compiled", 0, 1},
                 {"no default-stream kernels", 0, 0}};
    overlap_once(0, 0, data, s, span); // warm up
    for (auto &m : modes) {
        double r[5];
        for (int k = 0; k < 5; k++)
            r[k] = overlap_once(m.stream, m.dummy, data, s, span);
        std::sort(r, r + 5);
        printf("overlap, %-48s %.2f (of 8; median of 5)\n", m.name, r[2]);
    }
    for (int i = 0; i < 8; i++) {
        cudaStreamDestroy(s[i]);
        cudaFree(data[i]);
    }
    cudaFreeHost(span);
}

static void enqueue()
{
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    const int n = 200000;
    for (int i = 0; i < 1000; i++)
        empty<<<1, 1, 0, s>>>();
    cudaStreamSynchronize(s);
    double t0 = now();
    for (int i = 0; i < n; i++)
        empty<<<1, 1, 0, s>>>();
    double t1 = now();
    cudaStreamSynchronize(s);
    double t2 = now();
    printf("enqueue: %.3f us per launch (%d launches; all done after %.3f us each)\n",
           (t1 - t0) / n * 1e6, n, (t2 - t0) / n * 1e6);
    cudaStreamDestroy(s);
}

static void roundtrip()
{
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    const int n = 20000;
    for (int i = 0; i < 1000; i++) {
        empty<<<1, 1, 0, s>>>();
        cudaStreamSynchronize(s);
    }
    double best = 1e9;
    for (int rep = 0; rep < 3; rep++) {
        double t0 = now();
        for (int i = 0; i < n; i++) {
            empty<<<1, 1, 0, s>>>();
            cudaStreamSynchronize(s);
        }
        best = std::min(best, (now() - t0) / n);
    }
    printf("roundtrip: %.3f us per launch + cudaStreamSynchronize (best of 3 x %d)\n", best * 1e6, n);
    cudaStreamDestroy(s);
}

static void events()
{
    cudaStream_t a, b;
    cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
    cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
    cudaEvent_t e;
    cudaEventCreateWithFlags(&e, cudaEventDisableTiming);
    const int n = 100000;
    double t0 = now();
    for (int i = 0; i < n; i++) {
        cudaEventRecord(e, i % 2 ? a : b);
        cudaStreamWaitEvent(i % 2 ? b : a, e, 0);
    }
    double t1 = now();
    cudaDeviceSynchronize();
    printf("events: %.3f us per cudaEventRecord + cudaStreamWaitEvent\n", (t1 - t0) / n * 1e6);
    cudaEventDestroy(e);
    cudaStreamDestroy(a);
    cudaStreamDestroy(b);
}

static void graph()
{
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cudaGraph_t g;
    cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
    for (int i = 0; i < 20; i++)
        empty<<<1, 1, 0, s>>>();
    cudaStreamEndCapture(s, &g);
    cudaGraphExec_t x;
    cudaGraphInstantiate(&x, g, 0);
    const int n = 5000;
    for (int i = 0; i < 100; i++)
        cudaGraphLaunch(x, s);
    cudaStreamSynchronize(s);
    double t0 = now();
    for (int i = 0; i < n; i++) {
        cudaGraphLaunch(x, s);
        cudaStreamSynchronize(s);
    }
    double t1 = now();
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < 20; k++)
            empty<<<1, 1, 0, s>>>();
        cudaStreamSynchronize(s);
    }
    double t2 = now();
    printf("graph: %.2f us per launch of 20 kernels + synchronize; %.2f us as 20 launches\n",
           (t1 - t0) / n * 1e6, (t2 - t1) / n * 1e6);
    cudaGraphExecDestroy(x);
    cudaGraphDestroy(g);
    cudaStreamDestroy(s);
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "all";
    int all = !strcmp(what, "all");
#ifdef CUDA_API_PER_THREAD_DEFAULT_STREAM
    printf("(compiled with per-thread default streams)\n");
#endif
    cudaFree(0);
    if (all || !strcmp(what, "overlap"))
        overlap();
    if (all || !strcmp(what, "enqueue"))
        enqueue();
    if (all || !strcmp(what, "roundtrip"))
        roundtrip();
    if (all || !strcmp(what, "events"))
        events();
    if (all || !strcmp(what, "graph"))
        graph();
    return 0;
}
