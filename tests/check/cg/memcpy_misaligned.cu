// cg::memcpy_async with aligned_size_t<16> and a destination that is not
// aligned to 16 bytes (CUDA guide 5.6.3.2.1).
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
#include <cstdio>
namespace cg = cooperative_groups;
__global__ void k(const char *src)
{
    __shared__ __align__(16) char buf[256];
    cg::thread_block block = cg::this_thread_block();
    cg::memcpy_async(block, buf + 4, src, cuda::aligned_size_t<16>(128));
    cg::wait(block);
}
int main()
{
    char *d;
    cudaMalloc(&d, 256);
    k<<<1, 32>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
