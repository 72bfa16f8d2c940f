// cub_test.h: what the CUB tests share: error reporting, digests of
// device arrays, and CUB's two-call protocol (a size query, then the run)
// with the checks a program can make portably: the query succeeds and
// asks for some storage (never how much: that differs between
// implementations).
#ifndef CUB_TEST_H
#define CUB_TEST_H

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#define CK(x)                                                                  \
    do {                                                                       \
        cudaError_t e_ = (x);                                                  \
        if (e_ != cudaSuccess)                                                 \
            printf("line %d: %s returned %d\n", __LINE__, #x, (int)e_);        \
    } while (0)

// FNV-1a over the bytes of n values.
template <class T> static uint64_t digest_host(const T *p, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    const unsigned char *b = (const unsigned char *)p;
    for (size_t i = 0; i < n * sizeof(T); i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

template <class T> static std::vector<T> fetch(const T *d, size_t n)
{
    std::vector<T> h(n);
    if (n)
        cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
    return h;
}

template <class T> static uint64_t digest(const T *d, size_t n)
{
    std::vector<T> h = fetch(d, n);
    return digest_host(h.data(), n);
}

template <class T> static T *upload(const std::vector<T> &h)
{
    T *d = nullptr;
    cudaMalloc(&d, (h.size() ? h.size() : 1) * sizeof(T));
    if (h.size())
        cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
    return d;
}

// Temporary storage of the size a query returned.
static void *temp_for(size_t bytes)
{
    void *p = nullptr;
    cudaMalloc(&p, bytes);
    return p;
}

// FNV-1a over the values, each widened to 64 bits (not over their bytes).
template <class T> static unsigned long long digest_values(const std::vector<T> &v)
{
    unsigned long long h = 1469598103934665603ull;
    for (const T &x : v) {
        h ^= (unsigned long long)(long long)x;
        h *= 1099511628211ull;
    }
    return h;
}

template <class T> static T get1(const T *d, size_t i = 0)
{
    T v;
    cudaMemcpy(&v, d + i, sizeof(T), cudaMemcpyDeviceToHost);
    return v;
}

// A deterministic pseudo-random sequence (64-bit LCG, high bits).
struct lcg {
    uint64_t s;
    explicit lcg(uint64_t seed) : s(seed) {}
    uint32_t next()
    {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        return (uint32_t)(s >> 32);
    }
};

// Runs a CUB algorithm as programs do: f(d_temp, bytes) once with
// d_temp == nullptr, then with storage of that size; prints `what` with
// the status of both calls and whether any storage was asked for.
template <class F> static cudaError_t cub_call(const char *what, F f, cudaStream_t s = 0)
{
    void *d_temp = nullptr;
    size_t bytes = 0;
    cudaError_t q = f(d_temp, bytes);
    cudaMalloc(&d_temp, bytes ? bytes : 1);
    cudaError_t r = f(d_temp, bytes);
    cudaStreamSynchronize(s);
    cudaFree(d_temp);
    printf("%s: query %d, bytes>0 %d, run %d\n", what, (int)q, bytes > 0, (int)r);
    return r;
}

#endif
