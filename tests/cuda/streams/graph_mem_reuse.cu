// graph_mem_reuse.cu: a graph allocation that the graph does not free keeps
// its address across launches: freed outside the graph by cudaFree, by
// cudaFreeAsync in stream order, or by a free node of another graph, and
// allocated again by the next launch (as NVIDIA's graphMemoryNodes sample
// relies on); freeing it twice is an error; the graph-memory attributes.
#include <cstdio>
#include <cstring>

__global__ void fill(float *p, int n, float v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = v + (float)i;
}

__global__ void sum(const float *p, int n, double *out)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        double s = 0;
        for (int i = 0; i < n; i++)
            s += p[i];
        *out = s;
    }
}

static const char *nm(cudaError_t e) { return cudaGetErrorName(e); }

int main()
{
    const int n = 1 << 16;
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    double *res;
    cudaMallocManaged(&res, sizeof(double));

    cudaGraph_t g;
    cudaGraphCreate(&g, 0);
    cudaMemAllocNodeParams ap;
    memset(&ap, 0, sizeof ap);
    ap.poolProps.allocType = cudaMemAllocationTypePinned;
    ap.poolProps.location.type = cudaMemLocationTypeDevice;
    ap.poolProps.location.id = 0;
    ap.bytesize = n * sizeof(float);
    cudaGraphNode_t an, kn;
    printf("alloc node: %s\n", nm(cudaGraphAddMemAllocNode(&an, g, NULL, 0, &ap)));
    float *p = (float *)ap.dptr;
    float v = 1.0f;
    int nn = n;
    void *args[] = {&p, &nn, &v};
    cudaKernelNodeParams kp;
    memset(&kp, 0, sizeof kp);
    kp.func = (void *)fill;
    kp.gridDim = dim3((n + 255) / 256);
    kp.blockDim = dim3(256);
    kp.kernelParams = args;
    printf("kernel node: %s\n", nm(cudaGraphAddKernelNode(&kn, g, &an, 1, &kp)));
    cudaGraphExec_t x;
    printf("instantiate: %s\n", nm(cudaGraphInstantiate(&x, g, 0)));

    // A graph that frees the allocation.
    cudaGraph_t fg;
    cudaGraphCreate(&fg, 0);
    cudaGraphNode_t fn;
    printf("free node: %s\n", nm(cudaGraphAddMemFreeNode(&fn, fg, NULL, 0, p)));
    cudaGraphExec_t fx;
    printf("instantiate free graph: %s\n", nm(cudaGraphInstantiate(&fx, fg, 0)));

    for (int round = 0; round < 3; round++) {
        printf("round %d launch: %s\n", round, nm(cudaGraphLaunch(x, s)));
        sum<<<1, 32, 0, s>>>(p, n, res);
        cudaError_t e;
        if (round == 0) {
            cudaStreamSynchronize(s);
            e = cudaFree(p);
        } else if (round == 1) {
            e = cudaFreeAsync(p, s);
        } else {
            e = cudaGraphLaunch(fx, s);
        }
        printf("round %d free: %s\n", round, nm(e));
        printf("round %d sync: %s sum %.1f\n", round, nm(cudaStreamSynchronize(s)), *res);
    }
    printf("free again: %s\n", nm(cudaFree(p)));
    printf("last error: %s\n", nm(cudaGetLastError()));
    unsigned long long used = 99;
    cudaError_t ge = cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &used);
    // Freed allocations stay associated with their graph (the amount is
    // the GPU's page granularity, not printed).
    printf("used now: %s %d\n", nm(ge), used > 0);
    unsigned long long zero = 0, one = 1;
    printf("reset used high: %s\n", nm(cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrUsedMemHigh, &zero)));
    printf("set used high to 1: %s\n", nm(cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrUsedMemHigh, &one)));
    printf("set used current: %s\n", nm(cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &zero)));
    cudaGetLastError();
    printf("trim: %s\n", nm(cudaDeviceGraphMemTrim(0)));
    cudaGraphExecDestroy(x);
    cudaGraphExecDestroy(fx);
    cudaGraphDestroy(g);
    cudaGraphDestroy(fg);
    printf("done: %s\n", nm(cudaDeviceSynchronize()));
    return 0;
}
