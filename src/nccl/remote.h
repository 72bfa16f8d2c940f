/*
 * remote.h: communicators whose ranks are in several processes, carried
 * by the program's MPI (mpi.h).
 *
 * The process that made the unique id learns where every rank is: each
 * rank in another process announces itself to it, and it answers each
 * with the table of ranks.  Such a communicator holds one rank per
 * process.  Its operations run on the calling thread: once the rank's
 * stream has passed everything before them, the ranks' processes exchange
 * their buffers through MPI and each reduces what it received, in rank
 * order, as simt's NCCL does in one process.  In a group, they run at
 * ncclGroupEnd, the group's sends and receives together.  In a stream
 * being captured into a graph, they become a host node of the graph,
 * which does the same at each launch (on a worker: the program must not
 * be inside MPI then, as when it waits for the stream).
 */
#ifndef SIMT_NCCL_REMOTE_H
#define SIMT_NCCL_REMOTE_H

#include <stdatomic.h>

#include "nccl.h"
#include "nccl/comm.h"

struct CUstream_st;
struct remote;

/* Rank `rank` of a communicator whose id another process made tells that
 * process (the id's creator) where it is. */
ncclResult_t remote_announce(const ncclUniqueId *id, int rank);

/* Where the ranks of a communicator are, found by the rank `rank` at its
 * first operation.  In the process that made the id: waits until the
 * ranks that joined in this process (*members, raised by
 * ncclCommInitRank in any thread) and those announced from elsewhere are
 * nranks, then answers the others.  Elsewhere: waits for that answer.
 * *out is NULL when every rank is in this process. */
ncclResult_t remote_connect(const ncclUniqueId *id, int nranks, int rank, atomic_int *members,
                            struct remote **out);

void remote_close(struct remote *r);

/* What a captured operation's failure left (ncclSuccess: none). */
ncclResult_t remote_error(const struct remote *r);

/* An operation of a communicator across processes, this process's rank's
 * part in it (peer: K_P2P's other rank); in a group, held until
 * remote_group_end. */
ncclResult_t remote_op(struct remote *r, enum kind kind, const struct part *p, int peer,
                       int sending, struct CUstream_st *s, int in_group);
ncclResult_t remote_group_end(void);

#endif
