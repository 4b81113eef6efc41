/* oxhip headers: what the 16-bit floating-point headers share (hip/oxhip/half.h for
 * __half, hip/oxhip/bf16.h for __hip_bfloat16): attribute macros, float-to-integer
 * conversions with CUDA's saturation rules, and float elementary functions accurate
 * enough for results that are rounded to 16 bits.
 *
 * C++ only, and clang only (it needs _Float16, __builtin_bit_cast and ext_vector_type);
 * usable in HIP compiles (everything is __host__ __device__ unless it needs a device)
 * and in plain C++ host compiles.
 *
 * Elementary functions: a 16-bit result needs the float function to about 2^-20
 * relative error to be rounded correctly nearly always (a result that lands closer than
 * that to a rounding boundary can come out one unit off). The GPUs use their hardware
 * exp2/log2 with cheap corrections; the CPU target uses the devicelibs functions and the
 * host the C library, both accurate to an ulp of float.
 */
#ifndef OXHIP_HALF_COMMON_H
#define OXHIP_HALF_COMMON_H

#include <hip/oxhip/defines.h>
#include <hip/hip_vector_types.h>

#if !defined(__OXHIP_OFFLOAD__)
/* The host functions the float paths below call (expf, sinf, ...). In HIP compiles
 * hip/hip_runtime.h has brought them, with the device overloads of hip/oxhip/math.h. */
#include <math.h>
#endif

/* Member functions: __host__ __device__ and inlined, but not static. */
#define __OXHIP_HM __host__ __device__ __forceinline__
/* Functions that CUDA has and HIP does not. They are templates of an unused parameter
 * so that a program which defines its own function of that name and parameter types (as
 * HIP programs do for the CUDA functions HIP lacks) gets no redefinition error: its
 * ordinary function coexists with the template and wins overload resolution. */
#define __OXHIP_HX__ template <class __oxhip_unused = void> __OXHIP_HD__
#define __OXHIP_DX__ template <class __oxhip_unused = void> __OXHIP_DEVICE__
/* constexpr where C++14 allows several statements in a constexpr function. */
#if __cplusplus >= 201402L
#define __OXHIP_HCX14 constexpr
#else
#define __OXHIP_HCX14
#endif

template <bool Condition, class T = void>
struct __oxhip_h_enable_if {};
template <class T>
struct __oxhip_h_enable_if<true, T> {
  typedef T type;
};

/* ---- float <-> _Float16 on x86 without F16C ----------------------------------------
 * There clang converts _Float16 through libgcc calls (__truncsfhf2, __extendhfsf2), about
 * 10 ns and 5 ns each: host loops over __half data (a CPU reference, filling inputs) ran
 * several times slower than with nvcc's headers. These do the same conversions in a few
 * integer instructions: to nearest even, infinities kept, NaN quiet with its payload's
 * top bits, and no floating-point subnormal operand (so DAZ/FTZ modes do not change
 * them). In constant evaluation, the cast. */
