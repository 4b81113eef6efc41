/* oxhip: hipCUB's DeviceMergeSort (docs/libraries.md): SortKeys, SortPairs, SortKeysCopy,
 * SortPairsCopy, StableSortKeys and StableSortPairs with a user comparator (every one is
 * stable). Each thread first sorts a run of 8 items by insertion; then each pass merges
 * pairs of runs, every item finding its place by a binary search in the other run (an item
 * of the left run goes before the right run's equal items), so the passes need no
 * synchronisation beyond the launches. The temporary storage holds two copies of the keys
 * and values. FIXME(#25): merge-path partitioning and shared-memory tiles would read the
 * input fewer times.
 */
#ifndef OXHIP_HIPCUB_DEVICE_MERGE_SORT_HPP
#define OXHIP_HIPCUB_DEVICE_MERGE_SORT_HPP

#include "../util.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {
namespace detail {

enum { MERGE_THREADS = 256, MERGE_RUN = 8 };

template <class KeyIn, class ValueIn, class K, class V, class Compare>
__global__ void __launch_bounds__(MERGE_THREADS)
    merge_sort_runs(KeyIn keys_in, ValueIn values_in, K* keys_out, V* values_out,
                    long long count, Compare compare, bool has_values) {
  long long first = ((long long)blockIdx.x * MERGE_THREADS + threadIdx.x) * MERGE_RUN;
  if (first >= count) return;
  int length = count - first < MERGE_RUN ? (int)(count - first) : (int)MERGE_RUN;
  K keys[MERGE_RUN];
  int order[MERGE_RUN];
  for (int item = 0; item < MERGE_RUN; ++item)
    if (item < length) {
      keys[item] = keys_in[first + item];
      order[item] = item;
    }
  /* Insertion sort: an item moves past only strictly greater ones, so it is stable. */
  for (int item = 1; item < length; ++item) {
    K key = keys[item];
    int from = order[item];
    int at = item;
    while (at > 0 && compare(key, keys[at - 1])) {
      keys[at] = keys[at - 1];
      order[at] = order[at - 1];
      --at;
    }
    keys[at] = key;
    order[at] = from;
  }
  for (int item = 0; item < length; ++item) {
    keys_out[first + item] = keys[item];
    if (has_values) values_out[first + item] = values_in[first + order[item]];
  }
}

template <class K, class V, class Compare>
__global__ void __launch_bounds__(MERGE_THREADS)
    merge_pass(const K* keys_in, const V* values_in, K* keys_out, V* values_out,
               long long count, long long width, Compare compare, bool has_values) {
  long long index = (long long)blockIdx.x * MERGE_THREADS + threadIdx.x;
  if (index >= count) return;
  long long run = index / width, start = run * width;
  K key = keys_in[index];
  long long target;
  if ((run & 1) == 0) {
    long long other = start + width;
    long long other_end = other + width < count ? other + width : count;
    /* The right run's items strictly less than this one. */
    long long low = other < count ? other : count, high = other_end > low ? other_end : low;
    while (low < high) {
      long long middle = low + (high - low) / 2;
      if (compare(keys_in[middle], key))
        low = middle + 1;
      else
        high = middle;
    }
    target = index + (low - (other < count ? other : count));
  } else {
    long long other = start - width;
    /* The left run's items not greater than this one. */
    long long low = other, high = start;
    while (low < high) {
      long long middle = low + (high - low) / 2;
      if (!compare(key, keys_in[middle]))
        low = middle + 1;
      else
        high = middle;
    }
    target = other + (index - start) + (low - other);
  }
  keys_out[target] = key;
  if (has_values) values_out[target] = values_in[index];
}

template <class K, class V, class KeyOut, class ValueOut>
__global__ void __launch_bounds__(MERGE_THREADS)
    merge_copy_out(const K* keys, const V* values, KeyOut keys_out, ValueOut values_out,
                   long long count, bool has_values) {
  long long index = (long long)blockIdx.x * MERGE_THREADS + threadIdx.x;
  if (index >= count) return;
  keys_out[index] = keys[index];
  if (has_values) values_out[index] = values[index];
}

template <class K, class V, class KeyIn, class ValueIn, class KeyOut, class ValueOut,
          class Compare>
static hipError_t merge_sort(void* d_temp_storage, size_t& temp_storage_bytes, KeyIn keys_in,
                             ValueIn values_in, KeyOut keys_out, ValueOut values_out,
                             long long count, Compare compare, bool has_values,
                             hipStream_t stream) {
  if (count < 0) count = 0;
  TempLayout layout;
  int keys_0 = layout.add((size_t)count * sizeof(K));
  int keys_1 = layout.add((size_t)count * sizeof(K));
  int values_0 = layout.add(has_values ? (size_t)count * sizeof(V) : 0);
  int values_1 = layout.add(has_values ? (size_t)count * sizeof(V) : 0);
  hipError_t status;
  if (!temp_storage_check(d_temp_storage, temp_storage_bytes, layout.total, status))
    return status;
  if (count == 0) return hipSuccess;
  K* keys[2] = {layout.at<K>(d_temp_storage, keys_0), layout.at<K>(d_temp_storage, keys_1)};
  V* values[2] = {layout.at<V>(d_temp_storage, values_0),
                  layout.at<V>(d_temp_storage, values_1)};
  long long run_blocks =
      (count + (long long)MERGE_THREADS * MERGE_RUN - 1) / ((long long)MERGE_THREADS * MERGE_RUN);
  merge_sort_runs<<<(unsigned int)run_blocks, MERGE_THREADS, 0, stream>>>(
      keys_in, values_in, keys[0], values[0], count, compare, has_values);
  status = hipGetLastError();
  if (status != hipSuccess) return status;
  long long blocks = (count + MERGE_THREADS - 1) / MERGE_THREADS;
  int current = 0;
  for (long long width = MERGE_RUN; width < count; width *= 2) {
    merge_pass<<<(unsigned int)blocks, MERGE_THREADS, 0, stream>>>(
        keys[current], values[current], keys[current ^ 1], values[current ^ 1], count, width,
        compare, has_values);
    status = hipGetLastError();
    if (status != hipSuccess) return status;
    current ^= 1;
  }
  merge_copy_out<<<(unsigned int)blocks, MERGE_THREADS, 0, stream>>>(
      keys[current], values[current], keys_out, values_out, count, has_values);
  return hipGetLastError();
}

}  // namespace detail

