// cluster_group: every member in cluster launches (__cluster_dims__ and
// cudaLaunchKernelEx) and in a plain launch (a cluster of one block),
// distributed shared memory through map_shared_rank (reads, writes,
// atomics), split barriers, and the CUDA guide's cluster barrier example.
#include <cooperative_groups.h>
#include <cstdio>
using namespace cooperative_groups;

#define K 40

__device__ void put3(unsigned *o, int &i, dim3 d)
{
    o[i++] = d.x;
    o[i++] = d.y;
    o[i++] = d.z;
}

__device__ void describe(unsigned *out)
{
    __shared__ int counter;
    __shared__ int slots[64];
    cluster_group cl = this_cluster();
    grid_group g = this_grid();
    thread_block b = this_thread_block();
    unsigned *o = out + g.thread_rank() * K;
    int i = 0;
    o[i++] = cl.thread_rank();
    o[i++] = cl.block_rank();
    o[i++] = cl.num_threads();
    o[i++] = cl.num_blocks();
    o[i++] = cl.size();
    put3(o, i, cl.dim_threads());
    put3(o, i, cl.dim_blocks());
    put3(o, i, cl.block_index());
    put3(o, i, cl.thread_index());
    o[i++] = (unsigned)g.cluster_rank();
    o[i++] = (unsigned)g.num_clusters();
    put3(o, i, g.dim_clusters());
    put3(o, i, g.cluster_index());
    if (b.thread_rank() == 0)
        counter = 0;
    slots[b.thread_rank()] = (int)(cl.block_rank() * 100 + b.thread_rank());
    cl.sync();
    // every thread adds to the counter of rank 0 and reads a slot of the
    // next block
    int *c0 = cl.map_shared_rank(&counter, 0);
    atomicAdd(c0, (int)cl.block_rank() + 1);
    int *next = cl.map_shared_rank(slots, (cl.block_rank() + 1) % cl.num_blocks());
    o[i++] = next[(b.thread_rank() + 3) % b.size()];
    o[i++] = cl.query_shared_rank(next);
    o[i++] = cl.query_shared_rank(&slots[5]);
    auto token = cl.barrier_arrive();
    int local = (int)b.thread_rank() * 2;
    cl.barrier_wait(std::move(token));
    o[i++] = *c0 + local * 0;
    // writes into the previous block's slots, seen after the cluster syncs
    int *prev = cl.map_shared_rank(slots, (cl.block_rank() + cl.num_blocks() - 1) % cl.num_blocks());
    cl.sync();
    prev[b.thread_rank()] += 1000;
    cl.sync();
    o[i++] = slots[b.thread_rank()];
    cl.sync();
    o[K - 1] = i;
}

__global__ void __cluster_dims__(2, 1, 1) fixed(unsigned *out)
{
    describe(out);
}

__global__ void flexible(unsigned *out)
{
    describe(out);
}

// CUDA guide 5.6.3.6.1
__device__ int results[8 * 64];

void __device__ init_shared_data(const thread_block &block, int *data)
{
    data[block.thread_rank()] = (int)(blockIdx.x * 1000 + block.thread_rank());
}
void __device__ local_processing(const thread_block &block)
{
    results[blockIdx.x * 64 + block.thread_rank()] = -1;
}
void __device__ process_shared_data(const thread_block &block, int *data)
{
    results[blockIdx.x * 64 + block.thread_rank()] = data[block.size() - 1 - block.thread_rank()];
}

__global__ void cluster_kernel()
{
    extern __shared__ int array[];
    auto cluster = this_cluster();
    auto block = this_thread_block();

    // Use this thread block to initialize some shared state
    init_shared_data(block, &array[0]);

    auto token = cluster.barrier_arrive(); // Let other blocks know this block is running and data was initialized

    // Do some local processing to hide the synchronization latency
    local_processing(block);

    // Map data in shared memory from the next block in the cluster
    int *dsmem = cluster.map_shared_rank(&array[0], (cluster.block_rank() + 1) % cluster.num_blocks());

    // Make sure all other blocks in the cluster are running and initialized shared data before accessing dsmem
    cluster.barrier_wait(std::move(token));

    // Consume data in distributed shared memory
    process_shared_data(block, dsmem);
    cluster.sync();
}

