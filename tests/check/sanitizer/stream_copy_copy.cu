// Planted bug: two non-blocking streams copy into the same device buffer
// with no event between them; tests/cuda/sanitizer/stream_copy_copy_ok.cu is
// the correct twin.
#include <cstdio>

int main()
{
    static int x[1024], y[1024];
    for (int i = 0; i < 1024; i++) {
        x[i] = 1;
        y[i] = 2;
    }
    int *d, h = 0;
    cudaStream_t a, b;
    cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
    cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
    cudaMalloc(&d, sizeof x);
    cudaMemcpyAsync(d, x, sizeof x, cudaMemcpyHostToDevice, a);
    /* missing: an event recorded in a that b waits for */
    cudaMemcpyAsync(d, y, sizeof y, cudaMemcpyHostToDevice, b);
    cudaDeviceSynchronize();
    cudaMemcpy(&h, d + 100, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d\n", h == 1 || h == 2);
    return 0;
}
