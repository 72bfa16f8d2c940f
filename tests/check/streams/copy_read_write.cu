// Stream b copies out of a buffer while stream a still copies into it:
// the copy out may see old or new data.  The second pair, ordered by an
// event, is not reported.
#include <cstdio>
#include <vector>
int main()
{
    const size_t n = 1 << 16;
    std::vector<float> h(n, 1.0f);
    float *src, *dst, *pinned;
    cudaStream_t a, b;
    cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking);
    cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking);
    cudaMalloc(&src, n * sizeof(float));
    cudaMalloc(&dst, n * sizeof(float));
    cudaMallocHost(&pinned, n * sizeof(float));
    cudaMemcpyAsync(src, h.data(), n * sizeof(float), cudaMemcpyHostToDevice, a);
    cudaMemcpyAsync(dst, src, n * sizeof(float), cudaMemcpyDeviceToDevice, b);
    cudaDeviceSynchronize();
    cudaEvent_t e;
    cudaEventCreate(&e);
    cudaMemcpyAsync(src, pinned, n * sizeof(float), cudaMemcpyHostToDevice, a);
    cudaEventRecord(e, a);
    cudaStreamWaitEvent(b, e, 0);
    cudaMemcpyAsync(dst, src, n * sizeof(float), cudaMemcpyDeviceToDevice, b);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
