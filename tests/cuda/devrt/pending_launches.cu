// cudaLimitDevRuntimePendingLaunchCount (CUDA guide 5.6.4.2.1): launches
// from device code that have not begun take a slot of the launch buffer;
// when none is left a launch fails with
// cudaErrorLaunchPendingCountExceeded.  Tail launches cannot begin before
// their parent ends, so every one of them is pending while it runs.
#include <cstdio>

__global__ void child(int *n)
{
    atomicAdd(n, 1);
}

// Each of the first `threads` threads tail-launches `each` grids and
// counts its launches that succeeded; the first failure's code is kept.
__global__ void parent(int *n, int threads, int each, int *ok, int *first_error)
{
    if (threadIdx.x >= threads)
        return;
    for (int i = 0; i < each; i++) {
        child<<<1, 1, 0, cudaStreamTailLaunch>>>(n);
        cudaError_t e = cudaGetLastError();
        if (e == cudaSuccess)
            atomicAdd(ok, 1);
        else
            atomicCAS(first_error, 0, (int)e);
    }
}

static void run(const char *what, int threads, int each, int *n, int *ok, int *err)
{
    *n = *ok = *err = 0;
    parent<<<1, 32>>>(n, threads, each, ok, err);
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s: %s, %d launched, %d ran, first error %s\n", what, cudaGetErrorName(e), *ok, *n,
           cudaGetErrorName((cudaError_t)*err));
}

int main()
{
    int *n, *ok, *err;
    cudaMallocManaged(&n, sizeof(int));
    cudaMallocManaged(&ok, sizeof(int));
    cudaMallocManaged(&err, sizeof(int));
    size_t v = 0;
    cudaDeviceGetLimit(&v, cudaLimitDevRuntimePendingLaunchCount);
    printf("default limit %zu\n", v);
    run("one thread, 2100 tail launches", 1, 2100, n, ok, err);
    run("again", 1, 2100, n, ok, err);
    cudaError_t e = cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 32);
    cudaDeviceGetLimit(&v, cudaLimitDevRuntimePendingLaunchCount);
    printf("set 32: %s, limit now %zu\n", cudaGetErrorName(e), v);
    run("one thread, 48 tail launches", 1, 48, n, ok, err);
    run("8 threads, 6 tail launches each", 8, 6, n, ok, err);
    run("one thread, 20 tail launches", 1, 20, n, ok, err);
    e = cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 2048);
    printf("set 2048: %s\n", cudaGetErrorName(e));
    run("one thread, 48 tail launches", 1, 48, n, ok, err);
    return 0;
}
