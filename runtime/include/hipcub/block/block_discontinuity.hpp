/* oxhip: hipCUB's BlockDiscontinuity (docs/libraries.md): FlagHeads, FlagTails and
 * FlagHeadsAndTails over ITEMS_PER_THREAD items per thread in blocked arrangement, with or
 * without the tile's predecessor and successor items. flag_op(a, b) (or flag_op(a, b,
 * b_rank)) says whether b starts a new run after a.
 */
#ifndef OXHIP_HIPCUB_BLOCK_DISCONTINUITY_HPP
#define OXHIP_HIPCUB_BLOCK_DISCONTINUITY_HPP

#include "../util.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {
namespace detail {

template <class Op, class T>
static __device__ __forceinline__ auto call_flag_op(Op& op, const T& a, const T& b, int index,
                                                    int) -> decltype((bool)op(a, b, index)) {
  return (bool)op(a, b, index);
}
template <class Op, class T>
static __device__ __forceinline__ auto call_flag_op(Op& op, const T& a, const T& b, int, long)
    -> decltype((bool)op(a, b)) {
  return (bool)op(a, b);
}

}  // namespace detail

template <class T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockDiscontinuity {
  enum { Threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };

 public:
  struct TempStorage {
    detail::Uninitialized<T> first[Threads];
    detail::Uninitialized<T> last[Threads];
  };

  __device__ __forceinline__ BlockDiscontinuity() : storage_(private_storage()) {}
  __device__ __forceinline__ explicit BlockDiscontinuity(TempStorage& storage)
      : storage_(&storage) {}

  template <int N, class FlagT, class FlagOp>
  __device__ __forceinline__ void FlagHeads(FlagT (&head_flags)[N], T (&input)[N],
                                            FlagOp flag_op) {
    heads(head_flags, input, flag_op, false, input[0]);
  }
  template <int N, class FlagT, class FlagOp>
  __device__ __forceinline__ void FlagHeads(FlagT (&head_flags)[N], T (&input)[N],
                                            FlagOp flag_op, T tile_predecessor_item) {
    heads(head_flags, input, flag_op, true, tile_predecessor_item);
  }
  template <int N, class FlagT, class FlagOp>
  __device__ __forceinline__ void FlagTails(FlagT (&tail_flags)[N], T (&input)[N],
                                            FlagOp flag_op) {
    tails(tail_flags, input, flag_op, false, input[0]);
  }
  template <int N, class FlagT, class FlagOp>
  __device__ __forceinline__ void FlagTails(FlagT (&tail_flags)[N], T (&input)[N],
                                            FlagOp flag_op, T tile_successor_item) {
    tails(tail_flags, input, flag_op, true, tile_successor_item);
  }
  template <int N, class FlagT, class FlagOp>
  __device__ __forceinline__ void FlagHeadsAndTails(FlagT (&head_flags)[N],
                                                    FlagT (&tail_flags)[N], T (&input)[N],
                                                    FlagOp flag_op) {
    heads(head_flags, input, flag_op, false, input[0]);
    tails(tail_flags, input, flag_op, false, input[0]);
  }
  template <int N, class FlagT, class FlagOp>
  __device__ __forceinline__ void FlagHeadsAndTails(FlagT (&head_flags)[N],
                                                    FlagT (&tail_flags)[N],
                                                    T tile_successor_item, T (&input)[N],
                                                    FlagOp flag_op) {
    heads(head_flags, input, flag_op, false, input[0]);
    tails(tail_flags, input, flag_op, true, tile_successor_item);
  }
  template <int N, class FlagT, class FlagOp>
  __device__ __forceinline__ void FlagHeadsAndTails(FlagT (&head_flags)[N],
                                                    T tile_predecessor_item,
                                                    FlagT (&tail_flags)[N], T (&input)[N],
                                                    FlagOp flag_op) {
    heads(head_flags, input, flag_op, true, tile_predecessor_item);
    tails(tail_flags, input, flag_op, false, input[0]);
  }
  template <int N, class FlagT, class FlagOp>
  __device__ __forceinline__ void FlagHeadsAndTails(FlagT (&head_flags)[N],
                                                    T tile_predecessor_item,
                                                    FlagT (&tail_flags)[N],
                                                    T tile_successor_item, T (&input)[N],
                                                    FlagOp flag_op) {
    heads(head_flags, input, flag_op, true, tile_predecessor_item);
    tails(tail_flags, input, flag_op, true, tile_successor_item);
  }

 private:
  static __device__ __forceinline__ TempStorage* private_storage() {
    __shared__ TempStorage storage;
    return &storage;
  }

  template <int N, class FlagT, class FlagOp>
  __device__ __forceinline__ void heads(FlagT (&flags)[N], T (&input)[N], FlagOp& op,
                                        bool has_predecessor, T predecessor) {
    int rank = (int)detail::block_rank();
    __syncthreads(); /* an earlier use of the storage is over */
    storage_->last[rank].get() = input[N - 1];
    __syncthreads();
    if (rank == 0) {
      flags[0] = has_predecessor ? (FlagT)detail::call_flag_op(op, predecessor, input[0], 0, 0)
                                 : (FlagT)1;
    } else {
      flags[0] = (FlagT)detail::call_flag_op(op, storage_->last[rank - 1].get(), input[0],
                                             rank * N, 0);
    }
    for (int i = 1; i < N; ++i)
      flags[i] = (FlagT)detail::call_flag_op(op, input[i - 1], input[i], rank * N + i, 0);
  }

  template <int N, class FlagT, class FlagOp>
  __device__ __forceinline__ void tails(FlagT (&flags)[N], T (&input)[N], FlagOp& op,
                                        bool has_successor, T successor) {
    int rank = (int)detail::block_rank();
    __syncthreads();
    storage_->first[rank].get() = input[0];
    __syncthreads();
    if (rank == Threads - 1) {
      flags[N - 1] = has_successor ? (FlagT)detail::call_flag_op(op, input[N - 1], successor,
                                                                 Threads * N, 0)
                                   : (FlagT)1;
    } else {
      flags[N - 1] = (FlagT)detail::call_flag_op(op, input[N - 1],
                                                 storage_->first[rank + 1].get(),
                                                 (rank + 1) * N, 0);
    }
    for (int i = 0; i < N - 1; ++i)
      flags[i] = (FlagT)detail::call_flag_op(op, input[i], input[i + 1], rank * N + i + 1, 0);
  }

  TempStorage* storage_;
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_BLOCK_DISCONTINUITY_HPP */
