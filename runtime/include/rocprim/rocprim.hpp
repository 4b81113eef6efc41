/* oxhip: rocPRIM's public names (namespace rocprim), as thin wrappers over oxhip's portable
 * hipCUB (docs/libraries.md), so that one host compile serves AMD, NVIDIA and the CPU device.
 * rocPRIM's own header paths (<rocprim/device/device_reduce.hpp>, <rocprim/block/block_load.hpp>,
 * ...) are small headers that include this one.
 *
 * What is here: the functors (plus, minus, multiplies, minimum, maximum, less, less_equal,
 * greater, greater_equal, equal_to, not_equal_to, identity), empty_type, key_value_pair,
 * double_buffer, the iterators (counting, constant, transform, discard, arg_index; zip and
 * reverse, with tuple, from Thrust in C++14 and later) and their make_* helpers, the
 * intrinsics (ids and sizes of threads, warps and blocks, lane_id, device_warp_size,
 * host_warp_size, ballot, masked_bit_count, the warp shuffles); the
 * device-wide algorithms with rocPRIM's temp-storage convention (a null `temporary_storage`
 * sets `storage_size` and returns hipSuccess; a Config template argument is accepted and
 * ignored; `debug_synchronous` is ignored); and the block and warp primitives with rocPRIM's
 * method names and argument orders. Logical warps are 32 threads or fewer on every target, so
 * the warp primitives, the warp-striped arrangements and warp_transpose use warps of 32 where
 * rocPRIM uses the device's wavefront (64 on most AMD GPUs).
 *
 * Written for oxhip from rocPRIM's documented signatures; nothing is copied from rocPRIM.
 */
#ifndef OXHIP_ROCPRIM_HPP
#define OXHIP_ROCPRIM_HPP

#include <hipcub/hipcub.hpp>
#if __cplusplus >= 201402L
#include <thrust/detail/iterators.h>
#endif

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace rocprim {

/* ---- functors and types ---- */

template <class T = void>
struct plus {
  __host__ __device__ __forceinline__ T operator()(const T& a, const T& b) const { return a + b; }
};
template <>
struct plus<void> {
  template <class T, class U>
  __host__ __device__ __forceinline__ auto operator()(const T& a, const U& b) const
      -> decltype(a + b) {
    return a + b;
  }
};
template <class T = void>
struct minus {
  __host__ __device__ __forceinline__ T operator()(const T& a, const T& b) const { return a - b; }
};
template <>
struct minus<void> {
  template <class T, class U>
  __host__ __device__ __forceinline__ auto operator()(const T& a, const U& b) const
      -> decltype(a - b) {
    return a - b;
  }
};
template <class T = void>
struct multiplies {
  __host__ __device__ __forceinline__ T operator()(const T& a, const T& b) const { return a * b; }
};
template <class T>
struct minimum {
  __host__ __device__ __forceinline__ T operator()(const T& a, const T& b) const {
    return b < a ? b : a;
  }
};
template <class T>
struct maximum {
  __host__ __device__ __forceinline__ T operator()(const T& a, const T& b) const {
    return a < b ? b : a;
  }
};

/* The comparisons; the `void` forms compare any two types, as rocPRIM's `less<>`. */
#define OXHIP_ROCPRIM_COMPARISON(name, expression)                                            \
  template <class T = void>                                                                   \
  struct name {                                                                               \
    __host__ __device__ __forceinline__ bool operator()(const T& a, const T& b) const {       \
      return expression;                                                                      \
    }                                                                                         \
  };                                                                                          \
  template <>                                                                                 \
  struct name<void> {                                                                         \
    template <class T, class U>                                                               \
    __host__ __device__ __forceinline__ bool operator()(const T& a, const U& b) const {       \
      return expression;                                                                      \
    }                                                                                         \
  };
OXHIP_ROCPRIM_COMPARISON(less, a < b)
OXHIP_ROCPRIM_COMPARISON(less_equal, !(b < a))
OXHIP_ROCPRIM_COMPARISON(greater, b < a)
OXHIP_ROCPRIM_COMPARISON(greater_equal, !(a < b))
OXHIP_ROCPRIM_COMPARISON(equal_to, a == b)
OXHIP_ROCPRIM_COMPARISON(not_equal_to, a != b)
#undef OXHIP_ROCPRIM_COMPARISON

template <class T = void>
struct identity {
  __host__ __device__ __forceinline__ T operator()(const T& value) const { return value; }
};
template <>
struct identity<void> {
  template <class T>
  __host__ __device__ __forceinline__ T operator()(const T& value) const {
    return value;
  }
};

/* The value type of keys-only sorts (block_radix_sort, warp_sort). */
struct empty_type {};

/* key_value_pair<K, V> has `key` and `value`; arg_index_iterator gives (index, value) ones. */
template <class Key, class Value>
using key_value_pair = hipcub::KeyValuePair<Key, Value>;

/* The config parameter rocPRIM's algorithms take first; oxhip tunes inside device code. */
struct default_config {};

template <class T>
class double_buffer {
 public:
  __host__ __device__ double_buffer() : selector_(0) {
    buffers_[0] = nullptr;
    buffers_[1] = nullptr;
  }
  __host__ __device__ double_buffer(T* current, T* alternate) : selector_(0) {
    buffers_[0] = current;
    buffers_[1] = alternate;
  }
  __host__ __device__ T* current() const { return buffers_[selector_]; }
  __host__ __device__ T* alternate() const { return buffers_[selector_ ^ 1]; }
  __host__ __device__ void swap() { selector_ ^= 1; }

 private:
  T* buffers_[2];
  unsigned int selector_;
};

namespace detail {
template <class Iterator>
struct value_type_of {
  typedef typename hipcub::detail::value_of<Iterator>::type type;
};
template <class Value>
struct hipcub_value {
  typedef Value type;
};
template <>
struct hipcub_value<empty_type> {
  typedef hipcub::NullType type;
};
/* void, for a comparison that is not an integer (block_sort's forms with a `size` take one
 * where the others take the comparison). */
template <class BinaryFunction>
struct not_a_size : std::enable_if<!std::is_integral<BinaryFunction>::value> {};
/* A `__shared__` storage of its own for the primitives' calls without a storage argument:
 * one per storage type and kernel, as hipCUB's default constructors have. */
template <class Storage>
static __device__ __forceinline__ Storage& private_storage() {
  __shared__ Storage storage;
  return storage;
}
}  // namespace detail

/* ---- iterators (hipCUB's, under rocPRIM's names) ---- */

template <class Incrementable, class Difference = std::ptrdiff_t>
using counting_iterator = hipcub::CountingInputIterator<Incrementable, Difference>;
template <class Incrementable>
__host__ __device__ inline counting_iterator<Incrementable> make_counting_iterator(
    Incrementable value) {
  return counting_iterator<Incrementable>(value);
}

template <class ValueType, class Difference = std::ptrdiff_t>
using constant_iterator = hipcub::ConstantInputIterator<ValueType, Difference>;
template <class ValueType>
__host__ __device__ inline constant_iterator<ValueType> make_constant_iterator(
    ValueType value, size_t index = 0) {
  return constant_iterator<ValueType>(value, (std::ptrdiff_t)index);
}

template <class InputIterator, class UnaryFunction,
          class ValueType = typename std::remove_cv<typename std::remove_reference<decltype(
              std::declval<UnaryFunction&>()(*std::declval<InputIterator&>()))>::type>::type>
using transform_iterator = hipcub::TransformInputIterator<ValueType, UnaryFunction, InputIterator>;
template <class InputIterator, class UnaryFunction>
__host__ __device__ inline transform_iterator<InputIterator, UnaryFunction>
make_transform_iterator(InputIterator iterator, UnaryFunction transform) {
  return transform_iterator<InputIterator, UnaryFunction>(iterator, transform);
}

typedef hipcub::DiscardOutputIterator<std::ptrdiff_t> discard_iterator;
__host__ __device__ inline discard_iterator make_discard_iterator(size_t index = 0) {
  return discard_iterator((std::ptrdiff_t)index);
}

template <class InputIterator, class Difference = std::ptrdiff_t,
          class Value = typename detail::value_type_of<InputIterator>::type>
using arg_index_iterator = hipcub::ArgIndexInputIterator<InputIterator, Difference, Value>;
template <class InputIterator, class Difference = std::ptrdiff_t>
__host__ __device__ inline arg_index_iterator<InputIterator, Difference> make_arg_index_iterator(
    InputIterator iterator, Difference offset = 0) {
  return arg_index_iterator<InputIterator, Difference>(iterator, offset);
}

/* Reads data[i] where predicate(test[i]) holds and a value-initialised item elsewhere;
 * writes data[i] only where it holds (rocPRIM's predicate_iterator). Its reference is a proxy
 * that converts to the value and can be assigned one. */
template <class DataIterator, class TestIterator, class UnaryPredicate>
class predicate_iterator {
 public:
  typedef typename detail::value_type_of<DataIterator>::type value_type;
  typedef std::ptrdiff_t difference_type;
  typedef std::random_access_iterator_tag iterator_category;
  typedef void pointer;

  class proxy {
   public:
    __host__ __device__ proxy(DataIterator data, bool kept) : data_(data), kept_(kept) {}
    proxy(const proxy&) = default;
    __host__ __device__ operator value_type() const {
      return kept_ ? value_type(*data_) : value_type();
    }
    __host__ __device__ const proxy& operator=(const value_type& value) const {
      if (kept_) *data_ = value;
      return *this;
    }
    __host__ __device__ const proxy& operator=(const proxy& other) const {
      return *this = (value_type)other;
    }

   private:
    DataIterator data_;
    bool kept_;
  };
  typedef proxy reference;

  __host__ __device__ predicate_iterator(DataIterator data, TestIterator test,
                                         UnaryPredicate predicate)
      : data_(data), test_(test), predicate_(predicate) {}

  __host__ __device__ reference operator*() const { return proxy(data_, predicate_(*test_)); }
  __host__ __device__ reference operator[](difference_type n) const {
    return proxy(data_ + n, predicate_(test_[n]));
  }
  __host__ __device__ predicate_iterator& operator+=(difference_type n) {
    data_ += n;
    test_ += n;
    return *this;
  }
  __host__ __device__ predicate_iterator& operator-=(difference_type n) { return *this += -n; }
  __host__ __device__ predicate_iterator& operator++() { return *this += 1; }
  __host__ __device__ predicate_iterator& operator--() { return *this += -1; }
  __host__ __device__ predicate_iterator operator++(int) {
    predicate_iterator old = *this;
    *this += 1;
    return old;
  }
  __host__ __device__ predicate_iterator operator--(int) {
    predicate_iterator old = *this;
    *this += -1;
    return old;
  }
  __host__ __device__ predicate_iterator operator+(difference_type n) const {
    predicate_iterator moved = *this;
    return moved += n;
  }
  __host__ __device__ predicate_iterator operator-(difference_type n) const {
    return *this + -n;
  }
  __host__ __device__ difference_type operator-(const predicate_iterator& other) const {
    return data_ - other.data_;
  }
  __host__ __device__ bool operator==(const predicate_iterator& other) const {
    return data_ == other.data_;
  }
  __host__ __device__ bool operator!=(const predicate_iterator& other) const {
    return !(*this == other);
  }
  __host__ __device__ bool operator<(const predicate_iterator& other) const {
    return data_ < other.data_;
  }
  __host__ __device__ bool operator>(const predicate_iterator& other) const {
    return other < *this;
  }
  __host__ __device__ bool operator<=(const predicate_iterator& other) const {
    return !(other < *this);
  }
  __host__ __device__ bool operator>=(const predicate_iterator& other) const {
    return !(*this < other);
  }

 private:
  DataIterator data_;
  TestIterator test_;
  UnaryPredicate predicate_;
};
template <class DataIterator, class TestIterator, class UnaryPredicate>
__host__ __device__ inline predicate_iterator<DataIterator, TestIterator, UnaryPredicate>
operator+(std::ptrdiff_t n,
          const predicate_iterator<DataIterator, TestIterator, UnaryPredicate>& iterator) {
  return iterator + n;
}
/* The predicate tests the data itself. */
template <class DataIterator, class UnaryPredicate>
__host__ __device__ inline predicate_iterator<DataIterator, DataIterator, UnaryPredicate>
make_predicate_iterator(DataIterator data, UnaryPredicate predicate) {
  return predicate_iterator<DataIterator, DataIterator, UnaryPredicate>(data, data, predicate);
}
template <class DataIterator, class TestIterator, class UnaryPredicate>
__host__ __device__ inline predicate_iterator<DataIterator, TestIterator, UnaryPredicate>
make_predicate_iterator(DataIterator data, TestIterator test, UnaryPredicate predicate) {
  return predicate_iterator<DataIterator, TestIterator, UnaryPredicate>(data, test, predicate);
}

#if __cplusplus >= 201402L
/* rocPRIM's tuple, zip_iterator and reverse_iterator are Thrust's (thrust/detail/tuple.h and
 * iterators.h, which need C++14): a tuple usable in device code whose get<I> and make_tuple
 * rocPRIM programs call, a zip_iterator whose value is a tuple of its iterators' values and
 * whose reference a tuple of their references (assignable through them), and a
 * reverse_iterator that reads *(base - 1 - i). */
using thrust::get;
using thrust::make_tuple;
using thrust::tie;
using thrust::tuple;
using thrust::tuple_element;
using thrust::tuple_size;

template <class IteratorTuple>
using zip_iterator = thrust::zip_iterator<IteratorTuple>;
template <class... Iterators>
__host__ __device__ inline zip_iterator<tuple<Iterators...> > make_zip_iterator(
    const tuple<Iterators...>& iterators) {
  return zip_iterator<tuple<Iterators...> >(iterators);
}

template <class Iterator>
using reverse_iterator = thrust::reverse_iterator<Iterator>;
template <class Iterator>
__host__ __device__ inline reverse_iterator<Iterator> make_reverse_iterator(Iterator iterator) {
  return reverse_iterator<Iterator>(iterator);
}
#endif

}  // namespace rocprim

namespace hipcub {
namespace detail {
/* hipCUB's algorithms take an iterator's items as `value_of`, which would otherwise be the
 * proxy. */
template <class DataIterator, class TestIterator, class UnaryPredicate>
struct value_of<rocprim::predicate_iterator<DataIterator, TestIterator, UnaryPredicate> > {
  typedef typename rocprim::predicate_iterator<DataIterator, TestIterator,
                                               UnaryPredicate>::value_type type;
};
}  // namespace detail
}  // namespace hipcub

