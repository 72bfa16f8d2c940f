// Two non-blocking streams set the same buffer with no event between
// them: which value stays is up to the device.  --check=race reports the
// two sets and the allocation.
#include <cstdio>
int main()
{
    int *d, h = 0;
    cudaStream_t a, b;
    cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
    cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
    cudaMalloc(&d, 1024 * sizeof(int));
    cudaMemsetAsync(d, 0, 1024 * sizeof(int), a);
    cudaMemsetAsync(d + 512, 0xff, 256 * sizeof(int), b);
    cudaDeviceSynchronize();
    cudaMemcpy(&h, d + 600, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d\n", h == 0 || h == -1);
    return 0;
}
