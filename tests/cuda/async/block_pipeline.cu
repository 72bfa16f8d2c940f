// cuda::pipeline of block scope over pipeline_shared_state (CUDA guide,
// "Asynchronous Data Copies using cuda::pipeline"): every thread both
// produces and consumes, with the group's collective cuda::memcpy_async;
// then a warp of producers feeds three warps of consumers
// (pipeline_role).  Consumers read bytes other threads copied.
#include <cstdio>
#include <cuda/pipeline>

#define STAGES 3
#define BATCHES 10

// The group interface make_pipeline and memcpy_async use.
struct whole_block {
    __device__ unsigned size() const { return blockDim.x; }
    __device__ unsigned thread_rank() const { return threadIdx.x; }
    __device__ void sync() const { __syncthreads(); }
};

__global__ void unified(const int *in, long long *out)
{
    __shared__ alignas(16) int buf[STAGES][128];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, STAGES> state;
    whole_block block;
    cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &state);
    long long acc = 0;
    for (int fetch = 0, compute = 0; compute < BATCHES; compute++) {
        for (; fetch < BATCHES && fetch < compute + STAGES; fetch++) {
            pipe.producer_acquire();
            cuda::memcpy_async(block, buf[fetch % STAGES], in + fetch * 128, sizeof(int) * 128, pipe);
            pipe.producer_commit();
        }
        pipe.consumer_wait();
        acc += (long long)buf[compute % STAGES][(threadIdx.x * 7 + 3) % 128] * (compute + 1);
        pipe.consumer_release();
    }
    out[blockIdx.x * 128 + threadIdx.x] = acc;
}

__global__ void roles(const int *in, long long *out)
{
    __shared__ alignas(16) int buf[STAGES][64];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, STAGES> state;
    whole_block block;
    const bool producer = threadIdx.x < 32;
    cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(
        block, &state, producer ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer);
    if (producer) {
        for (int b = 0; b < BATCHES; b++) {
            pipe.producer_acquire();
            cuda::memcpy_async(&buf[b % STAGES][2 * threadIdx.x], &in[b * 64 + 2 * threadIdx.x],
                               cuda::aligned_size_t<8>(2 * sizeof(int)), pipe);
            pipe.producer_commit();
        }
        out[blockIdx.x * 128 + threadIdx.x] = -1;
    } else {
        long long acc = 0;
        for (int b = 0; b < BATCHES; b++) {
            pipe.consumer_wait();
            acc += (long long)buf[b % STAGES][(threadIdx.x * 5) % 64] * (b + 1);
            pipe.consumer_release();
        }
        out[blockIdx.x * 128 + threadIdx.x] = acc;
    }
}

int main()
{
    static int h_in[BATCHES * 128];
    for (int i = 0; i < BATCHES * 128; i++)
        h_in[i] = (i * 2654435761u) >> 20;
    int *d_in;
    long long *d_out, h_out[2 * 128];
    cudaMalloc(&d_in, sizeof h_in);
    cudaMalloc(&d_out, sizeof h_out);
    cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
    unified<<<2, 128>>>(d_in, d_out);
    printf("unified: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < 2 * 128; i++)
        s += h_out[i] * (i % 5 + 1);
    printf("out[0] %lld, out[200] %lld, checksum %lld\n", h_out[0], h_out[200], s);
    roles<<<2, 128>>>(d_in, d_out);
    printf("roles: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    s = 0;
    for (int i = 0; i < 2 * 128; i++)
        s += h_out[i] * (i % 5 + 1);
    printf("out[0] %lld, out[40] %lld, out[255] %lld, checksum %lld\n", h_out[0], h_out[40],
           h_out[255], s);
    printf("sizeof pipeline_shared_state<block, 3>: %d\n",
           (int)sizeof(cuda::pipeline_shared_state<cuda::thread_scope_block, STAGES>));
    return 0;
}
