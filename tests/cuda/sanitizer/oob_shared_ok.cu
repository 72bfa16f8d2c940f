// The correct twin of tests/check/sanitizer/oob_shared.cu: the tile has
// room for the shifted element.
#include <cstdio>

__global__ void shift(const float *in, float *out)
{
    __shared__ float tile[65];
    int t = threadIdx.x;
    tile[t + 1] = in[t];
    if (t == 0)
        tile[0] = 0.0f;
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
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("shifted: %g %g %g\n", h[0], h[1], h[63]);
    return 0;
}
