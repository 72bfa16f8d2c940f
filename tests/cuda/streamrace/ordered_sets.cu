// set_set's correct twin (tests/check/streams): the second stream waits
// for an event recorded after the first set, a blocking stream's copy
// follows the legacy stream's set, and the host synchronizes before it
// reads; silent under --check=race.
#include <cstdio>
int main()
{
    int *d, h[4];
    cudaStream_t a, b, c;
    cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
    cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
    cudaStreamCreate(&c);
    cudaEvent_t e;
    cudaEventCreateWithFlags(&e, cudaEventDisableTiming);
    cudaMalloc(&d, 1024 * sizeof(int));
    cudaMemsetAsync(d, 0, 1024 * sizeof(int), a);
    cudaEventRecord(e, a);
    cudaStreamWaitEvent(b, e, 0);
    cudaMemsetAsync(d + 512, 0xff, 256 * sizeof(int), b);
    cudaStreamSynchronize(b);
    cudaMemset(d, 1, 4 * sizeof(int));
    cudaMemcpyAsync(d + 4, d, 4 * sizeof(int), cudaMemcpyDeviceToDevice, c);
    cudaStreamSynchronize(c);
    cudaMemsetAsync(d + 8, 2, 4 * sizeof(int), a);
    cudaDeviceSynchronize();
    cudaMemcpy(h, d + 510, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d %d %d\n", h[0], h[1], h[2], h[3]);
    cudaMemcpy(h, d + 4, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d %d %d\n", h[0], h[1], h[2], h[3]);
    return 0;
}
