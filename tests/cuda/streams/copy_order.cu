// Asynchronous copies and sets run in stream order with kernels, in every
// kind of stream: created (blocking and non-blocking), cudaStreamPerThread,
// cudaStreamLegacy and 0.  Also: which calls return before their transfer
// is done (CUDA runtime API, "API synchronization behavior"), and that a
// pageable source may be reused as soon as cudaMemcpyAsync returns.
#include "spin.h"

#define N 4096
#define DELAY 40000000LL

static long long checksum(const int *v, int n)
{
    long long s = 0;
    for (int i = 0; i < n; i++)
        s = s * 31 + v[i];
    return s;
}

// pinned in -> device -> kernel -> device -> set part -> copy back, with a
// slow kernel first so that every later step must wait for it
static int pipeline(const char *name, cudaStream_t s, int *pin_in, int *pin_out, int *d1, int *d2)
{
    for (int i = 0; i < N; i++)
        pin_in[i] = i * 3 + 1;
    memset(pin_out, 0, N * sizeof(int));
    busy_store<<<1, 1, 0, s>>>(DELAY, d1, 0);
    CHECK(cudaMemcpyAsync(d1, pin_in, N * sizeof(int), cudaMemcpyHostToDevice, s));
    affine<<<8, 128, 0, s>>>(d1, d2, N, 5, -2);
    CHECK(cudaMemsetAsync(d2 + 100, 0, 200 * sizeof(int), s));
    CHECK(cudaMemcpyAsync(d1, d2, N * sizeof(int), cudaMemcpyDeviceToDevice, s));
    CHECK(cudaMemset2DAsync(d1 + 1000, 64 * sizeof(int), 0xff, 16 * sizeof(int), 8, s));
    CHECK(cudaMemcpy2DAsync(pin_out, 32 * sizeof(int), d1, 32 * sizeof(int), 32 * sizeof(int),
                            N / 32, cudaMemcpyDeviceToHost, s));
    CHECK(cudaStreamSynchronize(s));
    printf("%-22s checksum %lld, samples %d %d %d %d\n", name, checksum(pin_out, N), pin_out[0],
           pin_out[150], pin_out[1000], pin_out[N - 1]);
    return 0;
}

static int *flag, *seen, *dev, *pinned;
static char *pageable;

// Whether `op` returned while a kernel earlier in the legacy stream was
// still waiting for the host.
#define RETURNS(name, op)                                                       \
    do {                                                                        \
        *(volatile int *)flag = 0;                                              \
        *seen = -1;                                                             \
        wait_flag<<<1, 1>>>(flag, seen);                                        \
        cudaError_t e_ = (op);                                                  \
        *(volatile int *)flag = 1;                                              \
        CHECK(cudaDeviceSynchronize());                                         \
        printf("%-46s %s, %s\n", name, cudaGetErrorName(e_),                    \
               *seen ? "returned at once" : "waited for the stream");           \
    } while (0)

