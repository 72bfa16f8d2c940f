// An arrival token passed to barrier_wait twice (CUDA guide 5.6.3.6.1: a
// token is consumed by the wait).
#include <cooperative_groups.h>
#include <cstdio>
#include <utility>
namespace cg = cooperative_groups;
__global__ void k()
{
    cg::thread_block block = cg::this_thread_block();
    auto token = block.barrier_arrive();
    block.barrier_wait(std::move(token));
    block.barrier_wait(std::move(token));
}
int main()
{
    k<<<1, 64>>>();
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
