/* oxhip: hipCUB's warp- and block-level collectives (namespace hipcub), written for oxhip in
 * portable device code: the same templates serve AMD GPUs, NVIDIA GPUs and the CPU device
 * from one host compile (docs/libraries.md). CUDA's <cub/cub.cuh> becomes this header through
 * oxhipify and in oxhip's CUDA compiles, and `cub::` names `hipcub::`.
 *
 * What is here: the operators (Sum, Max, Min, ArgMax-free), WarpReduce and WarpScan over
 * logical warps of 1 to 32 threads (a power of two), BlockReduce and BlockScan for blocks of
 * up to 1024 threads, each with the temp-storage convention (`__shared__ typename
 * X::TempStorage storage; X(storage).Sum(value)`). A logical warp is 32 threads or fewer on
 * every target, so TempStorage has one size in the host pass and every device pass.
 * DeviceReduce (Reduce, Sum, Min, Max) is the first device-wide algorithm; the others
 * (DeviceScan, DeviceRadixSort, ...) and the rest of the block primitives are not here yet
 * (FIXME(#25)).
 *
 * Results are as CUB documents them: a reduction's aggregate is valid in lane 0 (block:
 * thread 0); here every lane (thread) gets it, which CUB allows.
 */
#ifndef OXHIP_HIPCUB_HPP
#define OXHIP_HIPCUB_HPP

#include <hip/hip_runtime.h>

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

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

/* The block algorithms CUB offers; every one gives the same results here. */
enum BlockReduceAlgorithm {
  BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
  BLOCK_REDUCE_RAKING,
  BLOCK_REDUCE_WARP_REDUCTIONS
};
enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };

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

/* op over the logical warp's values, lanes below `valid` only, in lane order; every lane
 * gets it. */
template <unsigned int Width, class T, class Op>
static __device__ __forceinline__ T warp_reduce(T value, Op op, unsigned int valid) {
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
}

/* Inclusive op-scan over the logical warp, in lane order. */
template <unsigned int Width, class T, class Op>
static __device__ __forceinline__ T warp_inclusive_scan(T value, Op op) {
  unsigned int lane = __lane_id() & (Width - 1u);
  for (unsigned int step = 1; step < Width; step <<= 1) {
    T other = shfl_up(Width, value, step);
    if (lane >= step) value = op(other, value);
  }
  return value;
}

static __device__ __forceinline__ unsigned int block_rank() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}

template <class T>
struct Uninitialized {
  alignas(T) unsigned char bytes[sizeof(T)];
  __device__ __forceinline__ T& get() { return *reinterpret_cast<T*>(bytes); }
};

}  // namespace detail

/* ---- warp level --------------------------------------------------------------------- */

