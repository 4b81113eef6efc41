/* oxhip: hipCUB's BlockRadixSort (docs/libraries.md): Sort, SortDescending,
 * SortBlockedToStriped and SortDescendingBlockedToStriped of ITEMS_PER_THREAD keys (and
 * values) per thread in blocked arrangement, over bits [begin_bit, end_bit), stable. Each
 * 4-bit pass ranks the block's keys as the device-wide sort's tiles do
 * (device/detail/radix.hpp) and exchanges them through shared memory. Whatever RADIX_BITS
 * says, passes take 4 bits. TempStorage has one layout in every pass.
 */
#ifndef OXHIP_HIPCUB_BLOCK_RADIX_SORT_HPP
#define OXHIP_HIPCUB_BLOCK_RADIX_SORT_HPP

#include "../util.hpp"
#include "block_scan.hpp"
#include "../device/detail/radix.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {

template <class KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, class ValueT = NullType,
          int RADIX_BITS = 4, bool MEMOIZE_OUTER_SCAN = true,
          BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS, int SMEM_CONFIG = 0,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockRadixSort {
  enum { Threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z, Items = ITEMS_PER_THREAD };
  static_assert(Threads * Items <= 65535, "oxhip's BlockRadixSort counts digits in 16 bits");
  typedef detail::RadixTile<KeyT, ValueT, Threads, Items, true> Tile;

 public:
  struct TempStorage {
    typename Tile::Storage tile;
  };

  __device__ __forceinline__ BlockRadixSort() : storage_(private_storage()) {}
  __device__ __forceinline__ explicit BlockRadixSort(TempStorage& storage)
      : storage_(&storage) {}

  __device__ __forceinline__ void Sort(KeyT (&keys)[Items], int begin_bit = 0,
                                       int end_bit = sizeof(KeyT) * 8) {
    sort(keys, (ValueT*)nullptr, begin_bit, end_bit, false, false);
  }
  __device__ __forceinline__ void Sort(KeyT (&keys)[Items], ValueT (&values)[Items],
                                       int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) {
    sort(keys, values, begin_bit, end_bit, false, false);
  }
  __device__ __forceinline__ void SortDescending(KeyT (&keys)[Items], int begin_bit = 0,
                                                 int end_bit = sizeof(KeyT) * 8) {
    sort(keys, (ValueT*)nullptr, begin_bit, end_bit, true, false);
  }
  __device__ __forceinline__ void SortDescending(KeyT (&keys)[Items], ValueT (&values)[Items],
                                                 int begin_bit = 0,
                                                 int end_bit = sizeof(KeyT) * 8) {
    sort(keys, values, begin_bit, end_bit, true, false);
  }
  __device__ __forceinline__ void SortBlockedToStriped(KeyT (&keys)[Items], int begin_bit = 0,
                                                       int end_bit = sizeof(KeyT) * 8) {
    sort(keys, (ValueT*)nullptr, begin_bit, end_bit, false, true);
  }
  __device__ __forceinline__ void SortBlockedToStriped(KeyT (&keys)[Items],
                                                       ValueT (&values)[Items],
                                                       int begin_bit = 0,
                                                       int end_bit = sizeof(KeyT) * 8) {
    sort(keys, values, begin_bit, end_bit, false, true);
  }
  __device__ __forceinline__ void SortDescendingBlockedToStriped(KeyT (&keys)[Items],
                                                                 int begin_bit = 0,
                                                                 int end_bit = sizeof(KeyT) * 8) {
    sort(keys, (ValueT*)nullptr, begin_bit, end_bit, true, true);
  }
  __device__ __forceinline__ void SortDescendingBlockedToStriped(KeyT (&keys)[Items],
                                                                 ValueT (&values)[Items],
                                                                 int begin_bit = 0,
                                                                 int end_bit = sizeof(KeyT) * 8) {
    sort(keys, values, begin_bit, end_bit, true, true);
  }

 private:
  static __device__ __forceinline__ TempStorage* private_storage() {
    __shared__ TempStorage storage;
    return &storage;
  }

  /* Moves each item to rank ranks[i], then takes the blocked (or striped) ranks back. */
  template <class T>
  __device__ __forceinline__ void exchange(T* values, detail::Uninitialized<T>* staging,
                                           const unsigned int (&ranks)[Items], bool striped) {
    int rank = (int)detail::block_rank();
    for (int i = 0; i < Items; ++i) staging[detail::padded((int)ranks[i])].get() = values[i];
    __syncthreads();
    for (int i = 0; i < Items; ++i)
      values[i] = staging[detail::padded(striped ? i * Threads + rank : rank * Items + i)].get();
    __syncthreads();
  }

  __device__ __forceinline__ void sort(KeyT (&keys)[Items], ValueT* values, int begin_bit,
                                       int end_bit, bool descending, bool striped) {
    typename Tile::Storage& storage = storage_->tile;
    unsigned int digit[Items], ranks[Items];
    if (begin_bit >= end_bit) {
      if (!striped) return;
      int rank = (int)detail::block_rank();
      for (int i = 0; i < Items; ++i) ranks[i] = (unsigned int)(rank * Items + i);
      exchange(keys, storage.keys, ranks, true);
      if (values) exchange(values, storage.values, ranks, true);
      return;
    }
    /* Not unrolled: each pass has barriers, and the CPU device's compile splits a kernel at
     * every one (eight unrolled passes took minutes there). */
#pragma unroll 1
    for (int shift = begin_bit; shift < end_bit; shift += detail::RADIX_BITS) {
      int bits = end_bit - shift < detail::RADIX_BITS ? end_bit - shift : (int)detail::RADIX_BITS;
      bool last = shift + detail::RADIX_BITS >= end_bit;
      Tile::rank(storage, keys, Threads * Items, shift, bits, descending, digit, ranks);
      exchange(keys, storage.keys, ranks, striped && last);
      if (values) exchange(values, storage.values, ranks, striped && last);
    }
  }

  TempStorage* storage_;
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_BLOCK_RADIX_SORT_HPP */
