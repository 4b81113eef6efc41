/* oxhip: hipCUB's DeviceSelect (Flagged, If, Unique, UniqueByKey) and DevicePartition
 * (Flagged, If, and If's three-way form) (docs/libraries.md), over the scan engine of
 * detail/tile_scan.hpp: a scan of the selection flags gives each selected item its place.
 * Selected items keep their order; DevicePartition puts the rest after them in reverse
 * order, as CUB does. The three-way form scans pairs of flags (first part, second part):
 * each part keeps its order in its own output, and so do the unselected items in theirs.
 */
#ifndef OXHIP_HIPCUB_DEVICE_SELECT_HPP
#define OXHIP_HIPCUB_DEVICE_SELECT_HPP

#include "detail/tile_scan.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {
namespace detail {

template <class FlagsIt>
struct FlaggedPredicate {
  FlagsIt flags;
  __device__ __forceinline__ bool operator()(long long index) const { return (bool)flags[index]; }
};
template <class InputIt, class SelectOp>
struct IfPredicate {
  InputIt in;
  SelectOp op;
  __device__ __forceinline__ bool operator()(long long index) const { return (bool)op(in[index]); }
};
template <class InputIt, class EqualityOp>
struct UniquePredicate {
  InputIt in;
  EqualityOp equal;
  __device__ __forceinline__ bool operator()(long long index) const {
    return index == 0 || !equal(in[index - 1], in[index]);
  }
};

template <class Predicate>
struct SelectLoad {
  Predicate predicate;
  __device__ __forceinline__ int operator()(long long index) const {
    return predicate(index) ? 1 : 0;
  }
};

/* A selected item goes to its count of selected items before it; with `Partition`, a
 * rejected one to the end, counting down. The input's last item writes the total. The
 * engine compacts a tile's selected items before writing them (emit_tile), and with
 * `Partition` its rejected ones too. */
template <class InputIt, class OutputIt, class NumIt, bool Partition>
struct SelectEmit {
  typedef std::false_type Staged;
  typedef std::true_type Compacting;
  enum { Rejects = Partition };
  typedef char Out;
  InputIt in;
  OutputIt out;
  NumIt num_selected;
  long long count;
  __device__ __forceinline__ void operator()(long long index, bool has, int exclusive,
                                             int inclusive) const {
    int before = has ? exclusive : 0;
    if (inclusive != before)
      out[before] = in[index];
    else if (Partition)
      out[count - 1 - (index - before)] = in[index];
  }
  __device__ __forceinline__ void select(long long to, long long index) const {
    out[to] = in[index];
  }
  __device__ __forceinline__ void reject(long long before, long long index) const {
    out[count - 1 - before] = in[index];
  }
  __device__ __forceinline__ void last(int inclusive) const { *num_selected = inclusive; }
};

template <class KeysIt, class ValuesIt, class KeysOut, class ValuesOut, class NumIt>
struct UniqueByKeyEmit {
  typedef std::false_type Staged;
  typedef std::true_type Compacting;
  enum { Rejects = 0 };
  typedef char Out;
  KeysIt keys;
  ValuesIt values;
  KeysOut keys_out;
  ValuesOut values_out;
  NumIt num_selected;
  __device__ __forceinline__ void operator()(long long index, bool has, int exclusive,
                                             int inclusive) const {
    int before = has ? exclusive : 0;
    if (inclusive != before) {
      keys_out[before] = keys[index];
      values_out[before] = values[index];
    }
  }
  __device__ __forceinline__ void select(long long to, long long index) const {
    keys_out[to] = keys[index];
    values_out[to] = values[index];
  }
  __device__ __forceinline__ void reject(long long, long long) const {}
  __device__ __forceinline__ void last(int inclusive) const { *num_selected = inclusive; }
};

/* The three-way partition's item: whether it goes to the first part, and whether to the
 * second (never both); summed, the counts of each part so far. */
struct PartCounts {
  int first;
  int second;
};
struct PartCountsSum {
  __device__ __forceinline__ PartCounts operator()(const PartCounts& a,
                                                   const PartCounts& b) const {
    PartCounts sum = {a.first + b.first, a.second + b.second};
    return sum;
  }
};
template <class InputIt, class FirstOp, class SecondOp>
struct ThreeWayLoad {
  InputIt in;
  FirstOp first_op;
  SecondOp second_op;
  __device__ __forceinline__ PartCounts operator()(long long index) const {
    PartCounts counts = {0, 0};
    if ((bool)first_op(in[index]))
      counts.first = 1;
    else if ((bool)second_op(in[index]))
      counts.second = 1;
    return counts;
  }
};
/* An item of the first or the second part goes to that part's count before it; an
 * unselected one to its index less both counts. The input's last item writes both totals. */
template <class InputIt, class FirstOut, class SecondOut, class UnselectedOut, class NumIt>
struct ThreeWayEmit {
  typedef std::false_type Staged;
  typedef char Out;
  InputIt in;
  FirstOut first_out;
  SecondOut second_out;
  UnselectedOut unselected_out;
  NumIt num_selected;
  __device__ __forceinline__ void operator()(long long index, bool has, PartCounts exclusive,
                                             PartCounts inclusive) const {
    int first_before = has ? exclusive.first : 0;
    int second_before = has ? exclusive.second : 0;
    if (inclusive.first != first_before)
      first_out[first_before] = in[index];
    else if (inclusive.second != second_before)
      second_out[second_before] = in[index];
    else
      unselected_out[index - first_before - second_before] = in[index];
  }
  __device__ __forceinline__ void last(PartCounts inclusive) const {
    num_selected[0] = inclusive.first;
    num_selected[1] = inclusive.second;
  }
};

template <class Predicate, class Emit, class NumIt>
static hipError_t select_run(void* d_temp_storage, size_t& temp_storage_bytes, int num_items,
                             Predicate predicate, Emit emit, NumIt num_selected,
                             hipStream_t stream) {
  SelectLoad<Predicate> load = {predicate};
  hipError_t status = tile_scan<int>(d_temp_storage, temp_storage_bytes, num_items, load,
                                     hipcub::Sum(), emit, stream);
  if (status == hipSuccess && d_temp_storage != nullptr && num_items <= 0) {
    write_one<<<1, 1, 0, stream>>>(num_selected, 0);
    status = hipGetLastError();
  }
  return status;
}

}  // namespace detail

