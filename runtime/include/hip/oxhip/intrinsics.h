/* oxhip device headers: the CUDA/HIP type-cast and integer intrinsics that are not in
 * hip/oxhip/math.h: bit reinterpretation (__float_as_int, __longlong_as_double, ...),
 * conversions with an explicit rounding mode (__float2int_rz, __int2float_rd, ...),
 * byte and bit-field operations (__byte_perm, __funnelshift_*, AMD's __bitextract_* and
 * __bitinsert_*), averages and sums of absolute differences, __ldg, __trap, __nanosleep,
 * __mbcnt_lo/hi.
 *
 * Every function exists on every target. nvptx uses the PTX instruction for the exact
 * operation (clang's __nvvm_* builtins); amdgcn and the CPU target compute the same
 * result portably. Conversions to integers saturate and map NaN to 0, as the
 * hardware's cvt instructions do; the rounded value is computed first, so a
 * conversion never reaches C's undefined out-of-range cast.
 */
#ifndef OXHIP_INTRINSICS_H
#define OXHIP_INTRINSICS_H

#if defined(__OXHIP_OFFLOAD__)

/* ---- bit reinterpretation --------------------------------------------------------- */

__OXHIP_DEVICE__ int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
__OXHIP_DEVICE__ unsigned int __float_as_uint(float x) { return __builtin_bit_cast(unsigned int, x); }
__OXHIP_DEVICE__ float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
__OXHIP_DEVICE__ float __uint_as_float(unsigned int x) { return __builtin_bit_cast(float, x); }
__OXHIP_DEVICE__ long long __double_as_longlong(double x) { return __builtin_bit_cast(long long, x); }
__OXHIP_DEVICE__ double __longlong_as_double(long long x) { return __builtin_bit_cast(double, x); }
__OXHIP_DEVICE__ int __double2hiint(double x) {
  return (int)(__builtin_bit_cast(unsigned long long, x) >> 32);
}
__OXHIP_DEVICE__ int __double2loint(double x) {
  return (int)(unsigned int)__builtin_bit_cast(unsigned long long, x);
}
__OXHIP_DEVICE__ double __hiloint2double(int hi, int lo) {
  return __builtin_bit_cast(double, ((unsigned long long)(unsigned int)hi << 32) | (unsigned int)lo);
}

/* ---- conversions with a rounding mode -------------------------------------------- */

/* Saturating conversions of an already rounded value; NaN gives 0. */
__OXHIP_DEVICE__ int __oxhip_sat_i32(double r) {
  return r != r ? 0 : r >= 2147483647.0 ? 2147483647 : r <= -2147483648.0 ? (-2147483647 - 1) : (int)r;
}
__OXHIP_DEVICE__ unsigned int __oxhip_sat_u32(double r) {
  return r != r ? 0u : r >= 4294967295.0 ? 4294967295u : r <= 0.0 ? 0u : (unsigned int)r;
}
__OXHIP_DEVICE__ long long __oxhip_sat_i64(double r) {
  return r != r ? 0
         : r >= 9223372036854775808.0 ? 9223372036854775807LL
         : r <= -9223372036854775808.0 ? (-9223372036854775807LL - 1)
                                       : (long long)r;
}
__OXHIP_DEVICE__ unsigned long long __oxhip_sat_u64(double r) {
  return r != r ? 0ull : r >= 18446744073709551616.0 ? 18446744073709551615ull : r <= 0.0 ? 0ull
                                                                               : (unsigned long long)r;
}

/* float and double to integers: rn (nearest even), rz (toward zero), rd (down), ru (up). */
#define __OXHIP_F2I(name, from, to, sat, rn, rz, rd, ru)                                          \
  __OXHIP_DEVICE__ to name##_rn(from x) { return sat(rn(x)); }                                   \
  __OXHIP_DEVICE__ to name##_rz(from x) { return sat(rz(x)); }                                   \
  __OXHIP_DEVICE__ to name##_rd(from x) { return sat(rd(x)); }                                   \
  __OXHIP_DEVICE__ to name##_ru(from x) { return sat(ru(x)); }
