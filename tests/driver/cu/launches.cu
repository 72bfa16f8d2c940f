// Launch forms: macros, multi-line configurations, templates closing with
// >>>, literals and comments holding <<<.  Compiled after rewriting.
#include <stddef.h>

template <class A> struct W { A a; };
template <class A> __device__ A ident(A a) { return a; }

__global__ void k(int *p, int n) { if (p) p[0] = n; }
template <class T> __global__ void kt(T v) { (void)v; }

#define LAUNCH(kernel, n) kernel<<<(n + 31) / 32, 32>>>(nullptr, n)
#define LAUNCH_T(T, v) kt<T><<<1, 1>>>(v)

static unsigned blocks(int n) { return (unsigned)(n + 255) / 256; }
template <class T> static T id(T t) { return t; }

int main(void)
{
    cudaStream_t s = 0;
    const char *str = "k<<<1, 1>>>(nullptr, 0);";
    const char *raw = R"delim(k<<<1, 1>>>(nullptr, 0); )" )delim";
    char c = '<';
    (void)str; (void)raw; (void)c;
    /* k<<<1, 1>>>(nullptr, 0); */
    // k<<<1, 1>>>(nullptr, 0);
    W<W<W<int>>> nested;
    (void)nested;
    LAUNCH(k, 100);
    LAUNCH_T(float, 1.0f);
    LAUNCH_T(W<W<int>>, W<W<int>>{});
    k<<<dim3(blocks(1000),
             1, 1),
        dim3(256),
        0,
        s>>>(nullptr,
             1000);
    k<<<id<unsigned>(4), (1 << 5) >> 1>>>(nullptr, 1);
    k <<< 1, 1 >>> (nullptr, 2);
    kt<W<W<int>>><<<1, 1>>>(W<W<int>>{});
    if (str) k<<<1, 1>>>(nullptr, 3); else k<<<2, 1>>>(nullptr, 4);
    [] { return k<<<1, 1>>>(nullptr, 5); }();
    for (int i = 0; i < 2; i++)
        k<<<i + 1, 32, 0, s>>>(nullptr, i);
    return 0;
}
