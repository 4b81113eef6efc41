/* oxhip headers: IEEE half precision, HIP's hip/hip_fp16.h (CUDA's cuda_fp16.h API):
 * __half, __half2, their raw forms, the conversion, arithmetic, comparison and math
 * functions, warp shuffles and atomicAdd.
 *
 * Built on clang's _Float16, which amdgcn (gfx9 and later) and nvptx (sm_53 and later)
 * compute natively and x86-64 computes in float and rounds; either way each operation
 * is rounded correctly to half. Everything is __host__ __device__ except shuffles,
 * atomics and loads, and works in plain C++ host compiles too.
 *
 * Conversions follow CUDA: __half converts implicitly from every arithmetic type
 * (rounding to nearest even) and to float; conversions to _Float16, double, bool and
 * the integer types are explicit (integers: toward zero, saturating, NaN to 0).
 * __HIP_NO_HALF_CONVERSIONS__ / __CUDA_NO_HALF_CONVERSIONS__ remove the implicit ones
 * and __HIP_NO_HALF_OPERATORS__ / __CUDA_NO_HALF_OPERATORS__ the operators, as in HIP
 * and CUDA; `half` and `half2` name the types unless HIP_NO_HALF is defined.
 *
 * Precision: +, -, *, /, fma, sqrt, conversions and rounding functions are correctly
 * rounded. The other math functions are computed in float and rounded once, which gives
 * the correctly rounded result except where the exact value lies within about 2^-20
 * of a rounding boundary (then it may be one unit off). Operations other than the _rn
 * forms may be contracted into fma, as in CUDA.
 */
#ifndef OXHIP_HALF_H
#define OXHIP_HALF_H

#include <hip/oxhip/defines.h>

#if defined(__cplusplus)
#if !defined(__clang__)
#error "hip/hip_fp16.h needs clang (it is built on _Float16 and ext_vector_type)"
#endif
#include <hip/oxhip/half_common.h>
#endif

/* ---- raw forms (C and C++) ------------------------------------------------------ */

/* The bits of a half (CUDA's `x`), and HIP's `data` view of them. */
struct __half_raw {
  union {
    unsigned short x;
    _Float16 data;
  };
};
struct __attribute__((aligned(4))) __half2_raw {
  unsigned short x;
  unsigned short y;
};
#if !defined(__cplusplus)
typedef struct __half_raw __half_raw;
typedef struct __half2_raw __half2_raw;
#endif

#if defined(__cplusplus)

#if !defined(__HIP_NO_HALF_CONVERSIONS__) && !defined(__CUDA_NO_HALF_CONVERSIONS__)
#define __OXHIP_H_CONVERSIONS 1
#endif
#if !defined(__HIP_NO_HALF_OPERATORS__) && !defined(__CUDA_NO_HALF_OPERATORS__)
#define __OXHIP_H_OPERATORS 1
#endif

typedef _Float16 __oxhip_h2v __attribute__((ext_vector_type(2)));

/* ---- __half ---------------------------------------------------------------------- */

struct __attribute__((aligned(2))) __half {
 protected:
  _Float16 __oxhip_value;

 public:
  __half() = default;
  __OXHIP_HM constexpr __half(const __half_raw &raw)
      : __oxhip_value(__builtin_bit_cast(_Float16, raw.x)) {}
  __OXHIP_HM __half &operator=(const __half_raw &raw) {
    __oxhip_value = __builtin_bit_cast(_Float16, raw.x);
    return *this;
  }
  __OXHIP_HM volatile __half &operator=(const __half_raw &raw) volatile {
    __oxhip_value = __builtin_bit_cast(_Float16, raw.x);
    return *this;
  }
  __OXHIP_HM constexpr operator __half_raw() const {
    return __half_raw{{__builtin_bit_cast(unsigned short, __oxhip_value)}};
  }
  __OXHIP_HM operator __half_raw() const volatile {
    return __half_raw{{__builtin_bit_cast(unsigned short, (_Float16)__oxhip_value)}};
  }

#if defined(__OXHIP_H_CONVERSIONS)
  /* From any arithmetic type (integers, float, double, _Float16), to nearest even. */
  template <class T, typename __oxhip_h_enable_if<__is_arithmetic(T), int>::type = 0>
  __OXHIP_HM constexpr __half(T value) : __oxhip_value(__oxhip_to_f16(value)) {}
  /* Not a template, so that direct initialisation from a class with a conversion to
   * float (static_cast<__half>(hip_bfloat16), as in HIP) finds it. */
  __OXHIP_HM constexpr __half(_Float16 value) : __oxhip_value(value) {}

  __OXHIP_HM constexpr operator float() const { return __oxhip_f32(__oxhip_value); }
  __OXHIP_HM explicit constexpr operator _Float16() const { return __oxhip_value; }
  __OXHIP_HM explicit constexpr operator double() const { return (double)__oxhip_value; }
  __OXHIP_HM explicit constexpr operator bool() const {
    return (__builtin_bit_cast(unsigned short, __oxhip_value) & 0x7fffu) != 0;
  }
  /* Toward zero, saturating, NaN to 0 (64-bit: to the top bit alone), as CUDA. */
#define __OXHIP_H_TO_INT(type, lowest, highest, nan_value)                                     \
  __OXHIP_HM explicit operator type() const {                                                   \
    return __oxhip_h_float_to_int<type>((float)__oxhip_value, __OXHIP_H_RZ, lowest, highest,    \
                                        nan_value);                                             \
  }
#if defined(__CHAR_UNSIGNED__)
  __OXHIP_H_TO_INT(char, (char)0, (char)255, (char)0)
#else
  __OXHIP_H_TO_INT(char, (char)-128, (char)127, (char)0)
#endif
  __OXHIP_H_TO_INT(signed char, (signed char)-128, (signed char)127, (signed char)0)
  __OXHIP_H_TO_INT(unsigned char, (unsigned char)0, (unsigned char)255, (unsigned char)0)
  __OXHIP_H_TO_INT(short, (short)-32768, (short)32767, (short)0)
  __OXHIP_H_TO_INT(unsigned short, (unsigned short)0, (unsigned short)65535, (unsigned short)0)
  __OXHIP_H_TO_INT(int, (-2147483647 - 1), 2147483647, 0)
  __OXHIP_H_TO_INT(unsigned int, 0u, 4294967295u, 0u)
  __OXHIP_H_TO_INT(long, (long)(-9223372036854775807ll - 1), (long)9223372036854775807ll,
                   (long)(-9223372036854775807ll - 1))
  __OXHIP_H_TO_INT(unsigned long, 0ul, (unsigned long)18446744073709551615ull,
                   (unsigned long)9223372036854775808ull)
  __OXHIP_H_TO_INT(long long, (-9223372036854775807ll - 1), 9223372036854775807ll,
                   (-9223372036854775807ll - 1))
  __OXHIP_H_TO_INT(unsigned long long, 0ull, 18446744073709551615ull, 9223372036854775808ull)
#undef __OXHIP_H_TO_INT
#endif /* __OXHIP_H_CONVERSIONS */

#if defined(__OXHIP_H_OPERATORS)
  __OXHIP_HM __half &operator+=(const __half &other) {
    __oxhip_value = __OXHIP_H_ARITH(__oxhip_value, +, other.__oxhip_value);
    return *this;
  }
  __OXHIP_HM __half &operator-=(const __half &other) {
    __oxhip_value = __OXHIP_H_ARITH(__oxhip_value, -, other.__oxhip_value);
    return *this;
  }
  __OXHIP_HM __half &operator*=(const __half &other) {
    __oxhip_value = __OXHIP_H_ARITH(__oxhip_value, *, other.__oxhip_value);
    return *this;
  }
  __OXHIP_HM __half &operator/=(const __half &other) {
    __oxhip_value = __OXHIP_H_ARITH(__oxhip_value, /, other.__oxhip_value);
    return *this;
  }
  __OXHIP_HM __half &operator++() {
    __oxhip_value = __oxhip_value + (_Float16)1.0f;
    return *this;
  }
  __OXHIP_HM __half &operator--() {
    __oxhip_value = __oxhip_value - (_Float16)1.0f;
    return *this;
  }
  __OXHIP_HM __half operator++(int) {
    __half old = *this;
    ++*this;
    return old;
  }
  __OXHIP_HM __half operator--(int) {
    __half old = *this;
    --*this;
    return old;
  }
#endif
};

