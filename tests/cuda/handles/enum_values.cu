// Values outside CUDA's enumerations and flag sets: limits, device
// attributes, cache configurations, function
// attributes, copy kinds, capture modes, stream and pool attributes,
// memory advice, and creation flags.
#include <cstdio>
#include <cstdlib>

#define E(x) printf("%-78s %s\n", #x, cudaGetErrorName(x))

__global__ void k() {}

static void limits()
{
    size_t v = 0;
    E(cudaDeviceSetLimit((cudaLimit)0x42, 16));
    E(cudaDeviceGetLimit(&v, (cudaLimit)0x42));
    E(cudaDeviceSetLimit((cudaLimit)-1, 16));
    E(cudaDeviceGetLimit(&v, (cudaLimit)-1));
    E(cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, 200));
    E(cudaDeviceGetLimit(NULL, cudaLimitStackSize));
    E(cudaGetLastError());
}

static void device_config()
{
    int v = 0;
    E(cudaDeviceGetAttribute(&v, (cudaDeviceAttr)99999, 0));
    E(cudaDeviceSetCacheConfig((cudaFuncCache)9));
    E(cudaSetDeviceFlags(0x1000));
    E(cudaGetLastError());
}

static void function_config()
{
    E(cudaFuncSetCacheConfig(k, (cudaFuncCache)9));
    E(cudaFuncSetAttribute(k, (cudaFuncAttribute)99, 1));
    int n = 0;
    E(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&n, k, 32, 0, 0x99));
    E(cudaGetLastError());
}

static void copy_kinds()
{
    int h[4] = {0}, *d = NULL;
    E(cudaMalloc(&d, sizeof h));
    E(cudaMemcpy(d, h, sizeof h, (cudaMemcpyKind)9));
    E(cudaMemcpyAsync(d, h, sizeof h, (cudaMemcpyKind)9, 0));
    E(cudaMemcpy2D(d, 16, h, 16, 16, 1, (cudaMemcpyKind)9));
    E(cudaGetLastError());
    E(cudaFree(d));
}

static void capture_modes()
{
    cudaStream_t s;
    cudaGraph_t g = NULL;
    cudaStreamCaptureMode m = (cudaStreamCaptureMode)9;
    E(cudaStreamCreate(&s));
    E(cudaStreamBeginCapture(s, (cudaStreamCaptureMode)9));
    E(cudaStreamEndCapture(s, &g));
    E(cudaThreadExchangeStreamCaptureMode(&m));
    E(cudaGetLastError());
    E(cudaStreamDestroy(s));
}

static void attributes()
{
    cudaStream_t s;
    cudaLaunchAttributeValue v = {};
    cudaMemPool_t pool;
    unsigned long long u = 0;
    E(cudaStreamCreate(&s));
    E(cudaStreamGetAttribute(s, (cudaLaunchAttributeID)99, &v));
    E(cudaStreamSetAttribute(s, (cudaLaunchAttributeID)99, &v));
    E(cudaDeviceGetDefaultMemPool(&pool, 0));
    E(cudaMemPoolGetAttribute(pool, (cudaMemPoolAttr)99, &u));
    E(cudaMemPoolSetAttribute(pool, (cudaMemPoolAttr)99, &u));
    E(cudaDeviceGetGraphMemAttribute(0, (cudaGraphMemAttributeType)99, &u));
    E(cudaGetLastError());
    E(cudaStreamDestroy(s));
}

static void memory_advice()
{
    int *m = NULL, v = 0;
    cudaMemLocation loc = {};
    loc.type = cudaMemLocationTypeDevice;
    loc.id = 0;
    E(cudaMallocManaged(&m, 64));
    E(cudaMemAdvise(m, 64, (cudaMemoryAdvise)99, loc));
    E(cudaGetLastError());
    E(cudaFree(m));
}

static void creation_flags()
{
    void *p = NULL;
    cudaStream_t s;
    cudaEvent_t e;
    cudaGraph_t g;
    E(cudaStreamCreateWithFlags(&s, 0x4));
    E(cudaEventCreateWithFlags(&e, 0x80));
    E(cudaHostAlloc(&p, 64, 0x100));
    E(cudaMallocManaged(&p, 64, 9));
    E(cudaGraphCreate(&g, 1));
    E(cudaGetLastError());
}

static void (*const cases[])() = {limits,       device_config, function_config, copy_kinds,
                                  capture_modes, attributes,   memory_advice,   creation_flags};

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
