// Warp collectives under branches that differ between warps but not within
// one ("if (warp == 0) v = reduce(v)", a row of a 2D block, the upper
// warps): every lane of a warp that enters takes part, as the full mask
// requires.  Also blocks whose x extent is not a multiple of 32 with a
// condition every thread passes.
#include <cstdio>

__device__ int warp_sum(int v)
{
    for (int o = 16; o > 0; o /= 2)
        v += __shfl_down_sync(0xffffffff, v, o);
    return v;
}

__device__ int warp_scan(int v)
{
    int lane = threadIdx.x % 32;
    for (int d = 1; d < 32; d *= 2) {
        int n = __shfl_up_sync(0xffffffff, v, d);
        if (lane >= d)
            v += n;
    }
    return v;
}

__global__ void first_warp(const int *in, int *out)
{
    __shared__ int part[32];
    int t = threadIdx.x;
    int v = warp_sum(in[blockIdx.x * blockDim.x + t]);
    if (t % 32 == 0)
        part[t / 32] = v;
    __syncthreads();
    v = t < blockDim.x / 32 ? part[t] : 0;
    if (t / 32 == 0)
        v = warp_sum(v);
    if (t == 0)
        out[blockIdx.x] = v;
}

__global__ void row_of_2d(const int *in, int *out)
{
    int t = threadIdx.y * blockDim.x + threadIdx.x;
    int v = in[blockIdx.x * blockDim.x * blockDim.y + t] * (threadIdx.y + 1);
    if (threadIdx.y == 2)
        v = warp_scan(v) + 1000;
    out[blockIdx.x * blockDim.x * blockDim.y + t] = v;
}

__global__ void upper_warps(const int *in, int *out, int k)
{
    int t = threadIdx.x;
    int v = in[blockIdx.x * blockDim.x + t];
    unsigned b = 0;
    if (t >= 64) {
        v = warp_scan(v ^ k);
        b = __ballot_sync(0xffffffff, v & 1);
    }
    if (t / 32 == (int)(blockIdx.x % 4))
        v = __reduce_max_sync(0xffffffff, v) - v;
    out[blockIdx.x * blockDim.x + t] = v + (int)(b >> 3);
}

// With 16x2 blocks a warp spans two rows; every thread passes x / 32 == 0.
__global__ void all_pass(const int *in, int *out)
{
    int t = threadIdx.y * blockDim.x + threadIdx.x;
    int g = blockIdx.x * blockDim.x * blockDim.y + t;
    int v = in[g];
    if (threadIdx.x / 32 == 0)
        v = warp_sum(v) - v;
    out[g] = v;
}

static unsigned fnv(const int *p, int n)
{
    unsigned h = 2166136261u;
    for (int i = 0; i < n; i++)
        h = (h ^ (unsigned)p[i]) * 16777619u;
    return h;
}

int main()
{
    const int n = 1 << 14;
    int *in, *out;
    cudaMallocManaged(&in, n * sizeof(int));
    cudaMallocManaged(&out, n * sizeof(int));
    for (int i = 0; i < n; i++)
        in[i] = (int)((i * 2654435761u) >> 22) - 300;

    first_warp<<<n / 256, 256>>>(in, out);
    cudaDeviceSynchronize();
    printf("first_warp  %08x out[0]=%d out[63]=%d\n", fnv(out, n / 256), out[0], out[63]);
    all_pass<<<n / 32, dim3(16, 2)>>>(in, out);
    cudaDeviceSynchronize();
    printf("all_pass    16x2 %08x out[5]=%d\n", fnv(out, n), out[5]);
    all_pass<<<n / 64, dim3(32, 2)>>>(in, out);
    cudaDeviceSynchronize();
    printf("all_pass    32x2 %08x out[40]=%d\n", fnv(out, n), out[40]);

    row_of_2d<<<n / 128, dim3(32, 4)>>>(in, out);
    cudaDeviceSynchronize();
    printf("row_of_2d   %08x out[64]=%d out[95]=%d\n", fnv(out, n), out[64], out[95]);
    row_of_2d<<<n / 256, dim3(64, 4)>>>(in, out);
    cudaDeviceSynchronize();
    printf("row_of_2d   64x4 %08x out[200]=%d\n", fnv(out, n), out[200]);

    for (int k = 0; k < 3; k++) {
        upper_warps<<<n / 128, 128>>>(in, out, k);
        cudaDeviceSynchronize();
        printf("upper_warps k=%d %08x out[70]=%d out[127]=%d\n", k, fnv(out, n), out[70], out[127]);
    }
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
