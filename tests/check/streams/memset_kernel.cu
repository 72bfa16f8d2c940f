// cudaMemset of device memory may return before it is done, and a
// non-blocking stream does not wait for the legacy stream: the kernel may
// read the buffer half set.  --check=race reports the memset and the
// kernel's read.
#include <cstdio>

__global__ void sum(const int *p, int n, int *out)
{
    int s = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        s += p[i];
    atomicAdd(out, s);
}

int main()
{
    const int n = 4096;
    int *p, *out;
    cudaStream_t a;
    cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
    cudaMalloc(&p, n * sizeof(int));
    cudaMalloc(&out, sizeof(int));
    cudaMemset(out, 0, sizeof(int));
    cudaDeviceSynchronize();
    cudaMemset(p, 0, n * sizeof(int));
    sum<<<1, 128, 0, a>>>(p, n, out);
    cudaDeviceSynchronize();
    int h = -1;
    cudaMemcpy(&h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d\n", h >= 0);
    return 0;
}
