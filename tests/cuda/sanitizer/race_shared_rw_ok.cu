// The correct twin of tests/check/sanitizer/race_shared_rw.cu: a barrier
// between the writes and the neighbour's read.
#include <cstdio>

__global__ void rotate(const int *in, int *out)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
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
    printf("%d %d %d\n", h[0], h[64], h[127]);
    return 0;
}