/* ---- __half2 --------------------------------------------------------------------- */

struct __attribute__((aligned(4))) __half2 {
  __half x;
  __half y;

  __half2() = default;
  __OXHIP_HM constexpr __half2(const __half &low, const __half &high) : x(low), y(high) {}
  __OXHIP_HM constexpr __half2(const __half2_raw &raw)
      : x(__half_raw{{raw.x}}), y(__half_raw{{raw.y}}) {}
  /* HIP's constructor from a vector of two _Float16. */
  __OXHIP_HM __half2(__oxhip_h2v value) {
    *this = __builtin_bit_cast(__half2, value);
  }
  __OXHIP_HM __half2 &operator=(const __half2_raw &raw) {
    x = __half_raw{{raw.x}};
    y = __half_raw{{raw.y}};
    return *this;
  }
  __OXHIP_HM constexpr operator __half2_raw() const {
    return __half2_raw{static_cast<__half_raw>(x).x, static_cast<__half_raw>(y).x};
  }

#if defined(__OXHIP_H_OPERATORS)
  __OXHIP_HM __half2 &operator+=(const __half2 &other) {
    return *this = __half2(__builtin_bit_cast(__oxhip_h2v, *this) +
                           __builtin_bit_cast(__oxhip_h2v, other));
  }
  __OXHIP_HM __half2 &operator-=(const __half2 &other) {
    return *this = __half2(__builtin_bit_cast(__oxhip_h2v, *this) -
                           __builtin_bit_cast(__oxhip_h2v, other));
  }
  __OXHIP_HM __half2 &operator*=(const __half2 &other) {
    return *this = __half2(__builtin_bit_cast(__oxhip_h2v, *this) *
                           __builtin_bit_cast(__oxhip_h2v, other));
  }
  __OXHIP_HM __half2 &operator/=(const __half2 &other) {
    return *this = __half2(__builtin_bit_cast(__oxhip_h2v, *this) /
                           __builtin_bit_cast(__oxhip_h2v, other));
  }
  __OXHIP_HM __half2 &operator++() {
    __oxhip_h2v one = {(_Float16)1.0f, (_Float16)1.0f};
    return *this = __half2(__builtin_bit_cast(__oxhip_h2v, *this) + one);
  }
  __OXHIP_HM __half2 &operator--() {
    __oxhip_h2v one = {(_Float16)1.0f, (_Float16)1.0f};
    return *this = __half2(__builtin_bit_cast(__oxhip_h2v, *this) - one);
  }
  __OXHIP_HM __half2 operator++(int) {
    __half2 old = *this;
    ++*this;
    return old;
  }
  __OXHIP_HM __half2 operator--(int) {
    __half2 old = *this;
    --*this;
    return old;
  }
#endif
};

static_assert(sizeof(__half) == 2 && sizeof(__half2) == 4, "half sizes");
static_assert(__is_trivially_copyable(__half) && __is_trivially_copyable(__half2),
              "half types are trivially copyable");

#if !defined(HIP_NO_HALF)
typedef __half half;
typedef __half2 half2;
#endif

/* ---- internal moves between the types and _Float16 ------------------------------ */

__OXHIP_HD__ constexpr _Float16 __oxhip_hv(__half value) {
  return __builtin_bit_cast(_Float16, value);
}
__OXHIP_HD__ constexpr __half __oxhip_hmake(_Float16 value) {
  return __builtin_bit_cast(__half, value);
}
__OXHIP_HD__ constexpr __oxhip_h2v __oxhip_h2vec(__half2 value) {
  return __builtin_bit_cast(__oxhip_h2v, value);
}
__OXHIP_HD__ constexpr __half2 __oxhip_h2make(__oxhip_h2v value) {
  return __builtin_bit_cast(__half2, value);
}
__OXHIP_HD__ constexpr unsigned short __oxhip_hbits(__half value) {
  return __builtin_bit_cast(unsigned short, value);
}
__OXHIP_HD__ constexpr __half __oxhip_hfrombits(unsigned short bits) {
  return __builtin_bit_cast(__half, bits);
}
/* Applies a _Float16 function to both halves. */
#define __OXHIP_H2_MAP(function, a)                                                             \
  __halves2half2(function(__low2half(a)), function(__high2half(a)))
#define __OXHIP_H2_MAP2(function, a, b)                                                         \
  __halves2half2(function(__low2half(a), __low2half(b)), function(__high2half(a), __high2half(b)))

/* The half next to a non-NaN half toward +infinity or -infinity. */
__OXHIP_HD__ unsigned short __oxhip_h_next_up(unsigned short bits) {
  if (bits == 0x8000u) return 0x0001u;
  return (bits & 0x8000u) ? (unsigned short)(bits - 1u) : (unsigned short)(bits + 1u);
}
__OXHIP_HD__ unsigned short __oxhip_h_next_down(unsigned short bits) {
  if (bits == 0x0000u) return 0x8001u;
  return (bits & 0x8000u) ? (unsigned short)(bits + 1u) : (unsigned short)(bits - 1u);
}
/* float to half in any rounding direction: round to nearest, then step one half toward
 * the requested direction if the nearest one lies on the wrong side. */
