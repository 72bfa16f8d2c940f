// The correct twin of tests/check/streams/kernel_read_first.cu, which
// plants a bug: a kernel of another stream overwrites a buffer that a
// kernel launched before it reads, with nothing ordering the two.  Here an
// event orders them.
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
    cudaEvent_t read;
    cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
    cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
    cudaEventCreateWithFlags(&read, cudaEventDisableTiming);
    cudaMalloc(&p, n * sizeof(int));
    cudaMalloc(&out, n * sizeof(int));
    cudaMemset(p, 0, n * sizeof(int));
    cudaMemset(out, 0, n * sizeof(int));
    cudaDeviceSynchronize();
    consume<<<n / 256, 256, 0, b>>>(p, out, n);
    cudaEventRecord(read, b);
    cudaStreamWaitEvent(a, read, 0);
    produce<<<n / 256, 256, 0, a>>>(p, n);
    cudaDeviceSynchronize();
    int h[2] = {-1, -1};
    cudaMemcpy(&h[0], out + 10, sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(&h[1], p + 10, sizeof(int), cudaMemcpyDeviceToHost);
    printf("out[10] %d p[10] %d\n", h[0], h[1]);
    return 0;
}