namespace rocprim {

/* ---- intrinsics ---- */

static __device__ __forceinline__ void syncthreads() { __syncthreads(); }
static __device__ __forceinline__ unsigned int flat_block_thread_id() {
  return (unsigned int)hipcub::detail::block_rank();
}
template <unsigned int BlockSizeX, unsigned int BlockSizeY, unsigned int BlockSizeZ>
static __device__ __forceinline__ unsigned int flat_block_thread_id() {
  return (unsigned int)hipcub::detail::block_rank();
}
static __device__ __forceinline__ unsigned int flat_block_size() {
  return blockDim.x * blockDim.y * blockDim.z;
}
static __device__ __forceinline__ unsigned int flat_tile_size() { return flat_block_size(); }
static __device__ __forceinline__ unsigned int flat_tile_thread_id() {
  return flat_block_thread_id();
}
template <unsigned int Dim>
static __device__ __forceinline__ unsigned int block_thread_id() {
  static_assert(Dim < 3, "block_thread_id: dimension 0, 1 or 2");
  return Dim == 0 ? threadIdx.x : Dim == 1 ? threadIdx.y : threadIdx.z;
}
template <unsigned int Dim>
static __device__ __forceinline__ unsigned int block_id() {
  static_assert(Dim < 3, "block_id: dimension 0, 1 or 2");
  return Dim == 0 ? blockIdx.x : Dim == 1 ? blockIdx.y : blockIdx.z;
}
template <unsigned int Dim>
static __device__ __forceinline__ unsigned int block_size() {
  static_assert(Dim < 3, "block_size: dimension 0, 1 or 2");
  return Dim == 0 ? blockDim.x : Dim == 1 ? blockDim.y : blockDim.z;
}
template <unsigned int Dim>
static __device__ __forceinline__ unsigned int grid_size() {
  static_assert(Dim < 3, "grid_size: dimension 0, 1 or 2");
  return Dim == 0 ? gridDim.x : Dim == 1 ? gridDim.y : gridDim.z;
}

/* A mask of a hardware warp's lanes, one bit a lane (64 bits, for AMD's wavefronts). */
typedef unsigned long long lane_mask_type;

/* The hardware warp's size: 64 on AMD's gfx9 (the wavefront), 32 on the others and the CPU
 * device. It is the device's value of warpSize, not a constant expression as rocPRIM's is:
 * one host compile serves every target, so it cannot size types or template arguments
 * (oxhip's logical warps are 32 threads or fewer everywhere). */
static __device__ __forceinline__ unsigned int device_warp_size() {
  return (unsigned int)warpSize;
}
/* The warp size of a device, from the host (hipDeviceAttributeWarpSize). */
inline hipError_t host_warp_size(const int device_id, unsigned int& warp_size) {
  int value = 0;
  hipError_t status = hipDeviceGetAttribute(&value, hipDeviceAttributeWarpSize, device_id);
  if (status == hipSuccess) warp_size = (unsigned int)value;
  return status;
}
inline hipError_t host_warp_size(const hipStream_t stream, unsigned int& warp_size) {
  hipDevice_t device = 0;
  hipError_t status = hipStreamGetDevice(stream, &device);
  if (status != hipSuccess) return status;
  return host_warp_size((int)device, warp_size);
}
/* rocPRIM's older form: the current device's warp size (0 where it cannot be read). */
inline unsigned int host_warp_size() {
  int device = 0;
  unsigned int warp_size = 0;
  if (hipGetDevice(&device) == hipSuccess) (void)host_warp_size(device, warp_size);
  return warp_size;
}

/* The caller's lane in its hardware warp, and in its logical warp of LogicalWarpSize lanes
 * (a power of two). */
static __device__ __forceinline__ unsigned int lane_id() { return __lane_id(); }
template <unsigned int LogicalWarpSize>
static __device__ __forceinline__ unsigned int logical_lane_id() {
  static_assert(LogicalWarpSize > 0 && (LogicalWarpSize & (LogicalWarpSize - 1)) == 0,
                "logical_lane_id: a power of two");
  return __lane_id() & (LogicalWarpSize - 1);
}
/* The hardware warp of a thread of the block, from its flat id (the caller's by default). */
static __device__ __forceinline__ unsigned int warp_id(unsigned int flat_id) {
  return flat_id / device_warp_size();
}
static __device__ __forceinline__ unsigned int warp_id() { return warp_id(flat_block_thread_id()); }
template <unsigned int BlockSizeX, unsigned int BlockSizeY, unsigned int BlockSizeZ>
static __device__ __forceinline__ unsigned int warp_id() {
  return warp_id(flat_block_thread_id());
}
template <unsigned int LogicalWarpSize>
static __device__ __forceinline__ unsigned int logical_warp_id() {
  return flat_block_thread_id() / LogicalWarpSize;
}

static __device__ __forceinline__ void wave_barrier() { __syncwarp(); }

/* Bit operations: bit i of x; the bits set; those set at the lanes below the caller's, plus
 * `add` (the lanes' ranks among those of a ballot). */
static __device__ __forceinline__ int get_bit(int x, int i) { return (x >> i) & 1; }
static __device__ __forceinline__ unsigned int bit_count(unsigned int x) {
  return (unsigned int)__builtin_popcount(x);
}
static __device__ __forceinline__ unsigned int bit_count(unsigned long long x) {
  return (unsigned int)__builtin_popcountll(x);
}
static __device__ __forceinline__ unsigned int masked_bit_count(lane_mask_type x,
                                                                unsigned int add = 0) {
  return (unsigned int)__builtin_popcountll(x & __oxhip_lanes_below()) + add;
}
/* A bit for each lane of the hardware warp whose predicate is true (active lanes only). */
static __device__ __forceinline__ lane_mask_type ballot(int predicate) {
  return __ballot(predicate);
}

/* Warp shuffles of any trivially copyable type, word by word, within sub-groups of `width`
 * lanes (a power of two, the hardware warp by default); a lane whose source lies outside its
 * sub-group gets its own value, as HIP's __shfl functions. */
template <class T>
static __device__ __forceinline__ T warp_shuffle(const T& input, const int src_lane,
                                                 const int width = (int)device_warp_size()) {
  return __oxhip_shfl(__OXHIP_SHFL_IDX, __OXHIP_ACTIVE_LANES(), input, src_lane, width);
}
template <class T>
static __device__ __forceinline__ T warp_shuffle_up(const T& input, const unsigned int delta,
                                                    const int width = (int)device_warp_size()) {
  return __oxhip_shfl(__OXHIP_SHFL_UP, __OXHIP_ACTIVE_LANES(), input, (int)delta, width);
}
template <class T>
static __device__ __forceinline__ T warp_shuffle_down(const T& input, const unsigned int delta,
                                                      const int width = (int)device_warp_size()) {
  return __oxhip_shfl(__OXHIP_SHFL_DOWN, __OXHIP_ACTIVE_LANES(), input, (int)delta, width);
}
template <class T>
static __device__ __forceinline__ T warp_shuffle_xor(const T& input, const int lane_mask,
                                                     const int width = (int)device_warp_size()) {
  return __oxhip_shfl(__OXHIP_SHFL_XOR, __OXHIP_ACTIVE_LANES(), input, lane_mask, width);
}

/* ---- device-wide: reductions and scans ---- */

namespace detail {
/* rocPRIM's size arguments are size_t; hipCUB counts in int (or long long) items. */
template <class BinaryFunction>
struct is_operator
    : std::integral_constant<bool, !std::is_arithmetic<BinaryFunction>::value> {};

/* The temp-storage convention for the algorithms that need no storage (16 bytes asked). */
static inline bool no_storage(void* temporary_storage, size_t& storage_size,
                              hipError_t& status) {
  return hipcub::detail::temp_storage_check(temporary_storage, storage_size, 0, status);
}

/* Head flags as keys: an item starts a segment where its flag is set. */
struct HeadFlagEquality {
  template <class Flag>
  __host__ __device__ __forceinline__ bool operator()(const Flag&, const Flag& current) const {
    return !(bool)current;
  }
};
}  // namespace detail

template <class Config = default_config, class InputIterator, class OutputIterator,
          class InitValueType,
          class BinaryFunction = plus<typename detail::value_type_of<InputIterator>::type> >
inline hipError_t reduce(void* temporary_storage, size_t& storage_size, InputIterator input,
                         OutputIterator output, const InitValueType initial_value,
                         const size_t size, BinaryFunction reduce_op = BinaryFunction(),
                         const hipStream_t stream = 0, bool debug_synchronous = false) {
  return hipcub::DeviceReduce::Reduce(temporary_storage, storage_size, input, output, (int)size,
                                      reduce_op, initial_value, stream, debug_synchronous);
}
/* Without an initial value: no items give a value-initialised result. (An integral sixth
 * argument is taken as the size of the form above, as a call with an int size means.) */
template <class Config = default_config, class InputIterator, class OutputIterator,
          class BinaryFunction = plus<typename detail::value_type_of<InputIterator>::type> >
inline typename std::enable_if<detail::is_operator<BinaryFunction>::value, hipError_t>::type
reduce(void* temporary_storage, size_t& storage_size, InputIterator input, OutputIterator output,
       const size_t size, BinaryFunction reduce_op = BinaryFunction(),
       const hipStream_t stream = 0, bool debug_synchronous = false) {
  (void)debug_synchronous;
  typedef typename detail::value_type_of<InputIterator>::type T;
  hipcub::detail::IteratorLoad<InputIterator, T> load = {input};
  return hipcub::detail::device_reduce(temporary_storage, storage_size, load, output,
                                       (long long)size, reduce_op, T(), false, stream);
}

template <class Config = default_config, class KeysInputIterator, class ValuesInputIterator,
          class UniqueOutputIterator, class AggregatesOutputIterator,
          class UniqueCountOutputIterator,
          class BinaryFunction = plus<typename detail::value_type_of<ValuesInputIterator>::type>,
          class KeyCompareFunction =
              equal_to<typename detail::value_type_of<KeysInputIterator>::type> >
inline hipError_t reduce_by_key(void* temporary_storage, size_t& storage_size,
                                KeysInputIterator keys_input, ValuesInputIterator values_input,
                                const size_t size, UniqueOutputIterator unique_output,
                                AggregatesOutputIterator aggregates_output,
                                UniqueCountOutputIterator unique_count_output,
                                BinaryFunction reduce_op = BinaryFunction(),
                                KeyCompareFunction key_compare_op = KeyCompareFunction(),
                                hipStream_t stream = 0, bool debug_synchronous = false) {
  (void)debug_synchronous;
  return hipcub::detail::reduce_by_key(temporary_storage, storage_size, keys_input, unique_output,
                                       values_input, aggregates_output, unique_count_output,
                                       key_compare_op, reduce_op, (int)size, stream);
}

template <class Config = default_config, class InputIterator, class OutputIterator,
          class OffsetIterator,
          class BinaryFunction = plus<typename detail::value_type_of<InputIterator>::type>,
          class InitValueType = typename detail::value_type_of<InputIterator>::type>
inline hipError_t segmented_reduce(void* temporary_storage, size_t& storage_size,
                                   InputIterator input, OutputIterator output,
                                   unsigned int segments, OffsetIterator begin_offsets,
                                   OffsetIterator end_offsets,
                                   BinaryFunction reduce_op = BinaryFunction(),
                                   InitValueType initial_value = InitValueType(),
                                   hipStream_t stream = 0, bool debug_synchronous = false) {
  return hipcub::DeviceSegmentedReduce::Reduce(temporary_storage, storage_size, input, output,
                                               (int)segments, begin_offsets, end_offsets,
                                               reduce_op, initial_value, stream,
                                               debug_synchronous);
}

template <class Config = default_config, class InputIterator, class OutputIterator,
          class BinaryFunction = plus<typename detail::value_type_of<InputIterator>::type> >
inline hipError_t inclusive_scan(void* temporary_storage, size_t& storage_size,
                                 InputIterator input, OutputIterator output, const size_t size,
                                 BinaryFunction scan_op = BinaryFunction(),
                                 const hipStream_t stream = 0, bool debug_synchronous = false) {
  return hipcub::DeviceScan::InclusiveScan(temporary_storage, storage_size, input, output,
                                           scan_op, (int)size, stream, debug_synchronous);
}

template <class Config = default_config, class InputIterator, class OutputIterator,
          class InitValueType,
          class BinaryFunction = plus<typename detail::value_type_of<InputIterator>::type> >
inline hipError_t exclusive_scan(void* temporary_storage, size_t& storage_size,
                                 InputIterator input, OutputIterator output,
                                 const InitValueType initial_value, const size_t size,
                                 BinaryFunction scan_op = BinaryFunction(),
                                 const hipStream_t stream = 0, bool debug_synchronous = false) {
  return hipcub::DeviceScan::ExclusiveScan(temporary_storage, storage_size, input, output,
                                           scan_op, initial_value, (int)size, stream,
                                           debug_synchronous);
}

template <class Config = default_config, class KeysInputIterator, class ValuesInputIterator,
          class ValuesOutputIterator,
          class BinaryFunction = plus<typename detail::value_type_of<ValuesInputIterator>::type>,
          class KeyCompareFunction =
              equal_to<typename detail::value_type_of<KeysInputIterator>::type> >
inline hipError_t inclusive_scan_by_key(void* const temporary_storage, size_t& storage_size,
                                        const KeysInputIterator keys_input,
                                        const ValuesInputIterator values_input,
                                        const ValuesOutputIterator values_output,
                                        const size_t size,
                                        const BinaryFunction scan_op = BinaryFunction(),
                                        const KeyCompareFunction key_compare_op =
                                            KeyCompareFunction(),
                                        const hipStream_t stream = 0,
                                        const bool debug_synchronous = false) {
  return hipcub::DeviceScan::InclusiveScanByKey(temporary_storage, storage_size, keys_input,
                                                values_input, values_output, scan_op, (int)size,
                                                key_compare_op, stream, debug_synchronous);
}

template <class Config = default_config, class KeysInputIterator, class ValuesInputIterator,
          class ValuesOutputIterator, class InitialValueType,
          class BinaryFunction = plus<typename detail::value_type_of<ValuesInputIterator>::type>,
          class KeyCompareFunction =
              equal_to<typename detail::value_type_of<KeysInputIterator>::type> >
inline hipError_t exclusive_scan_by_key(void* const temporary_storage, size_t& storage_size,
                                        const KeysInputIterator keys_input,
                                        const ValuesInputIterator values_input,
                                        const ValuesOutputIterator values_output,
                                        const InitialValueType initial_value, const size_t size,
                                        const BinaryFunction scan_op = BinaryFunction(),
                                        const KeyCompareFunction key_compare_op =
                                            KeyCompareFunction(),
                                        const hipStream_t stream = 0,
                                        const bool debug_synchronous = false) {
  return hipcub::DeviceScan::ExclusiveScanByKey(temporary_storage, storage_size, keys_input,
                                                values_input, values_output, scan_op,
                                                initial_value, (int)size, key_compare_op, stream,
                                                debug_synchronous);
}

/* The deterministic scans combine the items in an order fixed by the size alone
 * (reduce-then-scan, `hipcub::detail::tile_scan_ordered`), so a floating-point scan gives the
 * same bits on every run; the scans above take the single pass on the GPUs, whose look-back
 * combines from whichever predecessor has published its prefix (docs/libraries.md). */
template <class Config = default_config, class InputIterator, class OutputIterator,
          class BinaryFunction = plus<typename detail::value_type_of<InputIterator>::type> >
inline hipError_t deterministic_inclusive_scan(void* temporary_storage, size_t& storage_size,
                                               InputIterator input, OutputIterator output,
                                               const size_t size,
                                               BinaryFunction scan_op = BinaryFunction(),
                                               const hipStream_t stream = 0,
                                               bool debug_synchronous = false) {
  (void)debug_synchronous;
  return hipcub::detail::inclusive_scan<true>(temporary_storage, storage_size, input, output,
                                              scan_op, (long long)size, stream);
}
template <class Config = default_config, class InputIterator, class OutputIterator,
          class InitValueType,
          class BinaryFunction = plus<typename detail::value_type_of<InputIterator>::type> >
inline hipError_t deterministic_exclusive_scan(void* temporary_storage, size_t& storage_size,
                                               InputIterator input, OutputIterator output,
                                               const InitValueType initial_value,
                                               const size_t size,
                                               BinaryFunction scan_op = BinaryFunction(),
                                               const hipStream_t stream = 0,
                                               bool debug_synchronous = false) {
  (void)debug_synchronous;
  return hipcub::detail::exclusive_scan<true>(temporary_storage, storage_size, input, output,
                                              scan_op, initial_value, (long long)size, stream);
}
template <class Config = default_config, class KeysInputIterator, class ValuesInputIterator,
          class ValuesOutputIterator,
          class BinaryFunction = plus<typename detail::value_type_of<ValuesInputIterator>::type>,
          class KeyCompareFunction =
              equal_to<typename detail::value_type_of<KeysInputIterator>::type> >
inline hipError_t deterministic_inclusive_scan_by_key(
    void* const temporary_storage, size_t& storage_size, const KeysInputIterator keys_input,
    const ValuesInputIterator values_input, const ValuesOutputIterator values_output,
    const size_t size, const BinaryFunction scan_op = BinaryFunction(),
    const KeyCompareFunction key_compare_op = KeyCompareFunction(), const hipStream_t stream = 0,
    const bool debug_synchronous = false) {
  (void)debug_synchronous;
  return hipcub::detail::inclusive_scan_by_key<true>(temporary_storage, storage_size,
                                                     keys_input, values_input, values_output,
                                                     scan_op, (long long)size, key_compare_op,
                                                     stream);
}
template <class Config = default_config, class KeysInputIterator, class ValuesInputIterator,
          class ValuesOutputIterator, class InitialValueType,
          class BinaryFunction = plus<typename detail::value_type_of<ValuesInputIterator>::type>,
          class KeyCompareFunction =
              equal_to<typename detail::value_type_of<KeysInputIterator>::type> >
inline hipError_t deterministic_exclusive_scan_by_key(
    void* const temporary_storage, size_t& storage_size, const KeysInputIterator keys_input,
    const ValuesInputIterator values_input, const ValuesOutputIterator values_output,
    const InitialValueType initial_value, const size_t size,
    const BinaryFunction scan_op = BinaryFunction(),
    const KeyCompareFunction key_compare_op = KeyCompareFunction(), const hipStream_t stream = 0,
    const bool debug_synchronous = false) {
  (void)debug_synchronous;
  return hipcub::detail::exclusive_scan_by_key<true>(
      temporary_storage, storage_size, keys_input, values_input, values_output, scan_op,
      initial_value, (long long)size, key_compare_op, stream);
}

namespace detail {
/* One block of 256 threads a segment, its tiles in order, each tile's scan carried into the
 * next; exclusive scans start each segment at the initial value. */
template <bool Exclusive, class T, class InputIterator, class OutputIterator,
          class OffsetIterator, class BinaryFunction>
__global__ void segmented_scan_kernel(InputIterator input, OutputIterator output,
                                      OffsetIterator begin_offsets, OffsetIterator end_offsets,
                                      T initial_value, BinaryFunction scan_op) {
  typedef hipcub::BlockScan<T, 256> Scan;
  __shared__ typename Scan::TempStorage storage;
  long long begin = (long long)begin_offsets[blockIdx.x];
  long long end = (long long)end_offsets[blockIdx.x];
  T carry = initial_value;
  bool carried = Exclusive;
  for (long long base = begin; base < end; base += 256) {
    long long index = base + threadIdx.x;
    bool valid = index < end;
    /* Threads past the end scan a copy of the tile's first item; no valid item sees it. */
    T value = valid ? T(input[index]) : T(input[base]);
    T result, aggregate;
    if (carried) {
      if (Exclusive) {
        Scan(storage).ExclusiveScan(value, result, carry, scan_op, aggregate);
      } else {
        Scan(storage).InclusiveScan(value, result, scan_op, aggregate);
        result = scan_op(carry, result);
      }
      carry = scan_op(carry, aggregate);
    } else {
      Scan(storage).InclusiveScan(value, result, scan_op, aggregate);
      carry = aggregate;
      carried = true;
    }
    if (valid) output[index] = result;
    __syncthreads();
  }
}

template <bool Exclusive, class T, class InputIterator, class OutputIterator,
          class OffsetIterator, class BinaryFunction>
inline hipError_t segmented_scan(void* temporary_storage, size_t& storage_size,
                                 InputIterator input, OutputIterator output,
                                 unsigned int segments, OffsetIterator begin_offsets,
                                 OffsetIterator end_offsets, T initial_value,
                                 BinaryFunction scan_op, hipStream_t stream) {
  hipError_t status;
  if (!no_storage(temporary_storage, storage_size, status)) return status;
  if (segments == 0) return hipSuccess;
  segmented_scan_kernel<Exclusive, T><<<segments, 256, 0, stream>>>(
      input, output, begin_offsets, end_offsets, initial_value, scan_op);
  return hipGetLastError();
}
}  // namespace detail

template <class Config = default_config, class InputIterator, class OutputIterator,
          class OffsetIterator,
          class BinaryFunction = plus<typename detail::value_type_of<InputIterator>::type> >
inline hipError_t segmented_inclusive_scan(void* temporary_storage, size_t& storage_size,
                                           InputIterator input, OutputIterator output,
                                           unsigned int segments, OffsetIterator begin_offsets,
                                           OffsetIterator end_offsets,
                                           BinaryFunction scan_op = BinaryFunction(),
                                           hipStream_t stream = 0,
                                           bool debug_synchronous = false) {
  (void)debug_synchronous;
  typedef typename detail::value_type_of<InputIterator>::type T;
  return detail::segmented_scan<false>(temporary_storage, storage_size, input, output, segments,
                                       begin_offsets, end_offsets, T(), scan_op, stream);
}
template <class Config = default_config, class InputIterator, class OutputIterator,
          class OffsetIterator, class InitValueType,
          class BinaryFunction = plus<typename detail::value_type_of<InputIterator>::type> >
inline hipError_t segmented_exclusive_scan(void* temporary_storage, size_t& storage_size,
                                           InputIterator input, OutputIterator output,
                                           unsigned int segments, OffsetIterator begin_offsets,
                                           OffsetIterator end_offsets,
                                           const InitValueType initial_value,
                                           BinaryFunction scan_op = BinaryFunction(),
                                           hipStream_t stream = 0,
                                           bool debug_synchronous = false) {
  (void)debug_synchronous;
  return detail::segmented_scan<true>(temporary_storage, storage_size, input, output, segments,
                                      begin_offsets, end_offsets, initial_value, scan_op, stream);
}
/* The head-flag forms: a set flag starts a segment (a scan by key over the flags). */
template <class Config = default_config, class InputIterator, class OutputIterator,
          class HeadFlagIterator,
          class BinaryFunction = plus<typename detail::value_type_of<InputIterator>::type> >
inline hipError_t segmented_inclusive_scan(void* temporary_storage, size_t& storage_size,
                                           InputIterator input, OutputIterator output,
                                           HeadFlagIterator head_flags, size_t size,
                                           BinaryFunction scan_op = BinaryFunction(),
                                           hipStream_t stream = 0,
                                           bool debug_synchronous = false) {
  return hipcub::DeviceScan::InclusiveScanByKey(temporary_storage, storage_size, head_flags,
                                                input, output, scan_op, (int)size,
                                                detail::HeadFlagEquality(), stream,
                                                debug_synchronous);
}
template <class Config = default_config, class InputIterator, class OutputIterator,
          class HeadFlagIterator, class InitValueType,
          class BinaryFunction = plus<typename detail::value_type_of<InputIterator>::type> >
inline hipError_t segmented_exclusive_scan(void* temporary_storage, size_t& storage_size,
                                           InputIterator input, OutputIterator output,
                                           HeadFlagIterator head_flags,
                                           const InitValueType initial_value, size_t size,
                                           BinaryFunction scan_op = BinaryFunction(),
                                           hipStream_t stream = 0,
                                           bool debug_synchronous = false) {
  return hipcub::DeviceScan::ExclusiveScanByKey(temporary_storage, storage_size, head_flags,
                                                input, output, scan_op, initial_value,
                                                (int)size, detail::HeadFlagEquality(), stream,
                                                debug_synchronous);
}

/* ---- device-wide: sorts ---- */

template <class Config = default_config, class Key>
inline hipError_t radix_sort_keys(void* temporary_storage, size_t& storage_size,
                                  const Key* keys_input, Key* keys_output, size_t size,
                                  unsigned int begin_bit = 0,
                                  unsigned int end_bit = 8 * sizeof(Key),
                                  hipStream_t stream = 0, bool debug_synchronous = false) {
  return hipcub::DeviceRadixSort::SortKeys(temporary_storage, storage_size, keys_input,
                                           keys_output, (int)size, (int)begin_bit, (int)end_bit,
                                           stream, debug_synchronous);
}
template <class Config = default_config, class Key>
inline hipError_t radix_sort_keys_desc(void* temporary_storage, size_t& storage_size,
                                       const Key* keys_input, Key* keys_output, size_t size,
                                       unsigned int begin_bit = 0,
                                       unsigned int end_bit = 8 * sizeof(Key),
                                       hipStream_t stream = 0, bool debug_synchronous = false) {
  return hipcub::DeviceRadixSort::SortKeysDescending(temporary_storage, storage_size,
                                                     keys_input, keys_output, (int)size,
                                                     (int)begin_bit, (int)end_bit, stream,
                                                     debug_synchronous);
}
template <class Config = default_config, class Key, class Value>
inline hipError_t radix_sort_pairs(void* temporary_storage, size_t& storage_size,
                                   const Key* keys_input, Key* keys_output,
                                   const Value* values_input, Value* values_output, size_t size,
                                   unsigned int begin_bit = 0,
                                   unsigned int end_bit = 8 * sizeof(Key),
                                   hipStream_t stream = 0, bool debug_synchronous = false) {
  return hipcub::DeviceRadixSort::SortPairs(temporary_storage, storage_size, keys_input,
                                            keys_output, values_input, values_output, (int)size,
                                            (int)begin_bit, (int)end_bit, stream,
                                            debug_synchronous);
}
template <class Config = default_config, class Key, class Value>
inline hipError_t radix_sort_pairs_desc(void* temporary_storage, size_t& storage_size,
                                        const Key* keys_input, Key* keys_output,
                                        const Value* values_input, Value* values_output,
                                        size_t size, unsigned int begin_bit = 0,
                                        unsigned int end_bit = 8 * sizeof(Key),
                                        hipStream_t stream = 0,
                                        bool debug_synchronous = false) {
  return hipcub::DeviceRadixSort::SortPairsDescending(
      temporary_storage, storage_size, keys_input, keys_output, values_input, values_output,
      (int)size, (int)begin_bit, (int)end_bit, stream, debug_synchronous);
}
/* With double buffers: the result is in keys.current() afterwards. */
template <class Config = default_config, class Key>
inline hipError_t radix_sort_keys(void* temporary_storage, size_t& storage_size,
                                  double_buffer<Key>& keys, size_t size,
                                  unsigned int begin_bit = 0,
                                  unsigned int end_bit = 8 * sizeof(Key),
                                  hipStream_t stream = 0, bool debug_synchronous = false) {
  hipcub::DoubleBuffer<Key> buffers(keys.current(), keys.alternate());
  hipError_t status = hipcub::DeviceRadixSort::SortKeys(temporary_storage, storage_size, buffers,
                                                        (int)size, (int)begin_bit, (int)end_bit,
                                                        stream, debug_synchronous);
  if (status == hipSuccess && temporary_storage != nullptr && buffers.selector != 0)
    keys.swap();
  return status;
}
template <class Config = default_config, class Key, class Value>
inline hipError_t radix_sort_pairs(void* temporary_storage, size_t& storage_size,
                                   double_buffer<Key>& keys, double_buffer<Value>& values,
                                   size_t size, unsigned int begin_bit = 0,
                                   unsigned int end_bit = 8 * sizeof(Key),
                                   hipStream_t stream = 0, bool debug_synchronous = false) {
  hipcub::DoubleBuffer<Key> key_buffers(keys.current(), keys.alternate());
  hipcub::DoubleBuffer<Value> value_buffers(values.current(), values.alternate());
  hipError_t status = hipcub::DeviceRadixSort::SortPairs(
      temporary_storage, storage_size, key_buffers, value_buffers, (int)size, (int)begin_bit,
      (int)end_bit, stream, debug_synchronous);
  if (status == hipSuccess && temporary_storage != nullptr && key_buffers.selector != 0) {
    keys.swap();
    values.swap();
  }
  return status;
}

template <class Config = default_config, class Key>
inline hipError_t radix_sort_keys_desc(void* temporary_storage, size_t& storage_size,
                                       double_buffer<Key>& keys, size_t size,
                                       unsigned int begin_bit = 0,
                                       unsigned int end_bit = 8 * sizeof(Key),
                                       hipStream_t stream = 0, bool debug_synchronous = false) {
  hipcub::DoubleBuffer<Key> buffers(keys.current(), keys.alternate());
  hipError_t status = hipcub::DeviceRadixSort::SortKeysDescending(
      temporary_storage, storage_size, buffers, (int)size, (int)begin_bit, (int)end_bit, stream,
      debug_synchronous);
  if (status == hipSuccess && temporary_storage != nullptr && buffers.selector != 0)
    keys.swap();
  return status;
}
template <class Config = default_config, class Key, class Value>
inline hipError_t radix_sort_pairs_desc(void* temporary_storage, size_t& storage_size,
                                        double_buffer<Key>& keys, double_buffer<Value>& values,
                                        size_t size, unsigned int begin_bit = 0,
                                        unsigned int end_bit = 8 * sizeof(Key),
                                        hipStream_t stream = 0,
                                        bool debug_synchronous = false) {
  hipcub::DoubleBuffer<Key> key_buffers(keys.current(), keys.alternate());
  hipcub::DoubleBuffer<Value> value_buffers(values.current(), values.alternate());
  hipError_t status = hipcub::DeviceRadixSort::SortPairsDescending(
      temporary_storage, storage_size, key_buffers, value_buffers, (int)size, (int)begin_bit,
      (int)end_bit, stream, debug_synchronous);
  if (status == hipSuccess && temporary_storage != nullptr && key_buffers.selector != 0) {
    keys.swap();
    values.swap();
  }
  return status;
}

/* Segmented: each segment [begin_offsets[i], end_offsets[i]) sorted on its own; items outside
 * every segment are left alone in the output. */
template <class Config = default_config, class Key, class OffsetIterator>
inline hipError_t segmented_radix_sort_keys(void* temporary_storage, size_t& storage_size,
                                            const Key* keys_input, Key* keys_output,
                                            unsigned int size, unsigned int segments,
                                            OffsetIterator begin_offsets,
                                            OffsetIterator end_offsets,
                                            unsigned int begin_bit = 0,
                                            unsigned int end_bit = 8 * sizeof(Key),
                                            hipStream_t stream = 0,
                                            bool debug_synchronous = false) {
  return hipcub::DeviceSegmentedRadixSort::SortKeys(
      temporary_storage, storage_size, keys_input, keys_output, (int)size, (int)segments,
      begin_offsets, end_offsets, (int)begin_bit, (int)end_bit, stream, debug_synchronous);
}
template <class Config = default_config, class Key, class OffsetIterator>
inline hipError_t segmented_radix_sort_keys_desc(void* temporary_storage, size_t& storage_size,
                                                 const Key* keys_input, Key* keys_output,
                                                 unsigned int size, unsigned int segments,
                                                 OffsetIterator begin_offsets,
                                                 OffsetIterator end_offsets,
                                                 unsigned int begin_bit = 0,
                                                 unsigned int end_bit = 8 * sizeof(Key),
                                                 hipStream_t stream = 0,
                                                 bool debug_synchronous = false) {
  return hipcub::DeviceSegmentedRadixSort::SortKeysDescending(
      temporary_storage, storage_size, keys_input, keys_output, (int)size, (int)segments,
      begin_offsets, end_offsets, (int)begin_bit, (int)end_bit, stream, debug_synchronous);
}
template <class Config = default_config, class Key, class Value, class OffsetIterator>
inline hipError_t segmented_radix_sort_pairs(void* temporary_storage, size_t& storage_size,
                                             const Key* keys_input, Key* keys_output,
                                             const Value* values_input, Value* values_output,
                                             unsigned int size, unsigned int segments,
                                             OffsetIterator begin_offsets,
                                             OffsetIterator end_offsets,
                                             unsigned int begin_bit = 0,
                                             unsigned int end_bit = 8 * sizeof(Key),
                                             hipStream_t stream = 0,
                                             bool debug_synchronous = false) {
  return hipcub::DeviceSegmentedRadixSort::SortPairs(
      temporary_storage, storage_size, keys_input, keys_output, values_input, values_output,
      (int)size, (int)segments, begin_offsets, end_offsets, (int)begin_bit, (int)end_bit, stream,
      debug_synchronous);
}
template <class Config = default_config, class Key, class Value, class OffsetIterator>
inline hipError_t segmented_radix_sort_pairs_desc(void* temporary_storage, size_t& storage_size,
                                                  const Key* keys_input, Key* keys_output,
                                                  const Value* values_input,
                                                  Value* values_output, unsigned int size,
                                                  unsigned int segments,
                                                  OffsetIterator begin_offsets,
                                                  OffsetIterator end_offsets,
                                                  unsigned int begin_bit = 0,
                                                  unsigned int end_bit = 8 * sizeof(Key),
                                                  hipStream_t stream = 0,
                                                  bool debug_synchronous = false) {
  return hipcub::DeviceSegmentedRadixSort::SortPairsDescending(
      temporary_storage, storage_size, keys_input, keys_output, values_input, values_output,
      (int)size, (int)segments, begin_offsets, end_offsets, (int)begin_bit, (int)end_bit, stream,
      debug_synchronous);
}

/* merge_sort: stable, with a "less" comparator; input and output may be the same. */
template <class Config = default_config, class KeysInputIterator, class KeysOutputIterator,
          class BinaryFunction = less<typename detail::value_type_of<KeysInputIterator>::type> >
inline hipError_t merge_sort(void* temporary_storage, size_t& storage_size,
                             KeysInputIterator keys_input, KeysOutputIterator keys_output,
                             const size_t size, BinaryFunction compare_function = BinaryFunction(),
                             const hipStream_t stream = 0, bool debug_synchronous = false) {
  return hipcub::DeviceMergeSort::SortKeysCopy(temporary_storage, storage_size, keys_input,
                                               keys_output, (long long)size, compare_function,
                                               stream, debug_synchronous);
}
template <class Config = default_config, class KeysInputIterator, class KeysOutputIterator,
          class ValuesInputIterator, class ValuesOutputIterator,
          class BinaryFunction = less<typename detail::value_type_of<KeysInputIterator>::type> >
inline hipError_t merge_sort(void* temporary_storage, size_t& storage_size,
                             KeysInputIterator keys_input, KeysOutputIterator keys_output,
                             ValuesInputIterator values_input, ValuesOutputIterator values_output,
                             const size_t size, BinaryFunction compare_function = BinaryFunction(),
                             const hipStream_t stream = 0, bool debug_synchronous = false) {
  return hipcub::DeviceMergeSort::SortPairsCopy(temporary_storage, storage_size, keys_input,
                                                values_input, keys_output, values_output,
                                                (long long)size, compare_function, stream,
                                                debug_synchronous);
}

/* nth_element and partial_sort sort everything (stably), which meets both contracts. */
template <class Config = default_config, class KeysIterator,
          class BinaryFunction = less<typename detail::value_type_of<KeysIterator>::type> >
inline hipError_t nth_element(void* temporary_storage, size_t& storage_size, KeysIterator keys,
                              size_t nth, size_t size,
                              BinaryFunction compare_function = BinaryFunction(),
                              hipStream_t stream = 0, bool debug_synchronous = false) {
  (void)nth;
  return hipcub::DeviceMergeSort::SortKeys(temporary_storage, storage_size, keys,
                                           (long long)size, compare_function, stream,
                                           debug_synchronous);
}
template <class Config = default_config, class KeysIterator,
          class BinaryFunction = less<typename detail::value_type_of<KeysIterator>::type> >
inline hipError_t partial_sort(void* temporary_storage, size_t& storage_size, KeysIterator keys,
                               size_t middle, size_t size,
                               BinaryFunction compare_function = BinaryFunction(),
                               hipStream_t stream = 0, bool debug_synchronous = false) {
  (void)middle;
  return hipcub::DeviceMergeSort::SortKeys(temporary_storage, storage_size, keys,
                                           (long long)size, compare_function, stream,
                                           debug_synchronous);
}

/* All `size` items in order in `keys_output` (a whole stable sort), which meets the contract:
 * its first `middle` are the smallest, in order. */
template <class Config = default_config, class KeysInputIterator, class KeysOutputIterator,
          class BinaryFunction = less<typename detail::value_type_of<KeysInputIterator>::type> >
inline hipError_t partial_sort_copy(void* temporary_storage, size_t& storage_size,
                                    KeysInputIterator keys_input, KeysOutputIterator keys_output,
                                    size_t middle, size_t size,
                                    BinaryFunction compare_function = BinaryFunction(),
                                    hipStream_t stream = 0, bool debug_synchronous = false) {
  (void)middle;
  return hipcub::DeviceMergeSort::SortKeysCopy(temporary_storage, storage_size, keys_input,
                                               keys_output, (long long)size, compare_function,
                                               stream, debug_synchronous);
}

/* ---- device-wide: merge, transform, searches (one grid-stride launch, DeviceFor) ---- */

namespace detail {
/* The first position in [0, count) whose item does not order before `value`. */
template <class Iterator, class T, class Compare>
static __device__ __forceinline__ long long lower_bound_index(Iterator first, long long count,
                                                              const T& value,
                                                              Compare compare) {
  long long low = 0, high = count;
  while (low < high) {
    long long middle = low + (high - low) / 2;
    if (compare(first[middle], value))
      low = middle + 1;
    else
      high = middle;
  }
  return low;
}
/* The first position in [0, count) whose item orders after `value`. */
template <class Iterator, class T, class Compare>
static __device__ __forceinline__ long long upper_bound_index(Iterator first, long long count,
                                                              const T& value,
                                                              Compare compare) {
  long long low = 0, high = count;
  while (low < high) {
    long long middle = low + (high - low) / 2;
    if (compare(value, first[middle]))
      high = middle;
    else
      low = middle + 1;
  }
  return low;
}

template <class Source, class Destination>
static __device__ __forceinline__ void move_value(Source, long long, Destination, long long,
                                                  std::false_type) {}
template <class Source, class Destination>
static __device__ __forceinline__ void move_value(Source source, long long from,
                                                  Destination destination, long long to,
                                                  std::true_type) {
  destination[to] = source[from];
}

/* Output position k of a merge: an item of the first input goes before the second input's
 * equal items (so the merge is stable), found by a binary search in the other input. */
template <bool Pairs, class Keys1, class Keys2, class KeysOut, class Values1, class Values2,
          class ValuesOut, class Compare>
struct MergeBody {
  Keys1 keys1;
  Keys2 keys2;
  KeysOut keys_out;
  Values1 values1;
  Values2 values2;
  ValuesOut values_out;
  long long size1, size2;
  Compare compare;
  __device__ __forceinline__ void operator()(long long index) const {
    std::integral_constant<bool, Pairs> pairs;
    if (index < size1) {
      typename value_type_of<Keys1>::type key = keys1[index];
      long long at = index + lower_bound_index(keys2, size2, key, compare);
      keys_out[at] = key;
      move_value(values1, index, values_out, at, pairs);
    } else {
      long long item = index - size1;
      typename value_type_of<Keys2>::type key = keys2[item];
      long long at = item + upper_bound_index(keys1, size1, key, compare);
      keys_out[at] = key;
      move_value(values2, item, values_out, at, pairs);
    }
  }
};

template <class InputIterator, class OutputIterator, class UnaryFunction>
struct TransformBody {
  InputIterator input;
  OutputIterator output;
  UnaryFunction op;
  __device__ __forceinline__ void operator()(long long index) const {
    output[index] = op(input[index]);
  }
};
template <class InputIterator1, class InputIterator2, class OutputIterator,
          class BinaryFunction>
struct TransformBody2 {
  InputIterator1 input1;
  InputIterator2 input2;
  OutputIterator output;
  BinaryFunction op;
  __device__ __forceinline__ void operator()(long long index) const {
    output[index] = op(input1[index], input2[index]);
  }
};

enum SearchKind { search_lower, search_upper, search_found };
template <SearchKind Kind, class Haystack, class Needles, class OutputIterator, class Compare>
struct SearchBody {
  Haystack haystack;
  Needles needles;
  OutputIterator output;
  long long haystack_size;
  Compare compare;
  __device__ __forceinline__ void operator()(long long index) const {
    typename value_type_of<Needles>::type needle = needles[index];
    if (Kind == search_upper) {
      output[index] = upper_bound_index(haystack, haystack_size, needle, compare);
    } else {
      long long at = lower_bound_index(haystack, haystack_size, needle, compare);
      if (Kind == search_lower)
        output[index] = at;
      else
        output[index] = at < haystack_size && !compare(needle, haystack[at]);
    }
  }
};

template <class Body>
inline hipError_t run_each(void* temporary_storage, size_t& storage_size, Body body,
                           long long count, hipStream_t stream) {
  hipError_t status;
  if (!no_storage(temporary_storage, storage_size, status)) return status;
  return hipcub::DeviceFor::Bulk(count, body, stream);
}
}  // namespace detail

template <class Config = default_config, class InputIterator1, class InputIterator2,
          class OutputIterator,
          class BinaryFunction = less<typename detail::value_type_of<InputIterator1>::type> >
inline hipError_t merge(void* temporary_storage, size_t& storage_size, InputIterator1 input1,
                        InputIterator2 input2, OutputIterator output, const size_t input1_size,
                        const size_t input2_size,
                        BinaryFunction compare_function = BinaryFunction(),
                        const hipStream_t stream = 0, bool debug_synchronous = false) {
  (void)debug_synchronous;
  detail::MergeBody<false, InputIterator1, InputIterator2, OutputIterator, empty_type*,
                    empty_type*, empty_type*, BinaryFunction>
      body = {input1,  input2,      output, nullptr, nullptr, nullptr, (long long)input1_size,
              (long long)input2_size, compare_function};
  return detail::run_each(temporary_storage, storage_size, body,
                          (long long)(input1_size + input2_size), stream);
}
template <class Config = default_config, class KeysInputIterator1, class KeysInputIterator2,
          class KeysOutputIterator, class ValuesInputIterator1, class ValuesInputIterator2,
          class ValuesOutputIterator,
          class BinaryFunction = less<typename detail::value_type_of<KeysInputIterator1>::type> >
inline hipError_t merge(void* temporary_storage, size_t& storage_size,
                        KeysInputIterator1 keys_input1, KeysInputIterator2 keys_input2,
                        KeysOutputIterator keys_output, ValuesInputIterator1 values_input1,
                        ValuesInputIterator2 values_input2, ValuesOutputIterator values_output,
                        const size_t input1_size, const size_t input2_size,
                        BinaryFunction compare_function = BinaryFunction(),
                        const hipStream_t stream = 0, bool debug_synchronous = false) {
  (void)debug_synchronous;
  detail::MergeBody<true, KeysInputIterator1, KeysInputIterator2, KeysOutputIterator,
                    ValuesInputIterator1, ValuesInputIterator2, ValuesOutputIterator,
                    BinaryFunction>
      body = {keys_input1,   keys_input2,   keys_output,
              values_input1, values_input2, values_output,
              (long long)input1_size,       (long long)input2_size,
              compare_function};
  return detail::run_each(temporary_storage, storage_size, body,
                          (long long)(input1_size + input2_size), stream);
}

/* transform takes no temporary storage (rocPRIM's form). */
template <class Config = default_config, class InputIterator, class OutputIterator,
          class UnaryFunction>
inline hipError_t transform(InputIterator input, OutputIterator output, const size_t size,
                            UnaryFunction transform_op, const hipStream_t stream = 0,
                            bool debug_synchronous = false) {
  (void)debug_synchronous;
  detail::TransformBody<InputIterator, OutputIterator, UnaryFunction> body = {input, output,
                                                                              transform_op};
  return hipcub::DeviceFor::Bulk((long long)size, body, stream);
}
template <class Config = default_config, class InputIterator1, class InputIterator2,
          class OutputIterator, class BinaryFunction>
inline hipError_t transform(InputIterator1 input1, InputIterator2 input2, OutputIterator output,
                            const size_t size, BinaryFunction transform_op,
                            const hipStream_t stream = 0, bool debug_synchronous = false) {
  (void)debug_synchronous;
  detail::TransformBody2<InputIterator1, InputIterator2, OutputIterator, BinaryFunction> body = {
      input1, input2, output, transform_op};
  return hipcub::DeviceFor::Bulk((long long)size, body, stream);
}

/* For each needle: the first haystack position not before it (lower_bound), the first after
 * it (upper_bound), or whether the haystack holds it (binary_search); the haystack is sorted
 * by compare_op. */
template <class Config = default_config, class HaystackIterator, class NeedlesIterator,
          class OutputIterator, class CompareFunction = less<> >
inline hipError_t lower_bound(void* temporary_storage, size_t& storage_size,
                              HaystackIterator haystack, NeedlesIterator needles,
                              OutputIterator output, size_t haystack_size, size_t needles_size,
                              CompareFunction compare_op = CompareFunction(),
                              hipStream_t stream = 0, bool debug_synchronous = false) {
  (void)debug_synchronous;
  detail::SearchBody<detail::search_lower, HaystackIterator, NeedlesIterator, OutputIterator,
                     CompareFunction>
      body = {haystack, needles, output, (long long)haystack_size, compare_op};
  return detail::run_each(temporary_storage, storage_size, body, (long long)needles_size, stream);
}
template <class Config = default_config, class HaystackIterator, class NeedlesIterator,
          class OutputIterator, class CompareFunction = less<> >
inline hipError_t upper_bound(void* temporary_storage, size_t& storage_size,
                              HaystackIterator haystack, NeedlesIterator needles,
                              OutputIterator output, size_t haystack_size, size_t needles_size,
                              CompareFunction compare_op = CompareFunction(),
                              hipStream_t stream = 0, bool debug_synchronous = false) {
  (void)debug_synchronous;
  detail::SearchBody<detail::search_upper, HaystackIterator, NeedlesIterator, OutputIterator,
                     CompareFunction>
      body = {haystack, needles, output, (long long)haystack_size, compare_op};
  return detail::run_each(temporary_storage, storage_size, body, (long long)needles_size, stream);
}
template <class Config = default_config, class HaystackIterator, class NeedlesIterator,
          class OutputIterator, class CompareFunction = less<> >
inline hipError_t binary_search(void* temporary_storage, size_t& storage_size,
                                HaystackIterator haystack, NeedlesIterator needles,
                                OutputIterator output, size_t haystack_size, size_t needles_size,
                                CompareFunction compare_op = CompareFunction(),
                                hipStream_t stream = 0, bool debug_synchronous = false) {
  (void)debug_synchronous;
  detail::SearchBody<detail::search_found, HaystackIterator, NeedlesIterator, OutputIterator,
                     CompareFunction>
      body = {haystack, needles, output, (long long)haystack_size, compare_op};
  return detail::run_each(temporary_storage, storage_size, body, (long long)needles_size, stream);
}

/* adjacent_difference: output[0] = input[0], output[i] = op(input[i], input[i - 1]); the
 * _right forms: output[i] = op(input[i], input[i + 1]), the last item copied. The _inplace
 * forms write over the input (or to an output that may alias it). */
template <class Config = default_config, class InputIt, class OutputIt,
          class BinaryFunction = minus<typename detail::value_type_of<InputIt>::type> >
inline hipError_t adjacent_difference(void* const temporary_storage, std::size_t& storage_size,
                                      const InputIt input, const OutputIt output,
                                      const std::size_t size,
                                      const BinaryFunction op = BinaryFunction{},
                                      const hipStream_t stream = 0,
                                      const bool debug_synchronous = false) {
  return hipcub::DeviceAdjacentDifference::SubtractLeftCopy(temporary_storage, storage_size,
                                                            input, output, (long long)size, op,
                                                            stream, debug_synchronous);
}
template <class Config = default_config, class InputIt,
          class BinaryFunction = minus<typename detail::value_type_of<InputIt>::type> >
inline hipError_t adjacent_difference_inplace(void* const temporary_storage,
                                              std::size_t& storage_size, const InputIt values,
                                              const std::size_t size,
                                              const BinaryFunction op = BinaryFunction{},
                                              const hipStream_t stream = 0,
                                              const bool debug_synchronous = false) {
  return hipcub::DeviceAdjacentDifference::SubtractLeft(temporary_storage, storage_size, values,
                                                        (long long)size, op, stream,
                                                        debug_synchronous);
}
template <class Config = default_config, class InputIt, class OutputIt,
          class BinaryFunction = minus<typename detail::value_type_of<InputIt>::type> >
inline hipError_t adjacent_difference_right(void* const temporary_storage,
                                            std::size_t& storage_size, const InputIt input,
                                            const OutputIt output, const std::size_t size,
                                            const BinaryFunction op = BinaryFunction{},
                                            const hipStream_t stream = 0,
                                            const bool debug_synchronous = false) {
  return hipcub::DeviceAdjacentDifference::SubtractRightCopy(temporary_storage, storage_size,
                                                             input, output, (long long)size, op,
                                                             stream, debug_synchronous);
}
template <class Config = default_config, class InputIt,
          class BinaryFunction = minus<typename detail::value_type_of<InputIt>::type> >
inline hipError_t adjacent_difference_right_inplace(void* const temporary_storage,
                                                    std::size_t& storage_size,
                                                    const InputIt values, const std::size_t size,
                                                    const BinaryFunction op = BinaryFunction{},
                                                    const hipStream_t stream = 0,
                                                    const bool debug_synchronous = false) {
  return hipcub::DeviceAdjacentDifference::SubtractRight(temporary_storage, storage_size, values,
                                                         (long long)size, op, stream,
                                                         debug_synchronous);
}

/* The aliased in-place forms: the results go to `output`, which may be `input` or overlap it
 * (each item's neighbour is read from a copy of the input in the temporary storage). */
template <class Config = default_config, class InputIt, class OutputIt,
          class BinaryFunction = minus<typename detail::value_type_of<InputIt>::type> >
inline typename std::enable_if<!std::is_integral<OutputIt>::value, hipError_t>::type
adjacent_difference_inplace(void* const temporary_storage, std::size_t& storage_size,
                            const InputIt input, const OutputIt output, const std::size_t size,
                            const BinaryFunction op = BinaryFunction{},
                            const hipStream_t stream = 0, const bool debug_synchronous = false) {
  (void)debug_synchronous;
  return hipcub::detail::adjacent_difference_in_place<true>(temporary_storage, storage_size,
                                                            input, output, (long long)size, op,
                                                            stream);
}
template <class Config = default_config, class InputIt, class OutputIt,
          class BinaryFunction = minus<typename detail::value_type_of<InputIt>::type> >
inline typename std::enable_if<!std::is_integral<OutputIt>::value, hipError_t>::type
adjacent_difference_right_inplace(void* const temporary_storage, std::size_t& storage_size,
                                  const InputIt input, const OutputIt output,
                                  const std::size_t size,
                                  const BinaryFunction op = BinaryFunction{},
                                  const hipStream_t stream = 0,
                                  const bool debug_synchronous = false) {
  (void)debug_synchronous;
  return hipcub::detail::adjacent_difference_in_place<false>(temporary_storage, storage_size,
                                                             input, output, (long long)size, op,
                                                             stream);
}

/* ---- device-wide: selection, partition, run-length encoding, histograms ---- */

namespace detail {
template <bool Partition, class InputIterator, class Predicate, class OutputIterator,
          class CountIterator>
inline hipError_t select_items(void* temporary_storage, size_t& storage_size,
                               InputIterator input, Predicate predicate, OutputIterator output,
                               CountIterator count_output, size_t size, hipStream_t stream) {
  hipcub::detail::SelectEmit<InputIterator, OutputIterator, CountIterator, Partition> emit = {
      input, output, count_output, (long long)size};
  return hipcub::detail::select_run(temporary_storage, storage_size, (int)size, predicate, emit,
                                    count_output, stream);
}
}  // namespace detail

/* select: the items whose flag is set, or that the predicate takes, in input order; the
 * predicated-flags form takes the items whose flag the predicate takes. */
template <class Config = default_config, class InputIterator, class FlagIterator,
          class OutputIterator, class SelectedCountOutputIterator>
inline hipError_t select(void* temporary_storage, size_t& storage_size, InputIterator input,
                         FlagIterator flags, OutputIterator output,
                         SelectedCountOutputIterator selected_count_output, const size_t size,
                         const hipStream_t stream = 0, const bool debug_synchronous = false) {
  (void)debug_synchronous;
  hipcub::detail::FlaggedPredicate<FlagIterator> predicate = {flags};
  return detail::select_items<false>(temporary_storage, storage_size, input, predicate, output,
                                     selected_count_output, size, stream);
}
template <class Config = default_config, class InputIterator, class OutputIterator,
          class SelectedCountOutputIterator, class UnaryPredicate>
inline hipError_t select(void* temporary_storage, size_t& storage_size, InputIterator input,
                         OutputIterator output,
                         SelectedCountOutputIterator selected_count_output, const size_t size,
                         UnaryPredicate predicate, const hipStream_t stream = 0,
                         const bool debug_synchronous = false) {
  (void)debug_synchronous;
  hipcub::detail::IfPredicate<InputIterator, UnaryPredicate> select_op = {input, predicate};
  return detail::select_items<false>(temporary_storage, storage_size, input, select_op, output,
                                     selected_count_output, size, stream);
}
template <class Config = default_config, class InputIterator, class FlagIterator,
          class OutputIterator, class SelectedCountOutputIterator, class UnaryPredicate>
inline hipError_t select(void* temporary_storage, size_t& storage_size, InputIterator input,
                         FlagIterator flags, OutputIterator output,
                         SelectedCountOutputIterator selected_count_output, const size_t size,
                         UnaryPredicate predicate, const hipStream_t stream = 0,
                         const bool debug_synchronous = false) {
  (void)debug_synchronous;
  hipcub::detail::IfPredicate<FlagIterator, UnaryPredicate> select_op = {flags, predicate};
  return detail::select_items<false>(temporary_storage, storage_size, input, select_op, output,
                                     selected_count_output, size, stream);
}

/* unique: the first item of each run of items equal by equality_op. */
template <class Config = default_config, class InputIterator, class OutputIterator,
          class UniqueCountOutputIterator,
          class EqualityOp = equal_to<typename detail::value_type_of<InputIterator>::type> >
inline hipError_t unique(void* temporary_storage, size_t& storage_size, InputIterator input,
                         OutputIterator output, UniqueCountOutputIterator unique_count_output,
                         const size_t size, EqualityOp equality_op = EqualityOp(),
                         const hipStream_t stream = 0, const bool debug_synchronous = false) {
  (void)debug_synchronous;
  hipcub::detail::UniquePredicate<InputIterator, EqualityOp> predicate = {input, equality_op};
  return detail::select_items<false>(temporary_storage, storage_size, input, predicate, output,
                                     unique_count_output, size, stream);
}
template <class Config = default_config, class KeyIterator, class ValueIterator,
          class OutputKeyIterator, class OutputValueIterator, class UniqueCountOutputIterator,
          class EqualityOp = equal_to<typename detail::value_type_of<KeyIterator>::type> >
inline hipError_t unique_by_key(void* temporary_storage, size_t& storage_size,
                                const KeyIterator keys_input, const ValueIterator values_input,
                                const OutputKeyIterator keys_output,
                                const OutputValueIterator values_output,
                                const UniqueCountOutputIterator unique_count_output,
                                const size_t size, const EqualityOp equality_op = EqualityOp(),
                                const hipStream_t stream = 0,
                                const bool debug_synchronous = false) {
  (void)debug_synchronous;
  hipcub::detail::UniquePredicate<KeyIterator, EqualityOp> predicate = {keys_input,
                                                                        equality_op};
  hipcub::detail::UniqueByKeyEmit<KeyIterator, ValueIterator, OutputKeyIterator,
                                  OutputValueIterator, UniqueCountOutputIterator>
      emit = {keys_input, values_input, keys_output, values_output, unique_count_output};
  return hipcub::detail::select_run(temporary_storage, storage_size, (int)size, predicate, emit,
                                    unique_count_output, stream);
}

/* partition: the selected items in input order, then the others in reverse order. */
template <class Config = default_config, class InputIterator, class FlagIterator,
          class OutputIterator, class SelectedCountOutputIterator>
inline hipError_t partition(void* temporary_storage, size_t& storage_size, InputIterator input,
                            FlagIterator flags, OutputIterator output,
                            SelectedCountOutputIterator selected_count_output, const size_t size,
                            const hipStream_t stream = 0, const bool debug_synchronous = false) {
  (void)debug_synchronous;
  hipcub::detail::FlaggedPredicate<FlagIterator> predicate = {flags};
  return detail::select_items<true>(temporary_storage, storage_size, input, predicate, output,
                                    selected_count_output, size, stream);
}
template <class Config = default_config, class InputIterator, class OutputIterator,
          class SelectedCountOutputIterator, class UnaryPredicate>
inline hipError_t partition(void* temporary_storage, size_t& storage_size, InputIterator input,
                            OutputIterator output,
                            SelectedCountOutputIterator selected_count_output, const size_t size,
                            UnaryPredicate predicate, const hipStream_t stream = 0,
                            const bool debug_synchronous = false) {
  (void)debug_synchronous;
  hipcub::detail::IfPredicate<InputIterator, UnaryPredicate> select_op = {input, predicate};
  return detail::select_items<true>(temporary_storage, storage_size, input, select_op, output,
                                    selected_count_output, size, stream);
}
template <class Config = default_config, class InputIterator, class FirstOutputIterator,
          class SecondOutputIterator, class UnselectedOutputIterator,
          class SelectedCountOutputIterator, class FirstUnaryPredicate,
          class SecondUnaryPredicate>
inline hipError_t partition_three_way(void* temporary_storage, size_t& storage_size,
                                      InputIterator input, FirstOutputIterator output_first_part,
                                      SecondOutputIterator output_second_part,
                                      UnselectedOutputIterator output_unselected,
                                      SelectedCountOutputIterator selected_count_output,
                                      const size_t size,
                                      FirstUnaryPredicate select_first_part_op,
                                      SecondUnaryPredicate select_second_part_op,
                                      const hipStream_t stream = 0,
                                      const bool debug_synchronous = false) {
  return hipcub::DevicePartition::If(temporary_storage, storage_size, input, output_first_part,
                                     output_second_part, output_unselected,
                                     selected_count_output, (int)size, select_first_part_op,
                                     select_second_part_op, stream, debug_synchronous);
}

template <class Config = default_config, class InputIterator, class UniqueOutputIterator,
          class CountsOutputIterator, class RunsCountOutputIterator>
inline hipError_t run_length_encode(void* temporary_storage, size_t& storage_size,
                                    InputIterator input, unsigned int size,
                                    UniqueOutputIterator unique_output,
                                    CountsOutputIterator counts_output,
                                    RunsCountOutputIterator runs_count_output,
                                    hipStream_t stream = 0, bool debug_synchronous = false) {
  return hipcub::DeviceRunLengthEncode::Encode(temporary_storage, storage_size, input,
                                               unique_output, counts_output, runs_count_output,
                                               (int)size, stream, debug_synchronous);
}
/* The runs of more than one item: their offsets and lengths. */
template <class Config = default_config, class InputIterator, class OffsetsOutputIterator,
          class CountsOutputIterator, class RunsCountOutputIterator>
inline hipError_t run_length_encode_non_trivial_runs(
    void* temporary_storage, size_t& storage_size, InputIterator input, unsigned int size,
    OffsetsOutputIterator offsets_output, CountsOutputIterator counts_output,
    RunsCountOutputIterator runs_count_output, hipStream_t stream = 0,
    bool debug_synchronous = false) {
  return hipcub::DeviceRunLengthEncode::NonTrivialRuns(
      temporary_storage, storage_size, input, offsets_output, counts_output, runs_count_output,
      (int)size, stream, debug_synchronous);
}

/* Histograms: `levels` is the number of bin boundaries (bins + 1), as in hipCUB. The
 * histogram is zeroed first. The row forms read `rows` rows of `columns` samples (pixels),
 * `row_stride_bytes` apart. */
template <class Config = default_config, class SampleIterator, class Counter, class Level>
inline hipError_t histogram_even(void* temporary_storage, size_t& storage_size,
                                 SampleIterator samples, unsigned int size, Counter* histogram,
                                 unsigned int levels, Level lower_level, Level upper_level,
                                 hipStream_t stream = 0, bool debug_synchronous = false) {
  return hipcub::DeviceHistogram::HistogramEven(temporary_storage, storage_size, samples,
                                                histogram, (int)levels, lower_level, upper_level,
                                                (long long)size, stream, debug_synchronous);
}
template <class Config = default_config, class SampleIterator, class Counter, class Level>
inline hipError_t histogram_even(void* temporary_storage, size_t& storage_size,
                                 SampleIterator samples, unsigned int columns, unsigned int rows,
                                 size_t row_stride_bytes, Counter* histogram,
                                 unsigned int levels, Level lower_level, Level upper_level,
                                 hipStream_t stream = 0, bool debug_synchronous = false) {
  return hipcub::DeviceHistogram::HistogramEven(
      temporary_storage, storage_size, samples, histogram, (int)levels, lower_level, upper_level,
      (long long)columns, (long long)rows, row_stride_bytes, stream, debug_synchronous);
}
template <class Config = default_config, class SampleIterator, class Counter, class Level>
inline hipError_t histogram_range(void* temporary_storage, size_t& storage_size,
                                  SampleIterator samples, unsigned int size, Counter* histogram,
                                  unsigned int levels, Level* level_values,
                                  hipStream_t stream = 0, bool debug_synchronous = false) {
  return hipcub::DeviceHistogram::HistogramRange(
      temporary_storage, storage_size, samples, histogram, (int)levels,
      (const Level*)level_values, (long long)size, stream, debug_synchronous);
}
template <class Config = default_config, class SampleIterator, class Counter, class Level>
inline hipError_t histogram_range(void* temporary_storage, size_t& storage_size,
                                  SampleIterator samples, unsigned int columns, unsigned int rows,
                                  size_t row_stride_bytes, Counter* histogram,
                                  unsigned int levels, Level* level_values,
                                  hipStream_t stream = 0, bool debug_synchronous = false) {
  return hipcub::DeviceHistogram::HistogramRange(
      temporary_storage, storage_size, samples, histogram, (int)levels,
      (const Level*)level_values, (long long)columns, (long long)rows, row_stride_bytes, stream,
      debug_synchronous);
}

/* Channels interleaved samples a pixel, the first ActiveChannels counted. */
template <unsigned int Channels, unsigned int ActiveChannels, class Config = default_config,
          class SampleIterator, class Counter, class Level>
inline hipError_t multi_histogram_even(void* temporary_storage, size_t& storage_size,
                                       SampleIterator samples, unsigned int columns,
                                       unsigned int rows, size_t row_stride_bytes,
                                       Counter* histogram[ActiveChannels],
                                       unsigned int levels[ActiveChannels],
                                       Level lower_level[ActiveChannels],
                                       Level upper_level[ActiveChannels],
                                       hipStream_t stream = 0, bool debug_synchronous = false) {
  int levels_int[ActiveChannels];
  for (unsigned int channel = 0; channel < ActiveChannels; ++channel)
    levels_int[channel] = (int)levels[channel];
  return hipcub::DeviceHistogram::MultiHistogramEven<(int)Channels, (int)ActiveChannels>(
      temporary_storage, storage_size, samples, histogram, levels_int, lower_level, upper_level,
      (long long)columns, (long long)rows, row_stride_bytes, stream, debug_synchronous);
}
template <unsigned int Channels, unsigned int ActiveChannels, class Config = default_config,
          class SampleIterator, class Counter, class Level>
inline hipError_t multi_histogram_even(void* temporary_storage, size_t& storage_size,
                                       SampleIterator samples, unsigned int size,
                                       Counter* histogram[ActiveChannels],
                                       unsigned int levels[ActiveChannels],
                                       Level lower_level[ActiveChannels],
                                       Level upper_level[ActiveChannels],
                                       hipStream_t stream = 0, bool debug_synchronous = false) {
  typedef typename detail::value_type_of<SampleIterator>::type Sample;
  return multi_histogram_even<Channels, ActiveChannels, Config>(
      temporary_storage, storage_size, samples, size, 1u,
      (size_t)size * Channels * sizeof(Sample), histogram, levels, lower_level, upper_level,
      stream, debug_synchronous);
}
template <unsigned int Channels, unsigned int ActiveChannels, class Config = default_config,
          class SampleIterator, class Counter, class Level>
inline hipError_t multi_histogram_range(void* temporary_storage, size_t& storage_size,
                                        SampleIterator samples, unsigned int columns,
                                        unsigned int rows, size_t row_stride_bytes,
                                        Counter* histogram[ActiveChannels],
                                        unsigned int levels[ActiveChannels],
                                        Level* level_values[ActiveChannels],
                                        hipStream_t stream = 0, bool debug_synchronous = false) {
  int levels_int[ActiveChannels];
  const Level* level_pointers[ActiveChannels];
  for (unsigned int channel = 0; channel < ActiveChannels; ++channel) {
    levels_int[channel] = (int)levels[channel];
    level_pointers[channel] = level_values[channel];
  }
  return hipcub::DeviceHistogram::MultiHistogramRange<(int)Channels, (int)ActiveChannels>(
      temporary_storage, storage_size, samples, histogram, levels_int, level_pointers,
      (long long)columns, (long long)rows, row_stride_bytes, stream, debug_synchronous);
}
template <unsigned int Channels, unsigned int ActiveChannels, class Config = default_config,
          class SampleIterator, class Counter, class Level>
inline hipError_t multi_histogram_range(void* temporary_storage, size_t& storage_size,
                                        SampleIterator samples, unsigned int size,
                                        Counter* histogram[ActiveChannels],
                                        unsigned int levels[ActiveChannels],
                                        Level* level_values[ActiveChannels],
                                        hipStream_t stream = 0, bool debug_synchronous = false) {
  typedef typename detail::value_type_of<SampleIterator>::type Sample;
  return multi_histogram_range<Channels, ActiveChannels, Config>(
      temporary_storage, storage_size, samples, size, 1u,
      (size_t)size * Channels * sizeof(Sample), histogram, levels, level_values, stream,
      debug_synchronous);
}

/* ---- device-wide: batched copies and searches ---- */

/* Buffer i of sizes[i] bytes from sources[i] to destinations[i] (DeviceMemcpy::Batched). */
template <class Config = default_config, class InputBufferItType, class OutputBufferItType,
          class BufferSizeItType>
inline hipError_t batch_memcpy(void* temporary_storage, size_t& storage_size,
                               InputBufferItType sources, OutputBufferItType destinations,
                               BufferSizeItType sizes, uint32_t num_copies,
                               hipStream_t stream = 0, bool debug_synchronous = false) {
  return hipcub::DeviceMemcpy::Batched(temporary_storage, storage_size, sources, destinations,
                                       sizes, (long long)num_copies, stream, debug_synchronous);
}
/* Range i of sizes[i] items from sources[i] to destinations[i] (DeviceCopy::Batched). */
template <class Config = default_config, class InputBufferItType, class OutputBufferItType,
          class BufferSizeItType>
inline hipError_t batch_copy(void* temporary_storage, size_t& storage_size,
                             InputBufferItType sources, OutputBufferItType destinations,
                             BufferSizeItType sizes, uint32_t num_copies, hipStream_t stream = 0,
                             bool debug_synchronous = false) {
  return hipcub::DeviceCopy::Batched(temporary_storage, storage_size, sources, destinations,
                                     sizes, (long long)num_copies, stream, debug_synchronous);
}

namespace detail {
/* The searches: each index that matches lowers one 64-bit minimum in the temporary storage
 * with an atomic (so any order of blocks gives the first match), which starts as the input's
 * size ("not found") and is then written to the output; three grid-stride launches. An index
 * past the minimum seen so far is not tested. */
struct SetFound {
  unsigned long long* found;
  unsigned long long value;
  __device__ __forceinline__ void operator()(long long) const { *found = value; }
};
template <class OutputIterator>
struct WriteFound {
  OutputIterator output;
  const unsigned long long* found;
  __device__ __forceinline__ void operator()(long long) const { *output = *found; }
};
static __device__ __forceinline__ bool already_found(unsigned long long* found, long long index) {
  return *(volatile unsigned long long*)found < (unsigned long long)index;
}

template <class InputIterator, class BinaryPred>
struct AdjacentFindBody {
  InputIterator input;
  BinaryPred op;
  unsigned long long* found;
  __device__ __forceinline__ void operator()(long long index) const {
    if (already_found(found, index)) return;
    if (op(input[index], input[index + 1])) atomicMin(found, (unsigned long long)index);
  }
};
template <class InputIterator1, class InputIterator2, class BinaryFunction>
struct FindFirstOfBody {
  InputIterator1 input;
  InputIterator2 keys;
  long long keys_size;
  BinaryFunction compare;
  unsigned long long* found;
  __device__ __forceinline__ void operator()(long long index) const {
    if (already_found(found, index)) return;
    typename value_type_of<InputIterator1>::type item = input[index];
    for (long long k = 0; k < keys_size; ++k)
      if (compare(item, keys[k])) {
        atomicMin(found, (unsigned long long)index);
        return;
      }
  }
};
/* A match of count items starts where a run of items equal to the value starts, so only the
 * runs' first items look ahead, each over its own run: O(size) tests in all. */
template <class InputIterator, class T, class BinaryPredicate>
struct SearchNBody {
  InputIterator input;
  const T* value;
  long long size;
  long long count;
  BinaryPredicate predicate;
  unsigned long long* found;
  __device__ __forceinline__ void operator()(long long index) const {
    if (index + count > size || already_found(found, index)) return;
    const T wanted = *value;
    if (!predicate(input[index], wanted)) return;
    if (index > 0 && predicate(input[index - 1], wanted)) return;
    for (long long k = 1; k < count; ++k)
      if (!predicate(input[index + k], wanted)) return;
    atomicMin(found, (unsigned long long)index);
  }
};

/* search and find_end: candidate i matches where keys_size items from i each compare true
 * with the key at their place. find_end wants the last match, so its candidates are numbered
 * from the last (`last - i`) and the same minimum finds it. */
template <bool Last, class InputIterator1, class InputIterator2, class BinaryFunction>
struct SubsequenceBody {
  InputIterator1 input;
  InputIterator2 keys;
  long long keys_size;
  long long last; /* the last candidate: size - keys_size */
  BinaryFunction compare;
  unsigned long long* found;
  __device__ __forceinline__ void operator()(long long candidate) const {
    if (already_found(found, candidate)) return;
    long long index = Last ? last - candidate : candidate;
    for (long long k = 0; k < keys_size; ++k)
      if (!compare(input[index + k], keys[k])) return;
    atomicMin(found, (unsigned long long)candidate);
  }
};
/* find_end's result: a found candidate number back to its index, or `size` when none. */
template <class OutputIterator>
struct FromLast {
  OutputIterator output;
  unsigned long long last;
  unsigned long long size;
  template <class T>
  __device__ __forceinline__ void operator=(T candidate) const {
    *output = (unsigned long long)candidate >= size ? size : last - (unsigned long long)candidate;
  }
  __device__ __forceinline__ const FromLast& operator*() const { return *this; }
};

template <class Body, class OutputIterator>
inline hipError_t run_find(void* temporary_storage, size_t& storage_size, Body body,
                           long long candidates, unsigned long long not_found,
                           OutputIterator output, hipStream_t stream, bool debug_synchronous) {
  hipError_t status;
  if (!hipcub::detail::temp_storage_check(temporary_storage, storage_size,
                                          sizeof(unsigned long long), status))
    return status;
  unsigned long long* found = (unsigned long long*)temporary_storage;
  body.found = found;
  SetFound set = {found, not_found};
  status = hipcub::DeviceFor::Bulk(1, set, stream);
  if (status == hipSuccess && candidates > 0)
    status = hipcub::DeviceFor::Bulk(candidates, body, stream);
  WriteFound<OutputIterator> write = {output, found};
  if (status == hipSuccess) status = hipcub::DeviceFor::Bulk(1, write, stream);
  if (status == hipSuccess && debug_synchronous) status = hipStreamSynchronize(stream);
  return status;
}
}  // namespace detail

/* The first i with op(input[i], input[i + 1]), or size. */
template <class Config = default_config, class InputIterator, class OutputIterator,
          class BinaryPred = equal_to<typename detail::value_type_of<InputIterator>::type> >
inline hipError_t adjacent_find(void* const temporary_storage, std::size_t& storage_size,
                                InputIterator input, OutputIterator output,
                                const std::size_t size, BinaryPred op = BinaryPred(),
                                const hipStream_t stream = 0,
                                const bool debug_synchronous = false) {
  detail::AdjacentFindBody<InputIterator, BinaryPred> body = {input, op, nullptr};
  return detail::run_find(temporary_storage, storage_size, body,
                          size > 1 ? (long long)size - 1 : 0, (unsigned long long)size, output,
                          stream, debug_synchronous);
}

/* The first i for which compare_function(input[i], keys[k]) holds for some k, or size. */
template <class Config = default_config, class InputIterator1, class InputIterator2,
          class OutputIterator,
          class BinaryFunction = equal_to<typename detail::value_type_of<InputIterator1>::type> >
inline hipError_t find_first_of(void* temporary_storage, size_t& storage_size,
                                InputIterator1 input, InputIterator2 keys, OutputIterator output,
                                size_t size, size_t keys_size,
                                BinaryFunction compare_function = BinaryFunction(),
                                hipStream_t stream = 0, bool debug_synchronous = false) {
  detail::FindFirstOfBody<InputIterator1, InputIterator2, BinaryFunction> body = {
      input, keys, (long long)keys_size, compare_function, nullptr};
  return detail::run_find(temporary_storage, storage_size, body,
                          keys_size > 0 ? (long long)size : 0, (unsigned long long)size, output,
                          stream, debug_synchronous);
}

/* The first i where count items in a row satisfy binary_predicate(item, *value), or size
 * (0 when count is 0). `value` points to device memory. */
template <class Config = default_config, class InputIterator, class OutputIterator,
          class BinaryPredicate =
              equal_to<typename detail::value_type_of<InputIterator>::type> >
inline hipError_t search_n(void* temporary_storage, size_t& storage_size, InputIterator input,
                           OutputIterator output, const size_t size, const size_t count,
                           const typename detail::value_type_of<InputIterator>::type* value,
                           const BinaryPredicate binary_predicate = BinaryPredicate(),
                           const hipStream_t stream = 0, const bool debug_synchronous = false) {
  typedef typename detail::value_type_of<InputIterator>::type T;
  detail::SearchNBody<InputIterator, T, BinaryPredicate> body = {
      input, value, (long long)size, (long long)count, binary_predicate, nullptr};
  long long candidates = count == 0 || count > size ? 0 : (long long)(size - count + 1);
  return detail::run_find(temporary_storage, storage_size, body, candidates,
                          count == 0 ? 0ull : (unsigned long long)size, output, stream,
                          debug_synchronous);
}

/* The first i where keys[0, keys_size) match input[i, i + keys_size) under
 * compare_function(input item, key), or size (0 for no keys, as std::search). */
template <class Config = default_config, class InputIterator1, class InputIterator2,
          class OutputIterator,
          class BinaryFunction = equal_to<typename detail::value_type_of<InputIterator1>::type> >
inline hipError_t search(void* temporary_storage, size_t& storage_size, InputIterator1 input,
                         InputIterator2 keys, OutputIterator output, size_t size,
                         size_t keys_size, BinaryFunction compare_function = BinaryFunction(),
                         hipStream_t stream = 0, bool debug_synchronous = false) {
  long long candidates =
      keys_size == 0 || keys_size > size ? 0 : (long long)(size - keys_size + 1);
  detail::SubsequenceBody<false, InputIterator1, InputIterator2, BinaryFunction> body = {
      input, keys, (long long)keys_size, candidates - 1, compare_function, nullptr};
  return detail::run_find(temporary_storage, storage_size, body, candidates,
                          keys_size == 0 ? 0ull : (unsigned long long)size, output, stream,
                          debug_synchronous);
}

/* The last i where keys[0, keys_size) match input[i, i + keys_size), or size (also for no
 * keys, as std::find_end). */
template <class Config = default_config, class InputIterator1, class InputIterator2,
          class OutputIterator,
          class BinaryFunction = equal_to<typename detail::value_type_of<InputIterator1>::type> >
inline hipError_t find_end(void* temporary_storage, size_t& storage_size, InputIterator1 input,
                           InputIterator2 keys, OutputIterator output, size_t size,
                           size_t keys_size, BinaryFunction compare_function = BinaryFunction(),
                           hipStream_t stream = 0, bool debug_synchronous = false) {
  long long candidates =
      keys_size == 0 || keys_size > size ? 0 : (long long)(size - keys_size + 1);
  detail::SubsequenceBody<true, InputIterator1, InputIterator2, BinaryFunction> body = {
      input, keys, (long long)keys_size, candidates - 1, compare_function, nullptr};
  detail::FromLast<OutputIterator> from_last = {output, (unsigned long long)(candidates - 1),
                                                (unsigned long long)size};
  return detail::run_find(temporary_storage, storage_size, body, candidates,
                          (unsigned long long)size, from_last, stream, debug_synchronous);
}

/* ---- block level ---- */

enum class block_reduce_algorithm { using_warp_reduce, raking_reduce, raking_reduce_commutative_only, default_algorithm = using_warp_reduce };
enum class block_scan_algorithm { using_warp_scan, reduce_then_scan, default_algorithm = using_warp_scan };

template <class T, unsigned int BlockSizeX,
          block_reduce_algorithm Algorithm = block_reduce_algorithm::default_algorithm,
          unsigned int BlockSizeY = 1, unsigned int BlockSizeZ = 1>
class block_reduce {
  typedef hipcub::BlockReduce<T, (int)BlockSizeX, hipcub::BLOCK_REDUCE_WARP_REDUCTIONS,
                              (int)BlockSizeY, (int)BlockSizeZ>
      Base;

