/* oxhip: hipCUB's DeviceReduce (docs/libraries.md): Reduce, Sum, Min, Max, ArgMin, ArgMax and
 * ReduceByKey, with CUB's temp-storage convention. The reductions take two passes: up to
 * 1024 blocks of 256 threads reduce grid-stride shares (an aligned array of arithmetic
 * values as 16-byte vectors, four loads in flight a thread), then one block their results;
 * an input of at most 4,096 units (values, or vectors) takes one block and one launch;
 * as with CUB, the operator must be commutative. ReduceByKey is a segmented scan
 * (detail/tile_scan.hpp).
 */
#ifndef OXHIP_HIPCUB_DEVICE_REDUCE_HPP
#define OXHIP_HIPCUB_DEVICE_REDUCE_HPP

#include "detail/tile_scan.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {
namespace detail {

enum { REDUCE_THREADS = 256, REDUCE_MAX_BLOCKS = 1024 };
/* Inputs of at most this many units take one block and one launch (device_reduce_single):
 * sixteen a thread, 64 KiB of 32-bit values read as vectors. */
enum { REDUCE_SINGLE_UNITS = REDUCE_THREADS * 16 };

/* How pass 1 reads the input: `Lanes` elements per 16-byte vector when the input is an
 * aligned array of arithmetic values (the host checks the alignment), else 1. */
template <class Load, bool Vectors>
struct ReduceShape {
  typedef vector_access<typename load_pointer<Load>::type, 16> Access;
  enum { Lanes = Vectors && Access::Lanes > 0 ? (int)Access::Lanes : 1 };
};

/* Folds `next` into (have, value). */
template <class T, class ReductionOp>
static __device__ __forceinline__ void fold(bool& have, T& value, const T& next,
                                            ReductionOp op) {
  value = have ? op(value, next) : next;
  have = true;
}

/* op over one vector's elements, converted to T. */
template <class T, class U, int Lanes, class ReductionOp>
static __device__ __forceinline__ T reduce_lanes(const U (&lanes)[Lanes], ReductionOp op) {
  T value = T(lanes[0]);
#pragma unroll
  for (int lane = 1; lane < Lanes; ++lane) value = op(value, T(lanes[lane]));
  return value;
}

/* A thread's grid-stride share of `units` vectors of an aligned array, four loads in
 * flight at a time; the elements after the last whole vector go to the first threads. */
template <class T, class Load, class ReductionOp>
static __device__ __forceinline__ void reduce_share(const Load& load, long long count,
                                                    ReductionOp op, bool& have, T& value,
                                                    std::true_type) {
  typedef vector_access<typename load_pointer<Load>::type, 16> Access;
  typedef typename Access::Element U;
  enum { Lanes = Access::Lanes };
  const U* base = static_cast<const U*>(__builtin_assume_aligned(load.it, 16));
  long long units = count / Lanes;
  long long first = (long long)blockIdx.x * REDUCE_THREADS + threadIdx.x;
  long long stride = (long long)gridDim.x * REDUCE_THREADS;
  long long at = first;
  for (; at + 3 * stride < units; at += 4 * stride) {
    U lanes[4][Lanes];
#pragma unroll
    for (int k = 0; k < 4; ++k) __builtin_memcpy(lanes[k], base + (at + k * stride) * Lanes, 16);
#pragma unroll
    for (int k = 0; k < 4; ++k) fold(have, value, reduce_lanes<T>(lanes[k], op), op);
  }
  for (; at < units; at += stride) {
    U lanes[Lanes];
    __builtin_memcpy(lanes, base + at * Lanes, 16);
    fold(have, value, reduce_lanes<T>(lanes, op), op);
  }
  if (first < count - units * Lanes) fold(have, value, load(units * Lanes + first), op);
}
/* Any input: a grid-stride share, four loads in flight at a time. */
template <class T, class Load, class ReductionOp>
static __device__ __forceinline__ void reduce_share(const Load& load, long long count,
                                                    ReductionOp op, bool& have, T& value,
                                                    std::false_type) {
  long long first = (long long)blockIdx.x * REDUCE_THREADS + threadIdx.x;
  long long stride = (long long)gridDim.x * REDUCE_THREADS;
  long long at = first;
  for (; at + 3 * stride < count; at += 4 * stride) {
    T next[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) next[k] = load(at + k * stride);
#pragma unroll
    for (int k = 0; k < 4; ++k) fold(have, value, next[k], op);
  }
  for (; at < count; at += stride) fold(have, value, load(at), op);
}

/* A block's total of its grid-stride share of the input. The threads with something to
 * reduce are the first `units` of the grid (units: vectors, or the leftover elements where
 * there are more of those), so each block's are a prefix of it, as BlockPartials::reduce
 * needs. */
template <class T, bool Vectors, class Load, class ReductionOp>
static __device__ __forceinline__ T block_share_total(
    typename BlockPartials<T, REDUCE_THREADS>::Storage& storage, const Load& load,
    long long count, ReductionOp op) {
  enum { Lanes = ReduceShape<Load, Vectors>::Lanes };
  bool have = false;
  T value = T();
  reduce_share<T>(load, count, op, have, value, std::integral_constant<bool, (Lanes > 1)>());
  long long units = count / Lanes;
  if (count - units * Lanes > units) units = count - units * Lanes;
  long long start = (long long)blockIdx.x * REDUCE_THREADS;
  int valid = units - start >= REDUCE_THREADS ? (int)REDUCE_THREADS : (int)(units - start);
  return BlockPartials<T, REDUCE_THREADS>::reduce(storage, value, op, valid);
}

/* Pass 1: each block reduces a grid-stride share of the input into partial[block]. */
template <class T, bool Vectors, class Load, class ReductionOp>
__global__ void __launch_bounds__(REDUCE_THREADS)
    device_reduce_partials(Load load, long long count, ReductionOp op, T* partial) {
  __shared__ typename BlockPartials<T, REDUCE_THREADS>::Storage storage;
  T total = block_share_total<T, Vectors>(storage, load, count, op);
  if (threadIdx.x == 0) partial[blockIdx.x] = total;
}

/* Both passes in one block, for inputs of at most REDUCE_SINGLE_UNITS units (count > 0):
 * one launch instead of two, which is most of the time a small reduction takes. */
template <class T, bool Vectors, class Load, class OutputIt, class ReductionOp>
__global__ void __launch_bounds__(REDUCE_THREADS)
    device_reduce_single(Load load, long long count, ReductionOp op, T initial,
                         bool has_initial, OutputIt output) {
  __shared__ typename BlockPartials<T, REDUCE_THREADS>::Storage storage;
  T total = block_share_total<T, Vectors>(storage, load, count, op);
  if (threadIdx.x == 0) *output = has_initial ? op(initial, total) : total;
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

/* Whether pass 1 reads `load` as vectors: an aligned array of arithmetic values. */
template <class Load>
static bool reduce_vectors(const Load&, std::false_type) {
  return false;
}
template <class Load>
static bool reduce_vectors(const Load& load, std::true_type) {
  return ((unsigned long long)(const void*)load.it & 15ull) == 0;
}

template <class T, class Load, class OutputIt, class ReductionOp>
static hipError_t device_reduce(void* d_temp_storage, size_t& temp_storage_bytes, Load load,
                                OutputIt d_out, long long count, ReductionOp op, T initial,
                                bool has_initial, hipStream_t stream) {
  if (count < 0) count = 0;
  typedef ReduceShape<Load, true> Shape;
  bool vectors = Shape::Lanes > 1 && d_temp_storage != nullptr &&
                 reduce_vectors(load, std::integral_constant<bool, (Shape::Lanes > 1)>());
  /* Blocks for the units pass 1 shares out (see device_reduce_partials); the storage asked
   * for suits either way. */
  long long lanes = vectors ? (long long)Shape::Lanes : 1;
  long long units = count / lanes;
  if (count - units * lanes > units) units = count - units * lanes;
  int blocks = (int)((units + REDUCE_THREADS - 1) / REDUCE_THREADS);
  if (blocks > REDUCE_MAX_BLOCKS) blocks = REDUCE_MAX_BLOCKS;
  int most_blocks = (int)((count + REDUCE_THREADS - 1) / REDUCE_THREADS);
  if (most_blocks > REDUCE_MAX_BLOCKS) most_blocks = REDUCE_MAX_BLOCKS;
  size_t needed = (size_t)(most_blocks > 0 ? most_blocks : 1) * sizeof(T);
  hipError_t status;
  if (!temp_storage_check(d_temp_storage, temp_storage_bytes, needed, status)) return status;
  T* partial = static_cast<T*>(d_temp_storage);
  if (blocks > 0 && units <= REDUCE_SINGLE_UNITS) {
    if (vectors)
      device_reduce_single<T, true><<<1, REDUCE_THREADS, 0, stream>>>(load, count, op, initial,
                                                                     has_initial, d_out);
    else
      device_reduce_single<T, false><<<1, REDUCE_THREADS, 0, stream>>>(load, count, op,
                                                                      initial, has_initial,
                                                                      d_out);
    return hipGetLastError();
  }
  if (blocks > 0) {
    if (vectors)
      device_reduce_partials<T, true><<<blocks, REDUCE_THREADS, 0, stream>>>(load, count, op,
                                                                            partial);
    else
      device_reduce_partials<T, false><<<blocks, REDUCE_THREADS, 0, stream>>>(load, count, op,
                                                                             partial);
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

/* At each segment's first item (where the inclusive count of heads exceeds the exclusive
 * one): its key, and the previous segment's aggregate, which is the exclusive value there;
 * at the input's last item the last segment's aggregate and the count. */
template <class KeysIt, class UniqueIt, class AggregatesIt, class RunsIt, class V>
struct RunEmit {
  typedef std::false_type Staged;
  typedef char Out;
  KeysIt keys;
  UniqueIt unique_out;
  AggregatesIt aggregates_out;
  RunsIt runs_out;
  __device__ __forceinline__ void operator()(long long index, bool has,
                                             const HeadItem<V>& exclusive,
                                             const HeadItem<V>& inclusive) const {
    if (inclusive.heads != (has ? exclusive.heads : 0)) {
      unique_out[inclusive.heads - 1] = keys[index];
      if (has) aggregates_out[exclusive.heads - 1] = exclusive.value;
    }
  }
  __device__ __forceinline__ void last(const HeadItem<V>& inclusive) const {
    aggregates_out[inclusive.heads - 1] = inclusive.value;
    *runs_out = inclusive.heads;
  }
};

/* ReduceByKey with the keys' equality operator (rocPRIM's reduce_by_key takes one). */
template <class KeysInputIt, class UniqueOutputIt, class ValuesInputIt, class AggregatesOutputIt,
          class NumRunsOutputIt, class EqualityOp, class ReductionOp>
static hipError_t reduce_by_key(void* d_temp_storage, size_t& temp_storage_bytes,
                                KeysInputIt d_keys_in, UniqueOutputIt d_unique_out,
                                ValuesInputIt d_values_in, AggregatesOutputIt d_aggregates_out,
                                NumRunsOutputIt d_num_runs_out, EqualityOp equality_op,
                                ReductionOp reduction_op, int num_items, hipStream_t stream) {
  typedef typename value_of<ValuesInputIt>::type V;
  KeyedLoad<KeysInputIt, ValuesInputIt, V, EqualityOp> load = {d_keys_in, d_values_in,
                                                             equality_op};
  HeadOp<ReductionOp> op = {reduction_op};
  RunEmit<KeysInputIt, UniqueOutputIt, AggregatesOutputIt, NumRunsOutputIt, V> emit = {
      d_keys_in, d_unique_out, d_aggregates_out, d_num_runs_out};
  hipError_t status = tile_scan<HeadItem<V> >(d_temp_storage, temp_storage_bytes, num_items,
                                              load, op, emit, stream);
  if (status == hipSuccess && d_temp_storage != nullptr && num_items <= 0) {
    write_one<<<1, 1, 0, stream>>>(d_num_runs_out, 0);
    status = hipGetLastError();
  }
  return status;
}

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
    return detail::reduce_by_key(d_temp_storage, temp_storage_bytes, d_keys_in, d_unique_out,
                                 d_values_in, d_aggregates_out, d_num_runs_out,
                                 hipcub::Equality(), reduction_op, num_items, stream);
  }
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_DEVICE_REDUCE_HPP */
