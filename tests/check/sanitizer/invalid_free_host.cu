// Planted bug: the host passes memory from malloc to cudaFree;
// tests/cuda/sanitizer/invalid_free_host_ok.cu is the correct twin.
#include <cstdio>

#include <cstdlib>
__global__ void one(int *a)
{
    a[threadIdx.x] = 3;
}

int main()
{
    int *a, h[8];
    int *host = (int *)malloc(sizeof h);
    cudaMalloc(&a, sizeof h);
    one<<<1, 8>>>(a);
    cudaMemcpy(host, a, sizeof h, cudaMemcpyDeviceToHost);
    cudaError_t e = cudaFree(host); /* should be free(host) */
    printf("%d %d\n", host[0], e != cudaSuccess);
    return 0;
}
