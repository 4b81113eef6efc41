/* oxhip: hipCUB's DeviceReduce (docs/libraries.md): Reduce, Sum, Min, Max, ArgMin, ArgMax and
 * ReduceByKey, with CUB's temp-storage convention. The reductions take two passes: up to
 * 1024 blocks of 256 threads reduce grid-stride shares, then one block their results; each
 * combines in rank order within a block, so a non-commutative operator is applied in an
 * order CUB also allows. ReduceByKey is a segmented scan (detail/tile_scan.hpp).
 */
#ifndef OXHIP_HIPCUB_DEVICE_REDUCE_HPP
#define OXHIP_HIPCUB_DEVICE_REDUCE_HPP

#include "detail/tile_scan.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {
namespace detail {

enum { REDUCE_THREADS = 256, REDUCE_MAX_BLOCKS = 1024 };

/* Pass 1: each block reduces a grid-stride share of the input into partial[block]. */
template <class T, class Load, class ReductionOp>
__global__ void __launch_bounds__(REDUCE_THREADS)
    device_reduce_partials(Load load, long long count, ReductionOp op, T* partial) {
  __shared__ typename BlockPartials<T, REDUCE_THREADS>::Storage storage;
  long long first = (long long)blockIdx.x * REDUCE_THREADS + threadIdx.x;
  long long stride = (long long)gridDim.x * REDUCE_THREADS;
  bool have = first < count;
  T value = have ? load(first) : T();
  if (have)
    for (long long at = first + stride; at < count; at += stride) value = op(value, load(at));
  /* The threads with an element are a prefix of the block (ranks below count - block
   * start), so num_valid counts them. */
  long long start = (long long)blockIdx.x * REDUCE_THREADS;
  int valid = count - start >= REDUCE_THREADS ? (int)REDUCE_THREADS : (int)(count - start);
  T total = BlockPartials<T, REDUCE_THREADS>::reduce(storage, value, op, valid);
  if (threadIdx.x == 0) partial[blockIdx.x] = total;
}

/* Pass 2: one block reduces the partials into *output, after `initial` when `has_initial`;
 * with no partials *output is `initial`. */
template <class T, class OutputIt, class ReductionOp>
__global__ void __launch_bounds__(REDUCE_THREADS)
    device_reduce_final(const T* partial, int blocks, ReductionOp op, T initial,
                        bool has_initial, OutputIt output) {
  __shared__ typename BlockPartials<T, REDUCE_THREADS>::Storage storage;
  T value = threadIdx.x < (unsigned int)blocks ? partial[threadIdx.x] : T();
  for (int at = threadIdx.x + REDUCE_THREADS; at < blocks; at += REDUCE_THREADS)
    value = op(value, partial[at]);
  int valid = blocks < REDUCE_THREADS ? blocks : (int)REDUCE_THREADS;
  T total = BlockPartials<T, REDUCE_THREADS>::reduce(storage, value, op, valid);
  if (threadIdx.x == 0) *output = blocks > 0 ? (has_initial ? op(initial, total) : total) : initial;
}

template <class T, class Load, class OutputIt, class ReductionOp>
static hipError_t device_reduce(void* d_temp_storage, size_t& temp_storage_bytes, Load load,
                                OutputIt d_out, long long count, ReductionOp op, T initial,
                                bool has_initial, hipStream_t stream) {
  if (count < 0) count = 0;
  int blocks = (int)((count + REDUCE_THREADS - 1) / REDUCE_THREADS);
  if (blocks > REDUCE_MAX_BLOCKS) blocks = REDUCE_MAX_BLOCKS;
  size_t needed = (size_t)(blocks > 0 ? blocks : 1) * sizeof(T);
  hipError_t status;
  if (!temp_storage_check(d_temp_storage, temp_storage_bytes, needed, status)) return status;
  T* partial = static_cast<T*>(d_temp_storage);
  if (blocks > 0) {
    device_reduce_partials<T><<<blocks, REDUCE_THREADS, 0, stream>>>(load, count, op, partial);
    status = hipGetLastError();
    if (status != hipSuccess) return status;
  }
  device_reduce_final<T><<<1, REDUCE_THREADS, 0, stream>>>(partial, blocks, op, initial,
                                                          has_initial, d_out);
  return hipGetLastError();
}

/* (index, value) pairs for ArgMin and ArgMax. */
template <class InputIt, class T>
struct ArgLoad {
  InputIt it;
  __device__ __forceinline__ KeyValuePair<int, T> operator()(long long index) const {
    return KeyValuePair<int, T>((int)index, T(it[index]));
  }
};

/* ReduceByKey's items: `runs` is 1 on a segment's first item, so an item's inclusive
 * `runs` is its segment's number plus one. */
template <class KeysIt, class ValuesIt, class V, class EqualityOp>
struct RunLoad {
  KeysIt keys;
  ValuesIt values;
  EqualityOp equal;
  __device__ __forceinline__ SegItem<V> operator()(long long index) const {
    SegItem<V> item;
    item.value = V(values[index]);
    item.head = index == 0 || !equal(keys[index - 1], keys[index]);
    item.runs = item.head;
    return item;
  }
};

/* At each segment's last item: its key and aggregate; at the input's last, the count. */
template <class KeysIt, class UniqueIt, class AggregatesIt, class RunsIt, class V,
          class EqualityOp>
struct RunEmit {
  typedef std::false_type Staged;
  typedef char Out;
  KeysIt keys;
  UniqueIt unique_out;
  AggregatesIt aggregates_out;
  RunsIt runs_out;
  EqualityOp equal;
  long long count;
  __device__ __forceinline__ void operator()(long long index, bool, const SegItem<V>&,
                                             const SegItem<V>& inclusive) const {
    bool last = index == count - 1;
    if (last || !equal(keys[index], keys[index + 1])) {
      unique_out[inclusive.runs - 1] = keys[index];
      aggregates_out[inclusive.runs - 1] = inclusive.value;
    }
    if (last) *runs_out = inclusive.runs;
  }
};

}  // namespace detail

