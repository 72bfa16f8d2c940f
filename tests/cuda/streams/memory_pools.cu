// Stream-ordered allocation and memory pools (CUDA guide, "Stream Ordered
// Memory Allocator"): cudaMallocAsync/cudaFreeAsync in stream order, the
// default and created pools, their attributes (used and reserved memory,
// release threshold, reuse), trimming, and the errors of the API.
#include "spin.h"

#define E(x) printf("%-66s %s\n", #x, cudaGetErrorName(x))

static unsigned long long attr(cudaMemPool_t p, cudaMemPoolAttr a)
{
    if (a <= cudaMemPoolReuseAllowInternalDependencies) {
        int v = -1;
        return cudaMemPoolGetAttribute(p, a, &v) == cudaSuccess ? (unsigned long long)v : 99;
    }
    unsigned long long v = 0;
    return cudaMemPoolGetAttribute(p, a, &v) == cudaSuccess ? v : 99;
}

static void show(const char *what, cudaMemPool_t p)
{
    printf("  %-34s used %llu (high %llu), reserved %llu MiB (high %llu MiB)\n", what,
           attr(p, cudaMemPoolAttrUsedMemCurrent), attr(p, cudaMemPoolAttrUsedMemHigh),
           attr(p, cudaMemPoolAttrReservedMemCurrent) >> 20,
           attr(p, cudaMemPoolAttrReservedMemHigh) >> 20);
}

__global__ void fill(int *p, int n, int v)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        p[i] = v + i;
}

__global__ void add_into(const int *a, int *b, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        b[i] += a[i];
}

