// ncclRedOpCreatePreMulSum with a host scalar and a device scalar (read
// when the operation runs), each rank multiplying its own input by its own
// scalar, and ncclRedOpDestroy; two devices.  Exits with 1 on a wrong
// result.
#include "common.h"

int main()
{
    const int n = 2;
    const size_t count = 1024;
    ncclComm_t comms[n];
    NCCL_OK(ncclCommInitAll(comms, n, nullptr));
    double *buf[n], *out[n], *scalar[n];
    double h[count];
    for (int r = 0; r < n; r++) {
        CUDA_OK(cudaSetDevice(r));
        CUDA_OK(cudaMalloc(&buf[r], sizeof h));
        CUDA_OK(cudaMalloc(&out[r], sizeof h));
        CUDA_OK(cudaMalloc(&scalar[r], sizeof(double)));
        for (size_t i = 0; i < count; i++)
            h[i] = (double)(i + r);
        CUDA_OK(cudaMemcpy(buf[r], h, sizeof h, cudaMemcpyHostToDevice));
    }
    int failures = 0;
    for (int mode = 0; mode < 2; mode++) {
        ncclRedOp_t op[n];
        double k[n] = {3.0, 0.25};
        for (int r = 0; r < n; r++) {
            CUDA_OK(cudaSetDevice(r));
            if (mode == 0) {
                NCCL_OK(ncclRedOpCreatePreMulSum(&op[r], &k[r], ncclDouble, ncclScalarHostImmediate, comms[r]));
            } else {
                double one = 1.0;
                CUDA_OK(cudaMemcpy(scalar[r], &one, sizeof one, cudaMemcpyHostToDevice));
                NCCL_OK(ncclRedOpCreatePreMulSum(&op[r], scalar[r], ncclDouble, ncclScalarDevice, comms[r]));
                // Read when the operation runs: 0.5 and 2 by then.
                double later = r ? 2.0 : 0.5;
                CUDA_OK(cudaMemcpy(scalar[r], &later, sizeof later, cudaMemcpyHostToDevice));
            }
        }
        k[0] = k[1] = 100.0; // a host scalar was read at creation
        NCCL_OK(ncclGroupStart());
        for (int r = 0; r < n; r++)
            NCCL_OK(ncclAllReduce(buf[r], out[r], count, ncclDouble, op[r], comms[r], 0));
        NCCL_OK(ncclGroupEnd());
        for (int r = 0; r < n; r++) {
            CUDA_OK(cudaSetDevice(r));
            CUDA_OK(cudaDeviceSynchronize());
            CUDA_OK(cudaMemcpy(h, out[r], sizeof h, cudaMemcpyDeviceToHost));
            // Rank 0 holds i, rank 1 holds i + 1.
            double k0 = mode == 0 ? 3.0 : 0.5, k1 = mode == 0 ? 0.25 : 2.0;
            for (size_t i = 0; i < count; i++)
                failures += h[i] != k0 * (double)i + k1 * (double)(i + 1);
            NCCL_OK(ncclRedOpDestroy(op[r], comms[r]));
        }
        printf("%s scalar: %s\n", mode ? "device" : "host", failures ? "differs" : "matches");
    }
    ncclRedOp_t gone = (ncclRedOp_t)(ncclNumOps + 5);
    printf("destroy an operator never made: %d\n", (int)ncclRedOpDestroy(gone, comms[0]));
    for (int r = 0; r < n; r++)
        NCCL_OK(ncclCommDestroy(comms[r]));
    return failures != 0;
}
