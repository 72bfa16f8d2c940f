// Block reduction with __syncthreads in a loop, for every block size from
// 1 to 1024 (powers of two and not), dynamic shared memory sized per launch.
#include <cstdio>

__global__ void reduce(const int *in, long long *out, int n)
{
    extern __shared__ long long s[];
    unsigned t = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + t;
    s[t] = i < (unsigned)n ? in[i] : 0;
    __syncthreads();
    unsigned p = 1;
    while (p < blockDim.x)
        p <<= 1;
    for (unsigned stride = p / 2; stride > 0; stride >>= 1) {
        if (t < stride && t + stride < blockDim.x)
            s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = s[0];
}

int main()
{
    const int n = 5000;
    int *h = new int[n];
    long long want = 0;
    for (int i = 0; i < n; i++) {
        h[i] = (i * 2654435761u) % 1000 - 500;
        want += h[i];
    }
    int *d;
    long long *o;
    cudaMalloc(&d, n * sizeof(int));
    cudaMalloc(&o, n * sizeof(long long));
    cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
    long long *parts = new long long[n];
    int bad = 0;
    unsigned long long digest = 0;
    for (int bs = 1; bs <= 1024; bs++) {
        int blocks = (n + bs - 1) / bs;
        reduce<<<blocks, bs, bs * sizeof(long long)>>>(d, o, n);
        cudaMemcpy(parts, o, blocks * sizeof(long long), cudaMemcpyDeviceToHost);
        long long got = 0;
        for (int b = 0; b < blocks; b++) {
            got += parts[b];
            digest = digest * 1000003u + (unsigned long long)parts[b];
        }
        if (got != want) {
            if (bad < 5)
                printf("block size %d: %lld != %lld\n", bs, got, want);
            bad++;
        }
    }
    printf("sum %lld, %d block sizes wrong, digest %llx\n", want, bad, digest);
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
