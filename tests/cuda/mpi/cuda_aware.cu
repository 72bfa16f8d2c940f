// CUDA-aware MPI: device, managed and pinned buffers passed to MPI as they
// are.  A ring exchange of device memory, an all-reduce in place on device
// memory, a broadcast into managed memory and a gather into pinned memory;
// each rank checks what it received with a kernel or on the host, and rank
// 0 prints the ranks' findings.  Exits with 1 on any difference.
#include "common.h"

const int N = 1 << 16;

__global__ void fill(int *p, int n, int rank)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = rank * 1000003 + i;
}

__global__ void check_from(const int *p, int n, int rank, int *bad)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && p[i] != rank * 1000003 + i)
        atomicAdd(bad, 1);
}

__global__ void halves(double *x, int n, int rank)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = rank + 0.5 * (i % 64);
}

int main(int argc, char **argv)
{
    int rank, size;
    mpi_start(&argc, &argv, &rank, &size);
    int blocks = (N + 255) / 256;

    // A ring of device buffers: each rank receives its left neighbour's.
    int *send, *recv, *bad;
    CUDA_OK(cudaMalloc(&send, N * sizeof(int)));
    CUDA_OK(cudaMalloc(&recv, N * sizeof(int)));
    CUDA_OK(cudaMalloc(&bad, sizeof(int)));
    CUDA_OK(cudaMemset(bad, 0, sizeof(int)));
    fill<<<blocks, 256>>>(send, N, rank);
    CUDA_OK(cudaDeviceSynchronize());
    int left = (rank + size - 1) % size, right = (rank + 1) % size;
    MPI_Sendrecv(send, N, MPI_INT, right, 7, recv, N, MPI_INT, left, 7, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    check_from<<<blocks, 256>>>(recv, N, left, bad);
    int ring_bad;
    CUDA_OK(cudaMemcpy(&ring_bad, bad, sizeof(int), cudaMemcpyDeviceToHost));

    // An all-reduce in place on device memory: sums of halves are exact.
    double *x, *host = new double[N];
    CUDA_OK(cudaMalloc(&x, N * sizeof(double)));
    halves<<<blocks, 256>>>(x, N, rank);
    CUDA_OK(cudaDeviceSynchronize());
    MPI_Allreduce(MPI_IN_PLACE, x, N, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    CUDA_OK(cudaMemcpy(host, x, N * sizeof(double), cudaMemcpyDeviceToHost));
    int sum_bad = 0;
    double checksum = 0;
    for (int i = 0; i < N; i++) {
        double want = size * (size - 1) / 2.0 + size * 0.5 * (i % 64);
        sum_bad += host[i] != want;
        checksum += host[i];
    }

    // A broadcast into managed memory from rank 0's kernel.
    int *managed;
    CUDA_OK(cudaMallocManaged(&managed, N * sizeof(int)));
    if (rank == 0) {
        fill<<<blocks, 256>>>(managed, N, 42);
        CUDA_OK(cudaDeviceSynchronize());
    }
    MPI_Bcast(managed, N, MPI_INT, 0, MPI_COMM_WORLD);
    int bcast_bad = 0;
    for (int i = 0; i < N; i++)
        bcast_bad += managed[i] != 42 * 1000003 + i;

    // Each rank's count of differences, gathered into pinned memory.
    int mine[3] = {ring_bad, sum_bad, bcast_bad}, *all;
    CUDA_OK(cudaMallocHost(&all, 3 * size * sizeof(int)));
    MPI_Gather(mine, 3, MPI_INT, all, 3, MPI_INT, 0, MPI_COMM_WORLD);
    int failed = 0;
    if (rank == 0) {
        printf("%d ranks\n", size);
        for (int r = 0; r < size; r++) {
            printf("rank %d: ring %s, all-reduce %s, broadcast %s\n", r,
                   all[3 * r] ? "differs" : "matches", all[3 * r + 1] ? "differs" : "matches",
                   all[3 * r + 2] ? "differs" : "matches");
            failed += all[3 * r] + all[3 * r + 1] + all[3 * r + 2];
        }
        printf("all-reduce checksum %.1f\n", checksum);
    }
    MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
    CUDA_OK(cudaFree(send));
    CUDA_OK(cudaFree(recv));
    CUDA_OK(cudaFree(bad));
    CUDA_OK(cudaFree(x));
    CUDA_OK(cudaFree(managed));
    CUDA_OK(cudaFreeHost(all));
    delete[] host;
    MPI_Finalize();
    return failed != 0;
}
