/* oxhip headers: bfloat16, HIP's hip/hip_bf16.h (CUDA's cuda_bf16.h API):
 * __hip_bfloat16, __hip_bfloat162, their raw forms, the conversion, arithmetic,
 * comparison and math functions, warp shuffles and atomicAdd.
 *
 * The value is kept as its 16 bits and computed in float: bfloat16 to float is exact
 * (the top half of the float), and float, having more than 2 * 8 + 2 significant bits,
 * gives correctly rounded bfloat16 sums, differences, products, quotients and square
 * roots when its own correctly rounded result is rounded again. Rounding float to
 * bfloat16 is the hardware's on the GPUs (clang's __bf16 conversion) and integer
 * arithmetic elsewhere: the C runtime of the host (libgcc before GCC 13) has no
 * __truncsfbf2, so __bf16 arithmetic cannot be used there. fma and conversions from
 * double and 64-bit integers first round to float with round-to-odd, so that the final
 * rounding is the only one that counts.
 *
 * Conversions follow CUDA: implicit from every arithmetic type (to nearest even) and to
 * float; explicit to double, bool, __bf16 and the integer types (toward zero, saturating,
 * NaN to 0). The other math functions are computed in float and rounded once. Everything
 * is __host__ __device__ except shuffles, atomics and loads; plain C++ host compiles work.
 */
#ifndef OXHIP_BF16_H
#define OXHIP_BF16_H

#include <hip/oxhip/defines.h>

#if defined(__cplusplus)
#if !defined(__clang__)
#error "hip/hip_bf16.h needs clang (it is built on __builtin_bit_cast and clang's attributes)"
#endif
#include <hip/oxhip/half_common.h>
#endif

/* ---- raw forms (C and C++) ------------------------------------------------------ */

struct __attribute__((aligned(2))) __hip_bfloat16_raw {
  unsigned short x;
};
struct __attribute__((aligned(4))) __hip_bfloat162_raw {
  unsigned short x;
  unsigned short y;
};
#if !defined(__cplusplus)
typedef struct __hip_bfloat16_raw __hip_bfloat16_raw;
typedef struct __hip_bfloat162_raw __hip_bfloat162_raw;
#endif

#if defined(__cplusplus)

/* ---- rounding to bfloat16 -------------------------------------------------------- */

/* float to bfloat16 bits in direction `mode` (NaN stays NaN, quieted). */
__OXHIP_HD__ __OXHIP_HCX14 unsigned short __oxhip_bf_from_float(float value, int mode) {
  unsigned int bits = __builtin_bit_cast(unsigned int, value);
  if ((bits & 0x7fffffffu) > 0x7f800000u) return (unsigned short)((bits >> 16) | 0x40u);
  unsigned int high = bits >> 16;
  bool inexact = (bits & 0xffffu) != 0;
  bool negative = (bits >> 31) != 0;
  switch (mode) {
    case __OXHIP_H_RN:
      /* Adding just under half a unit, plus one when the kept part is odd, carries
       * into it exactly when the rest is above half, or half with an odd kept part. */
      return (unsigned short)((bits + 0x7fffu + (high & 1u)) >> 16);
    case __OXHIP_H_RZ:
      return (unsigned short)high;
    case __OXHIP_H_RD:
      return (unsigned short)(high + (inexact && negative ? 1u : 0u));
    default:
      return (unsigned short)(high + (inexact && !negative ? 1u : 0u));
  }
}
/* float to bfloat16 to nearest even: the hardware conversion on the GPUs. */
__OXHIP_HD__ unsigned short __oxhip_bf_rn(float value) {
#if defined(__OXHIP_AMDGCN__) || defined(__OXHIP_NVPTX__)
  return __builtin_bit_cast(unsigned short, (__bf16)value);
#else
  return __oxhip_bf_from_float(value, __OXHIP_H_RN);
#endif
}
/* Round-to-odd float approximations: the float toward zero with its last bit set when
 * inexact. Float keeps more than two bits beyond bfloat16 everywhere (its subnormals
 * included), so rounding the result again in any direction is rounding the exact value. */
__OXHIP_HD__ __OXHIP_HCX14 float __oxhip_bf_odd_float(double value) {
  float nearest = (float)value;
  if ((double)nearest == value || value != value) return nearest;
  unsigned int bits = __builtin_bit_cast(unsigned int, nearest);
  if (__builtin_fabs((double)nearest) > __builtin_fabs(value)) bits -= 1u;
  return __builtin_bit_cast(float, bits | 1u);
}
__OXHIP_HD__ __OXHIP_HCX14 float __oxhip_bf_odd_float_u64(unsigned long long magnitude) {
  if (magnitude < (1ull << 24)) return (float)magnitude;
  int shift = 40 - __builtin_clzll(magnitude); /* bits beyond the top 24 */
  unsigned long long kept = magnitude >> shift;
  if (magnitude & ((1ull << shift) - 1ull)) kept |= 1ull;
  return (float)kept * __builtin_bit_cast(float, (unsigned int)(127 + shift) << 23);
}
__OXHIP_HD__ __OXHIP_HCX14 float __oxhip_bf_odd_float_i64(long long value) {
  unsigned long long magnitude =
      value < 0 ? 0ull - (unsigned long long)value : (unsigned long long)value;
  float result = __oxhip_bf_odd_float_u64(magnitude);
  return value < 0 ? -result : result;
}
/* a * b + c rounded to odd, for bfloat16 operands. The product has 16 significant bits,
 * so it is exact in float unless it underflows or overflows there, and in double
 * always; the error of the sum is recovered exactly (Knuth's two-sum). Float does the
 * work when the product is comfortably inside its range, double otherwise. */
__OXHIP_HD__ double __oxhip_bf_fma_odd_double(float a, float b, float c) {
#pragma clang fp contract(off)
  double product = (double)a * (double)b;
  double sum = product + (double)c;
  if (!__builtin_isfinite(sum)) return sum;
  double back = sum - product;
  double error = (product - (sum - back)) + ((double)c - back);
  if (error == 0.0) return sum;
  unsigned long long bits = __builtin_bit_cast(unsigned long long, sum);
  if ((error > 0.0) != (sum > 0.0)) bits -= 1u;
  return __builtin_bit_cast(double, bits | 1u);
}
__OXHIP_HD__ float __oxhip_bf_fma_odd(float a, float b, float c) {
#pragma clang fp contract(off)
  float product = a * b;
  float magnitude = __builtin_fabsf(product);
  bool exact_product = (magnitude >= 7.88860905e-31f /* 2^-100 */ && magnitude <= 8.50705917e37f /* 2^126 */) || a == 0.0f ||
                       b == 0.0f;
  if (!exact_product) return __oxhip_bf_odd_float(__oxhip_bf_fma_odd_double(a, b, c));
  float sum = product + c;
  if (!__builtin_isfinite(sum)) return sum;
  float back = sum - product;
  float error = (product - (sum - back)) + (c - back);
  if (error == 0.0f) return sum;
  unsigned int bits = __builtin_bit_cast(unsigned int, sum);
  if ((error > 0.0f) != (sum > 0.0f)) bits -= 1u;
  return __builtin_bit_cast(float, bits | 1u);
}

