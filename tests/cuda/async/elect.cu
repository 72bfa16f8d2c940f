// cuda::ptx::elect_sync: which lane of the mask is elected, for several
// masks (every lane of a mask calls it).
#include <cstdio>
#include <cuda/ptx>

// CUDA 13.0's libcu++ (CCCL 3.0) does not have cuda::ptx::elect_sync yet;
// this is the definition later versions have.
#if !defined(__SIMT__) && !__has_include(<cuda/__ptx/instructions/generated/elect_sync.h>)
namespace cuda {
namespace ptx {
__device__ static inline bool elect_sync(const unsigned &membermask)
{
    unsigned is_elected;
    asm volatile("{\n\t .reg .pred P_OUT; \n\t"
                 "elect.sync _|P_OUT, %1; \n\t"
                 "selp.b32 %0, 1, 0, P_OUT; \n"
                 "}"
                 : "=r"(is_elected)
                 : "r"(membermask)
                 :);
    return static_cast<bool>(is_elected);
}
} // namespace ptx
} // namespace cuda
#endif

__global__ void elect(const unsigned *masks, unsigned *out)
{
    const unsigned lane = threadIdx.x % 32;
    for (int m = 0; m < 5; m++) {
        unsigned mask = masks[m];
        unsigned bit = 0;
        if (mask >> lane & 1)
            bit = cuda::ptx::elect_sync(mask) ? 1u << lane : 0;
        atomicOr(&out[m], bit);
    }
}

int main()
{
    unsigned h_masks[5] = {0xffffffffu, 0xaaaaaaaau, 0x00f0f000u, 0x80000001u, 0x00000100u};
    unsigned *d_masks, *d_out, h_out[5];
    cudaMalloc(&d_masks, sizeof h_masks);
    cudaMalloc(&d_out, sizeof h_out);
    cudaMemcpy(d_masks, h_masks, sizeof h_masks, cudaMemcpyHostToDevice);
    cudaMemset(d_out, 0, sizeof h_out);
    elect<<<1, 32>>>(d_masks, d_out);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    for (int m = 0; m < 5; m++)
        printf("mask %08x: elected %08x\n", h_masks[m], h_out[m]);
    return 0;
}
