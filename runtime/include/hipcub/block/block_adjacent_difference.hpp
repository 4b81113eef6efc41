/* oxhip: hipCUB's BlockAdjacentDifference (docs/libraries.md): SubtractLeft and SubtractRight
 * over ITEMS_PER_THREAD items per thread in blocked arrangement, with or without the tile's
 * predecessor or successor item, and their partial-tile forms. difference_op(a, b) is a - b
 * in CUB's sense: SubtractLeft gives op(item, previous item), SubtractRight op(item, next
 * item); the tile's first (SubtractLeft) or last (SubtractRight) item is copied unchanged
 * unless a neighbour item is given. Input and output may be the same array.
 */
#ifndef OXHIP_HIPCUB_BLOCK_ADJACENT_DIFFERENCE_HPP
#define OXHIP_HIPCUB_BLOCK_ADJACENT_DIFFERENCE_HPP

#include "../util.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {

template <class T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockAdjacentDifference {
  enum { Threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };

 public:
  struct TempStorage {
    detail::Uninitialized<T> first[Threads];
    detail::Uninitialized<T> last[Threads];
  };

  __device__ __forceinline__ BlockAdjacentDifference() : storage_(private_storage()) {}
  __device__ __forceinline__ explicit BlockAdjacentDifference(TempStorage& storage)
      : storage_(&storage) {}

  template <int N, class OutputT, class DifferenceOp>
  __device__ __forceinline__ void SubtractLeft(T (&input)[N], OutputT (&output)[N],
                                               DifferenceOp difference_op) {
    left(input, output, difference_op, false, input[0], Threads * N);
  }
  template <int N, class OutputT, class DifferenceOp>
  __device__ __forceinline__ void SubtractLeft(T (&input)[N], OutputT (&output)[N],
                                               DifferenceOp difference_op,
                                               T tile_predecessor_item) {
    left(input, output, difference_op, true, tile_predecessor_item, Threads * N);
  }
  template <int N, class OutputT, class DifferenceOp>
  __device__ __forceinline__ void SubtractLeftPartialTile(T (&input)[N], OutputT (&output)[N],
                                                          DifferenceOp difference_op,
                                                          int valid_items) {
    left(input, output, difference_op, false, input[0], valid_items);
  }
  template <int N, class OutputT, class DifferenceOp>
  __device__ __forceinline__ void SubtractLeftPartialTile(T (&input)[N], OutputT (&output)[N],
                                                          DifferenceOp difference_op,
                                                          int valid_items,
                                                          T tile_predecessor_item) {
    left(input, output, difference_op, true, tile_predecessor_item, valid_items);
  }
  template <int N, class OutputT, class DifferenceOp>
  __device__ __forceinline__ void SubtractRight(T (&input)[N], OutputT (&output)[N],
                                                DifferenceOp difference_op) {
    right(input, output, difference_op, false, input[0], Threads * N);
  }
  template <int N, class OutputT, class DifferenceOp>
  __device__ __forceinline__ void SubtractRight(T (&input)[N], OutputT (&output)[N],
                                                DifferenceOp difference_op,
                                                T tile_successor_item) {
    right(input, output, difference_op, true, tile_successor_item, Threads * N);
  }
  /* The items at and after `valid_items` are copied; the last valid one too (it has no
   * successor in the tile). */
  template <int N, class OutputT, class DifferenceOp>
  __device__ __forceinline__ void SubtractRightPartialTile(T (&input)[N], OutputT (&output)[N],
                                                           DifferenceOp difference_op,
                                                           int valid_items) {
    right(input, output, difference_op, false, input[0], valid_items);
  }

 private:
  static __device__ __forceinline__ TempStorage* private_storage() {
    __shared__ TempStorage storage;
    return &storage;
  }

  template <int N, class OutputT, class DifferenceOp>
  __device__ __forceinline__ void left(T (&input)[N], OutputT (&output)[N], DifferenceOp& op,
                                       bool has_predecessor, T predecessor, int valid_items) {
    int rank = (int)detail::block_rank();
    __syncthreads(); /* an earlier use of the storage is over */
    storage_->last[rank].get() = input[N - 1];
    __syncthreads();
    T items[N];
    for (int i = 0; i < N; ++i) items[i] = input[i];
    T previous = rank == 0 ? predecessor : storage_->last[rank - 1].get();
    for (int i = 0; i < N; ++i) {
      int index = rank * N + i;
      if (index >= valid_items) {
        output[i] = (OutputT)items[i];
      } else if (i == 0) {
        output[0] = (rank == 0 && !has_predecessor) ? (OutputT)items[0]
                                                    : (OutputT)op(items[0], previous);
      } else {
        output[i] = (OutputT)op(items[i], items[i - 1]);
      }
    }
  }

  template <int N, class OutputT, class DifferenceOp>
  __device__ __forceinline__ void right(T (&input)[N], OutputT (&output)[N], DifferenceOp& op,
                                        bool has_successor, T successor, int valid_items) {
    int rank = (int)detail::block_rank();
    __syncthreads();
    storage_->first[rank].get() = input[0];
    __syncthreads();
    T items[N];
    for (int i = 0; i < N; ++i) items[i] = input[i];
    T next = rank == Threads - 1 ? successor : storage_->first[rank + 1].get();
    for (int i = 0; i < N; ++i) {
      int index = rank * N + i;
      bool last_of_tile = index == valid_items - 1 && valid_items < Threads * N;
      if (index >= valid_items || last_of_tile) {
        output[i] = (OutputT)items[i];
      } else if (i == N - 1) {
        output[i] = (rank == Threads - 1 && !has_successor) ? (OutputT)items[i]
                                                            : (OutputT)op(items[i], next);
      } else {
        output[i] = (OutputT)op(items[i], items[i + 1]);
      }
    }
  }

  TempStorage* storage_;
};

}  // namespace hipcub

#endif
#endif /* OXHIP_HIPCUB_BLOCK_ADJACENT_DIFFERENCE_HPP */
