// A device's context failing: a trap in a kernel on device 1 makes device
// 1's calls fail with the sticky error until device 1 is reset, while
// device 0 goes on.  Run with two devices (SIMT_DEVICES=2).  Exits with 1
// when device 0 does not go on or device 1 does not fail.
#include <cstdio>

__global__ void boom() { __trap(); }

__global__ void put(int *p, int v) { *p = v; }

int main()
{
    int *d0, failed = 0;
    cudaSetDevice(0);
    cudaMalloc(&d0, sizeof(int));
    cudaSetDevice(1);
    boom<<<1, 1>>>();
    printf("device 1 sync: %d\n", (int)cudaDeviceSynchronize());
    int *d1 = nullptr;
    cudaError_t lost = cudaMalloc(&d1, sizeof(int));
    printf("device 1 malloc: %d\n", (int)lost);
    failed |= lost == cudaSuccess;
    printf("device 1 last error: %d\n", (int)cudaGetLastError());

    cudaSetDevice(0);
    printf("device 0 last error: %d\n", (int)cudaGetLastError());
    put<<<1, 1>>>(d0, 42);
    int h = 0;
    printf("device 0 copy: %d\n", (int)cudaMemcpy(&h, d0, sizeof(int), cudaMemcpyDeviceToHost));
    printf("device 0 value: %d\n", h);
    failed |= h != 42;
    printf("device 0 sync: %d\n", (int)cudaDeviceSynchronize());

    cudaSetDevice(1);
    printf("device 1 still: %d\n", (int)cudaDeviceSynchronize());
    printf("device 1 reset: %d\n", (int)cudaDeviceReset());
    printf("device 1 malloc after reset: %d\n", (int)cudaMalloc(&d1, sizeof(int)));
    put<<<1, 1>>>(d1, 7);
    printf("device 1 copy after reset: %d\n",
           (int)cudaMemcpy(&h, d1, sizeof(int), cudaMemcpyDeviceToHost));
    printf("device 1 value: %d\n", h);
    failed |= h != 7;
    cudaFree(d1);
    cudaSetDevice(0);
    cudaFree(d0);
    printf("last error %d\n", (int)cudaGetLastError());
    return failed;
}
