// A block that runs longer than the watchdog's limit while its
// __syncthreads keep completing: it is not stuck, and the launch does not
// time out (run with SIMT_WATCHDOG=1).  Each phase, one thread waits 50 ms
// of the global timer while the block's other threads wait for it at the
// barrier; a block-wide sum in shared memory checks every phase ran.
#include <cstdio>

#define PHASES 40

__device__ unsigned long long now_ns()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

__global__ void phases(unsigned long long *sum)
{
    __shared__ unsigned long long acc[PHASES];
    if (threadIdx.x < PHASES)
        acc[threadIdx.x] = 0;
    __syncthreads();
    for (int p = 0; p < PHASES; p++) {
        if (threadIdx.x == 0) {
            unsigned long long start = now_ns();
            while (now_ns() - start < 50000000ull)
                ;
        }
        atomicAdd(&acc[p], (unsigned long long)(threadIdx.x * (p + 1)));
        __syncthreads();
    }
    if (threadIdx.x < PHASES)
        sum[threadIdx.x] = acc[threadIdx.x];
}

int main()
{
    unsigned long long *sum, h[PHASES];
    cudaMalloc(&sum, sizeof h);
    cudaMemset(sum, 0, sizeof h);
    phases<<<1, 128>>>(sum);
    printf("launch: %s\n", cudaGetErrorName(cudaGetLastError()));
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, sum, sizeof h, cudaMemcpyDeviceToHost);
    unsigned long long total = 0;
    for (int p = 0; p < PHASES; p++)
        total += h[p];
    printf("phase 1 %llu, phase %d %llu, total %llu\n", h[0], PHASES, h[PHASES - 1], total);
    return 0;
}
