/* oxhip: hipCUB's WarpExchange (docs/libraries.md): rearranges ITEMS_PER_THREAD items per lane
 * of a logical warp of 1 to 32 lanes (a power of two) between the blocked arrangement (lane l
 * holds ranks l * N .. l * N + N - 1 of the warp's tile) and the striped one (lane l holds
 * ranks l, l + W, l + 2W, ...), and scatters by rank, through the warp's TempStorage in shared
 * memory between `__syncwarp`s of the logical warp. Both algorithms take that path on every
 * target (WARP_EXCHANGE_SHUFFLE is accepted), so the CPU device needs no shuffles. Each
 * logical warp needs a TempStorage of its own; every lane of the logical warp must call.
 */
#ifndef OXHIP_HIPCUB_WARP_EXCHANGE_HPP
#define OXHIP_HIPCUB_WARP_EXCHANGE_HPP

#include "../util.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {

enum WarpExchangeAlgorithm { WARP_EXCHANGE_SMEM, WARP_EXCHANGE_SHUFFLE };

namespace detail {

template <unsigned int Width>
static __device__ __forceinline__ void logical_warp_sync() {
  __syncwarp(logical_lanes(Width));
}

template <unsigned int Width>
static __device__ __forceinline__ int logical_lane() {
  return (int)(__lane_id() & (Width - 1u));
}

}  // namespace detail

template <class InputT, int ITEMS_PER_THREAD, int LOGICAL_WARP_THREADS = 32, int ARCH = 0,
          WarpExchangeAlgorithm WARP_EXCHANGE_ALGORITHM = WARP_EXCHANGE_SMEM>
class WarpExchange {
  static_assert(LOGICAL_WARP_THREADS >= 1 && LOGICAL_WARP_THREADS <= 32 &&
                    (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0,
                "oxhip's WarpExchange takes logical warps of 1 to 32 threads, a power of two");
  enum { Width = LOGICAL_WARP_THREADS, Items = ITEMS_PER_THREAD, Tile = Width * Items };

 public:
  struct TempStorage {
    detail::Uninitialized<InputT> items[Tile];
  };

  __device__ __forceinline__ explicit WarpExchange(TempStorage& storage)
      : storage_(storage), lane_(detail::logical_lane<Width>()) {}

  template <class OutputT>
  __device__ __forceinline__ void BlockedToStriped(const InputT (&input)[Items],
                                                   OutputT (&output)[Items]) {
    for (int i = 0; i < Items; ++i) storage_.items[lane_ * Items + i].get() = input[i];
    detail::logical_warp_sync<Width>();
    for (int i = 0; i < Items; ++i) output[i] = storage_.items[i * Width + lane_].get();
    detail::logical_warp_sync<Width>();
  }
  template <class OutputT>
  __device__ __forceinline__ void StripedToBlocked(const InputT (&input)[Items],
                                                   OutputT (&output)[Items]) {
    for (int i = 0; i < Items; ++i) storage_.items[i * Width + lane_].get() = input[i];
    detail::logical_warp_sync<Width>();
    for (int i = 0; i < Items; ++i) output[i] = storage_.items[lane_ * Items + i].get();
    detail::logical_warp_sync<Width>();
  }
  /* Item i goes to rank ranks[i] of the warp's tile (0 .. W * N - 1); the result is striped. */
  template <class OffsetT>
  __device__ __forceinline__ void ScatterToStriped(InputT (&items)[Items],
                                                   OffsetT (&ranks)[Items]) {
    ScatterToStriped(items, items, ranks);
  }
  template <class OutputT, class OffsetT>
  __device__ __forceinline__ void ScatterToStriped(const InputT (&input)[Items],
                                                   OutputT (&output)[Items],
                                                   OffsetT (&ranks)[Items]) {
    for (int i = 0; i < Items; ++i) storage_.items[(int)ranks[i]].get() = input[i];
    detail::logical_warp_sync<Width>();
    for (int i = 0; i < Items; ++i) output[i] = storage_.items[i * Width + lane_].get();
    detail::logical_warp_sync<Width>();
  }

 private:
  TempStorage& storage_;
  int lane_;
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_WARP_EXCHANGE_HPP */
