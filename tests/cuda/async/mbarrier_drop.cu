// __mbarrier_arrive_and_drop lowers the expected count of the next phases
// (CUDA guide 5.6.1): after a quarter of the threads drop out, the phases
// that follow complete with the others' arrivals alone.
#include <cstdio>
#include <cuda_awbarrier_primitives.h>

#define N 64

__global__ void drop(int *out, unsigned *pending)
{
    __shared__ __mbarrier_t bar;
    __shared__ int value[N];
    const int t = threadIdx.x;
    if (t == 0)
        __mbarrier_init(&bar, N);
    __syncthreads();
    value[t] = t;
    if (t >= 48) {
        // Drops out: its arrival counts for phase 0 and it expects no more.
        __mbarrier_token_t tok = __mbarrier_arrive_and_drop(&bar);
        atomicAdd(&pending[0], __mbarrier_token_pending_count(tok));
        while (!__mbarrier_test_wait(&bar, tok)) {
        }
        out[t] = value[t - 48];
        return;
    }
    int acc = 0;
    for (int p = 0; p < 4; p++) {
        __mbarrier_token_t tok = __mbarrier_arrive(&bar);
        atomicAdd(&pending[p], __mbarrier_token_pending_count(tok));
        while (!__mbarrier_test_wait(&bar, tok)) {
        }
        acc += value[(t + p) % 48];
    }
    out[t] = acc;
}

// Threads drop one by one, each in a different phase.
__global__ void shrink(int *phases_done, unsigned *pending)
{
    __shared__ __mbarrier_t bar;
    const int t = threadIdx.x;
    if (t == 0)
        __mbarrier_init(&bar, 8);
    __syncthreads();
    for (int p = 0; p < 8; p++) {
        if (p == t) {
            __mbarrier_token_t tok = __mbarrier_arrive_and_drop(&bar);
            atomicAdd(&pending[p], __mbarrier_token_pending_count(tok));
            while (!__mbarrier_test_wait(&bar, tok)) {
            }
            atomicAdd(phases_done, 1);
            return;
        }
        __mbarrier_token_t tok = __mbarrier_arrive(&bar);
        atomicAdd(&pending[p], __mbarrier_token_pending_count(tok));
        while (!__mbarrier_test_wait(&bar, tok)) {
        }
    }
}

int main()
{
    int *d_out, h_out[N];
    unsigned *d_pending, h_pending[8];
    int *d_done, h_done;
    cudaMalloc(&d_out, sizeof h_out);
    cudaMalloc(&d_pending, sizeof h_pending);
    cudaMalloc(&d_done, sizeof(int));
    cudaMemset(d_pending, 0, sizeof h_pending);
    drop<<<1, N>>>(d_out, d_pending);
    printf("drop: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    cudaMemcpy(h_pending, d_pending, sizeof h_pending, cudaMemcpyDeviceToHost);
    for (int i = 0; i < N; i += 9)
        printf("out[%d] = %d\n", i, h_out[i]);
    for (int p = 0; p < 4; p++)
        printf("phase %d: pending counts add up to %u\n", p, h_pending[p]);

    cudaMemset(d_pending, 0, sizeof h_pending);
    cudaMemset(d_done, 0, sizeof(int));
    shrink<<<1, 8>>>(d_done, d_pending);
    printf("shrink: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_pending, d_pending, sizeof h_pending, cudaMemcpyDeviceToHost);
    cudaMemcpy(&h_done, d_done, sizeof h_done, cudaMemcpyDeviceToHost);
    printf("threads that saw their drop phase complete: %d\n", h_done);
    for (int p = 0; p < 8; p++)
        printf("phase %d: pending counts add up to %u\n", p, h_pending[p]);
    return 0;
}
