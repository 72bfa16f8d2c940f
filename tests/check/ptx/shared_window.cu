// Inline PTX loading from the .shared state space at an address outside
// the block's shared memory (a generic address where a shared-window one
// is due): reported with the thread and line, and the launch fails.
#include <cstdio>

__global__ void reader(unsigned *out)
{
    __shared__ unsigned s[32];
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    unsigned v;
    asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(0x7ffffff0u));
    out[threadIdx.x] = v + s[0];
}

int main()
{
    unsigned *out;
    cudaMalloc(&out, 128);
    reader<<<1, 32>>>(out);
    fprintf(stderr, "synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
