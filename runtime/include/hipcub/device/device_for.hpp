/* oxhip: CUB's DeviceFor (docs/libraries.md): Bulk calls op(i) for each i in [0, shape);
 * ForEach and ForEachN call op on a reference to each item, ForEachCopy and ForEachCopyN on a
 * copy of it. One grid-stride launch, in no particular order. Each also has CUB's form with
 * temporary storage first, which asks for none (16 bytes, by oxhip's convention).
 */
#ifndef OXHIP_HIPCUB_DEVICE_FOR_HPP
#define OXHIP_HIPCUB_DEVICE_FOR_HPP

#include "../util.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {
namespace detail {

enum { FOR_THREADS = 256, FOR_MAX_BLOCKS = 4096 };

/* Items by reference (Copy false) or by value (Copy true); Bulk passes a counting "item". */
template <class Index, class Op>
struct BulkItem {
  Op op;
  __device__ __forceinline__ void operator()(long long index) { op((Index)index); }
};
template <class It, class Op, bool Copy>
struct ForItem {
  It first;
  Op op;
  __device__ __forceinline__ void operator()(long long index) {
    if (Copy) {
      typename value_of<It>::type item = first[index];
      op(item);
    } else {
      op(first[index]);
    }
  }
};

template <class Body>
__global__ void __launch_bounds__(FOR_THREADS) for_kernel(Body body, long long count) {
  for (long long index = (long long)blockIdx.x * FOR_THREADS + threadIdx.x; index < count;
       index += (long long)gridDim.x * FOR_THREADS)
    body(index);
}

template <class Body>
static hipError_t for_run(Body body, long long count, hipStream_t stream) {
  if (count <= 0) return hipSuccess;
  long long blocks = (count + FOR_THREADS - 1) / FOR_THREADS;
  if (blocks > FOR_MAX_BLOCKS) blocks = FOR_MAX_BLOCKS;
  for_kernel<<<(unsigned int)blocks, FOR_THREADS, 0, stream>>>(body, count);
  return hipGetLastError();
}

template <class Body>
static hipError_t for_run(void* d_temp_storage, size_t& temp_storage_bytes, Body body,
                          long long count, hipStream_t stream) {
  hipError_t status;
  if (!temp_storage_check(d_temp_storage, temp_storage_bytes, 0, status)) return status;
  return for_run(body, count, stream);
}

}  // namespace detail

struct DeviceFor {
  template <class ShapeT, class OpT>
  static hipError_t Bulk(ShapeT shape, OpT op, hipStream_t stream = 0) {
    static_assert(std::is_integral<ShapeT>::value, "DeviceFor::Bulk: ShapeT must be integral");
    detail::BulkItem<ShapeT, OpT> body = {op};
    return detail::for_run(body, (long long)shape, stream);
  }
  template <class ShapeT, class OpT>
  static hipError_t Bulk(void* d_temp_storage, size_t& temp_storage_bytes, ShapeT shape, OpT op,
                         hipStream_t stream = 0) {
    static_assert(std::is_integral<ShapeT>::value, "DeviceFor::Bulk: ShapeT must be integral");
    detail::BulkItem<ShapeT, OpT> body = {op};
    return detail::for_run(d_temp_storage, temp_storage_bytes, body, (long long)shape, stream);
  }
  template <class RandomAccessIt, class NumItemsT, class OpT>
  static hipError_t ForEachN(RandomAccessIt first, NumItemsT num_items, OpT op,
                             hipStream_t stream = 0) {
    detail::ForItem<RandomAccessIt, OpT, false> body = {first, op};
    return detail::for_run(body, (long long)num_items, stream);
  }
  template <class RandomAccessIt, class NumItemsT, class OpT>
  static hipError_t ForEachN(void* d_temp_storage, size_t& temp_storage_bytes, RandomAccessIt first,
                             NumItemsT num_items, OpT op, hipStream_t stream = 0) {
    detail::ForItem<RandomAccessIt, OpT, false> body = {first, op};
    return detail::for_run(d_temp_storage, temp_storage_bytes, body, (long long)num_items, stream);
  }
  template <class RandomAccessIt, class OpT>
  static hipError_t ForEach(RandomAccessIt first, RandomAccessIt last, OpT op,
                            hipStream_t stream = 0) {
    return ForEachN(first, (long long)(last - first), op, stream);
  }
  template <class RandomAccessIt, class OpT>
  static hipError_t ForEach(void* d_temp_storage, size_t& temp_storage_bytes, RandomAccessIt first,
                            RandomAccessIt last, OpT op, hipStream_t stream = 0) {
    return ForEachN(d_temp_storage, temp_storage_bytes, first, (long long)(last - first), op,
                    stream);
  }
  template <class RandomAccessIt, class NumItemsT, class OpT>
  static hipError_t ForEachCopyN(RandomAccessIt first, NumItemsT num_items, OpT op,
                                 hipStream_t stream = 0) {
    detail::ForItem<RandomAccessIt, OpT, true> body = {first, op};
    return detail::for_run(body, (long long)num_items, stream);
  }
  template <class RandomAccessIt, class NumItemsT, class OpT>
  static hipError_t ForEachCopyN(void* d_temp_storage, size_t& temp_storage_bytes,
                                 RandomAccessIt first, NumItemsT num_items, OpT op,
                                 hipStream_t stream = 0) {
    detail::ForItem<RandomAccessIt, OpT, true> body = {first, op};
    return detail::for_run(d_temp_storage, temp_storage_bytes, body, (long long)num_items, stream);
  }
  template <class RandomAccessIt, class OpT>
  static hipError_t ForEachCopy(RandomAccessIt first, RandomAccessIt last, OpT op,
                                hipStream_t stream = 0) {
    return ForEachCopyN(first, (long long)(last - first), op, stream);
  }
  template <class RandomAccessIt, class OpT>
  static hipError_t ForEachCopy(void* d_temp_storage, size_t& temp_storage_bytes,
                                RandomAccessIt first, RandomAccessIt last, OpT op,
                                hipStream_t stream = 0) {
    return ForEachCopyN(d_temp_storage, temp_storage_bytes, first, (long long)(last - first), op,
                        stream);
  }
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_DEVICE_FOR_HPP */
