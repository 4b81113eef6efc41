/* oxhip device headers: device overloads of the C and C++ math functions, and the
 * CUDA/HIP math intrinsics (__expf, __fdividef, __popc, ...).
 *
 * Functions that both backends lower well (sqrt, fabs, fma, floor, fmin, ...) are clang
 * builtins; the transcendental ones call __oxhip_* functions from the devicelibs
 * bitcode that codegen links into every device image. On the host pass the C library's
 * functions stay the host's; CUDA's own functions that CUDA also offers to host code
 * (sinpi, normcdf, erfinv, rcbrt, norm3d, cyl_bessel_i0, ...) are __host__ __device__
 * here, and the host compile links the same library's host bitcode (the driver passes
 * -mlink-builtin-bitcode; docs/math.md, "Host code").
 */
#ifndef OXHIP_MATH_H
#define OXHIP_MATH_H

#if defined(__OXHIP_OFFLOAD__)

/* ---- devicelibs entry points (devicelibs/lib/math.c) ----------------------------- */

#define __OXHIP_LIB1(name)                                                                     \
  extern "C" __device__ double __oxhip_##name(double);                                        \
  extern "C" __device__ float __oxhip_##name##f(float);
#define __OXHIP_LIB2(name)                                                                     \
  extern "C" __device__ double __oxhip_##name(double, double);                                \
  extern "C" __device__ float __oxhip_##name##f(float, float);
__OXHIP_LIB1(exp) __OXHIP_LIB1(exp2) __OXHIP_LIB1(exp10) __OXHIP_LIB1(expm1)
__OXHIP_LIB1(log) __OXHIP_LIB1(log2) __OXHIP_LIB1(log10) __OXHIP_LIB1(log1p)
__OXHIP_LIB1(sin) __OXHIP_LIB1(cos) __OXHIP_LIB1(tan)
__OXHIP_LIB1(asin) __OXHIP_LIB1(acos) __OXHIP_LIB1(atan)
__OXHIP_LIB1(sinh) __OXHIP_LIB1(cosh) __OXHIP_LIB1(tanh)
__OXHIP_LIB1(asinh) __OXHIP_LIB1(acosh) __OXHIP_LIB1(atanh)
__OXHIP_LIB1(cbrt) __OXHIP_LIB1(erf) __OXHIP_LIB1(erfc) __OXHIP_LIB1(rsqrt)
__OXHIP_LIB2(pow) __OXHIP_LIB2(atan2) __OXHIP_LIB2(hypot) __OXHIP_LIB2(fmod)
/* Correctly rounded under -prec-div=false, -prec-sqrt=false and -ffast-math (math_float.c). */
extern "C" __device__ float __oxhip_fdiv_rn(float, float);
extern "C" __device__ float __oxhip_frcp_rn(float);
extern "C" __device__ float __oxhip_fsqrt_rn(float);
extern "C" __device__ void __oxhip_sincos(double, double *, double *);
extern "C" __device__ void __oxhip_sincosf(float, float *, float *);
/* Host and device: the host compile links these from the library's host bitcode. */
#define __OXHIP_HDLIB1(name)                                                                   \
  extern "C" __host__ __device__ double __oxhip_##name(double);                               \
  extern "C" __host__ __device__ float __oxhip_##name##f(float);
/* devicelibs/lib/math_more.c */
__OXHIP_LIB1(logb) __OXHIP_HDLIB1(sinpi) __OXHIP_HDLIB1(cospi) __OXHIP_HDLIB1(rcbrt)
__OXHIP_HDLIB1(erfcx) __OXHIP_HDLIB1(normcdf) __OXHIP_HDLIB1(erfinv) __OXHIP_HDLIB1(erfcinv)
__OXHIP_HDLIB1(normcdfinv) __OXHIP_LIB1(lgamma) __OXHIP_LIB1(tgamma)
__OXHIP_LIB2(nextafter) __OXHIP_LIB2(remainder)
extern "C" __host__ __device__ double __oxhip_rhypot(double, double);
extern "C" __host__ __device__ float __oxhip_rhypotf(float, float);
extern "C" __device__ double __oxhip_frexp(double, int *);
extern "C" __device__ float __oxhip_frexpf(float, int *);
extern "C" __device__ double __oxhip_modf(double, double *);
extern "C" __device__ float __oxhip_modff(float, float *);
extern "C" __device__ int __oxhip_ilogb(double);
extern "C" __device__ int __oxhip_ilogbf(float);
extern "C" __device__ double __oxhip_scalbn(double, int);
extern "C" __device__ float __oxhip_scalbnf(float, int);
extern "C" __device__ double __oxhip_remquo(double, double, int *);
extern "C" __device__ float __oxhip_remquof(float, float, int *);
extern "C" __host__ __device__ void __oxhip_sincospi(double, double *, double *);
extern "C" __host__ __device__ void __oxhip_sincospif(float, float *, float *);
extern "C" __host__ __device__ double __oxhip_norm3d(double, double, double);
extern "C" __host__ __device__ float __oxhip_norm3df(float, float, float);
extern "C" __host__ __device__ double __oxhip_rnorm3d(double, double, double);
extern "C" __host__ __device__ float __oxhip_rnorm3df(float, float, float);
extern "C" __host__ __device__ double __oxhip_norm4d(double, double, double, double);
extern "C" __host__ __device__ float __oxhip_norm4df(float, float, float, float);
extern "C" __host__ __device__ double __oxhip_rnorm4d(double, double, double, double);
extern "C" __host__ __device__ float __oxhip_rnorm4df(float, float, float, float);
extern "C" __host__ __device__ double __oxhip_norm(int, const double *);
extern "C" __host__ __device__ float __oxhip_normf(int, const float *);
extern "C" __host__ __device__ double __oxhip_rnorm(int, const double *);
extern "C" __host__ __device__ float __oxhip_rnormf(int, const float *);
/* devicelibs/lib/bessel.c */
__OXHIP_LIB1(j0) __OXHIP_LIB1(j1) __OXHIP_LIB1(y0) __OXHIP_LIB1(y1)
__OXHIP_HDLIB1(cyl_bessel_i0) __OXHIP_HDLIB1(cyl_bessel_i1)
extern "C" __device__ double __oxhip_jn(int, double);
extern "C" __device__ float __oxhip_jnf(int, float);
extern "C" __device__ double __oxhip_yn(int, double);
extern "C" __device__ float __oxhip_ynf(int, float);
#undef __OXHIP_LIB1
#undef __OXHIP_LIB2
#undef __OXHIP_HDLIB1

