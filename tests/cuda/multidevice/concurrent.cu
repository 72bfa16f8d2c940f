// One host thread per device, each reducing its half of a vector in its
// own stream, then device 0 combining the partial sums it reads from
// device 1 over peer access (the shape of simpleMultiGPU and of the
// multi-threaded Jacobi solvers).  Run with two devices (SIMT_DEVICES=2).
#include <cstdio>
#include <thread>

__global__ void partial(const float *x, int n, double *out)
{
    __shared__ double s[256];
    double v = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        v += x[i];
    s[threadIdx.x] = v;
    __syncthreads();
    for (int k = blockDim.x / 2; k; k >>= 1) {
        if (threadIdx.x < k)
            s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = s[0];
}

__global__ void combine(const double *mine, const double *peer, int m, double *total)
{
    double t = 0;
    for (int i = 0; i < m; i++)
        t += mine[i] + peer[i];
    *total = t;
}

int main()
{
    const int n = 1 << 20, half = n / 2, blocks = 64;
    float *x[2];
    double *part[2], *total;
    float *h = new float[n];
    for (int i = 0; i < n; i++)
        h[i] = (float)((i * 37) % 101) / 8.0f;
    std::thread t[2];
    for (int d = 0; d < 2; d++)
        t[d] = std::thread([&, d] {
            cudaSetDevice(d);
            cudaStream_t s;
            cudaStreamCreate(&s);
            cudaMalloc(&x[d], half * sizeof(float));
            cudaMalloc(&part[d], blocks * sizeof(double));
            cudaMemcpyAsync(x[d], h + d * half, half * sizeof(float), cudaMemcpyHostToDevice, s);
            partial<<<blocks, 256, 0, s>>>(x[d], half, part[d]);
            cudaStreamSynchronize(s);
            cudaStreamDestroy(s);
        });
    for (auto &th : t)
        th.join();
    cudaSetDevice(0);
    cudaDeviceEnablePeerAccess(1, 0);
    cudaMalloc(&total, sizeof(double));
    combine<<<1, 1>>>(part[0], part[1], blocks, total);
    double r = 0;
    cudaMemcpy(&r, total, sizeof r, cudaMemcpyDeviceToHost);
    double want = 0;
    for (int i = 0; i < n; i++)
        want += h[i];
    printf("total %.3f matches %d\n", r, r == want);
    printf("errors %d\n", (int)cudaGetLastError());
    delete[] h;
    return 0;
}
