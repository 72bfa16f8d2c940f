// NCCL's argument errors: a NULL communicator, an invalid type, operator
// or root, a host buffer, an unbalanced group end; and the version.
#include "common.h"

int main()
{
    int v = 0;
    NCCL_OK(ncclGetVersion(&v));
    printf("version at least 2.19: %d\n", v >= 21900);
    ncclComm_t comms[2];
    NCCL_OK(ncclCommInitAll(comms, 2, nullptr));
    float *d;
    CUDA_OK(cudaMalloc(&d, 64 * sizeof(float)));
    float host[64];
    printf("null comm %d\n", (int)ncclAllReduce(d, d, 64, ncclFloat, ncclSum, nullptr, 0));
    printf("bad type %d\n", (int)ncclAllReduce(d, d, 64, (ncclDataType_t)99, ncclSum, comms[0], 0));
    printf("bad op %d\n", (int)ncclAllReduce(d, d, 64, ncclFloat, (ncclRedOp_t)77, comms[0], 0));
    printf("bad root %d\n", (int)ncclBroadcast(d, d, 64, ncclFloat, 2, comms[0], 0));
    printf("negative root %d\n", (int)ncclReduce(d, d, 64, ncclFloat, ncclSum, -1, comms[0], 0));
    printf("host buffer %d\n", (int)ncclAllReduce(host, host, 64, ncclFloat, ncclSum, comms[0], 0));
    printf("bad peer %d\n", (int)ncclSend(d, 64, ncclFloat, 2, comms[0], 0));
    printf("group end without start %d\n", (int)ncclGroupEnd());
    printf("init all of 0 %d\n", (int)ncclCommInitAll(comms, 0, nullptr));
    int bad_dev[2] = {0, 7};
    ncclComm_t c2[2];
    printf("init all with a missing device %d\n", (int)ncclCommInitAll(c2, 2, bad_dev));
    printf("count of null %d\n", (int)ncclCommCount(nullptr, &v));
    printf("success string: %s\n", ncclGetErrorString(ncclSuccess));
    NCCL_OK(ncclCommDestroy(comms[0]));
    NCCL_OK(ncclCommDestroy(comms[1]));
    return 0;
}
