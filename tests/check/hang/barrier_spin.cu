// The block's last thread loops for ever while the others wait for it at
// __syncthreads: the report names the spinning thread and where the
// others wait.
#include <cstdio>
__global__ void loop(volatile int *flag, int *out)
{
    if (threadIdx.x == blockDim.x - 1)
        while (*flag == 0)
            ;
    __syncthreads();
    out[threadIdx.x] = 1;
}
int main()
{
    int *flag, *out;
    cudaMalloc(&flag, sizeof(int));
    cudaMalloc(&out, 64 * sizeof(int));
    cudaMemset(flag, 0, sizeof(int));
    loop<<<1, 64>>>(flag, out);
    printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
