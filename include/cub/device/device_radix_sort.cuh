/*
 * cub/device/device_radix_sort.cuh: cub::DeviceRadixSort (CUB 3.0's API).
 *
 * Stable, over bits [begin_bit, end_bit) of the keys in CUB's radix order
 * (detail/simt_radix.cuh): -0.0 and +0.0 are equal, NaNs go to the ends by
 * their sign.  The pointer forms leave the input alone; the DoubleBuffer
 * forms may overwrite both buffers and leave `selector` on the result,
 * which may differ from where a GPU leaves it (programs read Current()).
 */
#ifndef SIMT_CUB_DEVICE_RADIX_SORT_CUH
#define SIMT_CUB_DEVICE_RADIX_SORT_CUH
#pragma GCC system_header

#include "../detail/simt_radix.cuh"
#include "../detail/simt_merge.cuh"
#include "../block/radix_rank_sort_operations.cuh"

CUB_NAMESPACE_BEGIN

namespace detail
{
namespace radix
{
/* The order a radix sort over bits [begin_bit, end_bit) gives keys that a
 * decomposer takes apart (the first field most significant, each field in
 * its bit-ordered form, -0.0 as +0.0): decomposer sorts are simt's stable
 * merge sort under this order, so equal keys keep their input order as in
 * CUB's radix sort. */
template <class K, class DecomposerT> struct decomposed_order {
    DecomposerT decomposer;
    int begin_bit, end_bit;
    bool descending;

    struct fields_f {
        unsigned long long v[64];
        int width[64];
        int n;
        template <class F> __host__ __device__ void operator()(F &field)
        {
            using T = typename ::std::remove_cv<F>::type;
            using bits_t = typename Traits<T>::UnsignedBits;
            static_assert(sizeof(bits_t) <= 8, "simt: decomposer key fields of at most 64 bits");
            bits_t b;
            ::memcpy(&b, &field, sizeof b);
            v[n] = (unsigned long long)BaseDigitExtractor<T>::ProcessFloatMinusZero(Traits<T>::TwiddleIn(b));
            width[n++] = (int)sizeof(b) * 8;
        }
    };

    __host__ __device__ bool operator()(K a, K b) const
    {
        fields_f fa{}, fb{};
        for_each_member(fa, decomposer, a); /* least significant field first */
        for_each_member(fb, decomposer, b);
        int lo[64], at = 0;
        for (int i = 0; i < fa.n; i++) {
            lo[i] = at;
            at += fa.width[i];
        }
        for (int i = fa.n - 1; i >= 0; i--) {
            int from = begin_bit > lo[i] ? begin_bit - lo[i] : 0;
            int to = end_bit - lo[i] < fa.width[i] ? end_bit - lo[i] : fa.width[i];
            if (to <= from)
                continue;
            unsigned long long mask = (to - from >= 64 ? ~0ull : ((1ull << (to - from)) - 1)) << from;
            unsigned long long x = fa.v[i] & mask, y = fb.v[i] & mask;
            if (x != y)
                return descending ? x > y : x < y;
        }
        return false;
    }
};

template <class K, class V, class DecomposerT>
inline cudaError_t decomposer_sort(const char *name, void *d_temp, size_t &temp_bytes, DoubleBuffer<K> &keys,
                                   DoubleBuffer<V> &values, simt_cub::index_t n, DecomposerT decomposer, int begin_bit,
                                   int end_bit, bool descending, bool flip, cudaStream_t stream)
{
    const bool pairs = !::std::is_same<V, NullType>::value;
    decomposed_order<K, DecomposerT> order{decomposer, begin_bit, end_bit, descending};
    cudaError_t e = simt_cub::merge_sort<K, V>(name, d_temp, temp_bytes, keys.Current(),
                                               pairs ? values.Current() : (V *)nullptr, keys.Alternate(),
                                               pairs ? values.Alternate() : (V *)nullptr, n, order, stream);
    if (e == cudaSuccess && d_temp && flip) {
        keys.selector ^= 1;
        values.selector ^= 1;
    }
    return e;
}

template <class D>
using if_decomposer = typename ::std::enable_if<::std::is_class<D>::value, int>::type;
} // namespace radix
} // namespace detail

