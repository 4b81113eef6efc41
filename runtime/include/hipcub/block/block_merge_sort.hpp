/* oxhip: hipCUB's BlockMergeSort (docs/libraries.md), and the merge sort WarpMergeSort shares:
 * each thread sorts its ITEMS_PER_THREAD keys (odd-even transposition, fixed indices so they
 * stay in registers), then the group's sorted runs, of N, 2N, 4N ... items, are merged in pairs
 * through shared memory: every item finds its place in the other run of its pair by a binary
 * search (a left item goes before equal right ones), so the sort is stable and the result is
 * blocked. Only shared memory and barriers, the same on every target; Sort and StableSort give
 * the same results. With valid_items, keys past it become oob_default and stay where they are
 * (after every valid key, whatever oob_default compares as), with their values.
 */
#ifndef OXHIP_HIPCUB_BLOCK_MERGE_SORT_HPP
#define OXHIP_HIPCUB_BLOCK_MERGE_SORT_HPP

#include "../util.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {
namespace detail {

/* Threads threads (a block, or a logical warp with Sync its `__syncwarp`) sort Threads * Items
 * keys, and values unless ValueT is NullType. */
template <class KeyT, class ValueT, int Threads, int Items, class Sync>
struct MergeSortTile {
  enum { Tile = Threads * Items, HasValues = !std::is_same<ValueT, NullType>::value };
  struct Storage {
    Uninitialized<KeyT> keys[Tile];
    Uninitialized<ValueT> values[HasValues ? Tile : 1];
  };

  template <class Compare>
  static __device__ __forceinline__ void sort(Storage& storage, int rank, KeyT (&keys)[Items],
                                              ValueT (&values)[Items], Compare compare,
                                              int valid) {
    if (valid > Tile) valid = Tile;
    if (valid < 0) valid = 0;
    int first = rank * Items;
    int local_valid = valid - first;
    /* Odd-even transposition over the thread's valid keys: Items rounds sort them, and a swap
     * only of strictly smaller keys keeps equal ones in order. */
    for (int round = 0; round < Items; ++round) {
      for (int i = round & 1; i + 1 < Items; i += 2) {
        if (i + 1 < local_valid && compare(keys[i + 1], keys[i])) {
          KeyT key = keys[i];
          keys[i] = keys[i + 1];
          keys[i + 1] = key;
          if (HasValues) {
            ValueT value = values[i];
            values[i] = values[i + 1];
            values[i + 1] = value;
          }
        }
      }
    }
    if (Threads == 1) return;
    for (int i = 0; i < Items; ++i) {
      storage.keys[first + i].get() = keys[i];
      if (HasValues) storage.values[first + i].get() = values[i];
    }
    Sync::sync();
    for (int run = Items; run < Tile; run *= 2) {
      int target[Items];
      for (int i = 0; i < Items; ++i) {
        int position = first + i;
        keys[i] = storage.keys[position].get();
        if (HasValues) values[i] = storage.values[position].get();
        target[i] = position;
        if (position >= valid) continue;
        int start = position / (2 * run) * (2 * run);
        int middle = start + run < valid ? start + run : valid;
        int end = start + 2 * run < valid ? start + 2 * run : valid;
        if (position < middle) {
          /* Right keys strictly smaller go before it. */
          int low = middle, high = end;
          while (low < high) {
            int probe = (low + high) >> 1;
            if (compare(storage.keys[probe].get(), keys[i]))
              low = probe + 1;
            else
              high = probe;
          }
          target[i] = position + (low - middle);
        } else {
          /* Left keys smaller or equal go before it. */
          int low = start, high = middle;
          while (low < high) {
            int probe = (low + high) >> 1;
            if (!compare(keys[i], storage.keys[probe].get()))
              low = probe + 1;
            else
              high = probe;
          }
          target[i] = position - middle + low;
        }
      }
      Sync::sync();
      for (int i = 0; i < Items; ++i) {
        storage.keys[target[i]].get() = keys[i];
        if (HasValues) storage.values[target[i]].get() = values[i];
      }
      Sync::sync();
    }
    for (int i = 0; i < Items; ++i) {
      keys[i] = storage.keys[first + i].get();
      if (HasValues) values[i] = storage.values[first + i].get();
    }
    Sync::sync();
  }
};

struct BlockSync {
  static __device__ __forceinline__ void sync() { __syncthreads(); }
};

/* The interface BlockMergeSort and WarpMergeSort share; Derived gives storage() and rank(). */
template <class Derived, class KeyT, class ValueT, int Items, class Tile>
class MergeSortApi {
 public:
  template <class Compare>
  __device__ __forceinline__ void Sort(KeyT (&keys)[Items], Compare compare) {
    ValueT values[Items];
    run(keys, values, compare, (int)Tile::Tile);
  }
  template <class Compare>
  __device__ __forceinline__ void Sort(KeyT (&keys)[Items], Compare compare, int valid_items,
                                       KeyT oob_default) {
    ValueT values[Items];
    fill(keys, valid_items, oob_default);
    run(keys, values, compare, valid_items);
  }
  template <class Compare>
  __device__ __forceinline__ void Sort(KeyT (&keys)[Items], ValueT (&values)[Items],
                                       Compare compare) {
    run(keys, values, compare, (int)Tile::Tile);
  }
  template <class Compare, bool IS_LAST_TILE = true>
  __device__ __forceinline__ void Sort(KeyT (&keys)[Items], ValueT (&values)[Items],
                                       Compare compare, int valid_items, KeyT oob_default) {
    fill(keys, valid_items, oob_default);
    run(keys, values, compare, valid_items);
  }
  template <class Compare>
  __device__ __forceinline__ void StableSort(KeyT (&keys)[Items], Compare compare) {
    Sort(keys, compare);
  }
  template <class Compare>
  __device__ __forceinline__ void StableSort(KeyT (&keys)[Items], Compare compare,
                                             int valid_items, KeyT oob_default) {
    Sort(keys, compare, valid_items, oob_default);
  }
  template <class Compare>
  __device__ __forceinline__ void StableSort(KeyT (&keys)[Items], ValueT (&values)[Items],
                                             Compare compare) {
    Sort(keys, values, compare);
  }
  template <class Compare, bool IS_LAST_TILE = true>
  __device__ __forceinline__ void StableSort(KeyT (&keys)[Items], ValueT (&values)[Items],
                                             Compare compare, int valid_items,
                                             KeyT oob_default) {
    Sort(keys, values, compare, valid_items, oob_default);
  }

