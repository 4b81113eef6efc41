/* oxhip device headers: warp (wavefront) functions: votes, shuffles, matches, reductions,
 * __syncwarp and lane masks, with HIP's 64-bit masks (the upper half is zero on 32-lane
 * targets; nvptx takes the low 32 bits of a mask).
 *
 * Included by hip/oxhip/device_functions.h after the lane id and warpSize; the same
 * bodies serve amdgcn, nvptx, the CPU target (hip/oxhip/cpu.h) and the host pass, where
 * they are parsed but never emitted.
 *
 * Masks: a `*_sync` function's mask names the lanes that take part; lanes named in it that
 * have exited (or do not exist, in a partial last warp) are left out, as in CUDA.
 * - nvptx: every `*_sync` form is the PTX `.sync` instruction with the mask; the forms
 *   without a mask use __activemask(). match.sync needs sm_70 and redux.sync sm_80;
 *   below those, matches and reductions are built from shfl.sync and vote.sync with the
 *   mask.
 * - amdgcn: a wave has no independent thread scheduling, so the mask only selects whose
 *   values count (ballots, matches, reductions); shuffles ignore it.
 * - CPU target: a warp operation is one or more exchanges among every live lane of the
 *   warp (the runtime's ballot and shuffle); an exchange completes once each live lane has
 *   arrived at one, so lanes outside a mask must have exited or be doing warp operations
 *   of their own, never waiting at __syncthreads. Masks select whose values count, as on
 *   amdgcn.
 * Reductions and matches read only lanes of the mask, so groups with different masks
 * (cooperative_groups::labeled_partition) may run them side by side. On the CPU target a
 * lane's n-th exchange meets every other lane's n-th exchange, so lanes that meet again
 * in a warp operation must have made the same number of exchanges: reductions and scans
 * always make the same number whatever the mask; __match_any_sync makes one round per
 * distinct value.
 */
#ifndef OXHIP_WARP_H
#define OXHIP_WARP_H

#if defined(__OXHIP_OFFLOAD__)

#if defined(__OXHIP_NVPTX__) && __CUDA_ARCH__ >= 700
#define __OXHIP_NVPTX_MATCH 1
#endif
#if defined(__OXHIP_NVPTX__) && __CUDA_ARCH__ >= 800
#define __OXHIP_NVPTX_REDUX 1
#endif

template <bool Condition, class T = void>
struct __oxhip_warp_enable_if {};
template <class T>
struct __oxhip_warp_enable_if<true, T> {
  typedef T type;
};

/* ---- lane masks ----------------------------------------------------------------- */

/* Lanes below and above the caller, whether active or not. */
__OXHIP_DEVICE__ unsigned long long __oxhip_lanes_below(void) {
  return (1ull << __lane_id()) - 1ull;
}
__OXHIP_DEVICE__ unsigned long long __oxhip_lanes_above(void) {
  /* Two shifts: a shift by 64 (lane 63) is undefined. */
  return (~0ull << __lane_id()) << 1;
}

/* Every lane of a warp. */
__OXHIP_DEVICE__ unsigned long long __oxhip_warp_lanes(void) {
  return warpSize >= 64 ? ~0ull : (1ull << (warpSize % 64)) - 1ull;
}

/* The lane of `lanes` whose rank (count of lanes of `lanes` below it) is `rank`; `rank`
 * must be less than the number of lanes. A binary search on the population counts of
 * the low halves. */
__OXHIP_DEVICE__ int __oxhip_nth_lane(unsigned long long lanes, unsigned int rank) {
  int base = 0;
  for (int half = 32; half > 0; half >>= 1) {
    unsigned long long low = lanes & ((1ull << half) - 1ull);
    unsigned int below = (unsigned int)__builtin_popcountll(low);
    if (rank >= below) {
      rank -= below;
      lanes >>= half;
      base += half;
    } else {
      lanes = low;
    }
  }
  return base;
}