/* Bits of any arithmetic value rounded to nearest even. */
template <class T, bool Integral = __is_integral(T), bool Signed = __is_signed(T)>
struct __oxhip_bf_convert {
  /* Floating types: float and narrower convert to float exactly. */
  static __OXHIP_HM __OXHIP_HCX14 unsigned short from(T value) {
    return sizeof(T) <= sizeof(float)
               ? __oxhip_bf_from_float((float)value, __OXHIP_H_RN)
               : __oxhip_bf_from_float(__oxhip_bf_odd_float((double)value), __OXHIP_H_RN);
  }
};
template <class T>
struct __oxhip_bf_convert<T, true, true> {
  static __OXHIP_HM __OXHIP_HCX14 unsigned short from(T value) {
    return __oxhip_bf_from_float(__oxhip_bf_odd_float_i64((long long)value), __OXHIP_H_RN);
  }
};
template <class T>
struct __oxhip_bf_convert<T, true, false> {
  static __OXHIP_HM __OXHIP_HCX14 unsigned short from(T value) {
    return __oxhip_bf_from_float(__oxhip_bf_odd_float_u64((unsigned long long)value),
                                 __OXHIP_H_RN);
  }
};

/* ---- __hip_bfloat16 -------------------------------------------------------------- */

struct __attribute__((aligned(2))) __hip_bfloat16 {
 protected:
  unsigned short __oxhip_bits;

 public:
  __hip_bfloat16() = default;
  __OXHIP_HM constexpr __hip_bfloat16(const __hip_bfloat16_raw &raw) : __oxhip_bits(raw.x) {}
  __OXHIP_HM __hip_bfloat16 &operator=(const __hip_bfloat16_raw &raw) {
    __oxhip_bits = raw.x;
    return *this;
  }
  __OXHIP_HM volatile __hip_bfloat16 &operator=(const __hip_bfloat16_raw &raw) volatile {
    __oxhip_bits = raw.x;
    return *this;
  }
  __OXHIP_HM constexpr operator __hip_bfloat16_raw() const {
    return __hip_bfloat16_raw{__oxhip_bits};
  }
  __OXHIP_HM operator __hip_bfloat16_raw() const volatile {
    return __hip_bfloat16_raw{(unsigned short)__oxhip_bits};
  }

#if !defined(__HIP_NO_BF16_CONVERSIONS__) && !defined(__CUDA_NO_BFLOAT16_CONVERSIONS__)
  /* From any arithmetic type, to nearest even. */
  template <class T, typename __oxhip_h_enable_if<__is_arithmetic(T), int>::type = 0>
  __OXHIP_HM __OXHIP_HCX14 __hip_bfloat16(T value)
      : __oxhip_bits(__oxhip_bf_convert<T>::from(value)) {}
  /* Not a template, so that direct initialisation from a class with a conversion to
   * float (static_cast<__hip_bfloat16>(__half)) finds it. */
  __OXHIP_HM __OXHIP_HCX14 __hip_bfloat16(float value)
      : __oxhip_bits(__oxhip_bf_from_float(value, __OXHIP_H_RN)) {}

  __OXHIP_HM constexpr operator float() const {
    return __builtin_bit_cast(float, (unsigned int)__oxhip_bits << 16);
  }
  __OXHIP_HM explicit constexpr operator double() const {
    return (double)__builtin_bit_cast(float, (unsigned int)__oxhip_bits << 16);
  }
  __OXHIP_HM explicit constexpr operator __bf16() const {
    return __builtin_bit_cast(__bf16, __oxhip_bits);
  }
  __OXHIP_HM explicit constexpr operator bool() const { return (__oxhip_bits & 0x7fffu) != 0; }
  /* Toward zero, saturating, NaN to 0 (64-bit: to the top bit alone), as CUDA. */
#define __OXHIP_BF_TO_INT(type, lowest, highest, nan_value)                                    \
  __OXHIP_HM explicit operator type() const {                                                   \
    return __oxhip_h_float_to_int<type>(                                                        \
        __builtin_bit_cast(float, (unsigned int)__oxhip_bits << 16), __OXHIP_H_RZ, lowest,      \
        highest, nan_value);                                                                    \
  }
#if defined(__CHAR_UNSIGNED__)
  __OXHIP_BF_TO_INT(char, (char)0, (char)255, (char)0)
#else
  __OXHIP_BF_TO_INT(char, (char)-128, (char)127, (char)0)
#endif
  __OXHIP_BF_TO_INT(signed char, (signed char)-128, (signed char)127, (signed char)0)
  __OXHIP_BF_TO_INT(unsigned char, (unsigned char)0, (unsigned char)255, (unsigned char)0)
  __OXHIP_BF_TO_INT(short, (short)-32768, (short)32767, (short)0)
  __OXHIP_BF_TO_INT(unsigned short, (unsigned short)0, (unsigned short)65535, (unsigned short)0)
  __OXHIP_BF_TO_INT(int, (-2147483647 - 1), 2147483647, 0)
  __OXHIP_BF_TO_INT(unsigned int, 0u, 4294967295u, 0u)
  __OXHIP_BF_TO_INT(long, (long)(-9223372036854775807ll - 1), (long)9223372036854775807ll,
                    (long)(-9223372036854775807ll - 1))
  __OXHIP_BF_TO_INT(unsigned long, 0ul, (unsigned long)18446744073709551615ull,
                    (unsigned long)9223372036854775808ull)
  __OXHIP_BF_TO_INT(long long, (-9223372036854775807ll - 1), 9223372036854775807ll,
                    (-9223372036854775807ll - 1))
  __OXHIP_BF_TO_INT(unsigned long long, 0ull, 18446744073709551615ull, 9223372036854775808ull)
#undef __OXHIP_BF_TO_INT
#endif

#if !defined(__HIP_NO_BF16_OPERATORS__) && !defined(__CUDA_NO_BFLOAT16_OPERATORS__)
#define __OXHIP_BF_COMPOUND(op)                                                                 \
  __OXHIP_HM __hip_bfloat16 &operator op##=(const __hip_bfloat16 &other) {                      \
    __oxhip_bits = __oxhip_bf_rn(__builtin_bit_cast(float, (unsigned int)__oxhip_bits << 16)    \
                                     op __builtin_bit_cast(                                     \
                                         float, (unsigned int)other.__oxhip_bits << 16));       \
    return *this;                                                                               \
  }
  __OXHIP_BF_COMPOUND(+)
  __OXHIP_BF_COMPOUND(-)
  __OXHIP_BF_COMPOUND(*)
  __OXHIP_BF_COMPOUND(/)
#undef __OXHIP_BF_COMPOUND
  __OXHIP_HM __hip_bfloat16 &operator++() {
    __oxhip_bits = __oxhip_bf_rn(__builtin_bit_cast(float, (unsigned int)__oxhip_bits << 16) + 1.0f);
    return *this;
  }
  __OXHIP_HM __hip_bfloat16 &operator--() {
    __oxhip_bits = __oxhip_bf_rn(__builtin_bit_cast(float, (unsigned int)__oxhip_bits << 16) - 1.0f);
    return *this;
  }
  __OXHIP_HM __hip_bfloat16 operator++(int) {
    __hip_bfloat16 old = *this;
    ++*this;
    return old;
  }
  __OXHIP_HM __hip_bfloat16 operator--(int) {
    __hip_bfloat16 old = *this;
    --*this;
    return old;
  }
#endif
};

/* ---- __hip_bfloat162 ------------------------------------------------------------- */

