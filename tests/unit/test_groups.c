/*
 * test_groups.c: cooperative grids (grid.sync) and clusters through the
 * core's C API.
 */
#include <stdalign.h>
#include <stdatomic.h>
#include <string.h>

#include "cuda_runtime_api.h"
#include "simt.h"
#include "simt/core/device.h"
#include "simt/core/groups.h"
#include "test.h"

static dim3 d3(unsigned x, unsigned y, unsigned z)
{
    dim3 d = {x, y, z};
    return d;
}

struct phases {
    atomic_int counter;
    int seen[8][64];
    int nblocks;
};

/* Each phase, every thread adds 1; after grid.sync every thread must see
 * the whole grid's additions. */
static void k_phases(void *a)
{
    struct phases *p = a;
    unsigned b = blockIdx.x;
    for (int phase = 0; phase < 8; phase++) {
        atomic_fetch_add(&p->counter, 1);
        simt_grid_sync("phases.cu:1");
        int v = atomic_load(&p->counter);
        if (threadIdx.x == 0)
            p->seen[phase][b] = v;
        simt_grid_sync("phases.cu:2");
    }
}

TEST(cooperative_grid_sync_orders_phases)
{
    static struct phases p;
    memset(&p, 0, sizeof p);
    int sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    unsigned nb = (unsigned)sms * 4 > 64 ? 64 : (unsigned)sms * 4;
    simt_launch_attrs at = {{0, 0, 0}, 1, NULL, NULL};
    ASSERT_EQ(simt_launch_ex(NULL, d3(nb, 1, 1), d3(96, 1, 1), 0, 0, k_phases, &p, NULL, &at),
              cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    for (int ph = 0; ph < 8; ph++)
        for (unsigned b = 0; b < nb; b++)
            ASSERT_EQ(p.seen[ph][b], (ph + 1) * (int)nb * 96);
}

static void k_plain_sync(void *a)
{
    (void)a;
    simt_grid_sync("plain.cu:7");
}

static void run_plain(void *unused)
{
    (void)unused;
    ASSERT_EQ(simt_launch(NULL, d3(2, 1, 1), d3(32, 1, 1), 0, 0, k_plain_sync, NULL, NULL),
              cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaErrorLaunchFailure);
}

TEST(grid_sync_without_cooperative_launch_is_diagnosed)
{
    char *err = test_capture_stderr(run_plain, NULL);
    ASSERT_STR_CONTAINS(err, "simt: error: grid.sync() in kernel");
    ASSERT_STR_CONTAINS(err, "plain.cu:7");
}

static void k_empty(void *a)
{
    (void)a;
}

TEST(cooperative_launch_too_large)
{
    int sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    simt_launch_attrs at = {{0, 0, 0}, 1, NULL, NULL};
    /* 1024-thread blocks: two per multiprocessor. */
    ASSERT_EQ(simt_launch_ex(NULL, d3((unsigned)sms * 2, 1, 1), d3(1024, 1, 1), 0, 0, k_empty,
                             NULL, NULL, &at),
              cudaSuccess);
    ASSERT_EQ(simt_launch_ex(NULL, d3((unsigned)sms * 2 + 1, 1, 1), d3(1024, 1, 1), 0, 0,
                             k_empty, NULL, NULL, &at),
              cudaErrorCooperativeLaunchTooLarge);
    ASSERT_EQ(cudaGetLastError(), cudaErrorCooperativeLaunchTooLarge);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
}

/* Each block writes its rank to shared memory; after cluster.sync each
 * reads its right neighbour's through distributed shared memory. */
static void k_dsmem(void *a)
{
    static simt_shared_site site;
    int *out = a;
    int *mine = simt_shared_static(&site, 64 * sizeof(int), alignof(int));
    unsigned rank = simt_cluster_block_rank(), n = simt_cluster_num_blocks();
    mine[threadIdx.x] = (int)(rank * 100 + threadIdx.x);
    simt_cluster_sync("dsmem.cu:3");
    int *theirs = simt_cluster_map_shared_rank(mine, (rank + 1) % n, "dsmem.cu:4");
    unsigned idx[3];
    simt_cluster_index(idx);
    out[blockIdx.x * 64 + threadIdx.x] = theirs[threadIdx.x] + (int)idx[0] * 100000 +
                                         (int)simt_cluster_query_shared_rank(theirs, "q") * 10000;
    simt_cluster_sync("dsmem.cu:6");
}

TEST(cluster_distributed_shared_memory)
{
    static int out[16 * 64];
    simt_launch_attrs at = {{4, 1, 1}, 0, NULL, NULL};
    ASSERT_EQ(simt_launch_ex(NULL, d3(16, 1, 1), d3(64, 1, 1), 0, 0, k_dsmem, out, NULL, &at),
              cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    for (int b = 0; b < 16; b++)
        for (int t = 0; t < 64; t++) {
            int rank = b % 4, next = (rank + 1) % 4;
            ASSERT_EQ(out[b * 64 + t], next * 100 + t + (b / 4) * 100000 + next * 10000);
        }
}

TEST(cluster_shapes_are_validated)
{
    simt_launch_attrs at = {{3, 1, 1}, 0, NULL, NULL};
    ASSERT_EQ(simt_launch_ex(NULL, d3(16, 1, 1), d3(32, 1, 1), 0, 0, k_empty, NULL, NULL, &at),
              cudaErrorInvalidClusterSize);
    simt_launch_attrs big = {{16, 1, 1}, 0, NULL, NULL};
    ASSERT_EQ(simt_launch_ex(NULL, d3(16, 1, 1), d3(32, 1, 1), 0, 0, k_empty, NULL, NULL, &big),
              cudaErrorInvalidClusterSize);
}

static void k_late_reader(void *a)
{
    static simt_shared_site site;
    (void)a;
    int *mine = simt_shared_static(&site, sizeof(int), alignof(int));
    *mine = 1;
    simt_cluster_sync("late.cu:1");
    if (simt_cluster_block_rank() == 0)
        return; /* exits while rank 1 still reads its memory */
    simt_nanosleep(10);
    int *other = simt_cluster_map_shared_rank(mine, 0, "late.cu:2");
    for (int i = 0; i < 100; i++)
        simt_nanosleep(10);
    *(volatile int *)other = 2;
}

static void run_late(void *unused)
{
    (void)unused;
    simt_launch_attrs at = {{2, 1, 1}, 0, NULL, NULL};
    ASSERT_EQ(simt_launch_ex(NULL, d3(2, 1, 1), d3(1, 1, 1), 0, 0, k_late_reader, NULL, NULL, &at),
              cudaSuccess);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
}

TEST(cluster_block_exit_while_read_is_diagnosed)
{
    char *err = test_capture_stderr(run_late, NULL);
    ASSERT_STR_CONTAINS(err, "shared memory of block 0 of the cluster, which has exited");
}
