/* hip/hip_fp8.h for oxhip: 8-bit floating point as HIP defines it, in four encodings:
 *
 *   __hip_fp8_e4m3       OCP E4M3: bias 7, largest 448, NaN S.1111.111, no infinity
 *   __hip_fp8_e5m2       OCP E5M2: bias 15, largest 57344, infinities, IEEE-style NaNs
 *   __hip_fp8_e4m3_fnuz  bias 8, largest 240, one NaN (0x80), no negative zero or infinity
 *   __hip_fp8_e5m2_fnuz  bias 16, largest 57344, one NaN (0x80), no negative zero or infinity
 *
 * with the __hip_cvt_* conversion functions, the scalar, x2 and x4 types (the value in
 * the member `__x`) and their conversions to and from float, double, __half and
 * __hip_bfloat16. Conversions to fp8 round to nearest even; with __HIP_SATFINITE a value
 * beyond the largest finite one becomes that one, with __HIP_NOSAT it becomes infinity
 * (E5M2) or NaN; an infinity becomes the NaN in the FNUZ formats whatever the saturation. Conversions from fp8 are exact. Everything is computed portably on every
 * target (host, CPU target, amdgcn, nvptx), except that NVIDIA GPUs from sm_89 on convert
 * the OCP formats with their own instructions (`cvt` to and from `e4m3x2`/`e5m2x2`), which
 * give the same codes and values: saturating conversions to fp8, every conversion from it.
 */
#ifndef HIP_HIP_FP8_H
#define HIP_HIP_FP8_H
/* HIP's own guard as well: code tests it, and oxhipify writes it for CUDA's. */
#define HIP_INCLUDE_HIP_HIP_FP8_H
/* In a CUDA compile (oxhip's translation of a .cu, __OXHIP_CUDA_SOURCE__), this header
 * stands in for CUDA's cuda_fp8.h and defines its guards; like it, it includes the half
 * and bfloat16 headers below (driver/src/cuda_headers.rs). */
#ifdef __OXHIP_CUDA_SOURCE__
#define __CUDA_FP8_H__
#define __CUDA_FP8_HPP__
#endif

#include <hip/hip_fp16.h>
#include <hip/hip_bf16.h>

#if defined(__cplusplus)

typedef unsigned char __hip_fp8_storage_t;
typedef unsigned short int __hip_fp8x2_storage_t;
typedef unsigned int __hip_fp8x4_storage_t;

typedef enum __hip_saturation_t { __HIP_NOSAT = 0, __HIP_SATFINITE = 1 } __hip_saturation_t;
typedef enum __hip_fp8_interpretation_t {
  __HIP_E4M3_FNUZ = 0,
  __HIP_E5M2_FNUZ = 1,
  __HIP_E4M3 = 2,
  __HIP_E5M2 = 3
} __hip_fp8_interpretation_t;

/* ---- the encodings -------------------------------------------------------------------- */

struct __oxhip_fp8_format {
  int mantissa_bits;
  int bias;
  bool fnuz;
  bool infinity; /* E5M2 (OCP) only */
  float largest;
};

__OXHIP_HD__ constexpr __oxhip_fp8_format __oxhip_fp8_format_of(__hip_fp8_interpretation_t type) {
  return type == __HIP_E4M3_FNUZ   ? __oxhip_fp8_format{3, 8, true, false, 240.0f}
         : type == __HIP_E5M2_FNUZ ? __oxhip_fp8_format{2, 16, true, false, 57344.0f}
         : type == __HIP_E4M3      ? __oxhip_fp8_format{3, 7, false, false, 448.0f}
                                   : __oxhip_fp8_format{2, 15, false, true, 57344.0f};
}

/* 2^k as a float, for -126 <= k <= 127. */
__OXHIP_HD__ float __oxhip_fp8_pow2(int k) { return __builtin_bit_cast(float, (unsigned int)(k + 127) << 23); }

__OXHIP_HD__ __hip_fp8_storage_t __oxhip_fp8_nan(__oxhip_fp8_format f, bool negative) {
  if (f.fnuz) return 0x80;
  return (unsigned char)((negative ? 0x80 : 0x00) | 0x7f);
}

#if defined(__OXHIP_NVPTX__) && __CUDA_ARCH__ >= 890
#define __OXHIP_FP8_CVT 1
#endif

