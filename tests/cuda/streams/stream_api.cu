// The stream API's results for valid and invalid calls: creation flags
// and priorities, the special handles (0, cudaStreamLegacy,
// cudaStreamPerThread), queries, callbacks, attaching memory, destroying a
// stream that still has work.
#include "spin.h"

#define E(x) printf("%-66s %s\n", #x, cudaGetErrorName(x))

__global__ void store(int *p, int v) { *p = v; }

static void CUDART_CB cb(cudaStream_t, cudaError_t status, void *p) { *(int *)p = 100 + (int)status; }
// Host functions of different streams may run at once.
static void CUDART_CB fn(void *p) { __atomic_fetch_add((int *)p, 1, __ATOMIC_RELAXED); }

int main()
{
    preload_spin_kernels();
    cudaStream_t s, nb, p1, p2, p3, d;
    unsigned fl = 77;
    int pr = 77, lo = 77, hi = 77;
    E(cudaStreamCreateWithFlags(&s, 2));
    E(cudaStreamCreateWithFlags(&s, 3));
    E(cudaStreamCreate(NULL));
    E(cudaStreamCreate(&s));
    E(cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking));
    E(cudaDeviceGetStreamPriorityRange(&lo, &hi));
    printf("  least %d, greatest %d\n", lo, hi);
    E(cudaDeviceGetStreamPriorityRange(NULL, NULL));
    E(cudaStreamCreateWithPriority(&p1, cudaStreamDefault, 3));
    E(cudaStreamGetPriority(p1, &pr));
    printf("  priority 3 becomes %d\n", pr);
    E(cudaStreamCreateWithPriority(&p2, cudaStreamDefault, -10));
    E(cudaStreamGetPriority(p2, &pr));
    printf("  priority -10 becomes %d\n", pr);
    E(cudaStreamCreateWithPriority(&p3, cudaStreamNonBlocking, -3));
    E(cudaStreamGetPriority(p3, &pr));
    E(cudaStreamGetFlags(p3, &fl));
    printf("  priority -3: %d, flags %u\n", pr, fl);
    E(cudaStreamGetFlags(s, &fl));
    printf("  created: flags %u\n", fl);
    E(cudaStreamGetFlags(nb, &fl));
    printf("  non-blocking: flags %u\n", fl);
    E(cudaStreamGetFlags(0, &fl));
    printf("  0: flags %u\n", fl);
    E(cudaStreamGetFlags(cudaStreamLegacy, &fl));
    printf("  cudaStreamLegacy: flags %u\n", fl);
    E(cudaStreamGetFlags(cudaStreamPerThread, &fl));
    printf("  cudaStreamPerThread: flags %u\n", fl);
    E(cudaStreamGetFlags(s, NULL));
    E(cudaStreamGetPriority(0, &pr));
    printf("  0: priority %d\n", pr);
    E(cudaStreamGetPriority(cudaStreamPerThread, &pr));
    printf("  cudaStreamPerThread: priority %d\n", pr);
    int dev = -1;
    E(cudaStreamGetDevice(s, &dev));
    printf("  device %d\n", dev);
    unsigned long long id1 = 0, id2 = 0, id3 = 0;
    E(cudaStreamGetId(s, &id1));
    E(cudaStreamGetId(nb, &id2));
    E(cudaStreamGetId(cudaStreamPerThread, &id3));
    printf("  ids differ: %d %d\n", id1 != id2, id2 != id3);

    printf("-- special handles\n");
    E(cudaStreamDestroy(0));
    E(cudaStreamDestroy(cudaStreamLegacy));
    E(cudaStreamDestroy(cudaStreamPerThread));
    E(cudaStreamDestroy(NULL));
    E(cudaGetLastError());
    E(cudaStreamQuery(0));
    E(cudaStreamQuery(cudaStreamLegacy));
    E(cudaStreamQuery(cudaStreamPerThread));
    E(cudaStreamSynchronize(0));
    E(cudaStreamSynchronize(cudaStreamPerThread));

    printf("-- callbacks\n");
    int v = 0;
    E(cudaStreamAddCallback(s, cb, &v, 1));
    E(cudaStreamAddCallback(s, NULL, &v, 0));
    E(cudaStreamAddCallback(s, cb, &v, 0));
    E(cudaStreamSynchronize(s));
    printf("  callback saw status %d\n", v - 100);
    E(cudaLaunchHostFunc(s, NULL, &v));
    v = 0;
    E(cudaLaunchHostFunc(s, fn, &v));
    E(cudaLaunchHostFunc(cudaStreamPerThread, fn, &v));
    E(cudaLaunchHostFunc(0, fn, &v));
    E(cudaDeviceSynchronize());
    printf("  host functions ran: %d\n", v);

    printf("-- waits and memory\n");
    cudaEvent_t ev, never;
    CHECK(cudaEventCreate(&ev));
    CHECK(cudaEventCreate(&never));
    E(cudaStreamWaitEvent(s, never, 0));
    E(cudaStreamWaitEvent(s, ev, 2));
    E(cudaStreamWaitEvent(s, NULL, 0));
    int *managed, *devm;
    CHECK(cudaMallocManaged(&managed, 256));
    CHECK(cudaMalloc(&devm, 256));
    E(cudaStreamAttachMemAsync(s, managed, 0, cudaMemAttachSingle));
    E(cudaStreamAttachMemAsync(s, managed, 0, cudaMemAttachGlobal));
    E(cudaStreamAttachMemAsync(s, managed, 0, 8));
    E(cudaStreamAttachMemAsync(s, devm, 0, cudaMemAttachSingle));
    E(cudaStreamAttachMemAsync(s, managed, 64, cudaMemAttachGlobal));
    E(cudaStreamSynchronize(s));
    E(cudaGetLastError());

    printf("-- destroying a stream with work\n");
    int *h;
    CHECK(cudaHostAlloc(&h, 4 * sizeof(int), cudaHostAllocMapped));
    h[0] = h[1] = 0;
    CHECK(cudaStreamCreate(&d));
    wait_flag<<<1, 1, 0, d>>>(h, h + 1);
    store<<<1, 1, 0, d>>>(h + 2, 5);
    E(cudaStreamQuery(d));
    E(cudaStreamDestroy(d));
    *(volatile int *)h = 1;
    E(cudaDeviceSynchronize());
    printf("  the destroyed stream's work completed: %d %d\n", h[1], h[2]);

    CHECK(cudaStreamDestroy(s));
    CHECK(cudaStreamDestroy(nb));
    CHECK(cudaStreamDestroy(p1));
    CHECK(cudaStreamDestroy(p2));
    CHECK(cudaStreamDestroy(p3));
    CHECK(cudaEventDestroy(ev));
    CHECK(cudaEventDestroy(never));
    CHECK(cudaFree(managed));
    CHECK(cudaFree(devm));
    CHECK(cudaFreeHost(h));
    printf("done\n");
    return 0;
}
