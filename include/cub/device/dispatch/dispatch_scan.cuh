/*
 * cub/device/dispatch/dispatch_scan.cuh: cub::DispatchScan (CUB 3.0's
 * parameters; dispatch_common.cuh says how simt runs it).  InitValueT is
 * NullType for an inclusive scan without an initial value, else a
 * detail::InputValue (given now or as a FutureValue): an exclusive scan
 * from it, or an inclusive one when EnforceInclusive is
 * ForceInclusive::Yes.  The accumulator type is the caller's AccumT.
 */
#ifndef SIMT_CUB_DEVICE_DISPATCH_DISPATCH_SCAN_CUH
#define SIMT_CUB_DEVICE_DISPATCH_DISPATCH_SCAN_CUH
#pragma GCC system_header

#include "dispatch_common.cuh"
#include "tuning/tuning_scan.cuh"
#include "../device_scan.cuh"

CUB_NAMESPACE_BEGIN

enum class ForceInclusive { Yes, No };

namespace detail {
namespace scan {
/* The value type an InitValueT gives the accumulator: the input's for no
 * initial value. */
template <typename InitValueT, typename InputT>
struct init_type {
    typedef typename InitValueT::value_type type;
};
template <typename InputT>
struct init_type<NullType, InputT> {
    typedef InputT type;
};
} /* namespace scan */
} /* namespace detail */

template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename InitValueT, typename OffsetT,
          typename AccumT = simt_cub::accum_t<
              ScanOpT, detail::it_value_t<InputIteratorT>,
              typename detail::scan::init_type<InitValueT, detail::it_value_t<InputIteratorT>>::type>,
          ForceInclusive EnforceInclusive = ForceInclusive::No,
          typename PolicyHub = detail::scan::policy_hub<detail::it_value_t<InputIteratorT>,
                                                        detail::it_value_t<OutputIteratorT>, AccumT, OffsetT, ScanOpT>,
          typename KernelSource = detail::simt_dispatch::unused,
          typename KernelLauncherFactory = detail::simt_dispatch::unused>
struct DispatchScan {
    static_assert(::std::is_unsigned<OffsetT>::value && sizeof(OffsetT) >= 4,
                  "cub::DispatchScan takes an unsigned offset type of 4 bytes or more, as CUB 3.0's does");

    using MaxPolicy = typename PolicyHub::MaxPolicy;

    /* The dispatch object: a closure over the arguments, which the policy
     * chain invokes with the policy it selected. */
    void *d_temp_storage;
    size_t &temp_storage_bytes;
    InputIteratorT d_in;
    OutputIteratorT d_out;
    ScanOpT scan_op;
    InitValueT init_value;
    OffsetT num_items;
    cudaStream_t stream;
    int ptx_version;
    KernelSource kernel_source;
    KernelLauncherFactory launcher_factory;

    DispatchScan(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in, OutputIteratorT d_out,
                 OffsetT num_items, ScanOpT scan_op, InitValueT init_value, cudaStream_t stream, int ptx_version,
                 KernelSource kernel_source = {}, KernelLauncherFactory launcher_factory = {})
        : d_temp_storage(d_temp_storage), temp_storage_bytes(temp_storage_bytes), d_in(d_in), d_out(d_out),
          scan_op(scan_op), init_value(init_value), num_items(num_items), stream(stream), ptx_version(ptx_version),
          kernel_source(kernel_source), launcher_factory(launcher_factory)
    {
    }

    /* simt's scan, whatever the policy (its values tune a GPU). */
    template <typename ActivePolicyT>
    cudaError_t Invoke()
    {
        constexpr bool has_init = !::std::is_same<InitValueT, NullType>::value;
        constexpr bool inclusive = !has_init || EnforceInclusive == ForceInclusive::Yes;
        if constexpr (has_init)
            return simt_cub::scan<AccumT, inclusive, true>("cub::DispatchScan", d_temp_storage, temp_storage_bytes,
                                                           d_in, d_out, scan_op, init_value,
                                                           simt_cub::count_of(num_items), stream);
        else
            return simt_cub::scan<AccumT, true, false>("cub::DispatchScan", d_temp_storage, temp_storage_bytes, d_in,
                                                       d_out, scan_op, simt_cub::no_init{},
                                                       simt_cub::count_of(num_items), stream);
    }

    template <typename MaxPolicyT = typename PolicyHub::MaxPolicy>
    static cudaError_t Dispatch(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                OutputIteratorT d_out, ScanOpT scan_op, InitValueT init_value, OffsetT num_items,
                                cudaStream_t stream, KernelSource kernel_source = {},
                                KernelLauncherFactory launcher_factory = {}, MaxPolicyT = {})
    {
        int ptx_version = 0;
        cudaError_t error = PtxVersion(ptx_version);
        if (error != cudaSuccess)
            return error;
        DispatchScan dispatch(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, scan_op, init_value, stream,
                              ptx_version, kernel_source, launcher_factory);
        return MaxPolicyT::Invoke(ptx_version, dispatch);
    }
};

CUB_NAMESPACE_END

#endif
