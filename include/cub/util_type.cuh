/*
 * cub/util_type.cuh: CUB's vocabulary types: NullType, KeyValuePair,
 * DoubleBuffer, FutureValue, Uninitialized, and the radix Traits that fix
 * how keys order bitwise (integers by value, floating point by value with
 * -0.0 after every negative and NaNs at the ends by sign).
 */
#ifndef SIMT_CUB_UTIL_TYPE_CUH
#define SIMT_CUB_UTIL_TYPE_CUH
#pragma GCC system_header

#include <string.h>
#include <iterator>
#include <limits>
#include <optional>
#include <type_traits>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda/std/utility>
#include <cuda/std/type_traits>
#include <cuda/std/limits>
#include <cuda/std/functional>
#include <cuda/functional>
#include "config.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
template <typename It> using it_value_t = typename ::std::iterator_traits<It>::value_type;
template <typename It> using it_reference_t = typename ::std::iterator_traits<It>::reference;
template <typename It> using it_difference_t = typename ::std::iterator_traits<It>::difference_type;
template <typename It> using it_pointer_t = typename ::std::iterator_traits<It>::pointer;

/* The value type of an output iterator, or FallbackT where it has none
 * (void, as output-only iterators declare). */
template <typename It, typename FallbackT, bool = ::std::is_void<it_value_t<It>>::value>
struct non_void_value_impl {
    typedef FallbackT type;
};
template <typename It, typename FallbackT> struct non_void_value_impl<It, FallbackT, false> {
    typedef it_value_t<It> type;
};
template <typename It, typename FallbackT>
using non_void_value_t = typename non_void_value_impl<It, FallbackT>::type;

/* A value as a type, for tag dispatch (GridEvenShare::BlockInit). */
template <auto V>
using constant_t = ::std::integral_constant<decltype(V), V>;
template <auto V>
inline constexpr constant_t<V> constant_v{};
} /* namespace detail */

/* The empty type CUB uses for "no values" (keys-only sorts) and "no
 * operator". */
struct NullType {
    using value_type = NullType;
    NullType() = default;
    template <typename T> explicit NullType(const T &) {}
    template <typename T> NullType &operator=(const T &) { return *this; }
    friend bool operator==(const NullType &, const NullType &) { return true; }
    friend bool operator!=(const NullType &, const NullType &) { return false; }
};

template <int A> struct Int2Type {
    enum { VALUE = A };
};

/* Statically determine log2(N), rounded up. */
template <int N, int CURRENT_VAL = N, int COUNT = 0> struct Log2 {
    enum { VALUE = Log2<N, (CURRENT_VAL >> 1), COUNT + 1>::VALUE };
};
template <int N, int COUNT> struct Log2<N, 0, COUNT> {
    enum { VALUE = (1 << (COUNT - 1) < N) ? COUNT : COUNT - 1 };
};
template <int N> struct PowerOfTwo {
    enum { VALUE = ((N & (N - 1)) == 0) };
};

/* Storage for a T without running its constructor (shared memory). */
template <typename T> struct Uninitialized {
    alignas(T) unsigned char storage[sizeof(T)];
    T &Alias() { return *reinterpret_cast<T *>(storage); }
};

/* A key identifier paired with a value (ArgMin, ArgMax, ReduceByKey). */
template <typename _Key, typename _Value> struct KeyValuePair {
    using Key = _Key;
    using Value = _Value;
    Key key;
    Value value;
    KeyValuePair() {}
    KeyValuePair(Key const &key, Value const &value) : key(key), value(value) {}
    bool operator!=(const KeyValuePair &b) { return (value != b.value) || (key != b.key); }
};

/* Two buffers of equal size and which of them holds the data: multi-pass
 * sorts ping-pong between them and leave `selector` on the result. */
template <typename T> struct DoubleBuffer {
    T *d_buffers[2]{};
    int selector = 0;
    DoubleBuffer() = default;
    DoubleBuffer(T *d_current, T *d_alternate) : d_buffers{d_current, d_alternate} {}
    T *Current() { return d_buffers[selector]; }
    T *Alternate() { return d_buffers[selector ^ 1]; }
};

/* A value read through an iterator when the algorithm runs, not when it is
 * called (DeviceScan::ExclusiveScan's init, produced by earlier work in the
 * stream). */
