// A kernel whose block passes barrier after barrier, so that its threads
// meet in a ring (engine/ring.h) whose records are written back only when
// it ends: at the breakpoint (thread 5 of block 0, fifth round), the
// debugger test lists each thread's state and switches to a waiting and a
// released one.  Built with -G.
#include <cstdio>

__device__ __noinline__ void stop_here(int tid)
{
    asm volatile("" ::"r"(tid) : "memory");
}

__global__ void rounds(int *out)
{
    __shared__ int s[64];
    int v = threadIdx.x;
    for (int r = 0; r < 6; r++) {
        s[threadIdx.x] = v;
        __syncthreads();
        if (r == 4 && blockIdx.x == 0 && threadIdx.x == 5)
            stop_here(threadIdx.x);
        v += s[63 - threadIdx.x];
        __syncthreads();
    }
    out[blockIdx.x * 64 + threadIdx.x] = v;
}

int main()
{
    int *out;
    cudaMallocManaged(&out, 2 * 64 * sizeof(int));
    rounds<<<2, 64>>>(out);
    cudaDeviceSynchronize();
    printf("out[0] = %d, out[64] = %d, out[127] = %d\n", out[0], out[64], out[127]);
    cudaFree(out);
    return 0;
}
