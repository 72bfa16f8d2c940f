// Events: cudaEventQuery is cudaErrorNotReady while the recorded work is
// pending (and no error for cudaGetLastError) and cudaSuccess for a
// never-recorded event; cudaEventSynchronize waits; cudaEventElapsedTime
// measures milliseconds between completions and refuses events without
// timing, never recorded or pending.  Times are never printed, only how
// they compare.
#include "spin.h"

#define E(x) printf("%-58s %s\n", #x, cudaGetErrorName(x))
#define DELAY 200000000LL

int main()
{
    preload_spin_kernels();
    int *flag, *d;
    CHECK(cudaHostAlloc(&flag, 16 * sizeof(int), cudaHostAllocMapped));
    CHECK(cudaMalloc(&d, 16 * sizeof(int)));
    memset(flag, 0, 16 * sizeof(int));
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));
    cudaEvent_t a, b, c, never, notime, blocking;
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
    CHECK(cudaEventCreate(&c));
    CHECK(cudaEventCreate(&never));
    CHECK(cudaEventCreateWithFlags(&notime, cudaEventDisableTiming));
    CHECK(cudaEventCreateWithFlags(&blocking, cudaEventBlockingSync));
    float ms = -1;

    printf("-- never recorded\n");
    E(cudaEventQuery(never));
    E(cudaEventSynchronize(never));
    E(cudaEventElapsedTime(&ms, never, never));
    E(cudaGetLastError());

    printf("-- pending until the host releases the kernel\n");
    CHECK(cudaEventRecord(a, s));
    wait_flag<<<1, 1, 0, s>>>(flag, d);
    CHECK(cudaEventRecord(b, s));
    CHECK(cudaEventRecord(notime, s));
    E(cudaEventQuery(b));
    E(cudaEventQuery(notime));
    E(cudaGetLastError());
    E(cudaEventElapsedTime(&ms, a, b));
    E(cudaGetLastError());
    E(cudaStreamQuery(s));
    E(cudaGetLastError());
    *(volatile int *)flag = 1;
    E(cudaEventSynchronize(b));
    E(cudaEventQuery(b));
    E(cudaEventQuery(notime));
    E(cudaStreamQuery(s));
    int saw = -1;
    CHECK(cudaMemcpy(&saw, d, sizeof saw, cudaMemcpyDeviceToHost));
    printf("kernel saw the release: %d\n", saw);
    E(cudaEventElapsedTime(&ms, a, b));
    printf("elapsed across a released kernel is positive: %d\n", ms > 0.0f);

    printf("-- elapsed time\n");
    CHECK(cudaEventRecord(a, s));
    busy_store<<<1, 1, 0, s>>>(DELAY, NULL, 0);
    CHECK(cudaEventRecord(b, s));
    busy_store<<<1, 1, 0, s>>>(DELAY, NULL, 0);
    CHECK(cudaEventRecord(c, s));
    CHECK(cudaEventSynchronize(c));
    float ab = -1, bc = -1, ac = -1, ba = 1, aa = -1;
    E(cudaEventElapsedTime(&ab, a, b));
    E(cudaEventElapsedTime(&bc, b, c));
    E(cudaEventElapsedTime(&ac, a, c));
    E(cudaEventElapsedTime(&ba, b, a));
    E(cudaEventElapsedTime(&aa, a, a));
    printf("a->b > 0: %d, b->c > 0: %d, a->c > a->b: %d, b->a < 0: %d, a->a == 0: %d\n",
           ab > 0, bc > 0, ac > ab, ba < 0, aa == 0);
    printf("a->b + b->c within 10%% of a->c: %d\n", ab + bc > 0.9f * ac && ab + bc < 1.1f * ac);
    E(cudaEventElapsedTime(&ms, a, notime));
    E(cudaEventElapsedTime(&ms, notime, a));
    E(cudaEventElapsedTime(&ms, a, never));
    E(cudaEventElapsedTime(NULL, a, b));
    E(cudaGetLastError());

    printf("-- recording again\n");
    CHECK(cudaEventRecord(a, s));
    E(cudaEventSynchronize(a));
    flag[1] = 0;
    wait_flag<<<1, 1, 0, s>>>(flag + 1, d + 1);
    CHECK(cudaEventRecord(a, s));
    E(cudaEventQuery(a));
    flag[1] = 1;
    E(cudaEventSynchronize(a));
    E(cudaEventQuery(a));

    printf("-- events of other streams\n");
    cudaStream_t nb;
    CHECK(cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking));
    flag[2] = 0;
    wait_flag<<<1, 1, 0, nb>>>(flag + 2, d + 2);
    CHECK(cudaEventRecord(blocking, nb));
    CHECK(cudaEventRecord(c, 0));
    E(cudaEventQuery(blocking));
    E(cudaEventSynchronize(c));
    E(cudaEventQuery(blocking));
    flag[2] = 1;
    E(cudaEventSynchronize(blocking));
    E(cudaEventQuery(blocking));
    CHECK(cudaEventRecord(c, cudaStreamPerThread));
    E(cudaEventSynchronize(c));

    printf("-- destroying a pending event\n");
    flag[3] = 0;
    wait_flag<<<1, 1, 0, s>>>(flag + 3, d + 3);
    cudaEvent_t tmp;
    CHECK(cudaEventCreate(&tmp));
    CHECK(cudaEventRecord(tmp, s));
    E(cudaEventDestroy(tmp));
    flag[3] = 1;
    E(cudaStreamSynchronize(s));

    printf("-- flags and handles\n");
    E(cudaEventCreateWithFlags(&tmp, 0x10));
    E(cudaEventCreateWithFlags(&tmp, cudaEventInterprocess));
    E(cudaEventRecordWithFlags(a, s, 0x2));
    E(cudaEventRecordWithFlags(a, s, cudaEventRecordExternal));
    E(cudaStreamWaitEvent(s, a, 0x2));
    E(cudaStreamWaitEvent(s, a, cudaEventWaitExternal));
    E(cudaEventQuery(NULL));
    E(cudaEventRecord(NULL, s));
    E(cudaGetLastError());

    CHECK(cudaEventDestroy(a));
    CHECK(cudaEventDestroy(b));
    CHECK(cudaEventDestroy(c));
    CHECK(cudaEventDestroy(never));
    CHECK(cudaEventDestroy(notime));
    CHECK(cudaEventDestroy(blocking));
    CHECK(cudaStreamDestroy(s));
    CHECK(cudaStreamDestroy(nb));
    CHECK(cudaFree(d));
    CHECK(cudaFreeHost(flag));
    printf("done\n");
    return 0;
}
