// The correct twin of tests/check/sanitizer/race_shared_scan.cu, which
// plants a bug: an in-place Hillis-Steele scan: in a step each thread reads
// the element another thread overwrites in that step.
#include <cstdio>

__global__ void scan(int *a)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    s[t] = a[t];
    __syncthreads();
    for (int off = 1; off < 128; off *= 2) {
        int v = t >= off ? s[t - off] : 0;
        __syncthreads();
        s[t] += v;
        __syncthreads();
    }
    a[t] = s[t];
}

int main()
{
    int h[128], *d;
    for (int i = 0; i < 128; i++)
        h[i] = i % 5 + 1;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    scan<<<1, 128>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d %d\n", h[0], h[63], h[127]);
    return 0;
}
