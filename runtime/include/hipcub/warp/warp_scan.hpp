/* oxhip: hipCUB's WarpScan over logical warps of 1 to 32 threads (a power of two)
 * (docs/libraries.md). */
#ifndef OXHIP_HIPCUB_WARP_SCAN_HPP
#define OXHIP_HIPCUB_WARP_SCAN_HPP

#include "../util.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {

template <class T, int LOGICAL_WARP_THREADS = 32, int ARCH = 0>
class WarpScan {
  static_assert(LOGICAL_WARP_THREADS >= 1 && LOGICAL_WARP_THREADS <= 32 &&
                    (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0,
                "oxhip's WarpScan takes logical warps of 1 to 32 threads, a power of two");
  static const unsigned int Width = LOGICAL_WARP_THREADS;

 public:
  struct TempStorage {
    unsigned char unused;
  };
  __device__ __forceinline__ explicit WarpScan(TempStorage&) {}

  __device__ __forceinline__ void InclusiveSum(T input, T& output) {
    output = detail::warp_inclusive_scan<Width>(input, hipcub::Sum());
  }
  __device__ __forceinline__ void InclusiveSum(T input, T& output, T& warp_aggregate) {
#if defined(__OXHIP_CPU__)
    T previous;
    detail::cpu_warp_scan<Width>(input, hipcub::Sum(), output, previous, warp_aggregate);
#else
    InclusiveSum(input, output);
    warp_aggregate = detail::shfl_idx(Width, output, Width - 1);
#endif
  }
  __device__ __forceinline__ void ExclusiveSum(T input, T& output) {
    T aggregate;
    ExclusiveSum(input, output, aggregate);
  }
  /* From the inclusive values of the lane before (not inclusive - input, which rounds for
   * floating point). */
  __device__ __forceinline__ void ExclusiveSum(T input, T& output, T& warp_aggregate) {
#if defined(__OXHIP_CPU__)
    T inclusive, previous;
    detail::cpu_warp_scan<Width>(input, hipcub::Sum(), inclusive, previous, warp_aggregate);
#else
    T inclusive = detail::warp_inclusive_scan<Width>(input, hipcub::Sum());
    warp_aggregate = detail::shfl_idx(Width, inclusive, Width - 1);
    T previous = detail::shfl_up(Width, inclusive, 1);
#endif
    output = (__lane_id() & (Width - 1u)) == 0 ? T() : previous;
  }
  template <class ScanOp>
  __device__ __forceinline__ void InclusiveScan(T input, T& output, ScanOp op) {
    output = detail::warp_inclusive_scan<Width>(input, op);
  }
  template <class ScanOp>
  __device__ __forceinline__ void InclusiveScan(T input, T& output, ScanOp op,
                                                T& warp_aggregate) {
#if defined(__OXHIP_CPU__)
    T previous;
    detail::cpu_warp_scan<Width>(input, op, output, previous, warp_aggregate);
#else
    InclusiveScan(input, output, op);
    warp_aggregate = detail::shfl_idx(Width, output, Width - 1);
#endif
  }
  /* Lane 0 gets `initial_value`, lane i op(initial, x0, ..., x(i-1)). */
  template <class ScanOp>
  __device__ __forceinline__ void ExclusiveScan(T input, T& output, T initial_value, ScanOp op) {
#if defined(__OXHIP_CPU__)
    T inclusive, previous, aggregate;
    detail::cpu_warp_scan<Width>(input, op, inclusive, previous, aggregate);
#else
    T inclusive = detail::warp_inclusive_scan<Width>(input, op);
    T previous = detail::shfl_up(Width, inclusive, 1);
#endif
    output = (__lane_id() & (Width - 1u)) == 0 ? initial_value : op(initial_value, previous);
  }
};


}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_WARP_SCAN_HPP */
