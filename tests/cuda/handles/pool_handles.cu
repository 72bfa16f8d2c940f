// Memory pool handles after cudaMemPoolDestroy: destroying twice, the
// default pool, allocating from, setting, reading and trimming a destroyed
// pool, and NULL.
#include <cstdio>
#include <cstdlib>

#define E(x) printf("%-62s %s\n", #x, cudaGetErrorName(x))

static cudaMemPool_t make_pool()
{
    cudaMemPoolProps props = {};
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = 0;
    cudaMemPool_t p = NULL;
    E(cudaMemPoolCreate(&p, &props));
    return p;
}

static void null_pool()
{
    void *p = NULL;
    unsigned long long v = 0;
    E(cudaMemPoolDestroy(NULL));
    E(cudaMallocFromPoolAsync(&p, 256, NULL, 0));
    E(cudaMemPoolSetAttribute(NULL, cudaMemPoolAttrReleaseThreshold, &v));
    E(cudaMemPoolGetAttribute(NULL, cudaMemPoolAttrReleaseThreshold, &v));
    E(cudaMemPoolTrimTo(NULL, 0));
    E(cudaDeviceSetMemPool(0, NULL));
    E(cudaGetLastError());
}

static void destroy_twice()
{
    cudaMemPool_t p = make_pool();
    E(cudaMemPoolDestroy(p));
    E(cudaMemPoolDestroy(p));
    E(cudaGetLastError());
}

static void destroy_default()
{
    cudaMemPool_t d;
    E(cudaDeviceGetDefaultMemPool(&d, 0));
    E(cudaMemPoolDestroy(d));
    E(cudaGetLastError());
    void *p = NULL;
    E(cudaMallocAsync(&p, 256, 0));
    E(cudaFreeAsync(p, 0));
    E(cudaDeviceSynchronize());
}

static void use_destroyed()
{
    cudaMemPool_t p = make_pool();
    void *q = NULL;
    unsigned long long v = 0;
    E(cudaMemPoolDestroy(p));
    E(cudaMallocFromPoolAsync(&q, 256, p, 0));
    E(cudaMemPoolSetAttribute(p, cudaMemPoolAttrReleaseThreshold, &v));
    E(cudaMemPoolGetAttribute(p, cudaMemPoolAttrReleaseThreshold, &v));
    E(cudaMemPoolTrimTo(p, 0));
    E(cudaDeviceSetMemPool(0, p));
    E(cudaGetLastError());
    E(cudaDeviceSynchronize());
}

static void destroyed_with_memory()
{
    // Memory still allocated from a pool outlives the pool's destruction.
    cudaMemPool_t p = make_pool();
    void *q = NULL;
    E(cudaMallocFromPoolAsync(&q, 256, p, 0));
    E(cudaMemPoolDestroy(p));
    E(cudaMemsetAsync(q, 0, 256, 0));
    E(cudaFreeAsync(q, 0));
    E(cudaDeviceSynchronize());
    E(cudaMemPoolDestroy(p));
    E(cudaGetLastError());
}

static void (*const cases[])() = {null_pool, destroy_twice, destroy_default, use_destroyed,
                                  destroyed_with_memory};

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    int n = (int)(sizeof cases / sizeof cases[0]);
    if (argc > 1) {
        int i = atoi(argv[1]);
        if (i < 0 || i >= n)
            return 3;
        cases[i]();
        return 0;
    }
    for (int i = 0; i < n; i++) {
        printf("-- case %d\n", i);
        cases[i]();
    }
    return 0;
}
