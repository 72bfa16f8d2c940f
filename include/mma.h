/*
 * mma.h: warp matrix functions, namespace nvcuda::wmma (CUDA guide, "Warp
 * Matrix Functions"): fragments, fill_fragment, load_matrix_sync,
 * store_matrix_sync, mma_sync and __float_to_tf32; and the experimental
 * 4-bit (u4, s4) and 1-bit (b1, bmma_sync) types.
 *
 * A fragment's layout across the lanes of a warp is unspecified in CUDA:
 * programs may only touch x[] element-wise, the same way in every lane.
 * Here every lane's fragment holds the whole tile (num_elements is the tile
 * size), and each *_sync call computes the whole result in each lane.  The
 * lanes of a warp run on one worker, one at a time, so their stores of
 * identical values never race.
 *
 * The loads and stores are warp rendezvous (__syncwarp), as on a GPU, where
 * each waits for every lane: a program may fill a tile in shared memory
 * lane by lane and load it at once.  mma_sync computes from lane-private
 * fragments and needs no rendezvous; since the lanes of a warp compute the
 * same product one after another, a worker keeps its latest products and a
 * lane whose inputs match a kept one copies its result instead.
 *
 * Arithmetic: half, bfloat16 and tf32 inputs multiply and accumulate in
 * float, doubles in double, 8-bit and 4-bit integers exactly (satf clamps
 * the result to int32, else it wraps).  tf32 inputs that are not tf32
 * values lose their low 13 mantissa bits (truncation, as an H100's tensor
 * cores do; the guide asks programs to round them with __float_to_tf32
 * first).  A half accumulator is rounded from the float sum.
 */
#ifndef SIMT_MMA_H
#define SIMT_MMA_H
#pragma GCC system_header

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <type_traits>
#include "cuda_fp16.h"
#include "cuda_bf16.h"
#include "simt/lang/warp.hpp"

namespace nvcuda {
namespace wmma {

struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;

namespace precision {
struct tf32;
}
namespace experimental {
namespace precision {
struct u4; /* 4-bit unsigned */
struct s4; /* 4-bit signed */
struct b1; /* 1 bit */
}
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
}

enum layout_t { mem_row_major, mem_col_major };

/* cvt.rna.tf32.f32: the float rounded to 10 mantissa bits, ties away from
 * zero; infinities and NaNs pass unchanged. */
static inline float __float_to_tf32(float in)
{
    uint32_t u;
    memcpy(&u, &in, 4);
    if ((u & 0x7f800000u) != 0x7f800000u)
        u = (u + 0x1000u) & 0xffffe000u;
    float r;
    memcpy(&r, &u, 4);
    return r;
}

template <typename T> struct helper_traits {
    typedef T element_type;
    typedef T storage_element_type;
    typedef T fill_argument_type;
};
template <> struct helper_traits<precision::tf32> {
    typedef precision::tf32 element_type;
    typedef float storage_element_type;
    typedef float fill_argument_type;
};
/* Sub-byte elements are packed, 8 (4-bit) or 32 (1-bit) to a word. */
template <> struct helper_traits<experimental::precision::u4> {
    typedef experimental::precision::u4 element_type;
    typedef unsigned storage_element_type;
    typedef unsigned fill_argument_type;
};
template <> struct helper_traits<experimental::precision::s4> {
    typedef experimental::precision::s4 element_type;
    typedef int storage_element_type;
    typedef int fill_argument_type;
};
template <> struct helper_traits<experimental::precision::b1> {
    typedef experimental::precision::b1 element_type;
    typedef unsigned storage_element_type;
    typedef unsigned fill_argument_type;
};

/* fill_fragment's storage word: the value, or a packed word repeating it. */
template <typename FragEleType, typename StorageType, typename ArgType>
static inline StorageType __get_storage_value(ArgType in)
{
    return in;
}
template <>
inline unsigned __get_storage_value<experimental::precision::u4, unsigned, unsigned>(unsigned in)
{
    return (in & 0xfu) * 0x11111111u;
}
template <> inline int __get_storage_value<experimental::precision::s4, int, int>(int in)
{
    return (int)(((unsigned)in & 0xfu) * 0x11111111u);
}
template <>
inline unsigned __get_storage_value<experimental::precision::b1, unsigned, unsigned>(unsigned in)
{
    return in & 1u ? 0xffffffffu : 0u;
}

template <typename T, int size, int packed_size = size> struct __align__(16) __frag_base {
    enum { num_elements = size };
    enum { num_storage_elements = packed_size };
    typedef T element_type;
    typedef typename helper_traits<T>::storage_element_type storage_element_type;
    storage_element_type x[num_storage_elements];
};

template <typename FragEleType, int size, int packed_size>
static inline void fill_fragment(__frag_base<FragEleType, size, packed_size> &f,
                                 const typename helper_traits<FragEleType>::fill_argument_type &in)
{
    typedef typename helper_traits<FragEleType>::storage_element_type storage_type;
    storage_type v = __get_storage_value<FragEleType, storage_type>(in);
    for (int i = 0; i < packed_size; i++)
        f.x[i] = v;
}

} /* namespace wmma */
} /* namespace nvcuda */

