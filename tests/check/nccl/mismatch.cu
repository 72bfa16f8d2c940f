// Two ranks call different collectives as their first operation (an
// all-reduce of 64 elements against one of 32): simt reports it, computes
// nothing, and the communicators' asynchronous error is ncclInvalidUsage.
#include <cstdio>
#include <nccl.h>

int main()
{
    ncclComm_t comms[2];
    ncclCommInitAll(comms, 2, nullptr);
    float *buf[2];
    for (int r = 0; r < 2; r++) {
        cudaSetDevice(r);
        cudaMalloc(&buf[r], 64 * sizeof(float));
    }
    ncclGroupStart();
    ncclAllReduce(buf[0], buf[0], 64, ncclFloat, ncclSum, comms[0], 0);
    ncclAllReduce(buf[1], buf[1], 32, ncclFloat, ncclSum, comms[1], 0);
    ncclGroupEnd();
    for (int r = 0; r < 2; r++) {
        cudaSetDevice(r);
        cudaDeviceSynchronize();
    }
    ncclResult_t e;
    ncclCommGetAsyncError(comms[0], &e);
    printf("async error %d\n", (int)e);
    return e == ncclInvalidUsage ? 3 : 0;
}
