// A token two phases old: "token must be associated with the immediately
// preceding phase or current phase" (CUDA guide 5.6.1).
#include <cstdio>
#include <cuda_awbarrier_primitives.h>
__global__ void k(int *out)
{
    __shared__ __mbarrier_t bar;
    __mbarrier_init(&bar, 1);
    __mbarrier_token_t first = __mbarrier_arrive(&bar);
    __mbarrier_token_t second = __mbarrier_arrive(&bar);
    out[0] = __mbarrier_test_wait(&bar, second);
    out[1] = __mbarrier_test_wait(&bar, first);
}
int main()
{
    int *d;
    cudaMalloc(&d, 2 * sizeof(int));
    k<<<1, 1>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