__OXHIP_F2I(__float2int, float, int, __oxhip_sat_i32, __builtin_rintf, __builtin_truncf, __builtin_floorf,
            __builtin_ceilf)
__OXHIP_F2I(__float2uint, float, unsigned int, __oxhip_sat_u32, __builtin_rintf, __builtin_truncf,
            __builtin_floorf, __builtin_ceilf)
__OXHIP_F2I(__float2ll, float, long long, __oxhip_sat_i64, __builtin_rintf, __builtin_truncf,
            __builtin_floorf, __builtin_ceilf)
__OXHIP_F2I(__float2ull, float, unsigned long long, __oxhip_sat_u64, __builtin_rintf, __builtin_truncf,
            __builtin_floorf, __builtin_ceilf)
__OXHIP_F2I(__double2int, double, int, __oxhip_sat_i32, __builtin_rint, __builtin_trunc, __builtin_floor,
            __builtin_ceil)
__OXHIP_F2I(__double2uint, double, unsigned int, __oxhip_sat_u32, __builtin_rint, __builtin_trunc,
            __builtin_floor, __builtin_ceil)
__OXHIP_F2I(__double2ll, double, long long, __oxhip_sat_i64, __builtin_rint, __builtin_trunc,
            __builtin_floor, __builtin_ceil)
__OXHIP_F2I(__double2ull, double, unsigned long long, __oxhip_sat_u64, __builtin_rint, __builtin_trunc,
            __builtin_floor, __builtin_ceil)
#undef __OXHIP_F2I

/* Directed rounding of a conversion to floating point. `nearest` is the value rounded to
 * nearest (what a C cast gives); `cmp` is <0, 0 or >0 as the exact source is below, at
 * or above it. nearest is right when it lies on the wanted side of the exact value;
 * otherwise one step of the representation toward the exact value is (nearest is at
 * most half a unit away). */
__OXHIP_DEVICE__ float __oxhip_step_f32(float nearest, int up) {
  unsigned int bits = __builtin_bit_cast(unsigned int, nearest);
  if (nearest == 0.0f) return up ? 1.40129846e-45f : -1.40129846e-45f;
  /* Away from zero is +1 on the magnitude, toward zero is -1. */
  bool away = (nearest > 0.0f) == (up != 0);
  return __builtin_bit_cast(float, away ? bits + 1u : bits - 1u);
}
__OXHIP_DEVICE__ double __oxhip_step_f64(double nearest, int up) {
  unsigned long long bits = __builtin_bit_cast(unsigned long long, nearest);
  if (nearest == 0.0) return up ? 4.9406564584124654e-324 : -4.9406564584124654e-324;
  bool away = (nearest > 0.0) == (up != 0);
  return __builtin_bit_cast(double, away ? bits + 1ull : bits - 1ull);
}
/* mode: 0 toward zero, 1 down, 2 up. */
__OXHIP_DEVICE__ float __oxhip_direct_f32(float nearest, int cmp, int mode) {
  if (cmp == 0) return nearest;
  bool exact_above = cmp > 0;
  bool want_up = mode == 2 || (mode == 0 && nearest < 0.0f);
  if (exact_above != want_up) return nearest;
  return __oxhip_step_f32(nearest, exact_above ? 1 : 0);
}
__OXHIP_DEVICE__ double __oxhip_direct_f64(double nearest, int cmp, int mode) {
  if (cmp == 0) return nearest;
  bool exact_above = cmp > 0;
  bool want_up = mode == 2 || (mode == 0 && nearest < 0.0);
  if (exact_above != want_up) return nearest;
  return __oxhip_step_f64(nearest, exact_above ? 1 : 0);
}
/* Where the exact integer x lies relative to its nearest float/double f: f is an integer
 * (or 2^63, 2^64 after rounding up), compared without an overflowing cast. */