struct DeviceMergeSort {
  template <class KeyIt, class ValueIt, class OffsetT, class CompareOpT>
  static hipError_t SortPairs(void* d_temp_storage, size_t& temp_storage_bytes, KeyIt d_keys,
                              ValueIt d_items, OffsetT num_items, CompareOpT compare_op,
                              hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    typedef typename detail::value_of<KeyIt>::type K;
    typedef typename detail::value_of<ValueIt>::type V;
    return detail::merge_sort<K, V>(d_temp_storage, temp_storage_bytes, d_keys, d_items,
                                    d_keys, d_items, (long long)num_items, compare_op, true,
                                    stream);
  }
  template <class KeyIt, class OffsetT, class CompareOpT>
  static hipError_t SortKeys(void* d_temp_storage, size_t& temp_storage_bytes, KeyIt d_keys,
                             OffsetT num_items, CompareOpT compare_op, hipStream_t stream = 0,
                             bool debug_synchronous = false) {
    (void)debug_synchronous;
    typedef typename detail::value_of<KeyIt>::type K;
    return detail::merge_sort<K, NullType>(d_temp_storage, temp_storage_bytes, d_keys,
                                           (NullType*)nullptr, d_keys, (NullType*)nullptr,
                                           (long long)num_items, compare_op, false, stream);
  }
  template <class KeyInIt, class ValueInIt, class KeyOutIt, class ValueOutIt, class OffsetT,
            class CompareOpT>
  static hipError_t SortPairsCopy(void* d_temp_storage, size_t& temp_storage_bytes,
                                  KeyInIt d_input_keys, ValueInIt d_input_items,
                                  KeyOutIt d_output_keys, ValueOutIt d_output_items,
                                  OffsetT num_items, CompareOpT compare_op,
                                  hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    typedef typename detail::value_of<KeyInIt>::type K;
    typedef typename detail::value_of<ValueInIt>::type V;
    return detail::merge_sort<K, V>(d_temp_storage, temp_storage_bytes, d_input_keys,
                                    d_input_items, d_output_keys, d_output_items,
                                    (long long)num_items, compare_op, true, stream);
  }
  template <class KeyInIt, class KeyOutIt, class OffsetT, class CompareOpT>
  static hipError_t SortKeysCopy(void* d_temp_storage, size_t& temp_storage_bytes,
                                 KeyInIt d_input_keys, KeyOutIt d_output_keys, OffsetT num_items,
                                 CompareOpT compare_op, hipStream_t stream = 0,
                                 bool debug_synchronous = false) {
    (void)debug_synchronous;
    typedef typename detail::value_of<KeyInIt>::type K;
    return detail::merge_sort<K, NullType>(d_temp_storage, temp_storage_bytes, d_input_keys,
                                           (NullType*)nullptr, d_output_keys,
                                           (NullType*)nullptr, (long long)num_items, compare_op,
                                           false, stream);
  }
  template <class KeyIt, class ValueIt, class OffsetT, class CompareOpT>
  static hipError_t StableSortPairs(void* d_temp_storage, size_t& temp_storage_bytes,
                                    KeyIt d_keys, ValueIt d_items, OffsetT num_items,
                                    CompareOpT compare_op, hipStream_t stream = 0,
                                    bool debug_synchronous = false) {
    return SortPairs(d_temp_storage, temp_storage_bytes, d_keys, d_items, num_items, compare_op,
                     stream, debug_synchronous);
  }
  template <class KeyIt, class OffsetT, class CompareOpT>
  static hipError_t StableSortKeys(void* d_temp_storage, size_t& temp_storage_bytes,
                                   KeyIt d_keys, OffsetT num_items, CompareOpT compare_op,
                                   hipStream_t stream = 0, bool debug_synchronous = false) {
    return SortKeys(d_temp_storage, temp_storage_bytes, d_keys, num_items, compare_op, stream,
                    debug_synchronous);
  }
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_DEVICE_MERGE_SORT_HPP */
