/*
 * waits.h: which NCCL operations wait for which, to find the rings that
 * wait forever.
 *
 * An operation (a rendezvous of comm.c) completes once every rank's
 * command has run; a rank's command runs once its stream has passed what
 * came before it, and a stream that an earlier NCCL call made wait for
 * another operation's gate passes it only when that operation completes.
 * So operation Z waits for operation Y when a rank's command of Z was
 * queued behind Y's gate.  A cycle of such waits never resolves: ncclSend
 * from every rank of a ring before any ncclRecv, outside a group, is the
 * common one (each rank's receive is queued behind its own send, which
 * waits for the next rank's receive).  A GPU hangs there; simt reports it
 * when the call that closes the cycle is made.
 */
#ifndef SIMT_NCCL_WAITS_H
#define SIMT_NCCL_WAITS_H

struct cmd;
struct CUstream_st;

/* Operation `op` (any key) with its gate and `slots` ranks' commands. */
int waits_add(void *op, struct cmd *gate, int slots);
void waits_remove(void *op);

/* Rank `slot` of op queues its command in stream s.  Returns the number
 * of operations in a cycle that this closes (0: none), their keys in
 * ring[0..] (at most max; op among them). */
int waits_arrive(void *op, int slot, struct CUstream_st *s, void **ring, int max);

/* Stream s waits for gate (of an operation) from now on. */
void waits_stream(struct CUstream_st *s, struct cmd *gate);

#endif