int main()
{
    preload_spin_kernels();
    cudaMemPool_t def = NULL, cur = NULL, pool = NULL, host_pool = NULL;
    cudaStream_t s, s2;
    CHECK(cudaStreamCreate(&s));
    CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));

    printf("-- the default pool\n");
    E(cudaDeviceGetDefaultMemPool(&def, 0));
    E(cudaDeviceGetMemPool(&cur, 0));
    printf("  current is the default: %d\n", cur == def);
    printf("  reuse: follow events %llu, opportunistic %llu, internal dependencies %llu; threshold %llu\n",
           attr(def, cudaMemPoolReuseFollowEventDependencies), attr(def, cudaMemPoolReuseAllowOpportunistic),
           attr(def, cudaMemPoolReuseAllowInternalDependencies), attr(def, cudaMemPoolAttrReleaseThreshold));
    show("fresh", def);

    printf("-- stream order\n");
    const int n = 1 << 16;
    int *a = NULL, *b = NULL, *c = NULL;
    E(cudaMallocAsync(&a, n * sizeof(int), s));
    E(cudaMallocAsync(&b, n * sizeof(int), s));
    show("two allocations", def);
    fill<<<16, 256, 0, s>>>(a, n, 1);
    fill<<<16, 256, 0, s>>>(b, n, 100);
    add_into<<<16, 256, 0, s>>>(a, b, n);
    E(cudaFreeAsync(a, s));
    show("one freed (not yet run)", def);
    E(cudaMallocAsync(&c, n * sizeof(int), s));
    printf("  reused in the same stream at once: %d\n", c == a);
    fill<<<16, 256, 0, s>>>(c, n, 5);
    add_into<<<16, 256, 0, s>>>(c, b, n);
    int host[4];
    E(cudaMemcpyAsync(host, b + n - 4, sizeof host, cudaMemcpyDeviceToHost, s));
    E(cudaFreeAsync(b, s));
    E(cudaFreeAsync(c, s));
    E(cudaStreamSynchronize(s));
    printf("  values %d %d %d %d\n", host[0], host[1], host[2], host[3]);
    show("all freed, synchronized", def);

    printf("-- lifetime across streams with an event\n");
    int *w = NULL;
    cudaEvent_t ev;
    CHECK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming));
    E(cudaMallocAsync(&w, 1024 * sizeof(int), s));
    busy_store<<<1, 1, 0, s>>>(20000000LL, NULL, 0);
    fill<<<4, 256, 0, s>>>(w, 1024, 10);
    E(cudaEventRecord(ev, s));
    E(cudaStreamWaitEvent(s2, ev, 0));
    add_into<<<4, 256, 0, s2>>>(w, w, 1024);
    E(cudaMemcpyAsync(host, w + 1020, sizeof host, cudaMemcpyDeviceToHost, s2));
    E(cudaFreeAsync(w, s2));
    E(cudaStreamSynchronize(s2));
    printf("  values %d %d %d %d\n", host[0], host[1], host[2], host[3]);

    printf("-- release threshold and trimming\n");
    unsigned long long big = ~0ULL, zero = 0;
    E(cudaMemPoolSetAttribute(def, cudaMemPoolAttrReleaseThreshold, &big));
    void *p1 = NULL, *p2 = NULL;
    E(cudaMallocAsync(&p1, 3 << 20, s));
    E(cudaFreeAsync(p1, s));
    E(cudaStreamSynchronize(s));
    show("threshold max: kept after sync", def);
    E(cudaMallocAsync(&p2, 3 << 20, s2));
    printf("  a completed free is reused in another stream: %d\n", p2 == p1);
    E(cudaFreeAsync(p2, s2));
    E(cudaDeviceSynchronize());
    E(cudaMemPoolTrimTo(def, 0));
    show("trimmed to 0", def);
    E(cudaMemPoolSetAttribute(def, cudaMemPoolAttrReleaseThreshold, &zero));
    E(cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemHigh, &zero));
    E(cudaMemPoolSetAttribute(def, cudaMemPoolAttrReservedMemHigh, &zero));
    show("watermarks reset", def);
    E(cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemCurrent, &zero));
    E(cudaMemPoolSetAttribute(def, cudaMemPoolAttrUsedMemHigh, &big));
    E(cudaMemPoolGetAttribute(def, (cudaMemPoolAttr)42, &big));
    int off = 0, on = 1;
    E(cudaMemPoolSetAttribute(def, cudaMemPoolReuseAllowOpportunistic, &off));
    printf("  opportunistic now %llu\n", attr(def, cudaMemPoolReuseAllowOpportunistic));
    E(cudaMemPoolSetAttribute(def, cudaMemPoolReuseAllowOpportunistic, &on));

    printf("-- a created pool\n");
    cudaMemPoolProps props = {};
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = 0;
    E(cudaMemPoolCreate(&pool, &props));
    show("fresh", pool);
    void *q = NULL;
    E(cudaMallocFromPoolAsync(&q, 4096, pool, s));
    show("after 4096 bytes", pool);
    cudaPointerAttributes pa;
    E(cudaPointerGetAttributes(&pa, q));
    printf("  device memory: %d\n", pa.type == cudaMemoryTypeDevice);
    E(cudaFreeAsync(q, s));
    E(cudaDeviceSetMemPool(0, pool));
    E(cudaDeviceGetMemPool(&cur, 0));
    printf("  current is the created pool: %d\n", cur == pool);
    E(cudaMallocAsync(&q, 512, s));
    show("after cudaMallocAsync(512)", pool);
    E(cudaFreeAsync(q, s));
    E(cudaStreamSynchronize(s));
    show("freed, synchronized", pool);
    E(cudaMemPoolDestroy(pool));
    E(cudaDeviceGetMemPool(&cur, 0));
    printf("  current after destroying it is the default: %d\n", cur == def);
    props.location.type = cudaMemLocationTypeHost;
    E(cudaMemPoolCreate(&host_pool, &props));
    int *hp = NULL;
    E(cudaMallocFromPoolAsync(&hp, 64 * sizeof(int), host_pool, s));
    E(cudaStreamSynchronize(s));
    hp[0] = 3;
    hp[63] = 66;
    printf("  host pool memory written by the host: %d %d\n", hp[0], hp[63]);
    E(cudaPointerGetAttributes(&pa, hp));
    printf("  host memory: %d\n", pa.type == cudaMemoryTypeHost);
    E(cudaFreeAsync(hp, s));
    E(cudaStreamSynchronize(s));
    E(cudaMemPoolDestroy(host_pool));

    printf("-- errors\n");
    void *z = (void *)1;
    E(cudaMallocAsync(&z, 0, s));
    printf("  size 0 gives NULL: %d\n", z == NULL);
    E(cudaMallocAsync(&z, (size_t)1 << 52, s));
    printf("  failure leaves NULL: %d\n", z == NULL);
    E(cudaMallocAsync(NULL, 16, s));
    E(cudaFreeAsync(NULL, s));
    char stack[16];
    E(cudaFreeAsync(stack, s));
    E(cudaMallocAsync(&z, 64, s));
    E(cudaFreeAsync((char *)z + 16, s));
    E(cudaFreeAsync(z, s));
    E(cudaStreamSynchronize(s));
    E(cudaFreeAsync(z, s));
    void *m = NULL;
    CHECK(cudaMalloc(&m, 64));
    E(cudaFreeAsync(m, s));
    E(cudaStreamSynchronize(s));
    E(cudaMallocAsync(&z, 64, s));
    E(cudaStreamSynchronize(s));
    E(cudaFree(z));
    E(cudaDeviceGetDefaultMemPool(&cur, 1));
    E(cudaDeviceGetDefaultMemPool(NULL, 0));
    E(cudaDeviceSetMemPool(1, def));
    E(cudaDeviceSetMemPool(0, NULL));
    E(cudaMemPoolDestroy(def));
    E(cudaMemPoolDestroy(NULL));
    E(cudaMallocFromPoolAsync(&z, 64, NULL, s));
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = 1;
    E(cudaMemPoolCreate(&pool, &props));
    props.location.id = 0;
    props.allocType = cudaMemAllocationTypeInvalid;
    E(cudaMemPoolCreate(&pool, &props));
    E(cudaMemPoolCreate(&pool, NULL));
    cudaMemAccessDesc ad = {{cudaMemLocationTypeDevice, 0}, cudaMemAccessFlagsProtReadWrite};
    E(cudaMemPoolSetAccess(def, &ad, 1));
    cudaMemAccessFlags af = cudaMemAccessFlagsProtNone;
    cudaMemLocation loc = {cudaMemLocationTypeDevice, 0};
    E(cudaMemPoolGetAccess(&af, def, &loc));
    printf("  access %d\n", (int)af);
    E(cudaGetLastError());
    int supported = -1;
    E(cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, 0));
    printf("  pools supported %d\n", supported);

    CHECK(cudaEventDestroy(ev));
    CHECK(cudaStreamDestroy(s));
    CHECK(cudaStreamDestroy(s2));
    printf("done\n");
    return 0;
}
