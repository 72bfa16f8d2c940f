// Planted bug: a block-wide sum in dynamic shared memory whose tree steps
// have no __syncthreads; tests/cuda/sanitizer/race_dynamic_shared_ok.cu is
// the correct twin.
#include <cstdio>

__global__ void block_sum(const int *in, int *out)
{
    extern __shared__ int buf[];
    unsigned t = threadIdx.x;
    buf[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s /= 2)
        if (t < s)
            buf[t] += buf[t + s];
    if (t == 0)
        out[blockIdx.x] = buf[0];
}

int main()
{
    int h[256], *in, *out, r[2];
    for (int i = 0; i < 256; i++)
        h[i] = 1;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof r);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    block_sum<<<2, 128, 128 * sizeof(int)>>>(in, out);
    cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
    printf("sums computed\n");
    return 0;
}
