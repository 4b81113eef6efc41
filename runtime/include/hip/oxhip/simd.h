/* oxhip device headers: CUDA's SIMD intrinsics on the two halfwords or four bytes of a
 * 32-bit word (__vadd2, __vcmpgtu4, __vsads2, ...), the dot products __dp4a and
 * __dp2a_lo/_hi, and CUDA 12's integer max/min helpers (__vimax3_s32, __viaddmax_u16x2,
 * __vibmin_s32, ...).
 *
 * Each lane is computed in int, one lane at a time; LLVM turns the loops into the
 * targets' byte and halfword operations where it can. The classic SIMD intrinsics are
 * device functions, as in CUDA; the __vi* helpers and the dot products are
 * __host__ __device__.
 *
 * Lane semantics (CUDA Math API, "SIMD Intrinsics"): plain add, sub, neg and abs wrap;
 * the ss forms saturate to the signed lane range, the us forms to the unsigned one; the
 * absdiff forms give |a - b| computed exactly and truncated to the lane; the avg forms
 * are (a + b + (a + b >= 0)) >> 1, the hadd forms (a + b) >> 1; the cmp forms set a lane
 * to all ones where the comparison holds, the set forms to 1; the sad forms sum the lanes'
 * absolute differences.
 */
#ifndef OXHIP_SIMD_H
#define OXHIP_SIMD_H

#if defined(__OXHIP_OFFLOAD__)

/* Lane `index` of `word` with `bits` bits (8 or 16), as a signed or unsigned int. */
template <int bits, bool is_signed>
static __host__ __device__ __forceinline__ int __oxhip_lane(unsigned int word, int index) {
  unsigned int field = (word >> (index * bits)) & ((1u << bits) - 1u);
  if (is_signed && (field >> (bits - 1)) != 0) return (int)field - (1 << bits);
  return (int)field;
}

/* Applies `op(lane a, lane b)` to each lane and packs the results' low bits. */
template <int bits, bool is_signed, class Op>
static __host__ __device__ __forceinline__ unsigned int __oxhip_lanes(unsigned int a,
                                                                      unsigned int b, Op op) {
  unsigned int result = 0;
  for (int index = 0; index < 32 / bits; ++index) {
    int value =
        op(__oxhip_lane<bits, is_signed>(a, index), __oxhip_lane<bits, is_signed>(b, index));
    result |= ((unsigned int)value & ((1u << bits) - 1u)) << (index * bits);
  }
  return result;
}

template <int bits, bool is_signed>
static __host__ __device__ __forceinline__ int __oxhip_saturate(int value) {
  const int lowest = is_signed ? -(1 << (bits - 1)) : 0;
  const int highest = is_signed ? (1 << (bits - 1)) - 1 : (1 << bits) - 1;
  return value < lowest ? lowest : (value > highest ? highest : value);
}

/* One function per lane width: name##2 on halfwords, name##4 on bytes. */
#define __OXHIP_SIMD2(name, is_signed, expression)                                              \
  __OXHIP_DEVICE__ unsigned int name##2(unsigned int a, unsigned int b) {                       \
    return __oxhip_lanes<16, is_signed>(a, b, [](int x, int y) {                                \
      (void)y;                                                                                  \
      const int bits = 16;                                                                      \
      (void)bits;                                                                               \
      return expression;                                                                        \
    });                                                                                         \
  }                                                                                             \
  __OXHIP_DEVICE__ unsigned int name##4(unsigned int a, unsigned int b) {                       \
    return __oxhip_lanes<8, is_signed>(a, b, [](int x, int y) {                                 \
      (void)y;                                                                                  \
      const int bits = 8;                                                                       \
      (void)bits;                                                                               \
      return expression;                                                                        \
    });                                                                                         \
  }
#define __OXHIP_SAT(is_signed, value)                                                           \
  (bits == 16 ? __oxhip_saturate<16, is_signed>(value) : __oxhip_saturate<8, is_signed>(value))
