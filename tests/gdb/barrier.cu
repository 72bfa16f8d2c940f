// A kernel whose block's threads wait at __syncthreads while one thread
// stops at a breakpoint (stop_here): the debugger test lists the
// kernel, its blocks and threads, and switches to a waiting thread.
// Built with -G (each CUDA thread a fiber with its own stack).
#include <cstdio>

__device__ __noinline__ void stop_here(int tid)
{
    // The breakpoint's place: threads 0..4 of block 0 already wait at the
    // barrier below, the others have not started.
    asm volatile("" ::"r"(tid) : "memory");
}

__global__ void reverse(int *out)
{
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x * 10 + blockIdx.x;
    if (blockIdx.x == 0 && threadIdx.x == 5)
        stop_here(threadIdx.x);
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = s[63 - threadIdx.x];
}

int main()
{
    int *out;
    cudaMallocManaged(&out, 2 * 64 * sizeof(int));
    reverse<<<2, 64>>>(out);
    cudaDeviceSynchronize();
    printf("out[0] = %d, out[64] = %d, out[127] = %d\n", out[0], out[64], out[127]);
    cudaFree(out);
    return 0;
}
