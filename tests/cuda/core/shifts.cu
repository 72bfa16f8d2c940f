// shifts.cu: shifts in kernels by counts of the operand's width or more
// (undefined in C++, clamped by a GPU: 0, or -1 for negative values
// shifted right), for 32- and 64-bit, signed and unsigned, promoted
// small types, compound assignments, chains, casts and precedence.  The
// counts come from memory, so nothing is folded at compile time.
#include <cstdio>

#define NC 9

template <int N> struct Bits {
    static constexpr int value = N;
};

__global__ void shifts(const int *counts, unsigned long long *out)
{
    int n = counts[threadIdx.x];
    unsigned u = 0x80000001u;
    int s = -1000;
    int p = 1000;
    unsigned long long ul = 0x8000000000000001ull;
    long long sl = -5000000000ll;
    unsigned char c = 0xF1;
    short h = -3;
    unsigned long long *o = out + threadIdx.x * 16;
    o[0] = u << n;
    o[1] = u >> n;
    o[2] = (unsigned)(s << n);
    o[3] = (unsigned)(s >> n);
    o[4] = (unsigned)(p >> n);
    o[5] = ul << n;
    o[6] = ul >> n;
    o[7] = (unsigned long long)(sl >> n);
    o[8] = (unsigned long long)(sl << n);
    o[9] = (unsigned)(c << n);
    o[10] = (unsigned)(h >> n);
    unsigned a = u;
    a <<= n;
    long long b = sl;
    b >>= n;
    o[11] = a ^ (unsigned long long)b;
    o[12] = (u >> n >> 1) + (1u << n << 1);
    o[13] = u << static_cast<int>(counts[threadIdx.x]) + 1;
    o[14] = n < 40 ? u >> n - 1 : 7u << (unsigned)n;
    o[15] = Bits<(1 << 4)>::value + (1u << 31 >> 31);
}

int main()
{
    const int h_counts[NC] = {0, 1, 31, 32, 33, 40, 63, 64, -1};
    int *counts;
    unsigned long long *out, h[NC * 16];
    cudaMalloc(&counts, sizeof h_counts);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(counts, h_counts, sizeof h_counts, cudaMemcpyHostToDevice);
    shifts<<<1, NC>>>(counts, out);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("%s\n", cudaGetErrorName(e));
    for (int t = 0; t < NC; t++) {
        printf("n=%d:", h_counts[t]);
        for (int k = 0; k < 16; k++)
            printf(" %llx", h[t * 16 + k]);
        printf("\n");
    }
    return 0;
}
