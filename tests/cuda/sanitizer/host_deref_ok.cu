// The correct twin of tests/check/sanitizer/host_deref.cu: the host copies
// device memory before reading it.
#include <cstdio>

__global__ void set(int *a)
{
    a[threadIdx.x] = threadIdx.x;
}

int main()
{
    int *d, h[32];
    cudaMalloc(&d, 32 * sizeof(int));
    set<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("read %d %d\n", h[1], h[31]);
    return 0;
}