__OXHIP_HD__ _Float16 __oxhip_h_from_float(float value, int mode) {
  _Float16 nearest = (_Float16)value;
  float back = (float)nearest;
  if (mode == __OXHIP_H_RN || back == value || value != value) return nearest;
  bool rounded_up = back > value;
  if (mode == __OXHIP_H_RZ) mode = value > 0.0f ? __OXHIP_H_RD : __OXHIP_H_RU;
  unsigned short bits = __builtin_bit_cast(unsigned short, nearest);
  if (mode == __OXHIP_H_RD && rounded_up) bits = __oxhip_h_next_down(bits);
  if (mode == __OXHIP_H_RU && !rounded_up) bits = __oxhip_h_next_up(bits);
  return __builtin_bit_cast(_Float16, bits);
}

/* ---- conversions ----------------------------------------------------------------- */

__OXHIP_HD__ __half __float2half(float value) { return __oxhip_hmake(__oxhip_f16(value)); }
__OXHIP_HD__ __half __float2half_rn(float value) { return __oxhip_hmake(__oxhip_f16(value)); }
__OXHIP_HD__ __half __float2half_rz(float value) {
  return __oxhip_hmake(__oxhip_h_from_float(value, __OXHIP_H_RZ));
}
__OXHIP_HD__ __half __float2half_rd(float value) {
  return __oxhip_hmake(__oxhip_h_from_float(value, __OXHIP_H_RD));
}
__OXHIP_HD__ __half __float2half_ru(float value) {
  return __oxhip_hmake(__oxhip_h_from_float(value, __OXHIP_H_RU));
}
__OXHIP_HX__ __half __double2half(double value) { return __oxhip_hmake((_Float16)value); }
__OXHIP_HD__ float __half2float(__half value) { return __oxhip_f32(__oxhip_hv(value)); }

__OXHIP_HD__ __half2 __halves2half2(__half low, __half high) { return __half2(low, high); }
__OXHIP_HD__ __half2 make_half2(__half low, __half high) { return __half2(low, high); }
__OXHIP_HD__ __half2 __half2half2(__half value) { return __half2(value, value); }
__OXHIP_HD__ __half __low2half(__half2 value) { return value.x; }
__OXHIP_HD__ __half __high2half(__half2 value) { return value.y; }
__OXHIP_HD__ __half2 __low2half2(__half2 value) { return __half2(value.x, value.x); }
__OXHIP_HD__ __half2 __high2half2(__half2 value) { return __half2(value.y, value.y); }
__OXHIP_HD__ __half2 __lows2half2(__half2 a, __half2 b) { return __half2(a.x, b.x); }
__OXHIP_HD__ __half2 __highs2half2(__half2 a, __half2 b) { return __half2(a.y, b.y); }
__OXHIP_HD__ __half2 __lowhigh2highlow(__half2 value) { return __half2(value.y, value.x); }

__OXHIP_HD__ __half2 __float2half2_rn(float value) {
  return __half2(__float2half(value), __float2half(value));
}
__OXHIP_HD__ __half2 __floats2half2_rn(float low, float high) {
  return __half2(__float2half(low), __float2half(high));
}
__OXHIP_HD__ __half2 __float22half2_rn(float2 value) {
  return __half2(__float2half(value.x), __float2half(value.y));
}
__OXHIP_HD__ float2 __half22float2(__half2 value) {
  return make_float2(__half2float(value.x), __half2float(value.y));
}
__OXHIP_HD__ float __low2float(__half2 value) { return __half2float(value.x); }
__OXHIP_HD__ float __high2float(__half2 value) { return __half2float(value.y); }

__OXHIP_HD__ short __half_as_short(__half value) { return (short)__oxhip_hbits(value); }
__OXHIP_HD__ unsigned short __half_as_ushort(__half value) { return __oxhip_hbits(value); }
__OXHIP_HD__ __half __short_as_half(short bits) { return __oxhip_hfrombits((unsigned short)bits); }
__OXHIP_HD__ __half __ushort_as_half(unsigned short bits) { return __oxhip_hfrombits(bits); }

/* half to integer: __half2{int,uint,short,ushort,ll,ull}_{rn,rz,rd,ru}, saturating. */
#define __OXHIP_H2I(name, type, mode, lowest, highest, nan_value)                              \
  __OXHIP_H2I_WITH(__OXHIP_HD__, name, type, mode, lowest, highest, nan_value)
#define __OXHIP_H2I_WITH(declaration, name, type, mode, lowest, highest, nan_value)           \
  declaration type name(__half value) {                                                         \
    return __oxhip_h_float_to_int<type>(__half2float(value), mode, lowest, highest, nan_value); \
  }
#define __OXHIP_H2I_ALL(short_name, type, lowest, highest, nan_value)                          \
  __OXHIP_H2I(__half2##short_name##_rn, type, __OXHIP_H_RN, lowest, highest, nan_value)        \
  __OXHIP_H2I(__half2##short_name##_rz, type, __OXHIP_H_RZ, lowest, highest, nan_value)        \
  __OXHIP_H2I(__half2##short_name##_rd, type, __OXHIP_H_RD, lowest, highest, nan_value)        \
  __OXHIP_H2I(__half2##short_name##_ru, type, __OXHIP_H_RU, lowest, highest, nan_value)
__OXHIP_H2I_ALL(int, int, (-2147483647 - 1), 2147483647, 0)
__OXHIP_H2I_ALL(uint, unsigned int, 0u, 4294967295u, 0u)
__OXHIP_H2I_ALL(short, short, (short)-32768, (short)32767, (short)0)
__OXHIP_H2I_ALL(ushort, unsigned short, (unsigned short)0, (unsigned short)65535,
                (unsigned short)0)
__OXHIP_H2I_ALL(ll, long long, (-9223372036854775807ll - 1), 9223372036854775807ll,
                (-9223372036854775807ll - 1))
__OXHIP_H2I_ALL(ull, unsigned long long, 0ull, 18446744073709551615ull, 9223372036854775808ull)
__OXHIP_H2I_WITH(__OXHIP_HX__, __half2char_rz, signed char, __OXHIP_H_RZ, (signed char)-128, (signed char)127,
            (signed char)0)
__OXHIP_H2I_WITH(__OXHIP_HX__, __half2uchar_rz, unsigned char, __OXHIP_H_RZ, (unsigned char)0, (unsigned char)255,
            (unsigned char)0)
#undef __OXHIP_H2I_ALL
#undef __OXHIP_H2I
#undef __OXHIP_H2I_WITH

/* integer to half: __{int,uint,short,ushort,ll,ull}2half_{rn,rz,rd,ru}. Integers beyond
 * 2^24 are far outside the half range, so going through float cannot change the
 * result of a directed rounding. */
#define __OXHIP_I2H_ALL(short_name, type)                                                       \
  __OXHIP_HD__ __half __##short_name##2half_rn(type value) {                                     \
    return __oxhip_hmake((_Float16)value);                                                      \
  }                                                                                             \
  __OXHIP_HD__ __half __##short_name##2half_rz(type value) {                                     \
    return __oxhip_hmake(__oxhip_h_from_float((float)value, __OXHIP_H_RZ));                     \
  }                                                                                             \
  __OXHIP_HD__ __half __##short_name##2half_rd(type value) {                                     \
    return __oxhip_hmake(__oxhip_h_from_float((float)value, __OXHIP_H_RD));                     \
  }                                                                                             \
  __OXHIP_HD__ __half __##short_name##2half_ru(type value) {                                     \
    return __oxhip_hmake(__oxhip_h_from_float((float)value, __OXHIP_H_RU));                     \
  }