/* The bits of `bits` at the lanes of `lanes`, packed in lane order (bit i: the lane of
 * rank i). */
__OXHIP_DEVICE__ unsigned long long __oxhip_pack_lanes(unsigned long long bits,
                                                       unsigned long long lanes) {
  unsigned long long packed = 0;
  int rank = 0;
  for (; lanes != 0; lanes &= lanes - 1ull, ++rank) {
    if (bits & lanes & (0ull - lanes)) packed |= 1ull << rank;
  }
  return packed;
}

/* ---- votes ---------------------------------------------------------------------- */

__OXHIP_DEVICE__ unsigned long long __ballot(int predicate) {
#if defined(__OXHIP_AMDGCN__)
  return __builtin_amdgcn_ballot_w64(predicate != 0);
#elif defined(__OXHIP_NVPTX__)
  return __nvvm_vote_ballot_sync(__nvvm_activemask(), predicate != 0);
#elif defined(__OXHIP_CPU__)
  return __oxhip_cpu_ballot(predicate != 0);
#else
  return (unsigned long long)(predicate != 0);
#endif
}
__OXHIP_DEVICE__ unsigned long long __ballot_sync(unsigned long long mask, int predicate) {
#if defined(__OXHIP_NVPTX__)
  return __nvvm_vote_ballot_sync((unsigned int)mask, predicate != 0);
#else
  return __ballot(predicate) & mask;
#endif
}
__OXHIP_DEVICE__ unsigned long long __activemask(void) {
#if defined(__OXHIP_NVPTX__)
  return __nvvm_activemask();
#else
  return __ballot(1);
#endif
}
__OXHIP_DEVICE__ int __any(int predicate) {
#if defined(__OXHIP_NVPTX__)
  return __nvvm_vote_any_sync(__nvvm_activemask(), predicate != 0);
#else
  return __ballot(predicate) != 0;
#endif
}
__OXHIP_DEVICE__ int __all(int predicate) {
#if defined(__OXHIP_NVPTX__)
  return __nvvm_vote_all_sync(__nvvm_activemask(), predicate != 0);
#else
  return __ballot(!predicate) == 0;
#endif
}
__OXHIP_DEVICE__ int __any_sync(unsigned long long mask, int predicate) {
#if defined(__OXHIP_NVPTX__)
  return __nvvm_vote_any_sync((unsigned int)mask, predicate != 0);
#else
  return (__ballot(predicate) & mask) != 0;
#endif
}
__OXHIP_DEVICE__ int __all_sync(unsigned long long mask, int predicate) {
#if defined(__OXHIP_NVPTX__)
  return __nvvm_vote_all_sync((unsigned int)mask, predicate != 0);
#else
  return (__ballot(!predicate) & mask) == 0;
#endif
}

/* HIP's lane masks: the active lanes below and above the caller, and the caller's own. */
__OXHIP_DEVICE__ unsigned long long __lanemask_lt(void) {
  return __oxhip_lanes_below() & __activemask();
}
__OXHIP_DEVICE__ unsigned long long __lanemask_gt(void) {
  return __oxhip_lanes_above() & __activemask();
}
__OXHIP_DEVICE__ unsigned long long __lanemask_eq(void) { return 1ull << __lane_id(); }

/* Waits until the lanes of `mask` have arrived, and orders their memory accesses. */
__OXHIP_DEVICE__ void __syncwarp(unsigned long long mask = ~0ull) {
#if defined(__OXHIP_AMDGCN__)
  (void)mask;
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
#elif defined(__OXHIP_NVPTX__)
  __nvvm_bar_warp_sync((unsigned int)mask);
#elif defined(__OXHIP_CPU__)
  /* A ballot returns once every live lane of the warp has arrived. */
  (void)mask;
  (void)__oxhip_cpu_ballot(1);
#else
  (void)mask;
#endif
}

/* ---- shuffles ------------------------------------------------------------------- */

/* The four kinds of shuffle, and the source lane of each within sub-groups of `width`
 * lanes; a lane whose source falls outside its sub-group reads its own value. */
