// Block 0 spins on a flag that only the host would set, and never does: a
// GPU's watchdog ends such a kernel with cudaErrorLaunchTimeout.  Under
// SIMT_WATCHDOG the launch fails with that error, with a report naming the
// kernel, the block, the spinning thread and its loop, and where the
// block's other threads are (the loop lets them run: they exited); the
// process goes on.
#include <cstdio>
__global__ void spin(volatile int *flag, int *out)
{
    if (threadIdx.x == 0)
        while (*flag == 0)
            ;
    out[threadIdx.x] = 1;
}
int main()
{
    int *flag, *out;
    cudaMalloc(&flag, sizeof(int));
    cudaMalloc(&out, 64 * sizeof(int));
    cudaMemset(flag, 0, sizeof(int));
    spin<<<1, 64>>>(flag, out);
    cudaError_t e = cudaDeviceSynchronize();
    printf("sync: %s\n", cudaGetErrorName(e));
    printf("after: %s\n", cudaGetErrorName(cudaMemset(out, 0, 4)));
    return 0;
}