__OXHIP_I2H_ALL(int, int)
__OXHIP_I2H_ALL(uint, unsigned int)
__OXHIP_I2H_ALL(short, short)
__OXHIP_I2H_ALL(ushort, unsigned short)
__OXHIP_I2H_ALL(ll, long long)
__OXHIP_I2H_ALL(ull, unsigned long long)
#undef __OXHIP_I2H_ALL

/* ---- classification and comparisons ---------------------------------------------- */

__OXHIP_HD__ bool __hisnan(__half value) { return (__oxhip_hbits(value) & 0x7fffu) > 0x7c00u; }
/* -1 for -infinity, 1 for +infinity, 0 otherwise (CUDA's definition). */
__OXHIP_HD__ int __hisinf(__half value) {
  unsigned short bits = __oxhip_hbits(value);
  return bits == 0x7c00u ? 1 : bits == 0xfc00u ? -1 : 0;
}

/* Ordered comparisons are false when either operand is NaN; the unordered (u) forms are
 * true then. */
__OXHIP_HD__ bool __heq(__half a, __half b) { return __oxhip_hv(a) == __oxhip_hv(b); }
__OXHIP_HD__ bool __hne(__half a, __half b) {
  return __oxhip_hv(a) < __oxhip_hv(b) || __oxhip_hv(a) > __oxhip_hv(b);
}
__OXHIP_HD__ bool __hlt(__half a, __half b) { return __oxhip_hv(a) < __oxhip_hv(b); }
__OXHIP_HD__ bool __hle(__half a, __half b) { return __oxhip_hv(a) <= __oxhip_hv(b); }
__OXHIP_HD__ bool __hgt(__half a, __half b) { return __oxhip_hv(a) > __oxhip_hv(b); }
__OXHIP_HD__ bool __hge(__half a, __half b) { return __oxhip_hv(a) >= __oxhip_hv(b); }
__OXHIP_HD__ bool __hequ(__half a, __half b) { return !__hne(a, b); }
__OXHIP_HD__ bool __hneu(__half a, __half b) { return !__heq(a, b); }
__OXHIP_HD__ bool __hltu(__half a, __half b) { return !__hge(a, b); }
__OXHIP_HD__ bool __hleu(__half a, __half b) { return !__hgt(a, b); }
__OXHIP_HD__ bool __hgtu(__half a, __half b) { return !__hle(a, b); }
__OXHIP_HD__ bool __hgeu(__half a, __half b) { return !__hlt(a, b); }

/* Per-half comparisons: 1.0 or 0.0 in each half (__heq2 ...), both halves true (__hbeq2
 * ...), or 0xffff or 0 in each half of an unsigned (__heq2_mask ...). */
#define __OXHIP_H2_COMPARE(op)                                                                  \
  __OXHIP_HD__ __half2 op##2(__half2 a, __half2 b) {                                             \
    return __half2(__oxhip_hmake(op(a.x, b.x) ? (_Float16)1.0f : (_Float16)0.0f),                \
                   __oxhip_hmake(op(a.y, b.y) ? (_Float16)1.0f : (_Float16)0.0f));               \
  }                                                                                             \
  __OXHIP_HX__ unsigned op##2_mask(__half2 a, __half2 b) {                                       \
    return (op(a.x, b.x) ? 0xffffu : 0u) | (op(a.y, b.y) ? 0xffff0000u : 0u);                   \
  }
__OXHIP_H2_COMPARE(__heq) __OXHIP_H2_COMPARE(__hne) __OXHIP_H2_COMPARE(__hlt)
__OXHIP_H2_COMPARE(__hle) __OXHIP_H2_COMPARE(__hgt) __OXHIP_H2_COMPARE(__hge)
__OXHIP_H2_COMPARE(__hequ) __OXHIP_H2_COMPARE(__hneu) __OXHIP_H2_COMPARE(__hltu)
__OXHIP_H2_COMPARE(__hleu) __OXHIP_H2_COMPARE(__hgtu) __OXHIP_H2_COMPARE(__hgeu)
#undef __OXHIP_H2_COMPARE
#define __OXHIP_H2_BCOMPARE(name, op)                                                           \
  __OXHIP_HD__ bool name(__half2 a, __half2 b) { return op(a.x, b.x) && op(a.y, b.y); }
__OXHIP_H2_BCOMPARE(__hbeq2, __heq) __OXHIP_H2_BCOMPARE(__hbne2, __hne)
__OXHIP_H2_BCOMPARE(__hblt2, __hlt) __OXHIP_H2_BCOMPARE(__hble2, __hle)
__OXHIP_H2_BCOMPARE(__hbgt2, __hgt) __OXHIP_H2_BCOMPARE(__hbge2, __hge)
__OXHIP_H2_BCOMPARE(__hbequ2, __hequ) __OXHIP_H2_BCOMPARE(__hbneu2, __hneu)
__OXHIP_H2_BCOMPARE(__hbltu2, __hltu) __OXHIP_H2_BCOMPARE(__hbleu2, __hleu)
__OXHIP_H2_BCOMPARE(__hbgtu2, __hgtu) __OXHIP_H2_BCOMPARE(__hbgeu2, __hgeu)
#undef __OXHIP_H2_BCOMPARE