#define __OXHIP_ABS(value) ((value) < 0 ? -(value) : (value))
__OXHIP_SIMD2(__vadd, false, x + y)
__OXHIP_SIMD2(__vaddss, true, __OXHIP_SAT(true, x + y))
__OXHIP_SIMD2(__vaddus, false, __OXHIP_SAT(false, x + y))
__OXHIP_SIMD2(__vsub, false, x - y)
__OXHIP_SIMD2(__vsubss, true, __OXHIP_SAT(true, x - y))
__OXHIP_SIMD2(__vsubus, false, __OXHIP_SAT(false, x - y))
__OXHIP_SIMD2(__vabsdiffs, true, __OXHIP_ABS(x - y))
__OXHIP_SIMD2(__vabsdiffu, false, __OXHIP_ABS(x - y))
__OXHIP_SIMD2(__vavgs, true, (x + y + (x + y >= 0 ? 1 : 0)) >> 1)
__OXHIP_SIMD2(__vavgu, false, (x + y + 1) >> 1)
__OXHIP_SIMD2(__vhaddu, false, (x + y) >> 1)
__OXHIP_SIMD2(__vmaxs, true, x > y ? x : y)
__OXHIP_SIMD2(__vmaxu, false, x > y ? x : y)
__OXHIP_SIMD2(__vmins, true, x < y ? x : y)
__OXHIP_SIMD2(__vminu, false, x < y ? x : y)
__OXHIP_SIMD2(__vcmpeq, false, x == y ? -1 : 0)
__OXHIP_SIMD2(__vcmpne, false, x != y ? -1 : 0)
__OXHIP_SIMD2(__vcmpges, true, x >= y ? -1 : 0)
__OXHIP_SIMD2(__vcmpgeu, false, x >= y ? -1 : 0)
__OXHIP_SIMD2(__vcmpgts, true, x > y ? -1 : 0)
__OXHIP_SIMD2(__vcmpgtu, false, x > y ? -1 : 0)
__OXHIP_SIMD2(__vcmples, true, x <= y ? -1 : 0)
__OXHIP_SIMD2(__vcmpleu, false, x <= y ? -1 : 0)
__OXHIP_SIMD2(__vcmplts, true, x < y ? -1 : 0)
__OXHIP_SIMD2(__vcmpltu, false, x < y ? -1 : 0)
__OXHIP_SIMD2(__vseteq, false, x == y)
__OXHIP_SIMD2(__vsetne, false, x != y)
__OXHIP_SIMD2(__vsetges, true, x >= y)
__OXHIP_SIMD2(__vsetgeu, false, x >= y)
__OXHIP_SIMD2(__vsetgts, true, x > y)
__OXHIP_SIMD2(__vsetgtu, false, x > y)
__OXHIP_SIMD2(__vsetles, true, x <= y)
__OXHIP_SIMD2(__vsetleu, false, x <= y)
__OXHIP_SIMD2(__vsetlts, true, x < y)
__OXHIP_SIMD2(__vsetltu, false, x < y)
/* The one-operand forms. */
__OXHIP_SIMD2(__oxhip_vabs, true, __OXHIP_ABS(x))
__OXHIP_SIMD2(__oxhip_vabsss, true, __OXHIP_SAT(true, __OXHIP_ABS(x)))
__OXHIP_SIMD2(__oxhip_vneg, true, -x)
__OXHIP_SIMD2(__oxhip_vnegss, true, __OXHIP_SAT(true, -x))
#undef __OXHIP_SIMD2
#undef __OXHIP_SAT
#undef __OXHIP_ABS
__OXHIP_DEVICE__ unsigned int __vabs2(unsigned int a) { return __oxhip_vabs2(a, 0); }
__OXHIP_DEVICE__ unsigned int __vabs4(unsigned int a) { return __oxhip_vabs4(a, 0); }
__OXHIP_DEVICE__ unsigned int __vabsss2(unsigned int a) { return __oxhip_vabsss2(a, 0); }
__OXHIP_DEVICE__ unsigned int __vabsss4(unsigned int a) { return __oxhip_vabsss4(a, 0); }
__OXHIP_DEVICE__ unsigned int __vneg2(unsigned int a) { return __oxhip_vneg2(a, 0); }
__OXHIP_DEVICE__ unsigned int __vneg4(unsigned int a) { return __oxhip_vneg4(a, 0); }
__OXHIP_DEVICE__ unsigned int __vnegss2(unsigned int a) { return __oxhip_vnegss2(a, 0); }
__OXHIP_DEVICE__ unsigned int __vnegss4(unsigned int a) { return __oxhip_vnegss4(a, 0); }

