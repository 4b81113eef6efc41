/* hip/hip_complex.h for oxhip: single and double precision complex numbers as HIP
 * defines them (hipFloatComplex is float2, hipDoubleComplex is double2, real part in
 * x), with the cuComplex-style functions, callable from host and device code.
 *
 * Division and magnitude scale their operands, so that they neither overflow nor
 * underflow for inputs whose result is representable (as cuComplex's do).
 */
#ifndef HIP_HIP_COMPLEX_H
#define HIP_HIP_COMPLEX_H
/* HIP's own guard as well: code tests it, and oxhipify writes it for CUDA's. */
#define HIP_INCLUDE_HIP_HIP_COMPLEX_H
/* In a CUDA compile (oxhip's translation of a .cu, __OXHIP_CUDA_SOURCE__), this header
 * stands in for CUDA's cuComplex.h and defines its guard (driver/src/cuda_headers.rs). */
#ifdef __OXHIP_CUDA_SOURCE__
#define CU_COMPLEX_H_
#endif

#include <hip/hip_vector_types.h>

#if defined(__HIP__) || defined(__CUDA__)
#define __OXHIP_CX static __attribute__((host, device)) inline
#else
#define __OXHIP_CX static inline
#endif

typedef float2 hipFloatComplex;
typedef double2 hipDoubleComplex;
typedef hipFloatComplex hipComplex;

#define __OXHIP_COMPLEX(T, C, s)                                                                  \
  __OXHIP_CX T hipCreal##s(C z) { return z.x; }                                                 \
  __OXHIP_CX T hipCimag##s(C z) { return z.y; }                                                 \
  __OXHIP_CX C hipConj##s(C z) { return make_##C##_(z.x, -z.y); }                               \
  __OXHIP_CX C hipCadd##s(C a, C b) { return make_##C##_(a.x + b.x, a.y + b.y); }               \
  __OXHIP_CX C hipCsub##s(C a, C b) { return make_##C##_(a.x - b.x, a.y - b.y); }               \
  __OXHIP_CX C hipCmul##s(C a, C b) {                                                            \
    return make_##C##_(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);                            \
  }                                                                                              \
  __OXHIP_CX C hipCdiv##s(C a, C b) {                                                            \
    T scale = __builtin_fabs##s(b.x) + __builtin_fabs##s(b.y);                                  \
    T inverse = (T)1 / scale;                                                                    \
    T ar = a.x * inverse, ai = a.y * inverse, br = b.x * inverse, bi = b.y * inverse;            \
    T denominator = (T)1 / (br * br + bi * bi);                                                  \
    return make_##C##_((ar * br + ai * bi) * denominator, (ai * br - ar * bi) * denominator);    \
  }                                                                                              \
  __OXHIP_CX T hipCabs##s(C z) {                                                                 \
    T a = __builtin_fabs##s(z.x), b = __builtin_fabs##s(z.y);                                   \
    T big = a > b ? a : b, small = a > b ? b : a;                                                \
    if (big == (T)0 || big > __OXHIP_CX_MAX_##s) return big + small;                            \
    T ratio = small / big;                                                                       \
    return big * __builtin_sqrt##s((T)1 + ratio * ratio);                                        \
  }                                                                                              \
  __OXHIP_CX T hipCsqabs##s(C z) { return z.x * z.x + z.y * z.y; }                               \
  __OXHIP_CX C hipCfma##s(C a, C b, C c) {                                                       \
    return make_##C##_(a.x * b.x - a.y * b.y + c.x, a.x * b.y + a.y * b.x + c.y);                \
  }

/* make_hipFloatComplex and make_hipDoubleComplex, under the names the macro builds. */
__OXHIP_CX hipFloatComplex make_hipFloatComplex(float re, float im) { return make_float2(re, im); }
__OXHIP_CX hipDoubleComplex make_hipDoubleComplex(double re, double im) { return make_double2(re, im); }
#define make_hipFloatComplex_ make_hipFloatComplex
#define make_hipDoubleComplex_ make_hipDoubleComplex
#define __OXHIP_CX_MAX_f 3.402823466e+38f
#define __OXHIP_CX_MAX_ 1.7976931348623157e+308
__OXHIP_COMPLEX(float, hipFloatComplex, f)
__OXHIP_COMPLEX(double, hipDoubleComplex, )
#undef __OXHIP_COMPLEX
#undef make_hipFloatComplex_
#undef make_hipDoubleComplex_
#undef __OXHIP_CX_MAX_f
#undef __OXHIP_CX_MAX_

__OXHIP_CX hipComplex make_hipComplex(float re, float im) { return make_float2(re, im); }
__OXHIP_CX hipDoubleComplex hipComplexFloatToDouble(hipFloatComplex z) {
  return make_double2((double)z.x, (double)z.y);
}
__OXHIP_CX hipFloatComplex hipComplexDoubleToFloat(hipDoubleComplex z) {
  return make_float2((float)z.x, (float)z.y);
}

#undef __OXHIP_CX

#endif /* HIP_HIP_COMPLEX_H */
