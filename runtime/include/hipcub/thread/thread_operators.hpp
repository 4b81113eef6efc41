/* oxhip: hipCUB's thread-level helpers (docs/libraries.md): Uninitialized (with Alias),
 * ThreadLoad and ThreadStore (every cache modifier is a plain access), ThreadReduce,
 * ThreadScanInclusive and ThreadScanExclusive over a thread's array, and LaneId and WarpId,
 * which count in logical warps of 32 threads on every target, as the warp primitives do.
 */
#ifndef OXHIP_HIPCUB_THREAD_OPERATORS_HPP
#define OXHIP_HIPCUB_THREAD_OPERATORS_HPP

#include "../util.hpp"
#include "../iterator/discard_output_iterator.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {

/* Storage for a T that need not be trivially constructible (a union member, __shared__). */
template <class T>
struct Uninitialized {
  alignas(T) unsigned char bytes[sizeof(T)];
  __host__ __device__ __forceinline__ T& Alias() { return *reinterpret_cast<T*>(bytes); }
};

template <CacheLoadModifier MODIFIER, class InputIt>
__device__ __forceinline__ typename detail::value_of<InputIt>::type ThreadLoad(InputIt itr) {
  return *itr;
}
template <CacheStoreModifier MODIFIER, class OutputIt, class T>
__device__ __forceinline__ void ThreadStore(OutputIt itr, T value) {
  *itr = value;
}

template <int LENGTH, class T, class ReductionOp>
__host__ __device__ __forceinline__ T ThreadReduce(T* input, ReductionOp op, T prefix) {
  T running = prefix;
  for (int i = 0; i < LENGTH; ++i) running = op(running, input[i]);
  return running;
}
template <int LENGTH, class T, class ReductionOp>
__host__ __device__ __forceinline__ T ThreadReduce(T* input, ReductionOp op) {
  T running = input[0];
  for (int i = 1; i < LENGTH; ++i) running = op(running, input[i]);
  return running;
}
template <int LENGTH, class T, class ReductionOp>
__host__ __device__ __forceinline__ T ThreadReduce(T (&input)[LENGTH], ReductionOp op) {
  return ThreadReduce<LENGTH>(&input[0], op);
}
template <int LENGTH, class T, class ReductionOp>
__host__ __device__ __forceinline__ T ThreadReduce(T (&input)[LENGTH], ReductionOp op,
                                                   T prefix) {
  return ThreadReduce<LENGTH>(&input[0], op, prefix);
}

/* output[0] = prefix, output[i] = op(prefix, input[0..i-1]); returns the aggregate with the
 * prefix. Without apply_prefix the items after the first leave the prefix out. */
template <int LENGTH, class T, class ScanOp>
__host__ __device__ __forceinline__ T ThreadScanExclusive(T (&input)[LENGTH],
                                                          T (&output)[LENGTH], ScanOp op,
                                                          T prefix, bool apply_prefix = true) {
  T running = apply_prefix ? op(prefix, input[0]) : input[0];
  output[0] = prefix;
  for (int i = 1; i < LENGTH; ++i) {
    T value = input[i];
    output[i] = running;
    running = op(running, value);
  }
  return running;
}
template <int LENGTH, class T, class ScanOp>
__host__ __device__ __forceinline__ T ThreadScanInclusive(T (&input)[LENGTH],
                                                          T (&output)[LENGTH], ScanOp op) {
  T running = input[0];
  output[0] = running;
  for (int i = 1; i < LENGTH; ++i) {
    running = op(running, input[i]);
    output[i] = running;
  }
  return running;
}
template <int LENGTH, class T, class ScanOp>
__host__ __device__ __forceinline__ T ThreadScanInclusive(T (&input)[LENGTH],
                                                          T (&output)[LENGTH], ScanOp op,
                                                          T prefix, bool apply_prefix = true) {
  T running = apply_prefix ? op(prefix, input[0]) : input[0];
  output[0] = running;
  for (int i = 1; i < LENGTH; ++i) {
    running = op(running, input[i]);
    output[i] = running;
  }
  return running;
}

__device__ __forceinline__ unsigned int LaneId() { return __lane_id() & 31u; }
__device__ __forceinline__ unsigned int WarpId() { return detail::block_rank() / 32u; }

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_THREAD_OPERATORS_HPP */
