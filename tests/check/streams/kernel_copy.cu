// A kernel in a non-blocking stream writes a buffer while the legacy
// stream copies it to another, with nothing ordering the two: the copy
// may see old or new values.  --check=race reports the copy and the
// kernel's write, whichever ran first.
#include <cstdio>

__global__ void fill(int *p, int n, int v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = v;
}

int main()
{
    const int n = 1024;
    int *p, *q;
    cudaStream_t a;
    cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
    cudaMalloc(&p, n * sizeof(int));
    cudaMalloc(&q, n * sizeof(int));
    cudaMemset(p, 0, n * sizeof(int));
    cudaDeviceSynchronize();
    fill<<<n / 256, 256, 0, a>>>(p, n, 9);
    cudaMemcpyAsync(q, p, n * sizeof(int), cudaMemcpyDeviceToDevice, 0);
    cudaDeviceSynchronize();
    int h = -1;
    cudaMemcpy(&h, q + 5, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d\n", h == 0 || h == 9);
    return 0;
}
