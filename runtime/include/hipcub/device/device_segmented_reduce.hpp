/* oxhip: hipCUB's DeviceSegmentedReduce (docs/libraries.md): Reduce, Sum, Min, Max, ArgMin and
 * ArgMax over segments [d_begin_offsets[i], d_end_offsets[i]), one block per segment. An
 * empty segment gets the initial value (ArgMin: {1, max()}, ArgMax: {1, lowest()}, as CUB
 * gives); ArgMin and ArgMax give offsets within the segment. As with CUB's device
 * reductions, the operator must be commutative as well as associative.
 */
#ifndef OXHIP_HIPCUB_DEVICE_SEGMENTED_REDUCE_HPP
#define OXHIP_HIPCUB_DEVICE_SEGMENTED_REDUCE_HPP

#include "detail/tile_scan.hpp"
#include "device_reduce.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {
namespace detail {

/* Loads for a segment starting at `begin`: the plain value, or (offset, value) pairs. */
template <class InputIt, class T>
struct SegmentValue {
  typedef T type;
  static __device__ __forceinline__ T at(InputIt in, long long begin, long long offset) {
    return T(in[begin + offset]);
  }
};
template <class InputIt, class T>
struct SegmentPair {
  typedef KeyValuePair<int, T> type;
  static __device__ __forceinline__ type at(InputIt in, long long begin, long long offset) {
    return type((int)offset, T(in[begin + offset]));
  }
};

/* The operator and initial value travel in one parameter: written when the CPU device's
 * kernel ABI could not place an empty operator followed by a small structure ("cannot tell
 * which of its parameters the x86-64 ABI dropped"); it can since (tests/programs/
 * kernel_params.hip's `pick`), and the one parameter stays. */
template <class Op, class T>
struct SegmentedReduceArgs {
  Op op;
  T initial;
  bool has_initial;
};

template <class Access, class InputIt, class OutputIt, class BeginIt, class EndIt, class Op>
__global__ void __launch_bounds__(REDUCE_THREADS)
    segmented_reduce(InputIt in, OutputIt out, BeginIt begins, EndIt ends,
                     SegmentedReduceArgs<Op, typename Access::type> args) {
  typedef typename Access::type T;
  Op op = args.op;
  T initial = args.initial;
  bool has_initial = args.has_initial;
  __shared__ typename BlockPartials<T, REDUCE_THREADS>::Storage storage;
  long long begin = (long long)begins[blockIdx.x];
  long long count = (long long)ends[blockIdx.x] - begin;
  if (count <= 0) {
    if (threadIdx.x == 0) out[blockIdx.x] = initial;
    return;
  }
  T value = T();
  if ((long long)threadIdx.x < count) {
    value = Access::at(in, begin, threadIdx.x);
    for (long long at = threadIdx.x + REDUCE_THREADS; at < count; at += REDUCE_THREADS)
      value = op(value, Access::at(in, begin, at));
  }
  int valid = count < REDUCE_THREADS ? (int)count : (int)REDUCE_THREADS;
  T total = BlockPartials<T, REDUCE_THREADS>::reduce(storage, value, op, valid);
  if (threadIdx.x == 0) out[blockIdx.x] = has_initial ? op(initial, total) : total;
}

template <class Access, class InputIt, class OutputIt, class BeginIt, class EndIt, class Op>
static hipError_t segmented_reduce_run(void* d_temp_storage, size_t& temp_storage_bytes,
                                       InputIt in, OutputIt out, int segments, BeginIt begins,
                                       EndIt ends, Op op, typename Access::type initial,
                                       bool has_initial, hipStream_t stream) {
  hipError_t status;
  if (!temp_storage_check(d_temp_storage, temp_storage_bytes, 0, status)) return status;
  if (segments <= 0) return hipSuccess;
  SegmentedReduceArgs<Op, typename Access::type> args = {op, initial, has_initial};
  segmented_reduce<Access><<<segments, REDUCE_THREADS, 0, stream>>>(in, out, begins, ends, args);
  return hipGetLastError();
}

}  // namespace detail

struct DeviceSegmentedReduce {
  template <class InputIt, class OutputIt, class BeginOffsetIt, class EndOffsetIt,
            class ReductionOp, class T>
  static hipError_t Reduce(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                           OutputIt d_out, int num_segments, BeginOffsetIt d_begin_offsets,
                           EndOffsetIt d_end_offsets, ReductionOp reduction_op, T initial_value,
                           hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::segmented_reduce_run<detail::SegmentValue<InputIt, T> >(
        d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets,
        d_end_offsets, reduction_op, initial_value, true, stream);
  }
  template <class InputIt, class OutputIt, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t Sum(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                        OutputIt d_out, int num_segments, BeginOffsetIt d_begin_offsets,
                        EndOffsetIt d_end_offsets, hipStream_t stream = 0,
                        bool debug_synchronous = false) {
    typedef typename detail::value_of<InputIt>::type T;
    return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments,
                  d_begin_offsets, d_end_offsets, hipcub::Sum(), T(), stream, debug_synchronous);
  }
  template <class InputIt, class OutputIt, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t Min(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                        OutputIt d_out, int num_segments, BeginOffsetIt d_begin_offsets,
                        EndOffsetIt d_end_offsets, hipStream_t stream = 0,
                        bool debug_synchronous = false) {
    typedef typename detail::value_of<InputIt>::type T;
    return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments,
                  d_begin_offsets, d_end_offsets, hipcub::Min(), std::numeric_limits<T>::max(),
                  stream, debug_synchronous);
  }
  template <class InputIt, class OutputIt, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t Max(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                        OutputIt d_out, int num_segments, BeginOffsetIt d_begin_offsets,
                        EndOffsetIt d_end_offsets, hipStream_t stream = 0,
                        bool debug_synchronous = false) {
    typedef typename detail::value_of<InputIt>::type T;
    return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments,
                  d_begin_offsets, d_end_offsets, hipcub::Max(),
                  std::numeric_limits<T>::lowest(), stream, debug_synchronous);
  }
  template <class InputIt, class OutputIt, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t ArgMin(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                           OutputIt d_out, int num_segments, BeginOffsetIt d_begin_offsets,
                           EndOffsetIt d_end_offsets, hipStream_t stream = 0,
                           bool debug_synchronous = false) {
    (void)debug_synchronous;
    typedef typename detail::value_of<InputIt>::type T;
    return detail::segmented_reduce_run<detail::SegmentPair<InputIt, T> >(
        d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets,
        d_end_offsets, hipcub::ArgMin(), KeyValuePair<int, T>(1, std::numeric_limits<T>::max()),
        false, stream);
  }
  template <class InputIt, class OutputIt, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t ArgMax(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                           OutputIt d_out, int num_segments, BeginOffsetIt d_begin_offsets,
                           EndOffsetIt d_end_offsets, hipStream_t stream = 0,
                           bool debug_synchronous = false) {
    (void)debug_synchronous;
    typedef typename detail::value_of<InputIt>::type T;
    return detail::segmented_reduce_run<detail::SegmentPair<InputIt, T> >(
        d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets,
        d_end_offsets, hipcub::ArgMax(),
        KeyValuePair<int, T>(1, std::numeric_limits<T>::lowest()), false, stream);
  }
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_DEVICE_SEGMENTED_REDUCE_HPP */
