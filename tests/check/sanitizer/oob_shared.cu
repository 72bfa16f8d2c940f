// Planted bug: a __shared__ array indexed one past its end;
// tests/cuda/sanitizer/oob_shared_ok.cu is the correct twin.
#include <cstdio>

__global__ void shift(const float *in, float *out)
{
    __shared__ float tile[64];
    int t = threadIdx.x;
    tile[t + 1] = in[t]; /* t + 1 reaches 64 */
    __syncthreads();
    out[t] = tile[t];
}

int main()
{
    float h[64], *in, *out;
    for (int i = 0; i < 64; i++)
        h[i] = (float)i;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    shift<<<1, 64>>>(in, out);
    cudaDeviceSynchronize();
    printf("shifted\n");
    return 0;
}
