// inclusive_scan and exclusive_scan on tiles of every size and on
// coalesced groups, with the default plus and with every operator and a
// callable; and the CUDA guide's stream compaction with exclusive_scan.
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>
#include <cstdio>
namespace cg = cooperative_groups;

#define K 16

__device__ unsigned mix(unsigned x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

template <class G>
__device__ void scans(const G &g, unsigned tid, unsigned *o)
{
    int iv = (int)(mix(tid) % 2001) - 1000;
    unsigned uv = mix(tid + 5);
    float fv = ldexpf((float)(mix(tid) % 1000) + 0.3f, (int)(tid % 5) * 4 - 8);
    o[0] = cg::inclusive_scan(g, iv);
    o[1] = cg::exclusive_scan(g, iv);
    o[2] = __float_as_uint(cg::inclusive_scan(g, fv));
    o[3] = __float_as_uint(cg::exclusive_scan(g, fv));
    o[4] = cg::inclusive_scan(g, iv, cg::less<int>());
    o[5] = cg::exclusive_scan(g, iv, cg::less<int>());
    o[6] = cg::inclusive_scan(g, uv, cg::greater<unsigned>());
    o[7] = cg::exclusive_scan(g, uv, cg::bit_xor<unsigned>());
    o[8] = cg::inclusive_scan(g, uv | 0x01000000u, cg::bit_and<unsigned>());
    o[9] = cg::exclusive_scan(g, uv & 0x00808080u, cg::bit_or<unsigned>());
    auto shift = [](float a, float b) { return a * 0.5f + b; };  // exact products: no FMA contraction differences
    o[10] = __float_as_uint(cg::inclusive_scan(g, fv, shift));
    o[11] = __float_as_uint(cg::exclusive_scan(g, fv, shift));
    double dv = fv * 4.0 + tid * 0.125;
    o[12] = (unsigned)(__double_as_longlong(cg::inclusive_scan(g, dv, cg::plus<double>())) >> 24);
    o[13] = (unsigned)(__double_as_longlong(cg::exclusive_scan(g, dv)) >> 24);
    unsigned char cv = (unsigned char)uv;
    o[14] = cg::exclusive_scan(g, cv, cg::plus<unsigned char>());
    o[15] = (unsigned)(cg::inclusive_scan(g, (long long)iv << 32) >> 28);
}

template <unsigned S>
__global__ void tiles(unsigned *out)
{
    cg::thread_block b = cg::this_thread_block();
    auto t = cg::tiled_partition<S>(b);
    unsigned tid = blockIdx.x * blockDim.x + b.thread_rank();
    scans(t, tid, out + tid * K);
}

__global__ void coalesced(unsigned *out)
{
    unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned lane = threadIdx.x % 32;
    cg::coalesced_group all = cg::coalesced_threads();
    scans(all, tid, out + tid * 3 * K);
    if (lane % 3 == 1) {
        cg::coalesced_group some = cg::coalesced_threads();
        scans(some, tid, out + (tid * 3 + 1) * K);
    }
    __syncwarp();
    if ((mix(tid / 32) >> lane) & 1) {
        cg::coalesced_group some = cg::coalesced_threads();
        scans(some, tid, out + (tid * 3 + 2) * K);
    }
}

// CUDA guide 5.6.3.5.1: put data from input into output only if it passes
// test_fn predicate
template <typename Group, typename Data, typename TyFn>
__device__ int stream_compaction(Group &g, Data *input, int count, TyFn &&test_fn, Data *output)
{
    int per_thread = count / g.num_threads();
    int thread_start = min(g.thread_rank() * per_thread, count);
    int my_count = min(per_thread, count - thread_start);

    // get all passing items from my part of the input
    // into a contagious part of the array and count them.
    int i = thread_start;
    while (i < my_count + thread_start) {
        if (test_fn(input[i])) {
            i++;
        } else {
            my_count--;
            input[i] = input[my_count + thread_start];
        }
    }

    // scan over counts from each thread to calculate my starting
    // index in the output
    int my_idx = cg::exclusive_scan(g, my_count);

    for (i = 0; i < my_count; ++i) {
        output[my_idx + i] = input[thread_start + i];
    }

    // return the total number of items in the output
    return g.shfl(my_idx + my_count, g.num_threads() - 1);
}

template <unsigned S>
__global__ void compact(int *input, int count, int *output, int *totals)
{
    auto block = cg::this_thread_block();
    auto tile = cg::tiled_partition<S>(block);
    int base = tile.meta_group_rank() * count;
    int total = stream_compaction(tile, input + base, count, [](int x) { return x % 3 != 0; },
                                  output + base);
    if (tile.thread_rank() == 0)
        totals[tile.meta_group_rank()] = total;
}

static void show(const char *what, const unsigned *h, int n, int stride, int off)
{
    printf("%s:", what);
    for (int c = 0; c < K; c++) {
        unsigned s = 0;
        for (int t = 0; t < n; t++)
            s = s * 31u + h[(t * stride + off) * K + c];
        printf(" %08x", s);
    }
    printf("\n");
    const int pick[] = {1, 45, n - 1};
    for (int t : pick) {
        printf("  thread %d:", t);
        for (int c = 0; c < K; c++)
            printf(" %u", h[(t * stride + off) * K + c]);
        printf("\n");
    }
}

template <unsigned S>
void run(unsigned *d, unsigned *h)
{
    const int n = 2 * 1024;
    cudaMemset(d, 0, n * K * sizeof(unsigned));
    tiles<S><<<2, 1024>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, d, n * K * sizeof(unsigned), cudaMemcpyDeviceToHost);
    char name[64];
    snprintf(name, sizeof name, "tile %u (%s)", S, cudaGetErrorName(e));
    show(name, h, n, 1, 0);
}