template <typename T, typename IterT = T *> struct FutureValue {
    using value_type = T;
    using iterator_type = IterT;
    explicit FutureValue(IterT iter) : m_iter(iter) {}
    operator T() const noexcept { return *m_iter; }

private:
    IterT m_iter;
};
template <typename IterT> FutureValue(IterT) -> FutureValue<detail::it_value_t<IterT>, IterT>;

namespace detail {
/* An initial value given now or as a FutureValue (what the dispatch layer's
 * scans and cub::DeviceScan take): converted to T when the algorithm reads
 * it. */
template <typename T, typename IterT = T *> struct InputValue {
    using value_type = T;
    using iterator_type = IterT;
    explicit InputValue(T immediate_value) : m_value(immediate_value) {}
    explicit InputValue(FutureValue<T, IterT> future_value) : m_future(future_value) {}
    operator T() const { return m_future ? static_cast<T>(*m_future) : *m_value; }

private:
    ::std::optional<T> m_value;
    ::std::optional<FutureValue<T, IterT>> m_future;
};
} /* namespace detail */

#define CUB_DEFINE_DETECT_NESTED_TYPE(detector_name, nested_type_name)                                       \
    template <typename T, typename = void> struct detector_name : ::std::false_type {                        \
    };                                                                                                       \
    template <typename T>                                                                                    \
    struct detector_name<T, ::std::void_t<typename T::nested_type_name>> : ::std::true_type {                \
    };

/* Whether a binary functor also takes the index of its second operand
 * (BlockDiscontinuity's flag operators). */
template <typename T, typename BinaryOp, typename = void> struct BinaryOpHasIdxParam : ::std::false_type {
};
template <typename T, typename BinaryOp>
struct BinaryOpHasIdxParam<
    T, BinaryOp,
    ::std::void_t<decltype(::std::declval<BinaryOp>()(::std::declval<T>(), ::std::declval<T>(), int{}))>>
    : ::std::true_type {
};

/* ---- radix traits -------------------------------------------------------- */

enum Category { NOT_A_NUMBER, SIGNED_INTEGER, UNSIGNED_INTEGER, FLOATING_POINT };

template <Category _CATEGORY, bool _PRIMITIVE, typename _UnsignedBits, typename T> struct BaseTraits {
    static constexpr Category CATEGORY = _CATEGORY;
    static constexpr bool PRIMITIVE = _PRIMITIVE;
};

template <typename _UnsignedBits, typename T> struct BaseTraits<UNSIGNED_INTEGER, true, _UnsignedBits, T> {
    using UnsignedBits = _UnsignedBits;
    static constexpr Category CATEGORY = UNSIGNED_INTEGER;
    static constexpr bool PRIMITIVE = true;
    static constexpr UnsignedBits LOWEST_KEY = UnsignedBits(0);
    static constexpr UnsignedBits MAX_KEY = UnsignedBits(-1);
    static UnsignedBits TwiddleIn(UnsignedBits key) { return key; }
    static UnsignedBits TwiddleOut(UnsignedBits key) { return key; }
    static T Max() { return ::std::numeric_limits<T>::max(); }
    static T Lowest() { return ::std::numeric_limits<T>::lowest(); }
};

template <typename _UnsignedBits, typename T> struct BaseTraits<SIGNED_INTEGER, true, _UnsignedBits, T> {
    using UnsignedBits = _UnsignedBits;
    static constexpr Category CATEGORY = SIGNED_INTEGER;
    static constexpr bool PRIMITIVE = true;
    static constexpr UnsignedBits HIGH_BIT = UnsignedBits(UnsignedBits(1) << (sizeof(UnsignedBits) * 8 - 1));
    static constexpr UnsignedBits LOWEST_KEY = HIGH_BIT;
    static constexpr UnsignedBits MAX_KEY = UnsignedBits(UnsignedBits(-1) ^ HIGH_BIT);
    static UnsignedBits TwiddleIn(UnsignedBits key) { return UnsignedBits(key ^ HIGH_BIT); }
    static UnsignedBits TwiddleOut(UnsignedBits key) { return UnsignedBits(key ^ HIGH_BIT); }
    static T Max() { return ::std::numeric_limits<T>::max(); }
    static T Lowest() { return ::std::numeric_limits<T>::lowest(); }
};