struct __attribute__((aligned(4))) __hip_bfloat162 {
  __hip_bfloat16 x;
  __hip_bfloat16 y;

  __hip_bfloat162() = default;
  __OXHIP_HM constexpr __hip_bfloat162(const __hip_bfloat16 &low, const __hip_bfloat16 &high)
      : x(low), y(high) {}
  __OXHIP_HM constexpr __hip_bfloat162(const __hip_bfloat162_raw &raw)
      : x(__hip_bfloat16_raw{raw.x}), y(__hip_bfloat16_raw{raw.y}) {}
  __OXHIP_HM __hip_bfloat162 &operator=(const __hip_bfloat162_raw &raw) {
    x = __hip_bfloat16_raw{raw.x};
    y = __hip_bfloat16_raw{raw.y};
    return *this;
  }
  __OXHIP_HM constexpr operator __hip_bfloat162_raw() const {
    return __hip_bfloat162_raw{static_cast<__hip_bfloat16_raw>(x).x,
                               static_cast<__hip_bfloat16_raw>(y).x};
  }
  /* HIP's conversion to float2. */
  __OXHIP_HM operator float2() const {
    return make_float2(
        __builtin_bit_cast(float, (unsigned int)static_cast<__hip_bfloat16_raw>(x).x << 16),
        __builtin_bit_cast(float, (unsigned int)static_cast<__hip_bfloat16_raw>(y).x << 16));
  }
};

static_assert(sizeof(__hip_bfloat16) == 2 && sizeof(__hip_bfloat162) == 4, "bfloat16 sizes");
static_assert(__is_trivially_copyable(__hip_bfloat16) &&
                  __is_trivially_copyable(__hip_bfloat162),
              "bfloat16 types are trivially copyable");

/* ---- internal moves ------------------------------------------------------------- */

__OXHIP_HD__ constexpr unsigned short __oxhip_bfbits(__hip_bfloat16 value) {
  return __builtin_bit_cast(unsigned short, value);
}
__OXHIP_HD__ constexpr __hip_bfloat16 __oxhip_bffrombits(unsigned short bits) {
  return __builtin_bit_cast(__hip_bfloat16, bits);
}
__OXHIP_HD__ constexpr float __oxhip_bff(__hip_bfloat16 value) {
  return __builtin_bit_cast(float, (unsigned int)__builtin_bit_cast(unsigned short, value) << 16);
}
/* float to bfloat16, to nearest even. */
__OXHIP_HD__ __hip_bfloat16 __oxhip_bfround(float value) {
  return __oxhip_bffrombits(__oxhip_bf_rn(value));
}
#define __OXHIP_BF2_MAP(function, a) __hip_bfloat162(function((a).x), function((a).y))
#define __OXHIP_BF2_MAP2(function, a, b)                                                        \
  __hip_bfloat162(function((a).x, (b).x), function((a).y, (b).y))

/* ---- conversions ----------------------------------------------------------------- */

__OXHIP_HD__ float __bfloat162float(__hip_bfloat16 value) { return __oxhip_bff(value); }
__OXHIP_HD__ __hip_bfloat16 __float2bfloat16(float value) { return __oxhip_bfround(value); }
__OXHIP_HX__ __hip_bfloat16 __float2bfloat16_rn(float value) { return __oxhip_bfround(value); }
__OXHIP_HX__ __hip_bfloat16 __float2bfloat16_rz(float value) {
  return __oxhip_bffrombits(__oxhip_bf_from_float(value, __OXHIP_H_RZ));
}
__OXHIP_HX__ __hip_bfloat16 __float2bfloat16_rd(float value) {
  return __oxhip_bffrombits(__oxhip_bf_from_float(value, __OXHIP_H_RD));
}
__OXHIP_HX__ __hip_bfloat16 __float2bfloat16_ru(float value) {
  return __oxhip_bffrombits(__oxhip_bf_from_float(value, __OXHIP_H_RU));
}
__OXHIP_HD__ __hip_bfloat16 __double2bfloat16(double value) {
  return __oxhip_bfround(__oxhip_bf_odd_float(value));
}

__OXHIP_HD__ __hip_bfloat162 __halves2bfloat162(__hip_bfloat16 low, __hip_bfloat16 high) {
  return __hip_bfloat162(low, high);
}
__OXHIP_HX__ __hip_bfloat162 make_bfloat162(__hip_bfloat16 low, __hip_bfloat16 high) {
  return __hip_bfloat162(low, high);
}
__OXHIP_HD__ __hip_bfloat162 __bfloat162bfloat162(__hip_bfloat16 value) {
  return __hip_bfloat162(value, value);
}
__OXHIP_HD__ __hip_bfloat16 __low2bfloat16(__hip_bfloat162 value) { return value.x; }
__OXHIP_HD__ __hip_bfloat16 __high2bfloat16(__hip_bfloat162 value) { return value.y; }
__OXHIP_HD__ __hip_bfloat162 __low2bfloat162(__hip_bfloat162 value) {
  return __hip_bfloat162(value.x, value.x);
}
__OXHIP_HD__ __hip_bfloat162 __high2bfloat162(__hip_bfloat162 value) {
  return __hip_bfloat162(value.y, value.y);
}
__OXHIP_HD__ __hip_bfloat162 __lows2bfloat162(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __hip_bfloat162(a.x, b.x);
}
__OXHIP_HD__ __hip_bfloat162 __highs2bfloat162(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __hip_bfloat162(a.y, b.y);
}
__OXHIP_HD__ __hip_bfloat162 __lowhigh2highlow(__hip_bfloat162 value) {
  return __hip_bfloat162(value.y, value.x);
}
__OXHIP_HD__ float __low2float(__hip_bfloat162 value) { return __oxhip_bff(value.x); }
__OXHIP_HD__ float __high2float(__hip_bfloat162 value) { return __oxhip_bff(value.y); }
__OXHIP_HD__ float2 __bfloat1622float2(__hip_bfloat162 value) {
  return make_float2(__oxhip_bff(value.x), __oxhip_bff(value.y));
}
__OXHIP_HX__ __hip_bfloat162 __float2bfloat162_rn(float value) {
  return __hip_bfloat162(__oxhip_bfround(value), __oxhip_bfround(value));
}
__OXHIP_HX__ __hip_bfloat162 __floats2bfloat162_rn(float low, float high) {
  return __hip_bfloat162(__oxhip_bfround(low), __oxhip_bfround(high));
}
__OXHIP_HD__ __hip_bfloat162 __float22bfloat162_rn(float2 value) {
  return __hip_bfloat162(__oxhip_bfround(value.x), __oxhip_bfround(value.y));
}

__OXHIP_HD__ short __bfloat16_as_short(__hip_bfloat16 value) { return (short)__oxhip_bfbits(value); }
__OXHIP_HD__ unsigned short __bfloat16_as_ushort(__hip_bfloat16 value) {
  return __oxhip_bfbits(value);
}
__OXHIP_HD__ __hip_bfloat16 __short_as_bfloat16(short bits) {
  return __oxhip_bffrombits((unsigned short)bits);
}
__OXHIP_HD__ __hip_bfloat16 __ushort_as_bfloat16(unsigned short bits) {
  return __oxhip_bffrombits(bits);
}

