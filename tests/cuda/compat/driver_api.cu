// The driver API that runtime programs call (cuda.h): initialization,
// device queries, the primary context, memory, streams and events, error
// names and strings, and the header macros programs test.
#include <cuda.h>
#include <cstdio>
#include <cstring>

#if !defined(__cuda_cuda_h__) || !defined(__CUDA_RUNTIME_H__) || !defined(__DRIVER_TYPES_H__)
#error "NVIDIA's header guard macros are missing"
#endif
#if CUDA_VERSION < 12000
#error "CUDA_VERSION"
#endif

__global__ void scale(float *p, int n, float f)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] *= f;
}

static void show(const char *what, CUresult r)
{
    const char *name = 0, *text = 0;
    cuGetErrorName(r, &name);
    cuGetErrorString(r, &text);
    printf("%-34s %3d %s: %s\n", what, (int)r, name ? name : "?", text ? text : "?");
}

int main()
{
    int count = -1;
    show("cuDeviceGetCount before cuInit", cuDeviceGetCount(&count));
    show("cuInit(1)", cuInit(1));
    show("cuInit(0)", cuInit(0));
    show("cuDeviceGetCount", cuDeviceGetCount(&count));
    printf("count >= 1: %d\n", count >= 1);

    CUdevice dev = -1;
    show("cuDeviceGet(0)", cuDeviceGet(&dev, 0));
    CUdevice bad;
    show("cuDeviceGet(count)", cuDeviceGet(&bad, count));
    int major = 0, minor = 0, v = 0;
    show("cuDeviceGetAttribute(warp size)", cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_WARP_SIZE, dev));
    printf("warp size %d\n", v);
    cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, dev);
    printf("max threads per block %d\n", v);
    cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
    cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);
    int rt_major = 0;
    cudaDeviceGetAttribute(&rt_major, cudaDevAttrComputeCapabilityMajor, 0);
    printf("capability major matches the runtime: %d\n", major == rt_major && major >= 5);
    // Every attribute the driver's enumeration names answers as the
    // runtime's attribute of the same value, or fails as it does.
    int same = 1, answered = 0;
    for (int a = 1; a < (int)CU_DEVICE_ATTRIBUTE_MAX; a++) {
        int dv = -1, rv = -1;
        CUresult dr = cuDeviceGetAttribute(&dv, (CUdevice_attribute)a, dev);
        cudaError_t re = cudaDeviceGetAttribute(&rv, (cudaDeviceAttr)a, 0);
        if ((dr == CUDA_SUCCESS) != (re == cudaSuccess) || (dr == CUDA_SUCCESS && dv != rv))
            same = 0;
        answered += dr == CUDA_SUCCESS;
    }
    cudaGetLastError();
    printf("attributes match the runtime: %d (answered: %d)\n", same, answered > 100);
    cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_COMPUTE_MODE, dev);
    printf("compute mode is the default: %d\n", v == CU_COMPUTEMODE_DEFAULT);
    cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_LAYERS, dev);
    printf("2D layered texture layers %d\n", v);
    int peer = -1;
    show("cuDeviceCanAccessPeer(itself)", cuDeviceCanAccessPeer(&peer, dev, dev));
    printf("can access itself as a peer: %d\n", peer);
    show("cuDeviceCanAccessPeer(count)", cuDeviceCanAccessPeer(&peer, dev, count));
    show("cuDeviceCanAccessPeer(NULL)", cuDeviceCanAccessPeer(NULL, dev, dev));

    char name[256];
    show("cuDeviceGetName", cuDeviceGetName(name, sizeof name, dev));
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    printf("name matches the runtime: %d\n", strcmp(name, prop.name) == 0);
    size_t total = 0;
    show("cuDeviceTotalMem", cuDeviceTotalMem(&total, dev));
    printf("total memory matches the runtime: %d\n", total == prop.totalGlobalMem);

    CUcontext ctx = 0;
    show("cuDevicePrimaryCtxRetain", cuDevicePrimaryCtxRetain(&ctx, dev));
    show("cuCtxSetCurrent", cuCtxSetCurrent(ctx));
    CUcontext cur = 0;
    show("cuCtxGetCurrent", cuCtxGetCurrent(&cur));
    printf("current is the primary context: %d\n", cur == ctx && ctx != 0);
    CUdevice cdev = -1;
    show("cuCtxGetDevice", cuCtxGetDevice(&cdev));
    printf("context device %d\n", (int)cdev);

    size_t free_b = 0, total_b = 0;
    show("cuMemGetInfo", cuMemGetInfo(&free_b, &total_b));
    printf("free <= total: %d\n", free_b <= total_b && total_b > 0);

    const int n = 1000;
    CUdeviceptr d = 0;
    show("cuMemAlloc(0 bytes)", cuMemAlloc(&d, 0));
    show("cuMemAlloc", cuMemAlloc(&d, n * sizeof(float)));
    float h[n];
    for (int i = 0; i < n; i++)
        h[i] = (float)i;
    show("cuMemcpyHtoD", cuMemcpyHtoD(d, h, sizeof h));
    scale<<<(n + 127) / 128, 128>>>((float *)d, n, 0.5f);
    show("cuCtxSynchronize", cuCtxSynchronize());
    memset(h, 0, sizeof h);
    show("cuMemcpyDtoH", cuMemcpyDtoH(h, d, sizeof h));
    printf("h[0] %g h[1] %g h[999] %g\n", h[0], h[1], h[999]);

    CUdeviceptr e = 0;
    cuMemAlloc(&e, n * sizeof(float));
    show("cuMemsetD32", cuMemsetD32(e, 0x3f800000u, n));
    show("cuMemcpyDtoD", cuMemcpyDtoD(d, e, 10 * sizeof(float)));
    show("cuMemsetD8", cuMemsetD8(e, 0x40, 8));
    show("cuMemsetD16", cuMemsetD16(e + 8, 0x4040, 4));
    cuMemcpyDtoH(h, d, sizeof h);
    printf("after copy: h[0] %g h[9] %g h[10] %g\n", h[0], h[9], h[10]);
    cuMemcpyDtoH(h, e, 5 * sizeof(float));
    printf("after memsets: %g %g %g %g %g\n", h[0], h[1], h[2], h[3], h[4]);
    show("cuMemsetD32 misaligned", cuMemsetD32(e + 2, 0, 4));

    CUstream s;
    CUevent a, b;
    show("cuStreamCreate", cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
    show("cuEventCreate", cuEventCreate(&a, CU_EVENT_DEFAULT));
    cuEventCreate(&b, CU_EVENT_DEFAULT);
    show("cuEventRecord", cuEventRecord(a, s));
    scale<<<(n + 127) / 128, 128, 0, s>>>((float *)d, n, 4.0f);
    cuEventRecord(b, s);
    show("cuStreamSynchronize", cuStreamSynchronize(s));
    show("cuEventQuery", cuEventQuery(b));
    float ms = -1;
    show("cuEventElapsedTime", cuEventElapsedTime(&ms, a, b));
    printf("elapsed >= 0: %d\n", ms >= 0);
    cuMemcpyDtoH(h, d, sizeof h);
    printf("h[0] %g h[999] %g\n", h[0], h[999]);
    show("cuEventDestroy", cuEventDestroy(a));
    cuEventDestroy(b);
    show("cuStreamDestroy", cuStreamDestroy(s));

    show("cuMemFree", cuMemFree(d));
    cuMemFree(e);
    void *ph = 0;
    show("cuMemAllocHost", cuMemAllocHost(&ph, 4096));
    show("cuMemFreeHost", cuMemFreeHost(ph));

    // The runtime's last error is not touched by driver calls.
    printf("runtime last error: %d\n", (int)cudaGetLastError());
    const char *str = (const char *)1;
    show("cuGetErrorString(12345)", cuGetErrorString((CUresult)12345, &str));
    printf("string for an unknown code is NULL: %d\n", str == 0);
    show("cuGetErrorName(ILLEGAL_ADDRESS)", CUDA_ERROR_ILLEGAL_ADDRESS);
    show("cuGetErrorName(LAUNCH_FAILED)", CUDA_ERROR_LAUNCH_FAILED);
    show("cuGetErrorName(NOT_READY)", CUDA_ERROR_NOT_READY);
    show("cuDevicePrimaryCtxRelease", cuDevicePrimaryCtxRelease(dev));
    return 0;
}
