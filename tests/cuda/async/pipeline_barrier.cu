// A thread's asynchronous copies completing with a barrier's phase:
// cuda::pipeline_producer_commit with a thread-scope cuda::pipeline and a
// cuda::barrier, and nvcuda::experimental's pipeline::arrive_on with an
// awbarrier.  After the wait every thread reads what the others copied.
#include <cstdio>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda_pipeline.h>

#define N 64

__global__ void with_cuda_barrier(const int2 *in, int *out)
{
    __shared__ int2 buf[N];
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    const int t = threadIdx.x;
    if (t == 0)
        init(&bar, N);
    __syncthreads();
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    int acc = 0;
    for (int round = 0; round < 3; round++) {
        cuda::memcpy_async(&buf[t], &in[round * N + t], sizeof(int2), pipe);
        cuda::pipeline_producer_commit(pipe, bar);
        bar.arrive_and_wait();
        acc += buf[(t * 7 + round) % N].x - buf[(t + 5) % N].y;
        bar.arrive_and_wait(); // all have read before the next round's copies
    }
    out[t] = acc;
}

__global__ void with_awbarrier(const int *in, int *out)
{
    __shared__ int buf[N];
    __shared__ nvcuda::experimental::awbarrier bar;
    const int t = threadIdx.x;
    if (t == 0)
        init(&bar, N);
    __syncthreads();
    nvcuda::experimental::pipeline pipe;
    nvcuda::experimental::memcpy_async(buf[t], in[t], pipe);
    pipe.arrive_on(bar);
    bar.arrive_and_wait();
    out[t] = buf[(t + 11) % N] * 3 + buf[(t * 3) % N];
}

int main()
{
    int2 h_in[3 * N];
    for (int i = 0; i < 3 * N; i++)
        h_in[i] = make_int2(i * i - 17, 5 * i);
    int2 *d_in;
    int *d_out, h_out[N];
    cudaMalloc(&d_in, sizeof h_in);
    cudaMalloc(&d_out, sizeof h_out);
    cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
    with_cuda_barrier<<<1, N>>>(d_in, d_out);
    printf("cuda::barrier: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < N; i++)
        s += (long long)h_out[i] * (i + 1);
    printf("out[0] %d, out[63] %d, checksum %lld\n", h_out[0], h_out[63], s);
    with_awbarrier<<<1, N>>>((const int *)d_in, d_out);
    printf("awbarrier: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    s = 0;
    for (int i = 0; i < N; i++)
        s += (long long)h_out[i] * (i + 1);
    printf("out[0] %d, out[63] %d, checksum %lld\n", h_out[0], h_out[63], s);
    return 0;
}