/* bfloat16 to integer: __bfloat162{int,uint,short,ushort,ll,ull}_{rn,rz,rd,ru}. */
#define __OXHIP_BF2I(name, type, mode, lowest, highest, nan_value)                             \
  __OXHIP_HX__ type name(__hip_bfloat16 value) {                                                \
    return __oxhip_h_float_to_int<type>(__oxhip_bff(value), mode, lowest, highest, nan_value);  \
  }
#define __OXHIP_BF2I_ALL(short_name, type, lowest, highest, nan_value)                         \
  __OXHIP_BF2I(__bfloat162##short_name##_rn, type, __OXHIP_H_RN, lowest, highest, nan_value)   \
  __OXHIP_BF2I(__bfloat162##short_name##_rz, type, __OXHIP_H_RZ, lowest, highest, nan_value)   \
  __OXHIP_BF2I(__bfloat162##short_name##_rd, type, __OXHIP_H_RD, lowest, highest, nan_value)   \
  __OXHIP_BF2I(__bfloat162##short_name##_ru, type, __OXHIP_H_RU, lowest, highest, nan_value)
__OXHIP_BF2I_ALL(int, int, (-2147483647 - 1), 2147483647, 0)
__OXHIP_BF2I_ALL(uint, unsigned int, 0u, 4294967295u, 0u)
__OXHIP_BF2I_ALL(short, short, (short)-32768, (short)32767, (short)0)
__OXHIP_BF2I_ALL(ushort, unsigned short, (unsigned short)0, (unsigned short)65535,
                 (unsigned short)0)
__OXHIP_BF2I_ALL(ll, long long, (-9223372036854775807ll - 1), 9223372036854775807ll,
                 (-9223372036854775807ll - 1))
__OXHIP_BF2I_ALL(ull, unsigned long long, 0ull, 18446744073709551615ull, 9223372036854775808ull)
__OXHIP_BF2I(__bfloat162char_rz, signed char, __OXHIP_H_RZ, (signed char)-128, (signed char)127,
             (signed char)0)
__OXHIP_BF2I(__bfloat162uchar_rz, unsigned char, __OXHIP_H_RZ, (unsigned char)0,
             (unsigned char)255, (unsigned char)0)
#undef __OXHIP_BF2I_ALL
#undef __OXHIP_BF2I

/* integer to bfloat16: __{int,uint,short,ushort,ll,ull}2bfloat16_{rn,rz,rd,ru}, through
 * a round-to-odd float. */
#define __OXHIP_I2BF_ALL(short_name, type, odd)                                                 \
  __OXHIP_HX__ __hip_bfloat16 __##short_name##2bfloat16_rn(type value) {                         \
    return __oxhip_bffrombits(__oxhip_bf_from_float(odd(value), __OXHIP_H_RN));                 \
  }                                                                                             \
  __OXHIP_HX__ __hip_bfloat16 __##short_name##2bfloat16_rz(type value) {                         \
    return __oxhip_bffrombits(__oxhip_bf_from_float(odd(value), __OXHIP_H_RZ));                 \
  }                                                                                             \
  __OXHIP_HX__ __hip_bfloat16 __##short_name##2bfloat16_rd(type value) {                         \
    return __oxhip_bffrombits(__oxhip_bf_from_float(odd(value), __OXHIP_H_RD));                 \
  }                                                                                             \
  __OXHIP_HX__ __hip_bfloat16 __##short_name##2bfloat16_ru(type value) {                         \
    return __oxhip_bffrombits(__oxhip_bf_from_float(odd(value), __OXHIP_H_RU));                 \
  }
__OXHIP_I2BF_ALL(int, int, __oxhip_bf_odd_float_i64)
__OXHIP_I2BF_ALL(uint, unsigned int, __oxhip_bf_odd_float_u64)
__OXHIP_I2BF_ALL(short, short, __oxhip_bf_odd_float_i64)
__OXHIP_I2BF_ALL(ushort, unsigned short, __oxhip_bf_odd_float_u64)
__OXHIP_I2BF_ALL(ll, long long, __oxhip_bf_odd_float_i64)
__OXHIP_I2BF_ALL(ull, unsigned long long, __oxhip_bf_odd_float_u64)
#undef __OXHIP_I2BF_ALL

/* ---- classification and comparisons ---------------------------------------------- */

__OXHIP_HD__ bool __hisnan(__hip_bfloat16 value) {
  return (__oxhip_bfbits(value) & 0x7fffu) > 0x7f80u;
}
/* -1 for -infinity, 1 for +infinity, 0 otherwise (CUDA's definition). */
__OXHIP_HD__ int __hisinf(__hip_bfloat16 value) {
  unsigned short bits = __oxhip_bfbits(value);
  return bits == 0x7f80u ? 1 : bits == 0xff80u ? -1 : 0;
}

__OXHIP_HD__ bool __heq(__hip_bfloat16 a, __hip_bfloat16 b) { return __oxhip_bff(a) == __oxhip_bff(b); }
__OXHIP_HD__ bool __hne(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __oxhip_bff(a) < __oxhip_bff(b) || __oxhip_bff(a) > __oxhip_bff(b);
}
__OXHIP_HD__ bool __hlt(__hip_bfloat16 a, __hip_bfloat16 b) { return __oxhip_bff(a) < __oxhip_bff(b); }
__OXHIP_HD__ bool __hle(__hip_bfloat16 a, __hip_bfloat16 b) { return __oxhip_bff(a) <= __oxhip_bff(b); }
__OXHIP_HD__ bool __hgt(__hip_bfloat16 a, __hip_bfloat16 b) { return __oxhip_bff(a) > __oxhip_bff(b); }
__OXHIP_HD__ bool __hge(__hip_bfloat16 a, __hip_bfloat16 b) { return __oxhip_bff(a) >= __oxhip_bff(b); }
__OXHIP_HD__ bool __hequ(__hip_bfloat16 a, __hip_bfloat16 b) { return !__hne(a, b); }
__OXHIP_HD__ bool __hneu(__hip_bfloat16 a, __hip_bfloat16 b) { return !__heq(a, b); }
__OXHIP_HD__ bool __hltu(__hip_bfloat16 a, __hip_bfloat16 b) { return !__hge(a, b); }
__OXHIP_HD__ bool __hleu(__hip_bfloat16 a, __hip_bfloat16 b) { return !__hgt(a, b); }
__OXHIP_HD__ bool __hgtu(__hip_bfloat16 a, __hip_bfloat16 b) { return !__hle(a, b); }
__OXHIP_HD__ bool __hgeu(__hip_bfloat16 a, __hip_bfloat16 b) { return !__hlt(a, b); }

#define __OXHIP_BF2_COMPARE(op) __OXHIP_BF2_COMPARE_WITH(__OXHIP_HD__, op)
#define __OXHIP_BF2_COMPARE_WITH(declaration, op)                                               \
  declaration __hip_bfloat162 op##2(__hip_bfloat162 a, __hip_bfloat162 b) {                      \
    return __hip_bfloat162(__oxhip_bffrombits(op(a.x, b.x) ? 0x3f80u : 0u),                     \
                           __oxhip_bffrombits(op(a.y, b.y) ? 0x3f80u : 0u));                    \
  }                                                                                             \
  __OXHIP_HX__ unsigned op##2_mask(__hip_bfloat162 a, __hip_bfloat162 b) {                       \
    return (op(a.x, b.x) ? 0xffffu : 0u) | (op(a.y, b.y) ? 0xffff0000u : 0u);                   \
  }
