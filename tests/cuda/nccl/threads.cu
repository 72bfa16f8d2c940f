// One host thread per device, each making its rank of a communicator with
// ncclCommInitRank from one unique id, then a ring of ncclSend/ncclRecv in
// a group and an all-reduce in its own stream (the shape of nccl-tests
// with -t and of the multi-threaded Jacobi solvers).  Exits with 1 on a
// wrong result.
#include <thread>

#include "common.h"

__global__ void fill(float *p, size_t n, int rank)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = (float)(rank * 1000 + (int)(i % 1000));
}

int main()
{
    const int n = 4;
    const size_t count = 1 << 16;
    ncclUniqueId id;
    NCCL_OK(ncclGetUniqueId(&id));
    int bad[n] = {0};
    std::thread t[n];
    for (int r = 0; r < n; r++)
        t[r] = std::thread([&, r] {
            CUDA_OK(cudaSetDevice(r));
            ncclComm_t comm;
            NCCL_OK(ncclCommInitRank(&comm, n, id, r));
            int rank = -1, size = -1, dev = -1;
            ncclCommUserRank(comm, &rank);
            ncclCommCount(comm, &size);
            ncclCommCuDevice(comm, &dev);
            if (rank != r || size != n || dev != r)
                bad[r]++;
            cudaStream_t s;
            CUDA_OK(cudaStreamCreate(&s));
            float *send, *recv, *sum;
            CUDA_OK(cudaMalloc(&send, count * sizeof(float)));
            CUDA_OK(cudaMalloc(&recv, count * sizeof(float)));
            CUDA_OK(cudaMalloc(&sum, count * sizeof(float)));
            fill<<<(unsigned)(count / 256), 256, 0, s>>>(send, count, r);
            // The ring: send right, receive from the left.
            NCCL_OK(ncclGroupStart());
            NCCL_OK(ncclSend(send, count, ncclFloat, (r + 1) % n, comm, s));
            NCCL_OK(ncclRecv(recv, count, ncclFloat, (r + n - 1) % n, comm, s));
            NCCL_OK(ncclGroupEnd());
            NCCL_OK(ncclAllReduce(send, sum, count, ncclFloat, ncclSum, comm, s));
            CUDA_OK(cudaStreamSynchronize(s));
            float *h = new float[count];
            CUDA_OK(cudaMemcpy(h, recv, count * sizeof(float), cudaMemcpyDeviceToHost));
            int left = (r + n - 1) % n;
            for (size_t i = 0; i < count; i++)
                bad[r] += h[i] != (float)(left * 1000 + (int)(i % 1000));
            CUDA_OK(cudaMemcpy(h, sum, count * sizeof(float), cudaMemcpyDeviceToHost));
            for (size_t i = 0; i < count; i++)
                bad[r] += h[i] != (float)(6000 + 4 * (int)(i % 1000));
            delete[] h;
            NCCL_OK(ncclCommDestroy(comm));
        });
    int total = 0;
    for (int r = 0; r < n; r++) {
        t[r].join();
        printf("rank %d: %s\n", r, bad[r] ? "differs" : "ring and sum match");
        total += bad[r];
    }
    return total != 0;
}
