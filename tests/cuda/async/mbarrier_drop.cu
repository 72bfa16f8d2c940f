// __mbarrier_arrive_and_drop lowers the expected count of the next phases
// (CUDA guide 5.6.1): after a quarter of the threads drop out, the phases
// that follow complete with the others' arrivals alone.  A thread that
// drops out does not wait: the barrier may move on by two phases before it
// would look, and its token would then belong to neither the current nor
// the preceding phase.
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
    // Phase 0: everybody.
    __mbarrier_token_t tok = __mbarrier_arrive(&bar);
    atomicAdd(&pending[0], __mbarrier_token_pending_count(tok));
    while (!__mbarrier_test_wait(&bar, tok)) {
    }
    if (t >= 48) {
        // Phase 1: arrives one last time and expects no more.
        out[t] = value[t - 48] + value[(t * 3) % N];
        (void)__mbarrier_arrive_and_drop(&bar);
        return;
    }
    int acc = 0;
    for (int p = 1; p < 5; p++) {
        tok = __mbarrier_arrive(&bar);
        while (!__mbarrier_test_wait(&bar, tok)) {
        }
        acc += value[(t + p) % N];
    }
    out[t] = acc;
}

// Threads drop out one by one, thread p in phase p.
__global__ void shrink(int *arrivals, int *phases_seen)
{
    __shared__ __mbarrier_t bar;
    const int t = threadIdx.x;
    if (t == 0)
        __mbarrier_init(&bar, 8);
    __syncthreads();
    for (int p = 0; p < 8; p++) {
        atomicAdd(&arrivals[p], 1);
        if (p == t) {
            (void)__mbarrier_arrive_and_drop(&bar);
            return;
        }
        __mbarrier_token_t tok = __mbarrier_arrive(&bar);
        while (!__mbarrier_test_wait(&bar, tok)) {
        }
        atomicAdd(&phases_seen[t], 1);
    }
}

int main()
{
    int *d_out, h_out[N];
    unsigned *d_pending, h_pending;
    int *d_arrivals, *d_seen, h_arrivals[8], h_seen[8];
    cudaMalloc(&d_out, sizeof h_out);
    cudaMalloc(&d_pending, sizeof h_pending);
    cudaMalloc(&d_arrivals, sizeof h_arrivals);
    cudaMalloc(&d_seen, sizeof h_seen);
    cudaMemset(d_pending, 0, sizeof h_pending);
    drop<<<1, N>>>(d_out, d_pending);
    printf("drop: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    cudaMemcpy(&h_pending, d_pending, sizeof h_pending, cudaMemcpyDeviceToHost);
    for (int i = 0; i < N; i += 9)
        printf("out[%d] = %d\n", i, h_out[i]);
    printf("phase 0: pending counts add up to %u\n", h_pending);

    cudaMemset(d_arrivals, 0, sizeof h_arrivals);
    cudaMemset(d_seen, 0, sizeof h_seen);
    shrink<<<1, 8>>>(d_arrivals, d_seen);
    printf("shrink: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_arrivals, d_arrivals, sizeof h_arrivals, cudaMemcpyDeviceToHost);
    cudaMemcpy(h_seen, d_seen, sizeof h_seen, cudaMemcpyDeviceToHost);
    for (int p = 0; p < 8; p++)
        printf("phase %d: %d arrivals; thread %d saw %d phases complete\n", p, h_arrivals[p], p,
               h_seen[p]);
    return 0;
}