template <typename _UnsignedBits, typename T> struct BaseTraits<FLOATING_POINT, true, _UnsignedBits, T> {
    using UnsignedBits = _UnsignedBits;
    static constexpr Category CATEGORY = FLOATING_POINT;
    static constexpr bool PRIMITIVE = true;
    static constexpr UnsignedBits HIGH_BIT = UnsignedBits(UnsignedBits(1) << (sizeof(UnsignedBits) * 8 - 1));
    static constexpr UnsignedBits LOWEST_KEY = UnsignedBits(-1);
    static constexpr UnsignedBits MAX_KEY = UnsignedBits(UnsignedBits(-1) ^ HIGH_BIT);
    /* Negative values have every bit flipped (larger magnitude sorts first),
     * positive ones only the sign bit. */
    static UnsignedBits TwiddleIn(UnsignedBits key)
    {
        UnsignedBits mask = (key & HIGH_BIT) ? UnsignedBits(-1) : HIGH_BIT;
        return UnsignedBits(key ^ mask);
    }
    static UnsignedBits TwiddleOut(UnsignedBits key)
    {
        UnsignedBits mask = (key & HIGH_BIT) ? HIGH_BIT : UnsignedBits(-1);
        return UnsignedBits(key ^ mask);
    }
    static T Max() { return ::std::numeric_limits<T>::max(); }
    static T Lowest() { return ::std::numeric_limits<T>::lowest(); }
};

template <typename T> struct NumericTraits : BaseTraits<NOT_A_NUMBER, false, T, T> {
};
template <> struct NumericTraits<NullType> : BaseTraits<NOT_A_NUMBER, false, NullType, NullType> {
};
template <>
struct NumericTraits<char>
    : BaseTraits<(::std::numeric_limits<char>::is_signed) ? SIGNED_INTEGER : UNSIGNED_INTEGER, true,
                 unsigned char, char> {
};
template <> struct NumericTraits<signed char> : BaseTraits<SIGNED_INTEGER, true, unsigned char, signed char> {
};
template <> struct NumericTraits<short> : BaseTraits<SIGNED_INTEGER, true, unsigned short, short> {
};
template <> struct NumericTraits<int> : BaseTraits<SIGNED_INTEGER, true, unsigned int, int> {
};
template <> struct NumericTraits<long> : BaseTraits<SIGNED_INTEGER, true, unsigned long, long> {
};
template <>
struct NumericTraits<long long> : BaseTraits<SIGNED_INTEGER, true, unsigned long long, long long> {
};
template <>
struct NumericTraits<unsigned char> : BaseTraits<UNSIGNED_INTEGER, true, unsigned char, unsigned char> {
};
template <>
struct NumericTraits<unsigned short> : BaseTraits<UNSIGNED_INTEGER, true, unsigned short, unsigned short> {
};
template <>
struct NumericTraits<unsigned int> : BaseTraits<UNSIGNED_INTEGER, true, unsigned int, unsigned int> {
};
template <>
struct NumericTraits<unsigned long> : BaseTraits<UNSIGNED_INTEGER, true, unsigned long, unsigned long> {
};
template <>
struct NumericTraits<unsigned long long>
    : BaseTraits<UNSIGNED_INTEGER, true, unsigned long long, unsigned long long> {
};
#ifdef __SIZEOF_INT128__
template <> struct NumericTraits<__int128> : BaseTraits<SIGNED_INTEGER, true, unsigned __int128, __int128> {
};
template <>
struct NumericTraits<unsigned __int128>
    : BaseTraits<UNSIGNED_INTEGER, true, unsigned __int128, unsigned __int128> {
};
#endif
template <> struct NumericTraits<float> : BaseTraits<FLOATING_POINT, true, unsigned int, float> {
};
template <> struct NumericTraits<double> : BaseTraits<FLOATING_POINT, true, unsigned long long, double> {
};
template <> struct NumericTraits<__half> : BaseTraits<FLOATING_POINT, true, unsigned short, __half> {
};
template <>
struct NumericTraits<__nv_bfloat16> : BaseTraits<FLOATING_POINT, true, unsigned short, __nv_bfloat16> {
};
template <> struct NumericTraits<bool> : BaseTraits<UNSIGNED_INTEGER, true, unsigned char, bool> {
};

template <typename T> struct Traits : NumericTraits<typename ::std::remove_cv<T>::type> {
};

CUB_NAMESPACE_END

#endif