enum { __OXHIP_SHFL_IDX, __OXHIP_SHFL_UP, __OXHIP_SHFL_DOWN, __OXHIP_SHFL_XOR };

__OXHIP_DEVICE__ int __oxhip_shfl_source(int kind, int operand, int width) {
  int self = (int)__lane_id();
  int first = self & ~(width - 1);
  int source;
  switch (kind) {
    case __OXHIP_SHFL_IDX:
      return first + (operand & (width - 1));
    case __OXHIP_SHFL_UP:
      source = self - operand;
      return source < first ? self : source;
    case __OXHIP_SHFL_DOWN:
      source = self + operand;
      return source >= first + width ? self : source;
    default:
      source = self ^ operand;
      return source >= first + width ? self : source;
  }
}

/* The unit a shuffle moves: the CPU target's exchange carries 64 bits, the GPUs' 32. */
#if defined(__OXHIP_CPU__)
typedef long long __oxhip_shfl_word;
#else
typedef int __oxhip_shfl_word;
#endif

__OXHIP_DEVICE__ __oxhip_shfl_word __oxhip_shfl_exchange(int kind, unsigned long long mask,
                                                         __oxhip_shfl_word value, int operand,
                                                         int width) {
#if defined(__OXHIP_NVPTX__)
  /* shfl.sync's c operand: the sub-group mask in bits 8..12 and, except for `up`, the
   * highest lane in bits 0..4; PTX's rules for out-of-range sources are HIP's. A width
   * above the warp (a 64-lane tile in code also built for amdgcn) is the whole warp. */
  unsigned int lanes = (unsigned int)mask;
  int segment = (32 - (width > 32 ? 32 : width)) << 8;
  switch (kind) {
    case __OXHIP_SHFL_IDX:
      return __nvvm_shfl_sync_idx_i32(lanes, value, operand, segment | 0x1f);
    case __OXHIP_SHFL_UP:
      return __nvvm_shfl_sync_up_i32(lanes, value, operand, segment);
    case __OXHIP_SHFL_DOWN:
      return __nvvm_shfl_sync_down_i32(lanes, value, operand, segment | 0x1f);
    default:
      return __nvvm_shfl_sync_bfly_i32(lanes, value, operand, segment | 0x1f);
  }
#elif defined(__OXHIP_AMDGCN__)
  (void)mask;
  return __builtin_amdgcn_ds_bpermute(__oxhip_shfl_source(kind, operand, width) << 2, value);
#elif defined(__OXHIP_CPU__)
  (void)mask;
  return __oxhip_cpu_shuffle(value, (int)__lane_id(), kind, operand, width);
#else
  (void)kind;
  (void)mask;
  (void)operand;
  (void)width;
  return value;
#endif
}

/* Shuffles a value of any type, one word at a time. */
template <class T>
__OXHIP_DEVICE__ T __oxhip_shfl(int kind, unsigned long long mask, T value, int operand,
                                int width) {
  const unsigned int word_size = sizeof(__oxhip_shfl_word);
  const unsigned int words = (sizeof(T) + word_size - 1) / word_size;
  __oxhip_shfl_word bits[words];
  bits[words - 1] = 0;
  __builtin_memcpy(bits, &value, sizeof(T));
  for (unsigned int word = 0; word < words; ++word)
    bits[word] = __oxhip_shfl_exchange(kind, mask, bits[word], operand, width);
  T result = value;
  __builtin_memcpy(&result, bits, sizeof(T));
  return result;
}

/* The value of `value` in lane `lane`, an absolute lane number, among `mask`. */
template <class T>
__OXHIP_DEVICE__ T __oxhip_read_lane(unsigned long long mask, T value, int lane) {
  return __oxhip_shfl(__OXHIP_SHFL_IDX, mask, value, lane, warpSize);
}

#if defined(__OXHIP_NVPTX__)
#define __OXHIP_ACTIVE_LANES() __nvvm_activemask()
#else
#define __OXHIP_ACTIVE_LANES() ~0ull
#endif

