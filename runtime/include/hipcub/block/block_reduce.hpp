/* oxhip: hipCUB's BlockReduce for blocks of up to 1024 threads: warp reductions, then one over
 * the warps' results in shared memory; every thread gets the aggregate (docs/libraries.md). */
#ifndef OXHIP_HIPCUB_BLOCK_REDUCE_HPP
#define OXHIP_HIPCUB_BLOCK_REDUCE_HPP

#include "../util.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {

/* The block algorithms CUB offers; every one gives the same results here. */
enum BlockReduceAlgorithm {
  BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
  BLOCK_REDUCE_RAKING,
  BLOCK_REDUCE_WARP_REDUCTIONS
};

template <class T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockReduce {
  static const unsigned int Threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static_assert(Threads >= 1 && Threads <= 1024, "a block has 1 to 1024 threads");
  static const unsigned int Warps = (Threads + 31) / 32;

 public:
  struct TempStorage {
    detail::Uninitialized<T> partial[Warps];
  };

  __device__ __forceinline__ explicit BlockReduce(TempStorage& storage) : storage_(storage) {}

  __device__ __forceinline__ T Sum(T input) { return Reduce(input, hipcub::Sum()); }
  __device__ __forceinline__ T Sum(T input, int num_valid) {
    return Reduce(input, hipcub::Sum(), num_valid);
  }
  template <int ITEMS_PER_THREAD>
  __device__ __forceinline__ T Sum(T (&inputs)[ITEMS_PER_THREAD]) {
    return Reduce(inputs, hipcub::Sum());
  }
  template <class ReductionOp>
  __device__ __forceinline__ T Reduce(T input, ReductionOp op) {
    return Reduce(input, op, (int)Threads);
  }
  template <int ITEMS_PER_THREAD, class ReductionOp>
  __device__ __forceinline__ T Reduce(T (&inputs)[ITEMS_PER_THREAD], ReductionOp op) {
    T partial = inputs[0];
    for (int item = 1; item < ITEMS_PER_THREAD; ++item) partial = op(partial, inputs[item]);
    return Reduce(partial, op);
  }
  /* Threads of rank num_valid and above give nothing; the result is valid in thread 0 (here
   * in every thread). */
  template <class ReductionOp>
  __device__ __forceinline__ T Reduce(T input, ReductionOp op, int num_valid) {
    unsigned int rank = detail::block_rank();
    unsigned int valid = num_valid < 0 ? 0u : (unsigned int)num_valid;
#if defined(__OXHIP_CPU__)
    /* The CPU device: a warp shuffle is a phase of every lane (docs/cpu-target.md), a barrier
     * too, but with no runtime call; so the items go through shared memory and thread 0
     * folds them in rank order, which takes two barriers where the warp reduction takes ten
     * shuffles and two barriers. Back-to-back calls need no barrier before: thread 0 reads
     * the items before the second barrier, and the others write them again only after it. */
    __shared__ detail::Uninitialized<T> items[Threads];
    if (valid > Threads) valid = Threads;
    if (rank < Threads) items[rank].get() = input;
    __syncthreads();
    if (rank == 0) {
      T total = items[0].get();
      for (unsigned int other = 1; other < valid; ++other) total = op(total, items[other].get());
      storage_.partial[0].get() = total;
    }
    __syncthreads();
    return storage_.partial[0].get();
#else
    unsigned int warp = rank / 32, first = warp * 32;
    unsigned int in_warp = valid <= first ? 0u : valid - first;
    T partial = detail::warp_reduce<32>(input, op, in_warp > 32 ? 32u : in_warp);
    __syncthreads(); /* an earlier use of the storage is over */
    if ((rank & 31u) == 0) storage_.partial[warp].get() = partial;
    __syncthreads();
    unsigned int warps = valid == 0 ? 1u : (valid + 31) / 32;
    T total = storage_.partial[0].get();
    for (unsigned int other = 1; other < warps && other < Warps; ++other)
      total = op(total, storage_.partial[other].get());
    return total;
#endif
  }

 private:
  TempStorage& storage_;
};


}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_BLOCK_REDUCE_HPP */
