/* oxhip: hipCUB's BlockShuffle (docs/libraries.md): moves items between the threads of a block
 * through one shared slot per thread and a barrier, the same on every target. Offset and Rotate
 * give each thread another thread's item; Up and Down shift a blocked arrangement by one item.
 * Each call ends with a barrier, so calls may follow each other on one TempStorage.
 */
#ifndef OXHIP_HIPCUB_BLOCK_SHUFFLE_HPP
#define OXHIP_HIPCUB_BLOCK_SHUFFLE_HPP

#include "../util.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {

template <class T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockShuffle {
  enum { Threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };

 public:
  struct TempStorage {
    detail::Uninitialized<T> items[Threads];
  };

  /* Without storage, a private shared allocation (only kernels that use this constructor
   * get one). */
  __device__ __forceinline__ BlockShuffle()
      : storage_(private_storage()), rank_((int)detail::block_rank()) {}
  __device__ __forceinline__ explicit BlockShuffle(TempStorage& storage)
      : storage_(&storage), rank_((int)detail::block_rank()) {}

  /* Thread i gets the input of thread i + distance (which may be negative); output is left
   * alone where that thread does not exist. */
  __device__ __forceinline__ void Offset(T input, T& output, int distance = 1) {
    slot(rank_) = input;
    __syncthreads();
    int from = rank_ + distance;
    if (from >= 0 && from < Threads) output = slot(from);
    __syncthreads();
  }
  /* Thread i gets the input of thread (i + distance) % threads. */
  __device__ __forceinline__ void Rotate(T input, T& output, unsigned int distance = 1) {
    slot(rank_) = input;
    __syncthreads();
    output = slot((int)(((unsigned int)rank_ + distance % Threads) % Threads));
    __syncthreads();
  }
  /* prev[i] = the blocked item before input[i]; thread 0's prev[0] is left alone. */
  template <int ITEMS_PER_THREAD>
  __device__ __forceinline__ void Up(T (&input)[ITEMS_PER_THREAD], T (&prev)[ITEMS_PER_THREAD]) {
    T suffix;
    up(input, prev, suffix);
  }
  /* ... and every thread gets the last thread's last item. */
  template <int ITEMS_PER_THREAD>
  __device__ __forceinline__ void Up(T (&input)[ITEMS_PER_THREAD], T (&prev)[ITEMS_PER_THREAD],
                                     T& block_suffix) {
    up(input, prev, block_suffix);
  }
  /* next[i] = the blocked item after input[i]; the last thread's next[N - 1] is left alone. */
  template <int ITEMS_PER_THREAD>
  __device__ __forceinline__ void Down(T (&input)[ITEMS_PER_THREAD],
                                       T (&next)[ITEMS_PER_THREAD]) {
    T prefix;
    down(input, next, prefix);
  }
  /* ... and every thread gets thread 0's first item. */
  template <int ITEMS_PER_THREAD>
  __device__ __forceinline__ void Down(T (&input)[ITEMS_PER_THREAD], T (&next)[ITEMS_PER_THREAD],
                                       T& block_prefix) {
    down(input, next, block_prefix);
  }

 private:
  static __device__ __forceinline__ TempStorage* private_storage() {
    __shared__ TempStorage storage;
    return &storage;
  }
  __device__ __forceinline__ T& slot(int rank) { return storage_->items[rank].get(); }

  /* input and the output may be one array: the shifts copy away from the end they read. */
  template <int N>
  __device__ __forceinline__ void up(T (&input)[N], T (&prev)[N], T& block_suffix) {
    slot(rank_) = input[N - 1];
    __syncthreads();
    for (int i = N - 1; i > 0; --i) prev[i] = input[i - 1];
    if (rank_ > 0) prev[0] = slot(rank_ - 1);
    block_suffix = slot(Threads - 1);
    __syncthreads();
  }
  template <int N>
  __device__ __forceinline__ void down(T (&input)[N], T (&next)[N], T& block_prefix) {
    slot(rank_) = input[0];
    __syncthreads();
    for (int i = 0; i + 1 < N; ++i) next[i] = input[i + 1];
    if (rank_ + 1 < Threads) next[N - 1] = slot(rank_ + 1);
    block_prefix = slot(0);
    __syncthreads();
  }

  TempStorage* storage_;
  int rank_;
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_BLOCK_SHUFFLE_HPP */