__OXHIP_HD__ __hip_fp8_storage_t __hip_cvt_float_to_fp8(float value, __hip_saturation_t saturation,
                                                        __hip_fp8_interpretation_t type) {
#if defined(__OXHIP_FP8_CVT)
  /* The instruction rounds to nearest even and saturates as HIP's __HIP_SATFINITE does;
   * its NaN is positive, HIP's keeps the sign. About 40 instructions fewer per value. */
  if (saturation == __HIP_SATFINITE && (type == __HIP_E4M3 || type == __HIP_E5M2)) {
    unsigned short pair;
    if (type == __HIP_E4M3)
      asm("cvt.rn.satfinite.e4m3x2.f32 %0, %1, %1;" : "=h"(pair) : "f"(value));
    else
      asm("cvt.rn.satfinite.e5m2x2.f32 %0, %1, %1;" : "=h"(pair) : "f"(value));
    unsigned char code = (unsigned char)(pair & 0xffu);
    if (value != value) code |= (unsigned char)((__builtin_bit_cast(unsigned int, value) >> 24) & 0x80u);
    return code;
  }
#endif
  __oxhip_fp8_format f = __oxhip_fp8_format_of(type);
  unsigned int bits = __builtin_bit_cast(unsigned int, value);
  bool negative = (bits >> 31) != 0;
  unsigned char sign = negative ? 0x80 : 0x00;
  float magnitude = __builtin_fabsf(value);
  if (magnitude != magnitude) return __oxhip_fp8_nan(f, negative);
  int lowest_exponent = 1 - f.bias; /* exponent of the smallest normal value */
  unsigned char overflow = f.infinity ? (unsigned char)(sign | 0x7c) : __oxhip_fp8_nan(f, negative);
  if (magnitude == __builtin_inff()) {
    /* The FNUZ formats (AMD's) have no infinity and HIP does not clip one: it becomes the
     * NaN whatever the saturation, as on CDNA3. The OCP formats saturate it, as CUDA does. */
    if (saturation != __HIP_SATFINITE || f.fnuz) return overflow;
    magnitude = f.largest;
  }
  /* Exponent of the value (floats below 2^-126 are far below the smallest fp8). */
  int exponent = magnitude == 0.0f ? lowest_exponent
                                   : (int)((__builtin_bit_cast(unsigned int, magnitude) >> 23) & 0xff) - 127;
  if (exponent < lowest_exponent) exponent = lowest_exponent;
  /* Scaling by powers of two, exact here, where a division would cost a GPU a dozen
   * instructions (HeCBench's addBiasQKV converts each element). */
  float quantum = __oxhip_fp8_pow2(exponent - f.mantissa_bits);
  float rounded = __builtin_rintf(magnitude * __oxhip_fp8_pow2(f.mantissa_bits - exponent)) * quantum;
  /* Rounding decides overflow: a value halfway to the next step above the largest one
   * rounds to even, which is that step when the largest value's mantissa is odd. */
  if (rounded > f.largest) {
    if (saturation != __HIP_SATFINITE) return overflow;
    rounded = f.largest;
  }
  if (rounded == 0.0f) return f.fnuz ? 0 : sign;
  int rounded_exponent = (int)((__builtin_bit_cast(unsigned int, rounded) >> 23) & 0xff) - 127;
  unsigned int field, mantissa;
  if (rounded_exponent < lowest_exponent) {
    field = 0;
    mantissa = (unsigned int)(rounded * __oxhip_fp8_pow2(f.mantissa_bits - lowest_exponent));
  } else {
    field = (unsigned int)(rounded_exponent + f.bias);
    mantissa = (unsigned int)(rounded * __oxhip_fp8_pow2(f.mantissa_bits - rounded_exponent)) -
               (1u << f.mantissa_bits);
  }
  return (unsigned char)(sign | (field << f.mantissa_bits) | mantissa);
}