namespace simt_wmma {
namespace w = nvcuda::wmma;

template <class T, class U> constexpr bool same() { return std::is_same<T, U>::value; }

constexpr bool shape16(int m, int n, int k)
{
    return k == 16 && ((m == 16 && n == 16) || (m == 32 && n == 8) || (m == 8 && n == 32));
}
/* The shapes and element types the guide lists for matrix_a and matrix_b. */
template <class T, int m, int n, int k> constexpr bool ab_ok()
{
    return ((same<T, __half>() || same<T, __nv_bfloat16>() || same<T, signed char>() ||
             same<T, unsigned char>()) && shape16(m, n, k)) ||
           (same<T, w::precision::tf32>() && m == 16 && n == 16 && k == 8) ||
           (same<T, double>() && m == 8 && n == 8 && k == 4) ||
           ((same<T, w::experimental::precision::u4>() ||
             same<T, w::experimental::precision::s4>()) && m == 8 && n == 8 && k == 32) ||
           (same<T, w::experimental::precision::b1>() && m == 8 && n == 8 && k == 128);
}
template <class T> constexpr int bits()
{
    return same<T, w::experimental::precision::b1>() ? 1
         : same<T, w::experimental::precision::u4>() || same<T, w::experimental::precision::s4>()
             ? 4
             : 8 * (int)sizeof(typename w::helper_traits<T>::storage_element_type);
}
/* Sub-byte tiles exist only as row-major A and column-major B. */
template <class T, class Use, class Layout> constexpr bool layout_ok()
{
    return bits<T>() >= 8 ? same<Layout, w::row_major>() || same<Layout, w::col_major>()
         : same<Use, w::matrix_a>() ? same<Layout, w::row_major>()
                                    : same<Layout, w::col_major>();
}
/* What load_matrix_sync reads through: the storage type, or bytes for
 * packed elements. */
template <class T> struct load_ptr {
    typedef typename std::conditional<bits<T>() >= 8,
                                      typename w::helper_traits<T>::storage_element_type,
                                      void>::type type;
};
template <class T, int m, int n, int k> constexpr bool acc_ok()
{
    return ((same<T, float>() || same<T, __half>() || same<T, int>()) && shape16(m, n, k)) ||
           (same<T, float>() && m == 16 && n == 16 && k == 8) ||
           (same<T, double>() && m == 8 && n == 8 && k == 4) ||
           (same<T, int>() && m == 8 && n == 8 && (k == 32 || k == 128));
}
/* The accumulator types each input type multiplies into. */
template <class In, class Acc> constexpr bool pair_ok()
{
    return same<In, __half>() ? (same<Acc, float>() || same<Acc, __half>())
         : same<In, signed char>() || same<In, unsigned char>() ||
                   same<In, w::experimental::precision::u4>() ||
                   same<In, w::experimental::precision::s4>()
             ? same<Acc, int>()
         : same<In, double>() ? same<Acc, double>()
         : same<Acc, float>();
}

template <class Use, int m, int n, int k> struct dims;
template <int m, int n, int k> struct dims<w::matrix_a, m, n, k> { enum { rows = m, cols = k }; };
template <int m, int n, int k> struct dims<w::matrix_b, m, n, k> { enum { rows = k, cols = n }; };
template <int m, int n, int k> struct dims<w::accumulator, m, n, k> { enum { rows = m, cols = n }; };

template <class T> struct ident { typedef T type; };

/* The lanes the running thread's warp has (a block's last warp may be
 * partial): the rendezvous of the loads and stores names them all. */
static inline unsigned warp_mask()
{
    unsigned tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    unsigned n = blockDim.x * blockDim.y * blockDim.z - (tid & ~31u);
    return n >= 32 ? 0xffffffffu : (1u << n) - 1;
}

/* Widening conversions to the type products accumulate in. */
static inline float to_acc(__half h)
{
    uint32_t s = (uint32_t)(h.__x & 0x8000u) << 16, a = h.__x & 0x7fffu, u;
    if (a >= 0x7c00u)
        u = s | 0x7f800000u | (a & 0x3ffu) << 13;
    else if (a >= 0x400u)
        u = s | ((a << 13) + ((127u - 15u) << 23));
    else {
        /* subnormal: m * 2^-24 is exact in float (the literal rounds to 2^-24 exactly) */
        float f = (float)a * 5.9604645e-08f;
        return s ? -f : f;
    }
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static inline float to_acc(__nv_bfloat16 h)
{
    uint32_t u = (uint32_t)h.__x << 16;
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static inline float to_acc(float f) { return f; }
static inline double to_acc(double d) { return d; }
static inline long long to_acc(signed char c) { return c; }
static inline long long to_acc(unsigned char c) { return c; }
static inline long long to_acc(int i) { return i; }
static inline float tf32_trunc(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    if ((u & 0x7f800000u) != 0x7f800000u)
        u &= 0xffffe000u;
    memcpy(&f, &u, 4);
    return f;
}

template <class In> struct acc_of { typedef float type; };
template <> struct acc_of<double> { typedef double type; };
template <> struct acc_of<signed char> { typedef long long type; };
template <> struct acc_of<unsigned char> { typedef long long type; };

static inline void narrow(float &d, float s, bool) { d = s; }
static inline void narrow(__half &d, float s, bool) { d = __float2half(s); }
static inline void narrow(double &d, double s, bool) { d = s; }
static inline void narrow(int &d, long long s, bool satf)
{
    if (satf)
        d = s > 2147483647ll ? 2147483647 : s < -2147483647ll - 1 ? (int)(-2147483647 - 1) : (int)s;
    else
        d = (int)(uint32_t)(unsigned long long)s;
}

/* A worker's latest products of one kind: the inputs' bytes and the
 * result's, found by a hash of the inputs.  A fiber never switches inside
 * mma_sync, so a worker's table has one user at a time. */
template <class D, class A, class B, class C> struct memo {
    enum { SLOTS = 128 };
    struct slot {
        uint64_t key;
        A a;
        B b;
        C c;
        D d;
    };
    static slot *table()
    {
        static __thread slot *t;
        if (SIMT_UNLIKELY(!t))
            t = (slot *)calloc(SLOTS, sizeof(slot));
        return t;
    }
    /* A few words spread over the inputs pick the slot; memcmp decides.
     * The products are independent, so they overlap in the pipeline. */
    static uint64_t hash(const void *p, size_t n, uint64_t h)
    {
        const unsigned char *c = (const unsigned char *)p;
        for (size_t i = 0; i < 8; i++) {
            uint64_t v;
            memcpy(&v, c + (n - 8) * i / 7, 8);
            h += (v ^ (v >> 31)) * (0x9e3779b97f4a7c15ull + 2 * i);
        }
        return h;
    }
};

/* A fragment of matrix_a or matrix_b keeps its tile in the layout it was
 * loaded from (so a load copies whole rows or columns): arow and brow say
 * which. */
template <int m, int n, int k, bool arow, bool brow, class D, class A, class B, class C>
static inline void mma(D &d, const A &a, const B &b, const C &c, bool satf)
{
    typedef typename std::remove_cv<typename std::remove_reference<decltype(a.x[0])>::type>::type In;
    typedef typename acc_of<In>::type Acc;
    typedef memo<D, A, B, C> Memo;
    typename Memo::slot *table = Memo::table();
    uint64_t key = Memo::hash(a.x, sizeof a.x, 1);
    key = Memo::hash(b.x, sizeof b.x, key);
    key = Memo::hash(c.x, sizeof c.x, key) + satf;
    key ^= key >> 29;
    typename Memo::slot *s = table ? &table[key % Memo::SLOTS] : 0;
    if (s && s->key == key && !memcmp(s->a.x, a.x, sizeof a.x) && !memcmp(s->b.x, b.x, sizeof b.x) &&
        !memcmp(s->c.x, c.x, sizeof c.x)) {
        memcpy(d.x, s->d.x, sizeof d.x);
        return;
    }
    const bool tf32 = same<typename A::element_type, w::precision::tf32>();
    Acc fa[m * k], fb[k * n], acc[m * n];
    for (int i = 0; i < m; i++)
        for (int kk = 0; kk < k; kk++) {
            In v = a.x[arow ? i * k + kk : kk * m + i];
            fa[i * k + kk] = to_acc(tf32 ? (In)tf32_trunc((float)v) : v);
        }
    for (int kk = 0; kk < k; kk++)
        for (int j = 0; j < n; j++) {
            In v = b.x[brow ? kk * n + j : j * k + kk];
            fb[kk * n + j] = to_acc(tf32 ? (In)tf32_trunc((float)v) : v);
        }
    for (int i = 0; i < m * n; i++)
        acc[i] = (Acc)to_acc(c.x[i]);
    for (int i = 0; i < m; i++)
        for (int kk = 0; kk < k; kk++) {
            Acc av = fa[i * k + kk];
            for (int j = 0; j < n; j++)
                acc[i * n + j] += av * fb[kk * n + j];
        }
    if (s) {
        s->key = key;
        memcpy(s->a.x, a.x, sizeof a.x);
        memcpy(s->b.x, b.x, sizeof b.x);
        memcpy(s->c.x, c.x, sizeof c.x);
    }
    /* d may be c: it is written last */
    for (int i = 0; i < m * n; i++)
        narrow(d.x[i], acc[i], satf);
    if (s)
        memcpy(s->d.x, d.x, sizeof d.x);
}

/* 8-bit inputs go through mma; 4-bit ones are unpacked here: A's row i
 * and B's column j are lines of k nibbles, the same nibbles of each
 * multiplying. */
template <int m, int n, int k, bool arow, bool brow, class D, class A, class B, class C>
static inline void mma_int(D &d, const A &a, const B &b, const C &c, bool satf, std::false_type)
{
    mma<m, n, k, arow, brow>(d, a, b, c, satf);
}
template <int m, int n, int k, bool arow, bool brow, class D, class A, class B, class C>
static inline void mma_int(D &d, const A &a, const B &b, const C &c, bool satf, std::true_type)
{
    const bool sgn = same<typename A::element_type, w::experimental::precision::s4>();
    long long fa[m * k], fb[n * k];
    for (int i = 0; i < m * k; i++) {
        unsigned v = ((unsigned)a.x[i / 8] >> (i % 8 * 4)) & 0xfu;
        fa[i] = sgn && v >= 8 ? (long long)v - 16 : v;
    }
    for (int i = 0; i < n * k; i++) {
        unsigned v = ((unsigned)b.x[i / 8] >> (i % 8 * 4)) & 0xfu;
        fb[i] = sgn && v >= 8 ? (long long)v - 16 : v;
    }
    int r[m * n];
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            long long sum = c.x[i * n + j];
            for (int kk = 0; kk < k; kk++)
                sum += fa[i * k + kk] * fb[j * k + kk];
            narrow(r[i * n + j], sum, satf);
        }
    memcpy(d.x, r, sizeof r);
}

} /* namespace simt_wmma */

namespace nvcuda {
namespace wmma {

template <typename Use, int m, int n, int k, typename T, typename Layout = void>
class fragment
    : public __frag_base<T, simt_wmma::dims<Use, m, n, k>::rows * simt_wmma::dims<Use, m, n, k>::cols,
                         simt_wmma::dims<Use, m, n, k>::rows * simt_wmma::dims<Use, m, n, k>::cols *
                             simt_wmma::bits<T>() /
                             (8 * sizeof(typename helper_traits<T>::storage_element_type))> {
    static_assert(std::is_same<Use, accumulator>::value
                      ? simt_wmma::acc_ok<T, m, n, k>() && std::is_same<Layout, void>::value
                      : simt_wmma::ab_ok<T, m, n, k>() && simt_wmma::layout_ok<T, Use, Layout>(),
                  "wmma::fragment: this use, shape, element type and layout is not one the "
                  "CUDA guide lists");
};

template <typename Use, int m, int n, int k, typename T, typename Layout>
static inline void load_matrix_sync(fragment<Use, m, n, k, T, Layout> &a,
                                    const typename simt_wmma::load_ptr<T>::type *p, unsigned ldm)
{
    static_assert(!std::is_same<Use, accumulator>::value,
                  "load_matrix_sync: an accumulator's load takes a layout_t");
    enum { R = simt_wmma::dims<Use, m, n, k>::rows, C = simt_wmma::dims<Use, m, n, k>::cols };
    simt_syncwarp("wmma::load_matrix_sync", simt_wmma::warp_mask());
    /* rows of a row_major tile, columns of a col_major one */
    const bool rows = std::is_same<Layout, row_major>::value;
    const int lines = rows ? R : C, bytes = (rows ? C : R) * simt_wmma::bits<T>() / 8;
    const size_t stride = (size_t)ldm * simt_wmma::bits<T>() / 8;
    for (int l = 0; l < lines; l++)
        memcpy((char *)a.x + (size_t)l * bytes, (const char *)p + l * stride, bytes);
}

template <int m, int n, int k, typename T>
static inline void load_matrix_sync(fragment<accumulator, m, n, k, T> &a,
                                    const typename simt_wmma::ident<T>::type *p, unsigned ldm,
                                    layout_t layout)
{
    simt_syncwarp("wmma::load_matrix_sync", simt_wmma::warp_mask());
    if (layout == mem_row_major)
        for (int r = 0; r < m; r++)
            memcpy(&a.x[r * n], p + (size_t)r * ldm, n * sizeof(T));
    else
        for (int c = 0; c < n; c++)
            for (int r = 0; r < m; r++)
                a.x[r * n + c] = p[(size_t)c * ldm + r];
}

template <int m, int n, int k, typename T>
static inline void store_matrix_sync(typename simt_wmma::ident<T>::type *p,
                                     const fragment<accumulator, m, n, k, T> &a, unsigned ldm,
                                     layout_t layout)
{
    simt_syncwarp("wmma::store_matrix_sync", simt_wmma::warp_mask());
    if (layout == mem_row_major)
        for (int r = 0; r < m; r++)
            memcpy(p + (size_t)r * ldm, &a.x[r * n], n * sizeof(T));
    else
        for (int c = 0; c < n; c++)
            for (int r = 0; r < m; r++)
                p[(size_t)c * ldm + r] = a.x[r * n + c];
}

template <int m, int n, int k, typename Td, typename Tab, typename La, typename Lb, typename Tc>
static inline typename std::enable_if<!std::is_same<Td, int>::value>::type
mma_sync(fragment<accumulator, m, n, k, Td> &d, const fragment<matrix_a, m, n, k, Tab, La> &a,
         const fragment<matrix_b, m, n, k, Tab, Lb> &b, const fragment<accumulator, m, n, k, Tc> &c)
{
    static_assert(simt_wmma::pair_ok<Tab, Td>() && simt_wmma::pair_ok<Tab, Tc>(),
                  "mma_sync: these accumulator types do not go with these inputs");
    simt_wmma::mma<m, n, k, std::is_same<La, row_major>::value, std::is_same<Lb, row_major>::value>(
        d, a, b, c, false);
}

template <int m, int n, int k, typename Tab, typename La, typename Lb>
static inline void mma_sync(fragment<accumulator, m, n, k, int> &d,
                            const fragment<matrix_a, m, n, k, Tab, La> &a,
                            const fragment<matrix_b, m, n, k, Tab, Lb> &b,
                            const fragment<accumulator, m, n, k, int> &c, bool satf = false)
{
    static_assert(simt_wmma::pair_ok<Tab, int>(),
                  "mma_sync: an int accumulator takes 8-bit or 4-bit integer inputs");
    simt_wmma::mma_int<m, n, k, std::is_same<La, row_major>::value, std::is_same<Lb, row_major>::value>(
        d, a, b, c, satf, std::integral_constant<bool, (simt_wmma::bits<Tab>() < 8)>());
}

/* d = c + popcount(a's row op b's column), op xor or and, over 128 bits. */
static inline void bmma_sync(fragment<accumulator, 8, 8, 128, int> &d,
                             const fragment<matrix_a, 8, 8, 128, experimental::precision::b1, row_major> &a,
                             const fragment<matrix_b, 8, 8, 128, experimental::precision::b1, col_major> &b,
                             const fragment<accumulator, 8, 8, 128, int> &c,
                             experimental::bmmaBitOp op = experimental::bmmaBitOpXOR,
                             experimental::bmmaAccumulateOp = experimental::bmmaAccumulateOpPOPC)
{
    int r[64];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++) {
            int sum = c.x[i * 8 + j];
            for (int wd = 0; wd < 4; wd++) {
                unsigned x = a.x[i * 4 + wd], y = b.x[j * 4 + wd];
                sum += __builtin_popcount(op == experimental::bmmaBitOpAND ? x & y : x ^ y);
            }
            r[i * 8 + j] = sum;
        }
    memcpy(d.x, r, sizeof r);
}

} /* namespace wmma */
} /* namespace nvcuda */

#endif /* SIMT_MMA_H */