/* Sums of absolute differences over the lanes. */
#define __OXHIP_SAD(name, bits, is_signed)                                                      \
  __OXHIP_DEVICE__ unsigned int name(unsigned int a, unsigned int b) {                          \
    unsigned int sum = 0;                                                                       \
    for (int index = 0; index < 32 / bits; ++index) {                                           \
      int difference =                                                                          \
          __oxhip_lane<bits, is_signed>(a, index) - __oxhip_lane<bits, is_signed>(b, index);    \
      sum += (unsigned int)(difference < 0 ? -difference : difference);                         \
    }                                                                                           \
    return sum;                                                                                 \
  }
__OXHIP_SAD(__vsads2, 16, true)
__OXHIP_SAD(__vsadu2, 16, false)
__OXHIP_SAD(__vsads4, 8, true)
__OXHIP_SAD(__vsadu4, 8, false)
#undef __OXHIP_SAD

/* __dp4a: c plus the four byte products; __dp2a_lo/_hi: c plus the two halfwords of a
 * times bytes 0 and 1 (lo) or 2 and 3 (hi) of b. Signed for int operands, unsigned for
 * unsigned ones; the sum wraps. */
#define __OXHIP_DP(type, is_signed)                                                             \
  __OXHIP_HD__ type __dp4a(type a, type b, type c) {                                            \
    unsigned int sum = (unsigned int)c;                                                         \
    for (int index = 0; index < 4; ++index)                                                     \
      sum += (unsigned int)(__oxhip_lane<8, is_signed>((unsigned int)a, index) *                \
                            __oxhip_lane<8, is_signed>((unsigned int)b, index));                \
    return (type)sum;                                                                           \
  }                                                                                             \
  __OXHIP_HD__ type __dp2a_lo(type a, type b, type c) {                                         \
    unsigned int sum = (unsigned int)c;                                                         \
    for (int index = 0; index < 2; ++index)                                                     \
      sum += (unsigned int)(__oxhip_lane<16, is_signed>((unsigned int)a, index) *               \
                            __oxhip_lane<8, is_signed>((unsigned int)b, index));                \
    return (type)sum;                                                                           \
  }                                                                                             \
  __OXHIP_HD__ type __dp2a_hi(type a, type b, type c) {                                         \
    unsigned int sum = (unsigned int)c;                                                         \
    for (int index = 0; index < 2; ++index)                                                     \
      sum += (unsigned int)(__oxhip_lane<16, is_signed>((unsigned int)a, index) *               \
                            __oxhip_lane<8, is_signed>((unsigned int)b, index + 2));            \
    return (type)sum;                                                                           \
  }
__OXHIP_DP(int, true)
__OXHIP_DP(unsigned int, false)
#undef __OXHIP_DP
/* The vector-typed overloads. */
__OXHIP_HD__ int __dp4a(char4 a, char4 b, int c) {
  return __dp4a(__builtin_bit_cast(int, a), __builtin_bit_cast(int, b), c);
}
__OXHIP_HD__ unsigned int __dp4a(uchar4 a, uchar4 b, unsigned int c) {
  return __dp4a(__builtin_bit_cast(unsigned int, a), __builtin_bit_cast(unsigned int, b), c);
}
__OXHIP_HD__ int __dp2a_lo(short2 a, char4 b, int c) {
  return __dp2a_lo(__builtin_bit_cast(int, a), __builtin_bit_cast(int, b), c);
}
__OXHIP_HD__ unsigned int __dp2a_lo(ushort2 a, uchar4 b, unsigned int c) {
  return __dp2a_lo(__builtin_bit_cast(unsigned int, a), __builtin_bit_cast(unsigned int, b), c);
}
__OXHIP_HD__ int __dp2a_hi(short2 a, char4 b, int c) {
  return __dp2a_hi(__builtin_bit_cast(int, a), __builtin_bit_cast(int, b), c);
}
__OXHIP_HD__ unsigned int __dp2a_hi(ushort2 a, uchar4 b, unsigned int c) {
  return __dp2a_hi(__builtin_bit_cast(unsigned int, a), __builtin_bit_cast(unsigned int, b), c);
}

/* CUDA 12's max/min helpers: on 32-bit ints (s32, u32) and on both halfwords (s16x2,
 * u16x2); _relu clamps at 0 from below; addmax/addmin are max/min(a + b, c), the sum
 * wrapping; bmax/bmin also report whether a was chosen (a >= b, a <= b). */
