// Per-thread values carried around loops whose bodies hold warp
// collectives and barriers: nested uniform loops (a runtime trip count
// outside, a halving offset inside), a value that enters the inner loop
// from the outer one's phi, and one that leaves both.
#include <cstdio>

__global__ void nested_shfl(int reps, unsigned *out)
{
    unsigned v = threadIdx.x * 2654435761u + blockIdx.x;
    for (int r = 0; r < reps; r++) {
        v ^= v >> 7;
        for (int off = 16; off > 0; off /= 2)
            v += __shfl_down_sync(0xffffffff, v, off) * 3u;
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

__global__ void nested_barrier(int reps, unsigned *out)
{
    __shared__ unsigned s[256];
    unsigned v = threadIdx.x + 1000u * blockIdx.x;
    unsigned w = 7;
    for (int r = 0; r < reps; r++) {
        for (int k = 1; k < 4; k++) {
            s[threadIdx.x] = v;
            __syncthreads();
            v = v * 31u + s[(threadIdx.x + k * 17) % blockDim.x];
            __syncthreads();
        }
        w = w * 5u + v;
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = v ^ w;
}

__global__ void carried_xor(int reps, unsigned *out)
{
    unsigned v = threadIdx.x;
    unsigned acc = 0;
    for (int r = 0; r < reps; r++) {
        unsigned t = v;
        for (int m = 1; m < 32; m *= 2)
            t ^= __shfl_xor_sync(0xffffffff, t, m) + (unsigned)r;
        acc += t;
        v = v * 3u + 1u;
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc + v;
}

static unsigned checksum(const unsigned *p, int n)
{
    unsigned h = 2166136261u;
    for (int i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

int main()
{
    const int blocks = 8, threads = 256, n = blocks * threads;
    unsigned *out;
    cudaMallocManaged(&out, n * sizeof *out);
    for (int reps = 0; reps <= 3; reps++) {
        nested_shfl<<<blocks, threads>>>(reps, out);
        cudaDeviceSynchronize();
        printf("nested_shfl reps=%d sum=%08x out[0]=%u out[37]=%u out[%d]=%u\n", reps,
               checksum(out, n), out[0], out[37], n - 1, out[n - 1]);
        nested_barrier<<<blocks, threads>>>(reps, out);
        cudaDeviceSynchronize();
        printf("nested_barrier reps=%d sum=%08x out[0]=%u out[300]=%u\n", reps,
               checksum(out, n), out[0], out[300]);
        carried_xor<<<blocks, threads>>>(reps, out);
        cudaDeviceSynchronize();
        printf("carried_xor reps=%d sum=%08x out[5]=%u\n", reps, checksum(out, n), out[5]);
    }
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    cudaFree(out);
    return 0;
}