#if (defined(__x86_64__) || defined(__i386__)) && !defined(__F16C__)
#define __OXHIP_SOFT_F16 1
__OXHIP_HD__ _Float16 __oxhip_f16_soft(float value) {
  unsigned int u = __builtin_bit_cast(unsigned int, value);
  unsigned int sign = (u >> 16) & 0x8000u;
  unsigned int a = u & 0x7fffffffu;
  unsigned int h;
  if (a >= 0x47800000u) {
    /* |value| >= 2^16: infinity; NaN keeps its top payload bits and is made quiet */
    h = a > 0x7f800000u ? (0x7e00u | ((a >> 13) & 0x3ffu)) : 0x7c00u;
  } else if (a < 0x38800000u) {
    /* below 2^-14, a subnormal half or zero: adding 0.5 (whose ulp is 2^-24, the
     * subnormal half's) rounds |value| to those units, to nearest even */
    float r = __builtin_bit_cast(float, a) + 0.5f;
    h = __builtin_bit_cast(unsigned int, r) - 0x3f000000u;
  } else {
    /* exponent rebiased from 127 to 15, the 13 dropped bits rounded to nearest even; a
     * carry out of the mantissa steps the exponent (to infinity above 65519) */
    h = (a - 0x38000000u + 0xfffu + ((a >> 13) & 1u)) >> 13;
  }
  return __builtin_bit_cast(_Float16, (unsigned short)(h | sign));
}
__OXHIP_HD__ float __oxhip_f32_soft(_Float16 value) {
  unsigned int h = __builtin_bit_cast(unsigned short, value);
  unsigned int a = h & 0x7fffu;
  unsigned int bits;
  if (a >= 0x7c00u)
    bits = (a << 13) | 0x7f800000u; /* infinity, NaN */
  else if (a >= 0x0400u)
    bits = (a << 13) + 0x38000000u; /* normal: exponent rebiased */
  else
    bits = __builtin_bit_cast(unsigned int, (float)(int)a * 0x1p-24f); /* subnormal, 0 */
  return __builtin_bit_cast(float, bits | ((h & 0x8000u) << 16));
}
__OXHIP_HD__ constexpr _Float16 __oxhip_f16(float value) {
  return __builtin_is_constant_evaluated() ? (_Float16)value : __oxhip_f16_soft(value);
}
__OXHIP_HD__ constexpr float __oxhip_f32(_Float16 value) {
  return __builtin_is_constant_evaluated() ? (float)value : __oxhip_f32_soft(value);
}
#else
__OXHIP_HD__ constexpr _Float16 __oxhip_f16(float value) { return (_Float16)value; }
__OXHIP_HD__ constexpr float __oxhip_f32(_Float16 value) { return (float)value; }
#endif
/* a op b for two _Float16: in float and rounded once where _Float16 arithmetic is
 * library calls (exact for +, -, *, and correctly rounded for / too: float's 24 bits are
 * at least twice half's 11 plus 2, so the double rounding is innocuous). */
#if defined(__OXHIP_SOFT_F16)
#define __OXHIP_H_ARITH(a, op, b) __oxhip_f16(__oxhip_f32(a) op __oxhip_f32(b))
#else
#define __OXHIP_H_ARITH(a, op, b) ((_Float16)((a) op (b)))
#endif
/* A conversion to _Float16 from any arithmetic type: float through __oxhip_f16. */
template <class T>
__OXHIP_HM constexpr _Float16 __oxhip_to_f16(T value) {
  return static_cast<_Float16>(value);
}
template <>
__OXHIP_HM constexpr _Float16 __oxhip_to_f16<float>(float value) {
  return __oxhip_f16(value);
}

/* ---- float to integer ------------------------------------------------------------ */

/* The four rounding directions of the _rn/_rz/_rd/_ru conversion functions. */
enum { __OXHIP_H_RN, __OXHIP_H_RZ, __OXHIP_H_RD, __OXHIP_H_RU };

__OXHIP_HD__ float __oxhip_h_round_float(float value, int mode) {
  switch (mode) {
    case __OXHIP_H_RN:
      return __builtin_rintf(value);
    case __OXHIP_H_RZ:
      return __builtin_truncf(value);
    case __OXHIP_H_RD:
      return __builtin_floorf(value);
    default:
      return __builtin_ceilf(value);
  }
}

/* `value` rounded to an integer in direction `mode`, then converted as CUDA's
 * conversion instructions do: values beyond the type's range saturate (infinities
 * included) and NaN becomes `nan_value` (0, but the top bit alone for 64-bit
 * results). */
template <class I>
__OXHIP_HD__ I __oxhip_h_float_to_int(float value, int mode, I lowest, I highest, I nan_value) {
  float rounded = __oxhip_h_round_float(value, mode);
  if (rounded != rounded) return nan_value;
  /* (float)lowest and (float)highest are powers of two (or 0) or round up to one, so
   * anything strictly between them converts exactly. */
  if (rounded <= (float)lowest) return lowest;
  if (rounded >= (float)highest) return highest;
  return (I)rounded;
}

