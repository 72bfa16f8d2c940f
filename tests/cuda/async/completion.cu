// A barrier's completion function runs exactly once per phase, by one
// thread, before any waiter of the phase goes on (C++ [thread.barrier],
// libcu++ cuda::barrier): the waiters all see what it wrote.
#include <cstdio>
#include <new>
#include <cuda/barrier>

#define N 96
#define PHASES 7

struct on_phase {
    int *count;  // completions so far
    int *stamp;  // what the waiters read after each phase
    __device__ void operator()() noexcept
    {
        int c = ++*count;
        *stamp = c * 100;
    }
};

using counted_barrier = cuda::barrier<cuda::thread_scope_block, on_phase>;

__global__ void block_phases(int *out)
{
    __shared__ counted_barrier bar;
    __shared__ int count, stamp;
    const int t = threadIdx.x;
    if (t == 0) {
        count = 0;
        stamp = 0;
        init(&bar, N, on_phase{&count, &stamp});
    }
    __syncthreads();
    int seen = 0;
    for (int p = 0; p < PHASES; p++) {
        if (p == 3 && t >= N - 16) {
            bar.arrive_and_drop(); // the next phases expect fewer arrivals
            out[blockIdx.x * N + t] = seen;
            return;
        }
        bar.arrive_and_wait();
        seen += stamp; // written by the completion of this phase
    }
    out[blockIdx.x * N + t] = seen + 100000 * count; // all completions happened before the last wait ended
}

// The same with cuda::std::barrier in global memory (two threads).
__global__ void make_global(cuda::std::barrier<on_phase> *b, int *count, int *stamp)
{
    *count = 0;
    *stamp = 0;
    new (b) cuda::std::barrier<on_phase>(2, on_phase{count, stamp});
}

__global__ void global_phases(cuda::std::barrier<on_phase> *b, const int *stamp, int *out)
{
    int seen = 0;
    for (int p = 0; p < PHASES; p++) {
        b->arrive_and_wait();
        seen += *(volatile const int *)stamp;
    }
    out[threadIdx.x] = seen;
}

int main()
{
    int *d_out, h_out[N];
    cudaMalloc(&d_out, 3 * sizeof h_out);
    block_phases<<<3, N>>>(d_out);
    printf("block: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    printf("thread 0: %d, thread 79: %d, thread 80: %d, thread 95: %d\n", h_out[0], h_out[79],
           h_out[80], h_out[95]);

    cuda::std::barrier<on_phase> *d_bar;
    int *d_count, *d_stamp, h_count;
    cudaMalloc(&d_bar, sizeof *d_bar);
    cudaMalloc(&d_count, sizeof(int));
    cudaMalloc(&d_stamp, sizeof(int));
    make_global<<<1, 1>>>(d_bar, d_count, d_stamp);
    global_phases<<<1, 2>>>(d_bar, d_stamp, d_out);
    printf("global: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, 2 * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(&h_count, d_count, sizeof(int), cudaMemcpyDeviceToHost);
    printf("completions %d, thread 0 saw %d, thread 1 saw %d\n", h_count, h_out[0], h_out[1]);
    return 0;
}
