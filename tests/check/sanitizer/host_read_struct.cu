// Planted bug: the host reads a field of a structure that lives in device
// memory; tests/cuda/sanitizer/host_read_struct_ok.cu is the correct twin.
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
    int count = s->count; /* should copy the structure back first */
    printf("%d\n", count);
    return 0;
}
