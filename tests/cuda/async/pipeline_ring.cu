// Software pipelines of 2, 3 and 4 stages with __pipeline_wait_prior (CUDA
// guide 5.6.2.3): each thread keeps STAGES copies in flight through a ring
// of shared-memory buffers, waiting with wait_prior(STAGES - 1) for the
// oldest batch before it reads it.  The same loop through
// cuda::pipeline<cuda::thread_scope_thread>, and nvcuda::experimental's
// pipeline class, give the same sums.
#include <cstdio>
#include <cuda_pipeline.h>
#include <cuda/pipeline>

#define THREADS 64
#define STEPS 40

template <int STAGES>
__global__ void ring(const int4 *in, long long *out)
{
    __shared__ int4 buf[STAGES][THREADS];
    const int t = threadIdx.x;
    long long acc = 0;
    // Prologue: STAGES - 1 batches in flight.
    for (int s = 0; s < STAGES - 1; s++) {
        __pipeline_memcpy_async(&buf[s][t], &in[s * THREADS + t], sizeof(int4));
        __pipeline_commit();
    }
    for (int i = 0; i < STEPS; i++) {
        int next = i + STAGES - 1;
        if (next < STEPS)
            __pipeline_memcpy_async(&buf[next % STAGES][t], &in[next * THREADS + t], sizeof(int4));
        __pipeline_commit(); // an empty batch at the end keeps the count
        __pipeline_wait_prior(STAGES - 1);
        int4 v = buf[i % STAGES][t];
        acc += (long long)(v.x + 3 * v.y + 5 * v.z + 7 * v.w) * (i + 1);
    }
    out[blockIdx.x * THREADS + t] = acc;
}

template <int STAGES>
__global__ void ring_cuda_pipeline(const int4 *in, long long *out)
{
    __shared__ int4 buf[STAGES][THREADS];
    const int t = threadIdx.x;
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    long long acc = 0;
    for (int s = 0; s < STAGES - 1; s++) {
        pipe.producer_acquire();
        cuda::memcpy_async(&buf[s][t], &in[s * THREADS + t], sizeof(int4), pipe);
        pipe.producer_commit();
    }
    for (int i = 0; i < STEPS; i++) {
        int next = i + STAGES - 1;
        pipe.producer_acquire();
        if (next < STEPS)
            cuda::memcpy_async(&buf[next % STAGES][t], &in[next * THREADS + t],
                               cuda::aligned_size_t<16>(sizeof(int4)), pipe);
        pipe.producer_commit();
        cuda::pipeline_consumer_wait_prior<STAGES - 1>(pipe);
        int4 v = buf[i % STAGES][t];
        acc += (long long)(v.x + 3 * v.y + 5 * v.z + 7 * v.w) * (i + 1);
        pipe.consumer_release();
    }
    out[blockIdx.x * THREADS + t] = acc;
}

__global__ void ring_experimental(const int4 *in, long long *out)
{
    __shared__ int4 buf[2][THREADS];
    const int t = threadIdx.x;
    nvcuda::experimental::pipeline pipe;
    long long acc = 0;
    nvcuda::experimental::memcpy_async(buf[0][t], in[t], pipe);
    pipe.commit();
    for (int i = 0; i < STEPS; i++) {
        if (i + 1 < STEPS) {
            nvcuda::experimental::memcpy_async(buf[(i + 1) % 2][t], in[(i + 1) * THREADS + t], pipe);
            pipe.commit();
            pipe.wait_prior<1>();
        } else {
            pipe.commit_and_wait();
        }
        int4 v = buf[i % 2][t];
        acc += (long long)(v.x + 3 * v.y + 5 * v.z + 7 * v.w) * (i + 1);
    }
    out[blockIdx.x * THREADS + t] = acc;
}

static long long total(const long long *d, int n)
{
    long long h[2 * THREADS], s = 0;
    cudaMemcpy(h, d, n * sizeof(long long), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        s += h[i] * (i % 7 + 1);
    return s;
}

int main()
{
    static int4 h_in[STEPS * THREADS];
    for (int i = 0; i < STEPS * THREADS; i++)
        h_in[i] = make_int4(i, i * 3 + 1, i ^ 0x55, 1000 - i);
    int4 *d_in;
    long long *d_out;
    cudaMalloc(&d_in, sizeof h_in);
    cudaMalloc(&d_out, 2 * THREADS * sizeof(long long));
    cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
    ring<2><<<2, THREADS>>>(d_in, d_out);
    printf("primitives, 2 stages: %lld\n", total(d_out, 2 * THREADS));
    ring<3><<<2, THREADS>>>(d_in, d_out);
    printf("primitives, 3 stages: %lld\n", total(d_out, 2 * THREADS));
    ring<4><<<2, THREADS>>>(d_in, d_out);
    printf("primitives, 4 stages: %lld\n", total(d_out, 2 * THREADS));
    ring_cuda_pipeline<2><<<2, THREADS>>>(d_in, d_out);
    printf("cuda::pipeline, 2 stages: %lld\n", total(d_out, 2 * THREADS));
    ring_cuda_pipeline<3><<<2, THREADS>>>(d_in, d_out);
    printf("cuda::pipeline, 3 stages: %lld\n", total(d_out, 2 * THREADS));
    ring_cuda_pipeline<4><<<2, THREADS>>>(d_in, d_out);
    printf("cuda::pipeline, 4 stages: %lld\n", total(d_out, 2 * THREADS));
    ring_experimental<<<2, THREADS>>>(d_in, d_out);
    printf("nvcuda::experimental::pipeline: %lld\n", total(d_out, 2 * THREADS));
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
