// bar.sync naming fewer threads than the block has (a named barrier for
// part of the block): simt's barriers span the block, so the launch is
// reported and fails rather than synchronizing the wrong threads.
#include <cstdio>

__global__ void partial(unsigned *out)
{
    if (threadIdx.x < 32)
        asm volatile("bar.sync 1, 32;");
    out[threadIdx.x] = threadIdx.x;
}

int main()
{
    unsigned *out;
    cudaMalloc(&out, 256);
    partial<<<1, 64>>>(out);
    fprintf(stderr, "synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
