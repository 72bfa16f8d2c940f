/*
 * comm.h: what NCCL's communicators (comm.c) and their MPI side across
 * processes (remote.c) share: an operation's kind, one rank's part in it,
 * and what a unique id holds.
 */
#ifndef SIMT_NCCL_COMM_H
#define SIMT_NCCL_COMM_H

#include <stddef.h>

#include "nccl/reduce.h"

enum kind { K_ALLREDUCE, K_BROADCAST, K_REDUCE, K_ALLGATHER, K_REDUCESCATTER, K_P2P };

extern const char *const nccl_kind_name[];

/* One rank's part in an operation. */
struct part {
    const void *send;
    void *recv;
    size_t count;
    int type, root;
    enum red_op op;
    _Alignas(8) unsigned char scalar[8]; /* RED_PREMULSUM: the scalar, or where it is (device) */
    int scalar_on_device;
};

/* Tells a checking build's initcheck that the host wrote rank's output of
 * an operation (a K_P2P part: the receiver's, if it is one). */
void nccl_mark_written(enum kind kind, const struct part *p, int rank, int nranks);

/* The scalar of a rank's part as the reduction reads it. */
const void *nccl_scalar_of(const struct part *p);

/* A unique id's bytes: who made it (a process of a host, and its rank in
 * MPI_COMM_WORLD or -1), and a count that makes it unique there. */
struct id_body {
    unsigned long long magic, pid, serial, host;
    long long sec, nsec;
    int creator;
};

#endif
