// spin_flag's correct twin (tests/check/hang): the flag the kernel waits
// for is set before the launch, and a second kernel's blocks wait only for
// their own threads; no launch times out (run with SIMT_WATCHDOG=1).
#include <cstdio>
__global__ void spin(volatile int *flag, int *out)
{
    if (threadIdx.x == 0)
        while (*flag == 0)
            ;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = *flag + threadIdx.x;
}
int main()
{
    int *flag, *out, one = 1, h[256];
    cudaMalloc(&flag, sizeof(int));
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(flag, &one, sizeof one, cudaMemcpyHostToDevice);
    spin<<<4, 64>>>(flag, out);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    long s = 0;
    for (int i = 0; i < 256; i++)
        s += h[i];
    printf("%s %ld\n", cudaGetErrorName(e), s);
    return 0;
}
