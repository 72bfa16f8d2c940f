// A cooperative kernel that runs longer than the watchdog's limit while
// its grid barriers keep completing: it is not stuck, and no launch times
// out (run with SIMT_WATCHDOG=1).  Each phase, one thread waits 50 ms of
// the global timer while every other thread of the grid waits for it at
// grid.sync().
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

#define PHASES 40

__device__ unsigned long long now_ns()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    return t;
}

__global__ void phases(unsigned long long *sum)
{
    cg::grid_group grid = cg::this_grid();
    for (int p = 0; p < PHASES; p++) {
        if (grid.thread_rank() == 0) {
            unsigned long long start = now_ns();
            while (now_ns() - start < 50000000ull)
                ;
        }
        atomicAdd(&sum[p], (unsigned long long)(threadIdx.x * (p + 1) + blockIdx.x));
        grid.sync();
    }
}

int main()
{
    unsigned long long *sum, h[PHASES];
    cudaMalloc(&sum, sizeof h);
    cudaMemset(sum, 0, sizeof h);
    void *args[] = {&sum};
    cudaError_t e = cudaLaunchCooperativeKernel((void *)phases, dim3(8), dim3(64), args, 0, 0);
    printf("launch: %s\n", cudaGetErrorName(e));
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, sum, sizeof h, cudaMemcpyDeviceToHost);
    unsigned long long total = 0;
    for (int p = 0; p < PHASES; p++)
        total += h[p];
    printf("phase 1 %llu, phase %d %llu, total %llu\n", h[0], PHASES, h[PHASES - 1], total);
    return 0;
}
