// ncclAllReduce over four devices for every data type and operation, with
// values whose results every type holds exactly: each rank's buffer is
// compared with the host's result.  Prints one line per type and exits
// with 1 on any difference.
#include "common.h"

static const char *const op_name[] = {"sum", "prod", "max", "min", "avg"};

int main()
{
    const int nranks = 4;
    const size_t count = 262147; // several slices and a tail in every type
    ncclComm_t comms[nranks];
    NCCL_OK(ncclCommInitAll(comms, nranks, nullptr));
    cudaStream_t streams[nranks];
    void *buf[nranks], *out[nranks];
    for (int r = 0; r < nranks; r++) {
        CUDA_OK(cudaSetDevice(r));
        CUDA_OK(cudaStreamCreate(&streams[r]));
        CUDA_OK(cudaMalloc(&buf[r], count * 8));
        CUDA_OK(cudaMalloc(&out[r], count * 8));
    }
    unsigned char *host = (unsigned char *)malloc(count * 8);
    int failures = 0;
    for (int ti = 0; ti < ntypes; ti++) {
        ncclDataType_t t = all_types[ti];
        int bad = 0;
        for (int oi = 0; oi < 5; oi++) {
            ncclRedOp_t op = allreduce_ops[oi];
            for (int r = 0; r < nranks; r++) {
                for (size_t i = 0; i < count; i++)
                    put(host, i, t, allreduce_input(r, i, op));
                CUDA_OK(cudaSetDevice(r));
                CUDA_OK(cudaMemcpy(buf[r], host, count * type_size(t), cudaMemcpyHostToDevice));
            }
            // Out of place for every rank, then in place on the inputs.
            for (int pass = 0; pass < 2; pass++) {
                NCCL_OK(ncclGroupStart());
                for (int r = 0; r < nranks; r++)
                    NCCL_OK(ncclAllReduce(buf[r], pass ? buf[r] : out[r], count, t, op, comms[r],
                                          streams[r]));
                NCCL_OK(ncclGroupEnd());
                for (int r = 0; r < nranks; r++) {
                    CUDA_OK(cudaSetDevice(r));
                    CUDA_OK(cudaStreamSynchronize(streams[r]));
                    CUDA_OK(cudaMemcpy(host, pass ? buf[r] : out[r], count * type_size(t),
                                       cudaMemcpyDeviceToHost));
                    for (size_t i = 0; i < count; i++) {
                        double want = allreduce_result(nranks, i, op, t);
                        if (get(host, i, t) != want) {
                            if (bad < 3)
                                printf("type %d %s rank %d element %zu: %g, expected %g\n", (int)t,
                                       op_name[oi], r, i, get(host, i, t), want);
                            bad++;
                        }
                    }
                }
            }
        }
        printf("type %2d: %s\n", (int)t, bad ? "differs" : "all operations match");
        failures += bad;
    }
    ncclResult_t async;
    NCCL_OK(ncclCommGetAsyncError(comms[0], &async));
    printf("async error %d\n", (int)async);
    for (int r = 0; r < nranks; r++)
        NCCL_OK(ncclCommDestroy(comms[r]));
    free(host);
    return failures != 0;
}
