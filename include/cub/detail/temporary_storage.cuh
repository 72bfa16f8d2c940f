/*
 * cub/detail/temporary_storage.cuh: cub::detail::temporary_storage, the
 * typed view of a device-scope algorithm's temporary storage that CUB's
 * dispatch layer builds on.  A layout holds SlotsCount slots, laid out one
 * after another (256-byte aligned, as AliasTemporaries carves them); a
 * slot is as large as the largest of its aliases, which share its memory;
 * an alias is an array of T that may grow until the layout is mapped onto
 * the caller's buffer.
 */
#ifndef SIMT_CUB_DETAIL_TEMPORARY_STORAGE_CUH
#define SIMT_CUB_DETAIL_TEMPORARY_STORAGE_CUH
#pragma GCC system_header

#include <cstddef>

#include "../util_temporary_storage.cuh"

CUB_NAMESPACE_BEGIN

namespace detail {
namespace temporary_storage {

class slot;

template <typename T>
class alias;

template <int SlotsCount>
class layout;

/* A region of the layout: the bytes its largest alias needs, and where it
 * lies once the layout is mapped. */
class slot {
    size_t m_size{};
    void *m_pointer{};

    __host__ __device__ void need(size_t bytes)
    {
        if (bytes > m_size)
            m_size = bytes;
    }

    template <typename T>
    friend class alias;
    template <int>
    friend class layout;

public:
    slot() = default;

    template <typename T>
    __host__ __device__ alias<T> create_alias(size_t elements = 0);
};

/* An array of T in a slot; get() is nullptr while it has no elements. */
template <typename T>
class alias {
    slot &m_slot;
    size_t m_elements{};

    __host__ __device__ explicit alias(slot &s, size_t elements = 0) : m_slot(s), m_elements(elements)
    {
        m_slot.need(m_elements * sizeof(T));
    }

    friend class slot;

public:
    alias() = delete;

    __host__ __device__ void grow(size_t new_elements)
    {
        m_elements = new_elements;
        m_slot.need(m_elements * sizeof(T));
    }

    __host__ __device__ T *get() const
    {
        return m_elements ? static_cast<T *>(m_slot.m_pointer) : nullptr;
    }
};

template <typename T>
__host__ __device__ alias<T> slot::create_alias(size_t elements)
{
    return alias<T>(*this, elements);
}

/* The slots, their sizes as the aliases left them, and the one mapping. */
template <int SlotsCount>
class layout {
    slot m_slots[SlotsCount];
    size_t m_sizes[SlotsCount];
    void *m_pointers[SlotsCount];
    bool m_mapped{};

    __host__ __device__ void collect()
    {
        if (m_mapped)
            return;
        for (int i = 0; i < SlotsCount; i++)
            m_sizes[i] = m_slots[i].m_size;
    }

public:
    layout() = default;

    /* nullptr for an id past the last slot. */
    __host__ __device__ slot *get_slot(int slot_id)
    {
        return slot_id < SlotsCount ? &m_slots[slot_id] : nullptr;
    }

    /* The bytes the caller must allocate: never 0, so that the second call
     * of the two-phase protocol is told from the first by its pointer. */
    __host__ __device__ size_t get_size()
    {
        collect();
        size_t bytes = 0;
        AliasTemporaries(nullptr, bytes, m_pointers, m_sizes);
        return bytes ? bytes : 1;
    }

    /* Places the slots in the buffer: cudaErrorInvalidValue when it is too
     * small, cudaErrorAlreadyMapped the second time. */
    __host__ __device__ cudaError_t map_to_buffer(void *d_temp_storage, size_t temp_storage_bytes)
    {
        if (m_mapped)
            return cudaErrorAlreadyMapped;
        collect();
        cudaError_t error = AliasTemporaries(d_temp_storage, temp_storage_bytes, m_pointers, m_sizes);
        if (error != cudaSuccess)
            return error;
        for (int i = 0; i < SlotsCount; i++)
            m_slots[i].m_pointer = m_pointers[i];
        m_mapped = true;
        return cudaSuccess;
    }
};

} /* namespace temporary_storage */
} /* namespace detail */

CUB_NAMESPACE_END

#endif