struct DeviceSelect {
  template <class InputIt, class FlagIt, class OutputIt, class NumSelectedIt>
  static hipError_t Flagged(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                            FlagIt d_flags, OutputIt d_out, NumSelectedIt d_num_selected_out,
                            int num_items, hipStream_t stream = 0,
                            bool debug_synchronous = false) {
    (void)debug_synchronous;
    detail::FlaggedPredicate<FlagIt> predicate = {d_flags};
    detail::SelectEmit<InputIt, OutputIt, NumSelectedIt, false> emit = {d_in, d_out,
                                                                        d_num_selected_out,
                                                                        num_items};
    return detail::select_run(d_temp_storage, temp_storage_bytes, num_items, predicate, emit,
                              d_num_selected_out, stream);
  }
  template <class InputIt, class OutputIt, class NumSelectedIt, class SelectOp>
  static hipError_t If(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                       OutputIt d_out, NumSelectedIt d_num_selected_out, int num_items,
                       SelectOp select_op, hipStream_t stream = 0,
                       bool debug_synchronous = false) {
    (void)debug_synchronous;
    detail::IfPredicate<InputIt, SelectOp> predicate = {d_in, select_op};
    detail::SelectEmit<InputIt, OutputIt, NumSelectedIt, false> emit = {d_in, d_out,
                                                                        d_num_selected_out,
                                                                        num_items};
    return detail::select_run(d_temp_storage, temp_storage_bytes, num_items, predicate, emit,
                              d_num_selected_out, stream);
  }
  /* The first item of each run of equal items. */
  template <class InputIt, class OutputIt, class NumSelectedIt>
  static hipError_t Unique(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                           OutputIt d_out, NumSelectedIt d_num_selected_out, int num_items,
                           hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    detail::UniquePredicate<InputIt, hipcub::Equality> predicate = {d_in, hipcub::Equality()};
    detail::SelectEmit<InputIt, OutputIt, NumSelectedIt, false> emit = {d_in, d_out,
                                                                        d_num_selected_out,
                                                                        num_items};
    return detail::select_run(d_temp_storage, temp_storage_bytes, num_items, predicate, emit,
                              d_num_selected_out, stream);
  }
  /* The first key of each run of equal keys, with its value. */
  template <class KeyInputIt, class ValueInputIt, class KeyOutputIt, class ValueOutputIt,
            class NumSelectedIt>
  static hipError_t UniqueByKey(void* d_temp_storage, size_t& temp_storage_bytes,
                                KeyInputIt d_keys_in, ValueInputIt d_values_in,
                                KeyOutputIt d_keys_out, ValueOutputIt d_values_out,
                                NumSelectedIt d_num_selected_out, int num_items,
                                hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    detail::UniquePredicate<KeyInputIt, hipcub::Equality> predicate = {d_keys_in,
                                                                      hipcub::Equality()};
    detail::UniqueByKeyEmit<KeyInputIt, ValueInputIt, KeyOutputIt, ValueOutputIt, NumSelectedIt>
        emit = {d_keys_in, d_values_in, d_keys_out, d_values_out, d_num_selected_out};
    return detail::select_run(d_temp_storage, temp_storage_bytes, num_items, predicate, emit,
                              d_num_selected_out, stream);
  }
};

