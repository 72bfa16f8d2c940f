// cuda::atomic and cuda::atomic_ref with every thread scope and every
// memory order, cuda::std::atomic, atomic_flag, fences, and wait/notify,
// cuda::std::latch and counting_semaphore among the threads of a block.
#include <cstdio>
#include <new>
#include <cuda/atomic>
#include <cuda/std/atomic>
#include <cuda/std/latch>
#include <cuda/std/semaphore>
#include <cuda/std/limits>

#define N 128

__device__ cuda::atomic<int, cuda::thread_scope_system> g_sys;
__device__ cuda::atomic<int, cuda::thread_scope_device> g_dev;
__device__ cuda::std::atomic<unsigned long long> g_std;
__device__ cuda::atomic<float, cuda::thread_scope_device> g_float;
__device__ int g_plain[4];
__device__ cuda::atomic<int, cuda::thread_scope_device> g_min, g_max;

template <cuda::thread_scope S>
__device__ int orders(cuda::atomic<int, S> &a, int t)
{
    int r = 0;
    r += a.fetch_add(1, cuda::memory_order_relaxed) >= 0;
    r += a.fetch_add(2, cuda::memory_order_acquire) >= 0;
    r += a.fetch_add(3, cuda::memory_order_release) >= 0;
    r += a.fetch_add(4, cuda::memory_order_acq_rel) >= 0;
    r += a.fetch_add(5, cuda::memory_order_seq_cst) >= 0;
    r += a.fetch_sub(1, cuda::memory_order_relaxed) >= 0;
    r += a.load(cuda::memory_order_relaxed) >= 0;
    r += a.load(cuda::memory_order_acquire) >= 0;
    r += a.load(cuda::memory_order_seq_cst) >= 0;
    r += a.load(cuda::memory_order_consume) >= 0;
    return r + (t & 0);
}

__global__ void scopes(int *out)
{
    __shared__ cuda::atomic<int, cuda::thread_scope_block> s_block;
    __shared__ cuda::atomic<int, cuda::thread_scope_thread> s_thread;
    __shared__ unsigned s_bits;
    const int t = threadIdx.x;
    if (t == 0) {
        s_block.store(0, cuda::memory_order_relaxed);
        s_thread.store(0);
        s_bits = 0;
    }
    __syncthreads();
    int r = orders(s_block, t) + orders(g_dev, t) + orders(g_sys, t);
    if (t == 0)
        r += orders(s_thread, t); // thread scope: one thread only
    g_std.fetch_add(t, cuda::std::memory_order_seq_cst);
    g_std.fetch_add(1);
    g_std += 2;
    ++g_std;
    g_float.fetch_add(0.5f, cuda::memory_order_relaxed);
    g_min.fetch_min(1000 - t * 3);
    g_max.fetch_max(t * 7 % 101);
    cuda::atomic_ref<int, cuda::thread_scope_device> ref(g_plain[t % 4]);
    ref.fetch_add(t);
    ref.fetch_sub(1, cuda::memory_order_acq_rel);
    cuda::atomic_ref<unsigned, cuda::thread_scope_block> bits(s_bits);
    bits.fetch_or(1u << (t % 32), cuda::memory_order_release);
    cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_block);
    cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_device);
    cuda::std::atomic_thread_fence(cuda::std::memory_order_seq_cst);
    __syncthreads();
    if (t == 0) {
        int expected = s_block.load();
        bool ok1 = s_block.compare_exchange_strong(expected, -5, cuda::memory_order_acq_rel,
                                                   cuda::memory_order_acquire);
        int wrong = 12345;
        bool ok2 = s_block.compare_exchange_weak(wrong, 7);
        int old = s_block.exchange(99, cuda::memory_order_release);
        out[blockIdx.x * 8 + 0] = ok1;
        out[blockIdx.x * 8 + 1] = ok2;
        out[blockIdx.x * 8 + 2] = wrong;
        out[blockIdx.x * 8 + 3] = old;
        out[blockIdx.x * 8 + 4] = s_block.load();
        out[blockIdx.x * 8 + 5] = (int)s_bits;
        out[blockIdx.x * 8 + 6] = s_thread.load();
    }
    atomicAdd(&out[blockIdx.x * 8 + 7], r);
}

