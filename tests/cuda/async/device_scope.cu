// Synchronization objects outside shared memory (libcu++'s generic, atomic
// implementations): a cuda::barrier of device scope and a cuda::std::latch
// in global memory used by every thread of a block, an atomic wait in one
// block on a value another block stores and notifies, and a counting
// semaphore in global memory.
#include <cstdio>
#include <new>
#include <cuda/atomic>
#include <cuda/barrier>
#include <cuda/std/latch>
#include <cuda/std/semaphore>

#define N 96

using device_barrier = cuda::barrier<cuda::thread_scope_device>;

struct objects {
    device_barrier bar;
    cuda::std::latch latch;
    cuda::std::counting_semaphore<3> sem;
    cuda::atomic<int, cuda::thread_scope_device> holders, most, flag;
    int slot[2][N];
};

__global__ void setup(objects *o)
{
    new (&o->bar) device_barrier(N);
    new (&o->latch) cuda::std::latch(N);
    new (&o->sem) cuda::std::counting_semaphore<3>(3);
    o->holders.store(0);
    o->most.store(0);
    o->flag.store(0);
}

__global__ void phases(objects *o, int *out)
{
    const int t = threadIdx.x;
    int acc = 0;
    for (int p = 0; p < 4; p++) {
        o->slot[p & 1][t] = t * t + 7 * p;
        o->bar.arrive_and_wait();
        acc += o->slot[p & 1][(t + 1) % N] - o->slot[p & 1][(t + N - 1) % N];
    }
    o->latch.count_down();
    o->latch.wait();
    o->sem.acquire();
    int h = o->holders.fetch_add(1) + 1;
    o->most.fetch_max(h);
    o->holders.fetch_sub(1);
    o->sem.release();
    out[t] = acc;
}

// Block 0 publishes; in block 1 a warp waits for it.
__global__ void publish(objects *o, int *out)
{
    if (blockIdx.x == 0) {
        if (threadIdx.x == 7) {
            o->flag.store(1234, cuda::memory_order_release);
            o->flag.notify_all();
        }
        return;
    }
    if (threadIdx.x < 32) {
        o->flag.wait(0, cuda::memory_order_acquire);
        out[threadIdx.x] = o->flag.load(cuda::memory_order_relaxed) + threadIdx.x;
    }
}

int main()
{
    objects *o;
    int *d_out, h_out[N];
    cudaMalloc(&o, sizeof *o);
    cudaMalloc(&d_out, sizeof h_out);
    setup<<<1, 1>>>(o);
    phases<<<1, N>>>(o, d_out);
    printf("phases: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < N; i++)
        s += (long long)h_out[i] * (i + 1);
    int most;
    cudaMemcpy(&most, &o->most, sizeof most, cudaMemcpyDeviceToHost);
    printf("out[0] %d, out[95] %d, checksum %lld, at most 3 holders %d\n", h_out[0], h_out[95], s,
           most >= 1 && most <= 3);
    publish<<<2, 64>>>(o, d_out);
    printf("publish: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, 32 * sizeof(int), cudaMemcpyDeviceToHost);
    printf("seen %d %d %d\n", h_out[0], h_out[17], h_out[31]);
    return 0;
}