__OXHIP_HD__ __half2 __hisnan2(__half2 value) {
  return __half2(__oxhip_hmake(__hisnan(value.x) ? (_Float16)1.0f : (_Float16)0.0f),
                 __oxhip_hmake(__hisnan(value.y) ? (_Float16)1.0f : (_Float16)0.0f));
}
__OXHIP_HD__ __half2 __hisinf2(__half2 value) {
  return __half2(__oxhip_hmake(__hisinf(value.x) ? (_Float16)1.0f : (_Float16)0.0f),
                 __oxhip_hmake(__hisinf(value.y) ? (_Float16)1.0f : (_Float16)0.0f));
}

/* Maximum and minimum: a NaN operand gives the other one (both NaN: the canonical NaN
 * 0x7fff), and +0 is above -0. The _nan forms return the canonical NaN if either is NaN. */
__OXHIP_HD__ __half __hmax(__half a, __half b) {
  if (__hisnan(a)) return __hisnan(b) ? __oxhip_hfrombits(0x7fffu) : b;
  if (__hisnan(b)) return a;
  if (__oxhip_hv(a) == __oxhip_hv(b)) return (__oxhip_hbits(a) & 0x8000u) ? b : a;
  return __oxhip_hv(a) > __oxhip_hv(b) ? a : b;
}
__OXHIP_HD__ __half __hmin(__half a, __half b) {
  if (__hisnan(a)) return __hisnan(b) ? __oxhip_hfrombits(0x7fffu) : b;
  if (__hisnan(b)) return a;
  if (__oxhip_hv(a) == __oxhip_hv(b)) return (__oxhip_hbits(a) & 0x8000u) ? a : b;
  return __oxhip_hv(a) < __oxhip_hv(b) ? a : b;
}
__OXHIP_HD__ __half __hmax_nan(__half a, __half b) {
  return (__hisnan(a) || __hisnan(b)) ? __oxhip_hfrombits(0x7fffu) : __hmax(a, b);
}
__OXHIP_HD__ __half __hmin_nan(__half a, __half b) {
  return (__hisnan(a) || __hisnan(b)) ? __oxhip_hfrombits(0x7fffu) : __hmin(a, b);
}
__OXHIP_HX__ __half2 __hmax2(__half2 a, __half2 b) { return __OXHIP_H2_MAP2(__hmax, a, b); }
__OXHIP_HX__ __half2 __hmin2(__half2 a, __half2 b) { return __OXHIP_H2_MAP2(__hmin, a, b); }
__OXHIP_HX__ __half2 __hmax2_nan(__half2 a, __half2 b) {
  return __OXHIP_H2_MAP2(__hmax_nan, a, b);
}
__OXHIP_HX__ __half2 __hmin2_nan(__half2 a, __half2 b) {
  return __OXHIP_H2_MAP2(__hmin_nan, a, b);
}

/* ---- arithmetic ------------------------------------------------------------------ */

/* Clamps to [0, 1]; NaN becomes +0. */
__OXHIP_HD__ _Float16 __oxhip_h_saturate(_Float16 value) {
  return value > (_Float16)1.0f ? (_Float16)1.0f
                                : (value > (_Float16)0.0f ? value : (_Float16)0.0f);
}
/* fma rounded once: native on the GPUs; elsewhere in double, where a * b is exact and
 * a * b + c, when it is not exact, is too far from a rounding boundary of half for the
 * second rounding to matter. */
__OXHIP_HD__ _Float16 __oxhip_h_fma(_Float16 a, _Float16 b, _Float16 c) {
#if defined(__OXHIP_AMDGCN__) || defined(__OXHIP_NVPTX__)
  return __builtin_elementwise_fma(a, b, c);
#else
  return (_Float16)__builtin_fma((double)a, (double)b, (double)c);
#endif
}
__OXHIP_HD__ __oxhip_h2v __oxhip_h2_fma(__oxhip_h2v a, __oxhip_h2v b, __oxhip_h2v c) {
#if defined(__OXHIP_AMDGCN__) || defined(__OXHIP_NVPTX__)
  return __builtin_elementwise_fma(a, b, c);
#else
  __oxhip_h2v result = {__oxhip_h_fma(a.x, b.x, c.x), __oxhip_h_fma(a.y, b.y, c.y)};
  return result;
#endif
}

__OXHIP_HD__ __half __hadd(__half a, __half b) {
  return __oxhip_hmake(__OXHIP_H_ARITH(__oxhip_hv(a), +, __oxhip_hv(b)));
}
__OXHIP_HD__ __half __hsub(__half a, __half b) {
  return __oxhip_hmake(__OXHIP_H_ARITH(__oxhip_hv(a), -, __oxhip_hv(b)));
}
__OXHIP_HD__ __half __hmul(__half a, __half b) {
  return __oxhip_hmake(__OXHIP_H_ARITH(__oxhip_hv(a), *, __oxhip_hv(b)));
}
__OXHIP_HD__ __half __hdiv(__half a, __half b) {
  return __oxhip_hmake(__OXHIP_H_ARITH(__oxhip_hv(a), /, __oxhip_hv(b)));
}
__OXHIP_HX__ __half __hadd_rn(__half a, __half b) {
#pragma clang fp contract(off)
  return __oxhip_hmake((_Float16)(__oxhip_hv(a) + __oxhip_hv(b)));
}
__OXHIP_HX__ __half __hsub_rn(__half a, __half b) {
#pragma clang fp contract(off)
  return __oxhip_hmake((_Float16)(__oxhip_hv(a) - __oxhip_hv(b)));
}
__OXHIP_HX__ __half __hmul_rn(__half a, __half b) {
#pragma clang fp contract(off)
  return __oxhip_hmake((_Float16)(__oxhip_hv(a) * __oxhip_hv(b)));
}
__OXHIP_HD__ __half __hfma(__half a, __half b, __half c) {
  return __oxhip_hmake(__oxhip_h_fma(__oxhip_hv(a), __oxhip_hv(b), __oxhip_hv(c)));
}
/* Negation flips the sign bit, NaNs included (NVPTX's neg.f16 would return its canonical NaN). */
__OXHIP_HD__ __half __hneg(__half value) {
  return __ushort_as_half((unsigned short)(__half_as_ushort(value) ^ 0x8000u));
}
__OXHIP_HD__ __half __habs(__half value) {
  return __oxhip_hfrombits((unsigned short)(__oxhip_hbits(value) & 0x7fffu));
}
__OXHIP_HD__ __half __hadd_sat(__half a, __half b) {
  return __oxhip_hmake(__oxhip_h_saturate(__oxhip_hv(__hadd(a, b))));
}
__OXHIP_HD__ __half __hsub_sat(__half a, __half b) {
  return __oxhip_hmake(__oxhip_h_saturate(__oxhip_hv(__hsub(a, b))));
}
__OXHIP_HD__ __half __hmul_sat(__half a, __half b) {
  return __oxhip_hmake(__oxhip_h_saturate(__oxhip_hv(__hmul(a, b))));
}
__OXHIP_HD__ __half __hfma_sat(__half a, __half b, __half c) {
  return __oxhip_hmake(__oxhip_h_saturate(__oxhip_hv(__hfma(a, b, c))));
}
/* fma with negative results (and -0) replaced by +0 and NaN by the canonical NaN. */
__OXHIP_HX__ __half __hfma_relu(__half a, __half b, __half c) {
  __half result = __hfma(a, b, c);
  if (__hisnan(result)) return __oxhip_hfrombits(0x7fffu);
  return __oxhip_hv(result) > (_Float16)0.0f ? result : __oxhip_hfrombits(0);
}

