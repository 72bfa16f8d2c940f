/*
 * cluster.h: thread block clusters (CUDA guide, "Thread Block Clusters";
 * cooperative_groups::this_cluster()).
 *
 * A cluster's blocks are claimed together and resident on one worker, so
 * distributed shared memory is the other blocks' arenas, and the cluster
 * barrier is a rendezvous of threads of one worker.  A block that finishes
 * before its cluster keeps its record, with its shared memory made
 * inaccessible: a late access by another block faults and is reported.
 */
#ifndef SIMT_ENGINE_CLUSTER_H
#define SIMT_ENGINE_CLUSTER_H

#include <stddef.h>

#include "engine/engine.h"

/* A thread of a cluster block exited. */
void cluster_thread_exited(struct worker *w, struct block *b);
/* b finished; returns 1 when its whole cluster has (records may go). */
int cluster_block_finished(struct worker *w, struct block *b);
/* Describes addr if it is shared memory of a finished cluster block. */
int cluster_describe_address(struct worker *w, const void *addr, char *buf, size_t len);

#endif
