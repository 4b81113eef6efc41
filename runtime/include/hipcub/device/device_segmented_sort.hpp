/* oxhip: hipCUB's DeviceSegmentedSort (docs/libraries.md): SortKeys, SortPairs, their
 * Descending forms and the Stable ones, over segments [d_begin_offsets[i], d_end_offsets[i]),
 * with pointers or DoubleBuffers. Every one is the segmented radix sort of
 * device_segmented_radix_sort.hpp over all of the key's bits, which is stable, so the Stable
 * forms call the others (equal keys keep their input order, in both directions; -0.0 and
 * +0.0 are equal keys). Items outside every segment are left as they are in the output buffer.
 */
#ifndef OXHIP_HIPCUB_DEVICE_SEGMENTED_SORT_HPP
#define OXHIP_HIPCUB_DEVICE_SEGMENTED_SORT_HPP

#include "device_segmented_radix_sort.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {

struct DeviceSegmentedSort {
  template <class KeyT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t SortKeys(void* d_temp_storage, size_t& temp_storage_bytes,
                             const KeyT* d_keys_in, KeyT* d_keys_out, int num_items,
                             int num_segments, BeginOffsetIt d_begin_offsets,
                             EndOffsetIt d_end_offsets, hipStream_t stream = 0,
                             bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::segmented_sort_pointers(d_temp_storage, temp_storage_bytes, d_keys_in,
                                           d_keys_out, (const NullType*)nullptr, (NullType*)nullptr,
                                           num_items, num_segments, d_begin_offsets, d_end_offsets,
                                           0, (int)sizeof(KeyT) * 8, false, stream);
  }
  template <class KeyT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t SortKeys(void* d_temp_storage, size_t& temp_storage_bytes,
                             DoubleBuffer<KeyT>& d_keys, int num_items, int num_segments,
                             BeginOffsetIt d_begin_offsets, EndOffsetIt d_end_offsets,
                             hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::segmented_sort_buffers(
        d_temp_storage, temp_storage_bytes, d_keys, (DoubleBuffer<NullType>*)nullptr, num_items,
        num_segments, d_begin_offsets, d_end_offsets, 0, (int)sizeof(KeyT) * 8, false, stream);
  }
  template <class KeyT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t SortKeysDescending(void* d_temp_storage, size_t& temp_storage_bytes,
                                       const KeyT* d_keys_in, KeyT* d_keys_out, int num_items,
                                       int num_segments, BeginOffsetIt d_begin_offsets,
                                       EndOffsetIt d_end_offsets, hipStream_t stream = 0,
                                       bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::segmented_sort_pointers(d_temp_storage, temp_storage_bytes, d_keys_in,
                                           d_keys_out, (const NullType*)nullptr, (NullType*)nullptr,
                                           num_items, num_segments, d_begin_offsets, d_end_offsets,
                                           0, (int)sizeof(KeyT) * 8, true, stream);
  }
  template <class KeyT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t SortKeysDescending(void* d_temp_storage, size_t& temp_storage_bytes,
                                       DoubleBuffer<KeyT>& d_keys, int num_items, int num_segments,
                                       BeginOffsetIt d_begin_offsets, EndOffsetIt d_end_offsets,
                                       hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::segmented_sort_buffers(
        d_temp_storage, temp_storage_bytes, d_keys, (DoubleBuffer<NullType>*)nullptr, num_items,
        num_segments, d_begin_offsets, d_end_offsets, 0, (int)sizeof(KeyT) * 8, true, stream);
  }
  template <class KeyT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t StableSortKeys(void* d_temp_storage, size_t& temp_storage_bytes,
                                   const KeyT* d_keys_in, KeyT* d_keys_out, int num_items,
                                   int num_segments, BeginOffsetIt d_begin_offsets,
                                   EndOffsetIt d_end_offsets, hipStream_t stream = 0,
                                   bool debug_synchronous = false) {
    return SortKeys(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, num_items,
                    num_segments, d_begin_offsets, d_end_offsets, stream, debug_synchronous);
  }
  template <class KeyT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t StableSortKeys(void* d_temp_storage, size_t& temp_storage_bytes,
                                   DoubleBuffer<KeyT>& d_keys, int num_items, int num_segments,
                                   BeginOffsetIt d_begin_offsets, EndOffsetIt d_end_offsets,
                                   hipStream_t stream = 0, bool debug_synchronous = false) {
    return SortKeys(d_temp_storage, temp_storage_bytes, d_keys, num_items, num_segments,
                    d_begin_offsets, d_end_offsets, stream, debug_synchronous);
  }
  template <class KeyT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t StableSortKeysDescending(void* d_temp_storage, size_t& temp_storage_bytes,
                                             const KeyT* d_keys_in, KeyT* d_keys_out, int num_items,
                                             int num_segments, BeginOffsetIt d_begin_offsets,
                                             EndOffsetIt d_end_offsets, hipStream_t stream = 0,
                                             bool debug_synchronous = false) {
    return SortKeysDescending(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, num_items,
                              num_segments, d_begin_offsets, d_end_offsets, stream,
                              debug_synchronous);
  }
  template <class KeyT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t StableSortKeysDescending(void* d_temp_storage, size_t& temp_storage_bytes,
                                             DoubleBuffer<KeyT>& d_keys, int num_items,
                                             int num_segments, BeginOffsetIt d_begin_offsets,
                                             EndOffsetIt d_end_offsets, hipStream_t stream = 0,
                                             bool debug_synchronous = false) {
    return SortKeysDescending(d_temp_storage, temp_storage_bytes, d_keys, num_items, num_segments,
                              d_begin_offsets, d_end_offsets, stream, debug_synchronous);
  }
  template <class KeyT, class ValueT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t SortPairs(void* d_temp_storage, size_t& temp_storage_bytes,
                              const KeyT* d_keys_in, KeyT* d_keys_out, const ValueT* d_values_in,
                              ValueT* d_values_out, int num_items, int num_segments,
                              BeginOffsetIt d_begin_offsets, EndOffsetIt d_end_offsets,
                              hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::segmented_sort_pointers(d_temp_storage, temp_storage_bytes, d_keys_in,
                                           d_keys_out, d_values_in, d_values_out, num_items,
                                           num_segments, d_begin_offsets, d_end_offsets, 0,
                                           (int)sizeof(KeyT) * 8, false, stream);
  }
  template <class KeyT, class ValueT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t SortPairs(void* d_temp_storage, size_t& temp_storage_bytes,
                              DoubleBuffer<KeyT>& d_keys, DoubleBuffer<ValueT>& d_values,
                              int num_items, int num_segments, BeginOffsetIt d_begin_offsets,
                              EndOffsetIt d_end_offsets, hipStream_t stream = 0,
                              bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::segmented_sort_buffers(d_temp_storage, temp_storage_bytes, d_keys, &d_values,
                                          num_items, num_segments, d_begin_offsets, d_end_offsets,
                                          0, (int)sizeof(KeyT) * 8, false, stream);
  }
  template <class KeyT, class ValueT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t SortPairsDescending(void* d_temp_storage, size_t& temp_storage_bytes,
                                        const KeyT* d_keys_in, KeyT* d_keys_out,
                                        const ValueT* d_values_in, ValueT* d_values_out,
                                        int num_items, int num_segments,
                                        BeginOffsetIt d_begin_offsets, EndOffsetIt d_end_offsets,
                                        hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::segmented_sort_pointers(d_temp_storage, temp_storage_bytes, d_keys_in,
                                           d_keys_out, d_values_in, d_values_out, num_items,
                                           num_segments, d_begin_offsets, d_end_offsets, 0,
                                           (int)sizeof(KeyT) * 8, true, stream);
  }
  template <class KeyT, class ValueT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t SortPairsDescending(void* d_temp_storage, size_t& temp_storage_bytes,
                                        DoubleBuffer<KeyT>& d_keys, DoubleBuffer<ValueT>& d_values,
                                        int num_items, int num_segments,
                                        BeginOffsetIt d_begin_offsets, EndOffsetIt d_end_offsets,
                                        hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::segmented_sort_buffers(d_temp_storage, temp_storage_bytes, d_keys, &d_values,
                                          num_items, num_segments, d_begin_offsets, d_end_offsets,
                                          0, (int)sizeof(KeyT) * 8, true, stream);
  }
  template <class KeyT, class ValueT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t StableSortPairs(void* d_temp_storage, size_t& temp_storage_bytes,
                                    const KeyT* d_keys_in, KeyT* d_keys_out,
                                    const ValueT* d_values_in, ValueT* d_values_out, int num_items,
                                    int num_segments, BeginOffsetIt d_begin_offsets,
                                    EndOffsetIt d_end_offsets, hipStream_t stream = 0,
                                    bool debug_synchronous = false) {
    return SortPairs(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in,
                     d_values_out, num_items, num_segments, d_begin_offsets, d_end_offsets, stream,
                     debug_synchronous);
  }
  template <class KeyT, class ValueT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t StableSortPairs(void* d_temp_storage, size_t& temp_storage_bytes,
                                    DoubleBuffer<KeyT>& d_keys, DoubleBuffer<ValueT>& d_values,
                                    int num_items, int num_segments, BeginOffsetIt d_begin_offsets,
                                    EndOffsetIt d_end_offsets, hipStream_t stream = 0,
                                    bool debug_synchronous = false) {
    return SortPairs(d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items, num_segments,
                     d_begin_offsets, d_end_offsets, stream, debug_synchronous);
  }
  template <class KeyT, class ValueT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t StableSortPairsDescending(void* d_temp_storage, size_t& temp_storage_bytes,
                                              const KeyT* d_keys_in, KeyT* d_keys_out,
                                              const ValueT* d_values_in, ValueT* d_values_out,
                                              int num_items, int num_segments,
                                              BeginOffsetIt d_begin_offsets,
                                              EndOffsetIt d_end_offsets, hipStream_t stream = 0,
                                              bool debug_synchronous = false) {
    return SortPairsDescending(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out,
                               d_values_in, d_values_out, num_items, num_segments, d_begin_offsets,
                               d_end_offsets, stream, debug_synchronous);
  }
  template <class KeyT, class ValueT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t StableSortPairsDescending(void* d_temp_storage, size_t& temp_storage_bytes,
                                              DoubleBuffer<KeyT>& d_keys,
                                              DoubleBuffer<ValueT>& d_values, int num_items,
                                              int num_segments, BeginOffsetIt d_begin_offsets,
                                              EndOffsetIt d_end_offsets, hipStream_t stream = 0,
                                              bool debug_synchronous = false) {
    return SortPairsDescending(d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items,
                               num_segments, d_begin_offsets, d_end_offsets, stream,
                               debug_synchronous);
  }
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_DEVICE_SEGMENTED_SORT_HPP */
