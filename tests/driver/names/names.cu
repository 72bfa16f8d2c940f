// names.cu: a CUDA program linked with user.c, whose global names were
// libsimt's internal names; launches, copies, streams, graphs and device
// printf run through the code that used those names.
#include <cstdio>

extern "C" int names_sum(void);
extern "C" int mem_lookup(int);
extern "C" int fiber_create;

__global__ void scale(int *p, int n, int f)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] *= f;
    if (i == 0)
        printf("kernel %d\n", f);
}

int main()
{
    const int n = 256;
    int h[n], *d;
    for (int i = 0; i < n; i++)
        h[i] = i;
    cudaMalloc(&d, n * sizeof(int));
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    cudaStream_t s;
    cudaStreamCreate(&s);
    scale<<<n / 64, 64, 0, s>>>(d, n, 2);
    cudaStreamSynchronize(s);
    cudaGraph_t g;
    cudaGraphExec_t x;
    cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
    scale<<<n / 64, 64, 0, s>>>(d, n, 3);
    cudaStreamEndCapture(s, &g);
    cudaGraphInstantiate(&x, g, 0);
    cudaGraphLaunch(x, s);
    cudaStreamSynchronize(s);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaGraphExecDestroy(x);
    cudaGraphDestroy(g);
    cudaStreamDestroy(s);
    cudaFree(d);
    printf("h[255] %d, sum %d, mem_lookup(1) %d, fiber_create %d, %s\n", h[255], names_sum(),
           mem_lookup(1), fiber_create, cudaGetErrorString(cudaGetLastError()));
    return 0;
}
