// The atomic functions on every type, with results that do not depend on
// the order threads run in.
#include <cstdio>

__global__ void ints(int *i, unsigned *u, unsigned long long *ull, long long *ll)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    atomicAdd(&i[0], t);
    atomicSub(&i[1], t);
    atomicMax(&i[2], t * 7 % 1000);
    atomicMin(&i[3], -(t * 13 % 997));
    atomicAnd(&i[4], ~(1 << (t % 31)));
    atomicOr(&i[5], 1 << (t % 29));
    atomicXor(&i[6], t);
    atomicCAS(&i[7], 0, 1);
    atomicExch(&i[8], 42);
    atomicAdd(&u[0], 3u);
    atomicInc(&u[1], 100u);
    atomicDec(&u[2], 77u);
    atomicMax(&u[3], (unsigned)t * 3u);
    atomicMin(&u[4], 1000000u - t);
    atomicAdd(&ull[0], 1ull << 33);
    atomicMax(&ull[1], (unsigned long long)t << 20);
    atomicMin(&ll[0], -(long long)t << 33);
    atomicMax(&ll[1], (long long)t << 34);
    atomicOr(&ull[2], 1ull << (t % 64));
    atomicCAS(&ull[3], 0ull, (unsigned long long)t + 1);
    atomicAdd_block(&i[9], 1);
    atomicAdd_system(&i[10], 2);
}

__global__ void floats(float *f, double *d)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    atomicAdd(&f[0], 0.5f);
    atomicAdd(&d[0], 0.25);
    atomicExch(&f[1], 1.5f);
    atomicAdd(&f[2], (float)(t % 4));
}

__global__ void shared_counter(int *out)
{
    __shared__ unsigned hits;
    if (threadIdx.x == 0)
        hits = 0;
    __syncthreads();
    atomicInc(&hits, 1000000u);
    __syncthreads();
    if (threadIdx.x == 0)
        out[blockIdx.x] = hits;
}

int main()
{
    int hi[11] = {0, 0, -1, 0, -1, 0, 0, 0, 0, 0, 0};
    unsigned hu[5] = {0, 0, 0, 0, 2000000u};
    unsigned long long hull[4] = {0, 0, 0, 0};
    long long hll[2] = {0, 0};
    int *i;
    unsigned *u;
    unsigned long long *ull;
    long long *ll;
    cudaMalloc(&i, sizeof hi);
    cudaMalloc(&u, sizeof hu);
    cudaMalloc(&ull, sizeof hull);
    cudaMalloc(&ll, sizeof hll);
    cudaMemcpy(i, hi, sizeof hi, cudaMemcpyHostToDevice);
    cudaMemcpy(u, hu, sizeof hu, cudaMemcpyHostToDevice);
    cudaMemcpy(ull, hull, sizeof hull, cudaMemcpyHostToDevice);
    cudaMemcpy(ll, hll, sizeof hll, cudaMemcpyHostToDevice);
    ints<<<13, 77>>>(i, u, ull, ll);
    cudaMemcpy(hi, i, sizeof hi, cudaMemcpyDeviceToHost);
    cudaMemcpy(hu, u, sizeof hu, cudaMemcpyDeviceToHost);
    cudaMemcpy(hull, ull, sizeof hull, cudaMemcpyDeviceToHost);
    cudaMemcpy(hll, ll, sizeof hll, cudaMemcpyDeviceToHost);
    printf("int: add %d sub %d max %d min %d and %x or %x xor %d cas %d exch %d block %d system %d\n",
           hi[0], hi[1], hi[2], hi[3], hi[4], hi[5], hi[6], hi[7], hi[8], hi[9], hi[10]);
    printf("unsigned: add %u inc %u dec %u max %u min %u\n", hu[0], hu[1], hu[2], hu[3], hu[4]);
    printf("64-bit: add %llu max %llu or %llx cas>0 %d min %lld max %lld\n", hull[0], hull[1],
           hull[2], hull[3] > 0, hll[0], hll[1]);

    float hf[3] = {0, 0, 0};
    double hd[1] = {0};
    float *f;
    double *d;
    cudaMalloc(&f, sizeof hf);
    cudaMalloc(&d, sizeof hd);
    cudaMemcpy(f, hf, sizeof hf, cudaMemcpyHostToDevice);
    cudaMemcpy(d, hd, sizeof hd, cudaMemcpyHostToDevice);
    floats<<<8, 128>>>(f, d);
    cudaMemcpy(hf, f, sizeof hf, cudaMemcpyDeviceToHost);
    cudaMemcpy(hd, d, sizeof hd, cudaMemcpyDeviceToHost);
    printf("float: add %.2f exch %.2f sum %.1f double: add %.3f\n", hf[0], hf[1], hf[2], hd[0]);

    int *o, ho[6];
    cudaMalloc(&o, sizeof ho);
    shared_counter<<<6, 333>>>(o);
    cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost);
    printf("shared: %d %d %d\n", ho[0], ho[3], ho[5]);
    return 0;
}
