// Planted bug: thread 0 computes a value into __shared__ memory that the
// others read with no __syncthreads between;
// tests/cuda/sanitizer/race_shared_broadcast_ok.cu is the correct twin.
#include <cstdio>

__global__ void scale(const float *in, float *out)
{
    __shared__ float factor;
    if (threadIdx.x == 0)
        factor = in[0] * 2.0f;
    /* missing: __syncthreads(); */
    out[threadIdx.x] = in[threadIdx.x] * factor;
}

int main()
{
    float h[64], *in, *out;
    for (int i = 0; i < 64; i++)
        h[i] = 1.5f + i;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    scale<<<1, 64>>>(in, out);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("%.2f %.2f\n", h[1], h[63]);
    return 0;
}