// wait/notify, latch and semaphore among the threads of one block.
__global__ void waits(int *out)
{
    __shared__ cuda::atomic<int, cuda::thread_scope_block> flag;
    __shared__ cuda::std::atomic_flag ready;
    __shared__ cuda::std::latch *latch;
    __shared__ alignas(alignof(cuda::std::latch)) unsigned char latch_mem[sizeof(cuda::std::latch)];
    __shared__ alignas(alignof(cuda::std::counting_semaphore<4>)) unsigned char sem_mem[sizeof(cuda::std::counting_semaphore<4>)];
    __shared__ cuda::atomic<int, cuda::thread_scope_block> holders, most;
    __shared__ int stage[N];
    const int t = threadIdx.x;
    cuda::std::counting_semaphore<4> *sem = reinterpret_cast<cuda::std::counting_semaphore<4> *>(sem_mem);
    if (t == 0) {
        flag.store(0);
        ready.clear();
        latch = new (latch_mem) cuda::std::latch(N);
        new (sem_mem) cuda::std::counting_semaphore<4>(4);
        holders.store(0);
        most.store(0);
    }
    __syncthreads();
    // A chain: thread t waits until the flag reaches t, then moves it on.
    if (t < 16) {
        int v;
        while ((v = flag.load(cuda::memory_order_acquire)) != t)
            flag.wait(v, cuda::memory_order_acquire);
        stage[t] = t * t;
        flag.store(t + 1, cuda::memory_order_release);
        flag.notify_all();
    }
    if (t == 16) {
        ready.wait(false);
        out[1] = ready.test();
    }
    if (t == 17) {
        ready.test_and_set();
        ready.notify_one();
    }
    // Everybody counts down; nobody reads stage before all wrote it.
    if (t >= 16)
        stage[t] = t * t;
    latch->arrive_and_wait();
    int s = 0;
    for (int i = 0; i < N; i++)
        s += stage[i];
    // At most four threads hold the semaphore at once.
    sem->acquire();
    int h = holders.fetch_add(1) + 1;
    most.fetch_max(h);
    holders.fetch_sub(1);
    sem->release();
    if (t == 0) {
        out[0] = s;
        out[2] = flag.load();
        out[3] = latch->try_wait();
    }
    __syncthreads();
    if (t == 0) {
        out[4] = most.load() <= 4 && most.load() >= 1;
        out[5] = sem->try_acquire();
        out[6] = cuda::std::counting_semaphore<4>::max() == cuda::std::numeric_limits<ptrdiff_t>::max();
        out[7] = (int)cuda::std::binary_semaphore::max();
    }
}

int main()
{
    int *d_out, h_out[32];
    cudaMalloc(&d_out, sizeof h_out);
    cudaMemset(d_out, 0, sizeof h_out);
    scopes<<<3, N>>>(d_out);
    printf("scopes: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, 24 * sizeof(int), cudaMemcpyDeviceToHost);
    for (int b = 0; b < 3; b++)
        printf("block %d: cas %d %d (saw %d), exchange %d, now %d, bits %08x, thread %d, "
               "orders %d\n", b, h_out[b * 8], h_out[b * 8 + 1], h_out[b * 8 + 2], h_out[b * 8 + 3],
               h_out[b * 8 + 4], (unsigned)h_out[b * 8 + 5], h_out[b * 8 + 6], h_out[b * 8 + 7]);
    int sys, dev, mn, mx, plain[4];
    unsigned long long st;
    float fl;
    cudaMemcpyFromSymbol(&sys, g_sys, sizeof sys);
    cudaMemcpyFromSymbol(&dev, g_dev, sizeof dev);
    cudaMemcpyFromSymbol(&st, g_std, sizeof st);
    cudaMemcpyFromSymbol(&fl, g_float, sizeof fl);
    cudaMemcpyFromSymbol(&mn, g_min, sizeof mn);
    cudaMemcpyFromSymbol(&mx, g_max, sizeof mx);
    cudaMemcpyFromSymbol(plain, g_plain, sizeof plain);
    printf("system %d, device %d, std %llu, float %.1f, min %d, max %d\n", sys, dev, st, fl, mn,
           mx);
    printf("atomic_ref: %d %d %d %d\n", plain[0], plain[1], plain[2], plain[3]);

    cudaMemset(d_out, 0, sizeof h_out);
    waits<<<1, N>>>(d_out);
    printf("waits: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, 8 * sizeof(int), cudaMemcpyDeviceToHost);
    printf("stage sum %d, flag test %d, chain end %d, latch done %d, semaphore bound %d, "
           "try_acquire %d, max is PTRDIFF_MAX %d, binary max %d\n", h_out[0], h_out[1], h_out[2],
           h_out[3], h_out[4], h_out[5], h_out[6], h_out[7]);
    return 0;
}