template <class T, int LOGICAL_WARP_THREADS = 32, int ARCH = 0>
class WarpReduce {
  static_assert(LOGICAL_WARP_THREADS >= 1 && LOGICAL_WARP_THREADS <= 32 &&
                    (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0,
                "oxhip's WarpReduce takes logical warps of 1 to 32 threads, a power of two");
  static const unsigned int Width = LOGICAL_WARP_THREADS;

 public:
  struct TempStorage {
    unsigned char unused;
  };
  __device__ __forceinline__ explicit WarpReduce(TempStorage&) {}

  __device__ __forceinline__ T Sum(T input) { return Reduce(input, hipcub::Sum()); }
  __device__ __forceinline__ T Sum(T input, int valid_items) {
    return Reduce(input, hipcub::Sum(), valid_items);
  }
  template <class ReductionOp>
  __device__ __forceinline__ T Reduce(T input, ReductionOp op) {
    return detail::warp_reduce<Width>(input, op, Width);
  }
  template <class ReductionOp>
  __device__ __forceinline__ T Reduce(T input, ReductionOp op, int valid_items) {
    return detail::warp_reduce<Width>(input, op, valid_items < 0 ? 0u : (unsigned int)valid_items);
  }
};

template <class T, int LOGICAL_WARP_THREADS = 32, int ARCH = 0>
class WarpScan {
  static_assert(LOGICAL_WARP_THREADS >= 1 && LOGICAL_WARP_THREADS <= 32 &&
                    (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0,
                "oxhip's WarpScan takes logical warps of 1 to 32 threads, a power of two");
  static const unsigned int Width = LOGICAL_WARP_THREADS;

 public:
  struct TempStorage {
    unsigned char unused;
  };
  __device__ __forceinline__ explicit WarpScan(TempStorage&) {}

  __device__ __forceinline__ void InclusiveSum(T input, T& output) {
    output = detail::warp_inclusive_scan<Width>(input, hipcub::Sum());
  }
  __device__ __forceinline__ void InclusiveSum(T input, T& output, T& warp_aggregate) {
    InclusiveSum(input, output);
    warp_aggregate = detail::shfl_idx(Width, output, Width - 1);
  }
  __device__ __forceinline__ void ExclusiveSum(T input, T& output) {
    T aggregate;
    ExclusiveSum(input, output, aggregate);
  }
  /* From the inclusive values of the lane before (not inclusive - input, which rounds for
   * floating point). */
  __device__ __forceinline__ void ExclusiveSum(T input, T& output, T& warp_aggregate) {
    T inclusive = detail::warp_inclusive_scan<Width>(input, hipcub::Sum());
    warp_aggregate = detail::shfl_idx(Width, inclusive, Width - 1);
    T previous = detail::shfl_up(Width, inclusive, 1);
    output = (__lane_id() & (Width - 1u)) == 0 ? T() : previous;
  }
  template <class ScanOp>
  __device__ __forceinline__ void InclusiveScan(T input, T& output, ScanOp op) {
    output = detail::warp_inclusive_scan<Width>(input, op);
  }
  template <class ScanOp>
  __device__ __forceinline__ void InclusiveScan(T input, T& output, ScanOp op,
                                                T& warp_aggregate) {
    InclusiveScan(input, output, op);
    warp_aggregate = detail::shfl_idx(Width, output, Width - 1);
  }
  /* Lane 0 gets `initial_value`, lane i op(initial, x0, ..., x(i-1)). */
  template <class ScanOp>
  __device__ __forceinline__ void ExclusiveScan(T input, T& output, T initial_value, ScanOp op) {
    T inclusive = detail::warp_inclusive_scan<Width>(input, op);
    T previous = detail::shfl_up(Width, inclusive, 1);
    output = (__lane_id() & (Width - 1u)) == 0 ? initial_value : op(initial_value, previous);
  }
};

/* ---- block level -------------------------------------------------------------------- */

template <class T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockReduce {
  static const unsigned int Threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static_assert(Threads >= 1 && Threads <= 1024, "a block has 1 to 1024 threads");
  static const unsigned int Warps = (Threads + 31) / 32;

 public:
  struct TempStorage {
    detail::Uninitialized<T> partial[Warps];
  };

  __device__ __forceinline__ explicit BlockReduce(TempStorage& storage) : storage_(storage) {}

  __device__ __forceinline__ T Sum(T input) { return Reduce(input, hipcub::Sum()); }
  __device__ __forceinline__ T Sum(T input, int num_valid) {
    return Reduce(input, hipcub::Sum(), num_valid);
  }
  template <int ITEMS_PER_THREAD>
  __device__ __forceinline__ T Sum(T (&inputs)[ITEMS_PER_THREAD]) {
    return Reduce(inputs, hipcub::Sum());
  }
  template <class ReductionOp>
  __device__ __forceinline__ T Reduce(T input, ReductionOp op) {
    return Reduce(input, op, (int)Threads);
  }
  template <int ITEMS_PER_THREAD, class ReductionOp>
  __device__ __forceinline__ T Reduce(T (&inputs)[ITEMS_PER_THREAD], ReductionOp op) {
    T partial = inputs[0];
    for (int item = 1; item < ITEMS_PER_THREAD; ++item) partial = op(partial, inputs[item]);
    return Reduce(partial, op);
  }
  /* Threads of rank num_valid and above give nothing; the result is valid in thread 0 (here
   * in every thread). */
  template <class ReductionOp>
  __device__ __forceinline__ T Reduce(T input, ReductionOp op, int num_valid) {
    unsigned int rank = detail::block_rank();
    unsigned int valid = num_valid < 0 ? 0u : (unsigned int)num_valid;
    unsigned int warp = rank / 32, first = warp * 32;
    unsigned int in_warp = valid <= first ? 0u : valid - first;
    T partial = detail::warp_reduce<32>(input, op, in_warp > 32 ? 32u : in_warp);
    __syncthreads(); /* an earlier use of the storage is over */
    if ((rank & 31u) == 0) storage_.partial[warp].get() = partial;
    __syncthreads();
    unsigned int warps = valid == 0 ? 1u : (valid + 31) / 32;
    T total = storage_.partial[0].get();
    for (unsigned int other = 1; other < warps && other < Warps; ++other)
      total = op(total, storage_.partial[other].get());
    return total;
  }

 private:
  TempStorage& storage_;
};

template <class T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockScan {
  static const unsigned int Threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static_assert(Threads >= 1 && Threads <= 1024, "a block has 1 to 1024 threads");
  static const unsigned int Warps = (Threads + 31) / 32;

 public:
  struct TempStorage {
    detail::Uninitialized<T> warp_total[Warps];
  };

  __device__ __forceinline__ explicit BlockScan(TempStorage& storage) : storage_(storage) {}

  __device__ __forceinline__ void InclusiveSum(T input, T& output) {
    T aggregate;
    InclusiveScan(input, output, hipcub::Sum(), aggregate);
  }
  __device__ __forceinline__ void InclusiveSum(T input, T& output, T& block_aggregate) {
    InclusiveScan(input, output, hipcub::Sum(), block_aggregate);
  }
  __device__ __forceinline__ void ExclusiveSum(T input, T& output) {
    T aggregate;
    ExclusiveSum(input, output, aggregate);
  }
  __device__ __forceinline__ void ExclusiveSum(T input, T& output, T& block_aggregate) {
    ExclusiveScan(input, output, T(), hipcub::Sum(), block_aggregate);
  }
  template <int ITEMS_PER_THREAD>
  __device__ __forceinline__ void InclusiveSum(T (&input)[ITEMS_PER_THREAD],
                                               T (&output)[ITEMS_PER_THREAD]) {
    T before;
    ExclusiveSum(thread_sum(input), before);
    for (int item = 0; item < ITEMS_PER_THREAD; ++item) {
      before = before + input[item];
      output[item] = before;
    }
  }
  template <int ITEMS_PER_THREAD>
  __device__ __forceinline__ void ExclusiveSum(T (&input)[ITEMS_PER_THREAD],
                                               T (&output)[ITEMS_PER_THREAD]) {
    T before;
    ExclusiveSum(thread_sum(input), before);
    for (int item = 0; item < ITEMS_PER_THREAD; ++item) {
      T value = input[item];
      output[item] = before;
      before = before + value;
    }
  }
  template <class ScanOp>
  __device__ __forceinline__ void InclusiveScan(T input, T& output, ScanOp op) {
    T aggregate;
    InclusiveScan(input, output, op, aggregate);
  }
  /* Thread rank r gets op over ranks 0 .. r; every thread gets the block's aggregate. */
  template <class ScanOp>
  __device__ __forceinline__ void InclusiveScan(T input, T& output, ScanOp op,
                                                T& block_aggregate) {
    unsigned int rank = detail::block_rank();
    unsigned int warp = rank / 32;
    T inclusive = detail::warp_inclusive_scan<32>(input, op);
    __syncthreads(); /* an earlier use of the storage is over */
    if ((rank & 31u) == 31u || rank == Threads - 1) storage_.warp_total[warp].get() = inclusive;
    __syncthreads();
    T prefix = storage_.warp_total[0].get();
    for (unsigned int other = 1; other < warp; ++other)
      prefix = op(prefix, storage_.warp_total[other].get());
    output = warp == 0 ? inclusive : op(prefix, inclusive);
    T total = storage_.warp_total[0].get();
    for (unsigned int other = 1; other < Warps; ++other)
      total = op(total, storage_.warp_total[other].get());
    block_aggregate = total;
  }
  /* Thread 0 gets `initial_value`, rank r op(initial, x0, ..., x(r-1)). */
  template <class ScanOp>
  __device__ __forceinline__ void ExclusiveScan(T input, T& output, T initial_value, ScanOp op) {
    T aggregate;
    ExclusiveScan(input, output, initial_value, op, aggregate);
  }
  template <class ScanOp>
  __device__ __forceinline__ void ExclusiveScan(T input, T& output, T initial_value, ScanOp op,
                                                T& block_aggregate) {
    T inclusive;
    InclusiveScan(input, inclusive, op, block_aggregate);
    unsigned int rank = detail::block_rank();
    /* The inclusive value of rank - 1: within the warp by shuffle, across by storage. */
    T previous = detail::shfl_up(32, inclusive, 1);
    __syncthreads();
    if ((rank & 31u) == 31u) storage_.warp_total[rank / 32].get() = inclusive;
    __syncthreads();
    if (rank == 0)
      output = initial_value;
    else if ((rank & 31u) == 0)
      output = op(initial_value, storage_.warp_total[rank / 32 - 1].get());
    else
      output = op(initial_value, previous);
  }

 private:
  /* The sum of one thread's items, in item order. */
  template <int ITEMS_PER_THREAD>
  __device__ static __forceinline__ T thread_sum(const T (&input)[ITEMS_PER_THREAD]) {
    T running = input[0];
    for (int item = 1; item < ITEMS_PER_THREAD; ++item) running = running + input[item];
    return running;
  }

  TempStorage& storage_;
};

/* ---- device level --------------------------------------------------------------------- */

namespace detail {

enum { REDUCE_THREADS = 256, REDUCE_MAX_BLOCKS = 1024 };

/* Pass 1: each block reduces a grid-stride share of the input into partial[block]. */
template <class T, class InputIt, class ReductionOp>
__global__ void __launch_bounds__(REDUCE_THREADS)
    device_reduce_partials(InputIt input, long long count, ReductionOp op, T* partial) {
  __shared__ typename BlockReduce<T, REDUCE_THREADS>::TempStorage storage;
  long long first = (long long)blockIdx.x * REDUCE_THREADS + threadIdx.x;
  long long stride = (long long)gridDim.x * REDUCE_THREADS;
  bool have = first < count;
  T value = have ? T(input[first]) : T();
  if (have)
    for (long long at = first + stride; at < count; at += stride) value = op(value, T(input[at]));
  /* The threads with an element are a prefix of the block (ranks below count - block
   * start), so num_valid counts them. */
  long long start = (long long)blockIdx.x * REDUCE_THREADS;
  int valid = count - start >= REDUCE_THREADS ? (int)REDUCE_THREADS : (int)(count - start);
  T total = BlockReduce<T, REDUCE_THREADS>(storage).Reduce(value, op, valid);
  if (threadIdx.x == 0) partial[blockIdx.x] = total;
}

/* Pass 2: one block reduces the partials, after `initial`, into *output. */
template <class T, class OutputIt, class ReductionOp>
__global__ void __launch_bounds__(REDUCE_THREADS)
    device_reduce_final(const T* partial, int blocks, ReductionOp op, T initial,
                        OutputIt output) {
  __shared__ typename BlockReduce<T, REDUCE_THREADS>::TempStorage storage;
  T value = threadIdx.x < (unsigned int)blocks ? partial[threadIdx.x] : T();
  for (int at = threadIdx.x + REDUCE_THREADS; at < blocks; at += REDUCE_THREADS)
    value = op(value, partial[at]);
  int valid = blocks < REDUCE_THREADS ? blocks : (int)REDUCE_THREADS;
  T total = BlockReduce<T, REDUCE_THREADS>(storage).Reduce(value, op, valid);
  if (threadIdx.x == 0) *output = blocks > 0 ? op(initial, total) : initial;
}

template <class Iterator>
struct value_of {
  typedef typename std::remove_cv<typename std::remove_reference<decltype(
      *std::declval<Iterator>())>::type>::type type;
};

}  // namespace detail

/* DeviceReduce with CUB's temp-storage convention: called with a null `d_temp_storage`, it
 * only sets `temp_storage_bytes`; called again with that much device memory, it reduces
 * `num_items` values from `d_in` into `*d_out` on `stream`. Two passes: up to 1024 blocks of
 * 256 threads reduce grid-stride shares, then one block reduces their results. */
struct DeviceReduce {
  template <class InputIt, class OutputIt, class ReductionOp, class T>
  static hipError_t Reduce(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                           OutputIt d_out, int num_items, ReductionOp op, T initial,
                           hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    long long count = num_items < 0 ? 0 : num_items;
    int blocks = (int)((count + detail::REDUCE_THREADS - 1) / detail::REDUCE_THREADS);
    if (blocks > detail::REDUCE_MAX_BLOCKS) blocks = detail::REDUCE_MAX_BLOCKS;
    size_t needed = (size_t)(blocks > 0 ? blocks : 1) * sizeof(T);
    if (d_temp_storage == nullptr) {
      temp_storage_bytes = needed;
      return hipSuccess;
    }
    if (temp_storage_bytes < needed) return hipErrorInvalidValue;
    T* partial = static_cast<T*>(d_temp_storage);
    if (blocks > 0) {
      detail::device_reduce_partials<T><<<blocks, detail::REDUCE_THREADS, 0, stream>>>(
          d_in, count, op, partial);
      hipError_t status = hipGetLastError();
      if (status != hipSuccess) return status;
    }
    detail::device_reduce_final<T><<<1, detail::REDUCE_THREADS, 0, stream>>>(partial, blocks, op,
                                                                            initial, d_out);
    return hipGetLastError();
  }

  template <class InputIt, class OutputIt>
  static hipError_t Sum(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                        OutputIt d_out, int num_items, hipStream_t stream = 0,
                        bool debug_synchronous = false) {
    typedef typename detail::value_of<InputIt>::type T;
    return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, hipcub::Sum(), T(),
                  stream, debug_synchronous);
  }
  template <class InputIt, class OutputIt>
  static hipError_t Max(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                        OutputIt d_out, int num_items, hipStream_t stream = 0,
                        bool debug_synchronous = false) {
    typedef typename detail::value_of<InputIt>::type T;
    return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, hipcub::Max(),
                  std::numeric_limits<T>::lowest(), stream, debug_synchronous);
  }
  template <class InputIt, class OutputIt>
  static hipError_t Min(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in,
                        OutputIt d_out, int num_items, hipStream_t stream = 0,
                        bool debug_synchronous = false) {
    typedef typename detail::value_of<InputIt>::type T;
    return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, hipcub::Min(),
                  std::numeric_limits<T>::max(), stream, debug_synchronous);
  }
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_HPP */