/* ---- float elementary functions ------------------------------------------------- */

#define __OXHIP_H_LN2 0.693147180559945309f
#define __OXHIP_H_LOG2E_HI 1.44269502163f           /* float(log2(e)) */
#define __OXHIP_H_LOG2E_LO 1.925963033500011e-08f   /* log2(e) - LOG2E_HI */
#define __OXHIP_H_LOG2_10_HI 3.32192802429f         /* float(log2(10)) */
#define __OXHIP_H_LOG2_10_LO 7.05953696e-08f        /* log2(10) - LOG2_10_HI */

#if defined(__OXHIP_AMDGCN__) || defined(__OXHIP_NVPTX__)
/* 2^x from the hardware instruction (relative error about 2^-22). */
__OXHIP_DEVICE__ float __oxhip_h_exp2_hw(float x) {
#if defined(__OXHIP_AMDGCN__)
  return __builtin_exp2f(x);
#else
  return __nvvm_ex2_approx_f(x);
#endif
}
/* 2^(x * scale), scale = scale_hi + scale_lo: the rounding error of x * scale_hi (up to
 * 2^-17 relative for large results) is recovered with an fma and applied to first
 * order. */
__OXHIP_DEVICE__ float __oxhip_h_exp2_scaled(float x, float scale_hi, float scale_lo) {
  float t = x * scale_hi;
  float result = __oxhip_h_exp2_hw(t);
  if (!(__builtin_fabsf(t) < 128.0f)) return result;
  float error = __builtin_fmaf(x, scale_hi, -t) + x * scale_lo;
  return __builtin_fmaf(result, error * __OXHIP_H_LN2, result);
}
#endif

__OXHIP_HD__ float __oxhip_h_exp2f(float x) {
#if defined(__OXHIP_AMDGCN__) || defined(__OXHIP_NVPTX__)
  return __oxhip_h_exp2_hw(x);
#else
  return exp2f(x);
#endif
}
__OXHIP_HD__ float __oxhip_h_expf(float x) {
#if defined(__OXHIP_AMDGCN__)
  return __builtin_expf(x);
#elif defined(__OXHIP_NVPTX__)
  return __oxhip_h_exp2_scaled(x, __OXHIP_H_LOG2E_HI, __OXHIP_H_LOG2E_LO);
#else
  return expf(x);
#endif
}
__OXHIP_HD__ float __oxhip_h_exp10f(float x) {
#if defined(__OXHIP_AMDGCN__) || defined(__OXHIP_NVPTX__)
  return __oxhip_h_exp2_scaled(x, __OXHIP_H_LOG2_10_HI, __OXHIP_H_LOG2_10_LO);
#elif defined(__OXHIP_CPU__)
  return exp10f(x);
#else
  /* exp10f is a GNU extension of the C library; this is as accurate for 16-bit
   * results. */
  return powf(10.0f, x);
#endif
}

#if defined(__OXHIP_NVPTX__)
/* log2 with lg2.approx, whose error is absolute (2^-22.6): near 1, where the result is
 * small, a series in s = (x - 1) / (x + 1) takes over (log2 x = 2/ln2 * atanh s). */
__OXHIP_DEVICE__ float __oxhip_h_log2_nvptx(float x) {
  if (__builtin_fabsf(x - 1.0f) < 0.0625f) {
    float s = (x - 1.0f) / (x + 1.0f);
    float s2 = s * s;
    /* 2/ln2 * (s + s^3/3 + s^5/5 + s^7/7): |s| < 1/32, so the rest is below 2^-40. */
    return s * (2.88539008f + s2 * (0.961796694f + s2 * (0.577078016f + s2 * 0.412198583f)));
  }
  return __nvvm_lg2_approx_f(x);
}
#endif