 public:
  typedef typename Base::TempStorage storage_type;

  template <class BinaryFunction = plus<T> >
  __device__ __forceinline__ void reduce(T input, T& output, storage_type& storage,
                                         BinaryFunction reduce_op = BinaryFunction()) {
    output = Base(storage).Reduce(input, reduce_op);
  }
  template <unsigned int ItemsPerThread, class BinaryFunction = plus<T> >
  __device__ __forceinline__ void reduce(T (&input)[ItemsPerThread], T& output,
                                         storage_type& storage,
                                         BinaryFunction reduce_op = BinaryFunction()) {
    T partial = input[0];
    for (unsigned int i = 1; i < ItemsPerThread; ++i) partial = reduce_op(partial, input[i]);
    output = Base(storage).Reduce(partial, reduce_op);
  }
  template <class BinaryFunction = plus<T> >
  __device__ __forceinline__ void reduce(T input, T& output, unsigned int valid_items,
                                         storage_type& storage,
                                         BinaryFunction reduce_op = BinaryFunction()) {
    output = Base(storage).Reduce(input, reduce_op, (int)valid_items);
  }
};

template <class T, unsigned int BlockSizeX,
          block_scan_algorithm Algorithm = block_scan_algorithm::default_algorithm,
          unsigned int BlockSizeY = 1, unsigned int BlockSizeZ = 1>
class block_scan {
  typedef hipcub::BlockScan<T, (int)BlockSizeX, hipcub::BLOCK_SCAN_WARP_SCANS, (int)BlockSizeY,
                            (int)BlockSizeZ>
      Base;

