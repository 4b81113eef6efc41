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

}  // namespace detail

struct DeviceScan {
  template <class InputIt, class OutputIt, class ScanOp>
  static hipError_t InclusiveScan(void* d_temp_storage, size_t& temp_storage_bytes,
                                  InputIt d_in, OutputIt d_out, ScanOp scan_op, int num_items,
                                  hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    typedef typename detail::value_of<InputIt>::type T;
    detail::IteratorLoad<InputIt, T> load = {d_in};
    detail::InclusiveEmit<OutputIt, T> emit = {d_out};
    return detail::tile_scan<T>(d_temp_storage, temp_storage_bytes, num_items, load, scan_op,
                                emit, stream);
  }
  template <class InputIt, class OutputIt, class ScanOp, class InitValueT>
  static hipError_t ExclusiveScan(void* d_temp_storage, size_t& temp_storage_bytes,
                                  InputIt d_in, OutputIt d_out, ScanOp scan_op,
                                  InitValueT init_value, int num_items, hipStream_t stream = 0,
                                  bool debug_synchronous = false) {
    (void)debug_synchronous;
    typedef InitValueT T;
    detail::IteratorLoad<InputIt, T> load = {d_in};
    detail::ExclusiveEmit<OutputIt, T, ScanOp> emit = {d_out, scan_op, init_value};
    return detail::tile_scan<T>(d_temp_storage, temp_storage_bytes, num_items, load, scan_op,
                                emit, stream);
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
    typedef typename detail::value_of<ValuesIt>::type V;
    detail::KeyedLoad<KeysIt, ValuesIt, V, EqualityOp> load = {d_keys_in, d_values_in,
                                                               equality_op};
    detail::HeadOp<ScanOp> op = {scan_op};
    detail::InclusiveByKeyEmit<OutputIt, V> emit = {d_values_out};
    return detail::tile_scan<detail::HeadItem<V> >(d_temp_storage, temp_storage_bytes,
                                                  num_items, load, op, emit, stream);
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
    typedef InitValueT V;
    detail::KeyedLoad<KeysIt, ValuesIt, V, EqualityOp> load = {d_keys_in, d_values_in,
                                                                        equality_op};
    detail::HeadOp<ScanOp> op = {scan_op};
    detail::ExclusiveByKeyEmit<OutputIt, V, ScanOp> emit = {d_values_out, scan_op, init_value};
    return detail::tile_scan<detail::HeadItem<V> >(d_temp_storage, temp_storage_bytes,
                                                  num_items, load, op, emit, stream);
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