static void dump(const char *what, unsigned *d, int n)
{
    unsigned *h = new unsigned[n * K];
    cudaMemcpy(h, d, n * K * sizeof(unsigned), cudaMemcpyDeviceToHost);
    unsigned sum = 0;
    for (int t = 0; t < n * K; t++)
        sum = sum * 31u + h[t];
    printf("%s checksum %08x\n", what, sum);
    const int pick[] = {0, 37, 64 + 5, n - 1};
    for (int t : pick) {
        printf("  thread %d:", t);
        for (int c = 0; c < (int)h[t * K + K - 1] && c < K - 1; c++)
            printf(" %u", h[t * K + c]);
        printf("\n");
    }
    delete[] h;
}

int main()
{
    unsigned *d;
    const int maxn = 8 * 64 * 4;
    cudaMalloc(&d, maxn * K * sizeof(unsigned));

    cudaMemset(d, 0, maxn * K * sizeof(unsigned));
    fixed<<<dim3(4, 2, 1), 64>>>(d);
    printf("__cluster_dims__(2,1,1): %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    dump("fixed", d, 8 * 64);

    cudaLaunchConfig_t cfg = {};
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeClusterDimension;
    attr[0].val.clusterDim.x = 2;
    attr[0].val.clusterDim.y = 2;
    attr[0].val.clusterDim.z = 1;
    cfg.gridDim = dim3(4, 4, 1);
    cfg.blockDim = dim3(32, 2, 1);
    cfg.attrs = attr;
    cfg.numAttrs = 1;
    int clusters = 0;
    cudaError_t e = cudaOccupancyMaxActiveClusters(&clusters, flexible, &cfg);
    printf("cudaOccupancyMaxActiveClusters: %s, positive %d\n", cudaGetErrorName(e), clusters > 0);
    cudaMemset(d, 0, maxn * K * sizeof(unsigned));
    e = cudaLaunchKernelEx(&cfg, flexible, d);
    printf("cudaLaunchKernelEx 2x2 clusters: %s %s\n", cudaGetErrorName(e),
           cudaGetErrorName(cudaDeviceSynchronize()));
    dump("2x2", d, 16 * 64);

    cudaFuncSetAttribute(flexible, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
    attr[0].val.clusterDim.x = 16;
    attr[0].val.clusterDim.y = 1;
    cfg.gridDim = dim3(16, 1, 1);
    cfg.blockDim = dim3(64, 1, 1);
    cudaMemset(d, 0, maxn * K * sizeof(unsigned));
    e = cudaLaunchKernelEx(&cfg, flexible, d);
    printf("cluster of 16 blocks: %s %s\n", cudaGetErrorName(e), cudaGetErrorName(cudaDeviceSynchronize()));
    dump("16", d, 16 * 64);

    cudaMemset(d, 0, maxn * K * sizeof(unsigned));
    flexible<<<3, 64>>>(d);
    printf("plain launch: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    dump("plain", d, 3 * 64);

    attr[0].val.clusterDim.x = 4;
    cfg.gridDim = dim3(8, 1, 1);
    cfg.blockDim = dim3(64, 1, 1);
    cfg.dynamicSmemBytes = 64 * sizeof(int);
    e = cudaLaunchKernelEx(&cfg, cluster_kernel);
    printf("cluster barrier example: %s %s\n", cudaGetErrorName(e), cudaGetErrorName(cudaDeviceSynchronize()));
    int h_results[8 * 64];
    cudaMemcpyFromSymbol(h_results, results, sizeof h_results);
    for (int b = 0; b < 8; b++)
        printf("  block %d: %d %d %d\n", b, h_results[b * 64], h_results[b * 64 + 1], h_results[b * 64 + 63]);
    return 0;
}
