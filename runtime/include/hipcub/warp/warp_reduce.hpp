/* oxhip: hipCUB's WarpReduce over logical warps of 1 to 32 threads (a power of two); every
 * lane gets the aggregate (docs/libraries.md). */
#ifndef OXHIP_HIPCUB_WARP_REDUCE_HPP
#define OXHIP_HIPCUB_WARP_REDUCE_HPP

#include "../util.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {

template <class T, int LOGICAL_WARP_THREADS = 32, int ARCH = 0>
class WarpReduce {
  static_assert(LOGICAL_WARP_THREADS >= 1 && LOGICAL_WARP_THREADS <= 32 &&
                    (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0,
                "oxhip's WarpReduce takes logical warps of 1 to 32 threads, a power of two");
  static const unsigned int Width = LOGICAL_WARP_THREADS;

 public:
  struct TempStorage {
    unsigned char unused;
  };
  __device__ __forceinline__ explicit WarpReduce(TempStorage&) {}

  __device__ __forceinline__ T Sum(T input) { return Reduce(input, hipcub::Sum()); }
  __device__ __forceinline__ T Sum(T input, int valid_items) {
    return Reduce(input, hipcub::Sum(), valid_items);
  }
  template <class ReductionOp>
  __device__ __forceinline__ T Reduce(T input, ReductionOp op) {
    return detail::warp_reduce<Width>(input, op, Width);
  }
  template <class ReductionOp>
  __device__ __forceinline__ T Reduce(T input, ReductionOp op, int valid_items) {
    return detail::warp_reduce<Width>(input, op, valid_items < 0 ? 0u : (unsigned int)valid_items);
  }
};


}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_WARP_REDUCE_HPP */
