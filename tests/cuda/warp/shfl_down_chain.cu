// Shuffles down followed, in the same straight-line code, by work that
// writes per-thread values, shared and global memory, and by more
// shuffles: unrolled reductions, a distance that differs per thread, a
// width below 32, a 64-bit value, and a loop whose step reads the sum
// the previous step wrote.
#include <cstdio>

__global__ void chain(const float *in, float *out, int *hist)
{
    __shared__ float s[256];
    int t = threadIdx.x;
    float v = in[blockIdx.x * blockDim.x + t];
    float a = v + __shfl_down_sync(0xffffffff, v, 16);
    s[t] = a;
    a += __shfl_down_sync(0xffffffff, a, 8);
    out[blockIdx.x * blockDim.x + t] = a;
    a += __shfl_down_sync(0xffffffff, a, 4);
    a += __shfl_down_sync(0xffffffff, a, 2);
    a += __shfl_down_sync(0xffffffff, a, 1);
    atomicAdd(&hist[blockIdx.x], (t & 31) == 0 ? (int)a : 0);
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] += s[(t + 5) % blockDim.x] * 0.25f;
}

__global__ void per_thread_distance(const int *in, int *out)
{
    int t = threadIdx.x;
    int v = in[blockIdx.x * blockDim.x + t];
    unsigned d = (t * 7u) % 13u;
    int w = __shfl_down_sync(0xffffffff, v, d);
    long long big = ((long long)v << 33) ^ t;
    long long b2 = __shfl_down_sync(0xffffffff, big, 3);
    int x = __shfl_down_sync(0xffffffff, w * 3 + 1, 2, 8);
    out[blockIdx.x * blockDim.x + t] = w + (int)(b2 >> 33) + x * 5;
}

__global__ void loop_steps(int reps, unsigned *out)
{
    unsigned v = threadIdx.x * 40503u + blockIdx.x;
    unsigned carry = 0;
    for (int r = 0; r < reps; r++) {
        for (int off = 1; off < 32; off *= 2) {
            unsigned u = __shfl_down_sync(0xffffffff, v, off);
            carry ^= u;
            v = v * 3u + u;
        }
        v ^= carry >> 3;
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = v + carry;
}

static unsigned hash(const void *p, size_t bytes)
{
    const unsigned char *c = (const unsigned char *)p;
    unsigned h = 2166136261u;
    for (size_t i = 0; i < bytes; i++)
        h = (h ^ c[i]) * 16777619u;
    return h;
}

int main()
{
    const int blocks = 6, threads = 256, n = blocks * threads;
    float *fin, *fout;
    int *iin, *iout, *hist;
    unsigned *uout;
    cudaMallocManaged(&fin, n * sizeof(float));
    cudaMallocManaged(&fout, n * sizeof(float));
    cudaMallocManaged(&iin, n * sizeof(int));
    cudaMallocManaged(&iout, n * sizeof(int));
    cudaMallocManaged(&hist, blocks * sizeof(int));
    cudaMallocManaged(&uout, n * sizeof(unsigned));
    for (int i = 0; i < n; i++) {
        fin[i] = (float)((i * 37) % 101) - 50.0f;
        iin[i] = (i * 2654435761u) >> 7;
    }
    for (int b = 0; b < blocks; b++)
        hist[b] = 0;
    chain<<<blocks, threads>>>(fin, fout, hist);
    cudaDeviceSynchronize();
    printf("chain: out=%08x out[0]=%.3f out[77]=%.3f hist=%d %d %d\n", hash(fout, n * sizeof(float)),
           fout[0], fout[77], hist[0], hist[1], hist[5]);
    per_thread_distance<<<blocks, threads>>>(iin, iout);
    cudaDeviceSynchronize();
    printf("per_thread_distance: out=%08x out[3]=%d out[250]=%d\n", hash(iout, n * sizeof(int)), iout[3],
           iout[250]);
    for (int reps = 0; reps < 3; reps++) {
        loop_steps<<<blocks, threads>>>(reps, uout);
        cudaDeviceSynchronize();
        printf("loop_steps reps=%d: out=%08x out[31]=%u\n", reps, hash(uout, n * sizeof(unsigned)), uout[31]);
    }
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
