// Planted bug: every block writes its partial sum and block 0 adds them all
// up in the same launch, with nothing ordering the writes before the reads;
// tests/cuda/sanitizer/race_global_partials_ok.cu is the correct twin.
#include <cstdio>

__global__ void total(const int *in, int *partial, int *out)
{
    __shared__ int s;
    if (threadIdx.x == 0)
        s = 0;
    __syncthreads();
    atomicAdd(&s, in[blockIdx.x * blockDim.x + threadIdx.x]);
    __syncthreads();
    if (threadIdx.x == 0)
        partial[blockIdx.x] = s;
    if (blockIdx.x == 0 && threadIdx.x == 0) { /* should be a second launch */
        int sum = 0;
        for (int b = 0; b < gridDim.x; b++)
            sum += partial[b];
        *out = sum;
    }
}

int main()
{
    int h[8 * 64], *in, *partial, *out, r;
    for (int i = 0; i < 8 * 64; i++)
        h[i] = i % 11;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&partial, 8 * sizeof(int));
    cudaMalloc(&out, sizeof r);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    total<<<8, 64>>>(in, partial, out);
    cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
    printf("total %d\n", r);
    return 0;
}
