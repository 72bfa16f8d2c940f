// Streams and events belong to the device current at their creation: a
// kernel launch needs a stream of the current device, an event record an
// event and stream of one device; copies, waits, queries and stream waits
// work across devices.  Run with two devices (SIMT_DEVICES=2).
#include <cstdio>

__global__ void fill(int *p, int v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = v + i;
}

__global__ void twice(int *p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] *= 2;
}

int main()
{
    const int n = 4096;
    int *a, *b, h[n];
    cudaStream_t s0, s1;
    cudaEvent_t e0, e1, t0, t1;
    cudaSetDevice(0);
    cudaMalloc(&a, n * sizeof(int));
    cudaStreamCreate(&s0);
    cudaEventCreate(&e0);
    cudaEventCreate(&t0);
    cudaSetDevice(1);
    cudaMalloc(&b, n * sizeof(int));
    cudaStreamCreate(&s1);
    cudaEventCreate(&e1);
    cudaEventCreate(&t1);

    int dev = -1;
    printf("stream device %d", (int)cudaStreamGetDevice(s0, &dev));
    printf(" %d", dev);
    cudaStreamGetDevice(s1, &dev);
    printf(" %d\n", dev);

    // Current device 1: a launch into device 0's stream fails.
    fill<<<n / 256, 256, 0, s0>>>(a, 1, n);
    printf("launch into another device's stream %d\n", (int)cudaGetLastError());
    printf("sync %d\n", (int)cudaDeviceSynchronize());
    // A copy into it succeeds.
    for (int i = 0; i < n; i++)
        h[i] = i;
    printf("copy into another device's stream %d\n",
           (int)cudaMemcpyAsync(a, h, n * sizeof(int), cudaMemcpyHostToDevice, s0));
    printf("record event of 1 in stream of 0: %d\n", (int)cudaEventRecord(e1, s0));
    printf("last %d\n", (int)cudaGetLastError());
    printf("record event of 0 in stream of 0: %d\n", (int)cudaEventRecord(e0, s0));
    // Device 1 waits for device 0's event, then doubles what it copied.
    fill<<<n / 256, 256, 0, s1>>>(b, 0, n);
    printf("wait on another device's event %d\n", (int)cudaStreamWaitEvent(s1, e0, 0));
    printf("peer copy in stream %d\n", (int)cudaMemcpyPeerAsync(b, 1, a, 0, n * sizeof(int), s1));
    twice<<<n / 256, 256, 0, s1>>>(b, n);
    printf("record %d\n", (int)cudaEventRecord(e1, s1));
    printf("event sync across devices %d\n", (int)(cudaSetDevice(0), cudaEventSynchronize(e1)));
    printf("query %d\n", (int)cudaEventQuery(e1));
    cudaMemcpy(h, b, n * sizeof(int), cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < n; i++)
        s += h[i] * (long long)(i % 5 + 1);
    printf("sum %lld\n", s);

    // Elapsed time between events of two devices.
    cudaEventRecord(t0, s0);
    cudaSetDevice(1);
    cudaEventRecord(t1, s1);
    cudaDeviceSynchronize();
    cudaSetDevice(0);
    cudaDeviceSynchronize();
    float ms = 0;
    printf("elapsed across devices %d\n", (int)cudaEventElapsedTime(&ms, t0, t1));
    printf("last %d\n", (int)cudaGetLastError());
    printf("stream sync across devices %d\n", (int)cudaStreamSynchronize(s1));
    printf("stream query across devices %d\n", (int)cudaStreamQuery(s1));

    // The legacy default stream is each device's own: device 1's default
    // stream runs device 1's kernel while the current device is 0 again.
    cudaSetDevice(1);
    fill<<<n / 256, 256>>>(b, 5, n);
    cudaSetDevice(0);
    fill<<<n / 256, 256>>>(a, 9, n);
    cudaSetDevice(1);
    cudaDeviceSynchronize();
    cudaMemcpy(h, b, sizeof(int) * 4, cudaMemcpyDeviceToHost);
    printf("device 1 default stream %d %d\n", h[0], h[3]);
    cudaSetDevice(0);
    cudaDeviceSynchronize();
    cudaMemcpy(h, a, sizeof(int) * 4, cudaMemcpyDeviceToHost);
    printf("device 0 default stream %d %d\n", h[0], h[3]);

    printf("destroy other device's stream %d\n", (int)cudaStreamDestroy(s1));
    printf("destroy other device's event %d\n", (int)cudaEventDestroy(e1));
    cudaStreamDestroy(s0);
    cudaEventDestroy(e0);
    cudaEventDestroy(t0);
    cudaEventDestroy(t1);
    cudaFree(a);
    cudaFree(b);
    return 0;
}
