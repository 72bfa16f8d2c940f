// --error-exitcode sets the status a checking build exits with when it
// reported errors (compute-sanitizer's option): a race between blocks.
#include <cstdio>

__global__ void last(int *out)
{
    if (threadIdx.x == 0)
        out[0] = blockIdx.x;
}

int main()
{
    int *d;
    cudaMalloc(&d, sizeof(int));
    last<<<4, 32>>>(d);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