/* CUB 3's decomposer forms: a key type that decomposer(key) takes apart
 * into a tuple of references to its fundamental fields. */
#define SIMT_CUB_DECOMPOSER_SORTS(NAME, DESC)                                                                      \
    template <typename KeyT, typename ValueT, typename NumItemsT, typename DecomposerT,                           \
              detail::radix::if_decomposer<DecomposerT> = 0>                                                       \
    static cudaError_t SortPairs##NAME(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,  \
                                       KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out,        \
                                       NumItemsT num_items, DecomposerT decomposer, int begin_bit, int end_bit,  \
                                       cudaStream_t stream = 0)                                                  \
    {                                                                                                              \
        DoubleBuffer<KeyT> k(const_cast<KeyT *>(d_keys_in), d_keys_out);                                          \
        DoubleBuffer<ValueT> v(const_cast<ValueT *>(d_values_in), d_values_out);                                  \
        return detail::radix::decomposer_sort("cub::DeviceRadixSort::SortPairs" #NAME, d_temp_storage,            \
                                              temp_storage_bytes, k, v, simt_cub::count_of(num_items),            \
                                              decomposer, begin_bit, end_bit, DESC, false, stream);               \
    }                                                                                                              \
    template <typename KeyT, typename ValueT, typename NumItemsT, typename DecomposerT,                           \
              detail::radix::if_decomposer<DecomposerT> = 0>                                                       \
    static cudaError_t SortPairs##NAME(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,  \
                                       KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out,        \
                                       NumItemsT num_items, DecomposerT decomposer, cudaStream_t stream = 0)     \
    {                                                                                                              \
        return SortPairs##NAME(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in,            \
                               d_values_out, num_items, decomposer, 0,                                             \
                               detail::radix::traits_t<KeyT>::default_end_bit(decomposer), stream);               \
    }                                                                                                              \
    template <typename KeyT, typename ValueT, typename NumItemsT, typename DecomposerT,                           \
              detail::radix::if_decomposer<DecomposerT> = 0>                                                       \
    static cudaError_t SortPairs##NAME(void *d_temp_storage, size_t &temp_storage_bytes,                          \
                                       DoubleBuffer<KeyT> &d_keys, DoubleBuffer<ValueT> &d_values,               \
                                       NumItemsT num_items, DecomposerT decomposer, int begin_bit, int end_bit,  \
                                       cudaStream_t stream = 0)                                                  \
    {                                                                                                              \
        return detail::radix::decomposer_sort("cub::DeviceRadixSort::SortPairs" #NAME, d_temp_storage,           \
                                              temp_storage_bytes, d_keys, d_values,                               \
                                              simt_cub::count_of(num_items), decomposer, begin_bit, end_bit,     \
                                              DESC, true, stream);                                                \
    }                                                                                                              \
    template <typename KeyT, typename ValueT, typename NumItemsT, typename DecomposerT,                           \
              detail::radix::if_decomposer<DecomposerT> = 0>                                                       \
    static cudaError_t SortPairs##NAME(void *d_temp_storage, size_t &temp_storage_bytes,                          \
                                       DoubleBuffer<KeyT> &d_keys, DoubleBuffer<ValueT> &d_values,               \
                                       NumItemsT num_items, DecomposerT decomposer, cudaStream_t stream = 0)     \
    {                                                                                                              \
        return SortPairs##NAME(d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items, decomposer, 0,    \
                               detail::radix::traits_t<KeyT>::default_end_bit(decomposer), stream);               \
    }                                                                                                              \
    template <typename KeyT, typename NumItemsT, typename DecomposerT,                                            \
              detail::radix::if_decomposer<DecomposerT> = 0>                                                       \
    static cudaError_t SortKeys##NAME(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,   \
                                      KeyT *d_keys_out, NumItemsT num_items, DecomposerT decomposer,              \
                                      int begin_bit, int end_bit, cudaStream_t stream = 0)                        \
    {                                                                                                              \
        DoubleBuffer<KeyT> k(const_cast<KeyT *>(d_keys_in), d_keys_out);                                          \
        DoubleBuffer<NullType> v;                                                                                  \
        return detail::radix::decomposer_sort("cub::DeviceRadixSort::SortKeys" #NAME, d_temp_storage,             \
                                              temp_storage_bytes, k, v, simt_cub::count_of(num_items),            \
                                              decomposer, begin_bit, end_bit, DESC, false, stream);               \
    }                                                                                                              \
    template <typename KeyT, typename NumItemsT, typename DecomposerT,                                            \
              detail::radix::if_decomposer<DecomposerT> = 0>                                                       \
    static cudaError_t SortKeys##NAME(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,   \
                                      KeyT *d_keys_out, NumItemsT num_items, DecomposerT decomposer,              \
                                      cudaStream_t stream = 0)                                                    \
    {                                                                                                              \
        return SortKeys##NAME(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, num_items, decomposer,   \
                              0, detail::radix::traits_t<KeyT>::default_end_bit(decomposer), stream);             \
    }                                                                                                              \
    template <typename KeyT, typename NumItemsT, typename DecomposerT,                                            \
              detail::radix::if_decomposer<DecomposerT> = 0>                                                       \
    static cudaError_t SortKeys##NAME(void *d_temp_storage, size_t &temp_storage_bytes,                           \
                                      DoubleBuffer<KeyT> &d_keys, NumItemsT num_items, DecomposerT decomposer,    \
                                      int begin_bit, int end_bit, cudaStream_t stream = 0)                        \
    {                                                                                                              \
        DoubleBuffer<NullType> v;                                                                                  \
        return detail::radix::decomposer_sort("cub::DeviceRadixSort::SortKeys" #NAME, d_temp_storage,             \
                                              temp_storage_bytes, d_keys, v, simt_cub::count_of(num_items),       \
                                              decomposer, begin_bit, end_bit, DESC, true, stream);                \
    }                                                                                                              \
    template <typename KeyT, typename NumItemsT, typename DecomposerT,                                            \
              detail::radix::if_decomposer<DecomposerT> = 0>                                                       \
    static cudaError_t SortKeys##NAME(void *d_temp_storage, size_t &temp_storage_bytes,                           \
                                      DoubleBuffer<KeyT> &d_keys, NumItemsT num_items, DecomposerT decomposer,    \
                                      cudaStream_t stream = 0)                                                    \
    {                                                                                                              \
        return SortKeys##NAME(d_temp_storage, temp_storage_bytes, d_keys, num_items, decomposer, 0,               \
                              detail::radix::traits_t<KeyT>::default_end_bit(decomposer), stream);                \
    }

