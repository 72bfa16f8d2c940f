// The MPI tests' start: MPI, this process's rank and the process count, a
// device per process (round robin over the devices), and for the NCCL
// tests a communicator across the processes, made as NCCL's examples make
// it (rank 0's unique id broadcast with MPI).
#include <mpi.h>

#include "../nccl/common.h"

static inline void mpi_start(int *argc, char ***argv, int *rank, int *size)
{
    MPI_Init(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    MPI_Comm_size(MPI_COMM_WORLD, size);
    int devices;
    CUDA_OK(cudaGetDeviceCount(&devices));
    CUDA_OK(cudaSetDevice(*rank % devices));
}

static inline ncclComm_t nccl_over_mpi(int rank, int size)
{
    ncclUniqueId id;
    if (rank == 0)
        NCCL_OK(ncclGetUniqueId(&id));
    MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD);
    ncclComm_t comm;
    NCCL_OK(ncclCommInitRank(&comm, size, id, rank));
    return comm;
}
