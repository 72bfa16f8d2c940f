// Fault and leak reports name the user's lines, built without -g: simtcc
// keeps line tables (as nvcc -lineinfo) and simt reads them in the process.
// The fault is at the store in `writer`; the leak at the cudaMalloc in
// main (not at simt's header, where cudaMalloc's template is).
#include <cstdio>

__global__ void writer(int *p, long long far)
{
    p[far + threadIdx.x] = 1;
}

int main()
{
    int *d = nullptr, *kept = nullptr;
    cudaMalloc(&d, 64);
    cudaMalloc(&kept, 256);
    writer<<<1, 1>>>(d, 1LL << 40);
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
