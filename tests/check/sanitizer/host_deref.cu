// Planted bug: host code reads device memory through the pointer
// cudaMalloc returned; tests/cuda/sanitizer/host_deref_ok.cu is the
// correct twin.
#include <cstdio>

__global__ void set(int *a)
{
    a[threadIdx.x] = threadIdx.x;
}

int main()
{
    int *d;
    cudaMalloc(&d, 32 * sizeof(int));
    set<<<1, 32>>>(d);
    cudaDeviceSynchronize();
    volatile int *p = d;
    int first = p[1]; /* a segmentation fault on a GPU system */
    printf("read %d\n", first >= 0);
    return 0;
}
