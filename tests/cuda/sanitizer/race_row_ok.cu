// The correct twin of tests/check/sanitizer/race_row_blocks.cu,
// race_row_neighbour.cu and race_row_guarded.cu: compiled x loops whose
// accesses are affine in threadIdx.x, under a guard on the thread's index
// or the block's, with rows the guard cuts, a thread reading and writing
// its own element, reads every thread shares, a reversed read of shared
// memory after a barrier, and 2-D blocks.  None races.
#include <cstdio>

__global__ void saxpy(int n, float a, const float *x, float *y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}

__global__ void scale_own(float *x, const float *k, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = x[i] * k[0] + k[1];
}

__global__ void odd_blocks(float *t, const float *x)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (blockIdx.x % 2 == 1)
        t[i] = x[threadIdx.x] + blockIdx.x;
    else
        t[i] = -x[threadIdx.x];
}

__global__ void reverse(const float *in, float *out)
{
    __shared__ float s[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = in[i];
    __syncthreads();
    out[i] = s[blockDim.x - 1 - threadIdx.x];
}

__global__ void stencil2d(const float *in, float *out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x > 0 && x < w - 1 && y > 0 && y < h - 1)
        out[y * w + x] = in[y * w + x - 1] + in[y * w + x + 1] + in[(y - 1) * w + x] + in[(y + 1) * w + x];
}

static double sum(const float *d, int n)
{
    float *h = new float[n];
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    double s = 0;
    for (int i = 0; i < n; i++)
        s += h[i] * (1 + i % 7);
    delete[] h;
    return s;
}

int main()
{
    const int n = 1000, w = 70, h = 50;
    float *hx = new float[4096], *x, *y, *k, *t, *o, *g, *go;
    for (int i = 0; i < 4096; i++)
        hx[i] = (float)(i % 37) - 18.0f;
    cudaMalloc(&x, 4096 * sizeof(float));
    cudaMalloc(&y, 4096 * sizeof(float));
    cudaMalloc(&k, 2 * sizeof(float));
    cudaMalloc(&t, 4096 * sizeof(float));
    cudaMalloc(&o, 4096 * sizeof(float));
    cudaMalloc(&g, w * h * sizeof(float));
    cudaMalloc(&go, w * h * sizeof(float));
    cudaMemcpy(x, hx, 4096 * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(y, hx + 7, 4000 * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(g, hx, w * h * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemset(go, 0, w * h * sizeof(float));
    float hk[2] = {0.5f, 3.0f};
    cudaMemcpy(k, hk, sizeof hk, cudaMemcpyHostToDevice);

    saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, x, y);
    scale_own<<<(n + 127) / 128, 128>>>(y, k, n);
    odd_blocks<<<8, 64>>>(t, x);
    reverse<<<4, 256>>>(x, o);
    stencil2d<<<dim3((w + 15) / 16, (h + 7) / 8), dim3(16, 8)>>>(g, go, w, h);
    printf("saxpy + scale %.1f\n", sum(y, n));
    printf("odd blocks %.1f\n", sum(t, 512));
    printf("reverse %.1f\n", sum(o, 1024));
    printf("stencil %.1f\n", sum(go, w * h));
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
