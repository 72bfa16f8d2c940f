// Each device's memory pools and managed-memory hints: default pools per
// device, the current pool set per device, stream-ordered allocations
// owned by the stream's device, pools created on device 1, and
// prefetches and advice naming each device, with the errors for a device
// that does not exist and for another device's pool.  Run with two
// devices (SIMT_DEVICES=2).
#include <cstdio>

__global__ void fill(int *p, int n, int v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = v + i;
}

static int owner(const void *p)
{
    cudaPointerAttributes a;
    cudaError_t e = cudaPointerGetAttributes(&a, p);
    return e == cudaSuccess ? a.device : -100 - (int)e;
}

int main()
{
    cudaMemPool_t def0, def1, cur;
    printf("default 0: %d\n", (int)cudaDeviceGetDefaultMemPool(&def0, 0));
    printf("default 1: %d\n", (int)cudaDeviceGetDefaultMemPool(&def1, 1));
    printf("defaults differ: %d\n", def0 != def1);
    printf("default 2: %d\n", (int)cudaDeviceGetDefaultMemPool(&cur, 2));
    cudaGetLastError();
    printf("current 1: %d, is default %d\n", (int)cudaDeviceGetMemPool(&cur, 1), cur == def1);

    // A pool of device 1, made current there and not on device 0.
    cudaMemPoolProps props = {};
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = 1;
    cudaMemPool_t pool1;
    printf("create on 1: %d\n", (int)cudaMemPoolCreate(&pool1, &props));
    printf("set on 0: %d\n", (int)cudaDeviceSetMemPool(0, pool1));
    cudaGetLastError();
    printf("set on 1: %d\n", (int)cudaDeviceSetMemPool(1, pool1));
    cudaDeviceGetMemPool(&cur, 1);
    printf("current 1 is it: %d\n", cur == pool1);
    cudaDeviceGetMemPool(&cur, 0);
    printf("current 0 is default: %d\n", cur == def0);
    props.location.id = 2;
    cudaMemPool_t bad;
    printf("create on 2: %d\n", (int)cudaMemPoolCreate(&bad, &props));
    cudaGetLastError();

    // Stream-ordered allocations belong to their stream's device.
    const int n = 4096;
    cudaStream_t s0, s1;
    cudaSetDevice(0);
    cudaStreamCreate(&s0);
    cudaSetDevice(1);
    cudaStreamCreate(&s1);
    int *a0 = nullptr, *a1 = nullptr, *a2 = nullptr;
    cudaSetDevice(0);
    printf("alloc in 0's stream: %d\n", (int)cudaMallocAsync(&a0, n * sizeof(int), s0));
    cudaSetDevice(1);
    printf("alloc in 1's stream: %d\n", (int)cudaMallocAsync(&a1, n * sizeof(int), s1));
    printf("alloc from the default pool of 0: %d\n",
           (int)cudaMallocFromPoolAsync(&a2, n * sizeof(int), def0, s1));
    cudaStreamSynchronize(s1);
    printf("owners %d %d %d\n", owner(a0), owner(a1), owner(a2));
    fill<<<n / 256, 256, 0, s1>>>(a1, n, 7);
    int h[2];
    cudaMemcpyAsync(h, a1 + n - 2, sizeof h, cudaMemcpyDeviceToHost, s1);
    cudaStreamSynchronize(s1);
    printf("device 1 wrote %d %d\n", h[0], h[1]);
    size_t used1 = 0, used0 = 0;
    cudaMemPoolGetAttribute(pool1, cudaMemPoolAttrUsedMemCurrent, &used1);
    cudaMemPoolGetAttribute(def0, cudaMemPoolAttrUsedMemCurrent, &used0);
    printf("used: pool of 1 %zu, default of 0 %zu\n", used1, used0);
    cudaFreeAsync(a1, s1);
    cudaFreeAsync(a2, s1);
    cudaSetDevice(0);
    cudaFreeAsync(a0, s0);
    cudaDeviceSynchronize();
    cudaSetDevice(1);
    cudaDeviceSynchronize();
    printf("set default back on 1: %d\n", (int)cudaDeviceSetMemPool(1, def1));
    printf("destroy: %d\n", (int)cudaMemPoolDestroy(pool1));

    // Managed memory: prefetches and advice name either device.
    int *m;
    cudaMallocManaged(&m, n * sizeof(int));
    cudaMemLocation loc = {cudaMemLocationTypeDevice, 1};
    printf("prefetch to 1: %d\n", (int)cudaMemPrefetchAsync(m, n * sizeof(int), loc, 0, s1));
    printf("advise preferred 1: %d\n",
           (int)cudaMemAdvise(m, n * sizeof(int), cudaMemAdviseSetPreferredLocation, loc));
    printf("advise accessed by 1: %d\n",
           (int)cudaMemAdvise(m, n * sizeof(int), cudaMemAdviseSetAccessedBy, loc));
    loc.id = 2;
    printf("prefetch to 2: %d\n", (int)cudaMemPrefetchAsync(m, n * sizeof(int), loc, 0, s1));
    cudaGetLastError();
    printf("advise preferred 2: %d\n",
           (int)cudaMemAdvise(m, n * sizeof(int), cudaMemAdviseSetPreferredLocation, loc));
    cudaGetLastError();
    fill<<<n / 256, 256, 0, s1>>>(m, n, 100);
    cudaStreamSynchronize(s1);
    printf("managed %d %d\n", m[0], m[n - 1]);
    cudaFree(m);
    cudaStreamDestroy(s1);
    cudaSetDevice(0);
    cudaStreamDestroy(s0);
    printf("last error %d\n", (int)cudaGetLastError());
    return 0;
}
