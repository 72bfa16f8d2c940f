// __device__, __constant__ and __managed__ variables; volatile shared
// memory; clock64 and __ldg; memory fences in a producer/consumer pair.
#include <cstdio>

__device__ int dev_array[32];
__device__ float dev_scalar = 2.5f;
__managed__ int managed_total = 0;
__constant__ int constant_step = 3;

__global__ void work(const int *__restrict__ in)
{
    volatile __shared__ int flag;
    __shared__ int value;
    if (threadIdx.x == 0) {
        flag = 0;
        value = 0;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        value = __ldg(&in[blockIdx.x]) * constant_step;
        __threadfence_block();
        flag = 1;
    }
    __syncthreads();
    if (flag)
        dev_array[blockIdx.x] = value + (int)dev_scalar;
    long long t0 = clock64();
    long long t1 = clock64();
    if (threadIdx.x == 0) {
        atomicAdd(&managed_total, value);
        if (t1 < t0)
            atomicAdd(&managed_total, 1000000);
    }
}

int main()
{
    int h[32], *in;
    for (int i = 0; i < 32; i++)
        h[i] = i;
    cudaMalloc(&in, sizeof h);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    work<<<32, 64>>>(in);
    cudaDeviceSynchronize();
    printf("managed_total = %d\n", managed_total);
    managed_total = 1;
    work<<<32, 64>>>(in);
    cudaDeviceSynchronize();
    printf("managed_total = %d\n", managed_total);
    int out[32];
    cudaMemcpyFromSymbol(out, dev_array, sizeof out);
    printf("dev_array: %d %d %d\n", out[0], out[1], out[31]);
    return 0;
}
