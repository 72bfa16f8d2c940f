// __pipeline_arrive_on (CUDA guide 5.6.2.4): the barrier's phase completes
// only once the copies each thread issued before arriving on it are done,
// so after the wait every thread may read the bytes any thread copied.
#include <cstdio>
#include <cuda_awbarrier_primitives.h>
#include <cuda_pipeline_primitives.h>

#define N 96
#define ROUNDS 5

__global__ void stage(const float4 *in, float *out)
{
    __shared__ __mbarrier_t bar;
    __shared__ float4 tile[2][N];
    const int t = threadIdx.x;
    if (t == 0)
        __mbarrier_init(&bar, N);
    __syncthreads();
    float acc = 0;
    for (int r = 0; r < ROUNDS; r++) {
        __pipeline_memcpy_async(&tile[r & 1][t], &in[r * N + t], sizeof(float4));
        __pipeline_arrive_on(&bar);
        __mbarrier_token_t tok = __mbarrier_arrive(&bar);
        while (!__mbarrier_try_wait(&bar, tok, 100000)) {
        }
        // Another thread's copy: complete because the phase is.
        float4 v = tile[r & 1][(t * 5 + r) % N];
        acc += v.x - 2 * v.y + 3 * v.z - 4 * v.w;
    }
    out[blockIdx.x * N + t] = acc;
}

// The copies of several threads feed one arrival each, across phases, with
// only some threads copying.
__global__ void partial(const int *in, int *out)
{
    __shared__ __mbarrier_t bar;
    __shared__ alignas(16) int words[64];
    const int t = threadIdx.x;
    words[2 * t] = -1;
    words[2 * t + 1] = -1;
    if (t == 0)
        __mbarrier_init(&bar, 32);
    __syncthreads();
    for (int phase = 0; phase < 2; phase++) {
        if (t % 2 == phase) {
            if (phase == 0) {
                __pipeline_memcpy_async(&words[2 * t], &in[2 * t], 8);
            } else {
                __pipeline_memcpy_async(&words[2 * t], &in[2 * t + 64], 4);
                __pipeline_memcpy_async(&words[2 * t + 1], &in[2 * t + 1], 4, 4);
            }
            __pipeline_arrive_on(&bar);
        }
        __mbarrier_token_t tok = __mbarrier_arrive(&bar);
        while (!__mbarrier_test_wait(&bar, tok)) {
        }
        out[phase * 64 + 2 * t] = words[(2 * t + 7) % 64];
        out[phase * 64 + 2 * t + 1] = words[(2 * t + 30) % 64];
        __syncthreads();
    }
}

int main()
{
    static float4 h_in[ROUNDS * N];
    for (int i = 0; i < ROUNDS * N; i++)
        h_in[i] = make_float4(i * 0.5f, i % 7, (i * 13) % 11, 1.0f / (i + 1));
    float4 *d_in;
    float *d_out, h_out[2 * N];
    cudaMalloc(&d_in, sizeof h_in);
    cudaMalloc(&d_out, sizeof h_out);
    cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
    stage<<<2, N>>>(d_in, d_out);
    printf("stage: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 2 * N; i += 23)
        printf("out[%d] = %.4f\n", i, h_out[i]);

    int h_words[128], h_res[128], *d_words, *d_res;
    for (int i = 0; i < 128; i++)
        h_words[i] = i * 101 - 7;
    cudaMalloc(&d_words, sizeof h_words);
    cudaMalloc(&d_res, sizeof h_res);
    cudaMemcpy(d_words, h_words, sizeof h_words, cudaMemcpyHostToDevice);
    partial<<<1, 32>>>(d_words, d_res);
    printf("partial: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_res, d_res, sizeof h_res, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < 128; i++)
        s += (long long)h_res[i] * (i + 1);
    printf("partial checksum %lld, res[0..3] %d %d %d %d, res[64..67] %d %d %d %d\n", s,
           h_res[0], h_res[1], h_res[2], h_res[3], h_res[64], h_res[65], h_res[66], h_res[67]);
    return 0;
}
