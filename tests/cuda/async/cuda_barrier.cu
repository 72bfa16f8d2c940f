// cuda::barrier (libcu++): tokens, parity waits, arrive(n), arrive_and_drop
// changing the phases that follow, try_wait, and max() for each kind of
// barrier.
#include <cstdio>
#include <cuda/barrier>
#include <cuda/std/chrono>
#include <cuda/std/type_traits>

#define N 64

using block_barrier = cuda::barrier<cuda::thread_scope_block>;

// The spec's first example (cuda-barrier.txt, "Example"), unmodified.
__global__ void example_kernel() {
  // This barrier is suitable for all threads in the system.
  cuda::barrier<cuda::thread_scope_system> a(10);

  // This barrier has the same type as the previous one (`a`).
  cuda::std::barrier<> b(10);

  // This barrier is suitable for all threads on the current processor (e.g. GPU).
  cuda::barrier<cuda::thread_scope_device> c(10);

  // This barrier is suitable for all threads in the same thread block.
  cuda::barrier<cuda::thread_scope_block> d(10);
}

__global__ void phases(int *out)
{
    __shared__ block_barrier bar;
    __shared__ int value[N];
    const int t = threadIdx.x;
    if (t == 0)
        init(&bar, N);
    __syncthreads();
    int acc = 0;
    for (int p = 0; p < 5; p++) {
        value[t] = t * (p + 3);
        block_barrier::arrival_token tok = bar.arrive();
        bar.wait(cuda::std::move(tok));
        acc += value[N - 1 - t];
        bar.arrive_and_wait(); // nobody overwrites value before all have read
    }
    // Parity: ten phases have completed, so phase 10 (parity 0) is current.
    acc += 1000 * bar.try_wait_parity_for(true, cuda::std::chrono::nanoseconds(1000));
    acc += 10000 * bar.try_wait_parity_for(false, cuda::std::chrono::nanoseconds(1000));
    bar.arrive_and_wait();
    bar.wait_parity(false);                    // phase 10 done now
    out[blockIdx.x * N + t] = acc;
}

// One thread arrives for a whole warp; then a warp drops out and the
// other two warps go on alone.
__global__ void counts(int *out)
{
    __shared__ block_barrier bar;
    __shared__ int stage[3];
    const int t = threadIdx.x, warp = t / 32;
    if (t == 0) {
        init(&bar, 3 * 32);
        stage[0] = stage[1] = stage[2] = 0;
    }
    __syncthreads();
    if (t % 32 == 0) {
        stage[warp] = warp + 1;
        (void)bar.arrive(31); // the other lanes of the warp
        bar.arrive_and_wait();
    } else {
        // Waits for the phase by parity: these lanes never arrive.
        bar.wait_parity(false);
    }
    int seen = stage[0] + stage[1] + stage[2];
    bar.arrive_and_wait(); // everybody has read stage
    if (warp == 2) {
        bar.arrive_and_drop();
        out[t] = seen;
        return;
    }
    for (int p = 0; p < 3; p++) {
        if (t % 32 == 0)
            atomicAdd(&stage[warp], 10);
        bar.arrive_and_wait();
        seen += stage[0] + stage[1];
        bar.arrive_and_wait();
    }
    out[t] = seen;
}

// cuda::std::barrier in global memory (system scope: the generic, atomic
// implementation), two threads.
__device__ int shared_counter;
__global__ void global_barrier(cuda::std::barrier<> *b, int *out)
{
    for (int p = 0; p < 4; p++) {
        if (threadIdx.x == p % 2)
            atomicAdd(&shared_counter, p + 1);
        auto tok = b->arrive();
        b->wait(cuda::std::move(tok));
        out[p * 2 + threadIdx.x] = atomicAdd(&shared_counter, 0);
        b->arrive_and_wait();
    }
}

__global__ void make_global(cuda::std::barrier<> *b)
{
    new (b) cuda::std::barrier<>(2);
}

