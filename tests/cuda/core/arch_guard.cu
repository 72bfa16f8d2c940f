// arch_guard.cu: device code behind __CUDA_ARCH__ feature gates, as
// NVIDIA's samples write it: a helper that exists only for sm_70 and up,
// a kernel body inside "#if __CUDA_ARCH__ >= 700", a gate that must be
// closed (sm_100 and up is not the device this runs on), and the gate
// written with defined(); the kernel reports what the gates let through.
// Compiled with -arch=sm_90 (nvcc here, simtcc's default).
#include <cstdio>

#if __CUDA_ARCH__ >= 700
__device__ int warp_sum(int v)
{
    for (int o = 16; o > 0; o /= 2)
        v += __shfl_down_sync(0xffffffffu, v, o);
    return v;
}
#endif

__global__ void gated(int *out)
{
    int flags = 0;
#if defined(__CUDA_ARCH__)
    flags |= 1;
#endif
#if __CUDA_ARCH__ >= 700
    flags |= 2;
    int s = warp_sum((int)threadIdx.x + 1);
    if (threadIdx.x % 32 == 0)
        atomicAdd(&out[1], s);
#endif
#if __CUDA_ARCH__ >= 1000
    flags |= 4;
#endif
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
    flags |= 8;
#endif
    if (threadIdx.x == 0)
        out[0] = flags;
}

int main()
{
    int *d, h[2];
    cudaMalloc(&d, sizeof h);
    cudaMemset(d, 0, sizeof h);
    gated<<<1, 64>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%s: flags %d sum %d\n", cudaGetErrorName(e), h[0], h[1]);
    cudaFree(d);
    return 0;
}