 public:
  typedef typename Base::TempStorage storage_type;

  template <class BinaryFunction = plus<T> >
  __device__ __forceinline__ void inclusive_scan(T input, T& output, storage_type& storage,
                                                 BinaryFunction scan_op = BinaryFunction()) {
    Base(storage).InclusiveScan(input, output, scan_op);
  }
  template <class BinaryFunction = plus<T> >
  __device__ __forceinline__ void inclusive_scan(T input, T& output, T& reduction,
                                                 storage_type& storage,
                                                 BinaryFunction scan_op = BinaryFunction()) {
    Base(storage).InclusiveScan(input, output, scan_op, reduction);
  }
  template <class BinaryFunction = plus<T> >
  __device__ __forceinline__ void exclusive_scan(T input, T& output, T init,
                                                 storage_type& storage,
                                                 BinaryFunction scan_op = BinaryFunction()) {
    Base(storage).ExclusiveScan(input, output, init, scan_op);
  }
  template <class BinaryFunction = plus<T> >
  __device__ __forceinline__ void exclusive_scan(T input, T& output, T init, T& reduction,
                                                 storage_type& storage,
                                                 BinaryFunction scan_op = BinaryFunction()) {
    Base(storage).ExclusiveScan(input, output, init, scan_op, reduction);
  }
  template <unsigned int ItemsPerThread, class BinaryFunction = plus<T> >
  __device__ __forceinline__ void inclusive_scan(T (&input)[ItemsPerThread],
                                                 T (&output)[ItemsPerThread],
                                                 storage_type& storage,
                                                 BinaryFunction scan_op = BinaryFunction()) {
    Base(storage).InclusiveScan(input, output, scan_op);
  }
  template <unsigned int ItemsPerThread, class BinaryFunction = plus<T> >
  __device__ __forceinline__ void exclusive_scan(T (&input)[ItemsPerThread],
                                                 T (&output)[ItemsPerThread], T init,
                                                 storage_type& storage,
                                                 BinaryFunction scan_op = BinaryFunction()) {
    Base(storage).ExclusiveScan(input, output, init, scan_op);
  }
};

template <class T, unsigned int WarpSize = 32>
class warp_reduce {
  typedef hipcub::WarpReduce<T, (int)WarpSize> Base;

