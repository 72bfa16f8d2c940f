// A kernel's attributes belong to each device: the dynamic shared memory
// opted into on device 0 does not carry over to device 1, where the same
// launch fails until device 1 opts in too.  Run with two devices
// (SIMT_DEVICES=2).
#include <cstdio>

__global__ void big(int *out)
{
    extern __shared__ int s[];
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    if (threadIdx.x == 0)
        *out = s[blockDim.x - 1];
}

int main()
{
    const int bytes = 100 * 1024;
    int *out0, *out1, h;
    cudaSetDevice(0);
    cudaMalloc(&out0, sizeof(int));
    printf("opt in on 0: %d\n",
           (int)cudaFuncSetAttribute(big, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes));
    big<<<1, 128, bytes>>>(out0);
    printf("launch on 0: %d\n", (int)cudaGetLastError());
    cudaMemcpy(&h, out0, sizeof h, cudaMemcpyDeviceToHost);
    printf("device 0 computed %d\n", h);
    cudaFuncAttributes a;
    cudaFuncGetAttributes(&a, big);
    printf("device 0 max dynamic shared %d\n", a.maxDynamicSharedSizeBytes);

    cudaSetDevice(1);
    cudaMalloc(&out1, sizeof(int));
    cudaFuncGetAttributes(&a, big);
    printf("device 1 max dynamic shared %d\n", a.maxDynamicSharedSizeBytes);
    big<<<1, 128, bytes>>>(out1);
    printf("launch on 1 before opting in: %d\n", (int)cudaGetLastError());
    printf("opt in on 1: %d\n",
           (int)cudaFuncSetAttribute(big, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes));
    big<<<1, 128, bytes>>>(out1);
    printf("launch on 1: %d\n", (int)cudaGetLastError());
    cudaMemcpy(&h, out1, sizeof h, cudaMemcpyDeviceToHost);
    printf("device 1 computed %d\n", h);
    cudaFree(out1);
    cudaSetDevice(0);
    cudaFree(out0);
    return 0;
}
