// Kernels whose threads first test their index against a bound: the
// compiled tier runs only the threads that pass (for any predicate, either
// operand order, signed or unsigned, 32 or 64 bits, and bounds that cut
// a block, exclude it or include it whole).
#include <cstdio>
#include <vector>

__global__ void lt(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i] * 3 + 1;
}

__global__ void ge_return(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    out[i] += 7;
}

__global__ void le_unsigned(unsigned *out, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= n)
        out[i] = i ^ 0x55u;
}

__global__ void window(int *out, int lo, int hi)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > lo && i < hi)
        out[i] = -i;
}

__global__ void bound64(float *out, long long n)
{
    long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = 0.5f * (float)i;
}

__global__ void swapped(int *out, int n)
{
    int i = threadIdx.x;
    if (n > i)
        out[blockIdx.x * blockDim.x + i] = 100 + i;
}

__global__ void negative(int *out, int off)
{
    int i = (int)threadIdx.x + off;
    if (i < 0)
        out[blockIdx.x * blockDim.x + threadIdx.x] = i;
}

__global__ void two_d(int *out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h)
        out[y * w + x] = x * 1000 + y;
}

__global__ void guard_then_barrier(const int *in, int *out, int n)
{
    __shared__ int s[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = i < n ? in[i] : 0;
    __syncthreads();
    if (i < n)
        out[i] = s[threadIdx.x] + s[(threadIdx.x + 1) % blockDim.x];
}

static unsigned long long sum(const std::vector<int> &v)
{
    unsigned long long s = 0;
    for (size_t k = 0; k < v.size(); k++)
        s = s * 31 + (unsigned)v[k];
    return s;
}

int main()
{
    const int N = 1000, M = 1024;
    std::vector<int> h(M);
    for (int k = 0; k < M; k++)
        h[k] = (k * 37) % 101 - 50;
    int *in, *out;
    unsigned *uout;
    float *fout;
    cudaMalloc(&in, M * sizeof(int));
    cudaMalloc(&out, 4 * M * sizeof(int));
    cudaMalloc(&uout, M * sizeof(unsigned));
    cudaMalloc(&fout, M * sizeof(float));
    cudaMemcpy(in, h.data(), M * sizeof(int), cudaMemcpyHostToDevice);
    std::vector<int> r(4 * M);
    int bounds[] = {0, 1, 127, 128, 129, 999, 1000, 1024, -5};
    for (int b : bounds) {
        cudaMemset(out, 0, 4 * M * sizeof(int));
        lt<<<8, 128>>>(in, out, b);
        ge_return<<<8, 128>>>(out, b);
        swapped<<<8, 128>>>(out + M, b);
        window<<<8, 128>>>(out + 2 * M, b - 300, b);
        negative<<<8, 128>>>(out + 3 * M, -b);
        cudaMemcpy(r.data(), out, 4 * M * sizeof(int), cudaMemcpyDeviceToHost);
        printf("bound %5d: %llu %llu\n", b, sum(std::vector<int>(r.begin(), r.begin() + 2 * M)),
               sum(std::vector<int>(r.begin() + 2 * M, r.end())));
    }
    cudaMemset(uout, 0, M * sizeof(unsigned));
    le_unsigned<<<8, 128>>>(uout, 700u);
    std::vector<unsigned> ur(M);
    cudaMemcpy(ur.data(), uout, M * sizeof(unsigned), cudaMemcpyDeviceToHost);
    unsigned long long us = 0;
    for (int k = 0; k < M; k++)
        us = us * 131 + ur[k];
    printf("le_unsigned: %llu\n", us);
    cudaMemset(fout, 0, M * sizeof(float));
    bound64<<<8, 128>>>(fout, 777LL);
    std::vector<float> fr(M);
    cudaMemcpy(fr.data(), fout, M * sizeof(float), cudaMemcpyDeviceToHost);
    double fs = 0;
    for (int k = 0; k < M; k++)
        fs += fr[k] * (k % 7 + 1);
    printf("bound64: %.1f\n", fs);
    cudaMemset(out, 0, 4 * M * sizeof(int));
    two_d<<<dim3(3, 5), dim3(16, 8)>>>(out, 45, 37);
    cudaMemcpy(r.data(), out, 4 * M * sizeof(int), cudaMemcpyDeviceToHost);
    printf("two_d: %llu\n", sum(r));
    cudaMemset(out, 0, 4 * M * sizeof(int));
    guard_then_barrier<<<8, 128>>>(in, out, 1000);
    cudaMemcpy(r.data(), out, 4 * M * sizeof(int), cudaMemcpyDeviceToHost);
    printf("guard_then_barrier: %llu\n", sum(r));
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
