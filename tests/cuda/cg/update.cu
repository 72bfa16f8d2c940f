// reduce_update_async, reduce_store_async, inclusive_scan_update and
// exclusive_scan_update with cuda::atomic, cuda::atomic_ref and pointers,
// on tiles and coalesced groups; and the CUDA guide's dynamic buffer
// allocation with exclusive_scan_update.  Printed values do not depend on
// the order in which tiles reach the atomics.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cuda/atomic>
#include <cstdio>
namespace cg = cooperative_groups;

__device__ unsigned mix(unsigned x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

__global__ void updates(int *out, int *per_tile16, unsigned *checks)
{
    __shared__ cuda::atomic<int, cuda::thread_scope_block> sum, mx, mn, tile_sums[4];
    __shared__ unsigned bits_or, bits_and, bits_xor;
    __shared__ int plain_count, plain_store[8];
    __shared__ cuda::atomic<float, cuda::thread_scope_block> fsum;
    __shared__ cuda::atomic<int, cuda::thread_scope_block> counter, counter2, counter128, maxscan;
    auto block = cg::this_thread_block();
    unsigned r = block.thread_rank();
    if (r == 0) {
        sum.store(0);
        mx.store(-1000000);
        mn.store(1000000);
        for (int i = 0; i < 4; i++)
            tile_sums[i].store(0);
        bits_or = 0;
        bits_and = ~0u;
        bits_xor = 0;
        plain_count = 0;
        fsum.store(0.0f);
        counter.store(0);
        counter2.store(0);
        counter128.store(1000);
        maxscan.store(0);
    }
    block.sync();
    unsigned tid = blockIdx.x * blockDim.x + r;
    int v = (int)(mix(tid) % 1001) - 500;
    unsigned u = mix(tid + 9);
    auto t32 = cg::tiled_partition<32>(block);
    auto t4 = cg::tiled_partition<4>(block);
    auto t64 = cg::tiled_partition<64>(block);
    auto t16 = cg::tiled_partition<16>(block);
    cg::reduce_update_async(t32, sum, v, cg::plus<int>());
    cg::reduce_update_async(t4, mx, v, cg::greater<int>());
    cg::reduce_update_async(t64, mn, v, cg::less<int>());
    cuda::atomic_ref<unsigned, cuda::thread_scope_block> ror(bits_or), rand(bits_and), rxor(bits_xor);
    cg::reduce_update_async(t16, ror, u & 0x01010101u, cg::bit_or<unsigned>());
    cg::reduce_update_async(t32, rand, u | 0x10000000u, cg::bit_and<unsigned>());
    cg::reduce_update_async(t4, rxor, u, cg::bit_xor<unsigned>());
    // a callable: the compare-and-swap path; whole numbers keep the sum exact
    cg::reduce_update_async(t64, fsum, (float)(v % 7), [](float a, float b) { return a + b; });
    cg::reduce_store_async(t64, tile_sums[t64.meta_group_rank()], v, cg::plus<int>());
    cg::reduce_store_async(t16, per_tile16 + blockIdx.x * 16 + t16.meta_group_rank(), v, cg::plus<int>());
    if (r % 2) {
        cg::coalesced_group odd = cg::coalesced_threads();
        cg::reduce_store_async(odd, per_tile16 + 64 + blockIdx.x * 8 + r / 32, v,
                               cg::greater<int>());
    }
    __syncwarp();
    // scans offset by an atomic: every tile's total is the same, so each
    // tile's offset is a multiple of it whatever the order
    int need = (int)(t32.thread_rank() % 4) + 1;
    int off = cg::exclusive_scan_update(t32, counter, need);
    int mine = cg::exclusive_scan(t32, need);
    unsigned ok = (off - mine) % 80 == 0;
    auto t128 = cg::tiled_partition<128>(block);
    int need128 = (int)(t128.thread_rank() % 4);
    int incl = cg::inclusive_scan_update(t128, counter128, need128);
    int incl_mine = cg::inclusive_scan(t128, need128);
    ok |= (((incl - incl_mine - 1000) % 192) == 0) << 1;
    int m = cg::inclusive_scan_update(t16, maxscan, v, cg::greater<int>());
    int own = cg::inclusive_scan(t16, v, cg::greater<int>());
    ok |= (m >= own) << 2;
    int e = cg::exclusive_scan_update(t32, counter2, 2, cg::plus<int>());
    ok |= ((e - 2 * (int)t32.thread_rank()) % 64 == 0) << 3;
    using ref = cuda::atomic_ref<int, cuda::thread_scope_block>;
    int seq = cg::inclusive_scan_update(t32, ref(plain_count), 1);
    ok |= ((seq - 1) % 32 == (int)t32.thread_rank()) << 4;
    cg::reduce_store_async(t32, ref(plain_store[t32.meta_group_rank()]), v, cg::plus<int>());
    block.sync();
    checks[tid] = ok;
    if (r == 0) {
        out[blockIdx.x * 16 + 0] = sum.load();
        out[blockIdx.x * 16 + 1] = mx.load();
        out[blockIdx.x * 16 + 2] = mn.load();
        out[blockIdx.x * 16 + 3] = (int)bits_or;
        out[blockIdx.x * 16 + 4] = (int)bits_and;
        out[blockIdx.x * 16 + 5] = (int)bits_xor;
        out[blockIdx.x * 16 + 6] = (int)fsum.load();
        for (int i = 0; i < 4; i++)
            out[blockIdx.x * 16 + 7 + i] = tile_sums[i].load();
        out[blockIdx.x * 16 + 11] = counter.load();
        out[blockIdx.x * 16 + 12] = counter128.load();
        out[blockIdx.x * 16 + 13] = maxscan.load();
        out[blockIdx.x * 16 + 14] = counter2.load();
        out[blockIdx.x * 16 + 15] = plain_count * 100000 + plain_store[0] + plain_store[7];
    }
}

// CUDA guide 5.6.3.5.1, dynamic buffer space allocation; the buffer is
// copied out at the end, and the tile is declared thread_block_tile<32>
// (the guide's `auto` makes a thread_block_tile<32, thread_block>, which
// its calculate_buffer_space_needed cannot take: nvcc rejects it).

// Buffer partitioning is static to make the example easier to follow,
// but any arbitrary dynamic allocation scheme can be implemented by replacing this function.
__device__ int calculate_buffer_space_needed(cg::thread_block_tile<32> &tile)
{
    return tile.thread_rank() % 2 + 1;
}

__device__ int my_thread_data(int i)
{
    return i;
}

__global__ void kernel(int *copy)
{
    __shared__ extern int buffer[];
    __shared__ cuda::atomic<int, cuda::thread_scope_block> buffer_used;

    auto block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    buffer_used = 0;
    block.sync();

    // each thread calculates buffer size it needs
    int buf_needed = calculate_buffer_space_needed(tile);

    // scan over the needs of each thread, result for each thread is an offset
    // of that thread's part of the buffer. buffer_used is atomically updated with
    // the sum of all thread's inputs, to correctly offset other tile's allocations
    int buf_offset = cg::exclusive_scan_update(tile, buffer_used, buf_needed);

    // each thread fills its own part of the buffer with thread specific data
    for (int i = 0; i < buf_needed; ++i) {
        buffer[buf_offset + i] = my_thread_data(i);
    }

    block.sync();
    // buffer_used now holds total amount of memory allocated
    // buffer is {0, 0, 1, 0, 0, 1 ...};
    int used = buffer_used.load();
    for (int i = block.thread_rank(); i < used; i += block.size())
        copy[i + 1] = buffer[i];
    if (block.thread_rank() == 0)
        copy[0] = used;
}

int main()
{
    int *d_out, *d_tiles, h_out[3 * 16], h_tiles[64 + 24];
    unsigned *d_checks, h_checks[3 * 256];
    cudaMalloc(&d_out, sizeof h_out);
    cudaMalloc(&d_tiles, sizeof h_tiles);
    cudaMalloc(&d_checks, sizeof h_checks);
    cudaMemset(d_out, 0, sizeof h_out);
    updates<<<3, 256>>>(d_out, d_tiles, d_checks);
    printf("updates: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    cudaMemcpy(h_tiles, d_tiles, sizeof h_tiles, cudaMemcpyDeviceToHost);
    cudaMemcpy(h_checks, d_checks, sizeof h_checks, cudaMemcpyDeviceToHost);
    for (int b = 0; b < 3; b++) {
        printf("block %d:", b);
        for (int i = 0; i < 16; i++)
            printf(" %d", h_out[b * 16 + i]);
        printf("\n");
    }
    printf("tiles of 16:");
    for (int i = 0; i < 48; i++)
        printf(" %d", h_tiles[i]);
    printf("\nodd lanes:");
    for (int i = 64; i < 64 + 24; i++)
        printf(" %d", h_tiles[i]);
    unsigned hist[32] = {0};
    for (int i = 0; i < 3 * 256; i++)
        hist[h_checks[i] & 31]++;
    printf("\nchecks:");
    for (int i = 0; i < 32; i++)
        printf(" %u", hist[i]);
    printf("\n");

    int *d_copy, h_copy[1 + 512];
    cudaMalloc(&d_copy, sizeof h_copy);
    cudaMemset(d_copy, 0, sizeof h_copy);
    kernel<<<1, 256, 512 * sizeof(int)>>>(d_copy);
    printf("buffer allocation: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_copy, d_copy, sizeof h_copy, cudaMemcpyDeviceToHost);
    printf("buffer_used %d:", h_copy[0]);
    for (int i = 1; i <= 24; i++)
        printf(" %d", h_copy[i]);
    unsigned s = 0;
    for (int i = 1; i <= h_copy[0] && i <= 512; i++)
        s = s * 3 + (unsigned)h_copy[i];
    printf(" ... checksum %u\n", s);
    return 0;
}
