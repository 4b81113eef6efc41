/* oxhip: Thrust's device algorithms that call hipCUB's device-wide algorithms
 * (runtime/include/hipcub/): DeviceRadixSort for arithmetic keys ordered by less or greater,
 * DeviceScan for the scans and scans by key, DeviceReduce::ReduceByKey for reduce_by_key with
 * equality. Temporary storage is hipMalloc'd per call (CUB's size query first) and freed
 * after the stream has drained. hipCUB counts items in an int, so larger inputs, and
 * comparators or predicates hipCUB cannot take, use detail/kernels.h. */
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
  dev::temp_buffer<unsigned char> storage((dev::index_t)bytes, exec.stream);
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

/* Sorts keys[0, n) (and values) with DeviceRadixSort; stable, as Thrust's radix sorts are. */
template <class KeyIt, class ValueIt>
void radix_sort(const device_exec& exec, KeyIt keys, dev::index_t n, ValueIt values,
                bool has_values, bool descending) {
  typedef typename std::iterator_traits<KeyIt>::value_type K;
  typedef typename std::iterator_traits<ValueIt>::value_type V;
  const bool keys_are_array = std::is_pointer<KeyIt>::value;
  const bool values_are_array = std::is_pointer<ValueIt>::value;
  dev::temp_buffer<K> key_copy(keys_are_array ? 1 : n, exec.stream);
  dev::temp_buffer<K> key_out(n, exec.stream);
  dev::temp_buffer<V> value_copy(has_values && !values_are_array ? n : 1, exec.stream);
  dev::temp_buffer<V> value_out(has_values ? n : 1, exec.stream);
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