__OXHIP_BF2_COMPARE(__heq) __OXHIP_BF2_COMPARE(__hne) __OXHIP_BF2_COMPARE(__hlt)
__OXHIP_BF2_COMPARE(__hle) __OXHIP_BF2_COMPARE(__hgt) __OXHIP_BF2_COMPARE(__hge)
/* HIP has the ordered forms only. */
__OXHIP_BF2_COMPARE_WITH(__OXHIP_HX__, __hequ) __OXHIP_BF2_COMPARE_WITH(__OXHIP_HX__, __hneu)
__OXHIP_BF2_COMPARE_WITH(__OXHIP_HX__, __hltu) __OXHIP_BF2_COMPARE_WITH(__OXHIP_HX__, __hleu)
__OXHIP_BF2_COMPARE_WITH(__OXHIP_HX__, __hgtu) __OXHIP_BF2_COMPARE_WITH(__OXHIP_HX__, __hgeu)
#undef __OXHIP_BF2_COMPARE
#undef __OXHIP_BF2_COMPARE_WITH
#define __OXHIP_BF2_BCOMPARE(name, op)                                                          \
  __OXHIP_HD__ bool name(__hip_bfloat162 a, __hip_bfloat162 b) {                                 \
    return op(a.x, b.x) && op(a.y, b.y);                                                        \
  }
__OXHIP_BF2_BCOMPARE(__hbeq2, __heq) __OXHIP_BF2_BCOMPARE(__hbne2, __hne)
__OXHIP_BF2_BCOMPARE(__hblt2, __hlt) __OXHIP_BF2_BCOMPARE(__hble2, __hle)
__OXHIP_BF2_BCOMPARE(__hbgt2, __hgt) __OXHIP_BF2_BCOMPARE(__hbge2, __hge)
__OXHIP_BF2_BCOMPARE(__hbequ2, __hequ) __OXHIP_BF2_BCOMPARE(__hbneu2, __hneu)
__OXHIP_BF2_BCOMPARE(__hbltu2, __hltu) __OXHIP_BF2_BCOMPARE(__hbleu2, __hleu)
__OXHIP_BF2_BCOMPARE(__hbgtu2, __hgtu) __OXHIP_BF2_BCOMPARE(__hbgeu2, __hgeu)
#undef __OXHIP_BF2_BCOMPARE

__OXHIP_HD__ __hip_bfloat162 __hisnan2(__hip_bfloat162 value) {
  return __hip_bfloat162(__oxhip_bffrombits(__hisnan(value.x) ? 0x3f80u : 0u),
                         __oxhip_bffrombits(__hisnan(value.y) ? 0x3f80u : 0u));
}
__OXHIP_HX__ __hip_bfloat162 __hisinf2(__hip_bfloat162 value) {
  return __hip_bfloat162(__oxhip_bffrombits(__hisinf(value.x) ? 0x3f80u : 0u),
                         __oxhip_bffrombits(__hisinf(value.y) ? 0x3f80u : 0u));
}

/* Maximum and minimum: a NaN operand gives the other one (both NaN: the canonical NaN
 * 0x7fff), and +0 is above -0. The _nan forms return the canonical NaN if either is NaN. */
__OXHIP_HD__ __hip_bfloat16 __hmax(__hip_bfloat16 a, __hip_bfloat16 b) {
  if (__hisnan(a)) return __hisnan(b) ? __oxhip_bffrombits(0x7fffu) : b;
  if (__hisnan(b)) return a;
  if (__oxhip_bff(a) == __oxhip_bff(b)) return (__oxhip_bfbits(a) & 0x8000u) ? b : a;
  return __oxhip_bff(a) > __oxhip_bff(b) ? a : b;
}
__OXHIP_HD__ __hip_bfloat16 __hmin(__hip_bfloat16 a, __hip_bfloat16 b) {
  if (__hisnan(a)) return __hisnan(b) ? __oxhip_bffrombits(0x7fffu) : b;
  if (__hisnan(b)) return a;
  if (__oxhip_bff(a) == __oxhip_bff(b)) return (__oxhip_bfbits(a) & 0x8000u) ? a : b;
  return __oxhip_bff(a) < __oxhip_bff(b) ? a : b;
}
__OXHIP_HX__ __hip_bfloat16 __hmax_nan(__hip_bfloat16 a, __hip_bfloat16 b) {
  return (__hisnan(a) || __hisnan(b)) ? __oxhip_bffrombits(0x7fffu) : __hmax(a, b);
}
__OXHIP_HX__ __hip_bfloat16 __hmin_nan(__hip_bfloat16 a, __hip_bfloat16 b) {
  return (__hisnan(a) || __hisnan(b)) ? __oxhip_bffrombits(0x7fffu) : __hmin(a, b);
}
__OXHIP_HD__ __hip_bfloat162 __hmax2(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __OXHIP_BF2_MAP2(__hmax, a, b);
}
__OXHIP_HD__ __hip_bfloat162 __hmin2(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __OXHIP_BF2_MAP2(__hmin, a, b);
}
__OXHIP_HX__ __hip_bfloat162 __hmax2_nan(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __OXHIP_BF2_MAP2(__hmax_nan, a, b);
}
__OXHIP_HX__ __hip_bfloat162 __hmin2_nan(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __OXHIP_BF2_MAP2(__hmin_nan, a, b);
}

/* ---- arithmetic ------------------------------------------------------------------ */

/* Clamps to [0, 1]; NaN becomes +0. */
__OXHIP_HD__ __hip_bfloat16 __oxhip_bf_saturate(__hip_bfloat16 value) {
  float v = __oxhip_bff(value);
  return v > 1.0f ? __oxhip_bffrombits(0x3f80u) : (v > 0.0f ? value : __oxhip_bffrombits(0));
}

/* Each operation rounds once from float, so the _rn forms (no contraction) are the same
 * functions. */
