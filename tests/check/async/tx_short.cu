// The transaction count expects more bytes than the bulk copies deliver:
// the phase never completes.
#include <cstdio>
#include <cuda/barrier>
__global__ void k(const int4 *src)
{
    __shared__ int4 buf[64];
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    if (threadIdx.x == 0)
        init(&bar, blockDim.x);
    __syncthreads();
    cuda::barrier<cuda::thread_scope_block>::arrival_token t;
    if (threadIdx.x == 0) {
        cuda::device::memcpy_async_tx(buf, src, cuda::aligned_size_t<16>(32 * sizeof(int4)), bar);
        t = cuda::device::barrier_arrive_tx(bar, 1, 64 * sizeof(int4));
    } else {
        t = bar.arrive();
    }
    bar.wait(std::move(t));
}
int main()
{
    int4 *d;
    cudaMalloc(&d, 64 * sizeof(int4));
    k<<<1, 32>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
