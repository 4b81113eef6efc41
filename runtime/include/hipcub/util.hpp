/* oxhip: hipCUB's common pieces (namespace hipcub), written for oxhip in portable device code
 * (docs/libraries.md): the operators (Sum, Max, Min, ArgMin, ArgMax, Equality, Inequality,
 * Difference), KeyValuePair, DoubleBuffer, NullType, the input iterators (CountingInputIterator,
 * ConstantInputIterator, TransformInputIterator), CUB_MAX/CUB_MIN, and the detail helpers the
 * warp, block and device algorithms share (shuffles over logical warps, warp reduce and scan,
 * the block rank, uninitialized shared storage). Nothing here depends on the target, so a
 * type's layout is the same in the host pass and every device pass.
 */
#ifndef OXHIP_HIPCUB_UTIL_HPP
#define OXHIP_HIPCUB_UTIL_HPP

#include <hip/hip_runtime.h>

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

#include <cstddef>
#include <iterator>
#include <limits>
#include <type_traits>

#ifndef CUB_MAX
#define CUB_MAX(a, b) (((b) > (a)) ? (b) : (a))
#endif
#ifndef CUB_MIN
#define CUB_MIN(a, b) (((b) < (a)) ? (b) : (a))
#endif
#ifndef CUB_RUNTIME_FUNCTION
#define CUB_RUNTIME_FUNCTION __host__
#endif
#ifndef HIPCUB_RUNTIME_FUNCTION
#define HIPCUB_RUNTIME_FUNCTION __host__
#endif
/* CUB's error helpers: the status passes through (CubDebugExit ends the program). */
#ifndef CubDebug
#define CubDebug(e) (e)
#endif
#ifndef HipcubDebug
#define HipcubDebug(e) (e)
#endif
#ifndef CubDebugExit
#define CubDebugExit(e)                                                                       \
  do {                                                                                        \
    if ((e) != hipSuccess) ::exit(1);                                                         \
  } while (0)
#endif

namespace hipcub {

/* ---- operators ---------------------------------------------------------------------- */

struct Sum {
  template <class T>
  __host__ __device__ __forceinline__ T operator()(const T& a, const T& b) const {
    return a + b;
  }
};
struct Max {
  template <class T>
  __host__ __device__ __forceinline__ T operator()(const T& a, const T& b) const {
    return a < b ? b : a;
  }
};
struct Min {
  template <class T>
  __host__ __device__ __forceinline__ T operator()(const T& a, const T& b) const {
    return b < a ? b : a;
  }
};
struct Equality {
  template <class T, class U>
  __host__ __device__ __forceinline__ bool operator()(const T& a, const U& b) const {
    return a == b;
  }
};
struct Inequality {
  template <class T, class U>
  __host__ __device__ __forceinline__ bool operator()(const T& a, const U& b) const {
    return a != b;
  }
};

/* a - b: DeviceAdjacentDifference's default operator. */
struct Difference {
  template <class T>
  __host__ __device__ __forceinline__ T operator()(const T& a, const T& b) const {
    return a - b;
  }
};

/* A (key, value) pair; ArgMin and ArgMax reduce pairs of (offset, value). */
template <class Key, class Value>
struct KeyValuePair {
  typedef Key Key_t;
  typedef Value Value_t;
  Key key;
  Value value;
  __host__ __device__ __forceinline__ KeyValuePair() : key(), value() {}
  __host__ __device__ __forceinline__ KeyValuePair(const Key& k, const Value& v)
      : key(k), value(v) {}
  __host__ __device__ __forceinline__ bool operator!=(const KeyValuePair& other) const {
    return key != other.key || value != other.value;
  }
  __host__ __device__ __forceinline__ bool operator==(const KeyValuePair& other) const {
    return key == other.key && value == other.value;
  }
};

/* The smaller value; of equal values, the smaller key (the first occurrence). */
struct ArgMin {
  template <class T, class O>
  __host__ __device__ __forceinline__ KeyValuePair<O, T> operator()(
      const KeyValuePair<O, T>& a, const KeyValuePair<O, T>& b) const {
    return (b.value < a.value || (!(a.value < b.value) && b.key < a.key)) ? b : a;
  }
};
struct ArgMax {
  template <class T, class O>
  __host__ __device__ __forceinline__ KeyValuePair<O, T> operator()(
      const KeyValuePair<O, T>& a, const KeyValuePair<O, T>& b) const {
    return (a.value < b.value || (!(b.value < a.value) && b.key < a.key)) ? b : a;
  }
};

/* The value type of keys-only sorts. */
struct NullType {};

/* Two buffers of one sort's keys (or values): the sort reads Current(), may overwrite both,
 * and leaves its result in the buffer `selector` then names. */
template <class T>
struct DoubleBuffer {
  T* d_buffers[2];
  int selector;
  __host__ __device__ __forceinline__ DoubleBuffer() : selector(0) {
    d_buffers[0] = nullptr;
    d_buffers[1] = nullptr;
  }
  __host__ __device__ __forceinline__ DoubleBuffer(T* current, T* alternate) : selector(0) {
    d_buffers[0] = current;
    d_buffers[1] = alternate;
  }
  __host__ __device__ __forceinline__ T* Current() { return d_buffers[selector]; }
  __host__ __device__ __forceinline__ T* Alternate() { return d_buffers[selector ^ 1]; }
};

/* ---- input iterators ---------------------------------------------------------------- */

/* offset, offset + 1, ... */
template <class Value, class Offset = std::ptrdiff_t>
class CountingInputIterator {
 public:
  typedef CountingInputIterator self_type;
  typedef Offset difference_type;
  typedef Value value_type;
  typedef Value* pointer;
  typedef Value reference;
  typedef std::random_access_iterator_tag iterator_category;

