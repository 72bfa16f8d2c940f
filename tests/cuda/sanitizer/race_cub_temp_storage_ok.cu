// The correct twin of tests/check/sanitizer/race_cub_temp_storage.cu: the
// TempStorage reused after a __syncthreads(), and a second block-wide
// algorithm (a scan) in storage of its own.  No race; the results.
#include <cstdio>
#include <cub/cub.cuh>

__global__ void sum_max_scan(const int *in, int *out, int *scanned)
{
    typedef cub::BlockReduce<int, 128> Reduce;
    typedef cub::BlockScan<int, 128> Scan;
    __shared__ typename Reduce::TempStorage tmp;
    __shared__ typename Scan::TempStorage scan_tmp;
    int v = in[blockIdx.x * 128 + threadIdx.x];
    int sum = Reduce(tmp).Sum(v);
    __syncthreads();
    int max = Reduce(tmp).Reduce(v, cub::Max());
    int prefix;
    Scan(scan_tmp).ExclusiveSum(v, prefix);
    scanned[blockIdx.x * 128 + threadIdx.x] = prefix;
    if (threadIdx.x == 0) {
        out[2 * blockIdx.x] = sum;
        out[2 * blockIdx.x + 1] = max;
    }
}

int main()
{
    int h[256], r[4], *in, *out, *scanned;
    for (int i = 0; i < 256; i++)
        h[i] = i % 37;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof r);
    cudaMalloc(&scanned, sizeof h);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    sum_max_scan<<<2, 128>>>(in, out, scanned);
    cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
    cudaMemcpy(h, scanned, sizeof h, cudaMemcpyDeviceToHost);
    printf("block 0: sum %d max %d\n", r[0], r[1]);
    printf("block 1: sum %d max %d\n", r[2], r[3]);
    long long check = 0;
    for (int i = 0; i < 256; i++)
        check += (long long)h[i] * (i + 1);
    printf("scan checksum %lld, last %d %d\n", check, h[127], h[255]);
    return 0;
}
