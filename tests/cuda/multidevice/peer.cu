// Peer access between two devices: what can access what, enabling and
// disabling with their errors, peer copies, and a kernel on one device
// reading the other's memory.  Run with two devices (SIMT_DEVICES=2).
#include <cstdio>

__global__ void add_peer(int *mine, const int *peer, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        mine[i] += peer[i];
}

static long long sum(const int *h, int n)
{
    long long s = 0;
    for (int i = 0; i < n; i++)
        s += (long long)h[i] * (i % 7 + 1);
    return s;
}

int main()
{
    int can = -1;
    printf("0->1 %d", (int)cudaDeviceCanAccessPeer(&can, 0, 1));
    printf(" %d\n", can);
    printf("1->0 %d", (int)cudaDeviceCanAccessPeer(&can, 1, 0));
    printf(" %d\n", can);
    printf("0->0 %d", (int)cudaDeviceCanAccessPeer(&can, 0, 0));
    printf(" %d\n", can);
    printf("0->2 %d\n", (int)cudaDeviceCanAccessPeer(&can, 0, 2));
    printf("null %d\n", (int)cudaDeviceCanAccessPeer(NULL, 0, 1));
    cudaGetLastError();

    cudaSetDevice(0);
    printf("disable before enable %d\n", (int)cudaDeviceDisablePeerAccess(1));
    printf("last %d\n", (int)cudaGetLastError());
    printf("enable self %d\n", (int)cudaDeviceEnablePeerAccess(0, 0));
    printf("last %d\n", (int)cudaGetLastError());
    printf("enable flags %d\n", (int)cudaDeviceEnablePeerAccess(1, 1));
    printf("enable 2 %d\n", (int)cudaDeviceEnablePeerAccess(2, 0));
    cudaGetLastError();
    printf("enable %d\n", (int)cudaDeviceEnablePeerAccess(1, 0));
    printf("enable again %d\n", (int)cudaDeviceEnablePeerAccess(1, 0));
    printf("last %d\n", (int)cudaGetLastError());
    printf("disable 2 %d\n", (int)cudaDeviceDisablePeerAccess(2));
    cudaGetLastError();

    const int n = 1 << 16;
    int *h = new int[n];
    int *a, *b;
    cudaSetDevice(0);
    cudaMalloc(&a, n * sizeof(int));
    cudaSetDevice(1);
    cudaMalloc(&b, n * sizeof(int));
    for (int i = 0; i < n; i++)
        h[i] = i * 3 - 7;
    cudaMemcpy(b, h, n * sizeof(int), cudaMemcpyHostToDevice);
    // A peer copy, then device 0 adds device 1's buffer to its copy.
    printf("peer copy %d\n", (int)cudaMemcpyPeer(a, 0, b, 1, n * sizeof(int)));
    cudaSetDevice(0);
    add_peer<<<n / 256, 256>>>(a, b, n);
    printf("kernel %d\n", (int)cudaDeviceSynchronize());
    cudaMemcpy(h, a, n * sizeof(int), cudaMemcpyDeviceToHost);
    printf("sum %lld\n", sum(h, n));

    // An asynchronous peer copy in a stream of device 1, back the other way.
    cudaStream_t s;
    cudaSetDevice(1);
    cudaStreamCreate(&s);
    printf("peer copy async %d\n", (int)cudaMemcpyPeerAsync(b, 1, a, 0, n * sizeof(int), s));
    cudaStreamSynchronize(s);
    cudaMemcpy(h, b, n * sizeof(int), cudaMemcpyDeviceToHost);
    printf("sum %lld\n", sum(h, n));
    printf("peer copy to device 2 %d\n", (int)cudaMemcpyPeer(b, 2, a, 0, 16));
    cudaGetLastError();
    printf("peer copy of 0 bytes %d\n", (int)cudaMemcpyPeer(b, 1, a, 0, 0));

    // A 3D peer copy of a 64x8x4 box out of device 0's buffer.
    cudaMemcpy3DPeerParms p = {};
    p.srcPtr = make_cudaPitchedPtr(a, 64 * sizeof(int), 64, 32);
    p.srcDevice = 0;
    p.dstPtr = make_cudaPitchedPtr(b, 64 * sizeof(int), 64, 32);
    p.dstDevice = 1;
    p.srcPos = make_cudaPos(16 * sizeof(int), 2, 1);
    p.dstPos = make_cudaPos(0, 0, 0);
    p.extent = make_cudaExtent(32 * sizeof(int), 8, 4);
    cudaMemset(b, 0, n * sizeof(int));
    printf("3D peer copy %d\n", (int)cudaMemcpy3DPeer(&p));
    cudaMemcpy(h, b, n * sizeof(int), cudaMemcpyDeviceToHost);
    printf("sum %lld\n", sum(h, n));
    p.dstDevice = 2;
    printf("3D peer copy to device 2 %d\n", (int)cudaMemcpy3DPeer(&p));
    cudaGetLastError();

    cudaSetDevice(0);
    printf("disable %d\n", (int)cudaDeviceDisablePeerAccess(1));
    printf("disable again %d\n", (int)cudaDeviceDisablePeerAccess(1));
    printf("last %d\n", (int)cudaGetLastError());
    cudaStreamDestroy(s);
    cudaFree(a);
    cudaFree(b);
    delete[] h;
    return 0;
}