// cuda::memcpy_async with a barrier (CUDA guide, "Asynchronous Data Copies
// using cuda::barrier"): the bytes are there once the phase completes.
struct whole_block {
    __device__ unsigned size() const { return blockDim.x; }
    __device__ unsigned thread_rank() const { return threadIdx.x; }
    __device__ void sync() const { __syncthreads(); }
};

__global__ void copy_with_barrier(const int *in, long long *out)
{
    __shared__ alignas(16) int buf[128];
    __shared__ block_barrier bar;
    whole_block block;
    if (threadIdx.x == 0)
        init(&bar, blockDim.x);
    __syncthreads();
    long long acc = 0;
    for (int b = 0; b < 4; b++) {
        cuda::memcpy_async(block, buf, in + b * 128, sizeof(int) * 128, bar);
        bar.arrive_and_wait();
        acc += buf[(threadIdx.x * 3 + b) % 128] * (b + 1);
        bar.arrive_and_wait();
    }
    if (threadIdx.x == 0)
        cuda::memcpy_async(buf, in + 512, cuda::aligned_size_t<16>(sizeof(int) * 128), bar);
    bar.arrive_and_wait();
    acc += buf[(threadIdx.x * 5) % 128] * 10;
    out[threadIdx.x] = acc;
}

struct counter_completion {
    int *count;
    __device__ void operator()() noexcept { ++*count; }
};

int main()
{
    int *d_out, h_out[3 * 32];
    cudaMalloc(&d_out, 2 * N * sizeof(int));
    example_kernel<<<2, 32>>>();
    printf("example: %s, same type: %d\n", cudaGetErrorName(cudaDeviceSynchronize()),
           (int)cuda::std::is_same<cuda::barrier<cuda::thread_scope_system>, cuda::std::barrier<>>::value);
    phases<<<2, N>>>(d_out);
    printf("phases: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, N * sizeof(int), cudaMemcpyDeviceToHost);
    printf("out[0] = %d, out[13] = %d, out[63] = %d\n", h_out[0], h_out[13], h_out[63]);

    counts<<<1, 3 * 32>>>(d_out);
    printf("counts: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    printf("warp 0: %d %d, warp 1: %d %d, warp 2: %d %d\n", h_out[0], h_out[31], h_out[32],
           h_out[63], h_out[64], h_out[95]);

    cuda::std::barrier<> *d_bar;
    cudaMalloc(&d_bar, sizeof(cuda::std::barrier<>));
    make_global<<<1, 1>>>(d_bar);
    global_barrier<<<1, 2>>>(d_bar, d_out);
    printf("global: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, 8 * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 8; i++)
        printf(" %d", h_out[i]);
    printf("\n");

    int h_in[640], *d_in;
    long long h_acc[128], *d_acc;
    for (int i = 0; i < 640; i++)
        h_in[i] = i * i % 1009;
    cudaMalloc(&d_in, sizeof h_in);
    cudaMalloc(&d_acc, sizeof h_acc);
    cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
    copy_with_barrier<<<1, 128>>>(d_in, d_acc);
    printf("copy_with_barrier: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_acc, d_acc, sizeof h_acc, cudaMemcpyDeviceToHost);
    long long sum = 0;
    for (int i = 0; i < 128; i++)
        sum += h_acc[i] * (i + 1);
    printf("acc[0] %lld, acc[127] %lld, checksum %lld\n", h_acc[0], h_acc[127], sum);

    printf("sizeof: __mbarrier_t-sized block barrier %d\n", (int)sizeof(block_barrier));
    printf("max: block %lld, device %lld, system %lld, std %lld, block+completion %lld\n",
           (long long)block_barrier::max(),
           (long long)cuda::barrier<cuda::thread_scope_device>::max(),
           (long long)cuda::barrier<cuda::thread_scope_system>::max(),
           (long long)cuda::std::barrier<>::max(),
           (long long)cuda::barrier<cuda::thread_scope_block, counter_completion>::max());
    return 0;
}
