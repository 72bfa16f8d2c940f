// The __nv_atomic_* builtins (CUDA 12.8+) with their __NV_ATOMIC_* orders
// and __NV_THREAD_SCOPE_* scopes: fetch-ops, void ops, exchange,
// compare-exchange, load, store and the fence, from many threads.
#include <cstdio>

__global__ void ops(int *i, unsigned long long *u, float *f, int *out)
{
    int t = threadIdx.x + blockIdx.x * blockDim.x;
    int old = __nv_atomic_fetch_add(&i[0], 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
    (void)old;
    __nv_atomic_add(&i[1], 2, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_fetch_sub(&i[2], 1, __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_BLOCK);
    __nv_atomic_fetch_max(&i[3], t, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_SYSTEM);
    __nv_atomic_fetch_min(&i[4], -t, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_fetch_or(&i[5], 1 << (t % 31), __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_fetch_and(&i[6], ~(1 << (t % 31)), __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_fetch_xor(&i[7], t, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_fetch_add(&u[0], 3ull, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_fetch_add(&f[0], 0.5f, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
    int expected = 0;
    bool won = __nv_atomic_compare_exchange_n(&i[8], &expected, t + 100, false, __NV_ATOMIC_ACQ_REL,
                                              __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
    if (won)
        __nv_atomic_store_n(&i[9], 1, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
    int desired = t, exp2 = -1;
    __nv_atomic_compare_exchange(&i[10], &exp2, &desired, true, __NV_ATOMIC_SEQ_CST,
                                 __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
    int x = __nv_atomic_exchange_n(&i[11], t, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
    (void)x;
    int v = 7, ret;
    __nv_atomic_exchange(&i[12], &v, &ret, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
    int l = __nv_atomic_load_n(&i[0], __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
    int l2;
    __nv_atomic_load(&i[1], &l2, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_store(&i[13], &v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
    out[t] = l > 0 && l2 > 0;
}

int main()
{
    int *i, *out;
    unsigned long long *u;
    float *f;
    cudaMallocManaged(&i, 16 * sizeof(int));
    cudaMallocManaged(&u, sizeof *u);
    cudaMallocManaged(&f, sizeof *f);
    cudaMallocManaged(&out, 256 * sizeof(int));
    for (int k = 0; k < 16; k++)
        i[k] = 0;
    i[4] = 0;
    i[6] = -1;
    i[10] = -1;
    *u = 0;
    *f = 0;
    ops<<<2, 128>>>(i, u, f, out);
    cudaDeviceSynchronize();
    int all = 1;
    for (int k = 0; k < 256; k++)
        all &= out[k];
    printf("orders %d %d %d %d %d %d\n", __NV_ATOMIC_RELAXED, __NV_ATOMIC_CONSUME, __NV_ATOMIC_ACQUIRE,
           __NV_ATOMIC_RELEASE, __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_SEQ_CST);
    printf("scopes %d %d %d %d %d\n", __NV_THREAD_SCOPE_THREAD, __NV_THREAD_SCOPE_BLOCK,
           __NV_THREAD_SCOPE_CLUSTER, __NV_THREAD_SCOPE_DEVICE, __NV_THREAD_SCOPE_SYSTEM);
    printf("add %d void-add %d sub %d max %d min %d or %x and %x xor %d\n", i[0], i[1], i[2], i[3],
           i[4], i[5], i[6], i[7]);
    printf("u64 %llu float %.1f cas-winner %d stored %d cas-weak %d xchg-ret-ok %d store %d all %d\n",
           *u, *f, i[8] >= 100 && i[8] < 356, i[9], i[10] >= 0, i[12] == 7, i[13], all);
    return 0;
}
