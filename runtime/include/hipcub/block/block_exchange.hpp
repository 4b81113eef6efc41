/* oxhip: hipCUB's BlockExchange (docs/libraries.md): rearranges ITEMS_PER_THREAD items per
 * thread between the blocked arrangement (thread r holds ranks r * N .. r * N + N - 1), the
 * striped one (thread r holds ranks r, r + T, r + 2T, ...) and the warp-striped one (each
 * logical warp of 32 threads holds 32 * N consecutive ranks, striped among its lanes; 32 on
 * every target, so layouts and TempStorage match across passes), and scatters by rank,
 * through shared memory. As in CUB, the warp-striped exchanges synchronise each warp only
 * (with whole warps, on the GPUs), so a block that reuses the storage for something else
 * needs a __syncthreads() first.
 */
#ifndef OXHIP_HIPCUB_BLOCK_EXCHANGE_HPP
#define OXHIP_HIPCUB_BLOCK_EXCHANGE_HPP

#include "../util.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, bool WARP_TIME_SLICING = false,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockExchange {
  enum {
    Threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z,
    Items = ITEMS_PER_THREAD,
    Tile = Threads * Items,
    Slots = Tile + Tile / 32 + 1
  };
  static __device__ __forceinline__ int slot(int index) { return index + (index >> 5); }

 public:
  struct TempStorage {
    detail::Uninitialized<T> items[Slots];
  };

  __device__ __forceinline__ explicit BlockExchange(TempStorage& storage)
      : storage_(storage), rank_((int)detail::block_rank()) {}

  template <class OutputT>
  __device__ __forceinline__ void StripedToBlocked(const T (&input)[Items],
                                                   OutputT (&output)[Items]) {
    for (int i = 0; i < Items; ++i) put(i * Threads + rank_, input[i]);
    __syncthreads();
    for (int i = 0; i < Items; ++i) output[i] = get(rank_ * Items + i);
    __syncthreads();
  }
  template <class OutputT>
  __device__ __forceinline__ void BlockedToStriped(const T (&input)[Items],
                                                   OutputT (&output)[Items]) {
    for (int i = 0; i < Items; ++i) put(rank_ * Items + i, input[i]);
    __syncthreads();
    for (int i = 0; i < Items; ++i) output[i] = get(i * Threads + rank_);
    __syncthreads();
  }
  template <class OutputT>
  __device__ __forceinline__ void WarpStripedToBlocked(const T (&input)[Items],
                                                       OutputT (&output)[Items]) {
    for (int i = 0; i < Items; ++i) put(warp_striped(i), input[i]);
    warp_exchange_sync();
    for (int i = 0; i < Items; ++i) output[i] = get(rank_ * Items + i);
    warp_exchange_sync();
  }
  template <class OutputT>
  __device__ __forceinline__ void BlockedToWarpStriped(const T (&input)[Items],
                                                       OutputT (&output)[Items]) {
    for (int i = 0; i < Items; ++i) put(rank_ * Items + i, input[i]);
    warp_exchange_sync();
    for (int i = 0; i < Items; ++i) output[i] = get(warp_striped(i));
    warp_exchange_sync();
  }
  /* Item i goes to rank ranks[i]; the result is blocked. */
  template <class OutputT, class OffsetT>
  __device__ __forceinline__ void ScatterToBlocked(const T (&input)[Items],
                                                   OutputT (&output)[Items],
                                                   const OffsetT (&ranks)[Items]) {
    for (int i = 0; i < Items; ++i) put((int)ranks[i], input[i]);
    __syncthreads();
    for (int i = 0; i < Items; ++i) output[i] = get(rank_ * Items + i);
    __syncthreads();
  }
  template <class OutputT, class OffsetT>
  __device__ __forceinline__ void ScatterToStriped(const T (&input)[Items],
                                                   OutputT (&output)[Items],
                                                   const OffsetT (&ranks)[Items]) {
    for (int i = 0; i < Items; ++i) put((int)ranks[i], input[i]);
    __syncthreads();
    for (int i = 0; i < Items; ++i) output[i] = get(i * Threads + rank_);
    __syncthreads();
  }
  /* Ranks below zero are skipped. */
  template <class OutputT, class OffsetT>
  __device__ __forceinline__ void ScatterToStripedGuarded(const T (&input)[Items],
                                                          OutputT (&output)[Items],
                                                          const OffsetT (&ranks)[Items]) {
    for (int i = 0; i < Items; ++i)
      if (ranks[i] >= 0) put((int)ranks[i], input[i]);
    __syncthreads();
    for (int i = 0; i < Items; ++i) output[i] = get(i * Threads + rank_);
    __syncthreads();
  }
  template <class OutputT, class OffsetT, class ValidFlag>
  __device__ __forceinline__ void ScatterToStripedFlagged(const T (&input)[Items],
                                                          OutputT (&output)[Items],
                                                          const OffsetT (&ranks)[Items],
                                                          const ValidFlag (&is_valid)[Items]) {
    for (int i = 0; i < Items; ++i)
      if (is_valid[i]) put((int)ranks[i], input[i]);
    __syncthreads();
    for (int i = 0; i < Items; ++i) output[i] = get(i * Threads + rank_);
    __syncthreads();
  }

  /* The in-place forms. */
  __device__ __forceinline__ void StripedToBlocked(T (&items)[Items]) {
    StripedToBlocked(items, items);
  }
  __device__ __forceinline__ void BlockedToStriped(T (&items)[Items]) {
    BlockedToStriped(items, items);
  }
  __device__ __forceinline__ void WarpStripedToBlocked(T (&items)[Items]) {
    WarpStripedToBlocked(items, items);
  }
  __device__ __forceinline__ void BlockedToWarpStriped(T (&items)[Items]) {
    BlockedToWarpStriped(items, items);
  }
  template <class OffsetT>
  __device__ __forceinline__ void ScatterToBlocked(T (&items)[Items],
                                                   const OffsetT (&ranks)[Items]) {
    ScatterToBlocked(items, items, ranks);
  }
  template <class OffsetT>
  __device__ __forceinline__ void ScatterToStriped(T (&items)[Items],
                                                   const OffsetT (&ranks)[Items]) {
    ScatterToStriped(items, items, ranks);
  }

 public:
  /* Whether the warp-striped exchanges stay within each warp's own 32 * N slots, so that a
   * warp need wait for itself only, as CUB's do: whole warps of 32 on the GPUs. (On the CPU
   * device a block barrier is the cheaper phase, docs/cpu-target.md.) */
#if defined(__OXHIP_CPU__)
  enum { WarpLocal = 0 };
#else
  enum { WarpLocal = Threads % 32 == 0 };
#endif

 private:
  static __device__ __forceinline__ void warp_exchange_sync() {
#if defined(__OXHIP_CPU__)
    __syncthreads();
#else
    if (WarpLocal)
      __syncwarp();
    else
      __syncthreads();
#endif
  }
  __device__ __forceinline__ int warp_striped(int item) const {
    int warp = rank_ / 32, lane = rank_ & 31;
    return warp * 32 * Items + item * 32 + lane;
  }
  __device__ __forceinline__ void put(int index, const T& value) {
    storage_.items[slot(index)].get() = value;
  }
  __device__ __forceinline__ T get(int index) { return storage_.items[slot(index)].get(); }

  TempStorage& storage_;
  int rank_;
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_BLOCK_EXCHANGE_HPP */
