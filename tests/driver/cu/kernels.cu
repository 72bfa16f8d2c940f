// Kernel definitions in every form the rewriter handles; compiled by
// tests/driver/run.sh after rewriting (g++ -fsyntax-only, and simtcc -c).
#include <stddef.h>

#define BLOCK 128
#define KERNEL_BOUNDS __launch_bounds__(BLOCK, 2)

__global__ void plain(int *p, int n) { p[0] = n; }
__global__ void decl_only(float *);
static __global__ void with_static(void) {}
extern "C" __global__ void with_c_linkage(int) {}
__global__ void KERNEL_BOUNDS bounded(float *out) { out[0] = 1.0f; }
__launch_bounds__(256) __global__ void bounded_before(void) {}
__global__ void __cluster_dims__(2, 1, 1) clustered(int *) {}
__global__ __maxnreg__(32) void regs(void) {}
void __global__ after_return_type(void) {}
__global__ __attribute__((noinline)) void attributed(int) {}
__global__ void defaults(int *p, int n = 3, float f = 1.5f) { p[0] = n + (int)f; }
__global__ void unnamed(int, float *, const char *) {}

namespace ns {
__global__ void in_namespace(int *p);
template <class T> __global__ void tmpl_in_namespace(T *p) { p[0] = T(); }
}
__global__ void ns::in_namespace(int *p) { p[0] = 2; }

template <typename T, int N = 4>
__global__ void primary(T *p) { p[0] = (T)N; }

template <> __global__ void primary<double, 4>(double *p) { p[0] = 8; }
template __global__ void primary<float, 2>(float *);

template <class T, class... Ts>
__global__ void pack(T *out, Ts... ts) { *out = (T)sizeof...(ts); }

template <class T, typename = void, int = 0>
__global__ void unnamed_tparams(T *p) { p[0] = T(); }

template <template <class> class Box, class T>
__global__ void template_template(Box<T> b) { (void)b; }

template <class T> struct box { T v; };

struct S { int a, b; };
__global__ void by_value(S s, box<int> b) { (void)s; (void)b; }

void launch_all(void)
{
    int *d = NULL;
    float *f = NULL;
    plain<<<1, 32>>>(d, 4);
    decl_only<<<dim3(2, 2), dim3(8, 8)>>>(f);
    with_static<<<1, 1>>>();
    with_c_linkage<<<1, 1, 0>>>(3);
    bounded<<<1, BLOCK, 0, 0>>>(f);
    bounded_before<<<1, 256>>>();
    clustered<<<2, 1>>>(d);
    regs<<<1, 1>>>();
    after_return_type<<<1, 1>>>();
    attributed<<<1, 1>>>(1);
    defaults<<<1, 1>>>(d);
    unnamed<<<1, 1>>>(1, f, "x");
    ns::in_namespace<<<1, 1>>>(d);
    ns::tmpl_in_namespace<int><<<1, 1>>>(d);
    ns::tmpl_in_namespace<<<1, 1>>>(f);
    primary<float><<<1, 1>>>(f);
    primary<double, 4><<<1, 1>>>((double *)NULL);
    pack<float, int, char><<<1, 1>>>(f, 1, 'c');
    pack<<<1, 1>>>(d, 1.0, 2u);
    unnamed_tparams<int><<<1, 1>>>(d);
    template_template<box, int><<<1, 1>>>(box<int>{1});
    by_value<<<1, 1>>>(S{1, 2}, box<int>{3});
    void (*fp)(int *, int) = plain;
    (*fp)<<<1, 1>>>(d, 1);
    fp<<<1, 1>>>(d, 2);
    struct { void (*k)(int *, int); } holder = {plain};
    holder.k<<<1, 1>>>(d, 3);
}
