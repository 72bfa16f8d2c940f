// Shuffles of every type CUDA overloads, in 2-D blocks whose warps span
// rows; and in a block whose last warp is partial, shuffles that stay
// within its lanes.
#include <cstdio>

__global__ void types(unsigned long long *out)
{
    int t = threadIdx.x + blockDim.x * threadIdx.y;
    int lane = t % 32;
    unsigned full = __activemask();
    int i = __shfl_down_sync(full, -t, 1);
    unsigned u = __shfl_xor_sync(full, (unsigned)t * 3u, 2);
    long l = __shfl_up_sync(full, (long)t << 33, 3);
    unsigned long ul = __shfl_sync(full, (unsigned long)t * 1000003ul, lane ^ 5);
    long long ll = __shfl_down_sync(full, (long long)-t << 40, 4);
    unsigned long long ull = __shfl_xor_sync(full, ~(unsigned long long)t, 16);
    float f = __shfl_sync(full, t * 0.5f, 0);
    double d = __shfl_up_sync(full, t * 0.25, 1);
    double qa = __shfl_down_sync(full, t * 1.5, 2);
    int q0 = __shfl_down_sync(full, t, 2), q1 = __shfl_down_sync(full, -t, 2);
    int q2 = __shfl_down_sync(full, t * t, 2);
    unsigned long long *o = out + t * 11;
    o[0] = (unsigned)i;
    o[1] = u;
    o[2] = (unsigned long long)l;
    o[3] = ul;
    o[4] = (unsigned long long)ll;
    o[5] = ull;
    o[6] = (unsigned long long)(f * 4);
    o[7] = (unsigned long long)(d * 8);
    o[8] = (unsigned long long)(qa * 2);
    o[9] = (unsigned)(q0 + q1 * 3 + q2 * 7);
    o[10] = full;
}

__global__ void partial_warp(int *out)
{
    int lane = threadIdx.x % 32;
    unsigned m = __activemask();
    int v = threadIdx.x * 10;
    int a = __shfl_sync(m, v, (lane * 5) % 28);
    int b = __shfl_up_sync(m, v, 3);
    int c = __shfl_xor_sync(m, v, 1);
    int d = __shfl_xor_sync(m, v, 2);
    out[threadIdx.x] = a + b * 3 + c * 7 + d * 11 + (int)__popc(m);
}

int main()
{
    dim3 block(16, 4); // warps span two rows each
    const int n = 64 * 11;
    unsigned long long *d, h[n];
    cudaMalloc(&d, sizeof h);
    types<<<1, block>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    unsigned long long digest = 0;
    for (int i = 0; i < n; i++)
        digest = digest * 6364136223846793005ull + h[i];
    for (int t = 0; t < 64; t += 7)
        printf("thread %2d: %llx %llx %llx %llx %llx %llx %llu %llu %llu %llx %llx\n", t,
               h[t * 11], h[t * 11 + 1], h[t * 11 + 2], h[t * 11 + 3], h[t * 11 + 4],
               h[t * 11 + 5], h[t * 11 + 6], h[t * 11 + 7], h[t * 11 + 8], h[t * 11 + 9],
               h[t * 11 + 10]);
    printf("digest %llx\n", digest);
    int *p, hp[60];
    cudaMalloc(&p, sizeof hp);
    partial_warp<<<1, 60>>>(p);
    cudaMemcpy(hp, p, sizeof hp, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < 60; i++)
        s = s * 7 + hp[i];
    printf("partial warp: %d %d %d checksum %lld\n", hp[0], hp[33], hp[59], s);
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