__OXHIP_HD__ float __oxhip_fp8_to_float(__hip_fp8_storage_t value, __hip_fp8_interpretation_t type) {
#if defined(__OXHIP_FP8_CVT)
  /* Exact through half, which holds every E4M3 and E5M2 value. */
  if (type == __HIP_E4M3 || type == __HIP_E5M2) {
    unsigned int halves;
    unsigned short code = value;
    if (type == __HIP_E4M3)
      asm("cvt.rn.f16x2.e4m3x2 %0, %1;" : "=r"(halves) : "h"(code));
    else
      asm("cvt.rn.f16x2.e5m2x2 %0, %1;" : "=r"(halves) : "h"(code));
    return (float)__builtin_bit_cast(_Float16, (unsigned short)(halves & 0xffffu));
  }
#endif
  __oxhip_fp8_format f = __oxhip_fp8_format_of(type);
  bool negative = (value & 0x80) != 0;
  unsigned int field = (value & 0x7fu) >> f.mantissa_bits;
  unsigned int mantissa = value & ((1u << f.mantissa_bits) - 1u);
  if (f.fnuz && value == 0x80) return __builtin_nanf("");
  if (!f.fnuz && !f.infinity && (value & 0x7f) == 0x7f) return __builtin_nanf("");
  if (f.infinity && field == 31) {
    if (mantissa != 0) return __builtin_nanf("");
    return negative ? -__builtin_inff() : __builtin_inff();
  }
  float magnitude = field == 0
                        ? (float)mantissa * __oxhip_fp8_pow2(1 - f.bias - f.mantissa_bits)
                        : (float)((1u << f.mantissa_bits) | mantissa) *
                              __oxhip_fp8_pow2((int)field - f.bias - f.mantissa_bits);
  return negative ? -magnitude : magnitude;
}

/* ---- the __hip_cvt_* functions --------------------------------------------------------- */

__OXHIP_HD__ __hip_fp8_storage_t __hip_cvt_double_to_fp8(double value, __hip_saturation_t saturation,
                                                         __hip_fp8_interpretation_t type) {
  /* Through float: double rounding cannot change an 8-bit result, whose quantum is far
   * above float's. */
  return __hip_cvt_float_to_fp8((float)value, saturation, type);
}
__OXHIP_HD__ __hip_fp8x2_storage_t __hip_cvt_float2_to_fp8x2(float2 value, __hip_saturation_t saturation,
                                                             __hip_fp8_interpretation_t type) {
  return (unsigned short)(__hip_cvt_float_to_fp8(value.x, saturation, type) |
                          (__hip_cvt_float_to_fp8(value.y, saturation, type) << 8));
}
__OXHIP_HD__ __hip_fp8x2_storage_t __hip_cvt_double2_to_fp8x2(double2 value, __hip_saturation_t saturation,
                                                              __hip_fp8_interpretation_t type) {
  return __hip_cvt_float2_to_fp8x2(make_float2((float)value.x, (float)value.y), saturation, type);
}
__OXHIP_HD__ __half_raw __hip_cvt_fp8_to_halfraw(__hip_fp8_storage_t value, __hip_fp8_interpretation_t type) {
  __half_raw raw;
  raw.x = __half_as_ushort(__float2half(__oxhip_fp8_to_float(value, type)));
  return raw;
}
__OXHIP_HD__ __half2_raw __hip_cvt_fp8x2_to_halfraw2(__hip_fp8x2_storage_t value,
                                                     __hip_fp8_interpretation_t type) {
  __half2_raw raw;
  raw.x = __hip_cvt_fp8_to_halfraw((unsigned char)(value & 0xff), type).x;
  raw.y = __hip_cvt_fp8_to_halfraw((unsigned char)(value >> 8), type).x;
  return raw;
}
__OXHIP_HD__ __hip_fp8_storage_t __hip_cvt_halfraw_to_fp8(__half_raw value, __hip_saturation_t saturation,
                                                          __hip_fp8_interpretation_t type) {
  return __hip_cvt_float_to_fp8(__half2float(__ushort_as_half(value.x)), saturation, type);
}
__OXHIP_HD__ __hip_fp8x2_storage_t __hip_cvt_halfraw2_to_fp8x2(__half2_raw value, __hip_saturation_t saturation,
                                                               __hip_fp8_interpretation_t type) {
  return (unsigned short)(__hip_cvt_float_to_fp8(__half2float(__ushort_as_half(value.x)), saturation, type) |
                          (__hip_cvt_float_to_fp8(__half2float(__ushort_as_half(value.y)), saturation, type)
                           << 8));
}
__OXHIP_HD__ float __oxhip_fp8_bf16_bits_to_float(unsigned short bits) {
  return __builtin_bit_cast(float, (unsigned int)bits << 16);
}
__OXHIP_HD__ __hip_fp8_storage_t __hip_cvt_bfloat16raw_to_fp8(__hip_bfloat16_raw value,
                                                              __hip_saturation_t saturation,
                                                              __hip_fp8_interpretation_t type) {
  return __hip_cvt_float_to_fp8(__oxhip_fp8_bf16_bits_to_float(value.x), saturation, type);
}
__OXHIP_HD__ __hip_fp8x2_storage_t __hip_cvt_bfloat16raw2_to_fp8x2(__hip_bfloat162_raw value,
                                                                   __hip_saturation_t saturation,
                                                                   __hip_fp8_interpretation_t type) {
  return (unsigned short)(__hip_cvt_float_to_fp8(__oxhip_fp8_bf16_bits_to_float(value.x), saturation, type) |
                          (__hip_cvt_float_to_fp8(__oxhip_fp8_bf16_bits_to_float(value.y), saturation, type)
                           << 8));
}

