// Threads that spin until another thread of their block writes: a GPU
// schedules each thread on its own (Volta and later), so the thread
// waited for runs and the loop ends.  Each kernel waits for a thread that
// comes after the waiter in the block: a flag of a later warp, a flag of
// a later lane of the same warp, a ticket lock taken in reverse order, an
// atomic load's poll, and a lane that spins while the rest of its warp
// exchanges values through volatile shared memory.  Loops that make
// progress by themselves (a compare-and-swap retried with what it read, a
// work counter) run as usual.  The flags are volatile, as such code is
// written, so a racecheck build reports them (hence compat/, which the
// --check=all runs leave out).
#include <cstdio>

__global__ void later_warp(int *out)
{
    __shared__ volatile int flag;
    if (threadIdx.x == 0)
        flag = 0;
    __syncthreads();
    if (threadIdx.x == 0) {
        while (flag == 0)
            ;
        out[0] = flag;
    }
    if (threadIdx.x == 40)
        flag = 7;
}

__global__ void later_lane(int *out)
{
    __shared__ volatile int flag[32];
    flag[threadIdx.x] = 0;
    __syncwarp();
    // lane i waits for lane i + 1, the last lane writes first
    if (threadIdx.x < 31)
        while (flag[threadIdx.x + 1] == 0)
            ;
    flag[threadIdx.x] = threadIdx.x + 1;
    __syncwarp();
    out[threadIdx.x] = flag[(threadIdx.x + 1) % 32] * 100 + threadIdx.x;
}

__global__ void reverse_tickets(int *order, int *lock)
{
    __shared__ volatile int turn;
    if (threadIdx.x == 0)
        turn = 0;
    __syncthreads();
    int mine = blockDim.x - 1 - threadIdx.x;
    while (turn != mine)
        ;
    // a critical section under a spin lock in global memory as well
    while (atomicCAS(&lock[blockIdx.x], 0, 1) != 0)
        ;
    int pos = atomicAdd(&order[blockIdx.x * (blockDim.x + 1)], 1);
    order[blockIdx.x * (blockDim.x + 1) + 1 + pos] = threadIdx.x;
    __threadfence();
    atomicExch(&lock[blockIdx.x], 0);
    turn = mine + 1;
}

__global__ void atomic_poll(unsigned *counter, unsigned *out)
{
    // warp 0 waits until every later warp has counted
    unsigned warps = blockDim.x / 32, w = threadIdx.x / 32;
    if (w == 0) {
        while (atomicAdd(&counter[blockIdx.x], 0) < warps - 1)
            ;
    } else if (threadIdx.x % 32 == 0) {
        atomicAdd(&counter[blockIdx.x], 1);
    }
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = counter[blockIdx.x] * 1000 + threadIdx.x;
}

__global__ void diverged_lane(int *out)
{
    volatile __shared__ int s[32];
    volatile __shared__ int flag;
    unsigned tid = threadIdx.x;
    s[tid] = 0;
    if (tid == 0)
        flag = 0;
    __syncthreads();
    if (tid == 0) {
        while (flag == 0)
            ;
        out[0] = flag;
    } else {
        s[tid] = tid * 3;
        int v = s[tid % 31 + 1];
        out[tid] = v;
        if (tid == 31)
            flag = 5;
    }
}

__global__ void progress(float *sum, unsigned *next, unsigned *taken, int n)
{
    // retried compare-and-swaps (a float add, a max) and a work counter
    for (unsigned i; (i = atomicAdd(next, 1)) < (unsigned)n;) {
        atomicAdd(sum, (float)(i % 7) * 0.5f);
        atomicMax(&taken[1], i);
        atomicAdd(&taken[0], 1);
    }
}

int main()
{
    int *out, h[64];
    cudaMalloc(&out, 64 * sizeof(int));

    cudaMemset(out, 0, 64 * sizeof(int));
    later_warp<<<1, 64>>>(out);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, out, sizeof(int), cudaMemcpyDeviceToHost);
    printf("later_warp: %s, flag %d\n", cudaGetErrorName(e), h[0]);

    later_lane<<<1, 32>>>(out);
    e = cudaDeviceSynchronize();
    cudaMemcpy(h, out, 32 * sizeof(int), cudaMemcpyDeviceToHost);
    long s = 0;
    for (int i = 0; i < 32; i++)
        s += (long)h[i] * (i + 1);
    printf("later_lane: %s, sum %ld, lane 0 %d, lane 31 %d\n", cudaGetErrorName(e), s, h[0], h[31]);

    const int blocks = 3, threads = 96;
    int *order, *lock, ho[blocks * (threads + 1)];
    cudaMalloc(&order, sizeof ho);
    cudaMalloc(&lock, blocks * sizeof(int));
    cudaMemset(order, 0, sizeof ho);
    cudaMemset(lock, 0, blocks * sizeof(int));
    reverse_tickets<<<blocks, threads>>>(order, lock);
    e = cudaDeviceSynchronize();
    cudaMemcpy(ho, order, sizeof ho, cudaMemcpyDeviceToHost);
    int in_order = 0;
    for (int b = 0; b < blocks; b++)
        for (int i = 0; i < threads; i++)
            in_order += ho[b * (threads + 1) + 1 + i] == threads - 1 - i;
    printf("reverse_tickets: %s, counts %d %d %d, in reverse order %d of %d\n", cudaGetErrorName(e),
           ho[0], ho[threads + 1], ho[2 * (threads + 1)], in_order, blocks * threads);

    unsigned *counter, *uout, hu[2 * 128];
    cudaMalloc(&counter, 2 * sizeof(unsigned));
    cudaMalloc(&uout, sizeof hu);
    cudaMemset(counter, 0, 2 * sizeof(unsigned));
    atomic_poll<<<2, 128>>>(counter, uout);
    e = cudaDeviceSynchronize();
    cudaMemcpy(hu, uout, sizeof hu, cudaMemcpyDeviceToHost);
    unsigned long long su = 0;
    for (int i = 0; i < 256; i++)
        su += (unsigned long long)hu[i] * (i % 5 + 1);
    printf("atomic_poll: %s, thread 0 %u, sum %llu\n", cudaGetErrorName(e), hu[0], su);

    cudaMemset(out, 0, 64 * sizeof(int));
    diverged_lane<<<1, 32>>>(out);
    e = cudaDeviceSynchronize();
    cudaMemcpy(h, out, 32 * sizeof(int), cudaMemcpyDeviceToHost);
    s = 0;
    for (int i = 0; i < 32; i++)
        s += (long)h[i] * (i + 1);
    printf("diverged_lane: %s, flag %d, sum %ld\n", cudaGetErrorName(e), h[0], s);

    float *sum, hs;
    unsigned *next, *taken, ht[2];
    cudaMalloc(&sum, sizeof(float));
    cudaMalloc(&next, sizeof(unsigned));
    cudaMalloc(&taken, 2 * sizeof(unsigned));
    cudaMemset(sum, 0, sizeof(float));
    cudaMemset(next, 0, sizeof(unsigned));
    cudaMemset(taken, 0, 2 * sizeof(unsigned));
    progress<<<4, 64>>>(sum, next, taken, 10000);
    e = cudaDeviceSynchronize();
    cudaMemcpy(&hs, sum, sizeof hs, cudaMemcpyDeviceToHost);
    cudaMemcpy(ht, taken, sizeof ht, cudaMemcpyDeviceToHost);
    printf("progress: %s, sum %.1f, taken %u, max %u\n", cudaGetErrorName(e), hs, ht[0], ht[1]);
    return 0;
}
