/* oxhip: hipCUB's DeviceAdjacentDifference (docs/libraries.md): SubtractLeftCopy writes
 * output[0] = input[0] and output[i] = op(input[i], input[i - 1]); SubtractRightCopy writes
 * output[i] = op(input[i], input[i + 1]) and output[n - 1] = input[n - 1]. One grid-stride
 * launch, each item reading its neighbour. The in-place forms (SubtractLeft, SubtractRight)
 * first copy the input to the temporary storage and take their neighbours from there, so
 * every item sees its neighbour's old value.
 */
#ifndef OXHIP_HIPCUB_DEVICE_ADJACENT_DIFFERENCE_HPP
#define OXHIP_HIPCUB_DEVICE_ADJACENT_DIFFERENCE_HPP

#include "../util.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {
namespace detail {

enum { ADJACENT_THREADS = 256, ADJACENT_MAX_BLOCKS = 4096 };

template <bool Left, class InputIt, class OutputIt, class Op>
__global__ void __launch_bounds__(ADJACENT_THREADS)
    adjacent_difference_kernel(InputIt in, OutputIt out, long long count, Op op) {
  for (long long index = (long long)blockIdx.x * ADJACENT_THREADS + threadIdx.x; index < count;
       index += (long long)gridDim.x * ADJACENT_THREADS) {
    if (Left) {
      if (index == 0)
        out[0] = in[0];
      else
        out[index] = op(in[index], in[index - 1]);
    } else {
      if (index == count - 1)
        out[index] = in[index];
      else
        out[index] = op(in[index], in[index + 1]);
    }
  }
}

template <class InputIt, class T>
__global__ void __launch_bounds__(ADJACENT_THREADS)
    adjacent_copy_kernel(InputIt in, T* out, long long count) {
  for (long long index = (long long)blockIdx.x * ADJACENT_THREADS + threadIdx.x; index < count;
       index += (long long)gridDim.x * ADJACENT_THREADS)
    out[index] = in[index];
}

static inline unsigned int adjacent_blocks(long long count) {
  long long blocks = (count + ADJACENT_THREADS - 1) / ADJACENT_THREADS;
  return (unsigned int)(blocks > ADJACENT_MAX_BLOCKS ? ADJACENT_MAX_BLOCKS : blocks);
}

template <bool Left, class InputIt, class OutputIt, class Op>
static hipError_t adjacent_difference_copy(void* d_temp_storage, size_t& temp_storage_bytes,
                                           InputIt in, OutputIt out, long long count, Op op,
                                           hipStream_t stream) {
  hipError_t status;
  if (!temp_storage_check(d_temp_storage, temp_storage_bytes, 0, status)) return status;
  if (count <= 0) return hipSuccess;
  adjacent_difference_kernel<Left>
      <<<adjacent_blocks(count), ADJACENT_THREADS, 0, stream>>>(in, out, count, op);
  return hipGetLastError();
}

/* `out` may be `data` or overlap it (rocPRIM's aliased adjacent_difference_inplace): every
 * item is read from the copy. */
template <bool Left, class It, class OutputIt, class Op>
static hipError_t adjacent_difference_in_place(void* d_temp_storage, size_t& temp_storage_bytes,
                                               It data, OutputIt out, long long count, Op op,
                                               hipStream_t stream) {
  typedef typename value_of<It>::type T;
  hipError_t status;
  size_t needed = count > 0 ? (size_t)count * sizeof(T) : 0;
  if (!temp_storage_check(d_temp_storage, temp_storage_bytes, needed, status)) return status;
  if (count <= 0) return hipSuccess;
  T* copy = static_cast<T*>(d_temp_storage);
  adjacent_copy_kernel<<<adjacent_blocks(count), ADJACENT_THREADS, 0, stream>>>(data, copy, count);
  status = hipGetLastError();
  if (status != hipSuccess) return status;
  adjacent_difference_kernel<Left>
      <<<adjacent_blocks(count), ADJACENT_THREADS, 0, stream>>>((const T*)copy, out, count, op);
  return hipGetLastError();
}

}  // namespace detail

struct DeviceAdjacentDifference {
  template <class InputIt, class OutputIt, class DifferenceOpT = hipcub::Difference,
            class NumItemsT = unsigned int>
  static hipError_t SubtractLeftCopy(void* d_temp_storage, size_t& temp_storage_bytes,
                                     InputIt d_input, OutputIt d_output, NumItemsT num_items,
                                     DifferenceOpT difference_op = {}, hipStream_t stream = 0,
                                     bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::adjacent_difference_copy<true>(d_temp_storage, temp_storage_bytes, d_input,
                                                  d_output, (long long)num_items, difference_op,
                                                  stream);
  }
  template <class RandomAccessIt, class DifferenceOpT = hipcub::Difference,
            class NumItemsT = unsigned int>
  static hipError_t SubtractLeft(void* d_temp_storage, size_t& temp_storage_bytes,
                                 RandomAccessIt d_input, NumItemsT num_items,
                                 DifferenceOpT difference_op = {}, hipStream_t stream = 0,
                                 bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::adjacent_difference_in_place<true>(d_temp_storage, temp_storage_bytes, d_input,
                                                      d_input, (long long)num_items,
                                                      difference_op, stream);
  }
  template <class InputIt, class OutputIt, class DifferenceOpT = hipcub::Difference,
            class NumItemsT = unsigned int>
  static hipError_t SubtractRightCopy(void* d_temp_storage, size_t& temp_storage_bytes,
                                      InputIt d_input, OutputIt d_output, NumItemsT num_items,
                                      DifferenceOpT difference_op = {}, hipStream_t stream = 0,
                                      bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::adjacent_difference_copy<false>(d_temp_storage, temp_storage_bytes, d_input,
                                                   d_output, (long long)num_items, difference_op,
                                                   stream);
  }
  template <class RandomAccessIt, class DifferenceOpT = hipcub::Difference,
            class NumItemsT = unsigned int>
  static hipError_t SubtractRight(void* d_temp_storage, size_t& temp_storage_bytes,
                                  RandomAccessIt d_input, NumItemsT num_items,
                                  DifferenceOpT difference_op = {}, hipStream_t stream = 0,
                                  bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::adjacent_difference_in_place<false>(d_temp_storage, temp_storage_bytes,
                                                       d_input, d_input, (long long)num_items,
                                                       difference_op, stream);
  }
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_DEVICE_ADJACENT_DIFFERENCE_HPP */
