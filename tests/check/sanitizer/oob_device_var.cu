// Planted bug: threads write one element past a __device__ array;
// tests/cuda/sanitizer/oob_device_var_ok.cu is the correct twin.
#include <cstdio>

__device__ int table[32];

__global__ void fill(int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= n) /* should be i < n */
        table[i] = i * i;
}

__global__ void sum(int *out)
{
    int s = 0;
    for (int i = 0; i < 32; i++)
        s += table[i];
    *out = s;
}

int main()
{
    int *d, r;
    cudaMalloc(&d, sizeof r);
    fill<<<1, 64>>>(32);
    sum<<<1, 1>>>(d);
    cudaMemcpy(&r, d, sizeof r, cudaMemcpyDeviceToHost);
    printf("sum %d\n", r);
    return 0;
}
