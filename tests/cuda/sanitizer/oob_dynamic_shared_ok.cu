// The correct twin of tests/check/sanitizer/oob_dynamic_shared.cu: the
// launch gives the kernel the dynamic shared memory it uses.
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
    stage<<<1, 64, 64 * sizeof(float)>>>(in, out);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("staged: %g %g\n", h[0], h[63]);
    return 0;
}
