/* oxhip: Thrust's device algorithms that call hipCUB's device-wide algorithms
 * (runtime/include/hipcub/): DeviceRadixSort for arithmetic keys ordered by less or greater,
 * DeviceMergeSort for other sorts, DeviceScan for the scans and scans by key,
 * DeviceReduce::ReduceByKey for reduce_by_key with equality. Temporary storage comes from
 * the device's temporary pool (memory.h; CUB's size query first) and goes back after the
 * stream has drained.
 * DeviceSelect's engine for the compactions (`select`).
 * hipCUB counts items in an int, so larger inputs, and predicates hipCUB cannot take, use
 * detail/kernels.h. */
#ifndef OXHIP_THRUST_DETAIL_CUB_H
#define OXHIP_THRUST_DETAIL_CUB_H

#include <hipcub/hipcub.hpp>
#include <thrust/detail/kernels.h>

namespace thrust {
namespace detail {
namespace cub {

/* Runs a CUB-style call twice: the size query, then the work with that much storage. */
template <class Call>
void call(const device_exec& exec, Call work, const char* what) {
  std::size_t bytes = 0;
  throw_on_error(work(nullptr, bytes), what);
  dev::temp_buffer<unsigned char> storage((dev::index_t)bytes, exec);
  throw_on_error(work(static_cast<void*>(storage.get()), bytes), what);
  throw_on_error(hipGetLastError(), what);
}

inline bool fits(dev::index_t n) { return n <= (dev::index_t)std::numeric_limits<int>::max(); }

/* 1: ascending radix sort, 2: descending, 0: a comparison sort. */
template <class K>
struct radix_key
    : std::integral_constant<bool, std::is_arithmetic<K>::value && !std::is_same<K, bool>::value &&
                                       sizeof(K) <= 8> {};
template <class K, class C>
struct radix_order : std::integral_constant<int, 0> {};
template <class K>
struct radix_order<K, thrust::less<K>> : std::integral_constant<int, radix_key<K>::value ? 1 : 0> {};
template <class K>
struct radix_order<K, thrust::less<void>> : std::integral_constant<int, radix_key<K>::value ? 1 : 0> {};
template <class K>
struct radix_order<K, std::less<K>> : std::integral_constant<int, radix_key<K>::value ? 1 : 0> {};
template <class K>
struct radix_order<K, thrust::greater<K>> : std::integral_constant<int, radix_key<K>::value ? 2 : 0> {};
template <class K>
struct radix_order<K, thrust::greater<void>>
    : std::integral_constant<int, radix_key<K>::value ? 2 : 0> {};
template <class K>
struct radix_order<K, std::greater<K>> : std::integral_constant<int, radix_key<K>::value ? 2 : 0> {};

/* The range as a device array: itself when it is one, else a copy in `buffer`. */
template <class T>
const T* as_array(const device_exec&, T* it, dev::index_t, dev::temp_buffer<T>&) {
  return it;
}
template <class T>
const T* as_array(const device_exec&, const T* it, dev::index_t, dev::temp_buffer<T>&) {
  return it;
}
template <class It, class T>
const T* as_array(const device_exec& exec, It it, dev::index_t n, dev::temp_buffer<T>& buffer) {
  dev::for_n(exec, n, dev::copy_to_array<It, T>{it, buffer.get()});
  return buffer.get();
}
template <class T, class It>
void copy_back(const device_exec& exec, const T* sorted, It out, dev::index_t n) {
  dev::for_n(exec, n, dev::copy_from_array<T, It>{sorted, out});
}

/* Sorts arrays keys[0, n) (and values) in place with DeviceRadixSort's DoubleBuffer form:
 * one allocation holds the alternate arrays and hipCUB's storage, and the result is copied
 * back only when it ended in the alternate arrays (not for an even number of passes, as
 * 32-bit keys take on the GPUs). */
template <class K, class V>
void radix_sort_arrays(const device_exec& exec, K* keys, dev::index_t n, V* values,
                       bool has_values, bool descending) {
  const char* what = has_values ? "thrust::sort_by_key" : "thrust::sort";
  const int count = (int)n;
  const std::size_t key_bytes = ((std::size_t)n * sizeof(K) + 255) & ~(std::size_t)255;
  const std::size_t value_bytes =
      has_values ? ((std::size_t)n * sizeof(V) + 255) & ~(std::size_t)255 : 0;
  hipcub::DoubleBuffer<K> key_buffers(keys, nullptr);
  hipcub::DoubleBuffer<V> value_buffers(values, nullptr);
  auto work = [&](void* storage, std::size_t& bytes) {
    const int end_bit = (int)sizeof(K) * 8;
    if (has_values)
      return descending ? hipcub::DeviceRadixSort::SortPairsDescending(
                              storage, bytes, key_buffers, value_buffers, count, 0, end_bit,
                              exec.stream)
                        : hipcub::DeviceRadixSort::SortPairs(storage, bytes, key_buffers,
                                                             value_buffers, count, 0, end_bit,
                                                             exec.stream);
    return descending ? hipcub::DeviceRadixSort::SortKeysDescending(
                            storage, bytes, key_buffers, count, 0, end_bit, exec.stream)
                      : hipcub::DeviceRadixSort::SortKeys(storage, bytes, key_buffers, count, 0,
                                                          end_bit, exec.stream);
  };
  std::size_t bytes = 0;
  throw_on_error(work(nullptr, bytes), what);
  dev::temp_buffer<unsigned char> storage((dev::index_t)(key_bytes + value_bytes + bytes), exec);
  key_buffers.d_buffers[1] = reinterpret_cast<K*>(storage.get());
  value_buffers.d_buffers[1] = reinterpret_cast<V*>(storage.get() + key_bytes);
  throw_on_error(work(static_cast<void*>(storage.get() + key_bytes + value_bytes), bytes), what);
  throw_on_error(hipGetLastError(), what);
  if (key_buffers.selector != 0) {
    throw_on_error(hipMemcpyAsync(keys, key_buffers.Current(), (std::size_t)n * sizeof(K),
                                  hipMemcpyDeviceToDevice, exec.stream),
                   what);
    if (has_values)
      throw_on_error(hipMemcpyAsync(values, value_buffers.Current(), (std::size_t)n * sizeof(V),
                                    hipMemcpyDeviceToDevice, exec.stream),
                     what);
  }
}

template <class K, class V>
bool radix_sort_in_place(const device_exec& exec, K* keys, dev::index_t n, V* values,
                         bool has_values, bool descending) {
  radix_sort_arrays(exec, keys, n, values, has_values, descending);
  return true;
}
template <class KeyIt, class ValueIt>
bool radix_sort_in_place(const device_exec&, KeyIt, dev::index_t, ValueIt, bool, bool) {
  return false;
}

/* Sorts keys[0, n) (and values) with DeviceRadixSort; stable, as Thrust's radix sorts are. */
template <class KeyIt, class ValueIt>
void radix_sort(const device_exec& exec, KeyIt keys, dev::index_t n, ValueIt values,
                bool has_values, bool descending) {
  if (radix_sort_in_place(exec, keys, n, values, has_values, descending)) return;
  typedef typename std::iterator_traits<KeyIt>::value_type K;
  typedef typename std::iterator_traits<ValueIt>::value_type V;
  const bool keys_are_array = std::is_pointer<KeyIt>::value;
  const bool values_are_array = std::is_pointer<ValueIt>::value;
  dev::temp_buffer<K> key_copy(keys_are_array ? 1 : n, exec);
  dev::temp_buffer<K> key_out(n, exec);
  dev::temp_buffer<V> value_copy(has_values && !values_are_array ? n : 1, exec);
  dev::temp_buffer<V> value_out(has_values ? n : 1, exec);
  const K* key_in = as_array(exec, keys, n, key_copy);
  int count = (int)n;
  if (has_values) {
    const V* value_in = as_array(exec, values, n, value_copy);
    V* values_sorted = value_out.get();
    cub::call(exec, [&](void* storage, std::size_t& bytes) {
      return descending ? hipcub::DeviceRadixSort::SortPairsDescending(
                              storage, bytes, key_in, key_out.get(), value_in, values_sorted,
                              count, 0, (int)sizeof(K) * 8, exec.stream)
                        : hipcub::DeviceRadixSort::SortPairs(
                              storage, bytes, key_in, key_out.get(), value_in, values_sorted,
                              count, 0, (int)sizeof(K) * 8, exec.stream);
    }, "thrust::sort_by_key");
    copy_back(exec, (const V*)values_sorted, values, n);
  } else {
    cub::call(exec, [&](void* storage, std::size_t& bytes) {
      return descending ? hipcub::DeviceRadixSort::SortKeysDescending(
                              storage, bytes, key_in, key_out.get(), count, 0,
                              (int)sizeof(K) * 8, exec.stream)
                        : hipcub::DeviceRadixSort::SortKeys(storage, bytes, key_in,
                                                            key_out.get(), count, 0,
                                                            (int)sizeof(K) * 8, exec.stream);
    }, "thrust::sort");
  }
  copy_back(exec, (const K*)key_out.get(), keys, n);
}

using dev::const_call;


/* Sorts keys[0, n) (and values) stably by comp with DeviceMergeSort, on arrays of the value
 * types (copies unless the iterators are arrays: a zip iterator's elements are references). */
template <class T, class It>
T* mutable_array(const device_exec&, It, dev::index_t, dev::temp_buffer<T>& buffer, std::false_type) {
  return buffer.get();
}
template <class T>
T* mutable_array(const device_exec&, T* it, dev::index_t, dev::temp_buffer<T>&, std::true_type) {
  return it;
}
template <class KeyIt, class ValueIt, class C>
void merge_sort(const device_exec& exec, KeyIt keys, dev::index_t n, ValueIt values,
                bool has_values, C comp) {
  typedef typename std::iterator_traits<KeyIt>::value_type K;
  typedef typename std::iterator_traits<ValueIt>::value_type V;
  if (n <= 1) return;
  if (!fits(n)) {
    dev::merge_sort(exec, keys, n, values, has_values, comp);
    return;
  }
  typedef std::integral_constant<bool, std::is_same<KeyIt, K*>::value> keys_are_array;
  typedef std::integral_constant<bool, std::is_same<ValueIt, V*>::value> values_are_array;
  dev::temp_buffer<K> key_copy(keys_are_array::value ? 1 : n, exec);
  dev::temp_buffer<V> value_copy(has_values && !values_are_array::value ? n : 1, exec);
  K* key_array = mutable_array(exec, keys, n, key_copy, keys_are_array());
  if (!keys_are_array::value) dev::for_n(exec, n, dev::copy_to_array<KeyIt, K>{keys, key_array});
  const_call<C> compare{comp};
  int count = (int)n;
  if (has_values) {
    V* value_array = mutable_array(exec, values, n, value_copy, values_are_array());
    if (!values_are_array::value)
      dev::for_n(exec, n, dev::copy_to_array<ValueIt, V>{values, value_array});
    cub::call(exec, [&](void* storage, std::size_t& bytes) {
      return hipcub::DeviceMergeSort::StableSortPairs(storage, bytes, key_array, value_array,
                                                      count, compare, exec.stream);
    }, "thrust::sort_by_key");
    if (!values_are_array::value) copy_back(exec, (const V*)value_array, values, n);
  } else {
    cub::call(exec, [&](void* storage, std::size_t& bytes) {
      return hipcub::DeviceMergeSort::StableSortKeys(storage, bytes, key_array, count, compare,
                                                     exec.stream);
    }, "thrust::sort");
  }
  if (!keys_are_array::value) copy_back(exec, (const K*)key_array, keys, n);
}

/* out[position] = in[i] for each i with flag(i), in order; returns how many were selected.
 * hipCUB's selection engine (DeviceSelect's: one pass with decoupled look-back on the GPUs,
 * each tile's selected items compacted in shared memory and written coalesced), with the
 * flag as its predicate over indices, so that a flag reading a stencil or a neighbour
 * (unique's heads) needs no iterator of its own; larger inputs take oxhip's own compaction
 * (detail/kernels.h). The count comes back to the host, so the call waits for the stream
 * under every policy, as Thrust's does. */
template <class In, class Out>
struct place_to {
  In in;
  Out out;
  __device__ void operator()(dev::index_t i, dev::index_t position) const { out[position] = in[i]; }
};
template <class Flag, class In, class Out>
dev::index_t select(const device_exec& exec, dev::index_t n, Flag flag, In in, Out out) {
  if (n <= 0) return 0;
  if (!fits(n)) return dev::compact(exec, n, flag, place_to<In, Out>{in, out});
  int items = (int)n;
  dev::temp_buffer<int> selected(1, exec);
  const_call<Flag> predicate{flag};
  hipcub::detail::SelectEmit<In, Out, int*, false> emit = {in, out, selected.get(), items};
  cub::call(exec, [&](void* storage, std::size_t& bytes) {
    return hipcub::detail::select_run(storage, bytes, items, predicate, emit, selected.get(),
                                      exec.stream);
  }, "thrust: compaction");
  int count = 0;
  throw_on_error(hipMemcpyAsync(&count, selected.get(), sizeof(int), hipMemcpyDeviceToHost,
                                exec.stream),
                 "thrust: compaction: copying the count");
  wait(exec, "thrust: compaction");
  return count;
}

/* Equality predicates hipCUB's ReduceByKey (which compares with ==) can stand for. */
template <class P>
struct is_equality : std::false_type {};
template <class T>
struct is_equality<thrust::equal_to<T>> : std::true_type {};
template <class T>
struct is_equality<std::equal_to<T>> : std::true_type {};

}  // namespace cub
}  // namespace detail
}  // namespace thrust

#endif /* OXHIP_THRUST_DETAIL_CUB_H */
