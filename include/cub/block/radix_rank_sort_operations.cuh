/*
 * cub/block/radix_rank_sort_operations.cuh: CUB 3.0's radix-sort key
 * operations: the digit extractors BlockRadixRank takes
 * (cub::BFEDigitExtractor, cub::ShiftDigitExtractor, their base
 * cub::BaseDigitExtractor) and cub::RadixSortTwiddle, which turns a key's
 * bits into the unsigned pattern a radix sort orders (Traits::TwiddleIn,
 * inverted for a descending sort) and back.
 *
 * CUB 3's decomposer keys (structs a user's functor takes apart into a
 * tuple of references to fundamental fields, the first field the most
 * significant): detail::radix::traits_t<T> of such a T has CUB's
 * conversion and inversion policies, which apply the fundamental ones to
 * each field; DeviceRadixSort's decomposer forms sort by them.
 * RadixSortTwiddle takes fundamental keys only (a decomposer other than
 * the identity one stops the build with a static_assert that says so,
 * as BlockRadixSort's decomposer forms are not here).  -0.0 reads as +0.0 in a
 * floating-point key's digits, as in CUB's extractors (so the two are
 * equal to a radix sort, as simt's own sorts treat them: detail/simt_radix.cuh).
 */
#ifndef SIMT_CUB_BLOCK_RADIX_RANK_SORT_OPERATIONS_CUH
#define SIMT_CUB_BLOCK_RADIX_RANK_SORT_OPERATIONS_CUH
#pragma GCC system_header

#include <stdint.h>
#include <string.h>
#include <tuple>
#include <type_traits>
#include <utility>
#include "../util_type.cuh"

CUB_NAMESPACE_BEGIN

template <typename KeyT, bool IsFP = Traits<KeyT>::CATEGORY == FLOATING_POINT>
struct BaseDigitExtractor {
    using TraitsT = Traits<KeyT>;
    using UnsignedBits = typename TraitsT::UnsignedBits;

    static UnsignedBits ProcessFloatMinusZero(UnsignedBits key) { return key; }
};

template <typename KeyT> struct BaseDigitExtractor<KeyT, true> {
    using TraitsT = Traits<KeyT>;
    using UnsignedBits = typename TraitsT::UnsignedBits;

    static UnsignedBits ProcessFloatMinusZero(UnsignedBits key)
    {
        const UnsignedBits minus_zero =
            TraitsT::TwiddleIn(UnsignedBits(UnsignedBits(1) << (8 * sizeof(UnsignedBits) - 1)));
        return key == minus_zero ? TraitsT::TwiddleIn(UnsignedBits(0)) : key;
    }
};

/* Digits as the GPU's bit-field extract (BFE) reads them: num_bits bits
 * from bit_start (past the key's top bit: zeros). */
template <typename KeyT> struct BFEDigitExtractor : BaseDigitExtractor<KeyT> {
    using typename BaseDigitExtractor<KeyT>::UnsignedBits;

    uint32_t bit_start;
    uint32_t num_bits;

    explicit BFEDigitExtractor(uint32_t bit_start = 0, uint32_t num_bits = 0)
        : bit_start(bit_start), num_bits(num_bits)
    {
    }

    uint32_t Digit(UnsignedBits key) const
    {
        const unsigned long long k = (unsigned long long)this->ProcessFloatMinusZero(key);
        if (bit_start >= 64 || num_bits == 0)
            return 0;
        const unsigned long long mask = num_bits >= 32 ? 0xffffffffull : (1ull << num_bits) - 1;
        return (uint32_t)((k >> bit_start) & mask);
    }
};

/* Digits by a shift and a mask. */
template <typename KeyT> struct ShiftDigitExtractor : BaseDigitExtractor<KeyT> {
    using typename BaseDigitExtractor<KeyT>::UnsignedBits;

    uint32_t bit_start;
    uint32_t mask;

    explicit ShiftDigitExtractor(uint32_t bit_start = 0, uint32_t num_bits = 0)
        : bit_start(bit_start), mask((1u << num_bits) - 1)
    {
    }

    uint32_t Digit(UnsignedBits key) const
    {
        return uint32_t(this->ProcessFloatMinusZero(key) >> UnsignedBits(bit_start)) & mask;
    }
};

