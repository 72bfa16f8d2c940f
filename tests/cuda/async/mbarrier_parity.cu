// Phase parity (CUDA guide 5.6.1): test_wait_parity(p) is true when p is
// the parity of the immediately preceding phase.  One thread walks a
// barrier expecting one arrival through eight phases; a second barrier
// expecting two arrivals shows try_wait and try_wait_parity giving up
// while a phase lacks an arrival and succeeding once it has it.
#include <cstdio>
#include <cuda_awbarrier_primitives.h>

__global__ void walk(int *log)
{
    __shared__ __mbarrier_t bar;
    __shared__ __mbarrier_t two;
    int n = 0;
    __mbarrier_init(&bar, 1);
    for (int p = 0; p < 8; p++) {
        log[n++] = __mbarrier_test_wait_parity(&bar, false);
        log[n++] = __mbarrier_test_wait_parity(&bar, true);
        __mbarrier_token_t tok = __mbarrier_arrive(&bar);
        log[n++] = __mbarrier_test_wait(&bar, tok);
        log[n++] = __mbarrier_test_wait_parity(&bar, false);
        log[n++] = __mbarrier_test_wait_parity(&bar, true);
        log[n++] = __mbarrier_try_wait_parity(&bar, p & 1, 1000);
    }
    __mbarrier_init(&two, 2);
    __mbarrier_token_t tok = __mbarrier_arrive(&two);
    log[n++] = __mbarrier_try_wait(&two, tok, 1000);      // one arrival missing
    log[n++] = __mbarrier_try_wait_parity(&two, 0, 1000); // phase 0 not done
    log[n++] = __mbarrier_try_wait_parity(&two, 1, 1000); // "phase -1" counts as done
    __mbarrier_token_t tok2 = __mbarrier_arrive(&two);
    log[n++] = __mbarrier_try_wait(&two, tok, 1000);
    log[n++] = __mbarrier_try_wait(&two, tok2, 1000);
    log[n++] = __mbarrier_try_wait_parity(&two, 0, 1000);
    log[n++] = __mbarrier_test_wait_parity(&two, 1);
    __mbarrier_inval(&two);
    __mbarrier_inval(&bar);
    log[n++] = -1;
}

int main()
{
    int *d, h[64];
    cudaMalloc(&d, sizeof h);
    cudaMemset(d, 0xff, sizeof h);
    walk<<<1, 1>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int p = 0; p < 8; p++) {
        const int *r = h + p * 6;
        printf("phase %d: before parity0=%d parity1=%d; after token=%d parity0=%d parity1=%d "
               "try_parity(%d)=%d\n", p, r[0], r[1], r[2], r[3], r[4], p & 1, r[5]);
    }
    const int *r = h + 48;
    printf("two: try_wait=%d try_parity0=%d try_parity1=%d; after second arrival: "
           "try_wait=%d,%d try_parity0=%d test_parity1=%d end=%d\n",
           r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]);
    return 0;
}