int main()
{
    preload_spin_kernels();
    int *pin_in, *pin_out, *d1, *d2;
    CHECK(cudaMallocHost(&pin_in, N * sizeof(int)));
    CHECK(cudaMallocHost(&pin_out, N * sizeof(int)));
    CHECK(cudaMalloc(&d1, N * sizeof(int)));
    CHECK(cudaMalloc(&d2, N * sizeof(int)));
    cudaStream_t blocking, nonblocking;
    CHECK(cudaStreamCreate(&blocking));
    CHECK(cudaStreamCreateWithFlags(&nonblocking, cudaStreamNonBlocking));
    if (pipeline("created stream", blocking, pin_in, pin_out, d1, d2) ||
        pipeline("non-blocking stream", nonblocking, pin_in, pin_out, d1, d2) ||
        pipeline("cudaStreamPerThread", cudaStreamPerThread, pin_in, pin_out, d1, d2) ||
        pipeline("cudaStreamLegacy", cudaStreamLegacy, pin_in, pin_out, d1, d2) ||
        pipeline("stream 0", 0, pin_in, pin_out, d1, d2))
        return 1;

    // a pageable source may change once cudaMemcpyAsync returns
    int *src = (int *)malloc(N * sizeof(int));
    for (int i = 0; i < N; i++)
        src[i] = 7;
    busy_store<<<1, 1, 0, blocking>>>(DELAY, NULL, 0);
    CHECK(cudaMemcpyAsync(d1, src, N * sizeof(int), cudaMemcpyHostToDevice, blocking));
    for (int i = 0; i < N; i++)
        src[i] = 9;
    CHECK(cudaMemcpyAsync(pin_out, d1, N * sizeof(int), cudaMemcpyDeviceToHost, blocking));
    CHECK(cudaStreamSynchronize(blocking));
    printf("pageable source changed after cudaMemcpyAsync: device got %d %d\n", pin_out[0],
           pin_out[N - 1]);
    // a pageable destination is written before cudaMemcpyAsync returns
    int *dst = (int *)malloc(N * sizeof(int));
    dst[0] = dst[N - 1] = -1;
    busy_store<<<1, 1, 0, blocking>>>(DELAY, d1, 123);
    CHECK(cudaMemcpyAsync(dst, d1, N * sizeof(int), cudaMemcpyDeviceToHost, blocking));
    printf("pageable destination right after cudaMemcpyAsync: %d %d\n", dst[0], dst[N - 1]);
    free(src);
    free(dst);

    // which calls wait
    CHECK(cudaHostAlloc(&flag, sizeof(int), cudaHostAllocMapped));
    CHECK(cudaHostAlloc(&seen, sizeof(int), cudaHostAllocMapped));
    CHECK(cudaMalloc(&dev, 4096));
    CHECK(cudaMallocHost(&pinned, 4096));
    pageable = (char *)malloc(4096);
    memset(pageable, 0, 4096);
    RETURNS("cudaMemset, device memory", cudaMemset(dev, 0, 64));
    RETURNS("cudaMemset, pinned memory", cudaMemset(pinned, 0, 64));
    RETURNS("cudaMemcpy, device to device", cudaMemcpy(dev, dev + 64, 64, cudaMemcpyDeviceToDevice));
    RETURNS("cudaMemcpy, pageable to device", cudaMemcpy(dev, pageable, 64, cudaMemcpyHostToDevice));
    RETURNS("cudaMemcpy, pinned to device", cudaMemcpy(dev, pinned, 64, cudaMemcpyHostToDevice));
    RETURNS("cudaMemcpy, device to pageable", cudaMemcpy(pageable, dev, 64, cudaMemcpyDeviceToHost));
    RETURNS("cudaMemsetAsync, pinned memory", cudaMemsetAsync(pinned, 0, 64, 0));
    RETURNS("cudaMemcpyAsync, pageable to device",
            cudaMemcpyAsync(dev, pageable, 64, cudaMemcpyHostToDevice, 0));
    RETURNS("cudaMemcpyAsync, device to pageable",
            cudaMemcpyAsync(pageable, dev, 64, cudaMemcpyDeviceToHost, 0));
    RETURNS("cudaMemcpyAsync, device to pinned",
            cudaMemcpyAsync(pinned, dev, 64, cudaMemcpyDeviceToHost, 0));
    RETURNS("cudaMemcpyAsync, pinned to pinned",
            cudaMemcpyAsync(pinned, pinned + 64, 64, cudaMemcpyHostToHost, 0));

    CHECK(cudaStreamDestroy(blocking));
    CHECK(cudaStreamDestroy(nonblocking));
    CHECK(cudaFreeHost(pin_in));
    CHECK(cudaFreeHost(pin_out));
    CHECK(cudaFreeHost(flag));
    CHECK(cudaFreeHost(seen));
    CHECK(cudaFreeHost(pinned));
    CHECK(cudaFree(d1));
    CHECK(cudaFree(d2));
    CHECK(cudaFree(dev));
    free(pageable);
    printf("done\n");
    return 0;
}