  __host__ __device__ __forceinline__ CountingInputIterator(const Value& start = Value())
      : value_(start) {}
  __host__ __device__ __forceinline__ reference operator*() const { return value_; }
  template <class Distance>
  __host__ __device__ __forceinline__ reference operator[](Distance n) const {
    return (Value)(value_ + (Value)n);
  }
  __host__ __device__ __forceinline__ self_type& operator++() {
    ++value_;
    return *this;
  }
  __host__ __device__ __forceinline__ self_type operator++(int) {
    self_type old = *this;
    ++value_;
    return old;
  }
  template <class Distance>
  __host__ __device__ __forceinline__ self_type operator+(Distance n) const {
    return self_type((Value)(value_ + (Value)n));
  }
  template <class Distance>
  __host__ __device__ __forceinline__ self_type& operator+=(Distance n) {
    value_ = (Value)(value_ + (Value)n);
    return *this;
  }
  template <class Distance>
  __host__ __device__ __forceinline__ self_type operator-(Distance n) const {
    return self_type((Value)(value_ - (Value)n));
  }
  __host__ __device__ __forceinline__ difference_type operator-(self_type other) const {
    return (difference_type)(value_ - other.value_);
  }
  __host__ __device__ __forceinline__ bool operator==(const self_type& other) const {
    return value_ == other.value_;
  }
  __host__ __device__ __forceinline__ bool operator!=(const self_type& other) const {
    return value_ != other.value_;
  }

 private:
  Value value_;
};

/* The same value at every position. */
template <class Value, class Offset = std::ptrdiff_t>
class ConstantInputIterator {
 public:
  typedef ConstantInputIterator self_type;
  typedef Offset difference_type;
  typedef Value value_type;
  typedef Value* pointer;
  typedef Value reference;
  typedef std::random_access_iterator_tag iterator_category;

  __host__ __device__ __forceinline__ ConstantInputIterator(const Value& value = Value(),
                                                            Offset offset = Offset())
      : value_(value), offset_(offset) {}
  __host__ __device__ __forceinline__ reference operator*() const { return value_; }
  template <class Distance>
  __host__ __device__ __forceinline__ reference operator[](Distance) const {
    return value_;
  }
  __host__ __device__ __forceinline__ self_type& operator++() {
    ++offset_;
    return *this;
  }
  __host__ __device__ __forceinline__ self_type operator++(int) {
    self_type old = *this;
    ++offset_;
    return old;
  }
  template <class Distance>
  __host__ __device__ __forceinline__ self_type operator+(Distance n) const {
    return self_type(value_, offset_ + (Offset)n);
  }
  template <class Distance>
  __host__ __device__ __forceinline__ self_type& operator+=(Distance n) {
    offset_ += (Offset)n;
    return *this;
  }
  template <class Distance>
  __host__ __device__ __forceinline__ self_type operator-(Distance n) const {
    return self_type(value_, offset_ - (Offset)n);
  }
  __host__ __device__ __forceinline__ difference_type operator-(self_type other) const {
    return offset_ - other.offset_;
  }
  __host__ __device__ __forceinline__ bool operator==(const self_type& other) const {
    return offset_ == other.offset_;
  }
  __host__ __device__ __forceinline__ bool operator!=(const self_type& other) const {
    return offset_ != other.offset_;
  }

