// A kernel fetching through a texture object destroyed before the launch:
// reported with kernel, block and thread, and the grid fails.
#include <cstdio>

__global__ void fetch(cudaTextureObject_t t, float *out)
{
    out[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x);
}

int main()
{
    float *buf, *out;
    cudaMalloc(&buf, 256);
    cudaMalloc(&out, 256);
    cudaResourceDesc rd = {};
    rd.resType = cudaResourceTypeLinear;
    rd.res.linear.devPtr = buf;
    rd.res.linear.desc = cudaCreateChannelDesc<float>();
    rd.res.linear.sizeInBytes = 256;
    cudaTextureDesc td = {};
    cudaTextureObject_t t;
    cudaCreateTextureObject(&t, &rd, &td, NULL);
    cudaDestroyTextureObject(t);
    fetch<<<1, 8>>>(t, out);
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
