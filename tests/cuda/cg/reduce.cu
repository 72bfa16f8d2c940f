// cg::reduce on tiles of every size and on coalesced groups (a whole warp,
// odd lanes, a scattered set) with plus, less, greater, bit_and, bit_or,
// bit_xor and callables, on integers, floating point (whose results show
// the order of operations) and a struct.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
namespace cg = cooperative_groups;

#define K 14

struct Acc {
    float sum;
    int count;
};

__device__ unsigned mix(unsigned x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

__device__ float fval(unsigned tid)
{
    // magnitudes from 2^-10 to 2^10: sums depend on the order
    return ldexpf((float)(mix(tid) % 1000) + 0.1f, (int)(tid % 7) * 3 - 10);
}

__device__ unsigned fbits(float f)
{
    return __float_as_uint(f);
}

template <class G>
__device__ void reductions(const G &g, unsigned tid, unsigned *o)
{
    int iv = (int)(mix(tid) % 2001) - 1000;
    unsigned uv = mix(tid + 77);
    float fv = fval(tid);
    double dv = (double)fv * 1.5 + tid;
    o[0] = cg::reduce(g, iv, cg::plus<int>());
    o[1] = cg::reduce(g, iv, cg::less<int>());
    o[2] = cg::reduce(g, uv, cg::greater<unsigned>());
    o[3] = cg::reduce(g, uv | 0x80000001u, cg::bit_and<unsigned>());
    o[4] = cg::reduce(g, uv & 0x10204081u, cg::bit_or<unsigned>());
    o[5] = cg::reduce(g, uv, cg::bit_xor<unsigned>());
    o[6] = fbits(cg::reduce(g, fv, cg::plus<float>()));
    double d = cg::reduce(g, dv, cg::plus<double>());
    o[7] = (unsigned)(__double_as_longlong(d) >> 20);
    o[8] = fbits(cg::reduce(g, fv, cg::greater<float>()));
    // an operator that does not commute: the order is the result
    o[9] = fbits(cg::reduce(g, fv, [](float a, float b) { return a * 0.5f + b; }));
    long long lv = (long long)iv << 33;
    o[10] = (unsigned)(cg::reduce(g, lv, cg::plus<long long>()) >> 30);
    Acc a = {fv, 1};
    Acc r = cg::reduce(g, a, [](Acc x, Acc y) { return Acc{x.sum - y.sum * 0.25f, x.count + y.count}; });
    o[11] = fbits(r.sum);
    o[12] = r.count;
    short sv = (short)(iv * 40);
    o[13] = (unsigned short)cg::reduce(g, sv, cg::plus<short>());
}

template <unsigned S>
__global__ void tiles(unsigned *out)
{
    cg::thread_block b = cg::this_thread_block();
    auto t = cg::tiled_partition<S>(b);
    unsigned tid = blockIdx.x * blockDim.x + b.thread_rank();
    reductions(t, tid, out + tid * K);
}

__global__ void coalesced(unsigned *out)
{
    unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned lane = threadIdx.x % 32;
    cg::coalesced_group all = cg::coalesced_threads();
    reductions(all, tid, out + tid * 3 * K);
    if (lane % 2) {
        cg::coalesced_group odd = cg::coalesced_threads();
        reductions(odd, tid, out + (tid * 3 + 1) * K);
    }
    __syncwarp();
    if ((mix(tid / 32) >> lane) & 1) {
        cg::coalesced_group some = cg::coalesced_threads();
        reductions(some, tid, out + (tid * 3 + 2) * K);
    }
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
    const int pick[] = {0, 33, n - 1};
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
    const int n = 2 * 96;
    cudaMemset(d, 0, n * 3 * K * sizeof(unsigned));
    coalesced<<<2, 96>>>(d);
    printf("coalesced: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, d, n * 3 * K * sizeof(unsigned), cudaMemcpyDeviceToHost);
    show("whole warps", h, n, 3, 0);
    show("odd lanes", h, n, 3, 1);
    show("scattered lanes", h, n, 3, 2);
    return 0;
}
