// Planted bug: a kernel reads a buffer in one non-blocking stream, and a
// kernel launched after it in another overwrites the buffer, with nothing
// ordering the two (the reader never writes the buffer: its reads must
// still leave records for the writer to meet; the engine may run either
// first, so the report names the two in either order);
// tests/cuda/sanitizer/stream_read_first_ok.cu is the correct twin.
#include <cstdio>

__global__ void consume(const int *p, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = p[i] * 2;
}

__global__ void produce(int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = i;
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
    consume<<<n / 256, 256, 0, b>>>(p, out, n);
    produce<<<n / 256, 256, 0, a>>>(p, n); /* should wait for an event of b */
    cudaDeviceSynchronize();
    int h = -1;
    cudaMemcpy(&h, out + 10, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d\n", h == 0 || h == 20);
    return 0;
}