template <unsigned S>
void run_compact(int *d_in, int *d_out, int *d_tot, const int *h_in)
{
    const int tiles = 256 / S, count = 4 * S + 3;
    cudaMemcpy(d_in, h_in, tiles * count * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemset(d_out, 0xff, tiles * count * sizeof(int));
    compact<S><<<1, 256>>>(d_in, count, d_out, d_tot);
    cudaError_t e = cudaDeviceSynchronize();
    int h_out[256 * 8], h_tot[256];
    cudaMemcpy(h_out, d_out, tiles * count * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(h_tot, d_tot, tiles * sizeof(int), cudaMemcpyDeviceToHost);
    unsigned s = 0;
    for (int i = 0; i < tiles * count; i++)
        s = s * 31u + (unsigned)h_out[i];
    printf("compaction, tiles of %u: %s totals %d %d output %08x:", S, cudaGetErrorName(e), h_tot[0],
           h_tot[tiles - 1], s);
    for (int i = 0; i < 12; i++)
        printf(" %d", h_out[i]);
    printf("\n");
}

int main()
{
    unsigned *d, *h = new unsigned[2 * 1024 * 3 * K];
    cudaMalloc(&d, 2 * 1024 * 3 * K * sizeof(unsigned));
    run<1>(d, h);
    run<2>(d, h);
    run<4>(d, h);
    run<8>(d, h);
    run<16>(d, h);
    run<32>(d, h);
    run<64>(d, h);
    run<128>(d, h);
    run<256>(d, h);
    run<512>(d, h);
    run<1024>(d, h);
    const int n = 2 * 64;
    cudaMemset(d, 0, n * 3 * K * sizeof(unsigned));
    coalesced<<<2, 64>>>(d);
    printf("coalesced: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, d, n * 3 * K * sizeof(unsigned), cudaMemcpyDeviceToHost);
    show("whole warps", h, n, 3, 0);
    show("lanes 1, 4, 7...", h, n, 3, 1);
    show("scattered lanes", h, n, 3, 2);

    int *h_in = new int[256 * 8], *d_in, *d_out, *d_tot;
    for (int i = 0; i < 256 * 8; i++)
        h_in[i] = (i * 7919) % 1000;
    cudaMalloc(&d_in, 256 * 8 * sizeof(int));
    cudaMalloc(&d_out, 256 * 8 * sizeof(int));
    cudaMalloc(&d_tot, 256 * sizeof(int));
    run_compact<32>(d_in, d_out, d_tot, h_in);
    run_compact<8>(d_in, d_out, d_tot, h_in);
    run_compact<128>(d_in, d_out, d_tot, h_in);
    return 0;
}
