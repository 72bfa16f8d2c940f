// common.h: helpers the cuRAND tests share: error checks, bit patterns of
// floats and doubles, and a checksum over a buffer's bytes.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CK(x)                                                                          \
    do {                                                                               \
        cudaError_t e_ = (x);                                                          \
        if (e_ != cudaSuccess) {                                                       \
            printf("CUDA error %s at line %d\n", cudaGetErrorName(e_), __LINE__);       \
            exit(1);                                                                   \
        }                                                                              \
    } while (0)

static unsigned fbits(float f)
{
    unsigned u;
    memcpy(&u, &f, 4);
    return u;
}

static unsigned long long dbits(double d)
{
    unsigned long long u;
    memcpy(&u, &d, 8);
    return u;
}

// FNV-1a over the bytes of a host buffer.
static unsigned long long fnv(const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
    unsigned long long h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

// A device buffer of n T and its host copy.
template <class T> struct Buf {
    T *d;
    T *h;
    size_t n;
    explicit Buf(size_t count) : n(count)
    {
        CK(cudaMalloc(&d, n * sizeof(T)));
        CK(cudaMemset(d, 0, n * sizeof(T)));
        // cudaMemset may return before it is done, and non-blocking
        // streams do not wait for the legacy stream: finish it here.
        CK(cudaDeviceSynchronize());
        h = (T *)calloc(n, sizeof(T));
    }
    ~Buf()
    {
        cudaFree(d);
        free(h);
    }
    T *get()
    {
        CK(cudaDeviceSynchronize());
        CK(cudaMemcpy(h, d, n * sizeof(T), cudaMemcpyDeviceToHost));
        return h;
    }
};