template <bool is_signed>
static __host__ __device__ __forceinline__ int __oxhip_vmax(int x, int y) {
  return is_signed ? (x > y ? x : y) : ((unsigned int)x > (unsigned int)y ? x : y);
}
template <bool is_signed>
static __host__ __device__ __forceinline__ int __oxhip_vmin(int x, int y) {
  return is_signed ? (x < y ? x : y) : ((unsigned int)x < (unsigned int)y ? x : y);
}
#define __OXHIP_VI32(suffix, type, is_signed)                                                   \
  __OXHIP_HD__ type __vimax3_##suffix(type a, type b, type c) {                                 \
    return (type)__oxhip_vmax<is_signed>(__oxhip_vmax<is_signed>((int)a, (int)b), (int)c);      \
  }                                                                                             \
  __OXHIP_HD__ type __vimin3_##suffix(type a, type b, type c) {                                 \
    return (type)__oxhip_vmin<is_signed>(__oxhip_vmin<is_signed>((int)a, (int)b), (int)c);      \
  }                                                                                             \
  __OXHIP_HD__ type __viaddmax_##suffix(type a, type b, type c) {                               \
    return (type)__oxhip_vmax<is_signed>((int)((unsigned int)a + (unsigned int)b), (int)c);     \
  }                                                                                             \
  __OXHIP_HD__ type __viaddmin_##suffix(type a, type b, type c) {                               \
    return (type)__oxhip_vmin<is_signed>((int)((unsigned int)a + (unsigned int)b), (int)c);     \
  }                                                                                             \
  __OXHIP_HD__ type __vibmax_##suffix(type a, type b, bool *a_chosen) {                         \
    *a_chosen = is_signed ? (int)a >= (int)b : (unsigned int)a >= (unsigned int)b;              \
    return (type)__oxhip_vmax<is_signed>((int)a, (int)b);                                       \
  }                                                                                             \
  __OXHIP_HD__ type __vibmin_##suffix(type a, type b, bool *a_chosen) {                         \
    *a_chosen = is_signed ? (int)a <= (int)b : (unsigned int)a <= (unsigned int)b;              \
    return (type)__oxhip_vmin<is_signed>((int)a, (int)b);                                       \
  }
__OXHIP_VI32(s32, int, true)
__OXHIP_VI32(u32, unsigned int, false)
#undef __OXHIP_VI32
#define __OXHIP_RELU32(name, params, call)                                                       \
  __OXHIP_HD__ int name params { return __oxhip_vmax<true>(call, 0); }
__OXHIP_RELU32(__vimax_s32_relu, (int a, int b), __oxhip_vmax<true>(a, b))
__OXHIP_RELU32(__vimin_s32_relu, (int a, int b), __oxhip_vmin<true>(a, b))
__OXHIP_RELU32(__vimax3_s32_relu, (int a, int b, int c), __vimax3_s32(a, b, c))
__OXHIP_RELU32(__vimin3_s32_relu, (int a, int b, int c), __vimin3_s32(a, b, c))
__OXHIP_RELU32(__viaddmax_s32_relu, (int a, int b, int c), __viaddmax_s32(a, b, c))
__OXHIP_RELU32(__viaddmin_s32_relu, (int a, int b, int c), __viaddmin_s32(a, b, c))
#undef __OXHIP_RELU32

