// The correct twin of tests/check/sanitizer/race_shared_tree.cu, which
// plants a bug: a tree reduction in __shared__ memory without __syncthreads
// between its steps.
#include <cstdio>

__global__ void sum(const int *in, int *out)
{
    __shared__ int s[256];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * 256 + t];
    __syncthreads();
    for (int step = 128; step > 0; step /= 2) {
        if (t < step)
            s[t] += s[t + step];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = s[0];
}

int main()
{
    static int h[4 * 256];
    for (int i = 0; i < 4 * 256; i++)
        h[i] = i % 13;
    int *in, *out, r[4];
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof r);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    sum<<<4, 256>>>(in, out);
    cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
    printf("sums %d %d %d %d\n", r[0], r[1], r[2], r[3]);
    return 0;
}