/* HIP's overloads for the arithmetic types (smaller integers promote to int), one
 * template for every other type that is not an integer or enumeration (_Float16, __half,
 * __half2, structures), and the `_sync` forms as templates, as in HIP. */
#define __OXHIP_SHUFFLE_TYPE(name, kind, operand_type, type)                                    \
  __OXHIP_DEVICE__ type name(type value, operand_type operand, int width = warpSize) {         \
    return __oxhip_shfl(kind, __OXHIP_ACTIVE_LANES(), value, (int)operand, width);            \
  }
#define __OXHIP_SHUFFLES(name, kind, operand_type)                                              \
  __OXHIP_SHUFFLE_TYPE(name, kind, operand_type, int)                                           \
  __OXHIP_SHUFFLE_TYPE(name, kind, operand_type, unsigned int)                                  \
  __OXHIP_SHUFFLE_TYPE(name, kind, operand_type, long)                                          \
  __OXHIP_SHUFFLE_TYPE(name, kind, operand_type, unsigned long)                                 \
  __OXHIP_SHUFFLE_TYPE(name, kind, operand_type, long long)                                     \
  __OXHIP_SHUFFLE_TYPE(name, kind, operand_type, unsigned long long)                            \
  __OXHIP_SHUFFLE_TYPE(name, kind, operand_type, float)                                         \
  __OXHIP_SHUFFLE_TYPE(name, kind, operand_type, double)                                        \
  template <class T>                                                                            \
  __OXHIP_DEVICE__                                                                              \
  typename __oxhip_warp_enable_if<!__is_integral(T) && !__is_enum(T), T>::type name(           \
      T value, operand_type operand, int width = warpSize) {                                   \
    return __oxhip_shfl(kind, __OXHIP_ACTIVE_LANES(), value, (int)operand, width);            \
  }                                                                                             \
  template <class T>                                                                            \
  __OXHIP_DEVICE__ T name##_sync(unsigned long long mask, T value, operand_type operand,       \
                                 int width = warpSize) {                                       \
    return __oxhip_shfl(kind, mask, value, (int)operand, width);                               \
  }

__OXHIP_SHUFFLES(__shfl, __OXHIP_SHFL_IDX, int)
__OXHIP_SHUFFLES(__shfl_up, __OXHIP_SHFL_UP, unsigned int)
__OXHIP_SHUFFLES(__shfl_down, __OXHIP_SHFL_DOWN, unsigned int)
__OXHIP_SHUFFLES(__shfl_xor, __OXHIP_SHFL_XOR, int)
#undef __OXHIP_SHUFFLES
#undef __OXHIP_SHUFFLE_TYPE

/* ---- matches -------------------------------------------------------------------- */

/* The lanes of `mask` that take part (have not exited). */
__OXHIP_DEVICE__ unsigned long long __oxhip_present(unsigned long long mask) {
  return __ballot_sync(mask, 1) & mask;
}

/* Each round takes the lowest lane not yet matched and finds the lanes that hold its
 * value: as many rounds as distinct values. */
template <class T>
__OXHIP_DEVICE__ unsigned long long __oxhip_match_any(unsigned long long mask, T value) {
  unsigned long long present = __oxhip_present(mask);
  unsigned long long pending = present;
  unsigned long long self = 1ull << __lane_id();
  unsigned long long matched = 0;
  while (pending != 0) {
    T first = __oxhip_read_lane(present, value, __builtin_ctzll(pending));
    unsigned long long same = __ballot_sync(present, value == first) & pending;
    if (same & self) matched = same;
    pending &= ~same;
  }
  return matched;
}
template <class T>
__OXHIP_DEVICE__ unsigned long long __oxhip_match_all(unsigned long long mask, T value,
                                                      int *predicate) {
  unsigned long long present = __oxhip_present(mask);
  T first = __oxhip_read_lane(present, value, __builtin_ctzll(present | (1ull << __lane_id())));
  int all = (__ballot_sync(present, value != first) & present) == 0;
  *predicate = all;
  /* As match.all.sync on NVIDIA: lanes of the mask that have exited are not in the result. */
  return all ? present : 0ull;
}

