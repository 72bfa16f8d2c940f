// cudaMalloc in device code takes from the device malloc heap (CUDA guide
// 5.6.4.2.2): what device code holds at once is limited by
// cudaLimitMallocHeapSize, not by the device's free memory; freed heap
// memory can be taken again; the memory lives on across kernels; the host
// may not free it.
#include <cstdio>

const size_t MiB = 1 << 20;

__global__ void grab(void **ptrs, int *codes, size_t each, int n)
{
    for (int i = 0; i < n; i++) {
        ptrs[i] = 0;
        codes[i] = cudaMalloc(&ptrs[i], each);
    }
    codes[n] = cudaGetLastError();
}

__global__ void give_back(void **ptrs, int *codes, int n)
{
    for (int i = 0; i < n; i++)
        codes[i] = cudaFree(ptrs[i]);
}

__global__ void fill(int *p, int n)
{
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        p[i] = i * 3;
}

__global__ void sum(const int *p, int n, long long *out)
{
    long long s = 0;
    for (int i = 0; i < n; i++)
        s += p[i];
    *out = s;
}

static void show(const char *what, const int *codes, int n)
{
    printf("%s:", what);
    for (int i = 0; i < n; i++)
        printf(" %s", cudaGetErrorName((cudaError_t)codes[i]));
    printf("\n");
}

int main()
{
    cudaError_t e = cudaDeviceSetLimit(cudaLimitMallocHeapSize, 16 * MiB);
    size_t v = 0;
    cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize);
    printf("heap limit: %s, %zu MiB\n", cudaGetErrorName(e), v / MiB);
    void **ptrs;
    int *codes;
    long long *total;
    cudaMallocManaged(&ptrs, 8 * sizeof(void *));
    cudaMallocManaged(&codes, 16 * sizeof(int));
    cudaMallocManaged(&total, sizeof(long long));

    grab<<<1, 1>>>(ptrs, codes, 6 * MiB, 3);
    cudaDeviceSynchronize();
    show("three 6 MiB allocations, then last error", codes, 4);
    printf("third pointer null: %d\n", ptrs[2] == 0);

    // The heap's memory outlives the kernel that took it.
    int n = (int)(6 * MiB / sizeof(int));
    fill<<<1, 256>>>((int *)ptrs[0], n);
    sum<<<1, 1>>>((const int *)ptrs[0], n, total);
    cudaDeviceSynchronize();
    printf("sum over a device allocation: %lld\n", *total);

    // The host may not free what device code allocated.
    e = cudaFree(ptrs[1]);
    printf("host frees a device allocation: %s, then last error %s\n", cudaGetErrorName(e),
           cudaGetErrorName(cudaGetLastError()));

    give_back<<<1, 1>>>(ptrs, codes, 2);
    cudaDeviceSynchronize();
    show("device frees both", codes, 2);

    grab<<<1, 1>>>(ptrs, codes, 7 * MiB, 2);
    cudaDeviceSynchronize();
    show("two 7 MiB allocations after the frees", codes, 3);
    give_back<<<1, 1>>>(ptrs, codes, 2);
    cudaDeviceSynchronize();
    show("device frees them", codes, 2);

    // Larger than the heap at once, smaller than the device.
    grab<<<1, 1>>>(ptrs, codes, 24 * MiB, 1);
    cudaDeviceSynchronize();
    show("one 24 MiB allocation", codes, 2);
    // The host's cudaMalloc is not limited by the heap.
    void *big = 0;
    e = cudaMalloc(&big, 64 * MiB);
    printf("host 64 MiB: %s\n", cudaGetErrorName(e));
    cudaFree(big);
    printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