__OXHIP_HD__ __hip_bfloat16 __hadd(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __oxhip_bfround(__oxhip_bff(a) + __oxhip_bff(b));
}
__OXHIP_HD__ __hip_bfloat16 __hsub(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __oxhip_bfround(__oxhip_bff(a) - __oxhip_bff(b));
}
__OXHIP_HD__ __hip_bfloat16 __hmul(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __oxhip_bfround(__oxhip_bff(a) * __oxhip_bff(b));
}
__OXHIP_HD__ __hip_bfloat16 __hdiv(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __oxhip_bfround(__oxhip_bff(a) / __oxhip_bff(b));
}
__OXHIP_HX__ __hip_bfloat16 __hadd_rn(__hip_bfloat16 a, __hip_bfloat16 b) { return __hadd(a, b); }
__OXHIP_HX__ __hip_bfloat16 __hsub_rn(__hip_bfloat16 a, __hip_bfloat16 b) { return __hsub(a, b); }
__OXHIP_HX__ __hip_bfloat16 __hmul_rn(__hip_bfloat16 a, __hip_bfloat16 b) { return __hmul(a, b); }
__OXHIP_HD__ __hip_bfloat16 __hfma(__hip_bfloat16 a, __hip_bfloat16 b, __hip_bfloat16 c) {
  return __oxhip_bfround(__oxhip_bf_fma_odd(__oxhip_bff(a), __oxhip_bff(b), __oxhip_bff(c)));
}
__OXHIP_HD__ __hip_bfloat16 __hneg(__hip_bfloat16 value) {
  return __oxhip_bffrombits((unsigned short)(__oxhip_bfbits(value) ^ 0x8000u));
}
__OXHIP_HD__ __hip_bfloat16 __habs(__hip_bfloat16 value) {
  return __oxhip_bffrombits((unsigned short)(__oxhip_bfbits(value) & 0x7fffu));
}
__OXHIP_HX__ __hip_bfloat16 __hadd_sat(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __oxhip_bf_saturate(__hadd(a, b));
}
__OXHIP_HX__ __hip_bfloat16 __hsub_sat(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __oxhip_bf_saturate(__hsub(a, b));
}
__OXHIP_HX__ __hip_bfloat16 __hmul_sat(__hip_bfloat16 a, __hip_bfloat16 b) {
  return __oxhip_bf_saturate(__hmul(a, b));
}
__OXHIP_HX__ __hip_bfloat16 __hfma_sat(__hip_bfloat16 a, __hip_bfloat16 b, __hip_bfloat16 c) {
  return __oxhip_bf_saturate(__hfma(a, b, c));
}
/* fma with negative results (and -0) replaced by +0 and NaN by the canonical NaN. */
__OXHIP_HX__ __hip_bfloat16 __hfma_relu(__hip_bfloat16 a, __hip_bfloat16 b, __hip_bfloat16 c) {
  __hip_bfloat16 result = __hfma(a, b, c);
  if (__hisnan(result)) return __oxhip_bffrombits(0x7fffu);
  return __oxhip_bff(result) > 0.0f ? result : __oxhip_bffrombits(0);
}

