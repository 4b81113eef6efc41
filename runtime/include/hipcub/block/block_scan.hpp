/* oxhip: hipCUB's BlockScan for blocks of up to 1024 threads: warp scans, then the warps'
 * totals through shared memory; every thread gets the block aggregate (docs/libraries.md). */
#ifndef OXHIP_HIPCUB_BLOCK_SCAN_HPP
#define OXHIP_HIPCUB_BLOCK_SCAN_HPP

#include "../util.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {

/* The block algorithms CUB offers; every one gives the same results here. */
enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };

template <class T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockScan {
  static const unsigned int Threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static_assert(Threads >= 1 && Threads <= 1024, "a block has 1 to 1024 threads");
  static const unsigned int Warps = (Threads + 31) / 32;

 public:
  struct TempStorage {
    detail::Uninitialized<T> warp_total[Warps];
    detail::Uninitialized<T> prefix;
  };

  __device__ __forceinline__ explicit BlockScan(TempStorage& storage) : storage_(storage) {}

  /* ---- one item per thread ---- */

  __device__ __forceinline__ void InclusiveSum(T input, T& output) {
    T aggregate;
    InclusiveScan(input, output, hipcub::Sum(), aggregate);
  }
  __device__ __forceinline__ void InclusiveSum(T input, T& output, T& block_aggregate) {
    InclusiveScan(input, output, hipcub::Sum(), block_aggregate);
  }
  template <class BlockPrefixCallbackOp>
  __device__ __forceinline__ void InclusiveSum(T input, T& output,
                                               BlockPrefixCallbackOp& block_prefix_callback_op) {
    InclusiveScan(input, output, hipcub::Sum(), block_prefix_callback_op);
  }
  __device__ __forceinline__ void ExclusiveSum(T input, T& output) {
    T aggregate;
    ExclusiveScan(input, output, T(), hipcub::Sum(), aggregate);
  }
  __device__ __forceinline__ void ExclusiveSum(T input, T& output, T& block_aggregate) {
    ExclusiveScan(input, output, T(), hipcub::Sum(), block_aggregate);
  }
  template <class BlockPrefixCallbackOp>
  __device__ __forceinline__ void ExclusiveSum(T input, T& output,
                                               BlockPrefixCallbackOp& block_prefix_callback_op) {
    ExclusiveScan(input, output, hipcub::Sum(), block_prefix_callback_op);
  }

  template <class ScanOp>
  __device__ __forceinline__ void InclusiveScan(T input, T& output, ScanOp op) {
    T aggregate;
    InclusiveScan(input, output, op, aggregate);
  }
  /* Thread rank r gets op over ranks 0 .. r; every thread gets the block's aggregate. */
  template <class ScanOp>
  __device__ __forceinline__ void InclusiveScan(T input, T& output, ScanOp op,
                                                T& block_aggregate) {
    T exclusive;
    scan(input, op, output, exclusive, block_aggregate);
  }
  /* The callback gets the block aggregate in the first warp; what lane 0 returns is the
   * prefix of every result. */
  template <class ScanOp, class BlockPrefixCallbackOp>
  __device__ __forceinline__ void InclusiveScan(T input, T& output, ScanOp op,
                                                BlockPrefixCallbackOp& block_prefix_callback_op) {
    T exclusive, aggregate;
    scan(input, op, output, exclusive, aggregate);
    T prefix = call_prefix(aggregate, block_prefix_callback_op);
    output = op(prefix, output);
  }
  /* Thread 0 gets `initial_value`, rank r op(initial, x0, ..., x(r-1)). */
  template <class ScanOp>
  __device__ __forceinline__ void ExclusiveScan(T input, T& output, T initial_value, ScanOp op) {
    T aggregate;
    ExclusiveScan(input, output, initial_value, op, aggregate);
  }
  template <class ScanOp>
  __device__ __forceinline__ void ExclusiveScan(T input, T& output, T initial_value, ScanOp op,
                                                T& block_aggregate) {
    T inclusive, exclusive;
    scan(input, op, inclusive, exclusive, block_aggregate);
    output = detail::block_rank() == 0 ? initial_value : op(initial_value, exclusive);
  }
  /* Without an initial value thread 0's result is undefined (here its input). */
  template <class ScanOp>
  __device__ __forceinline__ void ExclusiveScan(T input, T& output, ScanOp op) {
    T inclusive, aggregate;
    scan(input, op, inclusive, output, aggregate);
  }
  template <class ScanOp>
  __device__ __forceinline__ void ExclusiveScan(T input, T& output, ScanOp op,
                                                T& block_aggregate) {
    T inclusive;
    scan(input, op, inclusive, output, block_aggregate);
  }
  template <class ScanOp, class BlockPrefixCallbackOp>
  __device__ __forceinline__ void ExclusiveScan(T input, T& output, ScanOp op,
                                                BlockPrefixCallbackOp& block_prefix_callback_op) {
    T inclusive, exclusive, aggregate;
    scan(input, op, inclusive, exclusive, aggregate);
    T prefix = call_prefix(aggregate, block_prefix_callback_op);
    output = detail::block_rank() == 0 ? prefix : op(prefix, exclusive);
  }

  /* ---- ITEMS_PER_THREAD items per thread, in blocked arrangement (thread r holds ranks
   * r * ITEMS_PER_THREAD onward) ---- */

  template <int ITEMS_PER_THREAD>
  __device__ __forceinline__ void InclusiveSum(T (&input)[ITEMS_PER_THREAD],
                                               T (&output)[ITEMS_PER_THREAD]) {
    T aggregate;
    InclusiveScan(input, output, hipcub::Sum(), aggregate);
  }
  template <int ITEMS_PER_THREAD>
  __device__ __forceinline__ void InclusiveSum(T (&input)[ITEMS_PER_THREAD],
                                               T (&output)[ITEMS_PER_THREAD],
                                               T& block_aggregate) {
    InclusiveScan(input, output, hipcub::Sum(), block_aggregate);
  }
  template <int ITEMS_PER_THREAD, class BlockPrefixCallbackOp>
  __device__ __forceinline__ void InclusiveSum(T (&input)[ITEMS_PER_THREAD],
                                               T (&output)[ITEMS_PER_THREAD],
                                               BlockPrefixCallbackOp& block_prefix_callback_op) {
    InclusiveScan(input, output, hipcub::Sum(), block_prefix_callback_op);
  }
  template <int ITEMS_PER_THREAD>
  __device__ __forceinline__ void ExclusiveSum(T (&input)[ITEMS_PER_THREAD],
                                               T (&output)[ITEMS_PER_THREAD]) {
    T aggregate;
    ExclusiveScan(input, output, T(), hipcub::Sum(), aggregate);
  }
  template <int ITEMS_PER_THREAD>
  __device__ __forceinline__ void ExclusiveSum(T (&input)[ITEMS_PER_THREAD],
                                               T (&output)[ITEMS_PER_THREAD],
                                               T& block_aggregate) {
    ExclusiveScan(input, output, T(), hipcub::Sum(), block_aggregate);
  }
  template <int ITEMS_PER_THREAD, class BlockPrefixCallbackOp>
  __device__ __forceinline__ void ExclusiveSum(T (&input)[ITEMS_PER_THREAD],
                                               T (&output)[ITEMS_PER_THREAD],
                                               BlockPrefixCallbackOp& block_prefix_callback_op) {
    ExclusiveScan(input, output, hipcub::Sum(), block_prefix_callback_op);
  }
  template <int ITEMS_PER_THREAD, class ScanOp>
  __device__ __forceinline__ void InclusiveScan(T (&input)[ITEMS_PER_THREAD],
                                                T (&output)[ITEMS_PER_THREAD], ScanOp op) {
    T aggregate;
    InclusiveScan(input, output, op, aggregate);
  }
  template <int ITEMS_PER_THREAD, class ScanOp>
  __device__ __forceinline__ void InclusiveScan(T (&input)[ITEMS_PER_THREAD],
                                                T (&output)[ITEMS_PER_THREAD], ScanOp op,
                                                T& block_aggregate) {
    T exclusive;
    ExclusiveScan(thread_reduce(input, op), exclusive, op, block_aggregate);
    thread_inclusive(input, output, op, detail::block_rank() != 0, exclusive);
  }
  template <int ITEMS_PER_THREAD, class ScanOp, class BlockPrefixCallbackOp>
  __device__ __forceinline__ void InclusiveScan(T (&input)[ITEMS_PER_THREAD],
                                                T (&output)[ITEMS_PER_THREAD], ScanOp op,
                                                BlockPrefixCallbackOp& block_prefix_callback_op) {
    T exclusive;
    ExclusiveScan(thread_reduce(input, op), exclusive, op, block_prefix_callback_op);
    thread_inclusive(input, output, op, true, exclusive);
  }
  template <int ITEMS_PER_THREAD, class ScanOp>
  __device__ __forceinline__ void ExclusiveScan(T (&input)[ITEMS_PER_THREAD],
                                                T (&output)[ITEMS_PER_THREAD], T initial_value,
                                                ScanOp op) {
    T aggregate;
    ExclusiveScan(input, output, initial_value, op, aggregate);
  }
  template <int ITEMS_PER_THREAD, class ScanOp>
  __device__ __forceinline__ void ExclusiveScan(T (&input)[ITEMS_PER_THREAD],
                                                T (&output)[ITEMS_PER_THREAD], T initial_value,
                                                ScanOp op, T& block_aggregate) {
    T exclusive;
    ExclusiveScan(thread_reduce(input, op), exclusive, initial_value, op, block_aggregate);
    thread_exclusive(input, output, op, exclusive);
  }
  template <int ITEMS_PER_THREAD, class ScanOp, class BlockPrefixCallbackOp>
  __device__ __forceinline__ void ExclusiveScan(T (&input)[ITEMS_PER_THREAD],
                                                T (&output)[ITEMS_PER_THREAD], ScanOp op,
                                                BlockPrefixCallbackOp& block_prefix_callback_op) {
    T exclusive;
    ExclusiveScan(thread_reduce(input, op), exclusive, op, block_prefix_callback_op);
    thread_exclusive(input, output, op, exclusive);
  }

 private:
  /* inclusive: op over ranks 0..r; exclusive: op over ranks 0..r-1 (rank 0: its input);
   * aggregate: op over every rank. */
  template <class ScanOp>
  __device__ __forceinline__ void scan(T input, ScanOp op, T& inclusive, T& exclusive,
                                       T& aggregate) {
    unsigned int rank = detail::block_rank();
#if defined(__OXHIP_CPU__)
    /* The CPU device: the items go through shared memory and thread 0 scans them in place,
     * three barriers where the warp scans take six shuffles and two barriers (a shuffle is a
     * phase of every lane there, with a runtime call; docs/cpu-target.md). */
    __shared__ detail::Uninitialized<T> items[Threads];
    __syncthreads(); /* an earlier call's threads have read the items */
    if (rank < Threads) items[rank].get() = input;
    __syncthreads();
    if (rank == 0) {
      T running = items[0].get();
      for (unsigned int other = 1; other < Threads; ++other) {
        running = op(running, items[other].get());
        items[other].get() = running;
      }
    }
    __syncthreads();
    inclusive = items[rank].get();
    exclusive = rank == 0 ? input : items[rank - 1].get();
    aggregate = items[Threads - 1].get();
#else
    unsigned int warp = rank / 32, lane = rank & 31u;
    T in_warp = detail::warp_inclusive_scan<32>(input, op);
    T previous = detail::shfl_up(32, in_warp, 1);
    __syncthreads(); /* an earlier use of the storage is over */
    if (lane == 31u || rank == Threads - 1) storage_.warp_total[warp].get() = in_warp;
    __syncthreads();
    T prefix, total;
    if (Threads % 32 == 0) {
      /* Whole warps: each warp scans the warps' totals itself, one load and a warp scan a
       * thread, where reading them one by one took up to 62 loads at 1,024 threads
       * (HeCBench's blockScan on the H200: 1.07-1.27x CUB's time). Lanes past the last
       * warp repeat its total, which no lane below them reads. */
      T totals = storage_.warp_total[lane < Warps ? lane : Warps - 1].get();
      T scanned = detail::warp_inclusive_scan<32>(totals, op);
      total = detail::shfl_idx(32, scanned, Warps - 1);
      prefix = detail::shfl_idx(32, scanned, warp > 0 ? warp - 1 : 0);
    } else {
      /* A partial last warp lacks the lanes a shuffle would read: one by one. */
      prefix = storage_.warp_total[0].get();
      for (unsigned int other = 1; other < warp; ++other)
        prefix = op(prefix, storage_.warp_total[other].get());
      total = storage_.warp_total[0].get();
      for (unsigned int other = 1; other < Warps; ++other)
        total = op(total, storage_.warp_total[other].get());
    }
    if (warp == 0) {
      inclusive = in_warp;
      exclusive = lane == 0 ? input : previous;
    } else {
      inclusive = op(prefix, in_warp);
      exclusive = lane == 0 ? prefix : op(prefix, previous);
    }
    aggregate = total;
#endif
  }

  template <class BlockPrefixCallbackOp>
  __device__ __forceinline__ T call_prefix(T aggregate, BlockPrefixCallbackOp& callback) {
    unsigned int rank = detail::block_rank();
    if (rank < 32) {
      T prefix = callback(aggregate);
      if (rank == 0) storage_.prefix.get() = prefix;
    }
    __syncthreads();
    return storage_.prefix.get();
  }

  template <int ITEMS_PER_THREAD, class ScanOp>
  __device__ static __forceinline__ T thread_reduce(const T (&input)[ITEMS_PER_THREAD],
                                                    ScanOp op) {
    T running = input[0];
    for (int item = 1; item < ITEMS_PER_THREAD; ++item) running = op(running, input[item]);
    return running;
  }
  template <int ITEMS_PER_THREAD, class ScanOp>
  __device__ static __forceinline__ void thread_inclusive(const T (&input)[ITEMS_PER_THREAD],
                                                          T (&output)[ITEMS_PER_THREAD],
                                                          ScanOp op, bool has_prefix,
                                                          T prefix) {
    T running = has_prefix ? op(prefix, input[0]) : input[0];
    output[0] = running;
    for (int item = 1; item < ITEMS_PER_THREAD; ++item) {
      running = op(running, input[item]);
      output[item] = running;
    }
  }
  template <int ITEMS_PER_THREAD, class ScanOp>
  __device__ static __forceinline__ void thread_exclusive(const T (&input)[ITEMS_PER_THREAD],
                                                          T (&output)[ITEMS_PER_THREAD],
                                                          ScanOp op, T prefix) {
    T running = prefix;
    for (int item = 0; item < ITEMS_PER_THREAD; ++item) {
      T value = input[item];
      output[item] = running;
      running = op(running, value);
    }
  }

  TempStorage& storage_;
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_BLOCK_SCAN_HPP */
