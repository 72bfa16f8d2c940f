// Host functions (cudaLaunchHostFunc, cudaStreamAddCallback) run in stream
// order: after the work before them, before the work after them, and see
// each other's data and the kernels' (CUDA guide, "Host Functions
// (Callbacks)").  Across streams, events order them.
#include <pthread.h>
#include "spin.h"

#define DELAY 30000000LL

static int *m;                 // mapped memory, host and device see it
static int log_[256], nlog;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

static void CUDART_CB append(void *arg)
{
    pthread_mutex_lock(&log_lock);
    log_[nlog++] = (int)(size_t)arg;
    pthread_mutex_unlock(&log_lock);
}

// Reads what the kernel before it wrote, writes what the kernel after it reads.
static void CUDART_CB relay(void *arg)
{
    int i = (int)(size_t)arg;
    m[i + 1] = m[i] * 2 + 1;
}

static cudaStream_t cb_stream;
static void CUDART_CB callback(cudaStream_t s, cudaError_t status, void *arg)
{
    int *out = (int *)arg;
    out[0] = (int)status;
    out[1] = s == cb_stream;
}

__global__ void add_one(int *p) { *p += 1; }
__global__ void double_it(const int *in, int *out) { *out = *in * 2; }

int main()
{
    preload_spin_kernels();
    cudaFuncAttributes fa;
    cudaFuncGetAttributes(&fa, add_one);
    cudaFuncGetAttributes(&fa, double_it);
    CHECK(cudaHostAlloc(&m, 256 * sizeof(int), cudaHostAllocMapped));
    memset(m, 0, 256 * sizeof(int));
    cudaStream_t a, b, nb;
    CHECK(cudaStreamCreate(&a));
    CHECK(cudaStreamCreate(&b));
    CHECK(cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking));

    // kernel -> host function -> kernel -> host function -> kernel
    busy_store<<<1, 1, 0, a>>>(DELAY, m + 0, 5);
    CHECK(cudaLaunchHostFunc(a, relay, (void *)0));          // m1 = 11
    double_it<<<1, 1, 0, a>>>(m + 1, m + 2);                 // m2 = 22
    CHECK(cudaLaunchHostFunc(a, relay, (void *)2));          // m3 = 45
    double_it<<<1, 1, 0, a>>>(m + 3, m + 4);                 // m4 = 90
    CHECK(cudaStreamSynchronize(a));
    printf("kernel/host relay: %d %d %d %d %d\n", m[0], m[1], m[2], m[3], m[4]);

    // one stream runs its host functions in order
    nlog = 0;
    for (int i = 0; i < 100; i++) {
        CHECK(cudaLaunchHostFunc(b, append, (void *)(size_t)i));
        if (i % 10 == 0)
            add_one<<<1, 1, 0, b>>>(m + 10);
    }
    CHECK(cudaStreamSynchronize(b));
    int ordered = nlog == 100;
    for (int i = 0; i < nlog; i++)
        ordered &= log_[i] == i;
    printf("100 host functions in one stream in order: %d (kernels %d)\n", ordered, m[10]);

    // across streams, events order host functions
    nlog = 0;
    cudaEvent_t e1, e2;
    CHECK(cudaEventCreateWithFlags(&e1, cudaEventDisableTiming));
    CHECK(cudaEventCreateWithFlags(&e2, cudaEventDisableTiming));
    busy_store<<<1, 1, 0, a>>>(DELAY, NULL, 0);
    CHECK(cudaLaunchHostFunc(a, append, (void *)1));
    CHECK(cudaEventRecord(e1, a));
    CHECK(cudaStreamWaitEvent(nb, e1, 0));
    CHECK(cudaLaunchHostFunc(nb, append, (void *)2));
    busy_store<<<1, 1, 0, nb>>>(DELAY / 2, NULL, 0);
    CHECK(cudaEventRecord(e2, nb));
    CHECK(cudaStreamWaitEvent(b, e2, 0));
    CHECK(cudaLaunchHostFunc(b, append, (void *)3));
    CHECK(cudaLaunchHostFunc(a, append, (void *)4));
    CHECK(cudaStreamWaitEvent(a, e2, 0));
    CHECK(cudaLaunchHostFunc(a, append, (void *)5));
    CHECK(cudaDeviceSynchronize());
    printf("host functions ordered by events:");
    int pos[6] = {0};
    for (int i = 0; i < nlog; i++)
        pos[log_[i]] = i;
    printf(" 1<2 %d, 2<3 %d, 1<4 %d, 2<5 %d, 4<5 %d (count %d)\n", pos[1] < pos[2],
           pos[2] < pos[3], pos[1] < pos[4], pos[2] < pos[5], pos[4] < pos[5], nlog);

    // a host function in the legacy stream waits for blocking streams
    m[20] = 0;
    busy_store<<<1, 1, 0, a>>>(DELAY, m + 20, 7);
    CHECK(cudaLaunchHostFunc(0, relay, (void *)20));
    CHECK(cudaStreamSynchronize(0));
    printf("host function in stream 0 after a blocking stream: %d\n", m[21]);

    // host functions write data that later copies and kernels in the stream see
    int *d;
    CHECK(cudaMalloc(&d, 64 * sizeof(int)));
    m[30] = 0;
    busy_store<<<1, 1, 0, b>>>(DELAY, m + 30, 8);
    CHECK(cudaLaunchHostFunc(b, relay, (void *)30));            // m31 = 17
    CHECK(cudaMemcpyAsync(d, m + 31, sizeof(int), cudaMemcpyHostToDevice, b));
    double_it<<<1, 1, 0, b>>>(d, m + 32);                      // 34
    CHECK(cudaLaunchHostFunc(b, relay, (void *)32));            // m33 = 69
    CHECK(cudaMemcpyAsync(m + 34, m + 33, sizeof(int), cudaMemcpyHostToHost, b));
    CHECK(cudaStreamSynchronize(b));
    printf("host function -> copy -> kernel -> host function -> copy: %d %d %d %d\n", m[31],
           m[32], m[33], m[34]);

    // cudaStreamAddCallback gets the stream and the status
    int out[2] = {-1, -1};
    cb_stream = nb;
    add_one<<<1, 1, 0, nb>>>(m + 40);
    CHECK(cudaStreamAddCallback(nb, callback, out, 0));
    CHECK(cudaStreamSynchronize(nb));
    printf("callback: status %s, stream %d\n", cudaGetErrorName((cudaError_t)out[0]), out[1]);
    cb_stream = 0;
    CHECK(cudaStreamAddCallback(0, callback, out, 0));
    CHECK(cudaDeviceSynchronize());
    printf("callback on stream 0: status %s, stream %d\n", cudaGetErrorName((cudaError_t)out[0]),
           out[1]);

    // many streams, each with its own host functions, all complete
    cudaStream_t many[8];
    nlog = 0;
    for (int i = 0; i < 8; i++) {
        CHECK(cudaStreamCreateWithFlags(&many[i], cudaStreamNonBlocking));
        for (int j = 0; j < 8; j++) {
            add_one<<<1, 1, 0, many[i]>>>(m + 50 + i);
            CHECK(cudaLaunchHostFunc(many[i], append, (void *)(size_t)(i * 8 + j)));
        }
    }
    CHECK(cudaDeviceSynchronize());
    int per_stream_ordered = nlog == 64;
    int last[8];
    for (int i = 0; i < 8; i++)
        last[i] = -1;
    for (int k = 0; k < nlog; k++) {
        int s = log_[k] / 8, j = log_[k] % 8;
        per_stream_ordered &= j == last[s] + 1;
        last[s] = j;
    }
    int kernels = 0;
    for (int i = 0; i < 8; i++)
        kernels += m[50 + i];
    printf("8 streams x 8 host functions: %d ran, in order per stream %d, kernels %d\n", nlog,
           per_stream_ordered, kernels);

    for (int i = 0; i < 8; i++)
        CHECK(cudaStreamDestroy(many[i]));
    CHECK(cudaEventDestroy(e1));
    CHECK(cudaEventDestroy(e2));
    CHECK(cudaStreamDestroy(a));
    CHECK(cudaStreamDestroy(b));
    CHECK(cudaStreamDestroy(nb));
    CHECK(cudaFree(d));
    CHECK(cudaFreeHost(m));
    printf("done\n");
    return 0;
}
