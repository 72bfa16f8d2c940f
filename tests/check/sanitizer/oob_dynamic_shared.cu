// Planted bug: the launch gives less dynamic shared memory than the kernel
// uses; tests/cuda/sanitizer/oob_dynamic_shared_ok.cu is the correct twin.
#include <cstdio>

__global__ void stage(const float *in, float *out)
{
    extern __shared__ float tile[];
    unsigned t = threadIdx.x;
    tile[t] = in[t];
    __syncthreads();
    out[t] = tile[blockDim.x - 1 - t];
}

int main()
{
    float h[64], *in, *out;
    for (int i = 0; i < 64; i++)
        h[i] = (float)i;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    stage<<<1, 64, 32 * sizeof(float)>>>(in, out); /* 64 floats are used */
    cudaDeviceSynchronize();
    printf("staged\n");
    return 0;
}