/* ---- C functions: double, float, and C++ float overloads ------------------------- */

/* -ffast-math, -fgpu-approx-transcendentals and nvcc's --use_fast_math (clang defines
 * __CLANG_GPU_APPROX_TRANSCENDENTALS__ for each): the single-precision functions of nvcc's
 * list become their intrinsics, sinf -> __sinf, cosf, tanf, sincosf, expf, exp10f, logf,
 * log2f, log10f, powf likewise (CUDA C++ Programming Guide, "Intrinsic Functions"). The
 * intrinsics' bounds are in docs/math.md. */
#if defined(__CLANG_GPU_APPROX_TRANSCENDENTALS__)
#define __OXHIP_FAST_OR_SLOW(fast, slow) fast
#else
#define __OXHIP_FAST_OR_SLOW(fast, slow) slow
#endif
__OXHIP_DEVICE__ float __sinf(float x);
__OXHIP_DEVICE__ float __cosf(float x);
__OXHIP_DEVICE__ float __tanf(float x);
__OXHIP_DEVICE__ void __sincosf(float x, float *s, float *c);
__OXHIP_DEVICE__ float __expf(float x);
__OXHIP_DEVICE__ float __exp10f(float x);
__OXHIP_DEVICE__ float __logf(float x);
__OXHIP_DEVICE__ float __log2f(float x);
__OXHIP_DEVICE__ float __log10f(float x);
__OXHIP_DEVICE__ float __powf(float x, float y);
__OXHIP_DEVICE__ float __fdividef(float x, float y);

/* Each name gets `double f(double)`, `float ff(float)` and the C++ overload
 * `float f(float)`; clang picks these over libm's host declarations in device code. */
#define __OXHIP_MATH1(name, double_body, float_body)                                           \
  __OXHIP_DEVICE__ double name(double x) { return double_body; }                              \
  __OXHIP_DEVICE__ float name##f(float x) { return float_body; }                              \
  __OXHIP_DEVICE__ float name(float x) { return float_body; }
#define __OXHIP_MATH2(name, double_body, float_body)                                           \
  __OXHIP_DEVICE__ double name(double x, double y) { return double_body; }                    \
  __OXHIP_DEVICE__ float name##f(float x, float y) { return float_body; }                     \
  __OXHIP_DEVICE__ float name(float x, float y) { return float_body; }
#define __OXHIP_LIBMATH1(name) __OXHIP_MATH1(name, __oxhip_##name(x), __oxhip_##name##f(x))
#define __OXHIP_LIBMATH2(name) __OXHIP_MATH2(name, __oxhip_##name(x, y), __oxhip_##name##f(x, y))

__OXHIP_MATH1(sqrt, __builtin_sqrt(x), __builtin_sqrtf(x))
__OXHIP_MATH1(fabs, __builtin_fabs(x), __builtin_fabsf(x))
__OXHIP_MATH1(floor, __builtin_floor(x), __builtin_floorf(x))
__OXHIP_MATH1(ceil, __builtin_ceil(x), __builtin_ceilf(x))
__OXHIP_MATH1(trunc, __builtin_trunc(x), __builtin_truncf(x))
__OXHIP_MATH1(round, __builtin_round(x), __builtin_roundf(x))
__OXHIP_MATH1(rint, __builtin_rint(x), __builtin_rintf(x))
__OXHIP_MATH1(nearbyint, __builtin_nearbyint(x), __builtin_nearbyintf(x))
__OXHIP_MATH2(fmin, __builtin_fmin(x, y), __builtin_fminf(x, y))
__OXHIP_MATH2(fmax, __builtin_fmax(x, y), __builtin_fmaxf(x, y))
__OXHIP_MATH2(copysign, __builtin_copysign(x, y), __builtin_copysignf(x, y))
/* fmod: LLVM's frem, exact on AMDGPU (a loop of scaled steps) but lowered for NVPTX as
 * x - trunc(x / y) * y, wrong once the quotient outgrows the significand; the NVIDIA pass
 * calls devicelibs' exact one (math_more.c; docs/math.md, "Exact operations"). */
