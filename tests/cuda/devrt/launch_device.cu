// The device runtime's launch API (CUDA guide 5.6.4.4), which <<<>>> in
// device code lowers to: cudaGetParameterBuffer gives an aligned buffer,
// the kernel's parameters go in it in order, each at the next offset its
// alignment allows, and cudaLaunchDevice launches the kernel with it into
// a stream (the NULL stream, the tail launch stream).
#include <cstdio>
#include <cuda_device_runtime_api.h>

struct pair {
    int x;
    short y;
};

__device__ int order;

__global__ void mixed(int a, double b, char c, pair s, long long *out)
{
    int t = threadIdx.x;
    out[t] = a * 1000 + (long long)(b * 10) + c + s.x * 7 + s.y * 11 + t +
             100000LL * atomicAdd(&order, 1);
}

__global__ void bare()
{
    atomicAdd(&order, 1000);
}

__global__ void note(int *where, int v)
{
    where[0] = v;
    where[4] = atomicAdd(&order, 1);
}

__global__ void launcher(long long *out, int *notes, int *codes)
{
    if (threadIdx.x != 0)
        return;
    // (int, double, char, pair, long long *): offsets 0, 8, 16, 20, 32.
    char *p = (char *)cudaGetParameterBuffer(64, 40);
    codes[0] = p != 0;
    codes[1] = (int)((unsigned long long)p % 64);
    *(int *)(p + 0) = 3;
    *(double *)(p + 8) = 2.5;
    *(char *)(p + 16) = 'A';
    pair s = {4, 5};
    *(pair *)(p + 20) = s;
    *(long long **)(p + 32) = out;
    codes[2] = cudaLaunchDevice((void *)mixed, p, dim3(1), dim3(4), 0, 0);

    // A tail launch through the API, queued before a NULL-stream one: it
    // still runs after it.
    char *q = (char *)cudaGetParameterBuffer(64, 16);
    *(int **)(q + 0) = notes + 0;
    *(int *)(q + 8) = 1;
    codes[3] = cudaLaunchDevice((void *)note, q, dim3(1), dim3(1), 0, cudaStreamTailLaunch);
    char *r = (char *)cudaGetParameterBuffer(64, 16);
    *(int **)(r + 0) = notes + 1;
    *(int *)(r + 8) = 2;
    codes[4] = cudaLaunchDevice((void *)note, r, dim3(1), dim3(1), 0, 0);

    // A kernel without parameters, its buffer NULL.
    codes[5] = cudaLaunchDevice((void *)bare, 0, dim3(2), dim3(1), 0, 0);

    // A bad shape: the device runtime's error.
    char *b = (char *)cudaGetParameterBuffer(64, 16);
    *(int **)(b + 0) = notes + 2;
    *(int *)(b + 8) = 3;
    codes[6] = cudaLaunchDevice((void *)note, b, dim3(1), dim3(2048), 0, 0);
    codes[7] = cudaGetLastError();
    codes[8] = cudaGetLastError();
}

int main()
{
    long long *out;
    int *notes, *codes;
    cudaMallocManaged(&out, 4 * sizeof(long long));
    cudaMallocManaged(&notes, 4 * sizeof(int));
    cudaMallocManaged(&codes, 16 * sizeof(int));
    for (int i = 0; i < 4; i++)
        notes[i] = -1;
    launcher<<<1, 32>>>(out, notes, codes);
    printf("launcher: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    printf("buffer given %d, misaligned by %d\n", codes[0], codes[1]);
    const char *what[7] = {"launch mixed", "tail launch", "NULL-stream launch",
                           "launch without parameters", "2048 threads per block",
                           "last error", "last error again"};
    for (int i = 0; i < 7; i++)
        printf("%-26s %s\n", what[i], cudaGetErrorName((cudaError_t)codes[2 + i]));
    // mixed ran first or second among the NULL-stream grids: its order
    // digit is left out.
    for (int t = 0; t < 4; t++)
        printf("mixed thread %d: %lld\n", t, out[t] % 100000);
    printf("tail note %d, NULL-stream note %d\n", notes[0], notes[1]);
    printf("tail ran last: %d\n", notes[4] > notes[5]);
    printf("notes[2] (never launched): %d\n", notes[2]);
    int o;
    cudaMemcpyFromSymbol(&o, order, sizeof o);
    printf("bare ran twice: %d\n", o / 1000);
    return 0;
}
