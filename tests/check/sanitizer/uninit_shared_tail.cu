// Planted bug: the last thread of the block never stores its __shared__
// element, which thread 0 then reads;
// tests/cuda/sanitizer/uninit_shared_tail_ok.cu is the correct twin.
#include <cstdio>

__global__ void total(const int *in, int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    if (t < blockDim.x - 1) /* should be every thread */
        s[t] = in[t];
    __syncthreads();
    if (t == 0)
        *out = s[0] + s[63];
}

int main()
{
    int h[64], *in, *out, r;
    for (int i = 0; i < 64; i++)
        h[i] = 2 * i;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof r);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    total<<<1, 64>>>(in, out);
    cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
    printf("total computed\n");
    return 0;
}
