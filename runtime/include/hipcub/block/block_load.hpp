/* oxhip: hipCUB's BlockLoad and the direct loads (docs/libraries.md). Every algorithm gives
 * CUB's arrangement: BLOCK_LOAD_STRIPED leaves the items striped (thread r holds ranks r,
 * r + T, ...), every other one blocked (thread r holds ranks r * N ...). DIRECT and
 * VECTORIZE read the blocked ranks directly; TRANSPOSE and WARP_TRANSPOSE read striped
 * (coalesced) and transpose through shared memory: TRANSPOSE block-striped with block
 * barriers, WARP_TRANSPOSE warp-striped with warp syncs only (whole warps on the GPUs; else
 * as TRANSPOSE).
 */
#ifndef OXHIP_HIPCUB_BLOCK_LOAD_HPP
#define OXHIP_HIPCUB_BLOCK_LOAD_HPP

#include "../util.hpp"
#include "block_exchange.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {

enum BlockLoadAlgorithm {
  BLOCK_LOAD_DIRECT,
  BLOCK_LOAD_STRIPED,
  BLOCK_LOAD_VECTORIZE,
  BLOCK_LOAD_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED
};

template <class InputT, int ITEMS_PER_THREAD, class InputIt>
__device__ __forceinline__ void LoadDirectBlocked(int linear_tid, InputIt block_itr,
                                                  InputT (&items)[ITEMS_PER_THREAD]) {
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[i] = block_itr[linear_tid * ITEMS_PER_THREAD + i];
}
template <class InputT, int ITEMS_PER_THREAD, class InputIt>
__device__ __forceinline__ void LoadDirectBlocked(int linear_tid, InputIt block_itr,
                                                  InputT (&items)[ITEMS_PER_THREAD],
                                                  int valid_items) {
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    if (linear_tid * ITEMS_PER_THREAD + i < valid_items)
      items[i] = block_itr[linear_tid * ITEMS_PER_THREAD + i];
}
template <class InputT, class DefaultT, int ITEMS_PER_THREAD, class InputIt>
__device__ __forceinline__ void LoadDirectBlocked(int linear_tid, InputIt block_itr,
                                                  InputT (&items)[ITEMS_PER_THREAD],
                                                  int valid_items, DefaultT oob_default) {
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[i] = oob_default;
  LoadDirectBlocked(linear_tid, block_itr, items, valid_items);
}
template <class T, int ITEMS_PER_THREAD>
__device__ __forceinline__ void LoadDirectBlockedVectorized(int linear_tid, T* block_ptr,
                                                            T (&items)[ITEMS_PER_THREAD]) {
  LoadDirectBlocked(linear_tid, block_ptr, items);
}
template <int BLOCK_THREADS, class InputT, int ITEMS_PER_THREAD, class InputIt>
__device__ __forceinline__ void LoadDirectStriped(int linear_tid, InputIt block_itr,
                                                  InputT (&items)[ITEMS_PER_THREAD]) {
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[i] = block_itr[i * BLOCK_THREADS + linear_tid];
}
template <int BLOCK_THREADS, class InputT, int ITEMS_PER_THREAD, class InputIt>
__device__ __forceinline__ void LoadDirectStriped(int linear_tid, InputIt block_itr,
                                                  InputT (&items)[ITEMS_PER_THREAD],
                                                  int valid_items) {
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    if (i * BLOCK_THREADS + linear_tid < valid_items)
      items[i] = block_itr[i * BLOCK_THREADS + linear_tid];
}
template <int BLOCK_THREADS, class InputT, class DefaultT, int ITEMS_PER_THREAD, class InputIt>
__device__ __forceinline__ void LoadDirectStriped(int linear_tid, InputIt block_itr,
                                                  InputT (&items)[ITEMS_PER_THREAD],
                                                  int valid_items, DefaultT oob_default) {
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[i] = oob_default;
  LoadDirectStriped<BLOCK_THREADS>(linear_tid, block_itr, items, valid_items);
}
/* Warp-striped: each logical warp of 32 threads reads 32 * N consecutive items. */
template <class InputT, int ITEMS_PER_THREAD, class InputIt>
__device__ __forceinline__ void LoadDirectWarpStriped(int linear_tid, InputIt block_itr,
                                                      InputT (&items)[ITEMS_PER_THREAD]) {
  int first = (linear_tid / 32) * 32 * ITEMS_PER_THREAD + (linear_tid & 31);
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[i] = block_itr[first + i * 32];
}
template <class InputT, int ITEMS_PER_THREAD, class InputIt>
__device__ __forceinline__ void LoadDirectWarpStriped(int linear_tid, InputIt block_itr,
                                                      InputT (&items)[ITEMS_PER_THREAD],
                                                      int valid_items) {
  int first = (linear_tid / 32) * 32 * ITEMS_PER_THREAD + (linear_tid & 31);
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    if (first + i * 32 < valid_items) items[i] = block_itr[first + i * 32];
}
template <class InputT, class DefaultT, int ITEMS_PER_THREAD, class InputIt>
__device__ __forceinline__ void LoadDirectWarpStriped(int linear_tid, InputIt block_itr,
                                                      InputT (&items)[ITEMS_PER_THREAD],
                                                      int valid_items, DefaultT oob_default) {
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[i] = oob_default;
  LoadDirectWarpStriped(linear_tid, block_itr, items, valid_items);
}