__OXHIP_HD__ __half2 __hadd2(__half2 a, __half2 b) {
  return __oxhip_h2make(__oxhip_h2vec(a) + __oxhip_h2vec(b));
}
__OXHIP_HD__ __half2 __hsub2(__half2 a, __half2 b) {
  return __oxhip_h2make(__oxhip_h2vec(a) - __oxhip_h2vec(b));
}
__OXHIP_HD__ __half2 __hmul2(__half2 a, __half2 b) {
  return __oxhip_h2make(__oxhip_h2vec(a) * __oxhip_h2vec(b));
}
__OXHIP_HD__ __half2 __h2div(__half2 a, __half2 b) {
  return __oxhip_h2make(__oxhip_h2vec(a) / __oxhip_h2vec(b));
}
__OXHIP_HX__ __half2 __hadd2_rn(__half2 a, __half2 b) {
#pragma clang fp contract(off)
  return __oxhip_h2make(__oxhip_h2vec(a) + __oxhip_h2vec(b));
}
__OXHIP_HX__ __half2 __hsub2_rn(__half2 a, __half2 b) {
#pragma clang fp contract(off)
  return __oxhip_h2make(__oxhip_h2vec(a) - __oxhip_h2vec(b));
}
__OXHIP_HX__ __half2 __hmul2_rn(__half2 a, __half2 b) {
#pragma clang fp contract(off)
  return __oxhip_h2make(__oxhip_h2vec(a) * __oxhip_h2vec(b));
}
__OXHIP_HD__ __half2 __hfma2(__half2 a, __half2 b, __half2 c) {
  return __oxhip_h2make(__oxhip_h2_fma(__oxhip_h2vec(a), __oxhip_h2vec(b), __oxhip_h2vec(c)));
}
__OXHIP_HD__ __half2 __hneg2(__half2 value) { return __half2(__hneg(value.x), __hneg(value.y)); }
__OXHIP_HD__ __half2 __habs2(__half2 value) { return __OXHIP_H2_MAP(__habs, value); }
__OXHIP_HD__ __half2 __hadd2_sat(__half2 a, __half2 b) {
  return __OXHIP_H2_MAP2(__hadd_sat, a, b);
}
__OXHIP_HD__ __half2 __hsub2_sat(__half2 a, __half2 b) {
  return __OXHIP_H2_MAP2(__hsub_sat, a, b);
}
__OXHIP_HD__ __half2 __hmul2_sat(__half2 a, __half2 b) {
  return __OXHIP_H2_MAP2(__hmul_sat, a, b);
}
__OXHIP_HD__ __half2 __hfma2_sat(__half2 a, __half2 b, __half2 c) {
  return __halves2half2(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y));
}
__OXHIP_HX__ __half2 __hfma2_relu(__half2 a, __half2 b, __half2 c) {
  return __halves2half2(__hfma_relu(a.x, b.x, c.x), __hfma_relu(a.y, b.y, c.y));
}
/* Complex multiply-add: a, b and c hold (real, imaginary); returns a * b + c. */
__OXHIP_HX__ __half2 __hcmadd(__half2 a, __half2 b, __half2 c) {
  _Float16 real = __oxhip_h_fma(__oxhip_hv(a.x), __oxhip_hv(b.x), __oxhip_hv(c.x));
  real = __oxhip_h_fma(-__oxhip_hv(a.y), __oxhip_hv(b.y), real);
  _Float16 imaginary = __oxhip_h_fma(__oxhip_hv(a.x), __oxhip_hv(b.y), __oxhip_hv(c.y));
  imaginary = __oxhip_h_fma(__oxhip_hv(a.y), __oxhip_hv(b.x), imaginary);
  return __half2(__oxhip_hmake(real), __oxhip_hmake(imaginary));
}

/* ---- operators ------------------------------------------------------------------- */

#if defined(__OXHIP_H_OPERATORS)
__OXHIP_HD__ __half operator+(const __half &a, const __half &b) { return __hadd(a, b); }
__OXHIP_HD__ __half operator-(const __half &a, const __half &b) { return __hsub(a, b); }
__OXHIP_HD__ __half operator*(const __half &a, const __half &b) { return __hmul(a, b); }
__OXHIP_HD__ __half operator/(const __half &a, const __half &b) { return __hdiv(a, b); }
__OXHIP_HD__ __half operator+(const __half &value) { return value; }
__OXHIP_HD__ __half operator-(const __half &value) { return __hneg(value); }
__OXHIP_HD__ bool operator==(const __half &a, const __half &b) { return __heq(a, b); }
__OXHIP_HD__ bool operator!=(const __half &a, const __half &b) { return __hneu(a, b); }
__OXHIP_HD__ bool operator<(const __half &a, const __half &b) { return __hlt(a, b); }
__OXHIP_HD__ bool operator<=(const __half &a, const __half &b) { return __hle(a, b); }
__OXHIP_HD__ bool operator>(const __half &a, const __half &b) { return __hgt(a, b); }
__OXHIP_HD__ bool operator>=(const __half &a, const __half &b) { return __hge(a, b); }

__OXHIP_HD__ __half2 operator+(const __half2 &a, const __half2 &b) { return __hadd2(a, b); }
__OXHIP_HD__ __half2 operator-(const __half2 &a, const __half2 &b) { return __hsub2(a, b); }
__OXHIP_HD__ __half2 operator*(const __half2 &a, const __half2 &b) { return __hmul2(a, b); }
__OXHIP_HD__ __half2 operator/(const __half2 &a, const __half2 &b) { return __h2div(a, b); }
__OXHIP_HD__ __half2 operator+(const __half2 &value) { return value; }
__OXHIP_HD__ __half2 operator-(const __half2 &value) { return __hneg2(value); }
/* Whole-vector comparisons, true when they hold for both halves (!= when it holds for
 * either, so that it is the negation of ==). */