#define __OXHIP_MATCH_TYPE(type, bits_type, builtin_suffix)                                     \
  __OXHIP_DEVICE__ unsigned long long __match_any_sync(unsigned long long mask, type value) {  \
    __OXHIP_MATCH_BODY_ANY(bits_type, builtin_suffix)                                           \
  }                                                                                             \
  __OXHIP_DEVICE__ unsigned long long __match_all_sync(unsigned long long mask, type value,    \
                                                       int *predicate) {                        \
    __OXHIP_MATCH_BODY_ALL(bits_type, builtin_suffix)                                           \
  }
#if defined(__OXHIP_NVPTX_MATCH)
#define __OXHIP_MATCH_BODY_ANY(bits_type, suffix)                                               \
  return __nvvm_match_any_sync_##suffix((unsigned int)mask, __builtin_bit_cast(bits_type, value));
#define __OXHIP_MATCH_BODY_ALL(bits_type, suffix)                                               \
  return __nvvm_match_all_sync_##suffix##p((unsigned int)mask,                                  \
                                           __builtin_bit_cast(bits_type, value), predicate);
#else
/* Floating-point values match by their bits, as on NVIDIA (so NaNs match themselves). */
#define __OXHIP_MATCH_BODY_ANY(bits_type, suffix)                                               \
  return __oxhip_match_any(mask, __builtin_bit_cast(bits_type, value));
#define __OXHIP_MATCH_BODY_ALL(bits_type, suffix)                                               \
  return __oxhip_match_all(mask, __builtin_bit_cast(bits_type, value), predicate);
#endif

__OXHIP_MATCH_TYPE(int, int, i32)
__OXHIP_MATCH_TYPE(unsigned int, int, i32)
__OXHIP_MATCH_TYPE(long, long long, i64)
__OXHIP_MATCH_TYPE(unsigned long, long long, i64)
__OXHIP_MATCH_TYPE(long long, long long, i64)
__OXHIP_MATCH_TYPE(unsigned long long, long long, i64)
__OXHIP_MATCH_TYPE(float, int, i32)
__OXHIP_MATCH_TYPE(double, long long, i64)
#undef __OXHIP_MATCH_TYPE
#undef __OXHIP_MATCH_BODY_ANY
#undef __OXHIP_MATCH_BODY_ALL

/* ---- reductions ----------------------------------------------------------------- */

/* Reduces `value` over the lanes of `lanes` (the same on every lane that calls it) in
 * rank order, so `op` need only be associative, and gives every one of them the result.
 * A tree over the ranks: in round k a lane whose rank is a multiple of 2^(k+1) takes in
 * the lane 2^k ranks above it; then every lane reads rank 0. The number of rounds
 * depends only on the warp size, so groups with different lane sets stay in step. */
template <class T, class Op>
__OXHIP_DEVICE__ T __oxhip_reduce_lanes(unsigned long long lanes, T value, Op op) {
  unsigned int count = (unsigned int)__builtin_popcountll(lanes);
  unsigned int rank = (unsigned int)__builtin_popcountll(lanes & __oxhip_lanes_below());
  int self = (int)__lane_id();
  for (unsigned int step = 1; step < (unsigned int)warpSize; step <<= 1) {
    unsigned int partner = rank + step;
    bool takes = (rank & (2 * step - 1)) == 0 && partner < count;
    T other = __oxhip_read_lane(lanes, value, takes ? __oxhip_nth_lane(lanes, partner) : self);
    if (takes) value = op(value, other);
  }
  return __oxhip_read_lane(lanes, value, __builtin_ctzll(lanes | (1ull << self)));
}

/* Inclusive scan over the lanes of `lanes` in rank order (Hillis-Steele), again with a
 * fixed number of rounds. */
