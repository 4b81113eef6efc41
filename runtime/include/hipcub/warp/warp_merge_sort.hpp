/* oxhip: hipCUB's WarpMergeSort (docs/libraries.md): BlockMergeSort's stable merge sort over a
 * logical warp of 1 to 32 lanes (a power of two), with `__syncwarp`s of the logical warp for
 * barriers, through the warp's own TempStorage in shared memory, the same on every target. The
 * result is blocked across the warp's lanes.
 */
#ifndef OXHIP_HIPCUB_WARP_MERGE_SORT_HPP
#define OXHIP_HIPCUB_WARP_MERGE_SORT_HPP

#include "../util.hpp"
#include "../block/block_merge_sort.hpp"
#include "warp_exchange.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {
namespace detail {

template <unsigned int Width>
struct WarpSync {
  static __device__ __forceinline__ void sync() { logical_warp_sync<Width>(); }
};

}  // namespace detail

template <class KeyT, int ITEMS_PER_THREAD, int LOGICAL_WARP_THREADS = 32,
          class ValueT = NullType, int ARCH = 0>
class WarpMergeSort
    : public detail::MergeSortApi<
          WarpMergeSort<KeyT, ITEMS_PER_THREAD, LOGICAL_WARP_THREADS, ValueT, ARCH>, KeyT, ValueT,
          ITEMS_PER_THREAD,
          detail::MergeSortTile<KeyT, ValueT, LOGICAL_WARP_THREADS, ITEMS_PER_THREAD,
                                detail::WarpSync<LOGICAL_WARP_THREADS>>> {
  static_assert(LOGICAL_WARP_THREADS >= 1 && LOGICAL_WARP_THREADS <= 32 &&
                    (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0,
                "oxhip's WarpMergeSort takes logical warps of 1 to 32 threads, a power of two");
  typedef detail::MergeSortTile<KeyT, ValueT, LOGICAL_WARP_THREADS, ITEMS_PER_THREAD,
                                detail::WarpSync<LOGICAL_WARP_THREADS>>
      Tile;

 public:
  typedef typename Tile::Storage TempStorage;

  __device__ __forceinline__ explicit WarpMergeSort(TempStorage& storage)
      : storage_(&storage), lane_(detail::logical_lane<LOGICAL_WARP_THREADS>()) {}

  __device__ __forceinline__ TempStorage& storage() { return *storage_; }
  __device__ __forceinline__ int rank() const { return lane_; }
  /* CUB's: the lanes of the caller's logical warp, and its lane in it. */
  __device__ __forceinline__ unsigned int get_member_mask() const {
    return (unsigned int)detail::logical_lanes(LOGICAL_WARP_THREADS);
  }
  __device__ __forceinline__ unsigned int get_linear_tid() const { return (unsigned int)lane_; }

 private:
  TempStorage* storage_;
  int lane_;
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_WARP_MERGE_SORT_HPP */