template <class InputT, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockLoad {
  enum {
    Threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z,
    Transposes = ALGORITHM == BLOCK_LOAD_TRANSPOSE || ALGORITHM == BLOCK_LOAD_WARP_TRANSPOSE ||
                 ALGORITHM == BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED,
    WarpTransposes = ALGORITHM == BLOCK_LOAD_WARP_TRANSPOSE ||
                     ALGORITHM == BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED
  };
  typedef BlockExchange<InputT, BLOCK_DIM_X, ITEMS_PER_THREAD, false, BLOCK_DIM_Y, BLOCK_DIM_Z>
      Exchange;

 public:
  struct EmptyStorage {
    unsigned char unused;
  };
  typedef typename std::conditional<Transposes != 0, typename Exchange::TempStorage,
                                    EmptyStorage>::type TempStorage;

  /* Without storage, a private shared allocation (only kernels that use this constructor
   * get one). */
  __device__ __forceinline__ BlockLoad()
      : storage_(private_storage()), rank_((int)detail::block_rank()) {}
  __device__ __forceinline__ explicit BlockLoad(TempStorage& storage)
      : storage_(&storage), rank_((int)detail::block_rank()) {}

  template <class InputIt>
  __device__ __forceinline__ void Load(InputIt block_itr, InputT (&items)[ITEMS_PER_THREAD]) {
    load(block_itr, items, Threads * ITEMS_PER_THREAD);
  }
  template <class InputIt>
  __device__ __forceinline__ void Load(InputIt block_itr, InputT (&items)[ITEMS_PER_THREAD],
                                       int valid_items) {
    load(block_itr, items, valid_items);
  }
  template <class InputIt, class DefaultT>
  __device__ __forceinline__ void Load(InputIt block_itr, InputT (&items)[ITEMS_PER_THREAD],
                                       int valid_items, DefaultT oob_default) {
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) items[i] = oob_default;
    load(block_itr, items, valid_items);
  }

 private:
  static __device__ __forceinline__ TempStorage* private_storage() {
    __shared__ TempStorage storage;
    return &storage;
  }

  template <class InputIt>
  __device__ __forceinline__ void load(InputIt block_itr, InputT (&items)[ITEMS_PER_THREAD],
                                       int valid_items) {
    if (ALGORITHM == BLOCK_LOAD_STRIPED) {
      LoadDirectStriped<Threads>(rank_, block_itr, items, valid_items);
    } else if (WarpTransposes && Exchange::WarpLocal) {
      /* Each warp reads its own 32 * N ranks, coalesced, and transposes them itself. */
      InputT striped[ITEMS_PER_THREAD];
      LoadDirectWarpStriped(rank_, block_itr, striped, valid_items);
      InputT blocked[ITEMS_PER_THREAD];
      Exchange(*reinterpret_cast<typename Exchange::TempStorage*>(storage_))
          .WarpStripedToBlocked(striped, blocked);
      for (int i = 0; i < ITEMS_PER_THREAD; ++i)
        if (rank_ * ITEMS_PER_THREAD + i < valid_items) items[i] = blocked[i];
    } else if (Transposes) {
      /* Striped reads, then to blocked; the items past valid_items keep their values. */
      InputT striped[ITEMS_PER_THREAD];
      LoadDirectStriped<Threads>(rank_, block_itr, striped, valid_items);
      InputT blocked[ITEMS_PER_THREAD];
      Exchange(*reinterpret_cast<typename Exchange::TempStorage*>(storage_))
          .StripedToBlocked(striped, blocked);
      for (int i = 0; i < ITEMS_PER_THREAD; ++i)
        if (rank_ * ITEMS_PER_THREAD + i < valid_items) items[i] = blocked[i];
    } else {
      LoadDirectBlocked(rank_, block_itr, items, valid_items);
    }
  }

  TempStorage* storage_;
  int rank_;
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_BLOCK_LOAD_HPP */