struct DeviceReduce {
  template <class InputIt, class OutputIt, class ReductionOp, class T>
  static hipError_t Reduce(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                           OutputIt d_out, int num_items, ReductionOp reduction_op, T init,
                           hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    detail::IteratorLoad<InputIt, T> load = {d_in};
    return detail::device_reduce(d_temp_storage, temp_storage_bytes, load, d_out, num_items,
                                 reduction_op, init, true, stream);
  }
  template <class InputIt, class OutputIt>
  static hipError_t Sum(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                        OutputIt d_out, int num_items, hipStream_t stream = 0,
                        bool debug_synchronous = false) {
    /* As CUB: the sum is taken in the output's value type (the input's for a void output
     * iterator), so that flags (bool) summed into an int count. */
    typedef typename detail::output_value_of<OutputIt,
                                             typename detail::value_of<InputIt>::type>::type T;
    return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, hipcub::Sum(), T(),
                  stream, debug_synchronous);
  }
  template <class InputIt, class OutputIt>
  static hipError_t Max(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                        OutputIt d_out, int num_items, hipStream_t stream = 0,
                        bool debug_synchronous = false) {
    typedef typename detail::value_of<InputIt>::type T;
    return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, hipcub::Max(),
                  std::numeric_limits<T>::lowest(), stream, debug_synchronous);
  }
  template <class InputIt, class OutputIt>
  static hipError_t Min(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                        OutputIt d_out, int num_items, hipStream_t stream = 0,
                        bool debug_synchronous = false) {
    typedef typename detail::value_of<InputIt>::type T;
    return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, hipcub::Min(),
                  std::numeric_limits<T>::max(), stream, debug_synchronous);
  }
  /* The first position of the smallest value as a KeyValuePair<int, T>; with no items,
   * {1, numeric_limits<T>::max()}, as CUB gives. */
  template <class InputIt, class OutputIt>
  static hipError_t ArgMin(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                           OutputIt d_out, int num_items, hipStream_t stream = 0,
                           bool debug_synchronous = false) {
    (void)debug_synchronous;
    typedef typename detail::value_of<InputIt>::type T;
    detail::ArgLoad<InputIt, T> load = {d_in};
    return detail::device_reduce(d_temp_storage, temp_storage_bytes, load, d_out, num_items,
                                 hipcub::ArgMin(),
                                 KeyValuePair<int, T>(1, std::numeric_limits<T>::max()), false,
                                 stream);
  }
  /* The first position of the largest value; with no items {1, numeric_limits<T>::lowest()}. */
  template <class InputIt, class OutputIt>
  static hipError_t ArgMax(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                           OutputIt d_out, int num_items, hipStream_t stream = 0,
                           bool debug_synchronous = false) {
    (void)debug_synchronous;
    typedef typename detail::value_of<InputIt>::type T;
    detail::ArgLoad<InputIt, T> load = {d_in};
    return detail::device_reduce(d_temp_storage, temp_storage_bytes, load, d_out, num_items,
                                 hipcub::ArgMax(),
                                 KeyValuePair<int, T>(1, std::numeric_limits<T>::lowest()), false,
                                 stream);
  }
  /* Each run of equal consecutive keys becomes one key in d_unique_out and the op-reduction
   * of its values in d_aggregates_out; *d_num_runs_out is the number of runs. */
  template <class KeysInputIt, class UniqueOutputIt, class ValuesInputIt,
            class AggregatesOutputIt, class NumRunsOutputIt, class ReductionOp>
  static hipError_t ReduceByKey(void* d_temp_storage, size_t& temp_storage_bytes,
                                KeysInputIt d_keys_in, UniqueOutputIt d_unique_out,
                                ValuesInputIt d_values_in, AggregatesOutputIt d_aggregates_out,
                                NumRunsOutputIt d_num_runs_out, ReductionOp reduction_op,
                                int num_items, hipStream_t stream = 0,
                                bool debug_synchronous = false) {
    (void)debug_synchronous;
    typedef typename detail::value_of<ValuesInputIt>::type V;
    typedef hipcub::Equality EqualityOp;
    detail::RunLoad<KeysInputIt, ValuesInputIt, V, EqualityOp> load = {d_keys_in, d_values_in,
                                                                       EqualityOp()};
    detail::SegOp<ReductionOp> op = {reduction_op};
    detail::RunEmit<KeysInputIt, UniqueOutputIt, AggregatesOutputIt, NumRunsOutputIt, V,
                    EqualityOp>
        emit = {d_keys_in, d_unique_out, d_aggregates_out, d_num_runs_out, EqualityOp(),
                num_items};
    hipError_t status = detail::tile_scan<detail::SegItem<V> >(
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

#endif /* OXHIP_HIPCUB_DEVICE_REDUCE_HPP */
