// The spec's second example, "1D TMA load of two buffers with barrier phase
// parity check (sm90+)" (cuda-barrier.txt), unmodified, then the same
// kernel with a check of the loaded data in place of "process data in
// smem", and with the replacement the spec suggests for wait_parity:
// a loop over cuda::ptx::mbarrier_try_wait_parity.
#include <cstdio>
#include <cuda/barrier>
#include <cuda/ptx>

// CUDA 13.0's libcu++ (CCCL 3.0) does not have cuda::ptx::elect_sync yet,
// which the spec's example uses; this is the definition later versions have.
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

// ---- the example, as the spec gives it ----
// selects a single leader thread from the block
__device__ bool elect_one() {
  // elect_sync is important to help the optimizer generate a uniform datapath
  return cuda::ptx::elect_sync(~0) && threadIdx.x < 32;
}

__global__ void example_kernel(int* gmem1, double* gmem2) {
  constexpr int tile_size = 1024;
  __shared__ alignas(16) int smem1[tile_size];
  __shared__ alignas(16) double smem2[tile_size];

  #pragma nv_diag_suppress static_var_with_dynamic_init
  using barrier_t = cuda::barrier<cuda::thread_scope_block>;
  __shared__ barrier_t bar;

  // setup the barrier where only the leader thread arrives
  if (elect_one()) {
    init(&bar, 1);

    // issue two TMA bulk copy operations
    cuda::device::memcpy_async_tx(smem1, gmem1, cuda::aligned_size_t<16>(tile_size * sizeof(int) ), bar);
    cuda::device::memcpy_async_tx(smem2, gmem2, cuda::aligned_size_t<16>(tile_size * sizeof(double)), bar);

    // arrive and update the barrier's expect_tx with the **total** number of loaded bytes
    (void)cuda::device::barrier_arrive_tx(bar, 1, tile_size * (sizeof(int) + sizeof(double)));
  }

  __syncthreads(); // need to sync so the barrier is set up when the other threads arrive and wait

  // wait for the current barrier phase to complete
  bar.wait_parity(0);

  // process data in smem ...
}
// ---- end of the example ----

template <bool Ptx>
__global__ void checked_kernel(int* gmem1, double* gmem2, long long* out) {
  constexpr int tile_size = 1024;
  __shared__ alignas(16) int smem1[tile_size];
  __shared__ alignas(16) double smem2[tile_size];
  using barrier_t = cuda::barrier<cuda::thread_scope_block>;
  __shared__ barrier_t bar;
  if (elect_one()) {
    init(&bar, 1);
    cuda::device::memcpy_async_tx(smem1, gmem1, cuda::aligned_size_t<16>(tile_size * sizeof(int) ), bar);
    cuda::device::memcpy_async_tx(smem2, gmem2, cuda::aligned_size_t<16>(tile_size * sizeof(double)), bar);
    (void)cuda::device::barrier_arrive_tx(bar, 1, tile_size * (sizeof(int) + sizeof(double)));
  }
  __syncthreads();
  if (Ptx) {
    while (!cuda::ptx::mbarrier_try_wait_parity(cuda::device::barrier_native_handle(bar), 0))
      ;
  } else {
    bar.wait_parity(0);
  }
  long long s = 0;
  for (int i = threadIdx.x; i < tile_size; i += blockDim.x)
    s += smem1[i] * (long long)(i % 13 + 1) + (long long)smem2[i];
  atomicAdd((unsigned long long *)out, (unsigned long long)s);
}

int main()
{
    const int tile = 1024;
    static int h1[tile];
    static double h2[tile];
    for (int i = 0; i < tile; i++) {
        h1[i] = i * 3 - 500;
        h2[i] = i * 0.25 + 2;
    }
    int *g1;
    double *g2;
    long long *d_out, h_out = 0;
    cudaMalloc(&g1, sizeof h1);
    cudaMalloc(&g2, sizeof h2);
    cudaMalloc(&d_out, sizeof h_out);
    cudaMemcpy(g1, h1, sizeof h1, cudaMemcpyHostToDevice);
    cudaMemcpy(g2, h2, sizeof h2, cudaMemcpyHostToDevice);
    example_kernel<<<4, 128>>>(g1, g2);
    printf("example: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemset(d_out, 0, sizeof h_out);
    checked_kernel<false><<<3, 256>>>(g1, g2, d_out);
    printf("wait_parity: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(&h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    printf("checksum over 3 blocks: %lld\n", h_out);
    cudaMemset(d_out, 0, sizeof h_out);
    checked_kernel<true><<<3, 256>>>(g1, g2, d_out);
    printf("mbarrier_try_wait_parity: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(&h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    printf("checksum over 3 blocks: %lld\n", h_out);
    return 0;
}
