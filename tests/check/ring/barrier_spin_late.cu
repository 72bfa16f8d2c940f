// The block passes eight __syncthreads together (a ring on the fiber tier
// by then); then its last thread loops for ever while the others wait for
// it at the next: the report names the spinning thread and where the
// others wait.
#include <cstdio>
__global__ void spin(volatile int *flag, int *out)
{
    __shared__ int s[64];
    int v = threadIdx.x;
    for (int r = 0; r < 4; r++) {
        s[threadIdx.x] = v;
        __syncthreads();
        v += s[(threadIdx.x + 1) % 64];
        __syncthreads();
    }
    if (threadIdx.x == blockDim.x - 1)
        while (*flag == 0)
            ;
    __syncthreads();
    out[threadIdx.x] = v;
}
int main()
{
    int *flag, *out;
    cudaMalloc(&flag, sizeof(int));
    cudaMalloc(&out, 64 * sizeof(int));
    cudaMemset(flag, 0, sizeof(int));
    spin<<<1, 64>>>(flag, out);
    printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