/* ---- the types ------------------------------------------------------------------------- */

/* One scalar, pair and quad type per encoding. Conversions from wider types saturate to
 * the largest finite value (HIP's default for its constructors). */
/* Members are inline by being defined in the class; they must not be static. */
#define __OXHIP_FP8_MEMBER __host__ __device__
#define __OXHIP_FP8_TYPES(name, type)                                                              \
  struct name {                                                                                    \
    __hip_fp8_storage_t __x;                                                                       \
    static constexpr __hip_saturation_t __default_saturation = __HIP_SATFINITE;                    \
    static constexpr __hip_fp8_interpretation_t __default_interpret = type;                        \
    name() = default;                                                                              \
    __OXHIP_FP8_MEMBER name(float value) : __x(__hip_cvt_float_to_fp8(value, __HIP_SATFINITE, type)) {}  \
    __OXHIP_FP8_MEMBER name(double value) : __x(__hip_cvt_double_to_fp8(value, __HIP_SATFINITE, type)) {} \
    __OXHIP_FP8_MEMBER name(__half value) : __x(__hip_cvt_float_to_fp8(__half2float(value), __HIP_SATFINITE, type)) {} \
    __OXHIP_FP8_MEMBER name(__hip_bfloat16 value)                                                        \
        : __x(__hip_cvt_float_to_fp8(__bfloat162float(value), __HIP_SATFINITE, type)) {}           \
    __OXHIP_FP8_MEMBER explicit name(int value) : name((float)value) {}                                  \
    __OXHIP_FP8_MEMBER explicit name(unsigned int value) : name((float)value) {}                         \
    __OXHIP_FP8_MEMBER explicit name(long long value) : name((float)value) {}                            \
    __OXHIP_FP8_MEMBER explicit name(unsigned long long value) : name((float)value) {}                   \
    __OXHIP_FP8_MEMBER operator float() const { return __oxhip_fp8_to_float(__x, type); }                \
    __OXHIP_FP8_MEMBER explicit operator double() const { return (double)__oxhip_fp8_to_float(__x, type); } \
    __OXHIP_FP8_MEMBER explicit operator __half() const { return __float2half(__oxhip_fp8_to_float(__x, type)); } \
    __OXHIP_FP8_MEMBER explicit operator __hip_bfloat16() const {                                        \
      return __float2bfloat16(__oxhip_fp8_to_float(__x, type));                                    \
    }                                                                                              \
    __OXHIP_FP8_MEMBER explicit operator bool() const { return __oxhip_fp8_to_float(__x, type) != 0.0f; } \
  };                                                                                               \
  struct name##x2_t_;                                                                              \
  struct __attribute__((aligned(2))) name##x2 {                                                    \
    __hip_fp8x2_storage_t __x;                                                                     \
    name##x2() = default;                                                                          \
    __OXHIP_FP8_MEMBER name##x2(float2 value) : __x(__hip_cvt_float2_to_fp8x2(value, __HIP_SATFINITE, type)) {} \
    __OXHIP_FP8_MEMBER name##x2(double2 value) : __x(__hip_cvt_double2_to_fp8x2(value, __HIP_SATFINITE, type)) {} \
    __OXHIP_FP8_MEMBER name##x2(__half2 value)                                                           \
        : __x(__hip_cvt_float2_to_fp8x2(make_float2(__low2float(value), __high2float(value)),      \
                                         __HIP_SATFINITE, type)) {}                                \
    __OXHIP_FP8_MEMBER name##x2(__hip_bfloat162 value)                                                   \
        : __x(__hip_cvt_float2_to_fp8x2(make_float2(__low2float(value), __high2float(value)),      \
                                         __HIP_SATFINITE, type)) {}                                \
    __OXHIP_FP8_MEMBER operator float2() const {                                                         \
      return make_float2(__oxhip_fp8_to_float((unsigned char)(__x & 0xff), type),                 \
                         __oxhip_fp8_to_float((unsigned char)(__x >> 8), type));                   \
    }                                                                                              \
  };                                                                                               \
  struct __attribute__((aligned(4))) name##x4 {                                                    \
    __hip_fp8x4_storage_t __x;                                                                     \
    name##x4() = default;                                                                          \
    __OXHIP_FP8_MEMBER name##x4(float4 value)                                                            \
        : __x((unsigned int)__hip_cvt_float2_to_fp8x2(make_float2(value.x, value.y), __HIP_SATFINITE, type) | \
              ((unsigned int)__hip_cvt_float2_to_fp8x2(make_float2(value.z, value.w), __HIP_SATFINITE, type) \
               << 16)) {}                                                                          \
    __OXHIP_FP8_MEMBER name##x4(double4 value)                                                           \
        : name##x4(make_float4((float)value.x, (float)value.y, (float)value.z, (float)value.w)) {} \
    __OXHIP_FP8_MEMBER name##x4(__half2 low, __half2 high)                                               \
        : name##x4(make_float4(__low2float(low), __high2float(low), __low2float(high), __high2float(high))) {} \
    __OXHIP_FP8_MEMBER name##x4(__hip_bfloat162 low, __hip_bfloat162 high)                               \
        : name##x4(make_float4(__low2float(low), __high2float(low), __low2float(high), __high2float(high))) {} \
    __OXHIP_FP8_MEMBER operator float4() const {                                                         \
      return make_float4(__oxhip_fp8_to_float((unsigned char)(__x & 0xff), type),                 \
                         __oxhip_fp8_to_float((unsigned char)((__x >> 8) & 0xff), type),           \
                         __oxhip_fp8_to_float((unsigned char)((__x >> 16) & 0xff), type),          \
                         __oxhip_fp8_to_float((unsigned char)(__x >> 24), type));                  \
    }                                                                                              \
  };

