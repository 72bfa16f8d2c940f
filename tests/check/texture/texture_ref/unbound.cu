// A kernel fetching through a texture reference that was never bound:
// reported with kernel, block and thread, and the grid fails.  (Texture
// references are gone from nvcc 13: NVCC_SKIP.)
#include <cstdio>

texture<float, 1, cudaReadModeElementType> tex;

__global__ void fetch(float *out)
{
    out[threadIdx.x] = tex1Dfetch(tex, threadIdx.x);
}

int main()
{
    float *out;
    cudaMalloc(&out, 256);
    fetch<<<1, 8>>>(out);
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
