// __mbarrier_init with an expected count above __mbarrier_maximum_count().
#include <cstdio>
#include <cuda_awbarrier_primitives.h>
__global__ void k(unsigned n)
{
    __shared__ __mbarrier_t bar;
    __mbarrier_init(&bar, n);
}
int main()
{
    k<<<1, 1>>>(__mbarrier_maximum_count() + 1);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