namespace detail
{
/* The decomposer of a fundamental key: the key itself. */
struct identity_decomposer_t {
    template <class T> T &operator()(T &key) const { return key; }
};

/* Calls f on each field of decomposer(aggregate), the last (least
 * significant) first, as CUB does: the order bits are printed in. */
template <class F, class Tuple, ::std::size_t... I>
__host__ __device__ void for_each_member_rev(F &f, const Tuple &t, ::std::index_sequence<I...>)
{
    constexpr ::std::size_t n = sizeof...(I);
    int sink[] = {0, (f(::std::get<n - 1 - I>(t)), 0)...};
    (void)sink;
}
template <class F, class DecomposerT, class T>
__host__ __device__ void for_each_member(F &f, DecomposerT decomposer, T &aggregate)
{
    auto t = decomposer(aggregate);
    constexpr ::std::size_t n = ::std::tuple_size<decltype(t)>::value;
    static_assert(n > 0, "Empty aggregates are not supported");
    for_each_member_rev(f, t, ::std::make_index_sequence<n>{});
}

namespace radix
{
template <class T> struct bit_ordered_conversion_policy_t {
    using bit_ordered_type = typename Traits<T>::UnsignedBits;
    static bit_ordered_type to_bit_ordered(identity_decomposer_t, bit_ordered_type v) { return Traits<T>::TwiddleIn(v); }
    static bit_ordered_type from_bit_ordered(identity_decomposer_t, bit_ordered_type v)
    {
        return Traits<T>::TwiddleOut(v);
    }
};
template <class T> struct bit_ordered_inversion_policy_t {
    using bit_ordered_type = typename Traits<T>::UnsignedBits;
    static bit_ordered_type inverse(identity_decomposer_t, bit_ordered_type v) { return bit_ordered_type(~v); }
};

template <class T, bool = ::std::is_arithmetic<T>::value || ::std::is_same<T, __half>::value ||
                          ::std::is_same<T, __nv_bfloat16>::value>
struct traits_t {
    using bit_ordered_type = typename Traits<T>::UnsignedBits;
    using bit_ordered_conversion_policy = bit_ordered_conversion_policy_t<T>;
    using bit_ordered_inversion_policy = bit_ordered_inversion_policy_t<T>;
    static bit_ordered_type min_raw_binary_key(identity_decomposer_t) { return Traits<T>::LOWEST_KEY; }
    static bit_ordered_type max_raw_binary_key(identity_decomposer_t) { return Traits<T>::MAX_KEY; }
    static int default_end_bit(identity_decomposer_t) { return (int)sizeof(T) * 8; }
};

/* One fundamental field's bits, rewritten in place by Op. */
template <class Op> struct field_f {
    Op op;
    template <class F> __host__ __device__ void operator()(F &field) const
    {
        using bits_t = typename traits_t<typename ::std::remove_cv<F>::type>::bit_ordered_type;
        bits_t b;
        ::memcpy(&b, &field, sizeof b);
        b = op.template apply<typename ::std::remove_cv<F>::type>(b);
        ::memcpy(&field, &b, sizeof b);
    }
};
struct to_bit_ordered_op {
    template <class F, class B> B apply(B b) const { return Traits<F>::TwiddleIn(b); }
};
struct from_bit_ordered_op {
    template <class F, class B> B apply(B b) const { return Traits<F>::TwiddleOut(b); }
};
struct inverse_op {
    template <class F, class B> B apply(B b) const { return B(~b); }
};
struct min_key_op {
    template <class F, class B> B apply(B) const { return Traits<F>::LOWEST_KEY; }
};
struct max_key_op {
    template <class F, class B> B apply(B) const { return Traits<F>::MAX_KEY; }
};
struct width_f {
    int bits;
    template <class F> void operator()(F &) { bits += (int)sizeof(F) * 8; }
};

struct custom_bit_conversion_policy_t {
    template <class DecomposerT, class T> static T to_bit_ordered(DecomposerT d, T v)
    {
        field_f<to_bit_ordered_op> f{};
        for_each_member(f, d, v);
        return v;
    }
    template <class DecomposerT, class T> static T from_bit_ordered(DecomposerT d, T v)
    {
        field_f<from_bit_ordered_op> f{};
        for_each_member(f, d, v);
        return v;
    }
};
struct custom_bit_inversion_policy_t {
    template <class DecomposerT, class T> static T inverse(DecomposerT d, T v)
    {
        field_f<inverse_op> f{};
        for_each_member(f, d, v);
        return v;
    }
};

/* A decomposer key: its bit-ordered form is the key with each field's
 * bits in their fundamental order. */
template <class T> struct traits_t<T, false> {
    using bit_ordered_type = T;
    using bit_ordered_conversion_policy = custom_bit_conversion_policy_t;
    using bit_ordered_inversion_policy = custom_bit_inversion_policy_t;
    template <class DecomposerT> static T min_raw_binary_key(DecomposerT d)
    {
        T v{};
        field_f<min_key_op> f{};
        for_each_member(f, d, v);
        return v;
    }
    template <class DecomposerT> static T max_raw_binary_key(DecomposerT d)
    {
        T v{};
        field_f<max_key_op> f{};
        for_each_member(f, d, v);
        return v;
    }
    template <class DecomposerT> static int default_end_bit(DecomposerT d)
    {
        T v{};
        width_f f{0};
        for_each_member(f, d, v);
        return f.bits;
    }
};
} // namespace radix
} // namespace detail

/* A key's bits to and from the order a radix sort sees. */
template <bool IS_DESCENDING, typename KeyT> struct RadixSortTwiddle {
private:
    using traits = detail::radix::traits_t<KeyT>;
    using bit_ordered_type = typename traits::bit_ordered_type;

    template <class DecomposerT> static void fundamental_only()
    {
        static_assert(::std::is_same<DecomposerT, detail::identity_decomposer_t>::value,
                      "simt: cub::RadixSortTwiddle with a decomposer: CUB 3's decomposer radix sorts "
                      "are not in simt's CUB (fundamental key types only)");
    }

public:
    template <class DecomposerT = detail::identity_decomposer_t>
    static bit_ordered_type In(bit_ordered_type key, DecomposerT = {})
    {
        fundamental_only<DecomposerT>();
        key = Traits<KeyT>::TwiddleIn(key);
        return IS_DESCENDING ? bit_ordered_type(~key) : key;
    }

    template <class DecomposerT = detail::identity_decomposer_t>
    static bit_ordered_type Out(bit_ordered_type key, DecomposerT = {})
    {
        fundamental_only<DecomposerT>();
        if (IS_DESCENDING)
            key = bit_ordered_type(~key);
        return Traits<KeyT>::TwiddleOut(key);
    }

    /* The key that sorts last: padding for a partial tile. */
    template <class DecomposerT = detail::identity_decomposer_t>
    static bit_ordered_type DefaultKey(DecomposerT = {})
    {
        fundamental_only<DecomposerT>();
        return IS_DESCENDING ? traits::min_raw_binary_key(detail::identity_decomposer_t{})
                             : traits::max_raw_binary_key(detail::identity_decomposer_t{});
    }
};

CUB_NAMESPACE_END

#endif
