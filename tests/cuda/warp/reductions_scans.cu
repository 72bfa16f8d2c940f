// Warp-level patterns as the CUDA guide and the cuda-samples reduction and
// shfl_scan programs write them: a shfl_down tree reduction, a butterfly
// (xor) all-reduce, an inclusive scan with shfl_up, and a block reduction
// built from warp reductions through shared memory.
#include <cstdio>

__inline__ __device__ float warpReduceSum(float val)
{
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        val += __shfl_down_sync(0xffffffff, val, offset);
    return val;
}

__inline__ __device__ int warpAllReduceMax(int val)
{
    for (int mask = 16; mask > 0; mask >>= 1)
        val = max(val, __shfl_xor_sync(0xffffffff, val, mask));
    return val;
}

__inline__ __device__ int warpInclusiveScan(int val)
{
    int lane = threadIdx.x % 32;
    for (int i = 1; i <= 16; i *= 2) {
        int n = __shfl_up_sync(0xffffffff, val, i);
        if (lane >= i)
            val += n;
    }
    return val;
}

__global__ void blockReduce(const float *in, float *out, int n)
{
    __shared__ float partial[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? in[i] : 0.0f;
    v = warpReduceSum(v);
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    if (lane == 0)
        partial[warp] = v;
    __syncthreads();
    v = threadIdx.x < blockDim.x / 32 ? partial[lane] : 0.0f;
    if (warp == 0)
        v = warpReduceSum(v);
    if (threadIdx.x == 0)
        out[blockIdx.x] = v;
}

__global__ void scanAndMax(const int *in, int *scan, int *mx)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    scan[i] = warpInclusiveScan(in[i]);
    mx[i] = warpAllReduceMax(in[i]);
}

int main()
{
    const int n = 1 << 16, bs = 256, nb = n / bs;
    float *hf = new float[n];
    int *hi = new int[n];
    for (int i = 0; i < n; i++) {
        hf[i] = (float)((i * 37) % 101) - 50.0f;
        hi[i] = (i * 2654435761u) % 1000;
    }
    float *din, *dout;
    int *di, *ds, *dm;
    cudaMalloc(&din, n * sizeof(float));
    cudaMalloc(&dout, nb * sizeof(float));
    cudaMalloc(&di, n * sizeof(int));
    cudaMalloc(&ds, n * sizeof(int));
    cudaMalloc(&dm, n * sizeof(int));
    cudaMemcpy(din, hf, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(di, hi, n * sizeof(int), cudaMemcpyHostToDevice);
    blockReduce<<<nb, bs>>>(din, dout, n);
    scanAndMax<<<nb, bs>>>(di, ds, dm);
    float *hout = new float[nb];
    int *hs = new int[n], *hm = new int[n];
    cudaMemcpy(hout, dout, nb * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(hs, ds, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(hm, dm, n * sizeof(int), cudaMemcpyDeviceToHost);
    double total = 0;
    for (int b = 0; b < nb; b++)
        total += hout[b];
    long long ssum = 0, msum = 0;
    for (int i = 0; i < n; i++) {
        ssum += hs[i] * (long long)(i % 7 + 1);
        msum += hm[i];
    }
    printf("block sums: %.1f %.1f %.1f total %.1f\n", hout[0], hout[1], hout[nb - 1], total);
    printf("scan: %d %d %d %d checksum %lld\n", hs[0], hs[1], hs[31], hs[32], ssum);
    printf("max: %d %d checksum %lld\n", hm[0], hm[40], msum);
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