__OXHIP_HD__ float __oxhip_h_log2f(float x) {
#if defined(__OXHIP_AMDGCN__)
  return __builtin_log2f(x);
#elif defined(__OXHIP_NVPTX__)
  return __oxhip_h_log2_nvptx(x);
#else
  return log2f(x);
#endif
}
__OXHIP_HD__ float __oxhip_h_logf(float x) {
#if defined(__OXHIP_AMDGCN__)
  return __builtin_logf(x);
#elif defined(__OXHIP_NVPTX__)
  return __oxhip_h_log2_nvptx(x) * __OXHIP_H_LN2;
#else
  return logf(x);
#endif
}
__OXHIP_HD__ float __oxhip_h_log10f(float x) {
#if defined(__OXHIP_AMDGCN__)
  return __builtin_log10f(x);
#elif defined(__OXHIP_NVPTX__)
  return __oxhip_h_log2_nvptx(x) * 0.301029995663981195f;
#else
  return log10f(x);
#endif
}

/* sin and cos of x, |x| <= 65504 (every finite half). The reduction x - k*pi/2 uses
 * pi/2 in three float parts: x is a multiple of 2^-11 once k is not 0 and k * PIO2_1 a
 * multiple of 2^-23, so the first step is exact and the reduced argument keeps a
 * relative error near 2^-24; Taylor polynomials on |r| <= pi/4 (plus the slack of a
 * rounded k) are then good to 2^-28. Larger arguments go to the float library
 * functions. */
#define __OXHIP_H_PIO2_1 1.57079637f
#define __OXHIP_H_PIO2_2 -4.37113883e-08f
#define __OXHIP_H_PIO2_3 -1.71512451e-15f
__OXHIP_HD__ void __oxhip_h_sincosf(float x, float *sin_out, float *cos_out) {
  if (!(__builtin_fabsf(x) <= 65504.0f)) {
    *sin_out = sinf(x);
    *cos_out = cosf(x);
    return;
  }
  float k = __builtin_rintf(x * 0.636619772f);
  float r = __builtin_fmaf(-k, __OXHIP_H_PIO2_1, x);
  r = __builtin_fmaf(-k, __OXHIP_H_PIO2_2, r);
  r = __builtin_fmaf(-k, __OXHIP_H_PIO2_3, r);
  float r2 = r * r;
  float s = r + r * r2 *
                    (-1.66666667e-1f +
                     r2 * (8.33333333e-3f + r2 * (-1.98412698e-4f + r2 * 2.75573192e-6f)));
  float c = 1.0f + r2 * (-0.5f + r2 * (4.16666667e-2f +
                                        r2 * (-1.38888889e-3f +
                                              r2 * (2.48015873e-5f + r2 * -2.75573192e-7f))));
  int quadrant = (int)k & 3;
  float sin_value = (quadrant & 1) ? c : s;
  float cos_value = (quadrant & 1) ? s : c;
  if (quadrant == 1 || quadrant == 2) cos_value = -cos_value;
  if (quadrant >= 2) sin_value = -sin_value;
  /* sin(-0) is -0. */
  *sin_out = x == 0.0f ? x : sin_value;
  *cos_out = cos_value;
}

/* tanh for 16-bit results (CUDA's htanh and htanh_approx): an odd polynomial below
 * |x| = 1/16, where 1 - 2 / (e^2x + 1) would cancel, and that formula above; results
 * saturate to +-1 past |x| = 9 (where tanh rounds to 1 even in float). */
__OXHIP_HD__ float __oxhip_h_tanhf(float x) {
  float a = __builtin_fabsf(x);
  if (!(a == a) || a == 0.0f) return x; /* NaN, and zeros with their sign */
  if (a < 0.0625f) {
    float x2 = x * x;
    return x + x * x2 * (-0.333333333f + x2 * 0.133333333f);
  }
  float t = a >= 9.0f ? 1.0f : 1.0f - 2.0f / (__oxhip_h_expf(2.0f * a) + 1.0f);
  return __builtin_copysignf(t, x);
}

#endif /* OXHIP_HALF_COMMON_H */
