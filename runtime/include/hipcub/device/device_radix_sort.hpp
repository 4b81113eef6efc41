/* oxhip: hipCUB's DeviceRadixSort (docs/libraries.md): SortKeys, SortPairs and their
 * Descending forms, with pointers (the input is left alone; the temporary storage holds an
 * alternate buffer) or DoubleBuffers (both buffers are used; `selector` then names the
 * result), over bits [begin_bit, end_bit) of the keys. Keys: integers of 1 to 8 bytes, float
 * and double; values: any trivially copyable type. Stable, as CUB's.
 */
#ifndef OXHIP_HIPCUB_DEVICE_RADIX_SORT_HPP
#define OXHIP_HIPCUB_DEVICE_RADIX_SORT_HPP

#include "detail/radix.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {
namespace detail {

template <class K, class V>
static hipError_t radix_sort_pointers(void* d_temp_storage, size_t& temp_storage_bytes,
                                      const K* keys_in, K* keys_out, const V* values_in,
                                      V* values_out, int num_items, int begin_bit, int end_bit,
                                      bool descending, hipStream_t stream) {
  bool result_in_b;
  return radix_sort<K, V>(d_temp_storage, temp_storage_bytes, true, keys_in, values_in,
                          keys_out, (K*)nullptr, values_out, (V*)nullptr, num_items, begin_bit,
                          end_bit, descending, stream, result_in_b);
}

template <class K, class V>
static hipError_t radix_sort_buffers(void* d_temp_storage, size_t& temp_storage_bytes,
                                     DoubleBuffer<K>& keys, DoubleBuffer<V>* values,
                                     int num_items, int begin_bit, int end_bit, bool descending,
                                     hipStream_t stream) {
  bool result_in_b;
  V* values_current = values ? values->Current() : (V*)nullptr;
  V* values_alternate = values ? values->Alternate() : (V*)nullptr;
  hipError_t status = radix_sort<K, V>(
      d_temp_storage, temp_storage_bytes, false, keys.Current(), values_current,
      keys.Alternate(), keys.Current(), values_alternate, values_current, num_items, begin_bit,
      end_bit, descending, stream, result_in_b);
  if (status == hipSuccess && d_temp_storage != nullptr && !result_in_b) {
    keys.selector ^= 1;
    if (values) values->selector ^= 1;
  }
  return status;
}

}  // namespace detail

struct DeviceRadixSort {
  template <class KeyT, class ValueT>
  static hipError_t SortPairs(void* d_temp_storage, size_t& temp_storage_bytes,
                              const KeyT* d_keys_in, KeyT* d_keys_out, const ValueT* d_values_in,
                              ValueT* d_values_out, int num_items, int begin_bit = 0,
                              int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0,
                              bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::radix_sort_pointers(d_temp_storage, temp_storage_bytes, d_keys_in,
                                       d_keys_out, d_values_in, d_values_out, num_items,
                                       begin_bit, end_bit, false, stream);
  }
  template <class KeyT, class ValueT>
  static hipError_t SortPairs(void* d_temp_storage, size_t& temp_storage_bytes,
                              DoubleBuffer<KeyT>& d_keys, DoubleBuffer<ValueT>& d_values,
                              int num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                              hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::radix_sort_buffers(d_temp_storage, temp_storage_bytes, d_keys, &d_values,
                                      num_items, begin_bit, end_bit, false, stream);
  }
  template <class KeyT, class ValueT>
  static hipError_t SortPairsDescending(void* d_temp_storage, size_t& temp_storage_bytes,
                                        const KeyT* d_keys_in, KeyT* d_keys_out,
                                        const ValueT* d_values_in, ValueT* d_values_out,
                                        int num_items, int begin_bit = 0,
                                        int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0,
                                        bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::radix_sort_pointers(d_temp_storage, temp_storage_bytes, d_keys_in,
                                       d_keys_out, d_values_in, d_values_out, num_items,
                                       begin_bit, end_bit, true, stream);
  }
  template <class KeyT, class ValueT>
  static hipError_t SortPairsDescending(void* d_temp_storage, size_t& temp_storage_bytes,
                                        DoubleBuffer<KeyT>& d_keys,
                                        DoubleBuffer<ValueT>& d_values, int num_items,
                                        int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                        hipStream_t stream = 0,
                                        bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::radix_sort_buffers(d_temp_storage, temp_storage_bytes, d_keys, &d_values,
                                      num_items, begin_bit, end_bit, true, stream);
  }
  template <class KeyT>
  static hipError_t SortKeys(void* d_temp_storage, size_t& temp_storage_bytes,
                             const KeyT* d_keys_in, KeyT* d_keys_out, int num_items,
                             int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                             hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::radix_sort_pointers(d_temp_storage, temp_storage_bytes, d_keys_in,
                                       d_keys_out, (const NullType*)nullptr, (NullType*)nullptr,
                                       num_items, begin_bit, end_bit, false, stream);
  }
  template <class KeyT>
  static hipError_t SortKeys(void* d_temp_storage, size_t& temp_storage_bytes,
                             DoubleBuffer<KeyT>& d_keys, int num_items, int begin_bit = 0,
                             int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0,
                             bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::radix_sort_buffers(d_temp_storage, temp_storage_bytes, d_keys,
                                      (DoubleBuffer<NullType>*)nullptr, num_items, begin_bit,
                                      end_bit, false, stream);
  }
  template <class KeyT>
  static hipError_t SortKeysDescending(void* d_temp_storage, size_t& temp_storage_bytes,
                                       const KeyT* d_keys_in, KeyT* d_keys_out, int num_items,
                                       int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                       hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::radix_sort_pointers(d_temp_storage, temp_storage_bytes, d_keys_in,
                                       d_keys_out, (const NullType*)nullptr, (NullType*)nullptr,
                                       num_items, begin_bit, end_bit, true, stream);
  }
  template <class KeyT>
  static hipError_t SortKeysDescending(void* d_temp_storage, size_t& temp_storage_bytes,
                                       DoubleBuffer<KeyT>& d_keys, int num_items,
                                       int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                       hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::radix_sort_buffers(d_temp_storage, temp_storage_bytes, d_keys,
                                      (DoubleBuffer<NullType>*)nullptr, num_items, begin_bit,
                                      end_bit, true, stream);
  }
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_DEVICE_RADIX_SORT_HPP */
