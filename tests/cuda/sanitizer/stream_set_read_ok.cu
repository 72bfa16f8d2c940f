// The correct twin of tests/check/sanitizer/stream_set_read.cu, which plants
// a bug: a non-blocking stream copies a buffer back while another is still
// setting it, with nothing ordering them.
#include <cstdio>

int main()
{
    static int h[4096];
    int *d;
    cudaStream_t a, b;
    cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
    cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
    cudaMalloc(&d, sizeof h);
    cudaMemsetAsync(d, 0, sizeof h, a);
    cudaStreamSynchronize(a);
    cudaMemcpyAsync(h, d, sizeof h, cudaMemcpyDeviceToHost, b);
    cudaDeviceSynchronize();
    printf("copied %d %d\n", h[0], h[4095]);
    return 0;
}