#if defined(__NVPTX__)
__OXHIP_LIBMATH2(fmod)
#else
__OXHIP_MATH2(fmod, __builtin_fmod(x, y), __builtin_fmodf(x, y))
#endif
__OXHIP_MATH2(fdim, x > y ? x - y : (x == x && y == y ? 0.0 : x + y),
              x > y ? x - y : (x == x && y == y ? 0.0f : x + y))
/* rsqrt: the device library's, rounded once; rsqrtf: the GPUs' reciprocal square root
 * instruction (2 ulp, CUDA's bound). */
__OXHIP_MATH1(rsqrt, __oxhip_rsqrt(x), __oxhip_rsqrtf(x))
/* CUDA's host rsqrt and rsqrtf: the float one through double, so it is correctly rounded
 * but for the double rounding. glibc 2.42 and later declare C23's (then host code keeps
 * those). */
#if defined(__GLIBC__) && defined(__GLIBC_PREREQ)
#if __GLIBC_PREREQ(2, 42)
#define __OXHIP_LIBC_HAS_RSQRT 1
#endif
#endif
#if !defined(__OXHIP_LIBC_HAS_RSQRT)
static __host__ __forceinline__ double rsqrt(double x) { return 1.0 / __builtin_sqrt(x); }
static __host__ __forceinline__ float rsqrtf(float x) { return (float)(1.0 / __builtin_sqrt((double)x)); }
static __host__ __forceinline__ float rsqrt(float x) { return rsqrtf(x); }
#endif
#undef __OXHIP_LIBC_HAS_RSQRT
#define __OXHIP_FASTMATH1(name)                                                                \
  __OXHIP_MATH1(name, __oxhip_##name(x), __OXHIP_FAST_OR_SLOW(__##name##f, __oxhip_##name##f)(x))
__OXHIP_FASTMATH1(exp) __OXHIP_LIBMATH1(exp2) __OXHIP_FASTMATH1(exp10) __OXHIP_LIBMATH1(expm1)
__OXHIP_FASTMATH1(log) __OXHIP_FASTMATH1(log2) __OXHIP_FASTMATH1(log10) __OXHIP_LIBMATH1(log1p)
__OXHIP_FASTMATH1(sin) __OXHIP_FASTMATH1(cos) __OXHIP_FASTMATH1(tan)
#undef __OXHIP_FASTMATH1
__OXHIP_LIBMATH1(asin) __OXHIP_LIBMATH1(acos) __OXHIP_LIBMATH1(atan)
__OXHIP_LIBMATH1(sinh) __OXHIP_LIBMATH1(cosh) __OXHIP_LIBMATH1(tanh)
__OXHIP_LIBMATH1(asinh) __OXHIP_LIBMATH1(acosh) __OXHIP_LIBMATH1(atanh)
__OXHIP_LIBMATH1(cbrt) __OXHIP_LIBMATH1(erf) __OXHIP_LIBMATH1(erfc)
__OXHIP_LIBMATH2(atan2) __OXHIP_LIBMATH2(hypot)
/* pow with an exponent the optimiser knows to be 2, 1, 0 or -1 is the product, the
 * argument, 1 or the quotient: each is the correctly rounded power, special values
 * included. Optimising compilers do this for libm's pow, and numerical kernels write
 * pow(x, 2.0) in their inner loops (a call there made HeCBench's feynman-kac several
 * times slower than nvcc's build). */
#define __OXHIP_POW(x, y, call)                                                                \
  (__builtin_constant_p(y) && (y) == 2   ? (x) * (x)                                           \
   : __builtin_constant_p(y) && (y) == 1 ? (x)                                                 \
   : __builtin_constant_p(y) && (y) == 0 ? 1                                                   \
   : __builtin_constant_p(y) && (y) == -1 ? 1 / (x)                                            \
                                         : call)
__OXHIP_MATH2(pow, __OXHIP_POW(x, y, __oxhip_pow(x, y)),
              __OXHIP_POW(x, y, __OXHIP_FAST_OR_SLOW(__powf, __oxhip_powf)(x, y)))
__OXHIP_LIBMATH1(logb) __OXHIP_LIBMATH1(lgamma) __OXHIP_LIBMATH1(tgamma)
__OXHIP_LIBMATH2(nextafter) __OXHIP_LIBMATH2(remainder)
/* CUDA's own functions (no C++ float overload of the same name in CUDA either), which
 * CUDA declares __host__ __device__: host code gets the library's host bitcode. glibc
 * 2.41 and later declare C23's sinpi and cospi (with _GNU_SOURCE, which C++ compiles
 * have); there host code keeps glibc's and these are device functions. */
#define __OXHIP_PI_FUNCTION __OXHIP_HD__
#if defined(__GLIBC__) && defined(__GLIBC_PREREQ)
#if __GLIBC_PREREQ(2, 41)
#undef __OXHIP_PI_FUNCTION
#define __OXHIP_PI_FUNCTION __OXHIP_DEVICE__
#endif
#endif
__OXHIP_PI_FUNCTION double sinpi(double x) { return __oxhip_sinpi(x); }
__OXHIP_PI_FUNCTION float sinpif(float x) { return __oxhip_sinpif(x); }
__OXHIP_PI_FUNCTION double cospi(double x) { return __oxhip_cospi(x); }
__OXHIP_PI_FUNCTION float cospif(float x) { return __oxhip_cospif(x); }
#undef __OXHIP_PI_FUNCTION
__OXHIP_HD__ void sincospi(double x, double *s, double *c) { __oxhip_sincospi(x, s, c); }
__OXHIP_HD__ void sincospif(float x, float *s, float *c) { __oxhip_sincospif(x, s, c); }
__OXHIP_HD__ double rcbrt(double x) { return __oxhip_rcbrt(x); }
__OXHIP_HD__ float rcbrtf(float x) { return __oxhip_rcbrtf(x); }
__OXHIP_HD__ double erfcx(double x) { return __oxhip_erfcx(x); }
__OXHIP_HD__ float erfcxf(float x) { return __oxhip_erfcxf(x); }
__OXHIP_HD__ double normcdf(double x) { return __oxhip_normcdf(x); }
__OXHIP_HD__ float normcdff(float x) { return __oxhip_normcdff(x); }
__OXHIP_HD__ double erfinv(double x) { return __oxhip_erfinv(x); }
__OXHIP_HD__ float erfinvf(float x) { return __oxhip_erfinvf(x); }
__OXHIP_HD__ double erfcinv(double x) { return __oxhip_erfcinv(x); }
__OXHIP_HD__ float erfcinvf(float x) { return __oxhip_erfcinvf(x); }
__OXHIP_HD__ double normcdfinv(double x) { return __oxhip_normcdfinv(x); }
__OXHIP_HD__ float normcdfinvf(float x) { return __oxhip_normcdfinvf(x); }
__OXHIP_HD__ double rhypot(double x, double y) { return __oxhip_rhypot(x, y); }
__OXHIP_HD__ float rhypotf(float x, float y) { return __oxhip_rhypotf(x, y); }
__OXHIP_HD__ double norm3d(double a, double b, double c) { return __oxhip_norm3d(a, b, c); }
__OXHIP_HD__ float norm3df(float a, float b, float c) { return __oxhip_norm3df(a, b, c); }
__OXHIP_HD__ double rnorm3d(double a, double b, double c) { return __oxhip_rnorm3d(a, b, c); }
__OXHIP_HD__ float rnorm3df(float a, float b, float c) { return __oxhip_rnorm3df(a, b, c); }
__OXHIP_HD__ double norm4d(double a, double b, double c, double d) {
  return __oxhip_norm4d(a, b, c, d);
}
__OXHIP_HD__ float norm4df(float a, float b, float c, float d) {
  return __oxhip_norm4df(a, b, c, d);
}
__OXHIP_HD__ double rnorm4d(double a, double b, double c, double d) {
  return __oxhip_rnorm4d(a, b, c, d);
}
__OXHIP_HD__ float rnorm4df(float a, float b, float c, float d) {
  return __oxhip_rnorm4df(a, b, c, d);
}
__OXHIP_HD__ double norm(int dim, const double *a) { return __oxhip_norm(dim, a); }
__OXHIP_HD__ float normf(int dim, const float *a) { return __oxhip_normf(dim, a); }
__OXHIP_HD__ double rnorm(int dim, const double *a) { return __oxhip_rnorm(dim, a); }
__OXHIP_HD__ float rnormf(int dim, const float *a) { return __oxhip_rnormf(dim, a); }
/* Bessel functions, without C++ float overloads (as in CUDA). j0 .. ynf are also C library
 * functions, so host code calls glibc's; cyl_bessel_i0(f) and cyl_bessel_i1(f) are CUDA's
 * own, and host code gets the library's. */
__OXHIP_DEVICE__ double j0(double x) { return __oxhip_j0(x); }
__OXHIP_DEVICE__ float j0f(float x) { return __oxhip_j0f(x); }
__OXHIP_DEVICE__ double j1(double x) { return __oxhip_j1(x); }
__OXHIP_DEVICE__ float j1f(float x) { return __oxhip_j1f(x); }
__OXHIP_DEVICE__ double jn(int n, double x) { return __oxhip_jn(n, x); }
__OXHIP_DEVICE__ float jnf(int n, float x) { return __oxhip_jnf(n, x); }
__OXHIP_DEVICE__ double y0(double x) { return __oxhip_y0(x); }
__OXHIP_DEVICE__ float y0f(float x) { return __oxhip_y0f(x); }
__OXHIP_DEVICE__ double y1(double x) { return __oxhip_y1(x); }
__OXHIP_DEVICE__ float y1f(float x) { return __oxhip_y1f(x); }
__OXHIP_DEVICE__ double yn(int n, double x) { return __oxhip_yn(n, x); }
__OXHIP_DEVICE__ float ynf(int n, float x) { return __oxhip_ynf(n, x); }
__OXHIP_HD__ double cyl_bessel_i0(double x) { return __oxhip_cyl_bessel_i0(x); }
__OXHIP_HD__ float cyl_bessel_i0f(float x) { return __oxhip_cyl_bessel_i0f(x); }
__OXHIP_HD__ double cyl_bessel_i1(double x) { return __oxhip_cyl_bessel_i1(x); }
__OXHIP_HD__ float cyl_bessel_i1f(float x) { return __oxhip_cyl_bessel_i1f(x); }
#undef __OXHIP_LIBMATH1
#undef __OXHIP_LIBMATH2
#undef __OXHIP_MATH1
#undef __OXHIP_MATH2

__OXHIP_DEVICE__ double fma(double x, double y, double z) { return __builtin_fma(x, y, z); }
__OXHIP_DEVICE__ float fmaf(float x, float y, float z) { return __builtin_fmaf(x, y, z); }
__OXHIP_DEVICE__ float fma(float x, float y, float z) { return __builtin_fmaf(x, y, z); }
__OXHIP_DEVICE__ void sincos(double x, double *s, double *c) { __oxhip_sincos(x, s, c); }
__OXHIP_DEVICE__ void sincosf(float x, float *s, float *c) {
  __OXHIP_FAST_OR_SLOW(__sincosf, __oxhip_sincosf)(x, s, c);
}
__OXHIP_DEVICE__ double pow(double x, int n) { return __OXHIP_POW(x, n, __oxhip_pow(x, (double)n)); }
__OXHIP_DEVICE__ float pow(float x, int n) {
  return __OXHIP_POW(x, n, __OXHIP_FAST_OR_SLOW(__powf, __oxhip_powf)(x, (float)n));
}
/* fdividef: x / y (correctly rounded, or 2 ulp under -prec-div=false); __fdividef under
 * --use_fast_math, as nvcc maps it. */
__OXHIP_HD__ float fdividef(float x, float y) {
#if defined(__OXHIP_HOST__)
  return x / y;
#else
  return __OXHIP_FAST_OR_SLOW(__fdividef(x, y), x / y);
#endif
}
#undef __OXHIP_POW
#undef __OXHIP_FAST_OR_SLOW
__OXHIP_DEVICE__ double ldexp(double x, int e) { return __builtin_ldexp(x, e); }
__OXHIP_DEVICE__ float ldexpf(float x, int e) { return __builtin_ldexpf(x, e); }
__OXHIP_DEVICE__ double frexp(double x, int *e) { return __oxhip_frexp(x, e); }
__OXHIP_DEVICE__ float frexpf(float x, int *e) { return __oxhip_frexpf(x, e); }
__OXHIP_DEVICE__ float frexp(float x, int *e) { return __oxhip_frexpf(x, e); }
__OXHIP_DEVICE__ double modf(double x, double *i) { return __oxhip_modf(x, i); }
__OXHIP_DEVICE__ float modff(float x, float *i) { return __oxhip_modff(x, i); }
__OXHIP_DEVICE__ float modf(float x, float *i) { return __oxhip_modff(x, i); }
__OXHIP_DEVICE__ int ilogb(double x) { return __oxhip_ilogb(x); }
__OXHIP_DEVICE__ int ilogbf(float x) { return __oxhip_ilogbf(x); }
__OXHIP_DEVICE__ int ilogb(float x) { return __oxhip_ilogbf(x); }
__OXHIP_DEVICE__ double scalbn(double x, int n) { return __oxhip_scalbn(x, n); }
__OXHIP_DEVICE__ float scalbnf(float x, int n) { return __oxhip_scalbnf(x, n); }
__OXHIP_DEVICE__ float scalbn(float x, int n) { return __oxhip_scalbnf(x, n); }
__OXHIP_DEVICE__ double scalbln(double x, long n) {
  return __oxhip_scalbn(x, n > 100000 ? 100000 : (n < -100000 ? -100000 : (int)n));
}
__OXHIP_DEVICE__ float scalblnf(float x, long n) {
  return __oxhip_scalbnf(x, n > 100000 ? 100000 : (n < -100000 ? -100000 : (int)n));
}
__OXHIP_DEVICE__ float scalbln(float x, long n) { return scalblnf(x, n); }
__OXHIP_DEVICE__ double remquo(double x, double y, int *q) { return __oxhip_remquo(x, y, q); }
__OXHIP_DEVICE__ float remquof(float x, float y, int *q) { return __oxhip_remquof(x, y, q); }
__OXHIP_DEVICE__ float remquo(float x, float y, int *q) { return __oxhip_remquof(x, y, q); }
/* Rounding to integers: the rounding instructions, then the conversion. */
__OXHIP_DEVICE__ long lrint(double x) { return (long)__builtin_rint(x); }
__OXHIP_DEVICE__ long lrintf(float x) { return (long)__builtin_rintf(x); }
__OXHIP_DEVICE__ long lrint(float x) { return (long)__builtin_rintf(x); }
__OXHIP_DEVICE__ long long llrint(double x) { return (long long)__builtin_rint(x); }
__OXHIP_DEVICE__ long long llrintf(float x) { return (long long)__builtin_rintf(x); }
__OXHIP_DEVICE__ long long llrint(float x) { return (long long)__builtin_rintf(x); }
__OXHIP_DEVICE__ long lround(double x) { return (long)__builtin_round(x); }
__OXHIP_DEVICE__ long lroundf(float x) { return (long)__builtin_roundf(x); }
__OXHIP_DEVICE__ long lround(float x) { return (long)__builtin_roundf(x); }
__OXHIP_DEVICE__ long long llround(double x) { return (long long)__builtin_round(x); }
__OXHIP_DEVICE__ long long llroundf(float x) { return (long long)__builtin_roundf(x); }
__OXHIP_DEVICE__ long long llround(float x) { return (long long)__builtin_roundf(x); }
/* nan("tag"): a quiet NaN; the tag's payload is not encoded. */
__OXHIP_DEVICE__ double nan(const char *tag) { return (void)tag, __builtin_nan(""); }
__OXHIP_DEVICE__ float nanf(const char *tag) { return (void)tag, __builtin_nanf(""); }
__OXHIP_DEVICE__ int isnan(double x) { return __builtin_isnan(x); }
__OXHIP_DEVICE__ int isnan(float x) { return __builtin_isnan(x); }
__OXHIP_DEVICE__ int isinf(double x) { return __builtin_isinf(x); }
__OXHIP_DEVICE__ int isinf(float x) { return __builtin_isinf(x); }
__OXHIP_DEVICE__ int isfinite(double x) { return __builtin_isfinite(x); }
__OXHIP_DEVICE__ int isfinite(float x) { return __builtin_isfinite(x); }
__OXHIP_DEVICE__ int signbit(double x) { return __builtin_signbit(x); }
__OXHIP_DEVICE__ int signbit(float x) { return __builtin_signbit(x); }

/* std:: names: <cmath> brings ::exp etc. into std with using-declarations, which see
 * only the overloads declared before them. Repeating them here adds our device overloads
 * whatever the include order, so std::exp(double) in device code is not ambiguous
 * between libstdc++'s float and long double overloads. */
namespace std {
using ::acos; using ::acosh; using ::asin; using ::asinh; using ::atan; using ::atan2;
using ::atanh; using ::cbrt; using ::ceil; using ::copysign; using ::cos; using ::cosh;
using ::erf; using ::erfc; using ::exp; using ::exp2; using ::expm1; using ::fabs;
using ::fdim; using ::floor; using ::fma; using ::fmax; using ::fmin; using ::fmod;
using ::hypot; using ::ldexp; using ::log;
using ::log10; using ::log1p; using ::log2; using ::nearbyint; using ::pow; using ::rint;
using ::round; using ::sin; using ::sinh; using ::sqrt; using ::tan;
using ::tanh; using ::trunc;
using ::frexp; using ::ilogb; using ::lgamma; using ::llrint; using ::llround; using ::logb;
using ::lrint; using ::lround; using ::modf; using ::nextafter; using ::remainder;
using ::remquo; using ::scalbln; using ::scalbn; using ::tgamma;
} // namespace std

/* ---- fast intrinsics (CUDA/HIP __xxxf) ------------------------------------------- */

#if defined(__OXHIP_AMDGCN__)
#define __OXHIP_EXP2_APPROX(x) __builtin_amdgcn_exp2f(x)
#define __OXHIP_LOG2_APPROX(x) __builtin_amdgcn_logf(x)
#define __OXHIP_SIN_APPROX(x) __builtin_amdgcn_sinf((x) * 0.15915494309189535f)
#define __OXHIP_COS_APPROX(x) __builtin_amdgcn_cosf((x) * 0.15915494309189535f)
#define __OXHIP_RCP_APPROX(x) __builtin_amdgcn_rcpf(x)
#elif defined(__OXHIP_NVPTX__)
/* The .ftz forms under -ftz=true, as nvcc's (codegen answers the reflect query). */
#define __OXHIP_NV_APPROX(name, x)                                                              \
  (__nvvm_reflect("__CUDA_FTZ") ? __nvvm_##name##_approx_ftz_f(x) : __nvvm_##name##_approx_f(x))
#define __OXHIP_EXP2_APPROX(x) __OXHIP_NV_APPROX(ex2, x)
#define __OXHIP_LOG2_APPROX(x) __OXHIP_NV_APPROX(lg2, x)
#define __OXHIP_SIN_APPROX(x) __OXHIP_NV_APPROX(sin, x)
#define __OXHIP_COS_APPROX(x) __OXHIP_NV_APPROX(cos, x)
#define __OXHIP_RCP_APPROX(x) __nvvm_rcp_approx_ftz_f(x)
#elif defined(__OXHIP_CPU__)
/* The CPU target has no approximate instructions: the accurate library functions. */
#define __OXHIP_EXP2_APPROX(x) __oxhip_exp2f(x)
#define __OXHIP_LOG2_APPROX(x) __oxhip_log2f(x)
#define __OXHIP_SIN_APPROX(x) __oxhip_sinf(x)
#define __OXHIP_COS_APPROX(x) __oxhip_cosf(x)
#define __OXHIP_RCP_APPROX(x) (1.0f / (x))
#else
/* The host pass parses these bodies but never emits them. */
#define __OXHIP_EXP2_APPROX(x) (x)
#define __OXHIP_LOG2_APPROX(x) (x)
#define __OXHIP_SIN_APPROX(x) (x)
#define __OXHIP_COS_APPROX(x) (x)
#define __OXHIP_RCP_APPROX(x) (x)
#endif
__OXHIP_DEVICE__ float __expf(float x) { return __OXHIP_EXP2_APPROX(x * 1.4426950408889634f); }
__OXHIP_DEVICE__ float __exp10f(float x) { return __OXHIP_EXP2_APPROX(x * 3.3219280948873622f); }
__OXHIP_DEVICE__ float __log2f(float x) { return __OXHIP_LOG2_APPROX(x); }
__OXHIP_DEVICE__ float __logf(float x) { return __OXHIP_LOG2_APPROX(x) * 0.69314718055994531f; }
__OXHIP_DEVICE__ float __log10f(float x) { return __OXHIP_LOG2_APPROX(x) * 0.30102999566398120f; }
__OXHIP_DEVICE__ float __powf(float x, float y) { return __OXHIP_EXP2_APPROX(y * __OXHIP_LOG2_APPROX(x)); }
__OXHIP_DEVICE__ float __sinf(float x) { return __OXHIP_SIN_APPROX(x); }
__OXHIP_DEVICE__ float __cosf(float x) { return __OXHIP_COS_APPROX(x); }
__OXHIP_DEVICE__ float __tanf(float x) { return __OXHIP_SIN_APPROX(x) * __OXHIP_RCP_APPROX(__OXHIP_COS_APPROX(x)); }
__OXHIP_DEVICE__ void __sincosf(float x, float *s, float *c) { *s = __sinf(x); *c = __cosf(x); }
__OXHIP_DEVICE__ float __fdividef(float x, float y) { return x * __OXHIP_RCP_APPROX(y); }
__OXHIP_DEVICE__ float __frcp_rn(float x) { return __oxhip_frcp_rn(x); }
__OXHIP_DEVICE__ float __fsqrt_rn(float x) { return __oxhip_fsqrt_rn(x); }
__OXHIP_DEVICE__ float __frsqrt_rn(float x) { return __oxhip_frcp_rn(__oxhip_fsqrt_rn(x)); }
__OXHIP_DEVICE__ float __fdiv_rn(float x, float y) { return __oxhip_fdiv_rn(x, y); }
__OXHIP_DEVICE__ float __fadd_rn(float x, float y) { return x + y; }
__OXHIP_DEVICE__ float __fsub_rn(float x, float y) { return x - y; }
__OXHIP_DEVICE__ float __fmul_rn(float x, float y) { return x * y; }
__OXHIP_DEVICE__ float __fmaf_rn(float x, float y, float z) { return __builtin_fmaf(x, y, z); }
__OXHIP_DEVICE__ double __dsqrt_rn(double x) { return __builtin_sqrt(x); }
__OXHIP_DEVICE__ double __fma_rn(double x, double y, double z) { return __builtin_fma(x, y, z); }
__OXHIP_DEVICE__ float __saturatef(float x) { return __builtin_fminf(__builtin_fmaxf(x, 0.0f), 1.0f); }
#undef __OXHIP_EXP2_APPROX
#undef __OXHIP_LOG2_APPROX
#undef __OXHIP_SIN_APPROX
#undef __OXHIP_COS_APPROX
#undef __OXHIP_RCP_APPROX
#undef __OXHIP_NV_APPROX

/* ---- integer intrinsics --------------------------------------------------------- */

__OXHIP_DEVICE__ int __popc(unsigned int x) { return __builtin_popcount(x); }
__OXHIP_DEVICE__ int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
__OXHIP_DEVICE__ int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned int)x); }
__OXHIP_DEVICE__ int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
__OXHIP_DEVICE__ int __ffs(int x) { return __builtin_ffs(x); }
__OXHIP_DEVICE__ int __ffsll(long long x) { return __builtin_ffsll(x); }
__OXHIP_DEVICE__ unsigned int __brev(unsigned int x) { return __builtin_bitreverse32(x); }
__OXHIP_DEVICE__ unsigned long long __brevll(unsigned long long x) { return __builtin_bitreverse64(x); }
__OXHIP_DEVICE__ int __mul24(int x, int y) { return ((x << 8) >> 8) * ((y << 8) >> 8); }
__OXHIP_DEVICE__ unsigned int __umul24(unsigned int x, unsigned int y) { return (x & 0xffffffu) * (y & 0xffffffu); }
__OXHIP_DEVICE__ int __mulhi(int x, int y) { return (int)(((long long)x * y) >> 32); }
__OXHIP_DEVICE__ unsigned int __umulhi(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x * y) >> 32);
}
__OXHIP_DEVICE__ long long __mul64hi(long long x, long long y) { return (long long)(((__int128)x * y) >> 64); }
__OXHIP_DEVICE__ unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
  return (unsigned long long)(((unsigned __int128)x * y) >> 64);
}

