/* oxhip: hipCUB's BlockRunLengthDecode (docs/libraries.md): the block's runs (RUNS_PER_THREAD a
 * thread, blocked: a value and a length, or a value and the run's first decoded offset) are put
 * in shared memory, with the offsets from an exclusive BlockScan of the lengths; then each call
 * of RunLengthDecode gives the block a window of BLOCK_THREADS * DECODED_ITEMS_PER_THREAD
 * decoded items from `from_decoded_offset` on, blocked, each found by a binary search over the
 * runs' offsets (empty runs take no place). Shared memory and barriers only, the same on every
 * target. Positions past the decoded total get the last run's value.
 */
#ifndef OXHIP_HIPCUB_BLOCK_RUN_LENGTH_DECODE_HPP
#define OXHIP_HIPCUB_BLOCK_RUN_LENGTH_DECODE_HPP

#include "../util.hpp"
#include "block_scan.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

#include <cstdint>

namespace hipcub {

template <class ItemT, int BLOCK_DIM_X, int RUNS_PER_THREAD, int DECODED_ITEMS_PER_THREAD,
          class DecodedOffsetT = uint32_t, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockRunLengthDecode {
  enum {
    Threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z,
    Runs = Threads * RUNS_PER_THREAD,
    Decoded = DECODED_ITEMS_PER_THREAD
  };
  typedef BlockScan<DecodedOffsetT, BLOCK_DIM_X, BLOCK_SCAN_WARP_SCANS, BLOCK_DIM_Y, BLOCK_DIM_Z>
      Scan;

 public:
  struct TempStorage {
    typename Scan::TempStorage scan;
    detail::Uninitialized<ItemT> values[Runs];
    detail::Uninitialized<DecodedOffsetT> offsets[Runs];
  };

  /* From run lengths; total_decoded_size gets their sum, in every thread. */
  template <class RunLengthT, class TotalDecodedSizeT>
  __device__ __forceinline__ BlockRunLengthDecode(TempStorage& storage,
                                                  ItemT (&run_values)[RUNS_PER_THREAD],
                                                  RunLengthT (&run_lengths)[RUNS_PER_THREAD],
                                                  TotalDecodedSizeT& total_decoded_size)
      : storage_(storage), rank_((int)detail::block_rank()) {
    DecodedOffsetT lengths[RUNS_PER_THREAD], offsets[RUNS_PER_THREAD], total;
    for (int i = 0; i < RUNS_PER_THREAD; ++i) lengths[i] = (DecodedOffsetT)run_lengths[i];
    Scan(storage_.scan).ExclusiveSum(lengths, offsets, total);
    total_decoded_size = (TotalDecodedSizeT)total;
    put(run_values, offsets);
  }
  /* From each run's first decoded offset (non-decreasing across the block). */
  template <class UserRunOffsetT>
  __device__ __forceinline__ BlockRunLengthDecode(TempStorage& storage,
                                                  ItemT (&run_values)[RUNS_PER_THREAD],
                                                  UserRunOffsetT (&run_offsets)[RUNS_PER_THREAD])
      : storage_(storage), rank_((int)detail::block_rank()) {
    DecodedOffsetT offsets[RUNS_PER_THREAD];
    for (int i = 0; i < RUNS_PER_THREAD; ++i) offsets[i] = (DecodedOffsetT)run_offsets[i];
    put(run_values, offsets);
  }

  /* item_offsets[i]: how far into its run decoded_items[i] lies. */
  template <class RelativeOffsetT>
  __device__ __forceinline__ void RunLengthDecode(ItemT (&decoded_items)[Decoded],
                                                  RelativeOffsetT (&item_offsets)[Decoded],
                                                  DecodedOffsetT from_decoded_offset = 0) {
    for (int i = 0; i < Decoded; ++i) {
      DecodedOffsetT position = from_decoded_offset + (DecodedOffsetT)(rank_ * Decoded + i);
      int run = find(position);
      decoded_items[i] = storage_.values[run].get();
      item_offsets[i] = (RelativeOffsetT)(position - storage_.offsets[run].get());
    }
  }
  __device__ __forceinline__ void RunLengthDecode(ItemT (&decoded_items)[Decoded],
                                                  DecodedOffsetT from_decoded_offset = 0) {
    for (int i = 0; i < Decoded; ++i) {
      DecodedOffsetT position = from_decoded_offset + (DecodedOffsetT)(rank_ * Decoded + i);
      decoded_items[i] = storage_.values[find(position)].get();
    }
  }

 private:
  __device__ __forceinline__ void put(ItemT (&run_values)[RUNS_PER_THREAD],
                                      DecodedOffsetT (&offsets)[RUNS_PER_THREAD]) {
    for (int i = 0; i < RUNS_PER_THREAD; ++i) {
      storage_.values[rank_ * RUNS_PER_THREAD + i].get() = run_values[i];
      storage_.offsets[rank_ * RUNS_PER_THREAD + i].get() = offsets[i];
    }
    __syncthreads();
  }
  /* The last run whose offset is at most `position` (run 0 if none). */
  __device__ __forceinline__ int find(DecodedOffsetT position) const {
    int low = 0, high = Runs;
    while (low < high) {
      int probe = (low + high) >> 1;
      if (storage_.offsets[probe].get() <= position)
        low = probe + 1;
      else
        high = probe;
    }
    return low > 0 ? low - 1 : 0;
  }

  TempStorage& storage_;
  int rank_;
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_BLOCK_RUN_LENGTH_DECODE_HPP */
