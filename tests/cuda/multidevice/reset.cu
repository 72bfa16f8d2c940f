// Each device has its own memory, default stream and reset: what a
// pointer's attributes say about its device, memory info per device, and
// cudaDeviceReset of one device leaving the other's memory and streams.
// Run with two devices (SIMT_DEVICES=2).
#include <cstdio>

__global__ void inc(int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] += 1;
}

int main()
{
    const int n = 1024;
    int *a, *b, *ha, *hb, *m;
    cudaSetDevice(0);
    cudaMalloc(&a, n * sizeof(int));
    cudaMallocHost(&ha, 64);
    cudaStream_t s0;
    cudaStreamCreate(&s0);
    cudaSetDevice(1);
    cudaMalloc(&b, n * sizeof(int));
    cudaMallocHost(&hb, 64);
    cudaMallocManaged(&m, 64);

    cudaPointerAttributes at;
    cudaPointerGetAttributes(&at, a);
    printf("a: type %d device %d\n", (int)at.type, at.device);
    cudaPointerGetAttributes(&at, b + 10);
    printf("b: type %d device %d\n", (int)at.type, at.device);
    cudaPointerGetAttributes(&at, ha);
    printf("ha: type %d device %d\n", (int)at.type, at.device);
    cudaPointerGetAttributes(&at, hb);
    printf("hb: type %d device %d\n", (int)at.type, at.device);
    cudaPointerGetAttributes(&at, m);
    printf("m: type %d device %d\n", (int)at.type, at.device);

    // Memory in use counts per device.
    size_t free0, free1, total, free1b;
    cudaSetDevice(0);
    cudaMemGetInfo(&free0, &total);
    cudaSetDevice(1);
    cudaMemGetInfo(&free1, &total);
    int *big;
    cudaMalloc(&big, 64 << 20);
    cudaMemGetInfo(&free1b, &total);
    cudaSetDevice(0);
    size_t free0b;
    cudaMemGetInfo(&free0b, &total);
    printf("device 1's 64 MiB: device 1 lost at least it %d, device 0 within 8 MiB %d\n",
           free1 - free1b >= (64u << 20),
           (free0 > free0b ? free0 - free0b : free0b - free0) < (8u << 20));

    // Reset device 1: its memory and streams go, device 0's stay.
    cudaMemset(a, 0, n * sizeof(int));
    cudaSetDevice(1);
    cudaMemset(b, 0, n * sizeof(int));
    printf("reset 1: %d\n", (int)cudaDeviceReset());
    cudaPointerGetAttributes(&at, b);
    printf("b after reset: type %d\n", (int)at.type);
    cudaPointerGetAttributes(&at, a);
    printf("a after reset: type %d device %d\n", (int)at.type, at.device);
    cudaSetDevice(0);
    inc<<<n / 256, 256, 0, s0>>>(a, n);
    printf("device 0 stream after device 1's reset %d\n", (int)cudaStreamSynchronize(s0));
    int h[4];
    cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
    printf("a %d %d\n", h[0], h[3]);
    cudaSetDevice(0);
    cudaStreamDestroy(s0);
    cudaFree(a);
    cudaFreeHost(ha);
    return 0;
}
