/*
 * cub/block/radix_rank_sort_operations.cuh: CUB 3.0's radix-sort key
 * operations: the digit extractors BlockRadixRank takes
 * (cub::BFEDigitExtractor, cub::ShiftDigitExtractor, their base
 * cub::BaseDigitExtractor) and cub::RadixSortTwiddle, which turns a key's
 * bits into the unsigned pattern a radix sort orders (Traits::TwiddleIn,
 * inverted for a descending sort) and back.
 *
 * Keys are fundamental types only: CUB 3's decomposer sorts (keys that
 * are structs taken apart by a user's functor) are not in simt's CUB, and
 * a RadixSortTwiddle given a decomposer other than the identity one stops
 * the build with a static_assert that says so.  -0.0 reads as +0.0 in a
 * floating-point key's digits, as in CUB's extractors (so the two are
 * equal to a radix sort, as simt's own sorts treat them: detail/simt_radix.cuh).
 */
#ifndef SIMT_CUB_BLOCK_RADIX_RANK_SORT_OPERATIONS_CUH
#define SIMT_CUB_BLOCK_RADIX_RANK_SORT_OPERATIONS_CUH
#pragma GCC system_header

#include <stdint.h>
#include <type_traits>
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

namespace radix
{
template <class T> struct traits_t {
    using bit_ordered_type = typename Traits<T>::UnsignedBits;
    static bit_ordered_type min_raw_binary_key(identity_decomposer_t) { return Traits<T>::LOWEST_KEY; }
    static bit_ordered_type max_raw_binary_key(identity_decomposer_t) { return Traits<T>::MAX_KEY; }
    static int default_end_bit(identity_decomposer_t) { return (int)sizeof(T) * 8; }
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
