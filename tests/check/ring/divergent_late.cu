// The block's threads pass eight __syncthreads together (the fiber tier
// runs them in a ring by then), then wait at two different ones: the
// report names both sites, as it does at a block's first barrier.
#include <cstdio>
__global__ void late(int *out)
{
    __shared__ int s[64];
    int v = threadIdx.x;
    for (int r = 0; r < 4; r++) {
        s[threadIdx.x] = v;
        __syncthreads();
        v += s[(threadIdx.x + 1) % 64];
        __syncthreads();
    }
    if (threadIdx.x < 32) {
        __syncthreads();
        out[threadIdx.x] = v;
    } else {
        __syncthreads();
        out[threadIdx.x] = -v;
    }
}
int main()
{
    int *out;
    cudaMalloc(&out, 64 * sizeof(int));
    late<<<1, 64>>>(out);
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
