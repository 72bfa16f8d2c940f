// Both ranks of a communicator pass the same stream: the first rank's wait
// would hold back the second rank's part, and the operation would never
// run.  simt refuses the second call with ncclInvalidUsage and says why.
#include <cstdio>
#include <nccl.h>

int main()
{
    ncclComm_t comms[2];
    ncclCommInitAll(comms, 2, nullptr);
    float *buf[2];
    cudaStream_t s;
    cudaSetDevice(0);
    cudaStreamCreate(&s);
    for (int r = 0; r < 2; r++) {
        cudaSetDevice(r);
        cudaMalloc(&buf[r], 64 * sizeof(float));
    }
    ncclResult_t a = ncclAllReduce(buf[0], buf[0], 64, ncclFloat, ncclSum, comms[0], s);
    ncclResult_t b = ncclAllReduce(buf[1], buf[1], 64, ncclFloat, ncclSum, comms[1], s);
    printf("%d %d\n", (int)a, (int)b);
    return b == ncclInvalidUsage ? 3 : 0;
}
