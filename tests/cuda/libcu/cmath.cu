// cuda::ceil_div, round_up, round_down, ilog2 and ilog10 (<cuda/cmath>)
// in host and device code, with mixed signedness, widths near their
// maxima and an enum divisor; a grid sized with ceil_div.
#include <cuda/cmath>
#include <climits>
#include <cstdio>

enum tile : int { tile_size = 32 };

__global__ void compute(long long *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned v = (unsigned)i * 2654435761u;
        out[i] = (long long)cuda::ceil_div(v, 1000u) * 7 + cuda::round_up(i, 48) * 3 + cuda::round_down(i, 10) +
                 cuda::ilog2(v | 1u) * 5 + cuda::ilog10(v | 1u);
    }
}

int main()
{
    printf("ceil_div: %d %d %d %d\n", cuda::ceil_div(0, 4), cuda::ceil_div(1, 4), cuda::ceil_div(8, 4),
           cuda::ceil_div(9, 4));
    printf("ceil_div unsigned max: %u %llu\n", cuda::ceil_div(UINT_MAX, 2u), cuda::ceil_div(ULLONG_MAX, 3ull));
    printf("ceil_div mixed: %lld %u\n", (long long)cuda::ceil_div(10LL, 3), (unsigned)cuda::ceil_div(10u, (short)4));
    printf("ceil_div enum: %d\n", (int)cuda::ceil_div(100, tile_size));
    printf("round_up %d %d, round_down %d %d\n", cuda::round_up(100, 32), cuda::round_up(96, 32),
           cuda::round_down(100, 32), cuda::round_down(31, 32));
    printf("ilog2 %d %d %d, ilog10 %d %d %d\n", cuda::ilog2(1), cuda::ilog2(1000), cuda::ilog2(ULLONG_MAX),
           cuda::ilog10(9), cuda::ilog10(10), cuda::ilog10(ULLONG_MAX));
    const int n = 5000;
    long long *d;
    cudaMalloc(&d, n * sizeof(long long));
    compute<<<cuda::ceil_div(n, 256), 256>>>(d, n);
    long long *h = new long long[n];
    cudaMemcpy(h, d, n * sizeof(long long), cudaMemcpyDeviceToHost);
    unsigned long long s = 0;
    for (int i = 0; i < n; i++)
        s = s * 1000003ull + (unsigned long long)h[i];
    printf("device checksum %llx\n", s);
    delete[] h;
    cudaFree(d);
    return 0;
}