__OXHIP_HD__ bool operator==(const __half2 &a, const __half2 &b) { return __hbeq2(a, b); }
__OXHIP_HD__ bool operator!=(const __half2 &a, const __half2 &b) { return !__hbeq2(a, b); }
__OXHIP_HD__ bool operator<(const __half2 &a, const __half2 &b) { return __hblt2(a, b); }
__OXHIP_HD__ bool operator<=(const __half2 &a, const __half2 &b) { return __hble2(a, b); }
__OXHIP_HD__ bool operator>(const __half2 &a, const __half2 &b) { return __hbgt2(a, b); }
__OXHIP_HD__ bool operator>=(const __half2 &a, const __half2 &b) { return __hbge2(a, b); }
#endif

/* ---- math ------------------------------------------------------------------------ */

/* Exact in float: the rounding functions, sqrt (float has more than 2 * 11 + 2 bits, so
 * rounding float's correctly rounded root again gives the correctly rounded half) and
 * the reciprocal. */
__OXHIP_HD__ __half hsqrt(__half value) {
  return __float2half(__builtin_sqrtf(__half2float(value)));
}
__OXHIP_HD__ __half hrsqrt(__half value) {
  return __float2half(1.0f / __builtin_sqrtf(__half2float(value)));
}
__OXHIP_HD__ __half hrcp(__half value) { return __float2half(1.0f / __half2float(value)); }
__OXHIP_HD__ __half hceil(__half value) {
  return __float2half(__builtin_ceilf(__half2float(value)));
}
__OXHIP_HD__ __half hfloor(__half value) {
  return __float2half(__builtin_floorf(__half2float(value)));
}
__OXHIP_HD__ __half htrunc(__half value) {
  return __float2half(__builtin_truncf(__half2float(value)));
}
__OXHIP_HD__ __half hrint(__half value) {
  return __float2half(__builtin_rintf(__half2float(value)));
}
__OXHIP_HD__ __half hexp(__half value) { return __float2half(__oxhip_h_expf(__half2float(value))); }
__OXHIP_HD__ __half hexp2(__half value) {
  return __float2half(__oxhip_h_exp2f(__half2float(value)));
}
__OXHIP_HD__ __half hexp10(__half value) {
  return __float2half(__oxhip_h_exp10f(__half2float(value)));
}
__OXHIP_HD__ __half hlog(__half value) { return __float2half(__oxhip_h_logf(__half2float(value))); }
__OXHIP_HD__ __half hlog2(__half value) {
  return __float2half(__oxhip_h_log2f(__half2float(value)));
}
__OXHIP_HD__ __half hlog10(__half value) {
  return __float2half(__oxhip_h_log10f(__half2float(value)));
}
__OXHIP_HD__ __half hsin(__half value) {
  float sine, cosine;
  __oxhip_h_sincosf(__half2float(value), &sine, &cosine);
  return __float2half(sine);
}
__OXHIP_HD__ __half hcos(__half value) {
  float sine, cosine;
  __oxhip_h_sincosf(__half2float(value), &sine, &cosine);
  return __float2half(cosine);
}

/* CUDA 12.8's tanh functions, which HIP lacks (templates: see __OXHIP_HX__). */
__OXHIP_HX__ __half htanh(__half value) {
  return __float2half(__oxhip_h_tanhf(__half2float(value)));
}
__OXHIP_HX__ __half htanh_approx(__half value) { return htanh(value); }
__OXHIP_HX__ __half2 h2tanh(__half2 value) { return __OXHIP_H2_MAP(htanh, value); }
__OXHIP_HX__ __half2 h2tanh_approx(__half2 value) { return __OXHIP_H2_MAP(htanh, value); }

__OXHIP_HD__ __half2 h2sqrt(__half2 value) { return __OXHIP_H2_MAP(hsqrt, value); }
__OXHIP_HD__ __half2 h2rsqrt(__half2 value) { return __OXHIP_H2_MAP(hrsqrt, value); }
__OXHIP_HD__ __half2 h2rcp(__half2 value) { return __OXHIP_H2_MAP(hrcp, value); }
__OXHIP_HD__ __half2 h2ceil(__half2 value) { return __OXHIP_H2_MAP(hceil, value); }
__OXHIP_HD__ __half2 h2floor(__half2 value) { return __OXHIP_H2_MAP(hfloor, value); }
__OXHIP_HD__ __half2 h2trunc(__half2 value) { return __OXHIP_H2_MAP(htrunc, value); }
__OXHIP_HD__ __half2 h2rint(__half2 value) { return __OXHIP_H2_MAP(hrint, value); }
__OXHIP_HD__ __half2 h2exp(__half2 value) { return __OXHIP_H2_MAP(hexp, value); }
__OXHIP_HD__ __half2 h2exp2(__half2 value) { return __OXHIP_H2_MAP(hexp2, value); }
__OXHIP_HD__ __half2 h2exp10(__half2 value) { return __OXHIP_H2_MAP(hexp10, value); }
__OXHIP_HD__ __half2 h2log(__half2 value) { return __OXHIP_H2_MAP(hlog, value); }
__OXHIP_HD__ __half2 h2log2(__half2 value) { return __OXHIP_H2_MAP(hlog2, value); }
__OXHIP_HD__ __half2 h2log10(__half2 value) { return __OXHIP_H2_MAP(hlog10, value); }
__OXHIP_HD__ __half2 h2sin(__half2 value) { return __OXHIP_H2_MAP(hsin, value); }
__OXHIP_HD__ __half2 h2cos(__half2 value) { return __OXHIP_H2_MAP(hcos, value); }

/* HIP's dot product of two half2 added to a float (v_dot2_f32_f16 on AMD), clamped to
 * [0, 1] when `saturate` is set. */
__OXHIP_HD__ float amd_mixed_dot(__half2 a, __half2 b, float c, bool saturate) {
  float result = __builtin_fmaf(__low2float(a), __low2float(b),
                                __builtin_fmaf(__high2float(a), __high2float(b), c));
  if (saturate) result = result > 1.0f ? 1.0f : (result > 0.0f ? result : 0.0f);
  return result;
}

/* ---- constants ------------------------------------------------------------------- */

#define HIPRT_INF_FP16 __ushort_as_half((unsigned short)0x7c00u)
#define HIPRT_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7bffu)
#define HIPRT_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001u)
#define HIPRT_NAN_FP16 __ushort_as_half((unsigned short)0x7fffu)
#define HIPRT_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000u)
#define HIPRT_ONE_FP16 __ushort_as_half((unsigned short)0x3c00u)
#define HIPRT_ZERO_FP16 __ushort_as_half((unsigned short)0x0000u)

