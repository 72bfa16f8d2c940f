// The legacy default stream synchronizes with every blocking stream, in
// both directions; non-blocking streams are exempt (CUDA guide, "Implicit
// Synchronization" and "Default Stream"; runtime API, "Stream
// synchronization behavior").  A kernel that takes a while writes a value;
// a kernel in the other stream, launched right after, reads it: it sees
// the value only if it waited.  Where streams must overlap, one kernel
// waits for a flag that a kernel launched after it sets.
#include "spin.h"

#define DELAY 60000000LL

static int *d, *h;

static int value_at(int i)
{
    int v = -1;
    cudaMemcpy(&v, d + i, sizeof v, cudaMemcpyDeviceToHost);
    return v;
}

int main()
{
    preload_spin_kernels();
    CHECK(cudaMalloc(&d, 64 * sizeof(int)));
    CHECK(cudaMemset(d, 0, 64 * sizeof(int)));
    CHECK(cudaHostAlloc(&h, 64 * sizeof(int), cudaHostAllocMapped));
    memset(h, 0, 64 * sizeof(int));
    cudaStream_t a, b, nb;
    CHECK(cudaStreamCreate(&a));
    CHECK(cudaStreamCreate(&b));
    CHECK(cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking));
    CHECK(cudaDeviceSynchronize());

    // blocking stream, then the legacy stream (handle 0)
    busy_store<<<1, 1, 0, a>>>(DELAY, d + 0, 42);
    affine<<<1, 1>>>(d + 0, d + 1, 1, 2, 0);
    CHECK(cudaDeviceSynchronize());
    printf("blocking stream -> stream 0: %d\n", value_at(1));

    // the legacy stream (handle 0), then a blocking stream
    busy_store<<<1, 1>>>(DELAY, d + 2, 7);
    affine<<<1, 1, 0, a>>>(d + 2, d + 3, 1, 3, 0);
    CHECK(cudaDeviceSynchronize());
    printf("stream 0 -> blocking stream: %d\n", value_at(3));

    // the same with cudaStreamLegacy
    busy_store<<<1, 1, 0, b>>>(DELAY, d + 4, 5);
    affine<<<1, 1, 0, cudaStreamLegacy>>>(d + 4, d + 5, 1, 5, 1);
    busy_store<<<1, 1, 0, cudaStreamLegacy>>>(DELAY, d + 6, 9);
    affine<<<1, 1, 0, b>>>(d + 6, d + 7, 1, 9, 2);
    CHECK(cudaDeviceSynchronize());
    printf("blocking stream -> cudaStreamLegacy: %d\n", value_at(5));
    printf("cudaStreamLegacy -> blocking stream: %d\n", value_at(7));

    // a command in the legacy stream between two blocking streams orders them
    busy_store<<<1, 1, 0, a>>>(DELAY, d + 8, 11);
    set_flag<<<1, 1>>>(h + 60, 1);
    affine<<<1, 1, 0, b>>>(d + 8, d + 9, 1, 2, 0);
    CHECK(cudaDeviceSynchronize());
    printf("blocking -> stream 0 -> another blocking stream: %d\n", value_at(9));

    // synchronous calls on the legacy stream wait for blocking streams
    busy_store<<<1, 1, 0, a>>>(DELAY, d + 10, 13);
    int v = -1;
    CHECK(cudaMemcpy(&v, d + 10, sizeof v, cudaMemcpyDeviceToHost));
    printf("blocking stream -> cudaMemcpy: %d\n", v);
    busy_store<<<1, 1, 0, a>>>(DELAY, h + 0, 17);
    CHECK(cudaStreamSynchronize(0));
    printf("blocking stream -> cudaStreamSynchronize(0): %d\n", *(volatile int *)h);
    busy_store<<<1, 1, 0, b>>>(DELAY, h + 1, 19);
    while (cudaStreamQuery(0) == cudaErrorNotReady)
        ;
    printf("blocking stream -> cudaStreamQuery(0) until ready: %d\n", *(volatile int *)(h + 1));

    // blocking streams do not wait for one another
    h[2] = 0;
    wait_flag<<<1, 1, 0, a>>>(h + 2, d + 12);
    set_flag<<<1, 1, 0, b>>>(h + 2, 1);
    CHECK(cudaDeviceSynchronize());
    printf("two blocking streams overlap: %d\n", value_at(12));

    // non-blocking streams are exempt, in both directions
    h[3] = 0;
    wait_flag<<<1, 1, 0, nb>>>(h + 3, d + 13);
    set_flag<<<1, 1>>>(h + 3, 1);
    CHECK(cudaDeviceSynchronize());
    printf("non-blocking stream, then stream 0: overlap %d\n", value_at(13));
    h[4] = 0;
    wait_flag<<<1, 1>>>(h + 4, d + 14);
    set_flag<<<1, 1, 0, nb>>>(h + 4, 1);
    CHECK(cudaDeviceSynchronize());
    printf("stream 0, then non-blocking stream: overlap %d\n", value_at(14));
    h[5] = 0;
    wait_flag<<<1, 1, 0, nb>>>(h + 5, d + 15);
    CHECK(cudaMemsetAsync(d + 20, 0, 16));
    CHECK(cudaMemcpy(d + 21, d + 22, 4, cudaMemcpyDeviceToDevice));
    set_flag<<<1, 1>>>(h + 5, 1);
    CHECK(cudaDeviceSynchronize());
    printf("non-blocking stream, then copies and a kernel in stream 0: overlap %d\n", value_at(15));

    // while a blocking stream works, the legacy stream waits: a kernel in
    // the legacy stream that waits for a flag a later blocking kernel sets
    // never sees it
    h[6] = 0;
    wait_flag<<<1, 1>>>(h + 6, d + 16);
    set_flag<<<1, 1, 0, a>>>(h + 6, 1);
    CHECK(cudaDeviceSynchronize());
    printf("stream 0, then a blocking stream: overlap %d\n", value_at(16));
    h[7] = 0;
    wait_flag<<<1, 1, 0, a>>>(h + 7, d + 17);
    set_flag<<<1, 1>>>(h + 7, 1);
    CHECK(cudaDeviceSynchronize());
    printf("blocking stream, then stream 0: overlap %d\n", value_at(17));

    CHECK(cudaStreamDestroy(a));
    CHECK(cudaStreamDestroy(b));
    CHECK(cudaStreamDestroy(nb));
    CHECK(cudaFreeHost(h));
    CHECK(cudaFree(d));
    printf("done\n");
    return 0;
}
