// Per-thread default streams (nvcc --default-stream per-thread): stream 0
// is each host thread's own ordinary stream.  Several pthreads launch as in
// the streams spec's multi-threading example; each thread's work is in
// order, threads do not wait for one another, the per-thread stream still
// synchronizes with the legacy stream, and not with other blocking streams.
#include <pthread.h>
#include "spin.h"

#define THREADS 8
#define N (1 << 16)
#define DELAY 40000000LL

__global__ void kernel(float *x, int n, int seed)
{
    for (int i = threadIdx.x + blockIdx.x * blockDim.x; i < n; i += blockDim.x * gridDim.x)
        x[i] = (float)((i * 7 + seed) % 1000);
}

__global__ void sum_into(const float *x, int n, long long *out)
{
    long long s = 0;
    for (int i = 0; i < n; i++)
        s += (long long)x[i];
    *out = s;
}

static long long sums[THREADS];
static int *flags, *seen;
static pthread_barrier_t barrier;

// The spec's example: every thread launches on the default stream and
// synchronizes it.
static void *launch_kernel(void *arg)
{
    int t = (int)(size_t)arg;
    float *data;
    long long *s;
    cudaMalloc(&data, N * sizeof(float));
    cudaMalloc(&s, sizeof *s);
    kernel<<<1, 64>>>(data, N, t);
    sum_into<<<1, 1>>>(data, N, s);
    cudaMemcpyAsync(&sums[t], s, sizeof *s, cudaMemcpyDeviceToHost, 0);
    cudaStreamSynchronize(0);
    cudaFree(s);
    cudaFree(data);
    return NULL;
}

// Thread `waiter` waits on its stream 0 for a flag that the other thread
// sets on its own stream 0 after the wait was launched.
static void *pair(void *arg)
{
    int t = (int)(size_t)arg, round = t >> 1, me = t & 1;
    int waiter = round & 1;
    if (me == waiter)
        wait_flag<<<1, 1>>>(flags + round, seen + round);
    pthread_barrier_wait(&barrier);
    if (me != waiter)
        set_flag<<<1, 1>>>(flags + round, 1);
    cudaStreamSynchronize(0);
    return NULL;
}

int main()
{
    preload_spin_kernels();
    cudaFuncAttributes fa;
    cudaFuncGetAttributes(&fa, kernel);
    cudaFuncGetAttributes(&fa, sum_into);
    pthread_t th[THREADS];
    for (int t = 0; t < THREADS; t++)
        pthread_create(&th[t], NULL, launch_kernel, (void *)(size_t)t);
    for (int t = 0; t < THREADS; t++)
        pthread_join(th[t], NULL);
    for (int t = 0; t < THREADS; t++)
        printf("thread %d: sum %lld\n", t, sums[t]);

    CHECK(cudaHostAlloc(&flags, 16 * sizeof(int), cudaHostAllocMapped));
    CHECK(cudaHostAlloc(&seen, 16 * sizeof(int), cudaHostAllocMapped));
    memset(flags, 0, 16 * sizeof(int));
    memset(seen, 0, 16 * sizeof(int));
    for (int round = 0; round < 2; round++) {
        pthread_barrier_init(&barrier, NULL, 2);
        pthread_t p[2];
        for (int i = 0; i < 2; i++)
            pthread_create(&p[i], NULL, pair, (void *)(size_t)(round * 2 + i));
        for (int i = 0; i < 2; i++)
            pthread_join(p[i], NULL);
        pthread_barrier_destroy(&barrier);
        printf("two threads' default streams overlap (round %d): %d\n", round, seen[round]);
    }

    int *d, *h;
    CHECK(cudaMalloc(&d, 16 * sizeof(int)));
    CHECK(cudaMemset(d, 0, 16 * sizeof(int)));
    CHECK(cudaHostAlloc(&h, 16 * sizeof(int), cudaHostAllocMapped));
    memset(h, 0, 16 * sizeof(int));
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));

    // stream 0 and cudaStreamPerThread are one stream
    busy_store<<<1, 1, 0, 0>>>(DELAY, d + 0, 3);
    affine<<<1, 1, 0, cudaStreamPerThread>>>(d + 0, d + 1, 1, 10, 1);
    CHECK(cudaStreamSynchronize(cudaStreamPerThread));
    int v[2];
    CHECK(cudaMemcpy(v, d, sizeof v, cudaMemcpyDeviceToHost));
    printf("stream 0 then cudaStreamPerThread: %d\n", v[1]);

    // the per-thread stream synchronizes with the legacy stream
    busy_store<<<1, 1>>>(DELAY, d + 2, 4);
    affine<<<1, 1, 0, cudaStreamLegacy>>>(d + 2, d + 3, 1, 10, 2);
    busy_store<<<1, 1, 0, cudaStreamLegacy>>>(DELAY, d + 4, 5);
    affine<<<1, 1>>>(d + 4, d + 5, 1, 10, 3);
    CHECK(cudaDeviceSynchronize());
    int w[6];
    CHECK(cudaMemcpy(w, d, sizeof w, cudaMemcpyDeviceToHost));
    printf("stream 0 -> cudaStreamLegacy: %d\n", w[3]);
    printf("cudaStreamLegacy -> stream 0: %d\n", w[5]);

    // but not with other blocking streams
    h[0] = 0;
    wait_flag<<<1, 1, 0, s>>>(h, d + 6);
    set_flag<<<1, 1>>>(h, 1);
    CHECK(cudaDeviceSynchronize());
    h[1] = 0;
    wait_flag<<<1, 1>>>(h + 1, d + 7);
    set_flag<<<1, 1, 0, s>>>(h + 1, 1);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(v, d + 6, sizeof v, cudaMemcpyDeviceToHost));
    printf("blocking stream and stream 0 overlap: %d %d\n", v[0], v[1]);

    // cudaMemcpy runs in the thread's own stream: it waits for that
    // stream, not for other blocking streams
    busy_store<<<1, 1>>>(DELAY, d + 8, 6);
    int x = -1;
    CHECK(cudaMemcpy(&x, d + 8, sizeof x, cudaMemcpyDeviceToHost));
    printf("stream 0 -> cudaMemcpy: %d\n", x);
    h[2] = 0;
    wait_flag<<<1, 1, 0, s>>>(h + 2, d + 9);
    CHECK(cudaMemcpy(&x, d + 8, sizeof x, cudaMemcpyDeviceToHost));
    h[2] = 1;
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(&x, d + 9, sizeof x, cudaMemcpyDeviceToHost));
    printf("cudaMemcpy returned while a blocking stream waited: %d\n", x);

    unsigned fl = 7;
    CHECK(cudaStreamGetFlags(0, &fl));
    printf("flags of stream 0: %u\n", fl);
    CHECK(cudaStreamDestroy(s));
    CHECK(cudaFree(d));
    CHECK(cudaFreeHost(h));
    CHECK(cudaFreeHost(flags));
    CHECK(cudaFreeHost(seen));
    printf("done\n");
    return 0;
}