template <class T, class Op>
__OXHIP_DEVICE__ T __oxhip_scan_lanes(unsigned long long lanes, T value, Op op) {
  unsigned int rank = (unsigned int)__builtin_popcountll(lanes & __oxhip_lanes_below());
  int self = (int)__lane_id();
  for (unsigned int step = 1; step < (unsigned int)warpSize; step <<= 1) {
    bool takes = rank >= step;
    T other = __oxhip_read_lane(lanes, value, takes ? __oxhip_nth_lane(lanes, rank - step) : self);
    if (takes) value = op(other, value);
  }
  return value;
}

struct __oxhip_op_add {
  template <class T>
  __device__ __forceinline__ T operator()(T a, T b) const { return a + b; }
};
struct __oxhip_op_min {
  template <class T>
  __device__ __forceinline__ T operator()(T a, T b) const { return b < a ? b : a; }
};
struct __oxhip_op_max {
  template <class T>
  __device__ __forceinline__ T operator()(T a, T b) const { return a < b ? b : a; }
};
struct __oxhip_op_and {
  template <class T>
  __device__ __forceinline__ T operator()(T a, T b) const { return a & b; }
};
struct __oxhip_op_or {
  template <class T>
  __device__ __forceinline__ T operator()(T a, T b) const { return a | b; }
};
struct __oxhip_op_xor {
  template <class T>
  __device__ __forceinline__ T operator()(T a, T b) const { return a ^ b; }
};

/* __reduce_<op>_sync for int and unsigned: redux.sync on sm_80 and later, the lane tree
 * over the lanes of the mask that take part elsewhere. */
#if defined(__OXHIP_NVPTX_REDUX)
#define __OXHIP_REDUCE(name, type, op, builtin)                                                 \
  __OXHIP_DEVICE__ type name(unsigned long long mask, type value) {                            \
    return (type)builtin((int)value, (int)(unsigned int)mask);                                  \
  }
#else
#define __OXHIP_REDUCE(name, type, op, builtin)                                                 \
  __OXHIP_DEVICE__ type name(unsigned long long mask, type value) {                            \
    return __oxhip_reduce_lanes(__oxhip_present(mask), value, op());                            \
  }
#endif
__OXHIP_REDUCE(__reduce_add_sync, int, __oxhip_op_add, __nvvm_redux_sync_add)
__OXHIP_REDUCE(__reduce_add_sync, unsigned int, __oxhip_op_add, __nvvm_redux_sync_add)
__OXHIP_REDUCE(__reduce_min_sync, int, __oxhip_op_min, __nvvm_redux_sync_min)
__OXHIP_REDUCE(__reduce_min_sync, unsigned int, __oxhip_op_min, __nvvm_redux_sync_umin)
__OXHIP_REDUCE(__reduce_max_sync, int, __oxhip_op_max, __nvvm_redux_sync_max)
__OXHIP_REDUCE(__reduce_max_sync, unsigned int, __oxhip_op_max, __nvvm_redux_sync_umax)
__OXHIP_REDUCE(__reduce_and_sync, int, __oxhip_op_and, __nvvm_redux_sync_and)
__OXHIP_REDUCE(__reduce_and_sync, unsigned int, __oxhip_op_and, __nvvm_redux_sync_and)
__OXHIP_REDUCE(__reduce_or_sync, int, __oxhip_op_or, __nvvm_redux_sync_or)
__OXHIP_REDUCE(__reduce_or_sync, unsigned int, __oxhip_op_or, __nvvm_redux_sync_or)
__OXHIP_REDUCE(__reduce_xor_sync, int, __oxhip_op_xor, __nvvm_redux_sync_xor)
__OXHIP_REDUCE(__reduce_xor_sync, unsigned int, __oxhip_op_xor, __nvvm_redux_sync_xor)
#undef __OXHIP_REDUCE

#endif /* __OXHIP_OFFLOAD__ */

#endif /* OXHIP_WARP_H */