struct DeviceRadixSort {
    SIMT_CUB_DECOMPOSER_SORTS(, false)
    SIMT_CUB_DECOMPOSER_SORTS(Descending, true)
    template <typename KeyT, typename ValueT, typename NumItemsT>
    static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                 KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out,
                                 NumItemsT num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                 cudaStream_t stream = 0)
    {
        DoubleBuffer<KeyT> k(const_cast<KeyT *>(d_keys_in), d_keys_out);
        DoubleBuffer<ValueT> v(const_cast<ValueT *>(d_values_in), d_values_out);
        return simt_cub::radix_sort("cub::DeviceRadixSort::SortPairs", d_temp_storage, temp_storage_bytes,
                                    false, k, v, simt_cub::count_of(num_items), begin_bit, end_bit, false,
                                    stream);
    }
    template <typename KeyT, typename ValueT, typename NumItemsT>
    static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                 DoubleBuffer<ValueT> &d_values, NumItemsT num_items, int begin_bit = 0,
                                 int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        return simt_cub::radix_sort("cub::DeviceRadixSort::SortPairs", d_temp_storage, temp_storage_bytes,
                                    true, d_keys, d_values, simt_cub::count_of(num_items), begin_bit, end_bit,
                                    false, stream);
    }
    template <typename KeyT, typename ValueT, typename NumItemsT>
    static cudaError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                                           const KeyT *d_keys_in, KeyT *d_keys_out, const ValueT *d_values_in,
                                           ValueT *d_values_out, NumItemsT num_items, int begin_bit = 0,
                                           int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        DoubleBuffer<KeyT> k(const_cast<KeyT *>(d_keys_in), d_keys_out);
        DoubleBuffer<ValueT> v(const_cast<ValueT *>(d_values_in), d_values_out);
        return simt_cub::radix_sort("cub::DeviceRadixSort::SortPairsDescending", d_temp_storage,
                                    temp_storage_bytes, false, k, v, simt_cub::count_of(num_items), begin_bit,
                                    end_bit, true, stream);
    }
    template <typename KeyT, typename ValueT, typename NumItemsT>
    static cudaError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                                           DoubleBuffer<KeyT> &d_keys, DoubleBuffer<ValueT> &d_values,
                                           NumItemsT num_items, int begin_bit = 0,
                                           int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        return simt_cub::radix_sort("cub::DeviceRadixSort::SortPairsDescending", d_temp_storage,
                                    temp_storage_bytes, true, d_keys, d_values, simt_cub::count_of(num_items),
                                    begin_bit, end_bit, true, stream);
    }
    template <typename KeyT, typename NumItemsT>
    static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                KeyT *d_keys_out, NumItemsT num_items, int begin_bit = 0,
                                int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        DoubleBuffer<KeyT> k(const_cast<KeyT *>(d_keys_in), d_keys_out);
        DoubleBuffer<NullType> v;
        return simt_cub::radix_sort("cub::DeviceRadixSort::SortKeys", d_temp_storage, temp_storage_bytes,
                                    false, k, v, simt_cub::count_of(num_items), begin_bit, end_bit, false,
                                    stream);
    }
    template <typename KeyT, typename NumItemsT>
    static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                NumItemsT num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                cudaStream_t stream = 0)
    {
        DoubleBuffer<NullType> v;
        return simt_cub::radix_sort("cub::DeviceRadixSort::SortKeys", d_temp_storage, temp_storage_bytes,
                                    true, d_keys, v, simt_cub::count_of(num_items), begin_bit, end_bit, false,
                                    stream);
    }
    template <typename KeyT, typename NumItemsT>
    static cudaError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                                          const KeyT *d_keys_in, KeyT *d_keys_out, NumItemsT num_items,
                                          int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                          cudaStream_t stream = 0)
    {
        DoubleBuffer<KeyT> k(const_cast<KeyT *>(d_keys_in), d_keys_out);
        DoubleBuffer<NullType> v;
        return simt_cub::radix_sort("cub::DeviceRadixSort::SortKeysDescending", d_temp_storage,
                                    temp_storage_bytes, false, k, v, simt_cub::count_of(num_items), begin_bit,
                                    end_bit, true, stream);
    }
    template <typename KeyT, typename NumItemsT>
    static cudaError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                                          DoubleBuffer<KeyT> &d_keys, NumItemsT num_items, int begin_bit = 0,
                                          int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        DoubleBuffer<NullType> v;
        return simt_cub::radix_sort("cub::DeviceRadixSort::SortKeysDescending", d_temp_storage,
                                    temp_storage_bytes, true, d_keys, v, simt_cub::count_of(num_items),
                                    begin_bit, end_bit, true, stream);
    }
};

CUB_NAMESPACE_END

#endif
