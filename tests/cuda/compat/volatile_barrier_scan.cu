// volatile_barrier_scan.cu: exchanges through volatile shared memory that
// put a barrier between each step's reads and writes (the cuda-samples
// scan's block scan, and a tree reduction with a barrier a level) need no
// lanes in lockstep: both kernels compile for the compiled tier
// (tests/driver/run.sh checks it) and print what the GPU prints.  The
// warp-synchronous forms without barriers are warp_sync_volatile.cu's.
#include <cstdio>

#define BLOCK 256

// Inclusive scan of one value a thread, Hillis-Steele with a zeroed lower
// half so that no lane tests its offset.
__device__ unsigned scan_block(unsigned v, volatile unsigned *s)
{
    unsigned pos = 2 * threadIdx.x - (threadIdx.x & (BLOCK - 1));
    s[pos] = 0;
    pos += BLOCK;
    s[pos] = v;
    for (unsigned offset = 1; offset < BLOCK; offset <<= 1) {
        __syncthreads();
        unsigned t = s[pos] + s[pos - offset];
        __syncthreads();
        s[pos] = t;
    }
    return s[pos];
}

__global__ void scan(const unsigned *in, unsigned *out)
{
    __shared__ unsigned s[2 * BLOCK];
    unsigned i = blockIdx.x * BLOCK + threadIdx.x;
    out[i] = scan_block(in[i], s);
}

__global__ void reduce(const float *in, float *out)
{
    volatile __shared__ float s[BLOCK];
    unsigned t = threadIdx.x;
    s[t] = in[blockIdx.x * BLOCK + t];
    for (unsigned half = BLOCK / 2; half > 0; half >>= 1) {
        __syncthreads();
        float mine = t < half ? s[t] + s[t + half] : 0.0f;
        __syncthreads();
        if (t < half)
            s[t] = mine;
    }
    __syncthreads();
    if (t == 0)
        out[blockIdx.x] = s[0];
}

int main()
{
    const int blocks = 64, n = blocks * BLOCK;
    unsigned *hin = new unsigned[n], *hout = new unsigned[n];
    float *fin = new float[n], fout[blocks];
    for (int i = 0; i < n; i++) {
        hin[i] = (unsigned)(i * 2654435761u) >> 24;
        fin[i] = (float)((i * 37) % 101) * 0.125f;
    }
    unsigned *din, *dout;
    float *dfin, *dfout;
    cudaMalloc(&din, n * sizeof(unsigned));
    cudaMalloc(&dout, n * sizeof(unsigned));
    cudaMalloc(&dfin, n * sizeof(float));
    cudaMalloc(&dfout, blocks * sizeof(float));
    cudaMemcpy(din, hin, n * sizeof(unsigned), cudaMemcpyHostToDevice);
    cudaMemcpy(dfin, fin, n * sizeof(float), cudaMemcpyHostToDevice);
    scan<<<blocks, BLOCK>>>(din, dout);
    reduce<<<blocks, BLOCK>>>(dfin, dfout);
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(hout, dout, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
    cudaMemcpy(fout, dfout, blocks * sizeof(float), cudaMemcpyDeviceToHost);
    int wrong = 0;
    unsigned long long sum = 0;
    for (int b = 0; b < blocks; b++) {
        unsigned run = 0;
        for (int t = 0; t < BLOCK; t++) {
            run += hin[b * BLOCK + t];
            wrong += hout[b * BLOCK + t] != run;
            sum += (unsigned long long)hout[b * BLOCK + t] * (unsigned)(t % 7 + 1);
        }
    }
    printf("scan: %d wrong, checksum %llu\n", wrong, sum);
    printf("scan samples: %u %u %u %u\n", hout[0], hout[255], hout[256 * 17 + 100], hout[n - 1]);
    double fs = 0;
    for (int b = 0; b < blocks; b++)
        fs += fout[b] * (b % 5 + 1);
    printf("reduce: %.3f %.3f %.3f, weighted %.3f\n", fout[0], fout[31], fout[blocks - 1], fs);
    delete[] hin;
    delete[] hout;
    delete[] fin;
    cudaFree(din);
    cudaFree(dout);
    cudaFree(dfin);
    cudaFree(dfout);
    return 0;
}
