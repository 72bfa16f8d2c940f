// NCCL across processes inside a CUDA graph: a stream capture records a
// kernel, a group of sends and receives around a ring, an all-reduce and
// a kernel that reads their results; the graph is then launched several
// times, each launch moving the values one rank further.  Rank 0 prints
// the ranks' findings.  Exits with 1 on any difference.
#include "common.h"

const int N = 512;

__global__ void step(int *mine, int launch, int rank)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N)
        mine[i] = (rank + 1) * 1000 + launch * 10 + i % 7;
}

// What came from the left rank, and the all-reduced sum, checked against
// what they must be after launch `launch`.
__global__ void check(const int *left_values, const int *sum, int launch, int left, int size,
                      int *bad)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= N)
        return;
    if (left_values[i] != (left + 1) * 1000 + launch * 10 + i % 7)
        atomicAdd(bad, 1);
    int want = 1000 * size * (size + 1) / 2 + size * (launch * 10 + i % 7);
    if (sum[i] != want)
        atomicAdd(bad, 1);
}

int main(int argc, char **argv)
{
    int rank, size;
    mpi_start(&argc, &argv, &rank, &size);
    ncclComm_t comm = nccl_over_mpi(rank, size);

    int *mine, *from_left, *sum, *bad;
    CUDA_OK(cudaMalloc(&mine, N * sizeof(int)));
    CUDA_OK(cudaMalloc(&from_left, N * sizeof(int)));
    CUDA_OK(cudaMalloc(&sum, N * sizeof(int)));
    CUDA_OK(cudaMalloc(&bad, sizeof(int)));
    CUDA_OK(cudaMemset(bad, 0, sizeof(int)));
    int left = (rank + size - 1) % size, right = (rank + 1) % size;

    cudaStream_t s;
    CUDA_OK(cudaStreamCreate(&s));
    const int launches = 4;
    cudaGraphExec_t exec[launches];
    for (int l = 0; l < launches; l++) {
        // One graph per launch number: kernels take it as an argument.
        cudaGraph_t g;
        CUDA_OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
        step<<<(N + 127) / 128, 128, 0, s>>>(mine, l, rank);
        NCCL_OK(ncclGroupStart());
        NCCL_OK(ncclSend(mine, N, ncclInt32, right, comm, s));
        NCCL_OK(ncclRecv(from_left, N, ncclInt32, left, comm, s));
        NCCL_OK(ncclGroupEnd());
        NCCL_OK(ncclAllReduce(mine, sum, N, ncclInt32, ncclSum, comm, s));
        check<<<(N + 127) / 128, 128, 0, s>>>(from_left, sum, l, left, size, bad);
        CUDA_OK(cudaStreamEndCapture(s, &g));
        CUDA_OK(cudaGraphInstantiate(&exec[l], g, 0));
        CUDA_OK(cudaGraphDestroy(g));
    }
    // Launched twice each, in order.
    for (int round = 0; round < 2; round++)
        for (int l = 0; l < launches; l++)
            CUDA_OK(cudaGraphLaunch(exec[l], s));
    CUDA_OK(cudaStreamSynchronize(s));
    int mybad = 0;
    CUDA_OK(cudaMemcpy(&mybad, bad, sizeof(int), cudaMemcpyDeviceToHost));
    ncclResult_t async;
    NCCL_OK(ncclCommGetAsyncError(comm, &async));
    int total = 0, async_total = 0, async_mine = async != ncclSuccess;
    MPI_Reduce(&mybad, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&async_mine, &async_total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%d ranks, %d graph launches: %s, asynchronous errors %d\n", size, 2 * launches,
               total ? "differs" : "every rank matches", async_total);
    MPI_Bcast(&total, 1, MPI_INT, 0, MPI_COMM_WORLD);
    for (int l = 0; l < launches; l++)
        CUDA_OK(cudaGraphExecDestroy(exec[l]));
    NCCL_OK(ncclCommDestroy(comm));
    CUDA_OK(cudaFree(mine));
    CUDA_OK(cudaFree(from_left));
    CUDA_OK(cudaFree(sum));
    CUDA_OK(cudaFree(bad));
    MPI_Finalize();
    return total != 0;
}