struct DevicePartition {
  template <class InputIt, class FlagIt, class OutputIt, class NumSelectedIt>
  static hipError_t Flagged(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                            FlagIt d_flags, OutputIt d_out, NumSelectedIt d_num_selected_out,
                            int num_items, hipStream_t stream = 0,
                            bool debug_synchronous = false) {
    (void)debug_synchronous;
    detail::FlaggedPredicate<FlagIt> predicate = {d_flags};
    detail::SelectEmit<InputIt, OutputIt, NumSelectedIt, true> emit = {d_in, d_out,
                                                                       d_num_selected_out,
                                                                       num_items};
    return detail::select_run(d_temp_storage, temp_storage_bytes, num_items, predicate, emit,
                              d_num_selected_out, stream);
  }
  template <class InputIt, class OutputIt, class NumSelectedIt, class SelectOp>
  static hipError_t If(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                       OutputIt d_out, NumSelectedIt d_num_selected_out, int num_items,
                       SelectOp select_op, hipStream_t stream = 0,
                       bool debug_synchronous = false) {
    (void)debug_synchronous;
    detail::IfPredicate<InputIt, SelectOp> predicate = {d_in, select_op};
    detail::SelectEmit<InputIt, OutputIt, NumSelectedIt, true> emit = {d_in, d_out,
                                                                       d_num_selected_out,
                                                                       num_items};
    return detail::select_run(d_temp_storage, temp_storage_bytes, num_items, predicate, emit,
                              d_num_selected_out, stream);
  }
  /* Three ways: items that select_first_part_op takes go to d_first_part_out, of the
   * rest those that select_second_part_op takes to d_second_part_out, the others to
   * d_unselected_out, each in input order; d_num_selected_out[0] and [1] get the two
   * parts' counts. */
  template <class InputIt, class FirstOutputIt, class SecondOutputIt, class UnselectedOutputIt,
            class NumSelectedIt, class SelectFirstPartOp, class SelectSecondPartOp>
  static hipError_t If(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                       FirstOutputIt d_first_part_out, SecondOutputIt d_second_part_out,
                       UnselectedOutputIt d_unselected_out, NumSelectedIt d_num_selected_out,
                       int num_items, SelectFirstPartOp select_first_part_op,
                       SelectSecondPartOp select_second_part_op, hipStream_t stream = 0,
                       bool debug_synchronous = false) {
    (void)debug_synchronous;
    detail::ThreeWayLoad<InputIt, SelectFirstPartOp, SelectSecondPartOp> load = {
        d_in, select_first_part_op, select_second_part_op};
    detail::ThreeWayEmit<InputIt, FirstOutputIt, SecondOutputIt, UnselectedOutputIt,
                         NumSelectedIt>
        emit = {d_in, d_first_part_out, d_second_part_out, d_unselected_out,
                d_num_selected_out};
    hipError_t status =
        detail::tile_scan<detail::PartCounts>(d_temp_storage, temp_storage_bytes, num_items,
                                              load, detail::PartCountsSum(), emit, stream);
    if (status == hipSuccess && d_temp_storage != nullptr && num_items <= 0) {
      detail::write_one<<<1, 1, 0, stream>>>(d_num_selected_out, 0);
      status = hipGetLastError();
      if (status != hipSuccess) return status;
      detail::write_one<<<1, 1, 0, stream>>>(d_num_selected_out + 1, 0);
      status = hipGetLastError();
    }
    return status;
  }
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_DEVICE_SELECT_HPP */
