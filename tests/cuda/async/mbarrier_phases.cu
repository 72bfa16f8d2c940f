// Multi-phase exchanges through one mbarrier (CUDA guide 5.6.1): each phase
// every thread publishes a value, arrives, waits for the phase with its
// token and reads its neighbours' values.  A token of the preceding phase
// stays complete; the pending counts the tokens carry add up per phase.
#include <cstdio>
#include <cuda_awbarrier_primitives.h>

#define N 128
#define PHASES 6

__global__ void exchange(int *out, unsigned *pending)
{
    __shared__ __mbarrier_t bar;
    __shared__ int slot[2][N];
    const int t = threadIdx.x;
    if (t == 0)
        __mbarrier_init(&bar, N);
    __syncthreads();
    int acc = 0;
    for (int p = 0; p < PHASES; p++) {
        slot[p & 1][t] = t * 7 + p * 1000;
        __mbarrier_token_t tok = __mbarrier_arrive(&bar);
        atomicAdd(&pending[p], __mbarrier_token_pending_count(tok));
        while (!__mbarrier_test_wait(&bar, tok)) {
        }
        acc += slot[p & 1][(t + 1) % N] + slot[p & 1][(t + N - 1) % N];
        // The phase stays complete: the next one needs this thread too.
        if (!__mbarrier_test_wait(&bar, tok))
            acc += 1000000;
    }
    out[blockIdx.x * N + t] = acc; // both blocks compute the same
}

// A block of 40 threads: a full warp and a warp of 8 lanes.
__global__ void partial_warps(unsigned *pending)
{
    __shared__ __mbarrier_t bar;
    if (threadIdx.x == 0)
        __mbarrier_init(&bar, blockDim.x);
    __syncthreads();
    for (int p = 0; p < 3; p++) {
        __mbarrier_token_t tok = __mbarrier_arrive(&bar);
        atomicAdd(&pending[p], __mbarrier_token_pending_count(tok));
        while (!__mbarrier_test_wait(&bar, tok)) {
        }
    }
}

int main()
{
    int *d_out, h_out[N];
    unsigned *d_pending, h_pending[PHASES];
    cudaMalloc(&d_out, 2 * sizeof h_out);
    cudaMalloc(&d_pending, sizeof h_pending);
    cudaMemset(d_pending, 0, sizeof h_pending);
    exchange<<<2, N>>>(d_out, d_pending);
    cudaError_t err = cudaDeviceSynchronize();
    cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    cudaMemcpy(h_pending, d_pending, sizeof h_pending, cudaMemcpyDeviceToHost);
    printf("launch: %s\n", cudaGetErrorName(err));
    printf("__mbarrier_maximum_count() = %u\n", __mbarrier_maximum_count());
    long long sum = 0;
    for (int i = 0; i < N; i++)
        sum += h_out[i];
    printf("thread 0: %d, thread 77: %d, sum %lld\n", h_out[0], h_out[77], sum);
    for (int p = 0; p < PHASES; p++)
        printf("phase %d: token pending counts add up to %u\n", p, h_pending[p]);
    cudaMemset(d_pending, 0, sizeof h_pending);
    partial_warps<<<1, 40>>>(d_pending);
    printf("partial warps: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_pending, d_pending, sizeof h_pending, cudaMemcpyDeviceToHost);
    printf("40 threads: token pending counts add up to %u %u %u\n", h_pending[0], h_pending[1],
           h_pending[2]);
    return 0;
}