 public:
  typedef typename Base::TempStorage storage_type;

  template <class BinaryFunction = plus<T> >
  __device__ __forceinline__ void reduce(T input, T& output, storage_type& storage,
                                         BinaryFunction reduce_op = BinaryFunction()) {
    output = Base(storage).Reduce(input, reduce_op);
  }
  template <class BinaryFunction = plus<T> >
  __device__ __forceinline__ void reduce(T input, T& output, int valid_items,
                                         storage_type& storage,
                                         BinaryFunction reduce_op = BinaryFunction()) {
    output = Base(storage).Reduce(input, reduce_op, valid_items);
  }
};

template <class T, unsigned int WarpSize = 32>
class warp_scan {
  typedef hipcub::WarpScan<T, (int)WarpSize> Base;

 public:
  typedef typename Base::TempStorage storage_type;

  template <class BinaryFunction = plus<T> >
  __device__ __forceinline__ void inclusive_scan(T input, T& output, storage_type& storage,
                                                 BinaryFunction scan_op = BinaryFunction()) {
    Base(storage).InclusiveScan(input, output, scan_op);
  }
  template <class BinaryFunction = plus<T> >
  __device__ __forceinline__ void exclusive_scan(T input, T& output, T init,
                                                 storage_type& storage,
                                                 BinaryFunction scan_op = BinaryFunction()) {
    Base(storage).ExclusiveScan(input, output, init, scan_op);
  }
};

/* Direct loads and stores. Blocked: thread t holds items t * N ... t * N + N - 1. Striped:
 * item i of thread t is t + i * BlockSize. Warp-striped: each warp of WarpSize threads holds
 * WarpSize * N consecutive items striped across its lanes. `valid` guards the reads or writes;
 * `out_of_bounds` fills the items past it. */
template <class InputIterator, class T, unsigned int ItemsPerThread>
__device__ __forceinline__ void block_load_direct_blocked(unsigned int flat_id,
                                                          InputIterator block_input,
                                                          T (&items)[ItemsPerThread]) {
  hipcub::LoadDirectBlocked((int)flat_id, block_input, items);
}
template <class InputIterator, class T, unsigned int ItemsPerThread>
__device__ __forceinline__ void block_load_direct_blocked(unsigned int flat_id,
                                                          InputIterator block_input,
                                                          T (&items)[ItemsPerThread],
                                                          unsigned int valid) {
  hipcub::LoadDirectBlocked((int)flat_id, block_input, items, (int)valid);
}
template <class InputIterator, class T, unsigned int ItemsPerThread, class Default>
__device__ __forceinline__ void block_load_direct_blocked(unsigned int flat_id,
                                                          InputIterator block_input,
                                                          T (&items)[ItemsPerThread],
                                                          unsigned int valid,
                                                          Default out_of_bounds) {
  hipcub::LoadDirectBlocked((int)flat_id, block_input, items, (int)valid, out_of_bounds);
}
template <class T, class U, unsigned int ItemsPerThread>
__device__ __forceinline__ void block_load_direct_blocked_vectorized(unsigned int flat_id,
                                                                     T* block_input,
                                                                     U (&items)[ItemsPerThread]) {
  hipcub::LoadDirectBlocked((int)flat_id, block_input, items);
}
template <unsigned int BlockSize, class InputIterator, class T, unsigned int ItemsPerThread>
__device__ __forceinline__ void block_load_direct_striped(unsigned int flat_id,
                                                          InputIterator block_input,
                                                          T (&items)[ItemsPerThread]) {
  hipcub::LoadDirectStriped<(int)BlockSize>((int)flat_id, block_input, items);
}
template <unsigned int BlockSize, class InputIterator, class T, unsigned int ItemsPerThread>
__device__ __forceinline__ void block_load_direct_striped(unsigned int flat_id,
                                                          InputIterator block_input,
                                                          T (&items)[ItemsPerThread],
                                                          unsigned int valid) {
  hipcub::LoadDirectStriped<(int)BlockSize>((int)flat_id, block_input, items, (int)valid);
}
template <unsigned int BlockSize, class InputIterator, class T, unsigned int ItemsPerThread,
          class Default>
__device__ __forceinline__ void block_load_direct_striped(unsigned int flat_id,
                                                          InputIterator block_input,
                                                          T (&items)[ItemsPerThread],
                                                          unsigned int valid,
                                                          Default out_of_bounds) {
  hipcub::LoadDirectStriped<(int)BlockSize>((int)flat_id, block_input, items, (int)valid,
                                            out_of_bounds);
}
template <unsigned int WarpSize = 32, class InputIterator, class T, unsigned int ItemsPerThread>
__device__ __forceinline__ void block_load_direct_warp_striped(unsigned int flat_id,
                                                               InputIterator block_input,
                                                               T (&items)[ItemsPerThread],
                                                               unsigned int valid) {
  unsigned int first = (flat_id / WarpSize) * WarpSize * ItemsPerThread + flat_id % WarpSize;
  for (unsigned int i = 0; i < ItemsPerThread; ++i)
    if (first + i * WarpSize < valid) items[i] = block_input[first + i * WarpSize];
}
template <unsigned int WarpSize = 32, class InputIterator, class T, unsigned int ItemsPerThread>
__device__ __forceinline__ void block_load_direct_warp_striped(unsigned int flat_id,
                                                               InputIterator block_input,
                                                               T (&items)[ItemsPerThread]) {
  block_load_direct_warp_striped<WarpSize>(flat_id, block_input, items, ~0u);
}
template <unsigned int WarpSize = 32, class InputIterator, class T, unsigned int ItemsPerThread,
          class Default>
__device__ __forceinline__ void block_load_direct_warp_striped(unsigned int flat_id,
                                                               InputIterator block_input,
                                                               T (&items)[ItemsPerThread],
                                                               unsigned int valid,
                                                               Default out_of_bounds) {
  for (unsigned int i = 0; i < ItemsPerThread; ++i) items[i] = out_of_bounds;
  block_load_direct_warp_striped<WarpSize>(flat_id, block_input, items, valid);
}

template <class OutputIterator, class T, unsigned int ItemsPerThread>
__device__ __forceinline__ void block_store_direct_blocked(unsigned int flat_id,
                                                           OutputIterator block_output,
                                                           T (&items)[ItemsPerThread]) {
  hipcub::StoreDirectBlocked((int)flat_id, block_output, items);
}
template <class OutputIterator, class T, unsigned int ItemsPerThread>
__device__ __forceinline__ void block_store_direct_blocked(unsigned int flat_id,
                                                           OutputIterator block_output,
                                                           T (&items)[ItemsPerThread],
                                                           unsigned int valid) {
  hipcub::StoreDirectBlocked((int)flat_id, block_output, items, (int)valid);
}
template <class T, class U, unsigned int ItemsPerThread>
__device__ __forceinline__ void block_store_direct_blocked_vectorized(
    unsigned int flat_id, T* block_output, U (&items)[ItemsPerThread]) {
  hipcub::StoreDirectBlocked((int)flat_id, block_output, items);
}
template <unsigned int BlockSize, class OutputIterator, class T, unsigned int ItemsPerThread>
__device__ __forceinline__ void block_store_direct_striped(unsigned int flat_id,
                                                           OutputIterator block_output,
                                                           T (&items)[ItemsPerThread]) {
  hipcub::StoreDirectStriped<(int)BlockSize>((int)flat_id, block_output, items);
}
template <unsigned int BlockSize, class OutputIterator, class T, unsigned int ItemsPerThread>
__device__ __forceinline__ void block_store_direct_striped(unsigned int flat_id,
                                                           OutputIterator block_output,
                                                           T (&items)[ItemsPerThread],
                                                           unsigned int valid) {
  hipcub::StoreDirectStriped<(int)BlockSize>((int)flat_id, block_output, items, (int)valid);
}
template <unsigned int WarpSize = 32, class OutputIterator, class T, unsigned int ItemsPerThread>
__device__ __forceinline__ void block_store_direct_warp_striped(unsigned int flat_id,
                                                                OutputIterator block_output,
                                                                T (&items)[ItemsPerThread],
                                                                unsigned int valid) {
  unsigned int first = (flat_id / WarpSize) * WarpSize * ItemsPerThread + flat_id % WarpSize;
  for (unsigned int i = 0; i < ItemsPerThread; ++i)
    if (first + i * WarpSize < valid) block_output[first + i * WarpSize] = items[i];
}
template <unsigned int WarpSize = 32, class OutputIterator, class T, unsigned int ItemsPerThread>
__device__ __forceinline__ void block_store_direct_warp_striped(unsigned int flat_id,
                                                                OutputIterator block_output,
                                                                T (&items)[ItemsPerThread]) {
  block_store_direct_warp_striped<WarpSize>(flat_id, block_output, items, ~0u);
}

enum class block_load_method {
  block_load_direct,
  block_load_striped,
  block_load_vectorize,
  block_load_transpose,
  block_load_warp_transpose,
  default_method = block_load_direct
};
enum class block_store_method {
  block_store_direct,
  block_store_striped,
  block_store_vectorize,
  block_store_transpose,
  block_store_warp_transpose,
  default_method = block_store_direct
};

namespace detail {
constexpr hipcub::BlockLoadAlgorithm load_algorithm(block_load_method method) {
  return method == block_load_method::block_load_striped     ? hipcub::BLOCK_LOAD_STRIPED
         : method == block_load_method::block_load_vectorize ? hipcub::BLOCK_LOAD_VECTORIZE
         : method == block_load_method::block_load_transpose ? hipcub::BLOCK_LOAD_TRANSPOSE
         : method == block_load_method::block_load_warp_transpose
             ? hipcub::BLOCK_LOAD_WARP_TRANSPOSE
             : hipcub::BLOCK_LOAD_DIRECT;
}
constexpr hipcub::BlockStoreAlgorithm store_algorithm(block_store_method method) {
  return method == block_store_method::block_store_striped     ? hipcub::BLOCK_STORE_STRIPED
         : method == block_store_method::block_store_vectorize ? hipcub::BLOCK_STORE_VECTORIZE
         : method == block_store_method::block_store_transpose ? hipcub::BLOCK_STORE_TRANSPOSE
         : method == block_store_method::block_store_warp_transpose
             ? hipcub::BLOCK_STORE_WARP_TRANSPOSE
             : hipcub::BLOCK_STORE_DIRECT;
}
}  // namespace detail

/* block_load gives a blocked arrangement for every method but block_load_striped, which
 * gives a striped one; block_store takes the same arrangements. */
template <class T, unsigned int BlockSizeX, unsigned int ItemsPerThread,
          block_load_method Method = block_load_method::block_load_direct,
          unsigned int BlockSizeY = 1, unsigned int BlockSizeZ = 1>
class block_load {
  typedef hipcub::BlockLoad<T, (int)BlockSizeX, (int)ItemsPerThread,
                            detail::load_algorithm(Method), (int)BlockSizeY, (int)BlockSizeZ>
      Base;

