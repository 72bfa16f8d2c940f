// cudaStreamWaitEvent orders streams: chains, fan-out, fan-in, the legacy
// and non-blocking streams, events recorded again after a wait (the wait
// keeps the recording current at its call), and events never recorded
// (no wait at all).  Each kernel applies x = x * 10 + k to one value
// (modulo a prime), so the value spells the order the kernels ran in.
#include "spin.h"

#define DELAY 30000000LL
#define NS 6

__global__ void step(int *x, int k, long long delay)
{
    long long t0 = clock64();
    while (clock64() - t0 < delay)
        __nanosleep(500);
    *x = (int)(((long long)*x * 10 + k) % 1000003);
}

__global__ void copy_to(const int *from, int *to) { *to = *from; }

static int value(const int *d)
{
    int v = -1;
    cudaMemcpy(&v, d, sizeof v, cudaMemcpyDeviceToHost);
    return v;
}

int main()
{
    preload_spin_kernels();
    cudaFuncAttributes fa;
    cudaFuncGetAttributes(&fa, step);
    cudaFuncGetAttributes(&fa, copy_to);
    int *d, *h;
    CHECK(cudaMalloc(&d, 64 * sizeof(int)));
    CHECK(cudaMemset(d, 0, 64 * sizeof(int)));
    CHECK(cudaHostAlloc(&h, 16 * sizeof(int), cudaHostAllocMapped));
    memset(h, 0, 16 * sizeof(int));
    cudaStream_t s[NS];
    cudaEvent_t e[NS];
    for (int i = 0; i < NS; i++) {
        CHECK(cudaStreamCreateWithFlags(&s[i], i % 2 ? cudaStreamNonBlocking : cudaStreamDefault));
        CHECK(cudaEventCreateWithFlags(&e[i], cudaEventDisableTiming));
    }

    // a chain: stream i waits for stream i-1; the earlier kernels are slower
    for (int i = 0; i < NS; i++) {
        if (i > 0)
            CHECK(cudaStreamWaitEvent(s[i], e[i - 1], 0));
        step<<<1, 1, 0, s[i]>>>(d, i + 1, DELAY * (NS - i) / NS);
        CHECK(cudaEventRecord(e[i], s[i]));
    }
    CHECK(cudaStreamSynchronize(s[NS - 1]));
    printf("chain of %d streams: %d\n", NS, value(d));

    // fan-out, then fan-in: one slow kernel, then NS-1 streams each copy
    // its result; stream 0 then waits for all of them
    step<<<1, 1, 0, s[0]>>>(d + 1, 7, DELAY);
    CHECK(cudaEventRecord(e[0], s[0]));
    for (int i = 1; i < NS; i++) {
        CHECK(cudaStreamWaitEvent(s[i], e[0], 0));
        step<<<1, 1, 0, s[i]>>>(d + 1 + i, i, DELAY / 4);
        copy_to<<<1, 1, 0, s[i]>>>(d + 1, d + 10 + i);
        CHECK(cudaEventRecord(e[i], s[i]));
    }
    for (int i = 1; i < NS; i++)
        CHECK(cudaStreamWaitEvent(s[0], e[i], 0));
    int *sum = d + 20;
    for (int i = 1; i < NS; i++)
        step<<<1, 1, 0, s[0]>>>(sum, 0, 0), copy_to<<<1, 1, 0, s[0]>>>(d + 10 + i, d + 30 + i);
    CHECK(cudaDeviceSynchronize());
    printf("fan-out copies:");
    for (int i = 1; i < NS; i++)
        printf(" %d", value(d + 30 + i));
    printf("\n");

    // through the legacy stream: a non-blocking stream waits for an event
    // recorded in stream 0 after a slow kernel
    step<<<1, 1>>>(d + 40, 3, DELAY);
    CHECK(cudaEventRecord(e[0], 0));
    CHECK(cudaStreamWaitEvent(s[1], e[0], 0));
    step<<<1, 1, 0, s[1]>>>(d + 40, 4, 0);
    CHECK(cudaStreamSynchronize(s[1]));
    printf("stream 0 -> non-blocking stream: %d\n", value(d + 40));
    step<<<1, 1, 0, s[1]>>>(d + 41, 5, DELAY);
    CHECK(cudaEventRecord(e[1], s[1]));
    CHECK(cudaStreamWaitEvent(0, e[1], 0));
    step<<<1, 1>>>(d + 41, 6, 0);
    CHECK(cudaDeviceSynchronize());
    printf("non-blocking stream -> stream 0: %d\n", value(d + 41));

    // a wait uses the recording current when it is called: recording the
    // event again afterwards does not move the wait
    h[0] = 0;
    CHECK(cudaEventRecord(e[2], s[2])); // s[2] is idle: complete at once
    CHECK(cudaStreamWaitEvent(s[4], e[2], 0));
    wait_flag<<<1, 1, 0, s[4]>>>(h, d + 42);
    set_flag<<<1, 1, 0, s[2]>>>(h, 1);
    CHECK(cudaEventRecord(e[2], s[2]));
    CHECK(cudaDeviceSynchronize());
    printf("wait keeps the earlier recording: %d\n", value(d + 42));

    // a never-recorded event is no wait at all
    cudaEvent_t never;
    CHECK(cudaEventCreate(&never));
    h[1] = 0;
    CHECK(cudaStreamWaitEvent(s[3], never, 0));
    wait_flag<<<1, 1, 0, s[3]>>>(h + 1, d + 43);
    set_flag<<<1, 1, 0, s[5]>>>(h + 1, 1);
    CHECK(cudaDeviceSynchronize());
    printf("never-recorded event: no wait %d\n", value(d + 43));

    // a stream waiting for its own event, and one event waited for twice
    step<<<1, 1, 0, s[3]>>>(d + 44, 1, DELAY / 2);
    CHECK(cudaEventRecord(e[3], s[3]));
    CHECK(cudaStreamWaitEvent(s[3], e[3], 0));
    CHECK(cudaStreamWaitEvent(s[5], e[3], 0));
    CHECK(cudaStreamWaitEvent(s[5], e[3], 0));
    step<<<1, 1, 0, s[3]>>>(d + 44, 2, 0);
    step<<<1, 1, 0, s[5]>>>(d + 45, 0, 0);
    copy_to<<<1, 1, 0, s[5]>>>(d + 44, d + 46);
    CHECK(cudaDeviceSynchronize());
    printf("own event: %d, waited twice sees at least: %d\n", value(d + 44), value(d + 46) >= 1);

    // a long chain over the same two streams, event reused
    CHECK(cudaMemset(d + 50, 0, sizeof(int)));
    for (int i = 0; i < 200; i++) {
        cudaStream_t from = s[i % 2], to = s[(i + 1) % 2];
        step<<<1, 1, 0, from>>>(d + 50, i % 7, 0);
        CHECK(cudaEventRecord(e[0], from));
        CHECK(cudaStreamWaitEvent(to, e[0], 0));
    }
    CHECK(cudaDeviceSynchronize());
    printf("ping-pong of 200 kernels: %d\n", value(d + 50));

    for (int i = 0; i < NS; i++) {
        CHECK(cudaStreamDestroy(s[i]));
        CHECK(cudaEventDestroy(e[i]));
    }
    CHECK(cudaEventDestroy(never));
    CHECK(cudaFree(d));
    CHECK(cudaFreeHost(h));
    printf("done\n");
    return 0;
}
