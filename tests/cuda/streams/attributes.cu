// attributes.cu: stream and kernel-node launch attributes (which a stream
// and a node take, defaults, round trips, clamping, validation, copies)
// and the profiler calls, as NVIDIA's simpleAttributes and matrixMul use them.
#include <cstdio>
#include <cstring>
#include <cuda_profiler_api.h>

__global__ void k(int *p) { p[threadIdx.x] += 1; }
static void show(const char *what, cudaError_t e) { printf("%s: %s\n", what, cudaGetErrorName(e)); cudaGetLastError(); }
int main()
{
    setvbuf(stdout, NULL, _IONBF, 0);
    show("profStart", cudaProfilerStart()); show("profStop", cudaProfilerStop());
    cudaStream_t s; cudaStreamCreate(&s);
    cudaStream_t sp; int lo, hi; cudaDeviceGetStreamPriorityRange(&lo, &hi); cudaStreamCreateWithPriority(&sp, cudaStreamNonBlocking, hi);
    for (int id = 0; id <= 16; id++) {
        cudaStreamAttrValue v; memset(&v, 0x5a, sizeof v);
        cudaError_t e = cudaStreamGetAttribute(s, (cudaStreamAttrID)id, &v);
        unsigned w[6]; memcpy(w, &v, sizeof w);
        printf("get %d: %s %08x %08x %08x %08x %08x %08x\n", id, cudaGetErrorName(e), w[0], w[1], w[2], w[3], w[4], w[5]);
        cudaGetLastError();
        cudaStreamAttrValue z; memset(&z, 0, sizeof z);
        e = cudaStreamSetAttribute(s, (cudaStreamAttrID)id, &z);
        printf("set0 %d: %s\n", id, cudaGetErrorName(e)); cudaGetLastError();
    }
    cudaStreamAttrValue v; memset(&v, 0, sizeof v);
    cudaStreamGetAttribute(sp, cudaLaunchAttributePriority, &v); printf("prio get %d (hi %d lo %d)\n", v.priority, hi, lo);
    v.priority = lo; show("prio set lo", cudaStreamSetAttribute(sp, cudaLaunchAttributePriority, &v));
    int pr = 99; cudaStreamGetPriority(sp, &pr); printf("prio now %d\n", pr);
    v.priority = -100; show("prio set -100", cudaStreamSetAttribute(sp, cudaLaunchAttributePriority, &v));
    cudaStreamGetPriority(sp, &pr); printf("prio now %d\n", pr);
    int *d; cudaMalloc(&d, 1 << 20);
    memset(&v, 0, sizeof v);
    v.accessPolicyWindow.base_ptr = d; v.accessPolicyWindow.num_bytes = 1 << 20; v.accessPolicyWindow.hitRatio = 0.6f;
    v.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting; v.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
    show("apw set", cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &v));
    cudaStreamAttrValue g; memset(&g, 0, sizeof g);
    show("apw get", cudaStreamGetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &g));
    printf("apw: %d %zu %g %d %d\n", g.accessPolicyWindow.base_ptr == d, g.accessPolicyWindow.num_bytes, g.accessPolicyWindow.hitRatio, g.accessPolicyWindow.hitProp, g.accessPolicyWindow.missProp);
    v.accessPolicyWindow.hitRatio = 1.5f; show("apw ratio 1.5", cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &v));
    v.accessPolicyWindow.hitRatio = 0.5f; v.accessPolicyWindow.num_bytes = 1 << 20; v.accessPolicyWindow.hitProp = (cudaAccessProperty)7; show("apw bad prop", cudaStreamSetAttribute(s, cudaStreamAttributeAccessPolicyWindow, &v));
    v.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting; show("apw legacy stream", cudaStreamSetAttribute(0, cudaStreamAttributeAccessPolicyWindow, &v));
    show("apw per-thread", cudaStreamSetAttribute(cudaStreamPerThread, cudaStreamAttributeAccessPolicyWindow, &v));
    memset(&v, 0, sizeof v); v.syncPolicy = cudaSyncPolicyYield; show("sync set", cudaStreamSetAttribute(s, cudaStreamAttributeSynchronizationPolicy, &v));
    memset(&g, 0, sizeof g); show("sync get", cudaStreamGetAttribute(s, cudaStreamAttributeSynchronizationPolicy, &g)); printf("sync %d\n", g.syncPolicy);
    v.syncPolicy = (cudaSynchronizationPolicy)9; show("sync bad", cudaStreamSetAttribute(s, cudaStreamAttributeSynchronizationPolicy, &v));
    k<<<1, 32, 0, s>>>(d); show("launch", cudaStreamSynchronize(s));
    show("reset persisting", cudaCtxResetPersistingL2Cache());
    // copy attributes
    cudaStream_t s2; cudaStreamCreate(&s2);
    show("copy", cudaStreamCopyAttributes(s2, s));
    memset(&g, 0, sizeof g); cudaStreamGetAttribute(s2, cudaStreamAttributeAccessPolicyWindow, &g); printf("copied apw %zu %g sync ", g.accessPolicyWindow.num_bytes, g.accessPolicyWindow.hitRatio);
    memset(&g, 0, sizeof g); cudaStreamGetAttribute(s2, cudaStreamAttributeSynchronizationPolicy, &g); printf("%d\n", g.syncPolicy);
    // kernel node attributes
    cudaGraph_t gr; cudaGraphCreate(&gr, 0);
    cudaKernelNodeParams kp; memset(&kp, 0, sizeof kp); void *args[] = {&d}; kp.func = (void *)k; kp.gridDim = dim3(1); kp.blockDim = dim3(32); kp.kernelParams = args;
    cudaGraphNode_t n; show("add kernel", cudaGraphAddKernelNode(&n, gr, NULL, 0, &kp));
    for (int id = 0; id <= 16; id++) {
        cudaKernelNodeAttrValue a; memset(&a, 0, sizeof a);
        cudaError_t e = cudaGraphKernelNodeGetAttribute(n, (cudaKernelNodeAttrID)id, &a);
        unsigned w[4]; memcpy(w, &a, sizeof w);
        printf("kget %d: %s %08x %08x %08x %08x\n", id, cudaGetErrorName(e), w[0], w[1], w[2], w[3]); cudaGetLastError();
        memset(&a, 0, sizeof a);
        e = cudaGraphKernelNodeSetAttribute(n, (cudaKernelNodeAttrID)id, &a);
        printf("kset0 %d: %s\n", id, cudaGetErrorName(e)); cudaGetLastError();
    }
    printf("last %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