__OXHIP_DEVICE__ int __oxhip_cmp_i64(long long x, double f) {
  if (f >= 9223372036854775808.0) return -1;
  long long back = (long long)f;
  return x > back ? 1 : x < back ? -1 : 0;
}
__OXHIP_DEVICE__ int __oxhip_cmp_u64(unsigned long long x, double f) {
  if (f >= 18446744073709551616.0) return -1;
  unsigned long long back = (unsigned long long)f;
  return x > back ? 1 : x < back ? -1 : 0;
}

#define __OXHIP_I2F(name, from, to, direct, cmp)                                                  \
  __OXHIP_DEVICE__ to name##_rn(from x) { return (to)x; }                                        \
  __OXHIP_DEVICE__ to name##_rz(from x) { return direct((to)x, cmp(x, (double)(to)x), 0); }      \
  __OXHIP_DEVICE__ to name##_rd(from x) { return direct((to)x, cmp(x, (double)(to)x), 1); }      \
  __OXHIP_DEVICE__ to name##_ru(from x) { return direct((to)x, cmp(x, (double)(to)x), 2); }
__OXHIP_I2F(__int2float, int, float, __oxhip_direct_f32, __oxhip_cmp_i64)
__OXHIP_I2F(__uint2float, unsigned int, float, __oxhip_direct_f32, __oxhip_cmp_u64)
__OXHIP_I2F(__ll2float, long long, float, __oxhip_direct_f32, __oxhip_cmp_i64)
__OXHIP_I2F(__ull2float, unsigned long long, float, __oxhip_direct_f32, __oxhip_cmp_u64)
__OXHIP_I2F(__ll2double, long long, double, __oxhip_direct_f64, __oxhip_cmp_i64)
__OXHIP_I2F(__ull2double, unsigned long long, double, __oxhip_direct_f64, __oxhip_cmp_u64)
#undef __OXHIP_I2F
/* 32-bit integers convert to double exactly. */
__OXHIP_DEVICE__ double __int2double_rn(int x) { return (double)x; }
__OXHIP_DEVICE__ double __uint2double_rn(unsigned int x) { return (double)x; }

/* double to float. Overflow to infinity is kept only in the direction of the rounding. */
__OXHIP_DEVICE__ float __oxhip_d2f(double x, int mode) {
  float nearest = (float)x;
  if (x != x) return nearest;
  if (__builtin_isinf(nearest) && !__builtin_isinf(x)) {
    bool keep_inf = (mode == 2 && x > 0.0) || (mode == 1 && x < 0.0);
    return keep_inf ? nearest : __builtin_copysignf(3.40282347e+38f, nearest);
  }
  double back = (double)nearest;
  return __oxhip_direct_f32(nearest, x > back ? 1 : x < back ? -1 : 0, mode);
}
__OXHIP_DEVICE__ float __double2float_rn(double x) { return (float)x; }
__OXHIP_DEVICE__ float __double2float_rz(double x) { return __oxhip_d2f(x, 0); }
__OXHIP_DEVICE__ float __double2float_rd(double x) { return __oxhip_d2f(x, 1); }
__OXHIP_DEVICE__ float __double2float_ru(double x) { return __oxhip_d2f(x, 2); }

/* ---- arithmetic with a rounding mode ---------------------------------------------- */

/* __fadd_rz, __dmul_ru, __fmaf_rd, ...: nvptx has an instruction for each. Elsewhere the
 * result rounded to nearest is corrected by the sign of its exact error, which an
 * error-free transformation gives: TwoSum for sums, fma(a, b, -p) for products, the
 * remainder fma(-q, b, a) for quotients and square roots. An infinite result from finite
 * operands is an overflow, which the directed modes turn into the largest finite value
 * where they round toward it. Results that underflow into the subnormal range may be one
 * unit off in the directed modes on those targets: FIXME(#10) (exact scaling). */
