/* oxhip device headers: warp (wavefront) functions: votes, shuffles, matches and
 * reductions, with HIP's 64-bit masks (the upper half is zero on 32-lane targets).
 *
 * Included by hip/oxhip/device_functions.h after the lane id and warpSize; the same
 * bodies serve amdgcn, nvptx, the CPU target (hip/oxhip/cpu.h) and the host pass,
 * where they are parsed but never emitted.
 */
#ifndef OXHIP_WARP_H
#define OXHIP_WARP_H

#if defined(__OXHIP_OFFLOAD__)

/* ---- votes ---------------------------------------------------------------------- */

/* Masks are 64-bit, as in HIP; on 32-lane targets the upper half is zero. */
__OXHIP_DEVICE__ unsigned long long __ballot(int predicate) {
#if defined(__OXHIP_AMDGCN__)
  return __builtin_amdgcn_ballot_w64(predicate != 0);
#elif defined(__OXHIP_NVPTX__)
  return __nvvm_vote_ballot_sync(__nvvm_activemask(), predicate != 0);
#elif defined(__OXHIP_CPU__)
  return __oxhip_cpu_ballot(predicate != 0);
#else
  return (unsigned long long)predicate;
#endif
}
__OXHIP_DEVICE__ unsigned long long __activemask(void) { return __ballot(1); }
__OXHIP_DEVICE__ int __any(int predicate) { return __ballot(predicate) != 0; }
__OXHIP_DEVICE__ int __all(int predicate) { return __ballot(predicate) == __ballot(1); }
__OXHIP_DEVICE__ unsigned long long __ballot_sync(unsigned long long mask, int predicate) {
  return __ballot(predicate) & mask;
}
__OXHIP_DEVICE__ int __any_sync(unsigned long long mask, int predicate) {
  return __ballot_sync(mask, predicate) != 0;
}
__OXHIP_DEVICE__ int __all_sync(unsigned long long mask, int predicate) {
  return __ballot_sync(mask, predicate) == (mask & __ballot(1));
}

/* ---- shuffles ------------------------------------------------------------------- */

/* One 32-bit lane exchange: returns `value` of lane `source` (an absolute lane number,
 * already computed by the callers below). */
__OXHIP_DEVICE__ int __oxhip_shuffle32(int value, int source) {
#if defined(__OXHIP_AMDGCN__)
  return __builtin_amdgcn_ds_bpermute(source << 2, value);
#elif defined(__OXHIP_NVPTX__)
  return __nvvm_shfl_sync_idx_i32(__nvvm_activemask(), value, source, 0x1f);
#elif defined(__OXHIP_CPU__)
  return (int)__oxhip_cpu_shuffle(value, source);
#else
  (void)source;
  return value;
#endif
}

/* Source lane for each shuffle kind within sub-groups of `width` lanes; a lane whose
 * source falls outside its sub-group reads its own value. */
__OXHIP_DEVICE__ int __oxhip_lane_idx(int lane, int width) {
  int self = (int)__lane_id();
  return (self & ~(width - 1)) + (lane & (width - 1));
}
__OXHIP_DEVICE__ int __oxhip_lane_up(unsigned int delta, int width) {
  int self = (int)__lane_id();
  int source = self - (int)delta;
  return source < (self & ~(width - 1)) ? self : source;
}
__OXHIP_DEVICE__ int __oxhip_lane_down(unsigned int delta, int width) {
  int self = (int)__lane_id();
  return (self & (width - 1)) + (int)delta >= width ? self : self + (int)delta;
}
__OXHIP_DEVICE__ int __oxhip_lane_xor(int mask, int width) {
  int self = (int)__lane_id();
  int source = self ^ mask;
  return source >= ((self + width) & ~(width - 1)) ? self : source;
}

#define __OXHIP_SHUFFLES(name, lane_fn, lane_type)                                              \
  __OXHIP_DEVICE__ int name(int value, lane_type lane, int width = warpSize) {                 \
    return __oxhip_shuffle32(value, lane_fn(lane, width));                                      \
  }                                                                                             \
  __OXHIP_DEVICE__ unsigned int name(unsigned int value, lane_type lane, int width = warpSize) {\
    return (unsigned int)__oxhip_shuffle32((int)value, lane_fn(lane, width));                   \
  }                                                                                             \
  __OXHIP_DEVICE__ float name(float value, lane_type lane, int width = warpSize) {             \
    return __builtin_bit_cast(float,                                                            \
                              __oxhip_shuffle32(__builtin_bit_cast(int, value), lane_fn(lane, width))); \
  }                                                                                             \
  __OXHIP_DEVICE__ long long name(long long value, lane_type lane, int width = warpSize) {     \
    int source = lane_fn(lane, width);                                                          \
    unsigned long long bits = (unsigned long long)value;                                        \
    unsigned int lo = (unsigned int)__oxhip_shuffle32((int)(unsigned int)bits, source);        \
    unsigned int hi = (unsigned int)__oxhip_shuffle32((int)(unsigned int)(bits >> 32), source);\
    return (long long)(((unsigned long long)hi << 32) | lo);                                    \
  }                                                                                             \
  __OXHIP_DEVICE__ unsigned long long name(unsigned long long value, lane_type lane,            \
                                           int width = warpSize) {                             \
    return (unsigned long long)name((long long)value, lane, width);                             \
  }                                                                                             \
  __OXHIP_DEVICE__ long name(long value, lane_type lane, int width = warpSize) {               \
    return (long)name((long long)value, lane, width);                                           \
  }                                                                                             \
  __OXHIP_DEVICE__ unsigned long name(unsigned long value, lane_type lane, int width = warpSize) { \
    return (unsigned long)name((long long)value, lane, width);                                  \
  }                                                                                             \
  __OXHIP_DEVICE__ double name(double value, lane_type lane, int width = warpSize) {           \
    return __builtin_bit_cast(double, name(__builtin_bit_cast(long long, value), lane, width)); \
  }                                                                                             \
  template <typename T>                                                                         \
  __OXHIP_DEVICE__ T name##_sync(unsigned long long mask, T value, lane_type lane,             \
                                 int width = warpSize) {                                       \
    (void)mask;                                                                                 \
    return name(value, lane, width);                                                            \
  }

__OXHIP_SHUFFLES(__shfl, __oxhip_lane_idx, int)
__OXHIP_SHUFFLES(__shfl_up, __oxhip_lane_up, unsigned int)
__OXHIP_SHUFFLES(__shfl_down, __oxhip_lane_down, unsigned int)
__OXHIP_SHUFFLES(__shfl_xor, __oxhip_lane_xor, int)
#undef __OXHIP_SHUFFLES

#endif /* __OXHIP_OFFLOAD__ */

#endif /* OXHIP_WARP_H */