 private:
  Value value_;
  Offset offset_;
};

/* conversion_op(input[i]) at position i. */
template <class Value, class ConversionOp, class InputIt, class Offset = std::ptrdiff_t>
class TransformInputIterator {
 public:
  typedef TransformInputIterator self_type;
  typedef Offset difference_type;
  typedef Value value_type;
  typedef Value* pointer;
  typedef Value reference;
  typedef std::random_access_iterator_tag iterator_category;

  __host__ __device__ __forceinline__ TransformInputIterator(InputIt input, ConversionOp op)
      : op_(op), input_(input) {}
  __device__ __forceinline__ reference operator*() const { return op_(*input_); }
  template <class Distance>
  __device__ __forceinline__ reference operator[](Distance n) const {
    return op_(input_[n]);
  }
  __host__ __device__ __forceinline__ self_type& operator++() {
    ++input_;
    return *this;
  }
  __host__ __device__ __forceinline__ self_type operator++(int) {
    self_type old = *this;
    ++input_;
    return old;
  }
  template <class Distance>
  __host__ __device__ __forceinline__ self_type operator+(Distance n) const {
    return self_type(input_ + n, op_);
  }
  template <class Distance>
  __host__ __device__ __forceinline__ self_type& operator+=(Distance n) {
    input_ += n;
    return *this;
  }
  template <class Distance>
  __host__ __device__ __forceinline__ self_type operator-(Distance n) const {
    return self_type(input_ - n, op_);
  }
  __host__ __device__ __forceinline__ difference_type operator-(self_type other) const {
    return input_ - other.input_;
  }
  __host__ __device__ __forceinline__ bool operator==(const self_type& other) const {
    return input_ == other.input_;
  }
  __host__ __device__ __forceinline__ bool operator!=(const self_type& other) const {
    return input_ != other.input_;
  }