#define __OXHIP_RND_HELPERS(T, s, MAXV)                                                           \
  __OXHIP_DEVICE__ T __oxhip_round##s(T nearest, T error, int finite_inputs, int mode) {          \
    if (__builtin_isinf(nearest) && finite_inputs) {                                              \
      bool keep = (mode == 2 && nearest > 0) || (mode == 1 && nearest < 0);                       \
      return keep ? nearest : __builtin_copysign##s(MAXV, nearest);                               \
    }                                                                                             \
    if (!__builtin_isfinite(nearest) || error == 0 || error != error) return nearest;             \
    return __oxhip_direct##s(nearest, error > 0 ? 1 : -1, mode);                                  \
  }                                                                                               \
  __OXHIP_DEVICE__ T __oxhip_add##s(T a, T b, int mode) {                                         \
    T sum = a + b;                                                                                \
    T b_part = sum - a;                                                                           \
    T error = (a - (sum - b_part)) + (b - b_part);                                                \
    return __oxhip_round##s(sum, error, __builtin_isfinite(a) && __builtin_isfinite(b), mode);   \
  }                                                                                               \
  __OXHIP_DEVICE__ T __oxhip_mul##s(T a, T b, int mode) {                                         \
    T product = a * b;                                                                            \
    return __oxhip_round##s(product, __builtin_fma##s(a, b, -product),                            \
                            __builtin_isfinite(a) && __builtin_isfinite(b), mode);                \
  }                                                                                               \
  __OXHIP_DEVICE__ T __oxhip_div##s(T a, T b, int mode) {                                         \
    T quotient = a / b;                                                                           \
    T remainder = __builtin_fma##s(-quotient, b, a);                                              \
    return __oxhip_round##s(quotient, b < 0 ? -remainder : remainder,                             \
                            __builtin_isfinite(a) && b != 0, mode);                               \
  }                                                                                               \
  __OXHIP_DEVICE__ T __oxhip_sqrt##s(T a, int mode) {                                             \
    T root = __builtin_sqrt##s(a);                                                                \
    return __oxhip_round##s(root, __builtin_fma##s(-root, root, a), 1, mode);                     \
  }                                                                                               \
  __OXHIP_DEVICE__ T __oxhip_fma##s(T a, T b, T c, int mode) {                                    \
    T result = __builtin_fma##s(a, b, c);                                                         \
    T product = a * b;                                                                            \
    T product_error = __builtin_fma##s(a, b, -product);                                           \
    T sum = product + c;                                                                          \
    T c_part = sum - product;                                                                     \
    T sum_error = (product - (sum - c_part)) + (c - c_part);                                      \
    T error = ((sum - result) + sum_error) + product_error;                                       \
    return __oxhip_round##s(result, error,                                                        \
                            __builtin_isfinite(a) && __builtin_isfinite(b) && __builtin_isfinite(c), \
                            mode);                                                                \
  }
#define __oxhip_direct_f32_ __oxhip_direct_f32
__OXHIP_DEVICE__ float __oxhip_directf(float nearest, int cmp, int mode) {
  return __oxhip_direct_f32(nearest, cmp, mode);
}
__OXHIP_DEVICE__ double __oxhip_direct(double nearest, int cmp, int mode) {
  return __oxhip_direct_f64(nearest, cmp, mode);
}
__OXHIP_RND_HELPERS(float, f, 3.40282347e+38f)
__OXHIP_RND_HELPERS(double, , 1.7976931348623157e+308)
#undef __OXHIP_RND_HELPERS
#undef __oxhip_direct_f32_

#if defined(__OXHIP_NVPTX__)
#define __OXHIP_RND(name, mode, nv, generic_call) nv
#else
#define __OXHIP_RND(name, mode, nv, generic_call) generic_call
#endif
/* One operation in the three directed modes (rz = 0, rd = 1, ru = 2); NVPTX's names are
 * rz, rm, rp. */
