/* oxhip: hipCUB's DeviceScan (docs/libraries.md): InclusiveSum, ExclusiveSum, InclusiveScan,
 * ExclusiveScan (with an initial value) and their by-key forms, over the scan engine in
 * detail/tile_scan.hpp, with CUB's temp-storage convention.
 */
#ifndef OXHIP_HIPCUB_DEVICE_SCAN_HPP
#define OXHIP_HIPCUB_DEVICE_SCAN_HPP

#include "detail/tile_scan.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {
namespace detail {

template <class OutputIt, class T>
struct InclusiveEmit {
  typedef std::true_type Staged;
  typedef T Out;
  OutputIt out;
  __device__ __forceinline__ T value(long long, bool, const T&, const T& inclusive) const {
    return inclusive;
  }
};

/* Seeded (detail/tile_scan.hpp): op(initial, exclusive) is op over `initial` and the items
 * before, so the single pass scans from the seed instead of adding `initial` to each item. */
template <class OutputIt, class T, class Op>
struct ExclusiveEmit {
  typedef std::true_type Staged;
  typedef std::true_type Seeded;
  typedef T Out;
  OutputIt out;
  Op op;
  T initial;
  __device__ __forceinline__ T value(long long, bool has, const T& exclusive, const T&) const {
    return has ? op(initial, exclusive) : initial;
  }
  __device__ __forceinline__ T seed(bool has, const T& exclusive) const {
    return value(0, has, exclusive, exclusive);
  }
};

template <class OutputIt, class V>
struct InclusiveByKeyEmit {
  typedef std::true_type Staged;
  typedef V Out;
  OutputIt out;
  __device__ __forceinline__ V value(long long, bool, const HeadItem<V>&,
                                     const HeadItem<V>& inclusive) const {
    return inclusive.value;
  }
};

/* An item that starts a segment gets `initial`; the others op(initial, the segment's items
 * before them), which is the exclusive value's segment (it ends in the item's segment). */
template <class OutputIt, class V, class Op>
struct ExclusiveByKeyEmit {
  typedef std::true_type Staged;
  typedef V Out;
  OutputIt out;
  Op op;
  V initial;
  __device__ __forceinline__ V value(long long, bool has, const HeadItem<V>& exclusive,
                                     const HeadItem<V>& inclusive) const {
    bool head = inclusive.heads != (has ? exclusive.heads : 0);
    return head ? initial : op(initial, exclusive.value);
  }
};

/* DeviceScan's four scans, in a fixed combining order or not (`tile_scan_ordered`). */
template <bool FixedOrder, class InputIt, class OutputIt, class ScanOp>
static hipError_t inclusive_scan(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                                 OutputIt d_out, ScanOp scan_op, long long num_items,
                                 hipStream_t stream) {
  typedef typename value_of<InputIt>::type T;
  IteratorLoad<InputIt, T> load = {d_in};
  InclusiveEmit<OutputIt, T> emit = {d_out};
  return tile_scan_ordered<FixedOrder, T>(d_temp_storage, temp_storage_bytes, num_items, load,
                                          scan_op, emit, stream);
}
template <bool FixedOrder, class InputIt, class OutputIt, class ScanOp, class InitValueT>
static hipError_t exclusive_scan(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                                 OutputIt d_out, ScanOp scan_op, InitValueT init_value,
                                 long long num_items, hipStream_t stream) {
  typedef InitValueT T;
  IteratorLoad<InputIt, T> load = {d_in};
  ExclusiveEmit<OutputIt, T, ScanOp> emit = {d_out, scan_op, init_value};
  return tile_scan_ordered<FixedOrder, T>(d_temp_storage, temp_storage_bytes, num_items, load,
                                          scan_op, emit, stream);
}
template <bool FixedOrder, class KeysIt, class ValuesIt, class OutputIt, class ScanOp,
          class EqualityOp>
static hipError_t inclusive_scan_by_key(void* d_temp_storage, size_t& temp_storage_bytes,
                                        KeysIt d_keys_in, ValuesIt d_values_in,
                                        OutputIt d_values_out, ScanOp scan_op,
                                        long long num_items, EqualityOp equality_op,
                                        hipStream_t stream) {
  typedef typename value_of<ValuesIt>::type V;
  KeyedLoad<KeysIt, ValuesIt, V, EqualityOp> load = {d_keys_in, d_values_in, equality_op};
  HeadOp<ScanOp> op = {scan_op};
  InclusiveByKeyEmit<OutputIt, V> emit = {d_values_out};
  return tile_scan_ordered<FixedOrder, HeadItem<V> >(d_temp_storage, temp_storage_bytes,
                                                     num_items, load, op, emit, stream);
}
template <bool FixedOrder, class KeysIt, class ValuesIt, class OutputIt, class ScanOp,
          class InitValueT, class EqualityOp>
static hipError_t exclusive_scan_by_key(void* d_temp_storage, size_t& temp_storage_bytes,
                                        KeysIt d_keys_in, ValuesIt d_values_in,
                                        OutputIt d_values_out, ScanOp scan_op,
                                        InitValueT init_value, long long num_items,
                                        EqualityOp equality_op, hipStream_t stream) {
  typedef InitValueT V;
  KeyedLoad<KeysIt, ValuesIt, V, EqualityOp> load = {d_keys_in, d_values_in, equality_op};
  HeadOp<ScanOp> op = {scan_op};
  ExclusiveByKeyEmit<OutputIt, V, ScanOp> emit = {d_values_out, scan_op, init_value};
  return tile_scan_ordered<FixedOrder, HeadItem<V> >(d_temp_storage, temp_storage_bytes,
                                                     num_items, load, op, emit, stream);
}

}  // namespace detail