 public:
  typedef typename Base::TempStorage storage_type;

  template <class InputIterator>
  __device__ __forceinline__ void load(InputIterator block_input, T (&items)[ItemsPerThread]) {
    Base(detail::private_storage<storage_type>()).Load(block_input, items);
  }
  template <class InputIterator>
  __device__ __forceinline__ void load(InputIterator block_input, T (&items)[ItemsPerThread],
                                       unsigned int valid) {
    Base(detail::private_storage<storage_type>()).Load(block_input, items, (int)valid);
  }
  template <class InputIterator, class Default>
  __device__ __forceinline__ void load(InputIterator block_input, T (&items)[ItemsPerThread],
                                       unsigned int valid, Default out_of_bounds) {
    Base(detail::private_storage<storage_type>())
        .Load(block_input, items, (int)valid, out_of_bounds);
  }
  template <class InputIterator>
  __device__ __forceinline__ void load(InputIterator block_input, T (&items)[ItemsPerThread],
                                       storage_type& storage) {
    Base(storage).Load(block_input, items);
  }
  template <class InputIterator>
  __device__ __forceinline__ void load(InputIterator block_input, T (&items)[ItemsPerThread],
                                       unsigned int valid, storage_type& storage) {
    Base(storage).Load(block_input, items, (int)valid);
  }
  template <class InputIterator, class Default>
  __device__ __forceinline__ void load(InputIterator block_input, T (&items)[ItemsPerThread],
                                       unsigned int valid, Default out_of_bounds,
                                       storage_type& storage) {
    Base(storage).Load(block_input, items, (int)valid, out_of_bounds);
  }
};

template <class T, unsigned int BlockSizeX, unsigned int ItemsPerThread,
          block_store_method Method = block_store_method::block_store_direct,
          unsigned int BlockSizeY = 1, unsigned int BlockSizeZ = 1>
class block_store {
  typedef hipcub::BlockStore<T, (int)BlockSizeX, (int)ItemsPerThread,
                             detail::store_algorithm(Method), (int)BlockSizeY, (int)BlockSizeZ>
      Base;

 public:
  typedef typename Base::TempStorage storage_type;

  template <class OutputIterator>
  __device__ __forceinline__ void store(OutputIterator block_output,
                                        T (&items)[ItemsPerThread]) {
    Base(detail::private_storage<storage_type>()).Store(block_output, items);
  }
  template <class OutputIterator>
  __device__ __forceinline__ void store(OutputIterator block_output, T (&items)[ItemsPerThread],
                                        unsigned int valid) {
    Base(detail::private_storage<storage_type>()).Store(block_output, items, (int)valid);
  }
  template <class OutputIterator>
  __device__ __forceinline__ void store(OutputIterator block_output, T (&items)[ItemsPerThread],
                                        storage_type& storage) {
    Base(storage).Store(block_output, items);
  }
  template <class OutputIterator>
  __device__ __forceinline__ void store(OutputIterator block_output, T (&items)[ItemsPerThread],
                                        unsigned int valid, storage_type& storage) {
    Base(storage).Store(block_output, items, (int)valid);
  }
};

/* Warps of 32 threads for the warp-striped arrangements, on every target. */
template <class T, unsigned int BlockSizeX, unsigned int ItemsPerThread,
          unsigned int BlockSizeY = 1, unsigned int BlockSizeZ = 1>
class block_exchange {
  typedef hipcub::BlockExchange<T, (int)BlockSizeX, (int)ItemsPerThread, false, (int)BlockSizeY,
                                (int)BlockSizeZ>
      Base;
  typedef T Items[ItemsPerThread];

 public:
  typedef typename Base::TempStorage storage_type;

#define OXHIP_ROCPRIM_EXCHANGE(name, method)                                                  \
  template <class U>                                                                          \
  __device__ __forceinline__ void name(const T (&input)[ItemsPerThread],                      \
                                       U (&output)[ItemsPerThread], storage_type& storage) {  \
    Base(storage).method(input, output);                                                      \
  }                                                                                           \
  template <class U>                                                                          \
  __device__ __forceinline__ void name(const T (&input)[ItemsPerThread],                      \
                                       U (&output)[ItemsPerThread]) {                         \
    Base(detail::private_storage<storage_type>()).method(input, output);                      \
  }
  OXHIP_ROCPRIM_EXCHANGE(blocked_to_striped, BlockedToStriped)
  OXHIP_ROCPRIM_EXCHANGE(striped_to_blocked, StripedToBlocked)
  OXHIP_ROCPRIM_EXCHANGE(blocked_to_warp_striped, BlockedToWarpStriped)
  OXHIP_ROCPRIM_EXCHANGE(warp_striped_to_blocked, WarpStripedToBlocked)
#undef OXHIP_ROCPRIM_EXCHANGE

#define OXHIP_ROCPRIM_SCATTER(name, method)                                                   \
  template <class U, class Offset>                                                            \
  __device__ __forceinline__ void name(const T (&input)[ItemsPerThread],                      \
                                       U (&output)[ItemsPerThread],                           \
                                       const Offset (&ranks)[ItemsPerThread],                 \
                                       storage_type& storage) {                               \
    Base(storage).method(input, output, const_cast<Offset(&)[ItemsPerThread]>(ranks));        \
  }                                                                                           \
  template <class U, class Offset>                                                            \
  __device__ __forceinline__ void name(const T (&input)[ItemsPerThread],                      \
                                       U (&output)[ItemsPerThread],                           \
                                       const Offset (&ranks)[ItemsPerThread]) {               \
    name(input, output, ranks, detail::private_storage<storage_type>());                      \
  }
  OXHIP_ROCPRIM_SCATTER(scatter_to_blocked, ScatterToBlocked)
  OXHIP_ROCPRIM_SCATTER(scatter_to_striped, ScatterToStriped)
  OXHIP_ROCPRIM_SCATTER(scatter_to_striped_guarded, ScatterToStripedGuarded)
#undef OXHIP_ROCPRIM_SCATTER

  /* Item i of each thread where is_valid[i] goes to rank ranks[i]; the result is striped (the
   * ranks no valid item names are left as they were in the storage). */
  template <class U, class Offset, class ValidFlag>
  __device__ __forceinline__ void scatter_to_striped_flagged(
      const T (&input)[ItemsPerThread], U (&output)[ItemsPerThread],
      const Offset (&ranks)[ItemsPerThread], const ValidFlag (&is_valid)[ItemsPerThread],
      storage_type& storage) {
    Base(storage).ScatterToStripedFlagged(input, output, ranks, is_valid);
  }
  template <class U, class Offset, class ValidFlag>
  __device__ __forceinline__ void scatter_to_striped_flagged(
      const T (&input)[ItemsPerThread], U (&output)[ItemsPerThread],
      const Offset (&ranks)[ItemsPerThread], const ValidFlag (&is_valid)[ItemsPerThread]) {
    scatter_to_striped_flagged(input, output, ranks, is_valid,
                               detail::private_storage<storage_type>());
  }
  /* The input is striped; output[i] is the item of rank ranks[i]. */
  template <class U, class Offset>
  __device__ __forceinline__ void gather_from_striped(const T (&input)[ItemsPerThread],
                                                      U (&output)[ItemsPerThread],
                                                      const Offset (&ranks)[ItemsPerThread],
                                                      storage_type& storage) {
    typedef hipcub::detail::Uninitialized<T> Slot;
    Slot* slots = reinterpret_cast<Slot*>(&storage);
    const unsigned int threads = BlockSizeX * BlockSizeY * BlockSizeZ;
    const unsigned int rank = flat_block_thread_id();
    for (unsigned int i = 0; i < ItemsPerThread; ++i) slots[i * threads + rank].get() = input[i];
    __syncthreads();
    for (unsigned int i = 0; i < ItemsPerThread; ++i) output[i] = slots[ranks[i]].get();
    __syncthreads();
  }
  template <class U, class Offset>
  __device__ __forceinline__ void gather_from_striped(const T (&input)[ItemsPerThread],
                                                      U (&output)[ItemsPerThread],
                                                      const Offset (&ranks)[ItemsPerThread]) {
    gather_from_striped(input, output, ranks, detail::private_storage<storage_type>());
  }
};

/* Keys (and values) in a blocked arrangement, sorted by their bits [begin_bit, end_bit);
 * the _to_striped forms leave the result striped. Stable. */
template <class Key, unsigned int BlockSizeX, unsigned int ItemsPerThread,
          class Value = empty_type, unsigned int BlockSizeY = 1, unsigned int BlockSizeZ = 1,
          unsigned int RadixBitsPerPass = 4>
class block_radix_sort {
  typedef typename detail::hipcub_value<Value>::type BaseValue;
  typedef hipcub::BlockRadixSort<Key, (int)BlockSizeX, (int)ItemsPerThread, BaseValue, 4, true,
                                 hipcub::BLOCK_SCAN_WARP_SCANS, 0, (int)BlockSizeY,
                                 (int)BlockSizeZ>
      Base;

 public:
  typedef typename Base::TempStorage storage_type;

#define OXHIP_ROCPRIM_RADIX(name, method)                                                     \
  __device__ __forceinline__ void name(Key (&keys)[ItemsPerThread], storage_type& storage,    \
                                       unsigned int begin_bit = 0,                            \
                                       unsigned int end_bit = 8 * sizeof(Key)) {              \
    Base(storage).method(keys, (int)begin_bit, (int)end_bit);                                 \
  }                                                                                           \
  __device__ __forceinline__ void name(Key (&keys)[ItemsPerThread],                           \
                                       unsigned int begin_bit = 0,                            \
                                       unsigned int end_bit = 8 * sizeof(Key)) {              \
    name(keys, detail::private_storage<storage_type>(), begin_bit, end_bit);                  \
  }                                                                                           \
  template <class V>                                                                          \
  __device__ __forceinline__ void name(Key (&keys)[ItemsPerThread],                           \
                                       V (&values)[ItemsPerThread], storage_type& storage,    \
                                       unsigned int begin_bit = 0,                            \
                                       unsigned int end_bit = 8 * sizeof(Key)) {              \
    static_assert(std::is_same<V, Value>::value, "block_radix_sort: values of type Value");   \
    Base(storage).method(keys, values, (int)begin_bit, (int)end_bit);                         \
  }                                                                                           \
  template <class V>                                                                          \
  __device__ __forceinline__ void name(Key (&keys)[ItemsPerThread],                           \
                                       V (&values)[ItemsPerThread],                           \
                                       unsigned int begin_bit = 0,                            \
                                       unsigned int end_bit = 8 * sizeof(Key)) {              \
    name(keys, values, detail::private_storage<storage_type>(), begin_bit, end_bit);          \
  }
  OXHIP_ROCPRIM_RADIX(sort, Sort)
  OXHIP_ROCPRIM_RADIX(sort_desc, SortDescending)
  OXHIP_ROCPRIM_RADIX(sort_to_striped, SortBlockedToStriped)
  OXHIP_ROCPRIM_RADIX(sort_desc_to_striped, SortDescendingBlockedToStriped)
#undef OXHIP_ROCPRIM_RADIX
};

/* flag_op(previous, current) (or with current's index as a third argument) is true where
 * the items differ: a head where an item differs from its predecessor, a tail where it
 * differs from its successor; the tile's first item is a head (last item a tail) unless a
 * tile predecessor (successor) is given. */
template <class T, unsigned int BlockSizeX, unsigned int BlockSizeY = 1,
          unsigned int BlockSizeZ = 1>
class block_discontinuity {
  typedef hipcub::BlockDiscontinuity<T, (int)BlockSizeX, (int)BlockSizeY, (int)BlockSizeZ> Base;
  template <unsigned int N>
  static __device__ __forceinline__ T (&writable(const T (&input)[N]))[N] {
    return const_cast<T(&)[N]>(input);
  }