#define __OXHIP_RND3(T, name, params, nvname, nvargs, generic, gargs)                             \
  __OXHIP_DEVICE__ T name##_rz params { return __OXHIP_RND(, 0, __nvvm_##nvname##_rz##nvargs, generic gargs(0)); } \
  __OXHIP_DEVICE__ T name##_rd params { return __OXHIP_RND(, 1, __nvvm_##nvname##_rm##nvargs, generic gargs(1)); } \
  __OXHIP_DEVICE__ T name##_ru params { return __OXHIP_RND(, 2, __nvvm_##nvname##_rp##nvargs, generic gargs(2)); }
#define __OXHIP_A2(mode) (x, y, mode)
#define __OXHIP_A2N(mode) (x, -y, mode)
#define __OXHIP_A1(mode) (x, mode)
#define __OXHIP_A1R(mode) (1, x, mode)
#define __OXHIP_A3(mode) (x, y, z, mode)
__OXHIP_RND3(float, __fadd, (float x, float y), add, _f(x, y), __oxhip_addf, __OXHIP_A2)
__OXHIP_RND3(float, __fsub, (float x, float y), add, _f(x, -y), __oxhip_addf, __OXHIP_A2N)
__OXHIP_RND3(float, __fmul, (float x, float y), mul, _f(x, y), __oxhip_mulf, __OXHIP_A2)
__OXHIP_RND3(float, __fdiv, (float x, float y), div, _f(x, y), __oxhip_divf, __OXHIP_A2)
__OXHIP_RND3(float, __frcp, (float x), rcp, _f(x), __oxhip_divf, __OXHIP_A1R)
__OXHIP_RND3(float, __fsqrt, (float x), sqrt, _f(x), __oxhip_sqrtf, __OXHIP_A1)
__OXHIP_RND3(float, __fmaf, (float x, float y, float z), fma, _f(x, y, z), __oxhip_fmaf, __OXHIP_A3)
__OXHIP_RND3(double, __dadd, (double x, double y), add, _d(x, y), __oxhip_add, __OXHIP_A2)
__OXHIP_RND3(double, __dsub, (double x, double y), add, _d(x, -y), __oxhip_add, __OXHIP_A2N)
__OXHIP_RND3(double, __dmul, (double x, double y), mul, _d(x, y), __oxhip_mul, __OXHIP_A2)
__OXHIP_RND3(double, __ddiv, (double x, double y), div, _d(x, y), __oxhip_div, __OXHIP_A2)
__OXHIP_RND3(double, __drcp, (double x), rcp, _d(x), __oxhip_div, __OXHIP_A1R)
__OXHIP_RND3(double, __dsqrt, (double x), sqrt, _d(x), __oxhip_sqrt, __OXHIP_A1)
__OXHIP_RND3(double, __fma, (double x, double y, double z), fma, _d(x, y, z), __oxhip_fma, __OXHIP_A3)
#undef __OXHIP_RND3
#undef __OXHIP_RND
#undef __OXHIP_A2
#undef __OXHIP_A2N
#undef __OXHIP_A1
#undef __OXHIP_A1R
#undef __OXHIP_A3
/* __fmaf_ieee_rn .. _ru: the fused multiply-add that ignores -ftz=true. nvptx has the
 * instructions without .ftz; amdgcn and the CPU target flush per kernel (the descriptor's
 * float mode, MXCSR), not per instruction, so there they are __fmaf_rn .. _ru and flush
 * under -ftz=true: FIXME(#10). */
