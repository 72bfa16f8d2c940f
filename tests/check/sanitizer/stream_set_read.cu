// Planted bug: a non-blocking stream copies a buffer back while another is
// still setting it, with nothing ordering them;
// tests/cuda/sanitizer/stream_set_read_ok.cu is the correct twin.
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
    /* missing: cudaStreamSynchronize(a); */
    cudaMemcpyAsync(h, d, sizeof h, cudaMemcpyDeviceToHost, b);
    cudaDeviceSynchronize();
    printf("copied\n");
    return 0;
}
