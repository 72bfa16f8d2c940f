// The correct twin of tests/check/sanitizer/stream_copy_copy.cu, which
// plants a bug: two non-blocking streams copy into the same device buffer
// with no event between them.
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
    cudaEvent_t ev;
    cudaEventCreate(&ev);
    cudaEventRecord(ev, a);
    cudaStreamWaitEvent(b, ev, 0);
    cudaMemcpyAsync(d, y, sizeof y, cudaMemcpyHostToDevice, b);
    cudaDeviceSynchronize();
    cudaMemcpy(&h, d + 100, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d\n", h);
    return 0;
}