/* Integer abs for device code: without these, libstdc++'s constexpr (hence host and
 * device) floating-point std::abs overloads make abs(int) ambiguous in device code. */
__OXHIP_DEVICE__ int abs(int x) { return __builtin_abs(x); }
__OXHIP_DEVICE__ long abs(long x) { return __builtin_labs(x); }
__OXHIP_DEVICE__ long long abs(long long x) { return __builtin_llabs(x); }
__OXHIP_DEVICE__ long labs(long x) { return __builtin_labs(x); }
__OXHIP_DEVICE__ long long llabs(long long x) { return __builtin_llabs(x); }
__OXHIP_DEVICE__ float abs(float x) { return __builtin_fabsf(x); }
__OXHIP_DEVICE__ double abs(double x) { return __builtin_fabs(x); }

namespace std {
using ::abs; using ::labs; using ::llabs;
} // namespace std

/* min/max as CUDA provides them (HIP does the same), callable from host and device code:
 * one overload per integer type, the mixed signed/unsigned pairs (compared as unsigned,
 * so min(-1, 1u) is 1u, as in CUDA), and float/double pairs (fmin/fmax, computed in
 * double when the types differ). Without the mixed pairs min(int, unsigned) would be
 * ambiguous. They are ordinary functions, so a user's own min template or
 * std::min with `using namespace std` does not make same-type calls ambiguous. */