 private:
  ConversionOp op_;
  InputIt input_;
};

/* ---- shared helpers ----------------------------------------------------------------- */

namespace detail {

/* The lanes of the caller's logical warp of `width` threads (a power of two, at most 32). */
static __device__ __forceinline__ unsigned long long logical_lanes(unsigned int width) {
  unsigned long long ones = (1ull << width) - 1ull;
  return ones << (__lane_id() & ~(width - 1u));
}

template <class T>
static __device__ __forceinline__ T shfl_xor(unsigned int width, T value, unsigned int mask) {
  return __oxhip_shfl(__OXHIP_SHFL_XOR, logical_lanes(width), value, (int)mask, (int)width);
}
template <class T>
static __device__ __forceinline__ T shfl_up(unsigned int width, T value, unsigned int delta) {
  return __oxhip_shfl(__OXHIP_SHFL_UP, logical_lanes(width), value, (int)delta, (int)width);
}
template <class T>
static __device__ __forceinline__ T shfl_idx(unsigned int width, T value, unsigned int lane) {
  return __oxhip_shfl(__OXHIP_SHFL_IDX, logical_lanes(width), value, (int)lane, (int)width);
}

static __device__ __forceinline__ unsigned int block_rank() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}

/* Shared storage for a T that need not be trivially constructible. */
template <class T>
struct Uninitialized {
  alignas(T) unsigned char bytes[sizeof(T)];
  __host__ __device__ __forceinline__ T& get() { return *reinterpret_cast<T*>(bytes); }
};

#if defined(__OXHIP_CPU__)
/* The CPU device's warp collectives. A shuffle there is an exchange, a phase of every lane
 * with a runtime call (docs/cpu-target.md), and a butterfly takes one or two a step; so the
 * lanes put their values in shared memory between two `__syncwarp`s of the logical warp and
 * each lane folds what it needs in lane order (the second `__syncwarp` keeps the next call's
 * writes after every lane's reads). One slot per thread of the largest block, per type. */
template <class T>
struct CpuWarpSlots {
  static __device__ __forceinline__ Uninitialized<T>* get() {
    __shared__ Uninitialized<T> slots[1024];
    return slots;
  }
};

/* The logical warp's first rank and how many of its lanes exist (the block's last warp may
 * be partial). */
template <unsigned int Width>
static __device__ __forceinline__ unsigned int cpu_warp_base(unsigned int& present) {
  unsigned int rank = block_rank(), base = rank - (rank & (Width - 1u));
  unsigned int threads = blockDim.x * blockDim.y * blockDim.z;
  present = threads - base < Width ? threads - base : Width;
  return base;
}

/* inclusive: op over lanes 0 .. this one; previous: the lane before's inclusive (lane 0: its
 * own value); aggregate: op over every present lane. */
template <unsigned int Width, class T, class Op>
static __device__ __forceinline__ void cpu_warp_scan(T value, Op op, T& inclusive, T& previous,
                                                     T& aggregate) {
  unsigned int present, base = cpu_warp_base<Width>(present), rank = block_rank();
  Uninitialized<T>* slots = CpuWarpSlots<T>::get();
  slots[rank].get() = value;
  __syncwarp(logical_lanes(Width));
  T running = slots[base].get();
  previous = value;
  inclusive = running;
  for (unsigned int lane = base + 1; lane < base + present; ++lane) {
    if (lane == rank) previous = running;
    running = op(running, slots[lane].get());
    if (lane == rank) inclusive = running;
  }
  aggregate = running;
  __syncwarp(logical_lanes(Width));
}
#endif

/* op over the logical warp's values, lanes below `valid` only, in lane order; every lane
 * gets it. */
template <unsigned int Width, class T, class Op>
static __device__ __forceinline__ T warp_reduce(T value, Op op, unsigned int valid) {
#if defined(__OXHIP_CPU__)
  unsigned int present, base = cpu_warp_base<Width>(present);
  if (valid > present) valid = present;
  Uninitialized<T>* slots = CpuWarpSlots<T>::get();
  slots[block_rank()].get() = value;
  __syncwarp(logical_lanes(Width));
  if (valid > 0) {
    value = slots[base].get();
    for (unsigned int lane = base + 1; lane < base + valid; ++lane)
      value = op(value, slots[lane].get());
  }
  __syncwarp(logical_lanes(Width));
  return value;
#else
  unsigned int lane = __lane_id() & (Width - 1u);
  /* Butterfly with a validity flag: a pair combines only the valid parts, the lower rank's
   * on the left, so op need only be associative. */
  bool have = lane < valid;
  for (unsigned int step = 1; step < Width; step <<= 1) {
    T other = shfl_xor(Width, value, step);
    bool other_have = shfl_xor(Width, (int)have, step) != 0;
    if (have && other_have)
      value = (lane & step) ? op(other, value) : op(value, other);
    else if (other_have)
      value = other;
    have = have || other_have;
  }
  return value;
#endif
}

/* Inclusive op-scan over the logical warp, in lane order. */
template <unsigned int Width, class T, class Op>
static __device__ __forceinline__ T warp_inclusive_scan(T value, Op op) {
#if defined(__OXHIP_CPU__)
  T inclusive, previous, aggregate;
  cpu_warp_scan<Width>(value, op, inclusive, previous, aggregate);
  return inclusive;
#else
  unsigned int lane = __lane_id() & (Width - 1u);
  for (unsigned int step = 1; step < Width; step <<= 1) {
    T other = shfl_up(Width, value, step);
    if (lane >= step) value = op(other, value);
  }
  return value;
#endif
}

/* The type `*it` gives, without reference or cv. */
template <class Iterator>
struct value_of {
  typedef typename std::remove_cv<typename std::remove_reference<decltype(
      *std::declval<Iterator>())>::type>::type type;
};

/* The value type an output iterator takes: its value_type, or for a pointer the pointee;
 * `void` output iterators (CUB's discard iterators) fall back to `Fallback`. */
template <class OutputIt, class Fallback>
struct output_value_of {
  typedef typename std::iterator_traits<OutputIt>::value_type raw;
  typedef typename std::conditional<std::is_void<raw>::value, Fallback, raw>::type type;
};

/* The temp-storage convention: a null `d_temp_storage` asks for the size (never zero, so
 * that an allocation of it succeeds); otherwise less than `needed` is an error. Returns
 * true when the caller should go on and run. */
static inline bool temp_storage_check(void* d_temp_storage, size_t& temp_storage_bytes,
                                      size_t needed, hipError_t& status) {
  if (needed < 16) needed = 16;
  status = hipSuccess;
  if (d_temp_storage == nullptr) {
    temp_storage_bytes = needed;
    return false;
  }
  if (temp_storage_bytes < needed) {
    status = hipErrorInvalidValue;
    return false;
  }
  return true;
}

/* Lays out pieces of temporary storage, each 256-byte aligned, after one another. */
struct TempLayout {
  size_t offsets[8];
  int count;
  size_t total;
  TempLayout() : count(0), total(0) {}
  int add(size_t bytes) {
    offsets[count] = total;
    total += (bytes + 255) & ~(size_t)255;
    return count++;
  }
  template <class T>
  T* at(void* base, int piece) const {
    return reinterpret_cast<T*>(static_cast<unsigned char*>(base) + offsets[piece]);
  }
};

static inline hipError_t last_launch_status() { return hipGetLastError(); }

}  // namespace detail

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_UTIL_HPP */
