/* oxhip: hipCUB's BlockStore and the direct stores (docs/libraries.md), the mirror of
 * BlockLoad: BLOCK_STORE_STRIPED takes striped items, every other algorithm blocked ones,
 * and memory ends in rank order. TRANSPOSE and WARP_TRANSPOSE go through shared memory to
 * write striped (coalesced).
 */
#ifndef OXHIP_HIPCUB_BLOCK_STORE_HPP
#define OXHIP_HIPCUB_BLOCK_STORE_HPP

#include "../util.hpp"
#include "block_exchange.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {

enum BlockStoreAlgorithm {
  BLOCK_STORE_DIRECT,
  BLOCK_STORE_STRIPED,
  BLOCK_STORE_VECTORIZE,
  BLOCK_STORE_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED
};

template <class T, int ITEMS_PER_THREAD, class OutputIt>
__device__ __forceinline__ void StoreDirectBlocked(int linear_tid, OutputIt block_itr,
                                                   T (&items)[ITEMS_PER_THREAD]) {
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) block_itr[linear_tid * ITEMS_PER_THREAD + i] = items[i];
}
template <class T, int ITEMS_PER_THREAD, class OutputIt>
__device__ __forceinline__ void StoreDirectBlocked(int linear_tid, OutputIt block_itr,
                                                   T (&items)[ITEMS_PER_THREAD],
                                                   int valid_items) {
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    if (linear_tid * ITEMS_PER_THREAD + i < valid_items)
      block_itr[linear_tid * ITEMS_PER_THREAD + i] = items[i];
}
template <class T, int ITEMS_PER_THREAD>
__device__ __forceinline__ void StoreDirectBlockedVectorized(int linear_tid, T* block_ptr,
                                                             T (&items)[ITEMS_PER_THREAD]) {
  StoreDirectBlocked(linear_tid, block_ptr, items);
}
template <int BLOCK_THREADS, class T, int ITEMS_PER_THREAD, class OutputIt>
__device__ __forceinline__ void StoreDirectStriped(int linear_tid, OutputIt block_itr,
                                                   T (&items)[ITEMS_PER_THREAD]) {
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) block_itr[i * BLOCK_THREADS + linear_tid] = items[i];
}
template <int BLOCK_THREADS, class T, int ITEMS_PER_THREAD, class OutputIt>
__device__ __forceinline__ void StoreDirectStriped(int linear_tid, OutputIt block_itr,
                                                   T (&items)[ITEMS_PER_THREAD],
                                                   int valid_items) {
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    if (i * BLOCK_THREADS + linear_tid < valid_items)
      block_itr[i * BLOCK_THREADS + linear_tid] = items[i];
}
template <class T, int ITEMS_PER_THREAD, class OutputIt>
__device__ __forceinline__ void StoreDirectWarpStriped(int linear_tid, OutputIt block_itr,
                                                       T (&items)[ITEMS_PER_THREAD]) {
  int first = (linear_tid / 32) * 32 * ITEMS_PER_THREAD + (linear_tid & 31);
  for (int i = 0; i < ITEMS_PER_THREAD; ++i) block_itr[first + i * 32] = items[i];
}
template <class T, int ITEMS_PER_THREAD, class OutputIt>
__device__ __forceinline__ void StoreDirectWarpStriped(int linear_tid, OutputIt block_itr,
                                                       T (&items)[ITEMS_PER_THREAD],
                                                       int valid_items) {
  int first = (linear_tid / 32) * 32 * ITEMS_PER_THREAD + (linear_tid & 31);
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    if (first + i * 32 < valid_items) block_itr[first + i * 32] = items[i];
}

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockStore {
  enum {
    Threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z,
    Transposes = ALGORITHM == BLOCK_STORE_TRANSPOSE || ALGORITHM == BLOCK_STORE_WARP_TRANSPOSE ||
                 ALGORITHM == BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED,
    WarpTransposes = ALGORITHM == BLOCK_STORE_WARP_TRANSPOSE ||
                     ALGORITHM == BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED
  };
  typedef BlockExchange<T, BLOCK_DIM_X, ITEMS_PER_THREAD, false, BLOCK_DIM_Y, BLOCK_DIM_Z>
      Exchange;

 public:
  struct EmptyStorage {
    unsigned char unused;
  };
  typedef typename std::conditional<Transposes != 0, typename Exchange::TempStorage,
                                    EmptyStorage>::type TempStorage;

  __device__ __forceinline__ BlockStore()
      : storage_(private_storage()), rank_((int)detail::block_rank()) {}
  __device__ __forceinline__ explicit BlockStore(TempStorage& storage)
      : storage_(&storage), rank_((int)detail::block_rank()) {}

  template <class OutputIt>
  __device__ __forceinline__ void Store(OutputIt block_itr, T (&items)[ITEMS_PER_THREAD]) {
    store(block_itr, items, Threads * ITEMS_PER_THREAD);
  }
  template <class OutputIt>
  __device__ __forceinline__ void Store(OutputIt block_itr, T (&items)[ITEMS_PER_THREAD],
                                        int valid_items) {
    store(block_itr, items, valid_items);
  }

 private:
  static __device__ __forceinline__ TempStorage* private_storage() {
    __shared__ TempStorage storage;
    return &storage;
  }

  template <class OutputIt>
  __device__ __forceinline__ void store(OutputIt block_itr, T (&items)[ITEMS_PER_THREAD],
                                        int valid_items) {
    if (ALGORITHM == BLOCK_STORE_STRIPED) {
      StoreDirectStriped<Threads>(rank_, block_itr, items, valid_items);
    } else if (WarpTransposes && Exchange::WarpLocal) {
      /* Each warp transposes its own 32 * N ranks and writes them, coalesced. */
      T striped[ITEMS_PER_THREAD];
      Exchange(*reinterpret_cast<typename Exchange::TempStorage*>(storage_))
          .BlockedToWarpStriped(items, striped);
      StoreDirectWarpStriped(rank_, block_itr, striped, valid_items);
    } else if (Transposes) {
      T striped[ITEMS_PER_THREAD];
      Exchange(*reinterpret_cast<typename Exchange::TempStorage*>(storage_))
          .BlockedToStriped(items, striped);
      StoreDirectStriped<Threads>(rank_, block_itr, striped, valid_items);
    } else {
      StoreDirectBlocked(rank_, block_itr, items, valid_items);
    }
  }

  TempStorage* storage_;
  int rank_;
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_BLOCK_STORE_HPP */