__OXHIP_HD__ __hip_bfloat162 __hadd2(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __OXHIP_BF2_MAP2(__hadd, a, b);
}
__OXHIP_HD__ __hip_bfloat162 __hsub2(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __OXHIP_BF2_MAP2(__hsub, a, b);
}
__OXHIP_HD__ __hip_bfloat162 __hmul2(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __OXHIP_BF2_MAP2(__hmul, a, b);
}
__OXHIP_HD__ __hip_bfloat162 __h2div(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __OXHIP_BF2_MAP2(__hdiv, a, b);
}
__OXHIP_HX__ __hip_bfloat162 __hadd2_rn(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __OXHIP_BF2_MAP2(__hadd, a, b);
}
__OXHIP_HX__ __hip_bfloat162 __hsub2_rn(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __OXHIP_BF2_MAP2(__hsub, a, b);
}
__OXHIP_HX__ __hip_bfloat162 __hmul2_rn(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __OXHIP_BF2_MAP2(__hmul, a, b);
}
__OXHIP_HD__ __hip_bfloat162 __hfma2(__hip_bfloat162 a, __hip_bfloat162 b, __hip_bfloat162 c) {
  return __hip_bfloat162(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
__OXHIP_HD__ __hip_bfloat162 __hneg2(__hip_bfloat162 value) { return __OXHIP_BF2_MAP(__hneg, value); }
__OXHIP_HD__ __hip_bfloat162 __habs2(__hip_bfloat162 value) { return __OXHIP_BF2_MAP(__habs, value); }
__OXHIP_HX__ __hip_bfloat162 __hadd2_sat(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __OXHIP_BF2_MAP2(__hadd_sat, a, b);
}
__OXHIP_HX__ __hip_bfloat162 __hsub2_sat(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __OXHIP_BF2_MAP2(__hsub_sat, a, b);
}
__OXHIP_HX__ __hip_bfloat162 __hmul2_sat(__hip_bfloat162 a, __hip_bfloat162 b) {
  return __OXHIP_BF2_MAP2(__hmul_sat, a, b);
}
__OXHIP_HX__ __hip_bfloat162 __hfma2_sat(__hip_bfloat162 a, __hip_bfloat162 b,
                                         __hip_bfloat162 c) {
  return __hip_bfloat162(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y));
}
__OXHIP_HX__ __hip_bfloat162 __hfma2_relu(__hip_bfloat162 a, __hip_bfloat162 b,
                                          __hip_bfloat162 c) {
  return __hip_bfloat162(__hfma_relu(a.x, b.x, c.x), __hfma_relu(a.y, b.y, c.y));
}
/* Complex multiply-add: a, b and c hold (real, imaginary); returns a * b + c. */
__OXHIP_HX__ __hip_bfloat162 __hcmadd(__hip_bfloat162 a, __hip_bfloat162 b, __hip_bfloat162 c) {
  __hip_bfloat16 real = __hfma(a.x, b.x, c.x);
  real = __hfma(__hneg(a.y), b.y, real);
  __hip_bfloat16 imaginary = __hfma(a.x, b.y, c.y);
  imaginary = __hfma(a.y, b.x, imaginary);
  return __hip_bfloat162(real, imaginary);
}

/* ---- operators ------------------------------------------------------------------- */

#if !defined(__HIP_NO_BF16_OPERATORS__) && !defined(__CUDA_NO_BFLOAT16_OPERATORS__)
#define __OXHIP_BF_OPERATORS(type, add, sub, mul, div, neg, eq, ne, lt, le, gt, ge)            \
  __OXHIP_HD__ type operator+(const type &a, const type &b) { return add(a, b); }               \
  __OXHIP_HD__ type operator-(const type &a, const type &b) { return sub(a, b); }               \
  __OXHIP_HD__ type operator*(const type &a, const type &b) { return mul(a, b); }               \
  __OXHIP_HD__ type operator/(const type &a, const type &b) { return div(a, b); }               \
  __OXHIP_HD__ type operator+(const type &value) { return value; }                              \
  __OXHIP_HD__ type operator-(const type &value) { return neg(value); }                         \
  __OXHIP_HD__ bool operator==(const type &a, const type &b) { return eq(a, b); }               \
  __OXHIP_HD__ bool operator!=(const type &a, const type &b) { return ne(a, b); }               \
  __OXHIP_HD__ bool operator<(const type &a, const type &b) { return lt(a, b); }                \
  __OXHIP_HD__ bool operator<=(const type &a, const type &b) { return le(a, b); }               \
  __OXHIP_HD__ bool operator>(const type &a, const type &b) { return gt(a, b); }                \
  __OXHIP_HD__ bool operator>=(const type &a, const type &b) { return ge(a, b); }
__OXHIP_BF_OPERATORS(__hip_bfloat16, __hadd, __hsub, __hmul, __hdiv, __hneg, __heq, __hneu,
                     __hlt, __hle, __hgt, __hge)
/* Whole-vector comparisons, true when they hold for both halves (!= when it holds for
 * either, so that it is the negation of ==). */
__OXHIP_HD__ bool __oxhip_bf2_ne(__hip_bfloat162 a, __hip_bfloat162 b) { return !__hbeq2(a, b); }
__OXHIP_BF_OPERATORS(__hip_bfloat162, __hadd2, __hsub2, __hmul2, __h2div, __hneg2, __hbeq2,
                     __oxhip_bf2_ne, __hblt2, __hble2, __hbgt2, __hbge2)
#undef __OXHIP_BF_OPERATORS
__OXHIP_HD__ __hip_bfloat162 &operator+=(__hip_bfloat162 &a, const __hip_bfloat162 &b) {
  return a = __hadd2(a, b);
}
__OXHIP_HD__ __hip_bfloat162 &operator-=(__hip_bfloat162 &a, const __hip_bfloat162 &b) {
  return a = __hsub2(a, b);
}
__OXHIP_HD__ __hip_bfloat162 &operator*=(__hip_bfloat162 &a, const __hip_bfloat162 &b) {
  return a = __hmul2(a, b);
}
__OXHIP_HD__ __hip_bfloat162 &operator/=(__hip_bfloat162 &a, const __hip_bfloat162 &b) {
  return a = __h2div(a, b);
}
__OXHIP_HD__ __hip_bfloat162 &operator++(__hip_bfloat162 &a) {
  return a = __hadd2(a, __bfloat162bfloat162(__oxhip_bffrombits(0x3f80u)));
}
__OXHIP_HD__ __hip_bfloat162 &operator--(__hip_bfloat162 &a) {
  return a = __hsub2(a, __bfloat162bfloat162(__oxhip_bffrombits(0x3f80u)));
}
__OXHIP_HD__ __hip_bfloat162 operator++(__hip_bfloat162 &a, int) {
  __hip_bfloat162 old = a;
  ++a;
  return old;
}
__OXHIP_HD__ __hip_bfloat162 operator--(__hip_bfloat162 &a, int) {
  __hip_bfloat162 old = a;
  --a;
  return old;
}
#endif

/* ---- math ------------------------------------------------------------------------ */

__OXHIP_HD__ __hip_bfloat16 hsqrt(__hip_bfloat16 value) {
  return __oxhip_bfround(__builtin_sqrtf(__oxhip_bff(value)));
}
__OXHIP_HD__ __hip_bfloat16 hrsqrt(__hip_bfloat16 value) {
  return __oxhip_bfround(1.0f / __builtin_sqrtf(__oxhip_bff(value)));
}
__OXHIP_HD__ __hip_bfloat16 hrcp(__hip_bfloat16 value) {
  return __oxhip_bfround(1.0f / __oxhip_bff(value));
}
__OXHIP_HD__ __hip_bfloat16 hceil(__hip_bfloat16 value) {
  return __oxhip_bfround(__builtin_ceilf(__oxhip_bff(value)));
}
__OXHIP_HD__ __hip_bfloat16 hfloor(__hip_bfloat16 value) {
  return __oxhip_bfround(__builtin_floorf(__oxhip_bff(value)));
}
__OXHIP_HD__ __hip_bfloat16 htrunc(__hip_bfloat16 value) {
  return __oxhip_bfround(__builtin_truncf(__oxhip_bff(value)));
}
__OXHIP_HD__ __hip_bfloat16 hrint(__hip_bfloat16 value) {
  return __oxhip_bfround(__builtin_rintf(__oxhip_bff(value)));
}
__OXHIP_HD__ __hip_bfloat16 hexp(__hip_bfloat16 value) {
  return __oxhip_bfround(__oxhip_h_expf(__oxhip_bff(value)));
}
__OXHIP_HD__ __hip_bfloat16 hexp2(__hip_bfloat16 value) {
  return __oxhip_bfround(__oxhip_h_exp2f(__oxhip_bff(value)));
}
__OXHIP_HD__ __hip_bfloat16 hexp10(__hip_bfloat16 value) {
  return __oxhip_bfround(__oxhip_h_exp10f(__oxhip_bff(value)));
}
__OXHIP_HD__ __hip_bfloat16 hlog(__hip_bfloat16 value) {
  return __oxhip_bfround(__oxhip_h_logf(__oxhip_bff(value)));
}
__OXHIP_HD__ __hip_bfloat16 hlog2(__hip_bfloat16 value) {
  return __oxhip_bfround(__oxhip_h_log2f(__oxhip_bff(value)));
}
__OXHIP_HD__ __hip_bfloat16 hlog10(__hip_bfloat16 value) {
  return __oxhip_bfround(__oxhip_h_log10f(__oxhip_bff(value)));
}
__OXHIP_HD__ __hip_bfloat16 hsin(__hip_bfloat16 value) {
  float sine, cosine;
  __oxhip_h_sincosf(__oxhip_bff(value), &sine, &cosine);
  return __oxhip_bfround(sine);
}
__OXHIP_HD__ __hip_bfloat16 hcos(__hip_bfloat16 value) {
  float sine, cosine;
  __oxhip_h_sincosf(__oxhip_bff(value), &sine, &cosine);
  return __oxhip_bfround(cosine);
}

/* CUDA 12.8's tanh functions, which HIP lacks (templates: see __OXHIP_HX__). */
__OXHIP_HX__ __hip_bfloat16 htanh(__hip_bfloat16 value) {
  return __oxhip_bfround(__oxhip_h_tanhf(__oxhip_bff(value)));
}
__OXHIP_HX__ __hip_bfloat16 htanh_approx(__hip_bfloat16 value) { return htanh(value); }
__OXHIP_HX__ __hip_bfloat162 h2tanh(__hip_bfloat162 value) { return __OXHIP_BF2_MAP(htanh, value); }
__OXHIP_HX__ __hip_bfloat162 h2tanh_approx(__hip_bfloat162 value) {
  return __OXHIP_BF2_MAP(htanh, value);
}

__OXHIP_HD__ __hip_bfloat162 h2sqrt(__hip_bfloat162 value) { return __OXHIP_BF2_MAP(hsqrt, value); }
__OXHIP_HD__ __hip_bfloat162 h2rsqrt(__hip_bfloat162 value) { return __OXHIP_BF2_MAP(hrsqrt, value); }
__OXHIP_HD__ __hip_bfloat162 h2rcp(__hip_bfloat162 value) { return __OXHIP_BF2_MAP(hrcp, value); }
__OXHIP_HD__ __hip_bfloat162 h2ceil(__hip_bfloat162 value) { return __OXHIP_BF2_MAP(hceil, value); }
__OXHIP_HD__ __hip_bfloat162 h2floor(__hip_bfloat162 value) { return __OXHIP_BF2_MAP(hfloor, value); }
__OXHIP_HD__ __hip_bfloat162 h2trunc(__hip_bfloat162 value) { return __OXHIP_BF2_MAP(htrunc, value); }
__OXHIP_HD__ __hip_bfloat162 h2rint(__hip_bfloat162 value) { return __OXHIP_BF2_MAP(hrint, value); }
__OXHIP_HD__ __hip_bfloat162 h2exp(__hip_bfloat162 value) { return __OXHIP_BF2_MAP(hexp, value); }
__OXHIP_HD__ __hip_bfloat162 h2exp2(__hip_bfloat162 value) { return __OXHIP_BF2_MAP(hexp2, value); }
__OXHIP_HD__ __hip_bfloat162 h2exp10(__hip_bfloat162 value) { return __OXHIP_BF2_MAP(hexp10, value); }
__OXHIP_HD__ __hip_bfloat162 h2log(__hip_bfloat162 value) { return __OXHIP_BF2_MAP(hlog, value); }
__OXHIP_HD__ __hip_bfloat162 h2log2(__hip_bfloat162 value) { return __OXHIP_BF2_MAP(hlog2, value); }
__OXHIP_HD__ __hip_bfloat162 h2log10(__hip_bfloat162 value) { return __OXHIP_BF2_MAP(hlog10, value); }
__OXHIP_HD__ __hip_bfloat162 h2sin(__hip_bfloat162 value) { return __OXHIP_BF2_MAP(hsin, value); }
__OXHIP_HD__ __hip_bfloat162 h2cos(__hip_bfloat162 value) { return __OXHIP_BF2_MAP(hcos, value); }

/* ---- constants ------------------------------------------------------------------- */

#define HIPRT_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3f80u)
#define HIPRT_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000u)
#define HIPRT_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7f80u)
#define HIPRT_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7f7fu)
#define HIPRT_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001u)
#define HIPRT_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7fffu)
#define HIPRT_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000u)

/* ---- device only: loads, shuffles, atomics -------------------------------------- */

#if defined(__OXHIP_OFFLOAD__)

/* The cache-hint loads and stores of CUDA (__ldg .. __ldcv, __stwb .. __stwt) move the
 * bits as the integer of the same size: intrinsics.h's templates use clang's nontemporal
 * and volatile accesses, which take only scalar and vector types. */
#define __OXHIP_BF_ACCESS(type, bits)                                                             \
  __OXHIP_DX__ type __ldg(const type *address) { return *address; }                               \
  __OXHIP_DX__ type __ldcg(const type *address) { return *address; }                              \
  __OXHIP_DX__ type __ldca(const type *address) { return *address; }                              \
  __OXHIP_DX__ type __ldcs(const type *address) {                                                 \
    return __builtin_bit_cast(type, __builtin_nontemporal_load((const bits *)address));           \
  }                                                                                               \
  __OXHIP_DX__ type __ldlu(const type *address) {                                                 \
    return __builtin_bit_cast(type, __builtin_nontemporal_load((const bits *)address));           \
  }                                                                                               \
  __OXHIP_DX__ type __ldcv(const type *address) {                                                 \
    return __builtin_bit_cast(type, *(const volatile bits *)address);                             \
  }                                                                                               \
  __OXHIP_DX__ void __stwb(type *address, type value) { *address = value; }                       \
  __OXHIP_DX__ void __stcg(type *address, type value) { *address = value; }                       \
  __OXHIP_DX__ void __stcs(type *address, type value) {                                           \
    __builtin_nontemporal_store(__builtin_bit_cast(bits, value), (bits *)address);                \
  }                                                                                               \
  __OXHIP_DX__ void __stwt(type *address, type value) {                                           \
    *(volatile bits *)address = __builtin_bit_cast(bits, value);                                  \
  }
__OXHIP_BF_ACCESS(__hip_bfloat16, unsigned short)
__OXHIP_BF_ACCESS(__hip_bfloat162, unsigned int)
#undef __OXHIP_BF_ACCESS

/* Shuffles move the bits through the 32-bit shuffles of hip/oxhip/warp.h. */
#define __OXHIP_BF_SHUFFLE(name, operand_type)                                                  \
  __OXHIP_DEVICE__ __hip_bfloat16 name(__hip_bfloat16 value, operand_type operand,              \
                                       int width = warpSize) {                                  \
    return __ushort_as_bfloat16(                                                                \
        (unsigned short)name((unsigned int)__bfloat16_as_ushort(value), operand, width));       \
  }                                                                                             \
  __OXHIP_DEVICE__ __hip_bfloat162 name(__hip_bfloat162 value, operand_type operand,            \
                                        int width = warpSize) {                                 \
    return __builtin_bit_cast(__hip_bfloat162,                                                  \
                              name(__builtin_bit_cast(unsigned int, value), operand, width));   \
  }                                                                                             \
  __OXHIP_DEVICE__ __hip_bfloat16 name##_sync(unsigned long long mask, __hip_bfloat16 value,    \
                                              operand_type operand, int width = warpSize) {     \
    return __ushort_as_bfloat16((unsigned short)name##_sync(                                    \
        mask, (unsigned int)__bfloat16_as_ushort(value), operand, width));                      \
  }                                                                                             \
  __OXHIP_DEVICE__ __hip_bfloat162 name##_sync(unsigned long long mask, __hip_bfloat162 value,  \
                                               operand_type operand, int width = warpSize) {    \
    return __builtin_bit_cast(__hip_bfloat162,                                                  \
                              name##_sync(mask, __builtin_bit_cast(unsigned int, value),        \
                                          operand, width));                                     \
  }
