// Block 1 waits for a flag that block 0 sets only after block 1 is done:
// a spin-wait between blocks that no running thread will release.  Every
// block still running is reported when the kernel times out.
#include <cstdio>
__global__ void wait_other(volatile int *flag, int *out)
{
    if (blockIdx.x == 1)
        while (*flag == 0)
            ;
    __syncthreads();
    if (blockIdx.x == 0 && out[64] == 1)
        *flag = 1;
    out[blockIdx.x * 32 + threadIdx.x] = 1;
}
int main()
{
    int *flag, *out;
    cudaMalloc(&flag, sizeof(int));
    cudaMalloc(&out, 128 * sizeof(int));
    cudaMemset(flag, 0, sizeof(int));
    cudaMemset(out, 0, 128 * sizeof(int));
    wait_other<<<2, 32>>>(flag, out);
    printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    int *p;
    printf("malloc: %s\n", cudaGetErrorName(cudaMalloc(&p, 4)));
    return 0;
}
