// shfl_nonparticipant.cu: shuffles that read a lane outside their mask.
// CUDA leaves the value undefined; NVIDIA's reduction sample relies on
// what a GPU returns (its last warp's tree reads lanes that sit out), so
// the values are recorded here: lanes inside a branch reading lanes that
// did not take it, a one-lane mask, a float, and a partial warp (a block
// of 16 threads) reading lanes that do not exist.
#include <cstdio>

__global__ void branch(int *out, float *fout)
{
    int lane = threadIdx.x % 32;
    int v = 100 + lane + 1000 * (int)(threadIdx.x / 32);
    float f = 0.5f + lane;
    int a = -1, b = -1, c = -1;
    float d = -1.0f;
    if (lane < 8) {
        a = __shfl_down_sync(0xffu, v, 16);
        b = __shfl_down_sync(0xffu, v, 4);
        d = __shfl_down_sync(0xffu, f, 16);
        c = __shfl_sync(0xffu, v, lane + 8);
    }
    out[threadIdx.x * 3] = a;
    out[threadIdx.x * 3 + 1] = b;
    out[threadIdx.x * 3 + 2] = c;
    fout[threadIdx.x] = d;
}

__global__ void one_lane(int *out)
{
    int v = 7 + (int)threadIdx.x;
    if (threadIdx.x == 0)
        out[0] = __shfl_down_sync(0x1u, v, 1) + __shfl_xor_sync(0x1u, v, 3);
}

__global__ void partial(int *out)
{
    int v = 50 + (int)threadIdx.x;
    // A tree over 32 lanes in a warp of 16: offset 16 reads lanes that do
    // not exist, and the mask names only the lanes that do.
    for (int o = 16; o > 0; o /= 2)
        v += __shfl_down_sync(0xffffu, v, o);
    out[threadIdx.x] = v;
}

int main()
{
    int *o;
    float *fo;
    cudaMallocManaged(&o, 64 * 3 * sizeof(int));
    cudaMallocManaged(&fo, 64 * sizeof(float));
    branch<<<1, 64>>>(o, fo);
    printf("branch: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    for (int t = 0; t < 64; t++)
        if (t % 32 < 8)
            printf("  t%d: %d %d %d %g\n", t, o[3 * t], o[3 * t + 1], o[3 * t + 2], fo[t]);
    one_lane<<<1, 32>>>(o);
    printf("one lane: %s %d\n", cudaGetErrorName(cudaDeviceSynchronize()), o[0]);
    partial<<<1, 16>>>(o);
    printf("partial: %s", cudaGetErrorName(cudaDeviceSynchronize()));
    for (int t = 0; t < 16; t++)
        printf(" %d", o[t]);
    printf("\n");
    return 0;
}
