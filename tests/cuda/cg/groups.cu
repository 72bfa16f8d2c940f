// thread_block, grid_group, thread_group and the free functions: every
// member, in a 3-D grid of 3-D blocks, in a plain and a cooperative launch
// (is_valid() tells them apart); split block barriers and this_thread().
// A thread_group is made from blocks, tiles and clusters only: CUDA's does
// not keep a grid_group (see tests/check/cg/thread_group_grid.cu).
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

#define K 64

__device__ void put3(unsigned *o, int &i, dim3 d)
{
    o[i++] = d.x;
    o[i++] = d.y;
    o[i++] = d.z;
}

__global__ void members(unsigned *out)
{
    cg::thread_block b = cg::this_thread_block();
    cg::grid_group g = cg::this_grid();
    unsigned long long me = g.thread_rank();
    unsigned *o = out + me * K;
    int i = 0;
    o[i++] = b.thread_rank();
    put3(o, i, b.group_index());
    put3(o, i, b.thread_index());
    put3(o, i, b.dim_threads());
    o[i++] = b.num_threads();
    o[i++] = b.size();
    put3(o, i, b.group_dim());
    o[i++] = g.is_valid();
    o[i++] = (unsigned)g.thread_rank();
    o[i++] = (unsigned)g.block_rank();
    o[i++] = (unsigned)g.num_threads();
    o[i++] = (unsigned)g.num_blocks();
    o[i++] = (unsigned)g.size();
    put3(o, i, g.dim_blocks());
    put3(o, i, g.group_dim());
    put3(o, i, g.block_index());
    put3(o, i, g.dim_threads());
    put3(o, i, g.thread_index());
    o[i++] = (unsigned)g.cluster_rank();
    o[i++] = (unsigned)g.num_clusters();
    put3(o, i, g.dim_clusters());
    put3(o, i, g.cluster_index());
    // the generic handle, from each kind of group
    cg::thread_group tb = b, tc = cg::this_cluster();
    cg::thread_group tt = cg::tiled_partition(b, 4);
    cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(b);
    cg::thread_group t8g = t8;
    o[i++] = (unsigned)tb.size() * 1000 + (unsigned)tb.thread_rank();
    o[i++] = (unsigned)tc.size() * 1000 + (unsigned)tc.thread_rank();
    o[i++] = (unsigned)tt.size() * 1000 + (unsigned)tt.thread_rank();
    o[i++] = (unsigned)t8g.size() * 1000 + (unsigned)t8g.thread_rank();
    o[i++] = tb.get_type() * 1000 + tc.get_type() * 100 + tt.get_type() * 10 + t8g.get_type();
    o[i++] = cg::thread_rank(b) * 1000 + cg::group_size(b);
    o[i++] = (unsigned)cg::thread_rank(g) * 7 + (unsigned)cg::group_size(g);
    o[i++] = cg::thread_rank(t8) * 100 + cg::group_size(t8);
    auto self = cg::this_thread();
    o[i++] = self.thread_rank() * 1000 + self.num_threads() * 100 + self.meta_group_rank() * 10 +
             self.meta_group_size();
    o[K - 1] = i;
}

__global__ void barriers(int *out)
{
    __shared__ int sh[256];
    cg::thread_block b = cg::this_thread_block();
    unsigned r = b.thread_rank(), n = b.size();
    sh[r] = r * 3 + 1;
    b.sync();
    int a = sh[(r + 1) % n];
    cg::sync(b);
    sh[r] = a + 5;
    auto token = b.barrier_arrive();
    int local = r * r;  // independent work between arrival and wait
    b.barrier_wait(std::move(token));
    int c = sh[(r + 7) % n];
    cg::thread_group tg = b;
    tg.sync();
    sh[r] = c * 2 + local;
    cg::sync(tg);
    out[blockIdx.x * n + r] = sh[(r + n - 1) % n] + sh[r];
}

// CUDA guide 5.6.3.1.4: tiles wider than a warp with block_tile_memory
// (needed before compute capability 8.0, accepted after); invoke_one.
__global__ void tile_memory(int *out)
{
    // reserve shared memory for thread_block_tile usage,
    // specify that block size will be at most 256 threads.
    __shared__ cg::block_tile_memory<256> shared;
    cg::thread_block thb = cg::this_thread_block(shared);
    // Create tiles with 128 threads.
    auto tile = cg::tiled_partition<128>(thb);
    unsigned r = thb.thread_rank();
    int v = tile.shfl((int)r * 3, 5);
    out[r] = v + (int)tile.meta_group_rank() * 1000 + tile.any(r == 200) * 10000 + tile.all(r != 3) * 20000;
    auto t32 = cg::tiled_partition<32>(thb);
    cg::invoke_one(t32, [&] { atomicAdd(&out[256], 1); });
    int b = cg::invoke_one_broadcast(t32, [&] { return (int)r + 7; });
    out[r] += b * 100000;
}

static void dump(const char *what, unsigned *h, int n)
{
    unsigned sum[K] = {0};
    for (int t = 0; t < n; t++)
        for (int c = 0; c < K; c++)
            sum[c] = sum[c] * 33u + h[t * K + c];
    printf("%s sums:", what);
    for (int c = 0; c < K; c++)
        printf(" %x", sum[c]);
    printf("\n");
    const int show[] = {0, 1, 25, 77, n - 1};
    for (int t : show) {
        printf("%s thread %d:", what, t);
        for (int c = 0; c < (int)h[t * K + K - 1] && c < K - 1; c++)
            printf(" %u", h[t * K + c]);
        printf("\n");
    }
}

int main()
{
    dim3 grid(3, 2, 2), block(4, 3, 2);
    int n = 12 * 24;
    unsigned *d, *h = new unsigned[n * K];
    cudaMalloc(&d, n * K * sizeof(unsigned));
    cudaMemset(d, 0, n * K * sizeof(unsigned));
    members<<<grid, block>>>(d);
    printf("plain launch: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, d, n * K * sizeof(unsigned), cudaMemcpyDeviceToHost);
    dump("plain", h, n);

    int coop = 0;
    cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, 0);
    printf("cudaDevAttrCooperativeLaunch: %d\n", coop);
    cudaMemset(d, 0, n * K * sizeof(unsigned));
    void *args[] = {&d};
    cudaError_t e = cudaLaunchCooperativeKernel((void *)members, grid, block, args, 0, 0);
    printf("cooperative launch: %s %s\n", cudaGetErrorName(e), cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, d, n * K * sizeof(unsigned), cudaMemcpyDeviceToHost);
    dump("coop", h, n);

    int *o, ho[3 * 256];
    cudaMalloc(&o, sizeof ho);
    barriers<<<3, 256>>>(o);
    printf("barriers: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost);
    unsigned long long s = 0;
    for (int i = 0; i < 3 * 256; i++)
        s = s * 3 + ho[i];
    printf("barriers: %d %d %d %d checksum %llu\n", ho[0], ho[100], ho[255], ho[700], s);

    cudaMemset(o, 0, sizeof ho);
    tile_memory<<<1, 256>>>(o);
    printf("block_tile_memory: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(ho, o, 257 * sizeof(int), cudaMemcpyDeviceToHost);
    printf("tiles of 128: %d %d %d %d %d invoke_one ran %d times\n", ho[0], ho[5], ho[127], ho[130], ho[255], ho[256]);
    return 0;
}
