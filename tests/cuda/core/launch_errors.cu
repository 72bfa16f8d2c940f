// Launch configuration errors: cudaErrorInvalidValue from the launch and
// from cudaGetLastError, never sticky; kernels still run afterwards.
#include <cstdio>

__global__ void empty() {}
__global__ void __launch_bounds__(128) bounded(int *p) { p[threadIdx.x] = 1; }
__global__ void dyn(int *p)
{
    extern __shared__ int s[];
    s[threadIdx.x] = threadIdx.x;
    p[threadIdx.x] = s[threadIdx.x];
}

#define TRY(...)                                                                      \
    do {                                                                              \
        __VA_ARGS__;                                                                  \
        cudaError_t a = cudaPeekAtLastError(), b = cudaGetLastError(), c = cudaGetLastError(); \
        printf("%-45s %s %s %s\n", #__VA_ARGS__, cudaGetErrorName(a), cudaGetErrorName(b), \
               cudaGetErrorName(c));                                                  \
    } while (0)

int main()
{
    int *d;
    cudaMalloc(&d, 4096);
    TRY(empty<<<1, 1025>>>());
    TRY(empty<<<1, dim3(1, 1, 65)>>>());
    TRY(empty<<<1, dim3(2, 1, 64)>>>());
    TRY(empty<<<1, dim3(1, 1025)>>>());
    TRY(empty<<<1, dim3(32, 32, 2)>>>());
    TRY(empty<<<0, 1>>>());
    TRY(empty<<<1, 0>>>());
    TRY(empty<<<dim3(1, 65536), 1>>>());
    TRY(empty<<<dim3(1, 65535), 1>>>());
    TRY(empty<<<dim3(1, 1, 65536), 1>>>());
    TRY(empty<<<dim3(2147483648u), 1>>>());
    TRY(dyn<<<1, 32, 48 * 1024>>>(d));
    TRY(dyn<<<1, 32, 48 * 1024 + 1>>>(d));
    TRY(bounded<<<1, 129>>>(d));
    TRY(bounded<<<1, 128>>>(d));
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    int h[4] = {0, 0, 0, 0};
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("kernels ran: %d %d %d %d\n", h[0], h[1], h[2], h[3]);
    void *args[] = {&d};
    printf("cudaLaunchKernel: %s\n",
           cudaGetErrorName(cudaLaunchKernel((const void *)bounded, dim3(1), dim3(64), args, 0, 0)));
    printf("cudaLaunchKernel too many threads: %s\n",
           cudaGetErrorName(cudaLaunchKernel((const void *)bounded, dim3(1), dim3(256), args, 0, 0)));
    printf("cudaLaunchKernel(main): %s\n",
           cudaGetErrorName(cudaLaunchKernel((const void *)main, dim3(1), dim3(1), args, 0, 0)));
    printf("last: %s\n", cudaGetErrorName(cudaGetLastError()));
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