 public:
  typedef typename Base::TempStorage storage_type;

  template <unsigned int N, class Flag, class FlagOp>
  __device__ __forceinline__ void flag_heads(Flag (&head_flags)[N], const T (&input)[N],
                                             FlagOp flag_op, storage_type& storage) {
    Base(storage).FlagHeads(head_flags, writable(input), flag_op);
  }
  template <unsigned int N, class Flag, class FlagOp>
  __device__ __forceinline__ void flag_heads(Flag (&head_flags)[N], const T (&input)[N],
                                             FlagOp flag_op) {
    flag_heads(head_flags, input, flag_op, detail::private_storage<storage_type>());
  }
  template <unsigned int N, class Flag, class FlagOp>
  __device__ __forceinline__ void flag_heads(Flag (&head_flags)[N], T tile_predecessor_item,
                                             const T (&input)[N], FlagOp flag_op,
                                             storage_type& storage) {
    Base(storage).FlagHeads(head_flags, writable(input), flag_op, tile_predecessor_item);
  }
  template <unsigned int N, class Flag, class FlagOp>
  __device__ __forceinline__ void flag_heads(Flag (&head_flags)[N], T tile_predecessor_item,
                                             const T (&input)[N], FlagOp flag_op) {
    flag_heads(head_flags, tile_predecessor_item, input, flag_op,
               detail::private_storage<storage_type>());
  }
  template <unsigned int N, class Flag, class FlagOp>
  __device__ __forceinline__ void flag_tails(Flag (&tail_flags)[N], const T (&input)[N],
                                             FlagOp flag_op, storage_type& storage) {
    Base(storage).FlagTails(tail_flags, writable(input), flag_op);
  }
  template <unsigned int N, class Flag, class FlagOp>
  __device__ __forceinline__ void flag_tails(Flag (&tail_flags)[N], const T (&input)[N],
                                             FlagOp flag_op) {
    flag_tails(tail_flags, input, flag_op, detail::private_storage<storage_type>());
  }
  template <unsigned int N, class Flag, class FlagOp>
  __device__ __forceinline__ void flag_tails(Flag (&tail_flags)[N], T tile_successor_item,
                                             const T (&input)[N], FlagOp flag_op,
                                             storage_type& storage) {
    Base(storage).FlagTails(tail_flags, writable(input), flag_op, tile_successor_item);
  }
  template <unsigned int N, class Flag, class FlagOp>
  __device__ __forceinline__ void flag_tails(Flag (&tail_flags)[N], T tile_successor_item,
                                             const T (&input)[N], FlagOp flag_op) {
    flag_tails(tail_flags, tile_successor_item, input, flag_op,
               detail::private_storage<storage_type>());
  }
  template <unsigned int N, class Flag, class FlagOp>
  __device__ __forceinline__ void flag_heads_and_tails(Flag (&head_flags)[N],
                                                       Flag (&tail_flags)[N],
                                                       const T (&input)[N], FlagOp flag_op,
                                                       storage_type& storage) {
    Base(storage).FlagHeadsAndTails(head_flags, tail_flags, writable(input), flag_op);
  }
  template <unsigned int N, class Flag, class FlagOp>
  __device__ __forceinline__ void flag_heads_and_tails(Flag (&head_flags)[N],
                                                       Flag (&tail_flags)[N],
                                                       const T (&input)[N], FlagOp flag_op) {
    flag_heads_and_tails(head_flags, tail_flags, input, flag_op,
                         detail::private_storage<storage_type>());
  }
  template <unsigned int N, class Flag, class FlagOp>
  __device__ __forceinline__ void flag_heads_and_tails(Flag (&head_flags)[N],
                                                       Flag (&tail_flags)[N],
                                                       T tile_successor_item,
                                                       const T (&input)[N], FlagOp flag_op,
                                                       storage_type& storage) {
    Base(storage).FlagHeadsAndTails(head_flags, tail_flags, tile_successor_item,
                                    writable(input), flag_op);
  }
  template <unsigned int N, class Flag, class FlagOp>
  __device__ __forceinline__ void flag_heads_and_tails(Flag (&head_flags)[N],
                                                       Flag (&tail_flags)[N],
                                                       T tile_successor_item,
                                                       const T (&input)[N], FlagOp flag_op) {
    flag_heads_and_tails(head_flags, tail_flags, tile_successor_item, input, flag_op,
                         detail::private_storage<storage_type>());
  }
  template <unsigned int N, class Flag, class FlagOp>
  __device__ __forceinline__ void flag_heads_and_tails(Flag (&head_flags)[N],
                                                       T tile_predecessor_item,
                                                       Flag (&tail_flags)[N],
                                                       const T (&input)[N], FlagOp flag_op,
                                                       storage_type& storage) {
    Base(storage).FlagHeadsAndTails(head_flags, tile_predecessor_item, tail_flags,
                                    writable(input), flag_op);
  }
  template <unsigned int N, class Flag, class FlagOp>
  __device__ __forceinline__ void flag_heads_and_tails(Flag (&head_flags)[N],
                                                       T tile_predecessor_item,
                                                       Flag (&tail_flags)[N],
                                                       const T (&input)[N], FlagOp flag_op) {
    flag_heads_and_tails(head_flags, tile_predecessor_item, tail_flags, input, flag_op,
                         detail::private_storage<storage_type>());
  }
  template <unsigned int N, class Flag, class FlagOp>
  __device__ __forceinline__ void flag_heads_and_tails(Flag (&head_flags)[N],
                                                       T tile_predecessor_item,
                                                       Flag (&tail_flags)[N],
                                                       T tile_successor_item,
                                                       const T (&input)[N], FlagOp flag_op,
                                                       storage_type& storage) {
    Base(storage).FlagHeadsAndTails(head_flags, tile_predecessor_item, tail_flags,
                                    tile_successor_item, writable(input), flag_op);
  }
  template <unsigned int N, class Flag, class FlagOp>
  __device__ __forceinline__ void flag_heads_and_tails(Flag (&head_flags)[N],
                                                       T tile_predecessor_item,
                                                       Flag (&tail_flags)[N],
                                                       T tile_successor_item,
                                                       const T (&input)[N], FlagOp flag_op) {
    flag_heads_and_tails(head_flags, tile_predecessor_item, tail_flags, tile_successor_item,
                         input, flag_op, detail::private_storage<storage_type>());
  }
};

/* subtract_left: output[i] = op(input[i], input[i - 1]) over the blocked tile, the first
 * item copied (or differenced with a tile predecessor); subtract_right: op(input[i],
 * input[i + 1]), the last item copied (or differenced with a tile successor). The _partial
 * forms treat the items from valid_items on as absent. */
template <class T, unsigned int BlockSizeX, unsigned int BlockSizeY = 1,
          unsigned int BlockSizeZ = 1>
class block_adjacent_difference {
  typedef hipcub::BlockAdjacentDifference<T, (int)BlockSizeX, (int)BlockSizeY, (int)BlockSizeZ>
      Base;
  template <unsigned int N>
  static __device__ __forceinline__ T (&writable(const T (&input)[N]))[N] {
    return const_cast<T(&)[N]>(input);
  }

 public:
  typedef typename Base::TempStorage storage_type;

  template <class Output, unsigned int N, class BinaryFunction>
  __device__ __forceinline__ void subtract_left(const T (&input)[N], Output (&output)[N],
                                                const BinaryFunction op,
                                                storage_type& storage) {
    Base(storage).SubtractLeft(writable(input), output, op);
  }
  template <class Output, unsigned int N, class BinaryFunction>
  __device__ __forceinline__ void subtract_left(const T (&input)[N], Output (&output)[N],
                                                const BinaryFunction op,
                                                const T tile_predecessor,
                                                storage_type& storage) {
    Base(storage).SubtractLeft(writable(input), output, op, tile_predecessor);
  }
  template <class Output, unsigned int N, class BinaryFunction>
  __device__ __forceinline__ void subtract_left_partial(const T (&input)[N],
                                                        Output (&output)[N],
                                                        const BinaryFunction op,
                                                        const unsigned int valid_items,
                                                        storage_type& storage) {
    Base(storage).SubtractLeftPartialTile(writable(input), output, op, (int)valid_items);
  }
  template <class Output, unsigned int N, class BinaryFunction>
  __device__ __forceinline__ void subtract_left_partial(const T (&input)[N],
                                                        Output (&output)[N],
                                                        const BinaryFunction op,
                                                        const T tile_predecessor,
                                                        const unsigned int valid_items,
                                                        storage_type& storage) {
    Base(storage).SubtractLeftPartialTile(writable(input), output, op, (int)valid_items,
                                          tile_predecessor);
  }
  template <class Output, unsigned int N, class BinaryFunction>
  __device__ __forceinline__ void subtract_right(const T (&input)[N], Output (&output)[N],
                                                 const BinaryFunction op,
                                                 storage_type& storage) {
    Base(storage).SubtractRight(writable(input), output, op);
  }
  template <class Output, unsigned int N, class BinaryFunction>
  __device__ __forceinline__ void subtract_right(const T (&input)[N], Output (&output)[N],
                                                 const BinaryFunction op,
                                                 const T tile_successor,
                                                 storage_type& storage) {
    Base(storage).SubtractRight(writable(input), output, op, tile_successor);
  }
  template <class Output, unsigned int N, class BinaryFunction>
  __device__ __forceinline__ void subtract_right_partial(const T (&input)[N],
                                                         Output (&output)[N],
                                                         const BinaryFunction op,
                                                         const unsigned int valid_items,
                                                         storage_type& storage) {
    Base(storage).SubtractRightPartialTile(writable(input), output, op, (int)valid_items);
  }
};

enum class block_histogram_algorithm { using_atomic, using_sort, default_algorithm = using_atomic };

/* Counts each item's bin (the item is the bin's index) into `hist`, in shared memory. */
template <class T, unsigned int BlockSizeX, unsigned int ItemsPerThread, unsigned int Bins,
          block_histogram_algorithm Algorithm = block_histogram_algorithm::default_algorithm,
          unsigned int BlockSizeY = 1, unsigned int BlockSizeZ = 1>
class block_histogram {
  typedef hipcub::BlockHistogram<T, (int)BlockSizeX, (int)ItemsPerThread, (int)Bins,
                                 hipcub::BLOCK_HISTO_ATOMIC, (int)BlockSizeY, (int)BlockSizeZ>
      Base;

 public:
  typedef typename Base::TempStorage storage_type;

  template <class Counter>
  __device__ __forceinline__ void init_histogram(Counter hist[Bins]) {
    Base().InitHistogram(hist);
  }
  template <class Counter>
  __device__ __forceinline__ void composite(T (&input)[ItemsPerThread], Counter hist[Bins],
                                            storage_type& storage) {
    Base(storage).Composite(input, hist);
  }
  template <class Counter>
  __device__ __forceinline__ void composite(T (&input)[ItemsPerThread], Counter hist[Bins]) {
    Base().Composite(input, hist);
  }
  template <class Counter>
  __device__ __forceinline__ void histogram(T (&input)[ItemsPerThread], Counter hist[Bins],
                                            storage_type& storage) {
    Base(storage).Histogram(input, hist);
  }
  template <class Counter>
  __device__ __forceinline__ void histogram(T (&input)[ItemsPerThread], Counter hist[Bins]) {
    Base().Histogram(input, hist);
  }
};

/* offset: thread i gets the input of thread i + distance (output kept where that thread does
 * not exist); rotate: of thread (i + distance) mod the block size; up: prev[k] is the blocked
 * item before input[k] (thread 0's prev[0] kept), with the block's last item as
 * block_suffix; down: next[k] the item after (the last thread's last kept), with the block's
 * first item as block_prefix. rocPRIM's flat_id arguments are accepted: the thread's own. */
template <class T, unsigned int BlockSizeX, unsigned int BlockSizeY = 1,
          unsigned int BlockSizeZ = 1>
class block_shuffle {
  typedef hipcub::BlockShuffle<T, (int)BlockSizeX, (int)BlockSizeY, (int)BlockSizeZ> Base;
  enum { BlockSize = BlockSizeX * BlockSizeY * BlockSizeZ };

 public:
  typedef typename Base::TempStorage storage_type;

  __device__ __forceinline__ void offset(const size_t& flat_id, T input, T& output,
                                         int distance, storage_type& storage) {
    (void)flat_id;
    Base(storage).Offset(input, output, distance);
  }
  __device__ __forceinline__ void offset(const size_t& flat_id, T input, T& output,
                                         int distance) {
    offset(flat_id, input, output, distance, detail::private_storage<storage_type>());
  }
  __device__ __forceinline__ void offset(T input, T& output, int distance = 1) {
    offset(0, input, output, distance, detail::private_storage<storage_type>());
  }
  __device__ __forceinline__ void rotate(const size_t& flat_id, T input, T& output,
                                         int distance, storage_type& storage) {
    (void)flat_id;
    int shift = distance % (int)BlockSize;
    if (shift < 0) shift += (int)BlockSize;
    Base(storage).Rotate(input, output, (unsigned int)shift);
  }
  __device__ __forceinline__ void rotate(const size_t& flat_id, T input, T& output,
                                         int distance) {
    rotate(flat_id, input, output, distance, detail::private_storage<storage_type>());
  }
  __device__ __forceinline__ void rotate(T input, T& output, int distance = 1) {
    rotate(0, input, output, distance, detail::private_storage<storage_type>());
  }

  template <unsigned int N>
  __device__ __forceinline__ void up(const size_t& flat_id, T (&input)[N], T (&prev)[N],
                                     T& block_suffix, storage_type& storage) {
    (void)flat_id;
    Base(storage).Up(input, prev, block_suffix);
  }
  template <unsigned int N>
  __device__ __forceinline__ void up(const size_t& flat_id, T (&input)[N], T (&prev)[N],
                                     storage_type& storage) {
    (void)flat_id;
    Base(storage).Up(input, prev);
  }
  template <unsigned int N>
  __device__ __forceinline__ void up(const size_t& flat_id, T (&input)[N], T (&prev)[N],
                                     T& block_suffix) {
    up(flat_id, input, prev, block_suffix, detail::private_storage<storage_type>());
  }
  template <unsigned int N>
  __device__ __forceinline__ void up(const size_t& flat_id, T (&input)[N], T (&prev)[N]) {
    up(flat_id, input, prev, detail::private_storage<storage_type>());
  }
  template <unsigned int N>
  __device__ __forceinline__ void up(T (&input)[N], T (&prev)[N], T& block_suffix) {
    up(0, input, prev, block_suffix, detail::private_storage<storage_type>());
  }
  template <unsigned int N>
  __device__ __forceinline__ void up(T (&input)[N], T (&prev)[N]) {
    up(0, input, prev, detail::private_storage<storage_type>());
  }

  template <unsigned int N>
  __device__ __forceinline__ void down(const size_t& flat_id, T (&input)[N], T (&next)[N],
                                       T& block_prefix, storage_type& storage) {
    (void)flat_id;
    Base(storage).Down(input, next, block_prefix);
  }
  template <unsigned int N>
  __device__ __forceinline__ void down(const size_t& flat_id, T (&input)[N], T (&next)[N],
                                       storage_type& storage) {
    (void)flat_id;
    Base(storage).Down(input, next);
  }
  template <unsigned int N>
  __device__ __forceinline__ void down(const size_t& flat_id, T (&input)[N], T (&next)[N],
                                       T& block_prefix) {
    down(flat_id, input, next, block_prefix, detail::private_storage<storage_type>());
  }
  template <unsigned int N>
  __device__ __forceinline__ void down(const size_t& flat_id, T (&input)[N], T (&next)[N]) {
    down(flat_id, input, next, detail::private_storage<storage_type>());
  }
  template <unsigned int N>
  __device__ __forceinline__ void down(T (&input)[N], T (&next)[N], T& block_prefix) {
    down(0, input, next, block_prefix, detail::private_storage<storage_type>());
  }
  template <unsigned int N>
  __device__ __forceinline__ void down(T (&input)[N], T (&next)[N]) {
    down(0, input, next, detail::private_storage<storage_type>());
  }
};

/* Keys (and values) in a blocked arrangement sorted across the block by compare_function:
 * hipCUB's BlockMergeSort, which is stable, so every algorithm gives the stable order (an
 * order the unstable ones allow). The forms with a `size` sort the block's first `size` items
 * (in blocked order) into its first `size` places; the items past it stay after them, in no
 * particular order. */
enum class block_sort_algorithm {
  merge_sort,
  bitonic_sort,
  stable_merge_sort,
  default_algorithm = merge_sort
};

template <class Key, unsigned int BlockSizeX, unsigned int ItemsPerThread = 1,
          class Value = empty_type,
          block_sort_algorithm Algorithm = block_sort_algorithm::default_algorithm,
          unsigned int BlockSizeY = 1, unsigned int BlockSizeZ = 1>
class block_sort {
  typedef typename detail::hipcub_value<Value>::type BaseValue;
  typedef hipcub::BlockMergeSort<Key, (int)BlockSizeX, (int)ItemsPerThread, BaseValue,
                                 (int)BlockSizeY, (int)BlockSizeZ>
      Base;

 public:
  typedef typename Base::TempStorage storage_type;

  template <class BinaryFunction = less<Key> >
  __device__ __forceinline__ typename detail::not_a_size<BinaryFunction>::type sort(
      Key (&thread_keys)[ItemsPerThread], storage_type& storage,
      BinaryFunction compare_function = BinaryFunction()) {
    Base(storage).Sort(thread_keys, compare_function);
  }
  template <class BinaryFunction = less<Key> >
  __device__ __forceinline__ typename detail::not_a_size<BinaryFunction>::type sort(
      Key (&thread_keys)[ItemsPerThread], BinaryFunction compare_function = BinaryFunction()) {
    sort(thread_keys, detail::private_storage<storage_type>(), compare_function);
  }
  template <class BinaryFunction = less<Key> >
  __device__ __forceinline__ typename detail::not_a_size<BinaryFunction>::type sort(
      Key (&thread_keys)[ItemsPerThread], Value (&thread_values)[ItemsPerThread],
      storage_type& storage, BinaryFunction compare_function = BinaryFunction()) {
    Base(storage).Sort(thread_keys, thread_values, compare_function);
  }
  template <class BinaryFunction = less<Key> >
  __device__ __forceinline__ typename detail::not_a_size<BinaryFunction>::type sort(
      Key (&thread_keys)[ItemsPerThread], Value (&thread_values)[ItemsPerThread],
      BinaryFunction compare_function = BinaryFunction()) {
    sort(thread_keys, thread_values, detail::private_storage<storage_type>(), compare_function);
  }
  /* One key (and value) a thread, for ItemsPerThread 1. */
  template <class BinaryFunction = less<Key> >
  __device__ __forceinline__ typename detail::not_a_size<BinaryFunction>::type sort(
      Key& thread_key, storage_type& storage, BinaryFunction compare_function = BinaryFunction()) {
    static_assert(ItemsPerThread == 1, "block_sort: one key a thread needs ItemsPerThread 1");
    Key keys[1] = {thread_key};
    Base(storage).Sort(keys, compare_function);
    thread_key = keys[0];
  }
  template <class BinaryFunction = less<Key> >
  __device__ __forceinline__ typename detail::not_a_size<BinaryFunction>::type sort(
      Key& thread_key, BinaryFunction compare_function = BinaryFunction()) {
    sort(thread_key, detail::private_storage<storage_type>(), compare_function);
  }
  template <class BinaryFunction = less<Key> >
  __device__ __forceinline__ typename detail::not_a_size<BinaryFunction>::type sort(
      Key& thread_key, Value& thread_value, storage_type& storage,
      BinaryFunction compare_function = BinaryFunction()) {
    static_assert(ItemsPerThread == 1, "block_sort: one key a thread needs ItemsPerThread 1");
    Key keys[1] = {thread_key};
    Value values[1] = {thread_value};
    Base(storage).Sort(keys, values, compare_function);
    thread_key = keys[0];
    thread_value = values[0];
  }
  template <class BinaryFunction = less<Key> >
  __device__ __forceinline__ typename detail::not_a_size<BinaryFunction>::type sort(
      Key& thread_key, Value& thread_value, BinaryFunction compare_function = BinaryFunction()) {
    sort(thread_key, thread_value, detail::private_storage<storage_type>(), compare_function);
  }

