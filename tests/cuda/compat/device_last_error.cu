// The device runtime's last error is per CUDA thread: threads whose
// launch failed read their own error, the others read cudaSuccess, and
// cudaGetLastError clears only the caller's.  A device-side launch with an
// invalid configuration returns cudaErrorInvalidConfiguration; the host's
// returns cudaErrorInvalidValue.
#include <cstdio>

__global__ void child(int *p) { atomicAdd(p, 1); }

__global__ void parent(int *codes, int *count)
{
    int t = threadIdx.x;
    int launched = 0;
    if (t % 4 == 1)
        child<<<1, 2048>>>(count);        // too many threads per block
    else if (t % 4 == 2)
        child<<<dim3(0, 1, 1), 32>>>(count); // an empty grid
    else if (t % 4 == 3) {
        child<<<1, 1>>>(count);
        launched = 1;
    }
    int peek1 = cudaPeekAtLastError();
    __syncthreads();
    int peek2 = cudaPeekAtLastError();
    int get1 = cudaGetLastError();
    __syncthreads();
    int get2 = cudaGetLastError();
    codes[5 * t + 0] = launched;
    codes[5 * t + 1] = peek1;
    codes[5 * t + 2] = peek2;
    codes[5 * t + 3] = get1;
    codes[5 * t + 4] = get2;
}

int main()
{
    const int n = 64;
    int *codes, *count;
    cudaMallocManaged(&codes, 5 * n * sizeof(int));
    cudaMallocManaged(&count, sizeof(int));
    *count = 0;
    parent<<<1, n>>>(codes, count);
    printf("parent: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    for (int t = 0; t < 8; t++)
        printf("thread %d: launched %d peek %d %d get %d %d\n", t, codes[5 * t], codes[5 * t + 1],
               codes[5 * t + 2], codes[5 * t + 3], codes[5 * t + 4]);
    int same = 1;
    for (int t = 8; t < n; t++)
        for (int k = 0; k < 5; k++)
            same &= codes[5 * t + k] == codes[5 * (t % 4) + k];
    printf("threads 8..63 as their class: %d, children ran %d\n", same, *count);
    child<<<1, 2048>>>(count);
    printf("host launch, too many threads: %s\n", cudaGetErrorName(cudaGetLastError()));
    child<<<dim3(0, 1, 1), 32>>>(count);
    printf("host launch, empty grid: %s\n", cudaGetErrorName(cudaGetLastError()));
    printf("host last error after: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