 private:
  __device__ __forceinline__ void fill(KeyT (&keys)[Items], int valid_items, KeyT oob_default) {
    int first = static_cast<Derived*>(this)->rank() * Items;
    for (int i = 0; i < Items; ++i)
      if (first + i >= valid_items) keys[i] = oob_default;
  }
  template <class Compare>
  __device__ __forceinline__ void run(KeyT (&keys)[Items], ValueT (&values)[Items],
                                      Compare compare, int valid_items) {
    Derived* self = static_cast<Derived*>(this);
    Tile::sort(self->storage(), self->rank(), keys, values, compare, valid_items);
  }
};

}  // namespace detail

template <class KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, class ValueT = NullType,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockMergeSort
    : public detail::MergeSortApi<
          BlockMergeSort<KeyT, BLOCK_DIM_X, ITEMS_PER_THREAD, ValueT, BLOCK_DIM_Y, BLOCK_DIM_Z>,
          KeyT, ValueT, ITEMS_PER_THREAD,
          detail::MergeSortTile<KeyT, ValueT, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z,
                                ITEMS_PER_THREAD, detail::BlockSync>> {
  typedef detail::MergeSortTile<KeyT, ValueT, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z,
                                ITEMS_PER_THREAD, detail::BlockSync>
      Tile;

 public:
  typedef typename Tile::Storage TempStorage;

  /* Without storage, a private shared allocation (only kernels that use this constructor
   * get one). */
  __device__ __forceinline__ BlockMergeSort()
      : storage_(private_storage()), rank_((int)detail::block_rank()) {}
  __device__ __forceinline__ explicit BlockMergeSort(TempStorage& storage)
      : storage_(&storage), rank_((int)detail::block_rank()) {}

  __device__ __forceinline__ TempStorage& storage() { return *storage_; }
  __device__ __forceinline__ int rank() const { return rank_; }

 private:
  static __device__ __forceinline__ TempStorage* private_storage() {
    __shared__ TempStorage storage;
    return &storage;
  }

  TempStorage* storage_;
  int rank_;
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_BLOCK_MERGE_SORT_HPP */
