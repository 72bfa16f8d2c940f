/*
 * launch.h: launches a GPUVerify test kernel with the dimensions its header
 * states, whatever its parameters: a pointer gets a zeroed device buffer
 * (large enough for any thread's element), a number the value the harness
 * passes (1 unless tests/gpuverify/expect gives another), a structure one
 * zeroed device buffer in each of its pointer-sized words (the suite's
 * structures hold pointers to arrays), an MTGP32 state pointer states
 * that name their parameters.  Cooperative launches for kernels that use
 * the grid group.
 */
#ifndef SIMT_GPUVERIFY_LAUNCH_H
#define SIMT_GPUVERIFY_LAUNCH_H

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>

namespace gv {

static size_t buf_bytes = 1 << 20;
static long long values[16];
static bool given[16];

static void *buffer()
{
    void *p = nullptr;
    if (cudaMalloc(&p, buf_bytes) != cudaSuccess) {
        std::printf("gv: cudaMalloc of %zu bytes failed\n", buf_bytes);
        std::exit(3);
    }
    cudaMemset(p, 0, buf_bytes);
    return p;
}

/* MTGP32 states, each naming its parameter set in a zeroed table (what
 * the kernels do with the values does not matter, only where they read
 * and write). */
static curandStateMtgp32_t *mtgp32_states()
{
    auto *s = static_cast<curandStateMtgp32_t *>(buffer());
    auto *k = static_cast<mtgp32_kernel_params_t *>(buffer());
    for (int i = 0; i < CURAND_NUM_MTGP32_PARAMS && (i + 1) * sizeof *s <= buf_bytes; i++) {
        curandStateMtgp32_t h{};
        h.pIdx = i;
        h.k = k;
        cudaMemcpy(&s[i], &h, sizeof h, cudaMemcpyHostToDevice);
    }
    return s;
}

template <class T>
static T make(int i)
{
    if constexpr (std::is_same_v<T, curandStateMtgp32_t *>) {
        return mtgp32_states();
    } else if constexpr (std::is_pointer_v<T>) {
        return reinterpret_cast<T>(buffer());
    } else if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T>) {
        return static_cast<T>(i < 16 && given[i] ? values[i] : 1);
    } else {
        static_assert(std::is_trivially_copyable_v<T>, "a parameter gv cannot make");
        T v;
        __builtin_memset(static_cast<void *>(&v), 0, sizeof v);
        for (size_t off = 0; off + sizeof(void *) <= sizeof v; off += sizeof(void *)) {
            void *p = buffer();
            __builtin_memcpy(reinterpret_cast<char *>(&v) + off, &p, sizeof p);
        }
        return v;
    }
}

template <class... P, size_t... I>
static void launch_with(void (*k)(P...), const char *name, dim3 g, dim3 b, bool coop,
                        std::index_sequence<I...>)
{
    std::tuple<std::decay_t<P>...> args{make<std::decay_t<P>>((int)I)...};
    void *argv[sizeof...(P) + 1] = {static_cast<void *>(&std::get<I>(args))..., nullptr};
    cudaError_t e = coop ? cudaLaunchCooperativeKernel((const void *)k, g, b, argv, 0, 0)
                         : cudaLaunchKernel((const void *)k, g, b, argv, 0, 0);
    cudaError_t s = cudaDeviceSynchronize();
    std::printf("gv: %s <<<(%u,%u,%u), (%u,%u,%u)>>>: %s, %s\n", name, g.x, g.y, g.z, b.x, b.y,
                b.z, cudaGetErrorName(e), cudaGetErrorName(s));
}

template <class... P>
static void launch(void (*k)(P...), const char *name, dim3 g, dim3 b, bool coop)
{
    launch_with(k, name, g, b, coop, std::index_sequence_for<P...>{});
}

} // namespace gv

#endif
