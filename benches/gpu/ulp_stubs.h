/* Included first (-include) when devicelibs/tests/ulp_harness.c is compiled for
 * benches/gpu/accuracy.hip: every __oxhip_* function the harness calls becomes a host stub
 * (defined in accuracy.hip) that records its arguments and returns what the GPU computed
 * for them, and the harness's main and printf become functions accuracy.hip drives. */
#define ULP_FUNCS1(X)                                                                      \
  X(exp) X(exp2) X(exp10) X(expm1) X(log) X(log2) X(log10) X(log1p) X(sin) X(cos) X(tan)   \
  X(asin) X(acos) X(atan) X(sinh) X(cosh) X(tanh) X(asinh) X(acosh) X(atanh) X(cbrt)       \
  X(erf) X(erfc) X(lgamma) X(tgamma) X(logb) X(sinpi) X(cospi) X(rcbrt) X(erfcx)           \
  X(normcdf) X(erfinv) X(erfcinv) X(normcdfinv) X(j0) X(j1) X(y0) X(y1) X(cyl_bessel_i0)  \
  X(cyl_bessel_i1)
#define ULP_FUNCS2(X) X(pow) X(atan2) X(hypot) X(nextafter) X(remainder) X(rhypot) X(fmod)

#ifndef ULP_STUBS_NO_RENAME
#define __oxhip_exp stub_exp
#define __oxhip_expf stub_expf
#define __oxhip_exp2 stub_exp2
#define __oxhip_exp2f stub_exp2f
#define __oxhip_exp10 stub_exp10
#define __oxhip_exp10f stub_exp10f
#define __oxhip_expm1 stub_expm1
#define __oxhip_expm1f stub_expm1f
#define __oxhip_log stub_log
#define __oxhip_logf stub_logf
#define __oxhip_log2 stub_log2
#define __oxhip_log2f stub_log2f
#define __oxhip_log10 stub_log10
#define __oxhip_log10f stub_log10f
#define __oxhip_log1p stub_log1p
#define __oxhip_log1pf stub_log1pf
#define __oxhip_sin stub_sin
#define __oxhip_sinf stub_sinf
#define __oxhip_cos stub_cos
#define __oxhip_cosf stub_cosf
#define __oxhip_tan stub_tan
#define __oxhip_tanf stub_tanf
#define __oxhip_asin stub_asin
#define __oxhip_asinf stub_asinf
#define __oxhip_acos stub_acos
#define __oxhip_acosf stub_acosf
#define __oxhip_atan stub_atan
#define __oxhip_atanf stub_atanf
#define __oxhip_sinh stub_sinh
#define __oxhip_sinhf stub_sinhf
#define __oxhip_cosh stub_cosh
#define __oxhip_coshf stub_coshf
#define __oxhip_tanh stub_tanh
#define __oxhip_tanhf stub_tanhf
#define __oxhip_asinh stub_asinh
#define __oxhip_asinhf stub_asinhf
#define __oxhip_acosh stub_acosh
#define __oxhip_acoshf stub_acoshf
#define __oxhip_atanh stub_atanh
#define __oxhip_atanhf stub_atanhf
#define __oxhip_cbrt stub_cbrt
#define __oxhip_cbrtf stub_cbrtf
#define __oxhip_erf stub_erf
#define __oxhip_erff stub_erff
#define __oxhip_erfc stub_erfc
#define __oxhip_erfcf stub_erfcf
#define __oxhip_lgamma stub_lgamma
#define __oxhip_lgammaf stub_lgammaf
#define __oxhip_tgamma stub_tgamma
#define __oxhip_tgammaf stub_tgammaf
#define __oxhip_logb stub_logb
#define __oxhip_logbf stub_logbf
#define __oxhip_sinpi stub_sinpi
#define __oxhip_sinpif stub_sinpif
#define __oxhip_cospi stub_cospi
#define __oxhip_cospif stub_cospif
#define __oxhip_rcbrt stub_rcbrt
#define __oxhip_rcbrtf stub_rcbrtf
#define __oxhip_erfcx stub_erfcx
#define __oxhip_erfcxf stub_erfcxf
#define __oxhip_normcdf stub_normcdf
#define __oxhip_normcdff stub_normcdff
#define __oxhip_erfinv stub_erfinv
#define __oxhip_erfinvf stub_erfinvf
#define __oxhip_erfcinv stub_erfcinv
#define __oxhip_erfcinvf stub_erfcinvf
#define __oxhip_normcdfinv stub_normcdfinv
#define __oxhip_normcdfinvf stub_normcdfinvf
#define __oxhip_j0 stub_j0
#define __oxhip_j0f stub_j0f
#define __oxhip_j1 stub_j1
#define __oxhip_j1f stub_j1f
#define __oxhip_y0 stub_y0
#define __oxhip_y0f stub_y0f
#define __oxhip_y1 stub_y1
#define __oxhip_y1f stub_y1f
#define __oxhip_cyl_bessel_i0 stub_cyl_bessel_i0
#define __oxhip_cyl_bessel_i0f stub_cyl_bessel_i0f
#define __oxhip_cyl_bessel_i1 stub_cyl_bessel_i1
#define __oxhip_cyl_bessel_i1f stub_cyl_bessel_i1f
#define __oxhip_pow stub_pow
#define __oxhip_powf stub_powf
#define __oxhip_atan2 stub_atan2
#define __oxhip_atan2f stub_atan2f
#define __oxhip_hypot stub_hypot
#define __oxhip_hypotf stub_hypotf
#define __oxhip_nextafter stub_nextafter
#define __oxhip_nextafterf stub_nextafterf
#define __oxhip_remainder stub_remainder
#define __oxhip_remainderf stub_remainderf
#define __oxhip_rhypot stub_rhypot
#define __oxhip_rhypotf stub_rhypotf
#define __oxhip_fmod stub_fmod
#define __oxhip_fmodf stub_fmodf
#define __oxhip_remquo stub_remquo
#define __oxhip_norm3d stub_norm3d
#define __oxhip_rnorm3d stub_rnorm3d
#define __oxhip_frexp stub_frexp
#define __oxhip_ilogb stub_ilogb
#define __oxhip_rsqrtf stub_rsqrtf
#define __oxhip_rsqrt stub_rsqrt
#define __oxhip_sincosf stub_sincosf
#define __oxhip_jn stub_jn
#define __oxhip_jnf stub_jnf
#define __oxhip_yn stub_yn
#define __oxhip_ynf stub_ynf
#define main harness_main
#define printf harness_printf
#endif