/* ---- device only: loads, shuffles, atomics -------------------------------------- */

#if defined(__OXHIP_OFFLOAD__)

/* The cache-hint loads and stores of CUDA (__ldg .. __ldcv, __stwb .. __stwt) move the
 * bits as the integer of the same size: intrinsics.h's templates use clang's nontemporal
 * and volatile accesses, which take only scalar and vector types. */
#define __OXHIP_H_ACCESS(type, bits)                                                              \
  __OXHIP_DEVICE__ type __ldg(const type *address) { return *address; }                           \
  __OXHIP_DEVICE__ type __ldcg(const type *address) { return *address; }                          \
  __OXHIP_DEVICE__ type __ldca(const type *address) { return *address; }                          \
  __OXHIP_DEVICE__ type __ldcs(const type *address) {                                             \
    return __builtin_bit_cast(type, __builtin_nontemporal_load((const bits *)address));           \
  }                                                                                               \
  __OXHIP_DEVICE__ type __ldlu(const type *address) {                                             \
    return __builtin_bit_cast(type, __builtin_nontemporal_load((const bits *)address));           \
  }                                                                                               \
  __OXHIP_DEVICE__ type __ldcv(const type *address) {                                             \
    return __builtin_bit_cast(type, *(const volatile bits *)address);                             \
  }                                                                                               \
  __OXHIP_DEVICE__ void __stwb(type *address, type value) { *address = value; }                   \
  __OXHIP_DEVICE__ void __stcg(type *address, type value) { *address = value; }                   \
  __OXHIP_DEVICE__ void __stcs(type *address, type value) {                                       \
    __builtin_nontemporal_store(__builtin_bit_cast(bits, value), (bits *)address);                \
  }                                                                                               \
  __OXHIP_DEVICE__ void __stwt(type *address, type value) {                                       \
    *(volatile bits *)address = __builtin_bit_cast(bits, value);                                  \
  }
__OXHIP_H_ACCESS(__half, unsigned short)
__OXHIP_H_ACCESS(__half2, unsigned int)
#undef __OXHIP_H_ACCESS

/* Shuffles move the bits through the 32-bit shuffles of hip/oxhip/warp.h. */
#define __OXHIP_H_SHUFFLE(name, operand_type)                                                   \
  __OXHIP_DEVICE__ __half name(__half value, operand_type operand, int width = warpSize) {      \
    return __ushort_as_half(                                                                    \
        (unsigned short)name((unsigned int)__half_as_ushort(value), operand, width));           \
  }                                                                                             \
  __OXHIP_DEVICE__ __half2 name(__half2 value, operand_type operand, int width = warpSize) {    \
    return __builtin_bit_cast(__half2,                                                          \
                              name(__builtin_bit_cast(unsigned int, value), operand, width));   \
  }                                                                                             \
  __OXHIP_DEVICE__ __half name##_sync(unsigned long long mask, __half value,                    \
                                      operand_type operand, int width = warpSize) {             \
    return __ushort_as_half((unsigned short)name##_sync(                                        \
        mask, (unsigned int)__half_as_ushort(value), operand, width));                          \
  }                                                                                             \
  __OXHIP_DEVICE__ __half2 name##_sync(unsigned long long mask, __half2 value,                  \
                                       operand_type operand, int width = warpSize) {            \
    return __builtin_bit_cast(                                                                  \
        __half2, name##_sync(mask, __builtin_bit_cast(unsigned int, value), operand, width));   \
  }
__OXHIP_H_SHUFFLE(__shfl, int)
__OXHIP_H_SHUFFLE(__shfl_up, unsigned int)
__OXHIP_H_SHUFFLE(__shfl_down, unsigned int)
__OXHIP_H_SHUFFLE(__shfl_xor, int)
#undef __OXHIP_H_SHUFFLE

/* atomicAdd on half2 is a compare-and-swap loop on its 32 bits; on a half it is one on
 * the aligned 32-bit word that holds it, adding in its own 16 bits only. Both return
 * the old value. */
#define __OXHIP_H_ATOMICS(suffix)                                                               \
  __OXHIP_DX__ __half2 atomicAdd##suffix(__half2 *address, __half2 value) {                     \
    unsigned int *word = (unsigned int *)address;                                               \
    unsigned int old = *(volatile unsigned int *)word, assumed;                                 \
    do {                                                                                        \
      assumed = old;                                                                            \
      __half2 sum = __hadd2(__builtin_bit_cast(__half2, assumed), value);                       \
      old = atomicCAS##suffix(word, assumed, __builtin_bit_cast(unsigned int, sum));            \
    } while (old != assumed);                                                                   \
    return __builtin_bit_cast(__half2, old);                                                    \
  }                                                                                             \
  __OXHIP_DX__ __half atomicAdd##suffix(__half *address, __half value) {                        \
    unsigned long long place = (unsigned long long)address;                                     \
    unsigned int *word = (unsigned int *)(place & ~3ull);                                       \
    unsigned int shift = (unsigned int)(place & 2ull) * 8u;                                     \
    unsigned int old = *(volatile unsigned int *)word, assumed;                                 \
    do {                                                                                        \
      assumed = old;                                                                            \
      __half sum = __hadd(__ushort_as_half((unsigned short)(assumed >> shift)), value);         \
      unsigned int replaced = (assumed & ~(0xffffu << shift)) |                                 \
                              ((unsigned int)__half_as_ushort(sum) << shift);                   \
      old = atomicCAS##suffix(word, assumed, replaced);                                         \
    } while (old != assumed);                                                                   \
    return __ushort_as_half((unsigned short)(old >> shift));                                    \
  }
__OXHIP_H_ATOMICS()
__OXHIP_H_ATOMICS(_block)
__OXHIP_H_ATOMICS(_system)
#undef __OXHIP_H_ATOMICS
/* HIP's unsafeAtomicAdd (hardware float atomics where they exist) is the same loop. */
__OXHIP_DEVICE__ __half2 unsafeAtomicAdd(__half2 *address, __half2 value) {
  return atomicAdd(address, value);
}
__OXHIP_DEVICE__ __half unsafeAtomicAdd(__half *address, __half value) {
  return atomicAdd(address, value);
}

#endif /* __OXHIP_OFFLOAD__ */

#undef __OXHIP_H2_MAP
#undef __OXHIP_H2_MAP2

#endif /* __cplusplus */

#endif /* OXHIP_HALF_H */
