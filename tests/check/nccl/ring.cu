// Every rank of a ring sends before it receives, in one stream per rank
// and outside a group: each rank's receive is queued behind its send,
// which waits for the next rank's receive.  A GPU hangs; simt reports the
// cycle when the call that closes it is made, returns ncclInvalidUsage
// from it, sets the communicators' asynchronous error and lets the
// streams go on.
#include <cstdio>
#include <nccl.h>

int main()
{
    const int n = 3;
    ncclComm_t comms[n];
    ncclCommInitAll(comms, n, nullptr);
    int *buf[n];
    cudaStream_t s[n];
    for (int r = 0; r < n; r++) {
        cudaSetDevice(r);
        cudaStreamCreate(&s[r]);
        cudaMalloc(&buf[r], 2 * 256 * sizeof(int));
    }
    for (int r = 0; r < n; r++)
        ncclSend(buf[r], 256, ncclInt32, (r + 1) % n, comms[r], s[r]);
    ncclResult_t last = ncclSuccess;
    for (int r = 0; r < n; r++)
        last = ncclRecv(buf[r] + 256, 256, ncclInt32, (r + n - 1) % n, comms[r], s[r]);
    for (int r = 0; r < n; r++) {
        cudaSetDevice(r);
        cudaStreamSynchronize(s[r]);
    }
    ncclResult_t async;
    ncclCommGetAsyncError(comms[0], &async);
    printf("last call %d, asynchronous error %d\n", (int)last, (int)async);
    return last == ncclInvalidUsage ? 3 : 0;
}
