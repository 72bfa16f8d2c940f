// cuda::memcpy_async with aligned_size_t<16> and a source aligned to 4 only.
#include <cstdio>
#include <cuda/barrier>
__global__ void k(const int *src)
{
    __shared__ alignas(16) int buf[64];
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    if (threadIdx.x == 0)
        init(&bar, 1);
    __syncthreads();
    cuda::memcpy_async(buf, src + 1, cuda::aligned_size_t<16>(32 * sizeof(int)), bar);
    bar.arrive_and_wait();
}
int main()
{
    int *d;
    cudaMalloc(&d, 64 * sizeof(int));
    k<<<1, 1>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
