// Warp-synchronous exchanges through volatile shared memory, built as a
// debugger's build (-G): a warp-level max tail and a lane-0 broadcast that
// no __syncwarp orders.  An H100 runs a warp's lanes together and prints
// the exact results; simt's -G build (one CUDA thread per stack) must
// print the same as its optimized build.
#include <cstdio>

__device__ int warp_max_tail(volatile int *s, unsigned tid)
{
    s[tid] = max(s[tid], s[tid + 32]);
    s[tid] = max(s[tid], s[tid + 16]);
    s[tid] = max(s[tid], s[tid + 8]);
    s[tid] = max(s[tid], s[tid + 4]);
    s[tid] = max(s[tid], s[tid + 2]);
    s[tid] = max(s[tid], s[tid + 1]);
    return s[0];
}

__global__ void block_max(const int *in, int *out)
{
    __shared__ int s[128];
    unsigned tid = threadIdx.x;
    s[tid] = in[blockIdx.x * 128 + tid];
    __syncthreads();
    if (tid < 64)
        s[tid] = max(s[tid], s[tid + 64]);
    __syncthreads();
    if (tid < 32) {
        int m = warp_max_tail(s, tid);
        if (tid == 0)
            out[blockIdx.x] = m;
    }
}

// Lane 0 of each warp publishes its warp's first input; every lane reads it back.
__global__ void broadcast(const int *in, int *out)
{
    __shared__ volatile int slot[4];
    unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    if (lane == 0)
        slot[warp] = v * 3 + 1;
    out[blockIdx.x * blockDim.x + threadIdx.x] = slot[warp] + (int)lane;
}

int main()
{
    const int nb = 6, n = nb * 128;
    int *in, *mx, *bc;
    cudaMallocManaged(&in, n * sizeof(int));
    cudaMallocManaged(&mx, nb * sizeof(int));
    cudaMallocManaged(&bc, n * sizeof(int));
    for (int i = 0; i < n; i++)
        in[i] = (i * 37 + 11) % 1009 - 300;
    block_max<<<nb, 128>>>(in, mx);
    broadcast<<<nb, 128>>>(in, bc);
    printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    for (int b = 0; b < nb; b++) {
        int want = -100000;
        for (int i = 0; i < 128; i++)
            want = in[b * 128 + i] > want ? in[b * 128 + i] : want;
        printf("block %d max %d (host %d)\n", b, mx[b], want);
    }
    long long sum = 0;
    int bad = 0;
    for (int i = 0; i < n; i++) {
        sum += (long long)bc[i] * (i % 7 + 1);
        bad += bc[i] != in[i & ~31] * 3 + 1 + (i & 31);
    }
    printf("broadcast checksum %lld, %d lanes read another value\n", sum, bad);
    return 0;
}
