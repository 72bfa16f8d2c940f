// A program that uses every kind of operation the timeline records:
// kernels in two streams, copies of three kinds, a memset, a host
// function, event records and waits, a captured graph's launch (two
// kernels and a copy back, which show as the stream's own), NVTX
// ranges (push/pop, start/end, C++ scoped) and marks, and a region
// outside cudaProfilerStart/Stop that must not be recorded.
#include <cstdio>
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvToolsExtCudaRt.h>
#include <nvtx3/nvtx3.hpp>

__global__ void scale(float *x, int n, float a)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] *= a;
}

__global__ void add_shared(float *x, int n)
{
    extern __shared__ float tile[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    tile[threadIdx.x] = i < n ? x[i] : 0.0f;
    __syncthreads();
    if (i < n)
        x[i] = tile[threadIdx.x] + 1.0f;
}

__global__ void not_recorded(float *x) { x[0] = 0.0f; }

static void CUDART_CB on_host(void *arg) { ++*static_cast<int *>(arg); }

int main()
{
    const int n = 1 << 16;
    float *h = nullptr, *h2 = nullptr, *d = nullptr, *d2 = nullptr;
    cudaMallocHost(&h, n * sizeof(float));
    cudaMallocHost(&h2, 4 * sizeof(float));
    cudaMalloc(&d, n * sizeof(float));
    cudaMalloc(&d2, n * sizeof(float));
    for (int i = 0; i < n; i++)
        h[i] = 1.0f;
    cudaStream_t s1, s2;
    cudaStreamCreate(&s1);
    cudaStreamCreate(&s2);
    nvtxNameCudaStreamA(s1, "compute");
    cudaEvent_t ev;
    cudaEventCreate(&ev);
    int calls = 0;

    {
        nvtx3::scoped_range all{"setup and run", nvtx3::rgb{0, 128, 255}};
        nvtxRangePushA("copies in");
        cudaMemcpyAsync(d, h, n * sizeof(float), cudaMemcpyHostToDevice, s1);
        cudaMemsetAsync(d2, 0, n * sizeof(float), s2);
        nvtxRangePop();
        scale<<<n / 256, 256, 0, s1>>>(d, n, 2.0f);
        cudaEventRecord(ev, s1);
        cudaStreamWaitEvent(s2, ev, 0);
        cudaMemcpyAsync(d2, d, n * sizeof(float), cudaMemcpyDeviceToDevice, s2);
        add_shared<<<n / 128, 128, 128 * sizeof(float), s2>>>(d2, n);
        cudaLaunchHostFunc(s2, on_host, &calls);
        nvtxMarkA("launched");
    }

    // The graph scales d on s1 while s2 may still be copying d: s1
    // waits for all of s2's work first.
    cudaEvent_t done2;
    cudaEventCreate(&done2);
    cudaEventRecord(done2, s2);
    cudaStreamWaitEvent(s1, done2, 0);

    nvtxRangeId_t g = nvtxRangeStartA("graph");
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal);
    scale<<<n / 256, 256, 0, s1>>>(d, n, 0.5f);
    scale<<<n / 256, 256, 0, s1>>>(d, n, 3.0f);
    cudaMemcpyAsync(h2, d, 4 * sizeof(float), cudaMemcpyDefault, s1);
    cudaStreamEndCapture(s1, &graph);
    cudaGraphInstantiate(&exec, graph, 0);
    cudaGraphLaunch(exec, s1);
    cudaStreamSynchronize(s1);
    nvtxRangeEnd(g);

    cudaDeviceSynchronize();
    cudaProfilerStop();
    not_recorded<<<1, 1>>>(d);
    cudaDeviceSynchronize();
    cudaProfilerStart();

    cudaMemcpy(h, d2, n * sizeof(float), cudaMemcpyDeviceToHost);
    printf("h[0] = %.1f, h[n-1] = %.1f, host function calls: %d\n", h[0], h[n - 1], calls);
    printf("copied by the graph: %.1f\n", h2[3]);
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    cudaEventDestroy(ev);
    cudaEventDestroy(done2);
    cudaStreamDestroy(s1);
    cudaStreamDestroy(s2);
    cudaFree(d);
    cudaFree(d2);
    cudaFreeHost(h);
    cudaFreeHost(h2);
    return 0;
}
