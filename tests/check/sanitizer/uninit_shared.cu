// Planted bug: half the threads fill a __shared__ array that every thread
// reads; tests/cuda/sanitizer/uninit_shared_ok.cu is the correct twin.
#include <cstdio>

__global__ void spread(int *out)
{
    __shared__ int vals[64];
    unsigned t = threadIdx.x;
    if (t < 32)
        vals[t] = (int)t;
    __syncthreads();
    out[t] = vals[63 - t];
}

int main()
{
    int *d;
    cudaMalloc(&d, 64 * sizeof(int));
    spread<<<1, 64>>>(d);
    cudaDeviceSynchronize();
    printf("spread\n");
    return 0;
}
