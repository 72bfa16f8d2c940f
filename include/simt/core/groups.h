/*
 * simt/core/groups.h: grid and cluster synchronization of the core (C API),
 * under cooperative_groups' grid_group and cluster_group.
 */
#ifndef SIMT_GROUPS_H
#define SIMT_GROUPS_H
#pragma GCC system_header

#ifdef __cplusplus
extern "C" {
#endif

/* this_grid().sync(): needs a cooperative launch, else it is diagnosed. */
void simt_grid_sync(const char *site);
int simt_grid_is_cooperative(void);

/* Cluster barrier: arrive returns the phase token, wait blocks until the
 * phase completes; sync is both.  Without a cluster launch a block is a
 * cluster of one: the wait is the block barrier. */
unsigned simt_cluster_arrive(const char *site);
void simt_cluster_wait(const char *site, unsigned token);
void simt_cluster_sync(const char *site);
/* Distributed shared memory: addr in this block's shared memory, the same
 * variable in the block of the given rank. */
void *simt_cluster_map_shared_rank(void *addr, unsigned rank, const char *site);
unsigned simt_cluster_query_shared_rank(const void *addr, const char *site);
unsigned simt_cluster_block_rank(void);
unsigned simt_cluster_num_blocks(void);
void simt_cluster_dim(unsigned dim[3]);    /* blocks per cluster */
void simt_cluster_index(unsigned idx[3]);  /* this cluster in the grid of clusters */
int simt_launch_is_cluster(void);

/* A barrier among threads first..first+count-1 of the block (linear ids):
 * tiles and partitions wider than a warp. */
void simt_range_sync(const char *site, unsigned first, unsigned count);

#ifdef __cplusplus
}
#endif

#endif /* SIMT_GROUPS_H */
