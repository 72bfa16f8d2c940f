// Dynamic parallelism: a grid completes only after the grids its threads
// launch (and theirs); work queued after the parent in its stream sees
// their results; device-side cudaMalloc/cudaFree and device-created
// streams.
#include <cstdio>

__global__ void leaf(int *out, int base, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        // A slow write: a consumer not ordered after it would miss it.
        long long t0 = clock64();
        while (clock64() - t0 < 20000)
            ;
        out[base + i] = base + i + 1;
    }
}

__global__ void middle(int *out, int base)
{
    // Each middle grid launches two leaf grids into its NULL stream.
    leaf<<<2, 32>>>(out, base, 64);
    leaf<<<1, 64>>>(out, base + 64, 64);
}

__global__ void parent(int *out)
{
    if (threadIdx.x < 4)
        middle<<<1, 1>>>(out, threadIdx.x * 128);
}

__global__ void sum(const int *in, int n, long long *total)
{
    long long s = 0;
    for (int i = 0; i < n; i++)
        s += in[i];
    *total = s;
}

struct line {
    int n;
    int *data;
};

__global__ void fill_line(line *l)
{
    int i = threadIdx.x;
    if (i < l->n)
        l->data[i] = i * i;
}

__global__ void alloc_and_fill(line *lines, int count)
{
    int k = threadIdx.x;
    if (k < count) {
        lines[k].n = 8 + k;
        cudaMalloc((void **)&lines[k].data, lines[k].n * sizeof(int));
        cudaStream_t s;
        cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
        fill_line<<<1, 32, 0, s>>>(&lines[k]);
        cudaStreamDestroy(s);
    }
}

__global__ void read_lines(line *lines, int count, long long *total)
{
    long long s = 0;
    for (int k = 0; k < count; k++)
        for (int i = 0; i < lines[k].n; i++)
            s += lines[k].data[i] * (k + 1);
    *total = s;
}

__global__ void free_lines(line *lines, int count)
{
    int k = threadIdx.x;
    if (k < count)
        cudaFree(lines[k].data);
}

int main()
{
    int *out;
    long long *total;
    cudaMalloc(&out, 512 * sizeof(int));
    cudaMalloc(&total, sizeof(long long));
    cudaMemset(out, 0, 512 * sizeof(int));
    parent<<<1, 32>>>(out);
    sum<<<1, 1>>>(out, 512, total);
    long long h = 0;
    cudaMemcpy(&h, total, sizeof h, cudaMemcpyDeviceToHost);
    printf("nested grids: sum %lld (expect %lld)\n", h, 512LL * 513 / 2);

    line *lines;
    cudaMalloc(&lines, 16 * sizeof(line));
    alloc_and_fill<<<1, 16>>>(lines, 16);
    read_lines<<<1, 1>>>(lines, 16, total);
    free_lines<<<1, 16>>>(lines, 16);
    cudaMemcpy(&h, total, sizeof h, cudaMemcpyDeviceToHost);
    printf("device-side allocations: %lld\n", h);
    printf("sync %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaFree(lines);
    cudaFree(out);
    cudaFree(total);
    return 0;
}