__OXHIP_BF_SHUFFLE(__shfl, int)
__OXHIP_BF_SHUFFLE(__shfl_up, unsigned int)
__OXHIP_BF_SHUFFLE(__shfl_down, unsigned int)
__OXHIP_BF_SHUFFLE(__shfl_xor, int)
#undef __OXHIP_BF_SHUFFLE

/* atomicAdd: compare-and-swap loops on the 32 bits of a bfloat162, or on the aligned
 * word that holds a bfloat16 (adding in its own 16 bits only). Both return the old
 * value. */
#define __OXHIP_BF_ATOMICS(suffix)                                                              \
  __OXHIP_DX__ __hip_bfloat162 atomicAdd##suffix(__hip_bfloat162 *address,                      \
                                                     __hip_bfloat162 value) {                   \
    unsigned int *word = (unsigned int *)address;                                               \
    unsigned int old = *(volatile unsigned int *)word, assumed;                                 \
    do {                                                                                        \
      assumed = old;                                                                            \
      __hip_bfloat162 sum = __hadd2(__builtin_bit_cast(__hip_bfloat162, assumed), value);       \
      old = atomicCAS##suffix(word, assumed, __builtin_bit_cast(unsigned int, sum));            \
    } while (old != assumed);                                                                   \
    return __builtin_bit_cast(__hip_bfloat162, old);                                            \
  }                                                                                             \
  __OXHIP_DX__ __hip_bfloat16 atomicAdd##suffix(__hip_bfloat16 *address,                        \
                                                    __hip_bfloat16 value) {                     \
    unsigned long long place = (unsigned long long)address;                                     \
    unsigned int *word = (unsigned int *)(place & ~3ull);                                       \
    unsigned int shift = (unsigned int)(place & 2ull) * 8u;                                     \
    unsigned int old = *(volatile unsigned int *)word, assumed;                                 \
    do {                                                                                        \
      assumed = old;                                                                            \
      __hip_bfloat16 sum =                                                                      \
          __hadd(__ushort_as_bfloat16((unsigned short)(assumed >> shift)), value);              \
      unsigned int replaced = (assumed & ~(0xffffu << shift)) |                                 \
                              ((unsigned int)__bfloat16_as_ushort(sum) << shift);               \
      old = atomicCAS##suffix(word, assumed, replaced);                                         \
    } while (old != assumed);                                                                   \
    return __ushort_as_bfloat16((unsigned short)(old >> shift));                                \
  }
__OXHIP_BF_ATOMICS()
__OXHIP_BF_ATOMICS(_block)
__OXHIP_BF_ATOMICS(_system)
#undef __OXHIP_BF_ATOMICS
__OXHIP_DEVICE__ __hip_bfloat162 unsafeAtomicAdd(__hip_bfloat162 *address, __hip_bfloat162 value) {
  return atomicAdd(address, value);
}
__OXHIP_DEVICE__ __hip_bfloat16 unsafeAtomicAdd(__hip_bfloat16 *address, __hip_bfloat16 value) {
  return atomicAdd(address, value);
}

#endif /* __OXHIP_OFFLOAD__ */

#undef __OXHIP_BF2_MAP
#undef __OXHIP_BF2_MAP2

#endif /* __cplusplus */

#endif /* OXHIP_BF16_H */
