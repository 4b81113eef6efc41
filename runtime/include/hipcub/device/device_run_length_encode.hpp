/* oxhip: hipCUB's DeviceRunLengthEncode (docs/libraries.md): Encode (each run's item and
 * length, as ReduceByKey of ones) and NonTrivialRuns (the offset and length of each run
 * longer than one item), over the scan engine of detail/tile_scan.hpp.
 */
#ifndef OXHIP_HIPCUB_DEVICE_RUN_LENGTH_ENCODE_HPP
#define OXHIP_HIPCUB_DEVICE_RUN_LENGTH_ENCODE_HPP

#include "detail/tile_scan.hpp"
#include "device_reduce.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {
namespace detail {

/* value: the run's length so far; runs: 1 on the last item of a run longer than one. */
template <class InputIt>
struct NonTrivialLoad {
  InputIt in;
  long long count;
  __device__ __forceinline__ SegItem<int> operator()(long long index) const {
    SegItem<int> item;
    item.value = 1;
    item.head = index == 0 || !(in[index - 1] == in[index]);
    bool tail = index == count - 1 || !(in[index] == in[index + 1]);
    item.runs = tail && !item.head;
    return item;
  }
};

template <class InputIt, class OffsetsIt, class LengthsIt, class NumIt>
struct NonTrivialEmit {
  typedef std::false_type Staged;
  typedef char Out;
  InputIt in;
  OffsetsIt offsets_out;
  LengthsIt lengths_out;
  NumIt num_runs;
  /* An item counted in `runs` (the load's tail of a run longer than one) is where the
   * inclusive count exceeds the exclusive one. */
  __device__ __forceinline__ void operator()(long long index, bool has,
                                             const SegItem<int>& exclusive,
                                             const SegItem<int>& inclusive) const {
    if (inclusive.runs != (has ? exclusive.runs : 0)) {
      offsets_out[inclusive.runs - 1] = index - inclusive.value + 1;
      lengths_out[inclusive.runs - 1] = inclusive.value;
    }
  }
  __device__ __forceinline__ void last(const SegItem<int>& inclusive) const {
    *num_runs = inclusive.runs;
  }
};

}  // namespace detail

struct DeviceRunLengthEncode {
  template <class InputIt, class UniqueOutputIt, class LengthsOutputIt, class NumRunsOutputIt>
  static hipError_t Encode(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                           UniqueOutputIt d_unique_out, LengthsOutputIt d_counts_out,
                           NumRunsOutputIt d_num_runs_out, int num_items,
                           hipStream_t stream = 0, bool debug_synchronous = false) {
    typedef typename detail::output_value_of<LengthsOutputIt, int>::type Length;
    return DeviceReduce::ReduceByKey(d_temp_storage, temp_storage_bytes, d_in, d_unique_out,
                                     ConstantInputIterator<Length, int>(Length(1)),
                                     d_counts_out, d_num_runs_out, hipcub::Sum(), num_items,
                                     stream, debug_synchronous);
  }
  template <class InputIt, class OffsetsOutputIt, class LengthsOutputIt,
            class NumRunsOutputIt>
  static hipError_t NonTrivialRuns(void* d_temp_storage, size_t& temp_storage_bytes,
                                   InputIt d_in, OffsetsOutputIt d_offsets_out,
                                   LengthsOutputIt d_lengths_out,
                                   NumRunsOutputIt d_num_runs_out, int num_items,
                                   hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    detail::NonTrivialLoad<InputIt> load = {d_in, num_items};
    detail::SegOp<hipcub::Sum> op = {hipcub::Sum()};
    detail::NonTrivialEmit<InputIt, OffsetsOutputIt, LengthsOutputIt, NumRunsOutputIt> emit = {
        d_in, d_offsets_out, d_lengths_out, d_num_runs_out};
    hipError_t status = detail::tile_scan<detail::SegItem<int> >(
        d_temp_storage, temp_storage_bytes, num_items, load, op, emit, stream);
    if (status == hipSuccess && d_temp_storage != nullptr && num_items <= 0) {
      detail::write_one<<<1, 1, 0, stream>>>(d_num_runs_out, 0);
      status = hipGetLastError();
    }
    return status;
  }
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_DEVICE_RUN_LENGTH_ENCODE_HPP */