#define __OXHIP_MINMAX(result, type1, type2)                                                    \
  __OXHIP_HD__ result min(type1 x, type2 y) { return (result)y < (result)x ? (result)y : (result)x; } \
  __OXHIP_HD__ result max(type1 x, type2 y) { return (result)x < (result)y ? (result)y : (result)x; }
__OXHIP_MINMAX(int, int, int)
__OXHIP_MINMAX(unsigned int, unsigned int, unsigned int)
__OXHIP_MINMAX(unsigned int, int, unsigned int)
__OXHIP_MINMAX(unsigned int, unsigned int, int)
__OXHIP_MINMAX(long, long, long)
__OXHIP_MINMAX(unsigned long, unsigned long, unsigned long)
__OXHIP_MINMAX(unsigned long, long, unsigned long)
__OXHIP_MINMAX(unsigned long, unsigned long, long)
__OXHIP_MINMAX(long long, long long, long long)
__OXHIP_MINMAX(unsigned long long, unsigned long long, unsigned long long)
__OXHIP_MINMAX(unsigned long long, long long, unsigned long long)
__OXHIP_MINMAX(unsigned long long, unsigned long long, long long)
#undef __OXHIP_MINMAX
/* CUDA's named integer min/max ("Integer Mathematical Functions"), host and device. */
__OXHIP_HD__ long long llmax(long long x, long long y) { return x < y ? y : x; }
__OXHIP_HD__ long long llmin(long long x, long long y) { return y < x ? y : x; }
__OXHIP_HD__ unsigned long long ullmax(unsigned long long x, unsigned long long y) {
  return x < y ? y : x;
}
__OXHIP_HD__ unsigned long long ullmin(unsigned long long x, unsigned long long y) {
  return y < x ? y : x;
}
__OXHIP_HD__ unsigned int umax(unsigned int x, unsigned int y) { return x < y ? y : x; }
__OXHIP_HD__ unsigned int umin(unsigned int x, unsigned int y) { return y < x ? y : x; }
__OXHIP_HD__ float min(float x, float y) { return __builtin_fminf(x, y); }
__OXHIP_HD__ float max(float x, float y) { return __builtin_fmaxf(x, y); }
__OXHIP_HD__ double min(double x, double y) { return __builtin_fmin(x, y); }
__OXHIP_HD__ double max(double x, double y) { return __builtin_fmax(x, y); }
__OXHIP_HD__ double min(float x, double y) { return __builtin_fmin(x, y); }
__OXHIP_HD__ double max(float x, double y) { return __builtin_fmax(x, y); }
__OXHIP_HD__ double min(double x, float y) { return __builtin_fmin(x, y); }
__OXHIP_HD__ double max(double x, float y) { return __builtin_fmax(x, y); }

/* std::min and std::max in device code. From C++14 libstdc++'s are constexpr, which
 * clang makes __host__ __device__; C++11's are host functions, so device code gets
 * these. The enable_if attribute makes them distinct overloads that clang prefers over
 * libstdc++'s (whichever is declared first), not redefinitions. */
#if __cplusplus < 201402L
namespace std {
template <class T>
__attribute__((enable_if(true, ""))) __host__ __device__ inline constexpr const T &min(const T &a, const T &b) {
  return b < a ? b : a;
}
template <class T>
__attribute__((enable_if(true, ""))) __host__ __device__ inline constexpr const T &max(const T &a, const T &b) {
  return a < b ? b : a;
}
template <class T, class Compare>
__attribute__((enable_if(true, ""))) __host__ __device__ inline constexpr const T &min(const T &a, const T &b,
                                                                                       Compare less) {
  return less(b, a) ? b : a;
}
template <class T, class Compare>
__attribute__((enable_if(true, ""))) __host__ __device__ inline constexpr const T &max(const T &a, const T &b,
                                                                                       Compare less) {
  return less(a, b) ? b : a;
}
} // namespace std
#endif

#endif /* __OXHIP_OFFLOAD__ */

#endif /* OXHIP_MATH_H */
