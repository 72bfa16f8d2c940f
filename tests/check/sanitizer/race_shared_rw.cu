// Planted bug: each thread reads its neighbour's __shared__ element with no
// __syncthreads after the writes (a read/write race);
// tests/cuda/sanitizer/race_shared_rw_ok.cu is the correct twin.
#include <cstdio>

__global__ void rotate(const int *in, int *out)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    s[t] = in[t];
    out[t] = s[(t + 1) % blockDim.x];
}

int main()
{
    int h[128], *in, *out;
    for (int i = 0; i < 128; i++)
        h[i] = i;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof h);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    rotate<<<1, 128>>>(in, out);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d\n", h[0], h[127]);
    return 0;
}