struct DeviceScan {
  template <class InputIt, class OutputIt, class ScanOp>
  static hipError_t InclusiveScan(void* d_temp_storage, size_t& temp_storage_bytes,
                                  InputIt d_in, OutputIt d_out, ScanOp scan_op, int num_items,
                                  hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::inclusive_scan<false>(d_temp_storage, temp_storage_bytes, d_in, d_out,
                                         scan_op, num_items, stream);
  }
  template <class InputIt, class OutputIt, class ScanOp, class InitValueT>
  static hipError_t ExclusiveScan(void* d_temp_storage, size_t& temp_storage_bytes,
                                  InputIt d_in, OutputIt d_out, ScanOp scan_op,
                                  InitValueT init_value, int num_items, hipStream_t stream = 0,
                                  bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::exclusive_scan<false>(d_temp_storage, temp_storage_bytes, d_in, d_out,
                                         scan_op, init_value, num_items, stream);
  }
  template <class InputIt, class OutputIt>
  static hipError_t InclusiveSum(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                                 OutputIt d_out, int num_items, hipStream_t stream = 0,
                                 bool debug_synchronous = false) {
    return InclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out, hipcub::Sum(),
                         num_items, stream, debug_synchronous);
  }
  template <class InputIt, class OutputIt>
  static hipError_t ExclusiveSum(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                                 OutputIt d_out, int num_items, hipStream_t stream = 0,
                                 bool debug_synchronous = false) {
    typedef typename detail::value_of<InputIt>::type T;
    return ExclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out, hipcub::Sum(), T(),
                         num_items, stream, debug_synchronous);
  }

  /* In place (CUB 2's forms): each tile is read before it is written. */
  template <class IteratorT>
  static hipError_t InclusiveSum(void* d_temp_storage, size_t& temp_storage_bytes,
                                 IteratorT d_data, int num_items, hipStream_t stream = 0) {
    return InclusiveSum(d_temp_storage, temp_storage_bytes, d_data, d_data, num_items, stream);
  }
  template <class IteratorT>
  static hipError_t ExclusiveSum(void* d_temp_storage, size_t& temp_storage_bytes,
                                 IteratorT d_data, int num_items, hipStream_t stream = 0) {
    return ExclusiveSum(d_temp_storage, temp_storage_bytes, d_data, d_data, num_items, stream);
  }

  template <class KeysIt, class ValuesIt, class OutputIt, class ScanOp,
            class EqualityOp = hipcub::Equality>
  static hipError_t InclusiveScanByKey(void* d_temp_storage, size_t& temp_storage_bytes,
                                       KeysIt d_keys_in, ValuesIt d_values_in,
                                       OutputIt d_values_out, ScanOp scan_op, int num_items,
                                       EqualityOp equality_op = EqualityOp(),
                                       hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::inclusive_scan_by_key<false>(d_temp_storage, temp_storage_bytes, d_keys_in,
                                                d_values_in, d_values_out, scan_op, num_items,
                                                equality_op, stream);
  }
  template <class KeysIt, class ValuesIt, class OutputIt, class ScanOp, class InitValueT,
            class EqualityOp = hipcub::Equality>
  static hipError_t ExclusiveScanByKey(void* d_temp_storage, size_t& temp_storage_bytes,
                                       KeysIt d_keys_in, ValuesIt d_values_in,
                                       OutputIt d_values_out, ScanOp scan_op,
                                       InitValueT init_value, int num_items,
                                       EqualityOp equality_op = EqualityOp(),
                                       hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::exclusive_scan_by_key<false>(d_temp_storage, temp_storage_bytes, d_keys_in,
                                                d_values_in, d_values_out, scan_op, init_value,
                                                num_items, equality_op, stream);
  }
  template <class KeysIt, class ValuesIt, class OutputIt, class EqualityOp = hipcub::Equality>
  static hipError_t InclusiveSumByKey(void* d_temp_storage, size_t& temp_storage_bytes,
                                      KeysIt d_keys_in, ValuesIt d_values_in,
                                      OutputIt d_values_out, int num_items,
                                      EqualityOp equality_op = EqualityOp(),
                                      hipStream_t stream = 0, bool debug_synchronous = false) {
    return InclusiveScanByKey(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in,
                              d_values_out, hipcub::Sum(), num_items, equality_op, stream,
                              debug_synchronous);
  }
  template <class KeysIt, class ValuesIt, class OutputIt, class EqualityOp = hipcub::Equality>
  static hipError_t ExclusiveSumByKey(void* d_temp_storage, size_t& temp_storage_bytes,
                                      KeysIt d_keys_in, ValuesIt d_values_in,
                                      OutputIt d_values_out, int num_items,
                                      EqualityOp equality_op = EqualityOp(),
                                      hipStream_t stream = 0, bool debug_synchronous = false) {
    typedef typename detail::value_of<ValuesIt>::type V;
    return ExclusiveScanByKey(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in,
                              d_values_out, hipcub::Sum(), V(), num_items, equality_op, stream,
                              debug_synchronous);
  }
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_DEVICE_SCAN_HPP */