#if defined(__OXHIP_NVPTX__)
__OXHIP_DEVICE__ float __fmaf_ieee_rn(float x, float y, float z) { return __nvvm_fma_rn_f(x, y, z); }
__OXHIP_DEVICE__ float __fmaf_ieee_rz(float x, float y, float z) { return __nvvm_fma_rz_f(x, y, z); }
__OXHIP_DEVICE__ float __fmaf_ieee_rd(float x, float y, float z) { return __nvvm_fma_rm_f(x, y, z); }
__OXHIP_DEVICE__ float __fmaf_ieee_ru(float x, float y, float z) { return __nvvm_fma_rp_f(x, y, z); }
#else
__OXHIP_DEVICE__ float __fmaf_ieee_rn(float x, float y, float z) { return __builtin_fmaf(x, y, z); }
__OXHIP_DEVICE__ float __fmaf_ieee_rz(float x, float y, float z) { return __fmaf_rz(x, y, z); }
__OXHIP_DEVICE__ float __fmaf_ieee_rd(float x, float y, float z) { return __fmaf_rd(x, y, z); }
__OXHIP_DEVICE__ float __fmaf_ieee_ru(float x, float y, float z) { return __fmaf_ru(x, y, z); }
#endif
/* The round-to-nearest double forms math.h does not have. */
__OXHIP_DEVICE__ double __dadd_rn(double x, double y) { return x + y; }
__OXHIP_DEVICE__ double __dsub_rn(double x, double y) { return x - y; }
__OXHIP_DEVICE__ double __dmul_rn(double x, double y) { return x * y; }
__OXHIP_DEVICE__ double __ddiv_rn(double x, double y) { return x / y; }
__OXHIP_DEVICE__ double __drcp_rn(double x) { return 1.0 / x; }

/* ---- byte and bit-field operations ------------------------------------------------ */

/* Byte i of the result is byte (s >> 4i) & 7 of the eight bytes y:x. */
__OXHIP_DEVICE__ unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
#if defined(__OXHIP_NVPTX__)
  return (unsigned int)__nvvm_prmt((int)x, (int)y, (int)s);
#else
  unsigned long long bytes = ((unsigned long long)y << 32) | x;
  unsigned int result = 0;
  for (int i = 0; i < 4; ++i) {
    unsigned int selector = (s >> (4 * i)) & 7u;
    result |= (unsigned int)((bytes >> (8 * selector)) & 0xffu) << (8 * i);
  }
  return result;
#endif
}

/* Funnel shifts of the 64-bit hi:lo: _l returns the high word after a left shift,
 * _r the low word after a right shift; the shift is taken mod 32, or clamped to 32
 * in the c forms. */
__OXHIP_DEVICE__ unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift) {
  unsigned long long both = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)((both << (shift & 31u)) >> 32);
}
__OXHIP_DEVICE__ unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift) {
  unsigned long long both = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)((both << (shift > 32u ? 32u : shift)) >> 32);
}
__OXHIP_DEVICE__ unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift) {
  unsigned long long both = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)(both >> (shift & 31u));
}
__OXHIP_DEVICE__ unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift) {
  unsigned long long both = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)(both >> (shift > 32u ? 32u : shift));
}

/* AMD's bit-field intrinsics, which HIP code uses on every vendor. Offsets and widths
 * are taken mod 32 (mod 64 for the 64-bit forms); bits beyond the top are zero. */
__OXHIP_DEVICE__ unsigned int __bitextract_u32(unsigned int source, unsigned int offset, unsigned int width) {
  offset &= 31u;
  width &= 31u;
#if defined(__OXHIP_AMDGCN__)
  return __builtin_amdgcn_ubfe(source, offset, width);
#else
  return width == 0 ? 0u : (source >> offset) & ((1u << width) - 1u);
#endif
}
__OXHIP_DEVICE__ unsigned long long __bitextract_u64(unsigned long long source, unsigned int offset,
                                                     unsigned int width) {
  offset &= 63u;
  width &= 63u;
  return width == 0 ? 0ull : (source >> offset) & ((1ull << width) - 1ull);
}
__OXHIP_DEVICE__ unsigned int __bitinsert_u32(unsigned int base, unsigned int insert, unsigned int offset,
                                             unsigned int width) {
  offset &= 31u;
  width &= 31u;
  unsigned int mask = (1u << width) - 1u;
  return (base & ~(mask << offset)) | ((insert & mask) << offset);
}
__OXHIP_DEVICE__ unsigned long long __bitinsert_u64(unsigned long long base, unsigned long long insert,
                                                   unsigned int offset, unsigned int width) {
  offset &= 63u;
  width &= 63u;
  unsigned long long mask = (1ull << width) - 1ull;
  return (base & ~(mask << offset)) | ((insert & mask) << offset);
}
/* Lowest set bit (lastbit) and highest set bit counted from the top (firstbit); all
 * ones (-1) when no bit is set. The signed firstbit forms count from the top to the
 * first bit that differs from the sign. */
