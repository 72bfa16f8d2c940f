// Warp-synchronous code written for converged warps: sums and a scan over
// volatile shared memory with no __syncwarp, as pre-Volta programs (SHOC's
// Reduction and Scan, the CUDA samples' older reductions) have them.  An
// H100 runs the warp's lanes in lockstep and prints the exact results.
#include <cstdio>

template <class T> struct smem {
    __device__ T *get() { extern __shared__ int raw[]; return (T *)raw; }
};

__global__ void reduce(const float *in, float *out)
{
    smem<float> s;
    volatile float *sdata = s.get();
    unsigned tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (unsigned k = blockDim.x / 2; k > 32; k >>= 1) {
        if (tid < k)
            sdata[tid] += sdata[tid + k];
        __syncthreads();
    }
    if (tid < 32) {
        sdata[tid] += sdata[tid + 32];
        sdata[tid] += sdata[tid + 16];
        sdata[tid] += sdata[tid + 8];
        sdata[tid] += sdata[tid + 4];
        sdata[tid] += sdata[tid + 2];
        sdata[tid] += sdata[tid + 1];
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

__device__ int warp_scan(volatile int *s, int v)
{
    unsigned lane = threadIdx.x & 31;
    unsigned idx = 2 * threadIdx.x - lane;   // each warp: 32 zeros, then its values
    s[idx] = 0;
    idx += 32;
    s[idx] = v;
    s[idx] = v = v + s[idx - 1];
    s[idx] = v = v + s[idx - 2];
    s[idx] = v = v + s[idx - 4];
    s[idx] = v = v + s[idx - 8];
    s[idx] = v = v + s[idx - 16];
    return v;
}

__global__ void scan(const int *in, int *out)
{
    __shared__ int buf[2 * 128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = warp_scan(buf, in[i]);
}

int main()
{
    const int nb = 8, nt = 256, n = nb * nt;
    float *fin, *fout;
    int *iin, *iout;
    cudaMallocManaged(&fin, n * sizeof(float));
    cudaMallocManaged(&fout, nb * sizeof(float));
    cudaMallocManaged(&iin, n * sizeof(int));
    cudaMallocManaged(&iout, n * sizeof(int));
    for (int i = 0; i < n; i++) {
        fin[i] = (float)(i % 97);
        iin[i] = (i * 7) % 13;
    }
    reduce<<<nb, nt, nt * sizeof(float)>>>(fin, fout);
    scan<<<n / 128, 128>>>(iin, iout);
    cudaError_t e = cudaDeviceSynchronize();
    printf("sync: %s\n", cudaGetErrorName(e));
    double total = 0;
    for (int b = 0; b < nb; b++) {
        printf("block %d sum %.1f\n", b, fout[b]);
        total += fout[b];
    }
    printf("total %.1f\n", total);
    long long sum = 0;
    for (int i = 0; i < n; i++)
        sum += (long long)iout[i] * (i % 31 + 1);
    printf("scan lanes 0..5 of warp 3: %d %d %d %d %d %d\n", iout[96], iout[97], iout[98],
           iout[99], iout[100], iout[101]);
    printf("scan last lane of warps 0..3: %d %d %d %d\n", iout[31], iout[63], iout[95], iout[127]);
    printf("scan weighted checksum %lld\n", sum);
    return 0;
}
