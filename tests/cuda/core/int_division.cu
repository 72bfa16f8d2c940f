// Integer division and remainder by zero, and INT_MIN / -1, in a kernel:
// a GPU does not trap; print what it gives.
#include <climits>
#include <cstdio>

__global__ void divide(const int *a, const int *b, int *q, int *r, unsigned *uq, unsigned *ur,
                       long long *lq, long long *lr)
{
    int i = threadIdx.x;
    q[i] = a[i] / b[i];
    r[i] = a[i] % b[i];
    uq[i] = (unsigned)a[i] / (unsigned)b[i];
    ur[i] = (unsigned)a[i] % (unsigned)b[i];
    lq[i] = (long long)a[i] * 3 / (long long)b[i];
    lr[i] = (long long)a[i] * 3 % (long long)b[i];
}

int main()
{
    const int n = 6;
    int ha[n] = {5, -7, 0, INT_MIN, INT_MIN, 100};
    int hb[n] = {0, 0, 0, -1, 0, 7};
    int *a, *b, *q, *r;
    unsigned *uq, *ur;
    long long *lq, *lr;
    cudaMalloc(&a, sizeof ha);
    cudaMalloc(&b, sizeof hb);
    cudaMalloc(&q, sizeof ha);
    cudaMalloc(&r, sizeof ha);
    cudaMalloc(&uq, sizeof ha);
    cudaMalloc(&ur, sizeof ha);
    cudaMalloc(&lq, n * sizeof(long long));
    cudaMalloc(&lr, n * sizeof(long long));
    cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice);
    cudaMemcpy(b, hb, sizeof hb, cudaMemcpyHostToDevice);
    divide<<<1, n>>>(a, b, q, r, uq, ur, lq, lr);
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    int hq[n], hr[n];
    unsigned huq[n], hur[n];
    long long hlq[n], hlr[n];
    cudaMemcpy(hq, q, sizeof hq, cudaMemcpyDeviceToHost);
    cudaMemcpy(hr, r, sizeof hr, cudaMemcpyDeviceToHost);
    cudaMemcpy(huq, uq, sizeof huq, cudaMemcpyDeviceToHost);
    cudaMemcpy(hur, ur, sizeof hur, cudaMemcpyDeviceToHost);
    cudaMemcpy(hlq, lq, sizeof hlq, cudaMemcpyDeviceToHost);
    cudaMemcpy(hlr, lr, sizeof hlr, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        printf("%d / %d: %d %d, unsigned %u %u, 64-bit %lld %lld\n", ha[i], hb[i], hq[i], hr[i],
               huq[i], hur[i], hlq[i], hlr[i]);
    return 0;
}