__OXHIP_DEVICE__ unsigned int __lastbit_u32_u32(unsigned int x) { return x == 0 ? ~0u : (unsigned int)__builtin_ctz(x); }
__OXHIP_DEVICE__ unsigned int __lastbit_u32_u64(unsigned long long x) {
  return x == 0 ? ~0u : (unsigned int)__builtin_ctzll(x);
}
__OXHIP_DEVICE__ unsigned int __lastbit_u32_s32(int x) { return __lastbit_u32_u32((unsigned int)x); }
__OXHIP_DEVICE__ unsigned int __lastbit_u32_s64(long long x) { return __lastbit_u32_u64((unsigned long long)x); }
__OXHIP_DEVICE__ unsigned int __firstbit_u32_u32(unsigned int x) { return x == 0 ? ~0u : (unsigned int)__builtin_clz(x); }
__OXHIP_DEVICE__ unsigned int __firstbit_u32_u64(unsigned long long x) {
  return x == 0 ? ~0u : (unsigned int)__builtin_clzll(x);
}
__OXHIP_DEVICE__ unsigned int __firstbit_u32_s32(int x) {
  return __firstbit_u32_u32(x < 0 ? ~(unsigned int)x : (unsigned int)x);
}
__OXHIP_DEVICE__ unsigned int __firstbit_u32_s64(long long x) {
  return __firstbit_u32_u64(x < 0 ? ~(unsigned long long)x : (unsigned long long)x);
}

/* The n-th set bit of mask counting from bit `base` upward (n > 0) or downward (n < 0),
 * n = 0 meaning base itself when set; 0xffffffff when there is none. */
__OXHIP_DEVICE__ unsigned int __fns64(unsigned long long mask, unsigned int base, int offset) {
  base &= 63u;
  if (offset == 0) return (mask >> base) & 1ull ? base : ~0u;
  if (offset > 0) {
    unsigned long long above = mask & (~0ull << base);
    for (int i = 1; i < offset && above; ++i) above &= above - 1;
    return above ? (unsigned int)__builtin_ctzll(above) : ~0u;
  }
  unsigned long long below = base == 63u ? mask : mask & ((2ull << base) - 1ull);
  for (int i = -1; i > offset && below; --i) below &= ~(1ull << (63 - __builtin_clzll(below)));
  return below ? (unsigned int)(63 - __builtin_clzll(below)) : ~0u;
}
__OXHIP_DEVICE__ unsigned int __fns32(unsigned long long mask, unsigned int base, int offset) {
  return __fns64(mask & 0xffffffffull, base & 31u, offset);
}
__OXHIP_DEVICE__ unsigned int __fns(unsigned int mask, unsigned int base, int offset) {
  return __fns32(mask, base, offset);
}

/* ---- averages and absolute differences ------------------------------------------- */

__OXHIP_DEVICE__ int __hadd(int x, int y) { return (int)(((long long)x + y) >> 1); }
__OXHIP_DEVICE__ int __rhadd(int x, int y) { return (int)(((long long)x + y + 1) >> 1); }
__OXHIP_DEVICE__ unsigned int __uhadd(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x + y) >> 1);
}
__OXHIP_DEVICE__ unsigned int __urhadd(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x + y + 1) >> 1);
}
__OXHIP_DEVICE__ unsigned int __sad(int x, int y, unsigned int z) {
  return z + (unsigned int)(x > y ? (long long)x - y : (long long)y - x);
}
__OXHIP_DEVICE__ unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) {
  return z + (x > y ? x - y : y - x);
}

