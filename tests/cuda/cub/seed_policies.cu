// CUB's dispatch-layer document's example of policy chains: a kernel
// instantiated on each ActivePolicy against one instantiated on MaxPolicy,
// both launched with the policy the device's compute capability selects
// (unmodified).
#include <cuda/std/type_traits>
#include <cstdio>

/// In device code, CUB_PTX_ARCH expands to the PTX version for which we are
/// compiling. In host code, CUB_PTX_ARCH's value is implementation defined.
#ifndef CUB_PTX_ARCH
#  if !defined(__CUDA_ARCH__)
#    define CUB_PTX_ARCH 0
#  else
#    define CUB_PTX_ARCH __CUDA_ARCH__
#  endif
#endif

template <int PTXVersion, typename Policy, typename PrevPolicy>
struct ChainedPolicy {
  static constexpr int cc = PTXVersion;
  using ActivePolicy = ::cuda::std::conditional_t<CUB_PTX_ARCH < PTXVersion, PrevPolicy, Policy>;
  using PrevPolicyT = PrevPolicy;
  using PolicyT = Policy;
};

template <int PTXVersion, typename Policy>
struct ChainedPolicy<PTXVersion, Policy, Policy> {
  static constexpr int cc = PTXVersion;
  using ActivePolicy = Policy;
  using PrevPolicyT = Policy;
  using PolicyT = Policy;
};

struct sm60 : ChainedPolicy<600, sm60, sm60> { static constexpr int BLOCK_THREADS = 256; };
struct sm70 : ChainedPolicy<700, sm70, sm60> { static constexpr int BLOCK_THREADS = 512; };
struct sm80 : ChainedPolicy<800, sm80, sm70> { static constexpr int BLOCK_THREADS = 768; };
struct sm90 : ChainedPolicy<900, sm90, sm80> { static constexpr int BLOCK_THREADS = 1024; };

using MaxPolicy = sm90;

// Kernel instantiated with ActivePolicy
template <typename ActivePolicy>
__launch_bounds__(ActivePolicy::BLOCK_THREADS) __global__ void bad_kernel() {
  if (threadIdx.x == 0) {
    std::printf("launch bounds %d; block threads %d\n", ActivePolicy::BLOCK_THREADS, blockDim.x);
  }
}

// Kernel instantiated with MaxPolicy
template <typename MaxPolicy>
__launch_bounds__(MaxPolicy::ActivePolicy::BLOCK_THREADS) __global__ void good_kernel() {
  if (threadIdx.x == 0) {
    std::printf("launch bounds %d; block threads %d\n", MaxPolicy::ActivePolicy::BLOCK_THREADS, blockDim.x);
  }
}

// Function to dispatch kernel with the correct ActivePolicy
template <typename T>
void invoke_with_best_policy_bad(int runtime_cc) {
  if (runtime_cc < T::cc) {
    invoke_with_best_policy_bad<typename T::PrevPolicyT>(runtime_cc);
  } else {
    bad_kernel<typename T::PolicyT><<<1, T::PolicyT::BLOCK_THREADS>>>();
  }
}

// Function to dispatch kernel with the correct MaxPolicy
template <typename T>
void invoke_with_best_policy_good(int runtime_cc) {
  if (runtime_cc < T::cc) {
    invoke_with_best_policy_good<typename T::PrevPolicyT>(runtime_cc);
  } else {
    good_kernel<MaxPolicy><<<1, T::PolicyT::BLOCK_THREADS>>>();
  }
}

void call_kernel() {
  cudaDeviceProp deviceProp;
  cudaGetDeviceProperties(&deviceProp, 0);
  int runtime_cc = deviceProp.major * 100 + deviceProp.minor * 10;
  std::printf("runtime cc %d\n", runtime_cc);
  invoke_with_best_policy_bad<MaxPolicy>(runtime_cc);
  invoke_with_best_policy_good<MaxPolicy>(runtime_cc);
}

int main() {
  call_kernel();
  cudaDeviceSynchronize();
}
