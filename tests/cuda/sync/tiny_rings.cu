// Blocks of one to a few threads passing __syncthreads in a ring on the
// fiber tier (tiny_rings.env): the barrier's ring path looks ahead by up
// to three threads, which in a ring of one, two or three threads wraps
// past its end more than once.  Each round every thread publishes its
// value, reads a neighbour's after the barrier and changes its own after
// a second one; sizes around the warp's 32 close the list.
#include <cstdio>

__global__ void ring(const unsigned *in, unsigned *out, int rounds)
{
    extern __shared__ unsigned s[];
    unsigned t = threadIdx.x, n = blockDim.x;
    unsigned v = in[blockIdx.x * n + t];
    for (int r = 0; r < rounds; r++) {
        s[t] = v;
        __syncthreads();
        unsigned a = s[(t + 1) % n], b = s[(t + n - 1) % n];
        __syncthreads();
        v = v * 2654435761u + (a ^ (b >> 3)) + (unsigned)r;
    }
    out[blockIdx.x * n + t] = v;
}

int main()
{
    const int sizes[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 17, 31, 33};
    const int blocks = 5, rounds = 40, most = 33 * blocks;
    unsigned h[most], *in, *out;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof h);
    for (int i = 0; i < most; i++)
        h[i] = (unsigned)i * 0x9e3779b9u ^ 0x5bd1e995u;
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    for (int n : sizes) {
        ring<<<blocks, n, n * sizeof(unsigned)>>>(in, out, rounds);
        cudaError_t e = cudaDeviceSynchronize();
        cudaMemcpy(h, out, blocks * n * sizeof(unsigned), cudaMemcpyDeviceToHost);
        unsigned sum = 0;
        for (int i = 0; i < blocks * n; i++)
            sum = sum * 31u + h[i];
        printf("%2d threads: %s, checksum %08x, last %08x\n", n, cudaGetErrorString(e), sum,
               h[blocks * n - 1]);
    }
    cudaFree(in);
    cudaFree(out);
    return 0;
}
