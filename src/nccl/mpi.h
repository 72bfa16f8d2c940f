/*
 * mpi.h: the MPI that a program runs under, as NCCL's transport between
 * processes.  simt's NCCL does not link an MPI: it finds the program's own
 * (Open MPI's library, by its exported names) when a communicator spans
 * processes, and calls it on the thread that calls NCCL.
 */
#ifndef SIMT_NCCL_MPI_H
#define SIMT_NCCL_MPI_H

#include <stddef.h>

/* A communicator of MPI's (MPI_Comm), and a pending transfer (MPI_Request). */
typedef void *mpi_comm;
typedef void *mpi_request;

/* This process's rank in MPI_COMM_WORLD; -1 when the program runs no MPI,
 * MPI is not initialized or already finalized, the process is MPI's only
 * one, or the MPI is not Open MPI's. */
int mpi_world_rank(void);

/* Why mpi_world_rank is -1 (but for the only process), for a diagnostic. */
const char *mpi_absent_why(void);

/* Messages on MPI_COMM_WORLD under simt's own tags: bytes to or from one
 * process.  mpi_world_poll returns the size of a message from src (-1:
 * any) with tag waiting to be received, or -1 when there is none, and its
 * source in *from.  Each returns 0 on success. */
int mpi_world_send(int dst, int tag, const void *buf, size_t bytes);
int mpi_world_recv(int src, int tag, void *buf, size_t bytes);
long mpi_world_poll(int src, int tag, int *from);

/* A communicator of the world ranks world[0..n-1], its rank i being
 * world[i]; made by those processes together.  NULL on failure. */
mpi_comm mpi_comm_of(const int *world, int n, int tag);
void mpi_comm_release(mpi_comm c);

/* Collectives on a communicator, blocks of `bytes` per rank (any size). */
int mpi_allgather(mpi_comm c, const void *send, void *recv, size_t bytes);
int mpi_alltoall(mpi_comm c, const void *send, void *recv, size_t bytes);
int mpi_gather(mpi_comm c, const void *send, void *recv, size_t bytes, int root);
int mpi_bcast(mpi_comm c, void *buf, size_t bytes, int root);

/* Point to point on a communicator: started, then waited for together. */
int mpi_isend(mpi_comm c, const void *buf, size_t bytes, int peer, mpi_request *r);
int mpi_irecv(mpi_comm c, void *buf, size_t bytes, int peer, mpi_request *r);
int mpi_waitall(mpi_request *r, int n);

/* The most bytes one point-to-point transfer above may carry. */
#define P2P_PIECE ((size_t)1 << 30)

#endif