__OXHIP_FP8_TYPES(__hip_fp8_e4m3_fnuz, __HIP_E4M3_FNUZ)
__OXHIP_FP8_TYPES(__hip_fp8_e5m2_fnuz, __HIP_E5M2_FNUZ)
__OXHIP_FP8_TYPES(__hip_fp8_e4m3, __HIP_E4M3)
__OXHIP_FP8_TYPES(__hip_fp8_e5m2, __HIP_E5M2)
#undef __OXHIP_FP8_TYPES
#undef __OXHIP_FP8_MEMBER

/* HIP's spelling of the pair and quad types: __hip_fp8x2_e4m3_fnuz, __hip_fp8x4_e4m3 ... */
typedef __hip_fp8_e4m3_fnuzx2 __hip_fp8x2_e4m3_fnuz;
typedef __hip_fp8_e5m2_fnuzx2 __hip_fp8x2_e5m2_fnuz;
typedef __hip_fp8_e4m3x2 __hip_fp8x2_e4m3;
typedef __hip_fp8_e5m2x2 __hip_fp8x2_e5m2;
typedef __hip_fp8_e4m3_fnuzx4 __hip_fp8x4_e4m3_fnuz;
typedef __hip_fp8_e5m2_fnuzx4 __hip_fp8x4_e5m2_fnuz;
typedef __hip_fp8_e4m3x4 __hip_fp8x4_e4m3;
typedef __hip_fp8_e5m2x4 __hip_fp8x4_e5m2;

#endif /* __cplusplus */

#endif /* HIP_HIP_FP8_H */