/* The halfword forms: the same per halfword. */
template <bool is_signed, class Op>
static __host__ __device__ __forceinline__ unsigned int __oxhip_lanes3(unsigned int a,
                                                                       unsigned int b,
                                                                       unsigned int c, Op op) {
  unsigned int result = 0;
  for (int index = 0; index < 2; ++index) {
    int value = op(__oxhip_lane<16, is_signed>(a, index), __oxhip_lane<16, is_signed>(b, index),
                   __oxhip_lane<16, is_signed>(c, index));
    result |= ((unsigned int)value & 0xffffu) << (index * 16);
  }
  return result;
}
/* A halfword sum wraps to 16 bits before it is compared. */
template <bool is_signed> static __host__ __device__ __forceinline__ int __oxhip_wrap16(int value) {
  return __oxhip_lane<16, is_signed>((unsigned int)value & 0xffffu, 0);
}
#define __OXHIP_VI16(suffix, is_signed)                                                         \
  __OXHIP_HD__ unsigned int __vimax3_##suffix(unsigned int a, unsigned int b, unsigned int c) { \
    return __oxhip_lanes3<is_signed>(a, b, c, [](int x, int y, int z) {                         \
      return __oxhip_vmax<true>(__oxhip_vmax<true>(x, y), z);                                   \
    });                                                                                         \
  }                                                                                             \
  __OXHIP_HD__ unsigned int __vimin3_##suffix(unsigned int a, unsigned int b, unsigned int c) { \
    return __oxhip_lanes3<is_signed>(a, b, c, [](int x, int y, int z) {                         \
      return __oxhip_vmin<true>(__oxhip_vmin<true>(x, y), z);                                   \
    });                                                                                         \
  }                                                                                             \
  __OXHIP_HD__ unsigned int __viaddmax_##suffix(unsigned int a, unsigned int b, unsigned int c) { \
    return __oxhip_lanes3<is_signed>(a, b, c, [](int x, int y, int z) {                         \
      return __oxhip_vmax<true>(__oxhip_wrap16<is_signed>(x + y), z);                           \
    });                                                                                         \
  }                                                                                             \
  __OXHIP_HD__ unsigned int __viaddmin_##suffix(unsigned int a, unsigned int b, unsigned int c) { \
    return __oxhip_lanes3<is_signed>(a, b, c, [](int x, int y, int z) {                         \
      return __oxhip_vmin<true>(__oxhip_wrap16<is_signed>(x + y), z);                           \
    });                                                                                         \
  }                                                                                             \
  __OXHIP_HD__ unsigned int __vibmax_##suffix(unsigned int a, unsigned int b, bool *high_a,     \
                                               bool *low_a) {                                   \
    *low_a = __oxhip_lane<16, is_signed>(a, 0) >= __oxhip_lane<16, is_signed>(b, 0);            \
    *high_a = __oxhip_lane<16, is_signed>(a, 1) >= __oxhip_lane<16, is_signed>(b, 1);           \
    return __oxhip_lanes3<is_signed>(a, b, 0, [](int x, int y, int) { return x > y ? x : y; }); \
  }                                                                                             \
  __OXHIP_HD__ unsigned int __vibmin_##suffix(unsigned int a, unsigned int b, bool *high_a,     \
                                               bool *low_a) {                                   \
    *low_a = __oxhip_lane<16, is_signed>(a, 0) <= __oxhip_lane<16, is_signed>(b, 0);            \
    *high_a = __oxhip_lane<16, is_signed>(a, 1) <= __oxhip_lane<16, is_signed>(b, 1);           \
    return __oxhip_lanes3<is_signed>(a, b, 0, [](int x, int y, int) { return x < y ? x : y; }); \
  }
__OXHIP_VI16(s16x2, true)
__OXHIP_VI16(u16x2, false)
#undef __OXHIP_VI16
#define __OXHIP_RELU16(name, call)                                                              \
  __OXHIP_HD__ unsigned int name {                                                              \
    return __oxhip_lanes3<true>(call, 0, 0, [](int x, int, int) { return x > 0 ? x : 0; });     \
  }
__OXHIP_RELU16(__vimax_s16x2_relu(unsigned int a, unsigned int b), __vimax3_s16x2(a, b, b))
__OXHIP_RELU16(__vimin_s16x2_relu(unsigned int a, unsigned int b), __vimin3_s16x2(a, b, b))
__OXHIP_RELU16(__vimax3_s16x2_relu(unsigned int a, unsigned int b, unsigned int c),
               __vimax3_s16x2(a, b, c))
__OXHIP_RELU16(__vimin3_s16x2_relu(unsigned int a, unsigned int b, unsigned int c),
               __vimin3_s16x2(a, b, c))
__OXHIP_RELU16(__viaddmax_s16x2_relu(unsigned int a, unsigned int b, unsigned int c),
               __viaddmax_s16x2(a, b, c))
__OXHIP_RELU16(__viaddmin_s16x2_relu(unsigned int a, unsigned int b, unsigned int c),
               __viaddmin_s16x2(a, b, c))
#undef __OXHIP_RELU16

#endif /* __OXHIP_OFFLOAD__ */

#endif /* OXHIP_SIMD_H */