  /* The first `size` items of the block take part. */
  template <class BinaryFunction = less<Key> >
  __device__ __forceinline__ void sort(Key (&thread_keys)[ItemsPerThread], storage_type& storage,
                                       const unsigned int size,
                                       BinaryFunction compare_function = BinaryFunction()) {
    Base(storage).Sort(thread_keys, compare_function, (int)size, thread_keys[0]);
  }
  template <class BinaryFunction = less<Key> >
  __device__ __forceinline__ void sort(Key (&thread_keys)[ItemsPerThread],
                                       Value (&thread_values)[ItemsPerThread],
                                       storage_type& storage, const unsigned int size,
                                       BinaryFunction compare_function = BinaryFunction()) {
    Base(storage).Sort(thread_keys, thread_values, compare_function, (int)size, thread_keys[0]);
  }
  template <class BinaryFunction = less<Key> >
  __device__ __forceinline__ void sort(Key& thread_key, storage_type& storage,
                                       const unsigned int size,
                                       BinaryFunction compare_function = BinaryFunction()) {
    static_assert(ItemsPerThread == 1, "block_sort: one key a thread needs ItemsPerThread 1");
    Key keys[1] = {thread_key};
    Base(storage).Sort(keys, compare_function, (int)size, thread_key);
    thread_key = keys[0];
  }
  template <class BinaryFunction = less<Key> >
  __device__ __forceinline__ void sort(Key& thread_key, Value& thread_value,
                                       storage_type& storage, const unsigned int size,
                                       BinaryFunction compare_function = BinaryFunction()) {
    static_assert(ItemsPerThread == 1, "block_sort: one key a thread needs ItemsPerThread 1");
    Key keys[1] = {thread_key};
    Value values[1] = {thread_value};
    Base(storage).Sort(keys, values, compare_function, (int)size, thread_key);
    thread_key = keys[0];
    thread_value = values[0];
  }
};

/* Runs (a value and a length, or a value and its first decoded offset, RunsPerThread a
 * thread) decoded DecodedItemsPerThread items a thread at a time: hipCUB's
 * BlockRunLengthDecode under rocPRIM's names. */
template <class ItemT, unsigned int BlockSizeX, unsigned int RunsPerThread,
          unsigned int DecodedItemsPerThread, class DecodedOffsetT = unsigned int,
          unsigned int BlockSizeY = 1, unsigned int BlockSizeZ = 1>
class block_run_length_decode {
  typedef hipcub::BlockRunLengthDecode<ItemT, (int)BlockSizeX, (int)RunsPerThread,
                                       (int)DecodedItemsPerThread, DecodedOffsetT,
                                       (int)BlockSizeY, (int)BlockSizeZ>
      Base;

 public:
  typedef typename Base::TempStorage storage_type;

  template <class RunLengthT, class TotalDecodedSizeT>
  __device__ __forceinline__ block_run_length_decode(storage_type& storage,
                                                     ItemT (&run_values)[RunsPerThread],
                                                     RunLengthT (&run_lengths)[RunsPerThread],
                                                     TotalDecodedSizeT& total_decoded_size)
      : base_(storage, run_values, run_lengths, total_decoded_size) {}
  template <class UserRunOffsetT>
  __device__ __forceinline__ block_run_length_decode(storage_type& storage,
                                                     ItemT (&run_values)[RunsPerThread],
                                                     UserRunOffsetT (&run_offsets)[RunsPerThread])
      : base_(storage, run_values, run_offsets) {}

  template <class RelativeOffsetT>
  __device__ __forceinline__ void run_length_decode(ItemT (&decoded_items)[DecodedItemsPerThread],
                                                    RelativeOffsetT (&item_offsets)[DecodedItemsPerThread],
                                                    DecodedOffsetT from_decoded_offset = 0) {
    base_.RunLengthDecode(decoded_items, item_offsets, from_decoded_offset);
  }
  __device__ __forceinline__ void run_length_decode(ItemT (&decoded_items)[DecodedItemsPerThread],
                                                    DecodedOffsetT from_decoded_offset = 0) {
    base_.RunLengthDecode(decoded_items, from_decoded_offset);
  }

 private:
  Base base_;
};

/* ---- warp level (logical warps of 1 to 32 threads, a power of two; 32 by default) ---- */

enum class warp_load_method {
  warp_load_direct,
  warp_load_striped,
  warp_load_vectorize,
  warp_load_transpose,
  default_method = warp_load_direct
};
enum class warp_store_method {
  warp_store_direct,
  warp_store_striped,
  warp_store_vectorize,
  warp_store_transpose,
  default_method = warp_store_direct
};

namespace detail {
constexpr hipcub::WarpLoadAlgorithm warp_load_algorithm(warp_load_method method) {
  return method == warp_load_method::warp_load_striped     ? hipcub::WARP_LOAD_STRIPED
         : method == warp_load_method::warp_load_vectorize ? hipcub::WARP_LOAD_VECTORIZE
         : method == warp_load_method::warp_load_transpose ? hipcub::WARP_LOAD_TRANSPOSE
                                                           : hipcub::WARP_LOAD_DIRECT;
}
constexpr hipcub::WarpStoreAlgorithm warp_store_algorithm(warp_store_method method) {
  return method == warp_store_method::warp_store_striped     ? hipcub::WARP_STORE_STRIPED
         : method == warp_store_method::warp_store_vectorize ? hipcub::WARP_STORE_VECTORIZE
         : method == warp_store_method::warp_store_transpose ? hipcub::WARP_STORE_TRANSPOSE
                                                             : hipcub::WARP_STORE_DIRECT;
}
}  // namespace detail

/* Each logical warp needs a storage of its own, as in rocPRIM. */
template <class T, unsigned int ItemsPerThread, unsigned int WarpSize = 32,
          warp_load_method Method = warp_load_method::warp_load_direct>
class warp_load {
  typedef hipcub::WarpLoad<T, (int)ItemsPerThread, detail::warp_load_algorithm(Method),
                           (int)WarpSize>
      Base;

 public:
  typedef typename Base::TempStorage storage_type;

  template <class InputIterator>
  __device__ __forceinline__ void load(InputIterator input, T (&items)[ItemsPerThread],
                                       storage_type& storage) {
    Base(storage).Load(input, items);
  }
  template <class InputIterator>
  __device__ __forceinline__ void load(InputIterator input, T (&items)[ItemsPerThread],
                                       unsigned int valid, storage_type& storage) {
    Base(storage).Load(input, items, (int)valid);
  }
  template <class InputIterator, class Default>
  __device__ __forceinline__ void load(InputIterator input, T (&items)[ItemsPerThread],
                                       unsigned int valid, Default out_of_bounds,
                                       storage_type& storage) {
    Base(storage).Load(input, items, (int)valid, out_of_bounds);
  }
};

template <class T, unsigned int ItemsPerThread, unsigned int WarpSize = 32,
          warp_store_method Method = warp_store_method::warp_store_direct>
class warp_store {
  typedef hipcub::WarpStore<T, (int)ItemsPerThread, detail::warp_store_algorithm(Method),
                            (int)WarpSize>
      Base;

 public:
  typedef typename Base::TempStorage storage_type;

  template <class OutputIterator>
  __device__ __forceinline__ void store(OutputIterator output, T (&items)[ItemsPerThread],
                                        storage_type& storage) {
    Base(storage).Store(output, items);
  }
  template <class OutputIterator>
  __device__ __forceinline__ void store(OutputIterator output, T (&items)[ItemsPerThread],
                                        unsigned int valid, storage_type& storage) {
    Base(storage).Store(output, items, (int)valid);
  }
};

template <class T, unsigned int ItemsPerThread, unsigned int WarpSize = 32>
class warp_exchange {
  typedef hipcub::WarpExchange<T, (int)ItemsPerThread, (int)WarpSize> Base;

 public:
  typedef typename Base::TempStorage storage_type;

  template <class U>
  __device__ __forceinline__ void blocked_to_striped(const T (&input)[ItemsPerThread],
                                                     U (&output)[ItemsPerThread],
                                                     storage_type& storage) {
    Base(storage).BlockedToStriped(input, output);
  }
  template <class U>
  __device__ __forceinline__ void striped_to_blocked(const T (&input)[ItemsPerThread],
                                                     U (&output)[ItemsPerThread],
                                                     storage_type& storage) {
    Base(storage).StripedToBlocked(input, output);
  }
  /* Item i goes to rank ranks[i] of the warp's items; the result is striped. */
  template <class U, class OffsetT>
  __device__ __forceinline__ void scatter_to_striped(const T (&input)[ItemsPerThread],
                                                     U (&output)[ItemsPerThread],
                                                     const OffsetT (&ranks)[ItemsPerThread],
                                                     storage_type& storage) {
    Base(storage).ScatterToStriped(input, output,
                                   const_cast<OffsetT(&)[ItemsPerThread]>(ranks));
  }

  /* The _shuffle forms take no storage: every output item is read from its lane with one
   * shuffle for each of that lane's ItemsPerThread items (the one wanted is kept), so
   * ItemsPerThread^2 shuffles in all, each lane choosing its item by index. */
  template <class U>
  __device__ __forceinline__ void blocked_to_striped_shuffle(const T (&input)[ItemsPerThread],
                                                             U (&output)[ItemsPerThread]) {
    const unsigned int lane = __lane_id() & (WarpSize - 1);
    for (unsigned int i = 0; i < ItemsPerThread; ++i) {
      const unsigned int rank = i * WarpSize + lane;
      output[i] = shuffle_item(input, rank / ItemsPerThread, rank % ItemsPerThread);
    }
  }
  template <class U>
  __device__ __forceinline__ void striped_to_blocked_shuffle(const T (&input)[ItemsPerThread],
                                                             U (&output)[ItemsPerThread]) {
    const unsigned int lane = __lane_id() & (WarpSize - 1);
    for (unsigned int i = 0; i < ItemsPerThread; ++i) {
      const unsigned int rank = lane * ItemsPerThread + i;
      output[i] = shuffle_item(input, rank % WarpSize, rank / WarpSize);
    }
  }

 private:
  /* input[item] of lane `source` of the logical warp. */
  static __device__ __forceinline__ T shuffle_item(const T (&input)[ItemsPerThread],
                                                   unsigned int source, unsigned int item) {
    T result = input[0];
    for (unsigned int j = 0; j < ItemsPerThread; ++j) {
      T value = hipcub::detail::shfl_idx(WarpSize, input[j], source);
      if (j == item) result = value;
    }
    return result;
  }
};

namespace detail {
/* The smallest power of two at or above N (N >= 1). */
template <unsigned int N>
struct power_of_two_above {
  enum { value = 2 * power_of_two_above<(N + 1) / 2>::value };
};
template <>
struct power_of_two_above<1> {
  enum { value = 1 };
};

template <class T>
static __device__ __forceinline__ T warp_sort_xor(unsigned int width, const T& value,
                                                  unsigned int mask) {
  return hipcub::detail::shfl_xor(width, value, mask);
}
static __device__ __forceinline__ empty_type warp_sort_xor(unsigned int, const empty_type& value,
                                                           unsigned int) {
  return value;
}
template <class T>
static __device__ __forceinline__ T warp_sort_idx(unsigned int width, const T& value,
                                                  unsigned int lane) {
  return hipcub::detail::shfl_idx(width, value, lane);
}
static __device__ __forceinline__ empty_type warp_sort_idx(unsigned int, const empty_type& value,
                                                           unsigned int) {
  return value;
}

/* A bitonic sort of a logical warp's Width x N keys (and values) in a blocked arrangement,
 * with shuffles and no shared memory (so its storage does not depend on N). Each lane holds
 * Slots (N rounded up to a power of two) places; a place past N holds no key and orders after
 * every key, so the sorted keys fill the first Width x N places, which are then given back N
 * a lane. Place g = lane x Slots + s is compared with place g ^ j: in the lane's own registers
 * for j < Slots, else with the same place of lane ^ (j / Slots). Not stable. */
template <unsigned int Width, unsigned int N, class Key, class Value, class Compare>
struct WarpBitonic {
  enum { Slots = power_of_two_above<N>::value, Padded = Slots != N, Places = Width * Slots };

  /* a orders before b, places without a key last. */
  static __device__ __forceinline__ bool before(const Key& a, bool a_has, const Key& b,
                                                bool b_has, Compare& compare) {
    if (!Padded) return compare(a, b);
    return a_has && (!b_has || compare(a, b));
  }

  static __device__ __forceinline__ void sort(Key (&keys)[N], Value (&values)[N],
                                              Compare compare) {
    const unsigned int lane = __lane_id() & (Width - 1);
    Key key[Slots];
    Value value[Slots];
    bool has[Slots];
#pragma unroll
    for (unsigned int s = 0; s < Slots; ++s) {
      has[s] = s < N;
      key[s] = keys[s < N ? s : 0];
      value[s] = values[s < N ? s : 0];
    }
    /* The stages stay loops (few shuffle sites, which the CPU device compiles one by one);
     * the steps within a lane are unrolled, so the places stay in registers. */
#pragma unroll 1
    for (unsigned int k = 2; k <= (unsigned int)Places; k <<= 1) {
#pragma unroll 1
      for (unsigned int j = k >> 1; j >= (unsigned int)Slots && j > 0; j >>= 1) {
        const unsigned int lanes = j / Slots;
        const bool lower = (lane & lanes) == 0;
#pragma unroll
        for (unsigned int s = 0; s < Slots; ++s) {
          const bool ascending = (((lane * Slots) + s) & k) == 0;
          Key other_key = warp_sort_xor(Width, key[s], lanes);
          Value other_value = warp_sort_xor(Width, value[s], lanes);
          bool other_has = Padded ? warp_sort_xor(Width, (int)has[s], lanes) != 0 : true;
          /* The lower place keeps the smaller key in an ascending run, the larger in a
           * descending one; ties keep their own, so both lanes agree. */
          const bool take = lower == ascending
                                ? before(other_key, other_has, key[s], has[s], compare)
                                : before(key[s], has[s], other_key, other_has, compare);
          if (take) {
            key[s] = other_key;
            value[s] = other_value;
            has[s] = other_has;
          }
        }
      }
#pragma unroll
      for (unsigned int j = Slots >> 1; j > 0; j >>= 1) {
        if (j >= k) continue;
#pragma unroll
        for (unsigned int s = 0; s < Slots; ++s) {
          if (s & j) continue;
          const unsigned int t = s | j;
          const bool ascending = (((lane * Slots) + s) & k) == 0;
          /* Swap where the pair's order is the wrong way round for its direction. */
          const bool swap = ascending ? before(key[t], has[t], key[s], has[s], compare)
                                      : before(key[s], has[s], key[t], has[t], compare);
          if (swap) {
            Key k_s = key[s];
            key[s] = key[t];
            key[t] = k_s;
            Value v_s = value[s];
            value[s] = value[t];
            value[t] = v_s;
            bool h_s = has[s];
            has[s] = has[t];
            has[t] = h_s;
          }
        }
      }
    }
    if (!Padded) {
#pragma unroll
      for (unsigned int i = 0; i < N; ++i) {
        keys[i] = key[i < Slots ? i : 0];
        values[i] = value[i < Slots ? i : 0];
      }
      return;
    }
    /* Rank lane x N + i is place (lane x N + i) of the sorted Width x Slots places. */
#pragma unroll
    for (unsigned int i = 0; i < N; ++i) {
      const unsigned int rank = lane * N + i;
      const unsigned int source = rank / Slots, slot = rank % Slots;
#pragma unroll
      for (unsigned int s = 0; s < Slots; ++s) {
        Key k_s = warp_sort_idx(Width, key[s], source);
        Value v_s = warp_sort_idx(Width, value[s], source);
        if (s == slot) {
          keys[i] = k_s;
          values[i] = v_s;
        }
      }
    }
  }
};
}  // namespace detail

/* One key (and value) a lane with a storage: sorted across the logical warp by
 * compare_function through hipCUB's WarpMergeSort (stable); lane i ends with the i-th
 * smallest. ItemsPerThread keys a lane (and the forms without a storage): a bitonic sort over
 * shuffles (`detail::WarpBitonic`), which needs no storage, so storage_type does not depend on
 * the count, as in rocPRIM; like rocPRIM's it is not stable. Lane i ends with the keys of
 * ranks i x ItemsPerThread onward. */
template <class Key, unsigned int WarpSize = 32, class Value = empty_type>
class warp_sort {
  typedef typename detail::hipcub_value<Value>::type BaseValue;
  typedef hipcub::WarpMergeSort<Key, 1, (int)WarpSize, BaseValue> Base;

 public:
  typedef typename Base::TempStorage storage_type;

  template <class BinaryFunction = less<Key> >
  __device__ __forceinline__ void sort(Key& thread_key, storage_type& storage,
                                       BinaryFunction compare_function = BinaryFunction()) {
    Key keys[1] = {thread_key};
    Base(storage).Sort(keys, compare_function);
    thread_key = keys[0];
  }
  template <class V, class BinaryFunction = less<Key> >
  __device__ __forceinline__ void sort(Key& thread_key, V& thread_value, storage_type& storage,
                                       BinaryFunction compare_function = BinaryFunction()) {
    static_assert(std::is_same<V, Value>::value, "warp_sort: values of type Value");
    Key keys[1] = {thread_key};
    V values[1] = {thread_value};
    Base(storage).Sort(keys, values, compare_function);
    thread_key = keys[0];
    thread_value = values[0];
  }

  template <unsigned int ItemsPerThread, class BinaryFunction = less<Key> >
  __device__ __forceinline__ void sort(Key (&thread_keys)[ItemsPerThread],
                                       BinaryFunction compare_function = BinaryFunction()) {
    empty_type values[ItemsPerThread];
    detail::WarpBitonic<WarpSize, ItemsPerThread, Key, empty_type, BinaryFunction>::sort(
        thread_keys, values, compare_function);
  }
  template <unsigned int ItemsPerThread, class BinaryFunction = less<Key> >
  __device__ __forceinline__ void sort(Key (&thread_keys)[ItemsPerThread], storage_type& storage,
                                       BinaryFunction compare_function = BinaryFunction()) {
    (void)storage;
    sort(thread_keys, compare_function);
  }
  template <unsigned int ItemsPerThread, class BinaryFunction = less<Key> >
  __device__ __forceinline__ void sort(Key (&thread_keys)[ItemsPerThread],
                                       Value (&thread_values)[ItemsPerThread],
                                       BinaryFunction compare_function = BinaryFunction()) {
    detail::WarpBitonic<WarpSize, ItemsPerThread, Key, Value, BinaryFunction>::sort(
        thread_keys, thread_values, compare_function);
  }
  template <unsigned int ItemsPerThread, class BinaryFunction = less<Key> >
  __device__ __forceinline__ void sort(Key (&thread_keys)[ItemsPerThread],
                                       Value (&thread_values)[ItemsPerThread],
                                       storage_type& storage,
                                       BinaryFunction compare_function = BinaryFunction()) {
    (void)storage;
    sort(thread_keys, thread_values, compare_function);
  }
};

}  // namespace rocprim

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_ROCPRIM_HPP */
