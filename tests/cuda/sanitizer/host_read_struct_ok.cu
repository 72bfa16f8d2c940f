// The correct twin of tests/check/sanitizer/host_read_struct.cu, which
// plants a bug: the host reads a field of a structure that lives in device
// memory.
#include <cstdio>

struct stats {
    int count;
    float mean;
};

__global__ void compute(const float *x, int n, stats *s)
{
    float sum = 0;
    for (int i = 0; i < n; i++)
        sum += x[i];
    s->count = n;
    s->mean = sum / n;
}

int main()
{
    float h[16], *x;
    stats *s;
    for (int i = 0; i < 16; i++)
        h[i] = (float)i;
    cudaMalloc(&x, sizeof h);
    cudaMalloc(&s, sizeof(stats));
    cudaMemcpy(x, h, sizeof h, cudaMemcpyHostToDevice);
    compute<<<1, 1>>>(x, 16, s);
    cudaDeviceSynchronize();
    stats r;
    cudaMemcpy(&r, s, sizeof r, cudaMemcpyDeviceToHost);
    int count = r.count;
    printf("%d\n", count);
    return 0;
}
