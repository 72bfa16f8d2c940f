// Planted bug: host code stores into device memory through the pointer
// cudaMalloc returned; tests/cuda/sanitizer/host_write_ok.cu is the
// correct twin.
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
        d[i] = i; /* a segmentation fault on a GPU system */
    twice<<<1, 16>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("twice %d\n", h[3]);
    return 0;
}
