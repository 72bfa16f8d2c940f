// The correct twin of tests/check/sanitizer/host_write.cu: the host fills
// a buffer of its own and copies it.
#include <cstdio>

__global__ void twice(int *a)
{
    a[threadIdx.x] *= 2;
}

int main()
{
    int *d, h[16];
    cudaMalloc(&d, sizeof h);
    for (int i = 0; i < 16; i++)
        h[i] = i;
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    twice<<<1, 16>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("twice %d %d\n", h[3], h[15]);
    return 0;
}
