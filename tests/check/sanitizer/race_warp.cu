// Planted bug: a warp-synchronous reduction without __syncwarp: under
// independent thread scheduling the lanes of a warp race on shared memory;
// tests/cuda/sanitizer/race_warp_ok.cu is the correct twin.
#include <cstdio>

__global__ void reduce(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    if (t < 32) {
        volatile int *v = s;
        v[t] += v[t + 32];
        v[t] += v[t + 16];
        v[t] += v[t + 8];
        v[t] += v[t + 4];
        v[t] += v[t + 2];
        v[t] += v[t + 1];
    }
    if (t == 0)
        *out = s[0];
}

int main()
{
    int h[64], *in, *out, r = 0;
    for (int i = 0; i < 64; i++)
        h[i] = 1;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof(int));
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    reduce<<<1, 64>>>(in, out);
    cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
    printf("sum computed\n");
    return 0;
}
