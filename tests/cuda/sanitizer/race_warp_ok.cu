// The correct twin of tests/check/sanitizer/race_warp.cu: __syncwarp
// between the steps of the warp's reduction.
#include <cstdio>

__global__ void reduce(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    if (t < 32) {
        int v = s[t] + s[t + 32];
        __syncwarp();
        s[t] = v;
        __syncwarp();
        for (int off = 16; off > 0; off /= 2) {
            if (t < off)
                v += s[t + off];
            __syncwarp();
            if (t < off)
                s[t] = v;
            __syncwarp();
        }
    }
    if (t == 0)
        *out = s[0];
}

int main()
{
    int h[64], *in, *out, r = 0;
    for (int i = 0; i < 64; i++)
        h[i] = i + 1;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof(int));
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    reduce<<<1, 64>>>(in, out);
    cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
    printf("sum: %d\n", r);
    return 0;
}
