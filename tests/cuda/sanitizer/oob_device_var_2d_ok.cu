// The correct twin of tests/check/sanitizer/oob_device_var_2d.cu, which
// plants a bug: a kernel reads a __device__ matrix's row with a column index
// one past its width.
#include <cstdio>

__device__ float weights[4][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}, {13, 14, 15, 16}};

__global__ void apply(const float *in, float *out)
{
    int r = threadIdx.x;
    float s = 0;
    for (int c = 0; c < 4; c++)
        s += weights[r][c] * in[c % 4];
    out[r] = s;
}

int main()
{
    float h[4] = {1, 1, 2, 2}, *in, *out;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    apply<<<1, 4>>>(in, out);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("%.1f %.1f %.1f %.1f\n", h[0], h[1], h[2], h[3]);
    return 0;
}
