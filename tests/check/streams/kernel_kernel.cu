// Two kernels in two non-blocking streams with no event between them: one
// writes a buffer the other reads, so what the second reads depends on
// which runs first.  --check=race names both kernels, both lines and
// threads, and says how to order them (whichever ran first).
#include <cstdio>

__global__ void produce(int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = i;
}

__global__ void consume(const int *p, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = p[i] * 2;
}

int main()
{
    const int n = 1024;
    int *p, *out;
    cudaStream_t a, b;
    cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
    cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
    cudaMalloc(&p, n * sizeof(int));
    cudaMalloc(&out, n * sizeof(int));
    cudaMemset(p, 0, n * sizeof(int));
    cudaMemset(out, 0, n * sizeof(int));
    cudaDeviceSynchronize();
    produce<<<n / 256, 256, 0, a>>>(p, n);
    consume<<<n / 256, 256, 0, b>>>(p, out, n);
    cudaDeviceSynchronize();
    int h = -1;
    cudaMemcpy(&h, out + 10, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d\n", h == 0 || h == 20);
    return 0;
}