/* ---- loads, traps, sleeping, lane counts ------------------------------------------ */

/* Read-only cached load. A plain load: the compilers use the read-only path when the
 * pointer is known not to be written (const __restrict__ parameters). */
template <class T> __OXHIP_DEVICE__ T __ldg(const T *pointer) { return *pointer; }
template <class T> __OXHIP_DEVICE__ T __ldcg(const T *pointer) { return *pointer; }
template <class T> __OXHIP_DEVICE__ T __ldca(const T *pointer) { return *pointer; }
template <class T> __OXHIP_DEVICE__ T __ldcs(const T *pointer) { return __builtin_nontemporal_load(pointer); }
template <class T> __OXHIP_DEVICE__ T __ldlu(const T *pointer) { return __builtin_nontemporal_load(pointer); }
template <class T> __OXHIP_DEVICE__ T __ldcv(const T *pointer) { return *(const volatile T *)pointer; }
template <class T> __OXHIP_DEVICE__ void __stwb(T *pointer, T value) { *pointer = value; }
template <class T> __OXHIP_DEVICE__ void __stcg(T *pointer, T value) { *pointer = value; }
template <class T> __OXHIP_DEVICE__ void __stcs(T *pointer, T value) { __builtin_nontemporal_store(value, pointer); }
template <class T> __OXHIP_DEVICE__ void __stwt(T *pointer, T value) { *(volatile T *)pointer = value; }

__OXHIP_DEVICE__ __attribute__((noreturn)) void __trap(void) { __builtin_trap(); }
__OXHIP_DEVICE__ void __brkpt(void) {
#if defined(__OXHIP_NVPTX__)
  __asm__ volatile("brkpt;");
#elif defined(__OXHIP_CPU__)
  __builtin_debugtrap();
#endif
}

/* Sleeps about `nanoseconds`. */
__OXHIP_DEVICE__ void __nanosleep(unsigned int nanoseconds) {
#if defined(__OXHIP_NVPTX__) && __CUDA_ARCH__ >= 700
  __nvvm_nanosleep(nanoseconds);
#elif defined(__OXHIP_AMDGCN__)
  /* s_sleep N waits about 64 * N cycles (~30 ns at 2 GHz per unit); N is an immediate. */
  for (unsigned int slept = 0; slept < nanoseconds; slept += 32) __builtin_amdgcn_s_sleep(1);
#elif defined(__OXHIP_CPU__)
  (void)nanoseconds;
  __asm__ volatile("pause");
#else
  (void)nanoseconds;
#endif
}

__OXHIP_DEVICE__ long long __clock64(void) { return clock64(); }
__OXHIP_DEVICE__ long long __clock(void) { return clock64(); }

/* Set bits of `mask` below this lane, added to `base` (AMD's mbcnt; lo covers lanes 0-31
 * with the low 32 mask bits, hi lanes 32-63 with the high ones). */
__OXHIP_DEVICE__ unsigned int __mbcnt_lo(unsigned int mask, unsigned int base) {
#if defined(__OXHIP_AMDGCN__)
  return __builtin_amdgcn_mbcnt_lo(mask, base);
#else
  unsigned int lane = __lane_id();
  unsigned int below = lane >= 32u ? ~0u : ((1u << lane) - 1u);
  return base + (unsigned int)__builtin_popcount(mask & below);
#endif
}
__OXHIP_DEVICE__ unsigned int __mbcnt_hi(unsigned int mask, unsigned int base) {
#if defined(__OXHIP_AMDGCN__)
  return __builtin_amdgcn_mbcnt_hi(mask, base);
#else
  unsigned int lane = __lane_id();
  unsigned int below = lane < 32u ? 0u : lane >= 64u ? ~0u : ((1u << (lane - 32u)) - 1u);
  return base + (unsigned int)__builtin_popcount(mask & below);
#endif
}

#endif /* __OXHIP_OFFLOAD__ */

#endif /* OXHIP_INTRINSICS_H */
