// malloc and free in device code take from the device malloc heap
// (cudaLimitMallocHeapSize, 8 MiB by default): malloc returns NULL when the
// heap cannot hold the request, freed memory can be taken again, the memory
// outlives its kernel, device cudaMalloc shares the heap, and once a kernel
// has used the heap the host can no longer change its size (until
// cudaDeviceReset).
#include <cstdio>
#include <cstdlib>

const size_t MiB = 1 << 20;

__global__ void sizes(int *flags)
{
    void *a = malloc(4 * MiB);
    void *b = malloc(16 * MiB);
    flags[0] = a != NULL;
    flags[1] = b != NULL;
    flags[2] = ((unsigned long long)a % 16) == 0;
    void *z = malloc(0);
    flags[3] = z != NULL;
    free(z);
    free(a);
    free(b); // free(NULL) does nothing
}

// Takes 1 MiB pieces until malloc fails, then gives them all back and
// takes 4 MiB again.
__global__ void exhaust(int *count, int *again)
{
    void *p[64];
    int n = 0;
    while (n < 64 && (p[n] = malloc(MiB)) != NULL)
        n++;
    *count = n;
    for (int i = 0; i < n; i++)
        free(p[i]);
    void *q = malloc(4 * MiB);
    *again = q != NULL;
    free(q);
}

// Every thread takes a little memory of its own.
__global__ void per_thread(unsigned long long *sum, int *failed)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int *mine = (int *)malloc(8 * sizeof(int));
    if (!mine) {
        atomicAdd(failed, 1);
        return;
    }
    for (int i = 0; i < 8; i++)
        mine[i] = t + i;
    int s = 0;
    for (int i = 0; i < 8; i++)
        s += mine[i];
    atomicAdd(sum, (unsigned long long)s);
    free(mine);
}

__global__ void take(int **slot, int n)
{
    int *p = (int *)malloc(n * sizeof(int));
    for (int i = 0; p && i < n; i++)
        p[i] = i * i;
    *slot = p;
}

__global__ void read_and_free(int **slot, int n, long long *out)
{
    long long s = 0;
    for (int i = 0; i < n; i++)
        s += (*slot)[i];
    *out = s;
    free(*slot);
}

// cudaMalloc in device code and malloc draw on the same heap.
__global__ void shared_heap(int *codes)
{
    void *p = malloc(6 * MiB);
    void *q = NULL;
    codes[0] = p != NULL;
    codes[1] = cudaMalloc(&q, 6 * MiB);
    free(p);
    codes[2] = cudaMalloc(&q, 6 * MiB);
    codes[3] = cudaFree(q);
}

__global__ void big(int *ok, size_t n)
{
    void *p = malloc(n);
    *ok = p != NULL;
    free(p);
}

int main()
{
    size_t v = 0;
    cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize);
    printf("default heap: %zu MiB\n", v / MiB);
    int *flags;
    cudaMallocManaged(&flags, 16 * sizeof(int));

    sizes<<<1, 1>>>(flags);
    cudaDeviceSynchronize();
    printf("4 MiB: %s, 16 MiB: %s, 16-byte aligned: %d, 0 bytes: %s\n", flags[0] ? "ok" : "NULL",
           flags[1] ? "ok" : "NULL", flags[2], flags[3] ? "not NULL" : "NULL");

    exhaust<<<1, 1>>>(flags, flags + 1);
    cudaDeviceSynchronize();
    fprintf(stderr, "1 MiB pieces in the default heap: %d\n", flags[0]);
    printf("1 MiB pieces: more than 4: %d, at most 8: %d; 4 MiB after freeing: %s\n",
           flags[0] > 4, flags[0] <= 8, flags[1] ? "ok" : "NULL");

    unsigned long long *sum;
    cudaMallocManaged(&sum, sizeof *sum);
    *sum = 0;
    flags[2] = 0;
    per_thread<<<32, 128>>>(sum, flags + 2);
    cudaDeviceSynchronize();
    printf("per-thread allocations: sum %llu, failed %d\n", *sum, flags[2]);

    int **slot;
    long long *total;
    cudaMallocManaged(&slot, sizeof *slot);
    cudaMallocManaged(&total, sizeof *total);
    take<<<1, 1>>>(slot, 1000);
    read_and_free<<<1, 1>>>(slot, 1000, total);
    cudaDeviceSynchronize();
    printf("an allocation read by a later kernel: %lld\n", *total);

    shared_heap<<<1, 1>>>(flags);
    cudaDeviceSynchronize();
    printf("malloc 6 MiB: %s; device cudaMalloc 6 MiB beside it: %s; after free: %s, %s\n",
           flags[0] ? "ok" : "NULL", cudaGetErrorName((cudaError_t)flags[1]),
           cudaGetErrorName((cudaError_t)flags[2]), cudaGetErrorName((cudaError_t)flags[3]));

    // The heap is laid out: its size no longer changes.
    cudaError_t e = cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64 * MiB);
    cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize);
    printf("heap to 64 MiB after use: %s (last error %s), heap %zu MiB\n", cudaGetErrorName(e),
           cudaGetErrorName(cudaGetLastError()), v / MiB);
    big<<<1, 1>>>(flags, 32 * MiB);
    cudaDeviceSynchronize();
    printf("32 MiB: %s\n", flags[0] ? "ok" : "NULL");

    // A new context takes a new size.
    cudaDeviceReset();
    e = cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64 * MiB);
    cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize);
    printf("after reset, heap to 64 MiB: %s, heap %zu MiB\n", cudaGetErrorName(e), v / MiB);
    cudaMallocManaged(&flags, 16 * sizeof(int));
    big<<<1, 1>>>(flags, 32 * MiB);
    cudaDeviceSynchronize();
    printf("32 MiB: %s\n", flags[0] ? "ok" : "NULL");
    big<<<1, 1>>>(flags, 80 * MiB);
    cudaDeviceSynchronize();
    printf("80 MiB: %s\n", flags[0] ? "ok" : "NULL");
    e = cudaDeviceSetLimit(cudaLimitMallocHeapSize, 4 * MiB);
    printf("heap to 4 MiB after use: %s\n", cudaGetErrorName(e));
    printf("last error %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
