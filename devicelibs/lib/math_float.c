/* oxhip devicelibs: the single-precision math functions, computed in single precision.
 *
 * Included at the end of math.c (it uses its double helpers on slow paths). Every
 * function here is within the maximum ulp error CUDA's programming guide documents for
 * it (docs/math.md has the table and the measurements), with IEEE special values.
 *
 * Technique: float argument reduction (Cody-Waite constants split so that the products
 * that must be exact are, and FMA for the rest), then short minimax polynomials whose
 * float coefficients were fitted for relative error (Lawson-weighted least squares with
 * mpmath). Most functions use only FMA arithmetic, so the host computes exactly what
 * the GPUs compute and the host harness (devicelibs/tests/ulp.rs) measures the device
 * results. Where a GPU instruction is good enough on its own, the function uses it:
 *   exp2f, expf, exp10f  NVPTX ex2.approx (as nvcc does), AMDGPU v_exp_f32;
 *   rsqrtf               NVPTX rsqrt.approx, AMDGPU v_rsq_f32.
 * powf computes log2 x in float-float (no double: its conversions and the FP64 pipe cost
 * more than the float operations they saved).
 */

typedef unsigned int u32;

#define FMAF(a, b, c) __builtin_fmaf((a), (b), (c))
#define INFF __builtin_inff()
#define NANF __builtin_nanf("")

INLINE u32 fbits(float x) {
  u32 u;
  __builtin_memcpy(&u, &x, sizeof u);
  return u;
}
INLINE float ffrom(u32 u) {
  float x;
  __builtin_memcpy(&x, &u, sizeof x);
  return x;
}
INLINE float fabsf_(float x) { return __builtin_fabsf(x); }
INLINE float copysignf_(float x, float y) { return __builtin_copysignf(x, y); }

/* Constants split in two floats; the _HI parts of LN2F and LG2F have 16 significant bits,
 * so that e * HI is exact for |e| < 256. */
#define LN2F_HI 0x1.62e4p-1f
#define LN2F_LO 0x1.7f7d1cp-20f
#define L2EF_HI 0x1.715476p+0f
#define L2EF_LO 0x1.4ae0c0p-26f
#define L2TF_HI 0x1.a934f0p+1f
#define L2TF_LO 0x1.2f346ep-24f
#define LG2F_HI 0x1.3442p-2f
#define LG2F_LO -0x1.95ec10p-19f
#define LGEF_HI 0x1.bcb7b2p-2f
#define LGEF_LO -0x1.5b235ep-27f
#define PIO2F_HI 0x1.921fb6p+0f
#define PIO2F_LO -0x1.777a5cp-25f
#define PIF_HI 0x1.921fb6p+1f
#define PIF_LO -0x1.777a5cp-24f
/* pi/2 as the product of two floats, to 2^-46 relative: FMAF(PIO2F_A, PIO2F_B, c) adds
 * c to pi/2 with one rounding, one instruction where PIO2F_HI + (c + PIO2F_LO) takes two. */
#define PIO2F_A 0x1.aee9d6p+0f
#define PIO2F_B 0x1.ddcb02p-1f
/* pi/2 in three parts for the 3-FMA Cody-Waite reduction (|x| < 105615). */
#define PIO2F_1 0x1.921fb0p+0f
#define PIO2F_2 0x1.5110b4p-22f
#define PIO2F_3 0x1.84698ap-48f
#define TWO_OVER_PIF 0x1.45f306p-1f

/* x * 2^k for |k| <= 252, rounding once (the first product is exact). */
INLINE float scalef(float x, int k) {
#if defined(__AMDGCN__)
  return __builtin_amdgcn_ldexpf(x, k);
#else
  int k1 = k >> 1, k2 = k - k1;
  return (x * ffrom((u32)(k1 + 127) << 23)) * ffrom((u32)(k2 + 127) << 23);
#endif
}

/* Error-free sum of two floats. */
INLINE void two_sumf(float a, float b, float *hi, float *lo) {
  float s = a + b;
  float bb = s - a;
  *lo = (a - (s - bb)) + (b - bb);
  *hi = s;
}

#if defined(__NVPTX__)
INLINE float rcp_approx(float x) { return __nvvm_rcp_approx_ftz_f(x); }
#elif defined(__AMDGCN__)
INLINE float rcp_approx(float x) { return __builtin_amdgcn_rcpf(x); }
#else
INLINE float rcp_approx(float x) { return 1.0f / x; }
#endif

/* 1/x within about half an ulp: the approximate reciprocal and one Newton step. For
 * finite |x| in [2^-126, 2^126] (outside, the approximation flushes: 1/inf is NaN here). */
INLINE float rcp_refined(float x) {
  float r = rcp_approx(x);
  return FMAF(r, FMAF(-x, r, 1.0f), r);
}

/* a / b within about an ulp, for a, b and a / b far from overflow and underflow. */
INLINE float div_fast(float a, float b) {
  float r = rcp_approx(b);
  float q = a * r;
  return FMAF(FMAF(-b, q, a), r, q);
}

/* rint(t) for |t| < 2^22, without the GPUs' conversion unit (cvt.rni and cvt.rzi run at
 * a quarter of the FMA rate, as the special-function unit does, and a float function with
 * two of them next to one ex2 was held up there): t + 1.5 2^23 rounds t to an integer,
 * to nearest even, which sits in the sum's low mantissa bits (two's complement, plus 2^22).
 * Returns the integer as a float and the sum's bits in *bits; (int)(*bits - 0x4b400000)
 * is the integer, and (*bits + 127) << 23 the float 2^j for |j| <= 127. */
#define ROUND_SHIFT 0x1.8p23f
INLINE float round_small(float t, u32 *bits) {
  float big = t + ROUND_SHIFT;
  *bits = fbits(big);
  return big - ROUND_SHIFT;
}

/* ---- exponentials ------------------------------------------------------------------ */

/* (e^r - 1 - r) / r^2 for |r| <= 0.35, relative error 2^-26.5. */
INLINE float expm1_tail(float r) {
  float q = 0x1.a06cf4p-13f;
  q = FMAF(q, r, 0x1.6d48bep-10f);
  q = FMAF(q, r, 0x1.111152p-7f);
  q = FMAF(q, r, 0x1.5554e6p-5f);
  q = FMAF(q, r, 0x1.555556p-3f);
  q = FMAF(q, r, 0.5f);
  return q;
}

/* e^(x + x_lo) = p * 2^k with p in [0.7, 1.42], for |x| <= 200 (not NaN). */
INLINE float exp_parts(float x, float x_lo, int *k) {
  u32 bits;
  float j = round_small(x * L2EF_HI, &bits);
  float r = FMAF(j, -LN2F_HI, x); /* exact: Sterbenz, and j * LN2F_HI is exact */
  r = FMAF(j, -LN2F_LO, r) + x_lo;
  *k = (int)(bits - 0x4b400000u);
  return 1.0f + FMAF(r * r, expm1_tail(r), r);
}

/* 2^f for |f| <= 0.5 + 2^-20: the GPUs' instruction where there is one. */
#if defined(__NVPTX__)
#define HAVE_EXP2_INSTRUCTION 1
INLINE float exp2_reduced(float f) { return __nvvm_ex2_approx_ftz_f(f); }
#elif defined(__AMDGCN__)
#define HAVE_EXP2_INSTRUCTION 1
INLINE float exp2_reduced(float f) { return __builtin_amdgcn_exp2f(f); }
#else
#define HAVE_EXP2_INSTRUCTION 0
INLINE float exp2_reduced(float f) {
  float r = f * 0x1.62e430p-1f;
  float r_lo = FMAF(f, 0x1.62e430p-1f, -r) + f * -0x1.05c610p-29f;
  r += r_lo;
  return 1.0f + FMAF(r * r, expm1_tail(r), r);
}
#endif

/* 2^(j + f) with j integral (as a float) and f reduced: scaled in two steps so that
 * subnormal results round once. */
INLINE float exp2_scaled(float j, float f) {
  j = j < -250.0f ? -250.0f : (j > 250.0f ? 250.0f : j);
  return scalef(exp2_reduced(f), (int)j);
}

EXPORT float __oxhip_exp2f(float x) {
#if defined(__NVPTX__)
  /* ex2.approx.f32 (not .ftz): within 2 ulp over the whole range, subnormals included. */
  return __nvvm_ex2_approx_f(x);
#else
  if (x != x) return x;
  if (x >= 128.0f) return INFF;
  if (x < -151.0f) return 0.0f;
  float j = __builtin_rintf(x);
  return exp2_scaled(j, x - j);
#endif
}

#if HAVE_EXP2_INSTRUCTION
/* 2^((x + x_lo) c + s), c = c_hi + c_lo, s integral and small, branch-free: the
 * instruction on f = (x + x_lo) c + s - j times the normal float 2^j, j = rint(x c + s)
 * kept in [-126, 126]. Beyond that range f carries the rest: overflow gives inf,
 * underflow goes through the subnormals with one rounding, NaN stays NaN. The first FMA
 * of f is exact for |f| small, so f's error is that of the c_lo and x_lo terms. */
INLINE float exp2_product_lo(float x, float x_lo, float c_hi, float c_lo, float s) {
  float t = FMAF(x, c_hi, s);
  u32 bits;
  float j = round_small(__builtin_fminf(__builtin_fmaxf(t, -126.0f), 126.0f), &bits);
  float f = FMAF(x, c_hi, s - j);
  f = FMAF(x, c_lo, f);
  f = FMAF(x_lo, c_hi, f);
  return exp2_reduced(f) * ffrom((bits + 127u) << 23);
}
/* The same without x_lo and s, in nvcc's shape: the clamp and the rounding shift take two
 * operations. t = x c / 252 + 1/2 clamped to [0, 1] is one FMA with saturation (NaN gives
 * 0); 252 t + 1.5 2^23 + 1 rounds n = rint(252 t) into the low bits as n + 1, so that
 * (bits << 23) is the float 2^(n - 126) = 2^j without an integer addition, and the sum
 * less 1.5 2^23 + 127 is j. The rounded c / 252 only moves j by one near a tie, where
 * |f| stays below 0.5 + 2^-15 (below 1 + 2^-15 with the NVPTX floor). */
INLINE float exp2_product(float x, float c_hi, float c_lo) {
  float t = __builtin_fminf(__builtin_fmaxf(FMAF(x, c_hi * (1.0f / 252.0f), 0.5f), 0.0f), 1.0f);
#if defined(__NVPTX__)
  /* Rounded down (f in [0, 1]), as nvcc does: the instruction's error there keeps expf
   * at 1.93 ulp over all floats on the H100, where f in [-0.5, 0.5] reached 2.07. */
  float big = __nvvm_fma_rm_f(t, 252.0f, ROUND_SHIFT + 1.0f);
#else
  float big = FMAF(t, 252.0f, ROUND_SHIFT + 1.0f);
#endif
  float j = big - (ROUND_SHIFT + 127.0f);
  float f = FMAF(x, c_hi, -j);
  f = FMAF(x, c_lo, f);
  return exp2_reduced(f) * ffrom(fbits(big) << 23);
}
#endif

EXPORT float __oxhip_expf(float x) {
#if HAVE_EXP2_INSTRUCTION
  return exp2_product(x, L2EF_HI, L2EF_LO);
#else
  if (x != x) return x;
  if (x > 89.0f) return INFF;
  if (x < -104.0f) return 0.0f;
  int k;
  float p = exp_parts(x, 0.0f, &k);
  return scalef(p, k);
#endif
}

EXPORT float __oxhip_exp10f(float x) {
#if HAVE_EXP2_INSTRUCTION
  return exp2_product(x, L2TF_HI, L2TF_LO);
#else
  if (x != x) return x;
  if (x > 39.0f) return INFF;
  if (x < -46.0f) return 0.0f;
  float j = __builtin_rintf(x * L2TF_HI);
  float f = FMAF(x, L2TF_HI, -j);
  f = FMAF(x, L2TF_LO, f);
  return exp2_scaled(j, f);
#endif
}

/* e^x - 1 as hi + lo, and k, such that e^x = 2^k (1 + hi + lo); hi is exact. */
INLINE float expm1_parts(float x, float *lo, int *k) {
  u32 bits;
  float j = round_small(x * L2EF_HI, &bits);
  float hi = FMAF(j, -LN2F_HI, x); /* exact */
  float r_lo = j * -LN2F_LO;
  /* e^(hi + r_lo) - 1 = hi + t + e^hi (e^r_lo - 1), t = hi^2 q(hi), e^hi = 1 + hi + t */
  float t = hi * hi * expm1_tail(hi);
  *lo = FMAF(FMAF(0.5f * r_lo, r_lo, r_lo), (1.0f + hi) + t, t);
  *k = (int)(bits - 0x4b400000u);
  return hi;
}

EXPORT float __oxhip_expm1f(float x) {
  /* Branch-free: x clamped to [-20, 89] (-1 below, as expm1 is -1 in float from -17.33
   * on; inf above, as k = 128 overflows in the doubling); NaN, the zeros (whose sign the
   * sum below loses) and |x| < 2^-25 (where expm1(x) rounds to x, and the halved sum
   * below would be subnormal) are selected at the end. */
  float xc = __builtin_fminf(__builtin_fmaxf(x, -20.0f), 89.0f);
  /* |x| <= 0.34 needs no branch of its own: k is 0 there, hi is x and lo its tail. */
  float lo;
  int k;
  float hi = expm1_parts(xc, &lo, &k);
  /* Half of 2^k (1 + hi + lo) - 1, so that k = 128 scales by a float, and doubled at the
   * end (exact). (2^k - 1)/2 = a + a_err with a = 2^(k-1) - 1/2, exact up to k = 24; above,
   * a rounds to 2^(k-1) and a_err is -1/2 (both exact). a + 2^(k-1) hi is an exact
   * two-term sum by Fast2Sum: |a| >= |2^(k-1) hi| but for k = 0, where a is 0. */
  float half = ffrom((u32)(k + 126) << 23);
  float a = half - 0.5f, b = half * hi;
  float a_err = (half - a) - 0.5f;
  float s = a + b;
  float r = s + FMAF(half, lo, (b - (s - a)) + a_err);
  return fabsf_(x) >= 0x1p-25f ? r + r : x;
}

/* ---- logarithms -------------------------------------------------------------------- */

/* (log1p(f) - f) / f^2 for f in [sqrt(1/2) - 1, sqrt(2) - 1], relative error 2^-26.6. */
INLINE float log1p_tail(float f) {
  float q = 0x1.17fd2ep-4f;
  q = FMAF(q, f, -0x1.db004cp-4f);
  q = FMAF(q, f, 0x1.e37bc6p-4f);
  q = FMAF(q, f, -0x1.fc7722p-4f);
  q = FMAF(q, f, 0x1.237b3cp-3f);
  q = FMAF(q, f, -0x1.555c08p-3f);
  q = FMAF(q, f, 0x1.99a138p-3f);
  q = FMAF(q, f, -0x1.000002p-2f);
  q = FMAF(q, f, 0x1.55554ep-2f);
  q = FMAF(q, f, -0.5f);
  return q;
}

/* c log(1 + f) + e log_c(2), for f in [sqrt(1/2) - 1, sqrt(2) - 1] and e integral, where
 * c = c_hi + c_lo and log_c(2) = e_hi + e_lo (e_hi with 16 significant bits), and
 * f_lo a correction much smaller than f (log1p(f + f_lo) ~ log1p(f) + f_lo). The
 * leading terms are summed exactly, so the result rounds about once: e e_hi is exact and,
 * when e is not 0, larger in magnitude than f c (|f c| < 0.6 |e_hi| for the three bases),
 * so Fast2Sum (three operations) gives the sum's rounding error. With `exact_square`,
 * f^2 is an exact sum of two floats: its rounding error alone costs log2f a tenth of an
 * ulp (1.09 ulp at 1 - 2^-24 below sqrt(2) without). */
INLINE float log_combine_tail(float f, float q, float f_lo, int e, float c_hi, float c_lo,
                              float e_hi, float e_lo, int exact_square) {
  float f2 = f * f;
  float t = FMAF(f2, q, exact_square ? FMAF(FMAF(f, f, -f2), q, f_lo) : f_lo);
  /* log1p(f + f_lo) = f + t; times c: p + low */
  float p = f, low = t;
  if (c_hi != 1.0f || c_lo != 0.0f) { /* constants: decided when inlined */
    p = f * c_hi;
    low = FMAF(f, c_hi, -p);
    low = FMAF(f, c_lo, low);
    low = FMAF(t, c_hi, low);
  }
  /* (float)e without the conversion unit (|e| < 2^22) */
  float de = ffrom(0x4b400000u + (u32)e) - ROUND_SHIFT;
  float a = de * e_hi; /* exact */
  float s = a + p;
  float err = p - (s - a);
  /* log2f's e_lo is 0: de * 0 + low would stay an instruction (de * 0 is -0 or NaN for
   * some de, so the compiler keeps it); de is finite, so low alone is the same sum */
  return s + (err + (e_lo != 0.0f ? FMAF(de, e_lo, low) : low));
}
INLINE float log_combine(float f, float f_lo, int e, float c_hi, float c_lo, float e_hi,
                         float e_lo, int exact_square) {
  return log_combine_tail(f, log1p_tail(f), f_lo, e, c_hi, c_lo, e_hi, e_lo, exact_square);
}

/* x = 2^e (1 + f) with 1 + f in [sqrt(1/2), sqrt(2)), for normal x > 0, minus `adjust`
 * from e (x was scaled by 2^-adjust). */
INLINE float log_reduce(float x, int adjust, int *e) {
  u32 u = fbits(x);
  int exponent = (int)(u - 0x3f3504f3u) >> 23;
  *e = exponent + adjust;
  return ffrom(u - ((u32)exponent << 23)) - 1.0f; /* exact */
}

/* Whether x is a normal positive float (the logarithms' common path): one comparison. */
INLINE int log_common_f(float x) {
  u32 u = fbits(x);
  OPAQUE(u);
  return __builtin_expect(u - 0x00800000u < 0x7f000000u, 1);
}

/* The logarithm in base b (0: e, 2, 10) of a normal positive x scaled by 2^-adjust. */
INLINE float log_base_f(float x, int adjust, int b) {
  int e;
  float f = log_reduce(x, adjust, &e);
  if (b == 2) return log_combine(f, -0.0f, e, L2EF_HI, L2EF_LO, 1.0f, 0.0f, 1);
  if (b == 10) return log_combine(f, -0.0f, e, LGEF_HI, LGEF_LO, LG2F_HI, LG2F_LO, 0);
  return log_combine(f, -0.0f, e, 1.0f, 0.0f, LN2F_HI, LN2F_LO, 0);
}

/* x not a normal positive float: special (x <= 0, inf, NaN) or subnormal. */
SLOW float log_slow_f(float x, int b) {
  if (x != x) return x;
  if (x < 0.0f) return NANF;
  if (x == 0.0f) return -INFF;
  if (x == INFF) return INFF;
  return log_base_f(x * 0x1p23f, -23, b);
}

EXPORT float __oxhip_logf(float x) {
  return log_common_f(x) ? log_base_f(x, 0, 0) : log_slow_f(x, 0);
}

EXPORT float __oxhip_log2f(float x) {
  return log_common_f(x) ? log_base_f(x, 0, 2) : log_slow_f(x, 2);
}

/* (log1p(f) - f) / f^2 for f in [sqrt(1/2) - 1, sqrt(2) - 1], two degrees below
 * log1p_tail: fitted for |f| times its error (2^-24.5), which is the relative error it
 * makes in log1p(f) = f + f^2 q. For log10f, whose bound (2 ulp) leaves room for the
 * third of an ulp this adds; the other logarithms keep log1p_tail. */
INLINE float log1p_tail_short(float f) {
  float q = 0x1.6fcb1ap-4f;
  q = FMAF(q, f, -0x1.27760cp-3f);
  q = FMAF(q, f, 0x1.30d194p-3f);
  q = FMAF(q, f, -0x1.52fb1ap-3f);
  q = FMAF(q, f, 0x1.98da1ap-3f);
  q = FMAF(q, f, -0x1.0006c6p-2f);
  q = FMAF(q, f, 0x1.5556e8p-2f);
  q = FMAF(q, f, -0x1.fffff4p-2f);
  return q;
}

INLINE float log10_base_f(float x, int adjust) {
  int e;
  float f = log_reduce(x, adjust, &e);
  return log_combine_tail(f, log1p_tail_short(f), -0.0f, e, LGEF_HI, LGEF_LO, LG2F_HI, LG2F_LO,
                          0);
}

SLOW float log10_slow_f(float x) {
  if (!(x > 0.0f && x < INFF)) return log_slow_f(x, 10);
  return log10_base_f(x * 0x1p23f, -23);
}

EXPORT float __oxhip_log10f(float x) {
  return log_common_f(x) ? log10_base_f(x, 0) : log10_slow_f(x);
}

/* log(2) rounded to float (0x3f317218, 21 significant bits) and L - log(2). */
#define LOG1PF_L 0x1.62e430p-1f
#define LOG1PF_L_ERR 0x1.05c611p-29f

/* log2(u) for u = 1 + x at log1pf's rare inputs (x not in (-1, inf)): inf, -inf or NaN,
 * as log1p(x) is. The GPUs' instruction gives exactly these there. */
INLINE float log1p_special_f(float u) {
#if defined(__NVPTX__)
  return __nvvm_lg2_approx_ftz_f(u);
#elif defined(__AMDGCN__)
  return __builtin_amdgcn_logf(u);
#else
  return u > 0.0f ? u * INFF : u == 0.0f ? -INFF : NANF;
#endif
}

/* (log1p(f) - f) / f^2 for f in [-1/4, 1/2]: fitted for the relative error it makes in
 * log1p(f) = f + f^2 q, 2^-26.8 (devicelibs/fit/minimax_f.py log1p). */
INLINE float log1p_tail_f(float f) {
  float q = -0x1.6fe47cp-5f;
  q = FMAF(q, f, 0x1.abf5bap-4f);
  q = FMAF(q, f, -0x1.0d8feap-3f);
  q = FMAF(q, f, 0x1.2897c4p-3f);
  q = FMAF(q, f, -0x1.54f242p-3f);
  q = FMAF(q, f, 0x1.99685ap-3f);
  q = FMAF(q, f, -0x1.000024p-2f);
  q = FMAF(q, f, 0x1.5555a6p-2f);
  q = FMAF(q, f, -0.5f);
  return q;
}

/* log1p(x) = e log(2) + log1p(f) with 1 + x = 2^e (1 + f), branch-free. e is taken from
 * u = 1 + x so that 1 + f is in [3/4, 3/2], and f is x 2^-e + (2^-e - 1): x 2^-e is x
 * with e taken from its exponent field and 2^-e - 1 is exact for e <= 24, and for e != 0
 * the two have opposite signs and are within a factor 2 of each other (f is in
 * [-1/4, 1/2]), so their sum is exact (Sterbenz), and for e = 0 it is x. So f carries the
 * rounding error of 1 + x, with no correction term. (From 3/4, not sqrt(1/2): f = A - 1/2
 * below -1/4 rounds.) Above e = 24 f's error is far below an ulp of the result (which
 * exceeds 16); 4 2^-e stays a normal float up to e = 128 (x = inf).
 * On NVPTX u is rounded toward zero, as libdevice does it: rounded to nearest,
 * x = 1/2 - 2^-25 gives u = 3/2, e = 1 and an f that rounds (by 2^-26, 0.67 ulp of the
 * result); toward zero, e = 1 starts at x = 1/2 and e = -1 below x = -1/4, so that f is
 * exact everywhere. The bits hold -e << 23, not e << 23 ((0x3fbfffff - u) & 0xff800000 is
 * minus (u - 0x3f400000) & 0xff800000): -e converted is +0 for e = 0, and the sums below
 * then give log1p(-0) = -0 without a selection. */
EXPORT float __oxhip_log1pf(float x) {
#if defined(__NVPTX__)
  float u = __nvvm_add_rz_f(1.0f, x);
#else
  float u = 1.0f + x;
#endif
  u32 nebits = (0x3fbfffffu - fbits(u)) & 0xff800000u; /* -e << 23 */
  float f = ffrom(fbits(x) + nebits) - FMAF(ffrom(0x40800000u + nebits), -0.25f, 1.0f);
  float dn = (float)(int)nebits; /* -e 2^23, exact */
  float q = log1p_tail_f(f);
  /* e log(2) + f as s + err exactly, with log(2) rounded to the float L (21 significant
   * bits, LOG1PF_L): s = e L + f rounds once (one FMA); s - e L is a multiple of s's ulp or
   * of L's last bit and at most |f| + ulp(s)/2, so it is exact, and err = f - (s - e L) is
   * s's rounding error. f^2 q is one FMA on the rounded f^2, with err as its addend. */
  float s = FMAF(dn, -LOG1PF_L * 0x1p-23f, f);
  float err = f - FMAF(dn, LOG1PF_L * 0x1p-23f, s);
  /* e (log(2) - L) is 2^-28.4 e relative to e log(2), at most 0.064 ulp of the result (at
   * e = +-1). With f exact (NVPTX) the sum goes without it: 0.952 ulp over every float, as
   * with it. Rounded to nearest, x = 1/2 - 2^-25 reaches 1.268 ulp without it, so the other
   * targets keep it; converted from e 2^23, not -e 2^23, so that the product is -0 for
   * e = 0 (log1p(-0) = -0). */
#if !defined(__NVPTX__)
  err = FMAF((float)(int)(0u - nebits), -LOG1PF_L_ERR * 0x1p-23f, err);
#endif
  float r = s + FMAF(f * f, q, err);
  /* The rare inputs by one selection of log2(u): inf for x = inf, -inf for x = -1 and NaN
   * below -1 and for NaN, as log1p is. Computed outside the ?:, where the call made clang
   * branch around the whole evaluation (a branch and a reconvergence point per call). */
  float special = log1p_special_f(u);
  return x > -1.0f && x < INFF ? r : special;
}

/* ---- power ------------------------------------------------------------------------- */

INLINE int is_integer_f(float y) { return __builtin_rintf(y) == y; }
INLINE int is_odd_integer_f(float y) {
  return fabsf_(y) < 0x1p24f && is_integer_f(y) && __builtin_rintf(y * 0.5f) != y * 0.5f;
}

/* log2(x) = *hi + *lo for normal positive x scaled by 2^-adjust, in float-float, to
 * about 2^-33 relative (|y| log2 x, the exponent of powf's result, needs an absolute error
 * near 2^-26 up to 150). x = 2^e m c with c = 1 or sqrt(2) (rounded to float, log2(c)
 * = 1/2 + DELTA): the exponent field is taken relative to 2^-1/4, and its next bit splits
 * [2^-1/4, 2^3/4) at 1.1818, so that m / c stays in [0.8356, 1.1893] and 2e + (c != 1) is
 * one shift. log2(m / c) = K (s + s^3/3 + ...) with s = (m - c)/(m + c), |s| <= 0.0896, and
 * K = 2/ln2: the halved range (against [sqrt(1/2), sqrt(2)), s up to 0.17) puts the tail
 * s^3 q(s^2) below 2^-8.5 of the leading term, so that it needs no more than float
 * precision, and q of degree 2 (relative error 2^-33.7, devicelibs/fit/minimax_f.py
 * pow_log2). s comes from the approximate reciprocal with its residual (m + c is a Fast2Sum
 * pair, m - c is exact): s + s_lo to about 2^-46. The sums are exact where they must be:
 * K s as a product pair, then Fast2Sum with the tail and with e + log2(c)/2 (larger in
 * magnitude, or 0). */
#define POW_SQRT2F 0x1.6a09e6p+0f
#define POW_K_HI 0x1.715476p+1f
#define POW_K_LO 0x1.4ae0c0p-25f
/* log2(POW_SQRT2F) - 1/2 as DELTA_C (POW_SQRT2F - 1): a multiple of c - 1 in one FMA. */
#define POW_DELTA_C -0x1.00045p-24f
INLINE float log2_ff(float x, int adjust, float *lo) {
  u32 v = fbits(x) - 0x3f5744fdu; /* 2^-1/4 */
  int h = ((int)v >> 22) + 2 * adjust; /* 2e + (c != 1) */
  float m = ffrom((v & 0x007fffffu) + 0x3f5744fdu);
  float c = (h & 1) ? POW_SQRT2F : 1.0f;
  float f = m - c; /* exact: Sterbenz */
  float z = m + c;
  float z_lo = m - (z - c); /* Fast2Sum: c's exponent is at least m's */
  float r = rcp_approx(z);
  float s = f * r;
  float s_lo = FMAF(-s, z_lo, FMAF(-s, z, f)) * r; /* the residual f - s (z + z_lo), over z */
  float s2 = s * s;
  float q = 0x1.ab333cp-2f;
  q = FMAF(q, s2, 0x1.2773b8p-1f);
  q = FMAF(q, s2, 0x1.ec709ep-1f);
  float tail = (s * s2) * q;
  /* K (s + s_lo) + tail: K s as h_hi + its exact error, s_lo's share times K/(1 - s^2) */
  float h_hi = POW_K_HI * s;
  float h_lo = FMAF(POW_K_LO, s, FMAF(c, POW_DELTA_C, -POW_DELTA_C));
  h_lo = FMAF(POW_K_HI, FMAF(s_lo, s2, s_lo), h_lo);
  h_lo = FMAF(POW_K_HI, s, -h_hi) + h_lo;
  float s1 = h_hi + tail;
  float e1 = tail - (s1 - h_hi);
  /* (float)h / 2 without the conversion unit: 1.5 2^23 + h from the bits, halved */
  float half_e = FMAF(ffrom(0x4b400000u + (u32)h), 0.5f, -0x1.8p22f);
  float sum = half_e + s1;
  float e2 = s1 - (sum - half_e);
  *lo = (e1 + e2) + h_lo;
  return sum;
}

/* 2^f for |f| <= 1/2 + 2^-12: degree 6, relative error 2^-28.1 (minimax_f.py exp2), the
 * linear coefficient ln 2 rounded first so that the others absorb its rounding. */
INLINE float exp2_poly_f(float f) {
  float p = 0x1.415f44p-13f;
  p = FMAF(p, f, 0x1.5f099p-10f);
  p = FMAF(p, f, 0x1.3b2dfap-7f);
  p = FMAF(p, f, 0x1.c6af7ap-5f);
  p = FMAF(p, f, 0x1.ebfbdcp-3f);
  p = FMAF(p, f, 0x1.62e43p-1f);
  return FMAF(p, f, 1.0f);
}

/* |x|^y for normal positive x scaled by 2^-adjust and finite y, every result range:
 * t = y log2 x as t_hi + t_lo, clamped so that 2^t is inf above 130 and 0 below -160;
 * the fraction clamped too (where t is, t_lo means nothing, and may be inf or NaN). */
INLINE float pow_general_f(float x, int adjust, float y) {
  float lo;
  float l = log2_ff(x, adjust, &lo);
  float t_hi = y * l;
  float t_lo = FMAF(y, lo, FMAF(y, l, -t_hi));
  float tc = __builtin_fminf(__builtin_fmaxf(t_hi, -160.0f), 130.0f);
  u32 bits;
  float j = round_small(tc, &bits);
  float f = __builtin_fminf(__builtin_fmaxf((tc - j) + t_lo, -0.5002f), 0.5002f);
  return scalef(exp2_poly_f(f), (int)(bits - 0x4b400000u));
}

/* Everything but x positive and finite and y finite: C11 Annex F.10.4.4, in order. Out of
 * line, so that the common path makes three comparisons (the parity of y took two
 * quarter-rate roundings per call). */
SLOW float pow_slow_f(float x, float y) {
  if (y == 0.0f || x == 1.0f) return 1.0f;
  if (x != x || y != y) return x + y;
  int odd_y = is_odd_integer_f(y);
  if (x == 0.0f) {
    if (y < 0.0f) return odd_y ? copysignf_(INFF, x) : INFF;
    return odd_y ? x : 0.0f;
  }
  float ax = fabsf_(x);
  if (fabsf_(y) == INFF) {
    if (ax == 1.0f) return 1.0f;
    return ((ax < 1.0f) == (y < 0.0f)) ? INFF : 0.0f;
  }
  if (ax == INFF) {
    if (x < 0.0f) {
      if (y < 0.0f) return odd_y ? -0.0f : 0.0f;
      return odd_y ? -INFF : INFF;
    }
    return y < 0.0f ? 0.0f : INFF;
  }
  if (x < 0.0f && !is_integer_f(y)) return NANF;
  float r = ax < 0x1p-126f ? pow_general_f(ax * 0x1p24f, -24, y) : pow_general_f(ax, 0, y);
  return (x < 0.0f && odd_y) ? -r : r;
}

EXPORT float __oxhip_powf(float x, float y) {
  /* The common case, x positive and normal and |t| <= 125 (y finite: inf or NaN make t
   * NaN, or inf), takes one branch after the logarithm: there 2^t is 2^j p with p in
   * [0.7, 1.42] and j in [-125, 125], so the scale is an integer addition to p's bits.
   * x = 1 and y = 0 need no test here: log2 x is then exactly 0, or t is. */
  float lo;
  float l = log2_ff(x, 0, &lo);
  float t_hi = y * l;
  float t_lo = FMAF(y, lo, FMAF(y, l, -t_hi));
  int common = (fbits(x) - 0x00800000u < 0x7f000000u) & (fabsf_(t_hi) <= 125.0f);
  if (__builtin_expect(common, 1)) {
    u32 bits;
    float j = round_small(t_hi, &bits);
    float p = exp2_poly_f((t_hi - j) + t_lo); /* t_hi - j is exact */
    return ffrom(fbits(p) + (bits << 23));    /* bits << 23 is j << 23 */
  }
  return pow_slow_f(x, y);
}

/* ---- trigonometry ------------------------------------------------------------------ */

/* 1/(2 pi) in 32-bit words, for the Payne-Hanek reduction of |x| >= 105615. */
static const u32 ONE_OVER_TWO_PI_WORDS[] = {
    0x28be60db, 0x9391054a, 0x7f09d5f4, 0x7d4d3770, 0x36d8a566, 0x4f10e410, 0x7f9458ea,
};

/* x - j pi/2 for finite |x| >= 105615: the product of x's 24-bit mantissa with a 96-bit
 * window of 1/(2 pi), in 2.62 fixed point. Returns j mod 4 in *quadrant. */
INLINE float reduce_pio2_large(float x, int *quadrant) {
  u32 mantissa = ((fbits(x) & 0x007fffffu) << 8) | 0x80000000u;
  int e = (int)((fbits(x) >> 23) & 0xff) - 126;
  u32 i = (u32)e >> 5;
  e &= 31;
  u32 hi = i ? ONE_OVER_TWO_PI_WORDS[i - 1] : 0;
  u32 mid = ONE_OVER_TWO_PI_WORDS[i];
  u32 lo = ONE_OVER_TWO_PI_WORDS[i + 1];
  u32 next = ONE_OVER_TWO_PI_WORDS[i + 2];
  if (e) {
    hi = (hi << e) | (mid >> (32 - e));
    mid = (mid << e) | (lo >> (32 - e));
    lo = (lo << e) | (next >> (32 - e));
  }
  u64 p = (u64)mantissa * lo;
  p = (u64)mantissa * mid + (p >> 32);
  p = ((u64)(mantissa * hi) << 32) + p;
  int q = (int)(p >> 62);
  p &= 0x3fffffffffffffffull;
  if (p & 0x2000000000000000ull) {
    p -= 0x4000000000000000ull;
    q += 1;
  }
  float r = (float)((double)(long long)p * 0x1.921fb54442d18p-62);
  if (x < 0.0f) {
    r = -r;
    q = -q;
  }
  *quadrant = q & 3;
  return r;
}

/* x - j pi/2 with |result| <= pi/4 (a little more), and j mod 4; x finite. */
/* Out of line (the common path keeps only a test): infinities and NaN (r NaN), and the
 * Payne-Hanek reduction. A structure, not a pointer, so that the common path keeps the
 * quadrant in a register. */
typedef struct {
  float r;
  int quadrant;
} reduced_f;
SLOW reduced_f reduce_pio2_slow_f(float x) {
  reduced_f o = {x - x, 0};
  if (fabsf_(x) < INFF) o.r = reduce_pio2_large(x, &o.quadrant);
  return o;
}

/* x = r + (pi/2) n, |r| <= pi/4 (+ a little); r is NaN for infinite or NaN x. */
INLINE float reduce_pio2_f(float x, int *quadrant) {
  if (__builtin_expect(!(fabsf_(x) < 105615.0f), 0)) {
    reduced_f o = reduce_pio2_slow_f(x);
    *quadrant = o.quadrant;
    return o.r;
  }
  u32 bits;
  float j = round_small(x * TWO_OVER_PIF, &bits);
  float r = FMAF(j, -PIO2F_1, x);
  r = FMAF(j, -PIO2F_2, r);
  r = FMAF(j, -PIO2F_3, r);
  *quadrant = (int)(bits & 3u);
  return r;
}

/* sin r and cos r for |r| <= pi/4. */
INLINE float sin_kernel_f(float r) {
  float s = r * r;
  float p = 0x1.6dbc22p-19f;
  p = FMAF(p, s, -0x1.a013a0p-13f);
  p = FMAF(p, s, 0x1.11110ep-7f);
  p = FMAF(p, s, -0x1.555556p-3f);
  return FMAF(r * s, p, r);
}
INLINE float cos_kernel_f(float r) {
  float s = r * r;
  float p = -0x1.252378p-22f;
  p = FMAF(p, s, 0x1.a015c2p-16f);
  p = FMAF(p, s, -0x1.6c16c0p-10f);
  p = FMAF(p, s, 0x1.555556p-5f);
  p = FMAF(p, s, -0.5f);
  return FMAF(s, p, 1.0f);
}

EXPORT float __oxhip_sinf(float x) {
  int n;
  float r = reduce_pio2_f(x, &n);
  float v = (n & 1) ? cos_kernel_f(r) : sin_kernel_f(r);
  v = (n & 2) ? -v : v;
  return x == 0.0f ? x : v; /* sinf(-0) is -0 */
}

EXPORT float __oxhip_cosf(float x) {
  int n;
  float r = reduce_pio2_f(x, &n);
  float v = (n & 1) ? sin_kernel_f(r) : cos_kernel_f(r);
  return ((n + 1) & 2) ? -v : v;
}

/* sin x and cos x from one reduction (sincosf also returns a zero x as sin x itself, for
 * its sign; the Bessel functions' large-argument forms, above 8, need no such case). */
INLINE void sin_cos_f(float x, float *sin_out, float *cos_out) {
  int n;
  float r = reduce_pio2_f(x, &n);
  float s = sin_kernel_f(r), c = cos_kernel_f(r);
  float sv = (n & 1) ? c : s, cv = (n & 1) ? s : c;
  *sin_out = (n & 2) ? -sv : sv;
  *cos_out = ((n + 1) & 2) ? -cv : cv;
}

EXPORT void __oxhip_sincosf(float x, float *sin_out, float *cos_out) {
  float s;
  sin_cos_f(x, &s, cos_out);
  *sin_out = x == 0.0f ? x : s;
}

/* tan r for |r| <= 0.7854, as r + r^3 P(r^2): relative error 2^-26.6. */
INLINE float tan_kernel_f(float r) {
  float s = r * r;
  float p = 0x1.f7bb06p-9f;
  p = FMAF(p, s, 0x1.2b8fccp-10f);
  p = FMAF(p, s, 0x1.48933ap-7f);
  p = FMAF(p, s, 0x1.61a72cp-6f);
  p = FMAF(p, s, 0x1.ba646cp-5f);
  p = FMAF(p, s, 0x1.11101cp-3f);
  p = FMAF(p, s, 0x1.555558p-2f);
  return FMAF(r * s, p, r);
}

EXPORT float __oxhip_tanf(float x) {
  /* tan r, or -1/tan r in odd quadrants from the approximate reciprocal (an ulp; the
   * bound is 4): one polynomial and one reciprocal, where sin r / cos r took two
   * polynomials and a refined quotient. tanf(-0) is -0 (r is -0). */
  int n;
  float r = reduce_pio2_f(x, &n);
  float t = tan_kernel_f(r);
  return (n & 1) ? rcp_approx(-t) : t;
}

/* (atan(t) - t) / t^3 as a polynomial in s = t^2, t in [0, 1]: relative error 2^-25.6
 * (degree 7 in s, devicelibs/fit/minimax_f.py; the degree-8 one before had the same,
 * 2^-25.6, not the 2^-23.7 its comment said). Over every float, atanf 1.490 ulp (1.366
 * with degree 8; bound 2); atan2f on 10^8 random pairs 1.70 (1.47; bound 3). */
INLINE float atan_kernel_f(float t) {
  float s = t * t;
  float p = 0x1.7ecfdcp-9f;
  p = FMAF(p, s, -0x1.0c2ae8p-6f);
  p = FMAF(p, s, 0x1.61fce4p-5f);
  p = FMAF(p, s, -0x1.35564cp-4f);
  p = FMAF(p, s, 0x1.b4e0f6p-4f);
  p = FMAF(p, s, -0x1.230ad4p-3f);
  p = FMAF(p, s, 0x1.9978f2p-3f);
  p = FMAF(p, s, -0x1.5554dcp-2f);
  return FMAF(t * s, p, t);
}

EXPORT float __oxhip_atanf(float x) {
  /* atan(t) or pi/2 - atan(1/t), one kernel evaluation either way (two made a warp with
   * both kinds of input run both); 1/t within half an ulp or so: the approximate
   * reciprocal r and one Newton step whose correction e = 1 - t r is clamped to 1, so
   * that t = inf (r = 0, e NaN) gives 1/t = 0 while NaN x (r NaN) stays NaN, which then
   * needs no test of its own. pi/2 - k in one FMA, pi/2 as an exact product. */
  float t = fabsf_(x);
  int small = t <= 1.0f;
  float r = rcp_approx(t);
  float u = FMAF(r, __builtin_fminf(FMAF(-t, r, 1.0f), 1.0f), r);
  float k = atan_kernel_f(small ? t : u);
  return copysignf_(small ? k : FMAF(PIO2F_A, PIO2F_B, -k), x);
}

/* atan2f's rare inputs, out of line: NaN, infinities, zeros, and magnitudes outside the
 * fast path's range (below). */
SLOW float atan2f_slow(float y, float x) {
  if (x != x || y != y) return x + y;
  float ax = fabsf_(x), ay = fabsf_(y), a;
  int x_negative = __builtin_signbit(x) != 0;
  if (ay == 0.0f) {
    a = x_negative ? PIF_HI : 0.0f;
  } else if (ax == 0.0f) {
    a = PIO2F_HI;
  } else if (ax == INFF && ay == INFF) {
    a = x_negative ? 0x1.2d97c8p+1f : 0x1.921fb6p-1f;
  } else if (ax == INFF) {
    a = x_negative ? PIF_HI : 0.0f;
  } else if (ay == INFF) {
    a = PIO2F_HI;
  } else {
    int y_small = ay <= ax;
    float b = atan_kernel_f(y_small ? ay / ax : ax / ay);
    if (y_small) {
      a = x_negative ? (PIF_HI - b) + PIF_LO : b;
    } else {
      a = x_negative ? (PIO2F_HI + b) + PIO2F_LO : (PIO2F_HI - b) + PIO2F_LO;
    }
  }
  return copysignf_(a, y);
}

EXPORT float __oxhip_atan2f(float y, float x) {
  /* |x| and |y| scaled by 2^32 (exactly), so that a subnormal smaller magnitude becomes
   * at least 2^-117: div_fast's residual a - b q, of order 2^-23 a, would otherwise be
   * subnormal and lose the bits of its correction (2.4 ulp seen at y ~ 2^-130,
   * x ~ 2^-120). One test sends the rare inputs out of line: the scaled |x| + |y| in
   * [2^-125, 2^126) (NaN, infinity and overflow fail it) puts the larger of the two in
   * [2^-126, 2^126], where the approximate reciprocal neither flushes nor overflows. */
  float ax = fabsf_(x) * 0x1p32f, ay = fabsf_(y) * 0x1p32f;
  if (__builtin_expect(fbits(ax + ay) - 0x01000000u >= 0x7e800000u - 0x01000000u, 0))
    return atan2f_slow(y, x);
  /* One kernel evaluation on the smaller over the larger, then, branch-free, atan of it
   * (y_small, x > 0), pi - it (y_small, x < 0), pi/2 + it or pi/2 - it (|y| > |x|): the
   * constant 0, pi or pi/2 is c PIO2F_B with c = 0, 2 PIO2F_A or PIO2F_A (exact), added
   * in one FMA. The quotient is within about an ulp (div_fast). */
  int y_small = ay <= ax;
  int x_negative = __builtin_signbit(x) != 0;
  float b = atan_kernel_f(div_fast(__builtin_fminf(ax, ay), __builtin_fmaxf(ax, ay)));
  float c = y_small ? (x_negative ? 2.0f * PIO2F_A : 0.0f) : PIO2F_A;
  float a = FMAF(c, PIO2F_B, y_small == x_negative ? -b : b);
  return copysignf_(a, y);
}

/* asin(v) for |v| <= 0.56, as v + v^3 P(v^2): relative error 2^-25.3 (P's 2^-21.2,
 * scaled down by v^3 P / asin(v) <= 0.06). */
INLINE float asin_poly_f(float v) {
  float s = v * v;
  float p = 0x1.4e6470p-5f;
  p = FMAF(p, s, 0x1.966c4cp-7f);
  p = FMAF(p, s, 0x1.08151ap-5f);
  p = FMAF(p, s, 0x1.6c65cap-5f);
  p = FMAF(p, s, 0x1.333948p-4f);
  p = FMAF(p, s, 0x1.55554cp-3f);
  return FMAF(v * s, p, v);
}

/* sqrt(z) within about half an ulp, for z = (1 - |x|) / 2 with |x| <= 1 (z is then 0 or
 * at least 2^-25); NaN for z < 0, so that |x| > 1 needs no test of its own. On the GPUs
 * the approximate reciprocal square root r (2^-22.9) and one Newton step on z r, whose
 * error is then of order 2^-45 before the last rounding. */
INLINE float asin_sqrt_f(float z) {
#if defined(__NVPTX__) || defined(__AMDGCN__)
#if defined(__NVPTX__)
  float r = __nvvm_rsqrt_approx_ftz_f(z);
#else
  float r = __builtin_amdgcn_rsqf(z);
#endif
  float w = z * r;
  w = FMAF(FMAF(-w, w, z), 0.5f * r, w);
  return z == 0.0f ? 0.0f : w; /* r is inf there */
#else
  return __builtin_sqrtf(z);
#endif
}

/* asinf and acosf evaluate their polynomial once, branch-free (a warp holding both kinds
 * of input runs one path): at x itself for |x| <= 0.56 (acosf: 1/2), above at
 * w = sqrt((1 - |x|) / 2), through asin(|x|) = pi/2 - 2 asin(w). The threshold 0.56 keeps
 * asin(w) below 1/2 where asinf's result is above, so that the doubled error of asin(w)
 * counts once in the result's ulps. |x| > 1 gives z < 0 and a NaN w; NaN x takes the
 * small side, where it propagates. */
EXPORT float __oxhip_asinf(float x) {
  float ax = fabsf_(x);
  int big = ax > 0.56f;
  float w = asin_sqrt_f(FMAF(-0.5f, ax, 0.5f)); /* exact for |x| >= 1/2 */
  float p = asin_poly_f(big ? w : x);
  float large = copysignf_(FMAF(PIO2F_A, PIO2F_B, -2.0f * p), x);
  return big ? large : p; /* asinf(-0) is -0: p is x there */
}

EXPORT float __oxhip_acosf(float x) {
  /* pi/2 - asin(x) for |x| <= 1/2; above, 2 asin(w) for x > 0 and 2 (pi/2 - asin(w)) for
   * x < 0, where p = asin(-w): the doubling is exact, so one addition and one rounding
   * serve all three. */
  float ax = fabsf_(x);
  int big = ax > 0.5f;
  float w = asin_sqrt_f(FMAF(-0.5f, ax, 0.5f));
  float p = asin_poly_f(big ? copysignf_(w, x) : x);
  float q = big ? p : -p;
  float r = x > 0.5f ? q : FMAF(PIO2F_A, PIO2F_B, q); /* big and x > 0 */
  return big ? 2.0f * r : r;
}

/* ---- hyperbolic -------------------------------------------------------------------- */

/* e^ax / 2 for ax in [0, 89.5] (not NaN), within about an ulp: e^ax = 2^k e^r with
 * |r| <= 0.35, and 2 e^r = 2 + r (2 + r 2q) from expm1_tail's coefficients doubled (exact)
 * times the single float 2^(k-2): k reaches 129 from 89.07 on, where the result is still
 * finite, so 2^(k-1) would not be a float. Horner's two FMA in place of 1 + (r + r^2 q)
 * (three operations) and one scale in place of scalef's two. */
INLINE float exp_half_f(float ax) {
  u32 bits;
  float j = round_small(ax * L2EF_HI, &bits);
  float r = FMAF(j, -LN2F_HI, ax); /* exact: Sterbenz, and j * LN2F_HI is exact */
  r = FMAF(j, -LN2F_LO, r);
  float q = 0x1.a06cf4p-12f;
  q = FMAF(q, r, 0x1.6d48bep-9f);
  q = FMAF(q, r, 0x1.111152p-6f);
  q = FMAF(q, r, 0x1.5554e6p-4f);
  q = FMAF(q, r, 0x1.555556p-2f);
  q = FMAF(q, r, 1.0f);
  float p2 = FMAF(FMAF(q, r, 2.0f), r, 2.0f);
  return p2 * ffrom((bits + (125u - 0x4b400000u)) << 23);
}

EXPORT float __oxhip_sinhf(float x) {
  /* Branch-free (a warp with inputs on both sides of 1 would run both paths anyway). */
  float ax = fabsf_(x);
  /* (sinh(t) - t) / t^3 in s = t^2 on [0, 1]. */
  float s = x * x;
  float p = 0x1.71d218p-19f;
  p = FMAF(p, s, 0x1.a01a12p-13f);
  p = FMAF(p, s, 0x1.111112p-7f);
  p = FMAF(p, s, 0x1.555556p-3f);
  float small = FMAF(x * s, p, x);
  /* e/2 - 1/(2e) = h - 1/(4h), the reciprocal unrefined: from |x| = 1 on its term is at
   * most 0.16 of the result, so the approximation's ulp costs at most 0.16 ulp there, and
   * the Newton step (two FMA) and the clamp that kept h = inf from making it NaN (one
   * more) went; rcp of inf, or of h from 2^126 on, is 0, which is what the term rounds to. */
  float h = exp_half_f(__builtin_fminf(ax, 89.5f));
  float large = copysignf_(FMAF(-0.25f, rcp_approx(h), h), x);
  /* NaN takes the polynomial (and stays NaN); infinities the exponential (h is inf). */
  return !(ax >= 1.0f) ? small : large;
}

EXPORT float __oxhip_coshf(float x) {
  /* NaN by a selection at the end (a branch cost a comparison and a branch per call). */
  float h = exp_half_f(__builtin_fminf(fabsf_(x), 89.5f));
  float r = FMAF(0.25f, rcp_refined(__builtin_fminf(h, 0x1p120f)), h);
  return x != x ? x : r;
}

EXPORT float __oxhip_tanhf(float x) {
#if HAVE_EXP2_INSTRUCTION
  /* Branch-free (a warp with inputs on both sides would run both paths anyway): below
   * 1.1 x + x^3 p(x^2) with p of degree 6 (relative error 2^-24.7, devicelibs/fit/
   * minimax_f.py tanh 6 1.1; 1.47 ulp at most, at 1.02), above, 1 - 2 / (e^2|x| + 1)
   * with the exponential instruction on the rounded product 2|x| log2(e), whose errors
   * the formula damps by 2e/(e^2 - 1), 0.22 at 1.1, and the reciprocal unrefined. With
   * ex2 and rcp at the PTX ISA's error bounds (fit/exhaustive.c) that path reaches 2.51
   * ulp from 0.9 on, 1.96 from 1.05 on and 1.85 from 1.1 on. The previous form switched
   * at 0.95 (p of degree 5) and refined the reciprocal, 1.97 ulp: the Newton step (two
   * FMA) and the clamp that kept e finite for it (one more) cost three instructions, p's
   * sixth degree one. Without the clamp, e = inf (from |x| = 44.4) gives rcp 0 and 1,
   * which tanh rounds to from 9.01. NaN takes the polynomial and stays NaN; the sign is
   * set after the selection, which also keeps tanh(-0) = -0 (the polynomial's x s p + x
   * gave +0). */
  float ax = fabsf_(x);
  float s = x * x;
  float p = -0x1.23d88ep-12f;
  p = FMAF(p, s, 0x1.086dd2p-9f);
  p = FMAF(p, s, -0x1.ef07a4p-8f);
  p = FMAF(p, s, 0x1.5bad22p-6f);
  p = FMAF(p, s, -0x1.b8a388p-5f);
  p = FMAF(p, s, 0x1.110472p-3f);
  p = FMAF(p, s, -0x1.55550cp-2f);
  float small = FMAF(x * s, p, x);
  float e = exp2_reduced(ax * (2.0f * 0x1.715476p+0f));
  float large = FMAF(-2.0f, rcp_approx(e + 1.0f), 1.0f);
  return copysignf_(!(ax >= 1.1f) ? small : large, x);
#else
  float ax = fabsf_(x), r;
  if (x != x || x == 0.0f) return x;
  if (ax < 0.6f) {
    float s = x * x;
    float p = 0x1.36b0dep-9f;
    p = FMAF(p, s, -0x1.1391e4p-7f);
    p = FMAF(p, s, 0x1.64fa62p-6f);
    p = FMAF(p, s, -0x1.ba0d8cp-5f);
    p = FMAF(p, s, 0x1.1110f6p-3f);
    p = FMAF(p, s, -0x1.555556p-2f);
    return FMAF(x * s, p, x);
  }
  if (ax >= 9.1f) {
    r = 1.0f;
  } else {
    float t = __oxhip_expm1f(2.0f * ax);
    r = 1.0f - 2.0f / (t + 2.0f);
  }
  return copysignf_(r, x);
#endif
}

/* ---- error function ---------------------------------------------------------------- */

/* erf(x) for |x| <= 1, as x p(x^2). */
INLINE float erf_small_f(float x) {
  float s = x * x;
  float p = -0x1.2963e0p-11f;
  p = FMAF(p, s, 0x1.4304aap-8f);
  p = FMAF(p, s, -0x1.b5d336p-6f);
  p = FMAF(p, s, 0x1.ce0e8ap-4f);
  p = FMAF(p, s, -0x1.8126b2p-2f);
  p = FMAF(p, s, 0x1.06eba8p-3f); /* 2/sqrt(pi) - 1 */
  return FMAF(x, p, x);
}

#if HAVE_EXP2_INSTRUCTION
EXPORT float __oxhip_erff(float x) {
  /* Branch-free: a warp with inputs on both sides of 1 runs both polynomials anyway, and
   * the branch cost its own instructions around them. NaN takes the small polynomial. */
  float ax = fabsf_(x);
  float small = erf_small_f(x);
  /* 1 - 2^q(|x| - 1), q fitted to log2(erfc) on [1, 4] (the error it makes in erf is
   * below 0.08 ulp); from 4 on, erf rounds to 1. */
  float h = __builtin_fminf(ax, 4.0f) - 1.0f;
  float q = 0x1.3d029ep-19f;
  q = FMAF(q, h, -0x1.8e61eap-15f);
  q = FMAF(q, h, 0x1.e3ca98p-12f);
  q = FMAF(q, h, -0x1.84211cp-9f);
  q = FMAF(q, h, 0x1.dc4098p-7f);
  q = FMAF(q, h, -0x1.eb521ap-5f);
  q = FMAF(q, h, -0x1.376272p+0f);
  q = FMAF(q, h, -0x1.e75326p+1f);
  q = FMAF(q, h, -0x1.558eaep+1f);
  float r = copysignf_(1.0f - exp2_reduced(q), x);
  return ax > 1.0f ? r : small;
}
#else
/* erfc(x) for x in [0.5, 10.1]: e^(-x^2) g / x with g = x e^(x^2) erfc(x) fitted for
 * relative error 2^-26: on [0.5, 1.5] in u = x - 1 (exact), above in t = (x - 3) / (x + 3).
 * x^2 is carried in two parts into the exponential. */
INLINE float erfc_large_f(float x) {
  float g;
  if (x < 1.5f) {
    float u = x - 1.0f;
    g = 0x1.8a83d2p-11f;
    g = FMAF(g, u, -0x1.ed72c8p-10f);
    g = FMAF(g, u, 0x1.118358p-8f);
    g = FMAF(g, u, -0x1.3c624ep-7f);
    g = FMAF(g, u, 0x1.56a920p-6f);
    g = FMAF(g, u, -0x1.554314p-5f);
    g = FMAF(g, u, 0x1.33ca94p-4f);
    g = FMAF(g, u, -0x1.e6c524p-4f);
    g = FMAF(g, u, 0x1.3c2728p-3f);
    g = FMAF(g, u, 0x1.b5d878p-2f);
  } else {
    float t = (x - 3.0f) / (x + 3.0f);
    g = -0x1.fe9b44p-13f;
    g = FMAF(g, t, 0x1.3c0b04p-10f);
    g = FMAF(g, t, 0x1.aacac8p-11f);
    g = FMAF(g, t, -0x1.cb52c4p-7f);
    g = FMAF(g, t, 0x1.7be00ap-5f);
    g = FMAF(g, t, -0x1.870aa2p-4f);
    g = FMAF(g, t, 0x1.1e78bep-3f);
    g = FMAF(g, t, -0x1.2c33c4p-3f);
    g = FMAF(g, t, 0x1.865fdep-4f);
    g = FMAF(g, t, 0x1.12f21ep-1f);
  }
  float x2 = x * x;
  float x2_lo = FMAF(x, x, -x2);
  int k;
  float e = exp_parts(-x2, -x2_lo, &k);
  return scalef(e * g / x, k);
}

EXPORT float __oxhip_erff(float x) {
  float ax = fabsf_(x);
  if (ax <= 1.0f) return erf_small_f(x);
  if (x != x) return x;
  float r = ax >= 4.0f ? 1.0f : 1.0f - erfc_large_f(ax);
  return copysignf_(r, x);
}
#endif

/* erfc(x) = e^(-a^2) g(a) for a = |x| (and 2 minus that for x < 0), one branch-free path
 * for every input (the earlier two fits, read from a table by row, and erf's polynomial
 * near 0 behind a branch, cost half as much again as libdevice on the H100). g = erfcx is
 * computed as (1 + p) / (1 + 2a): (1 + 2a) erfcx(a) stays within [1, 1.29] on [0, inf),
 * so p's rounding and the error of its argument barely matter. p is a polynomial in
 * u = a / (a + 2) - 0.4 (u in [-0.4, 0.44] for a <= 10.1), fitted for relative error
 * 2^-25.6 in 1 + p (2^-24.4 with float evaluation); a / (a + 2) carries the reciprocal's
 * error only relatively, which the fit's flatness damps, so the approximate reciprocal
 * goes in without a Newton step (on the host, with both reciprocals made an ulp too
 * large or too small, the maximum went from 1.89 to 2.15 and 2.37 ulp; bound 4). The
 * division by 1 + 2a corrects the approximate reciprocal with the residual
 * (1 + p) - q (1 + 2a), formed without rounding 1 + 2a. e^(-a^2) from the float polynomial with a^2 in two parts (the
 * exponential instruction's two ulps pushed the result past the bound of 4). Above 10.1
 * erfc is below half the least subnormal: a is clamped there (NaN passes), which rounds
 * to 0, and to 2 for x < -10.1. */
EXPORT float __oxhip_erfcf(float x) {
  float a = fabsf_(x);
  a = a > 10.1f ? 10.1f : a;
  float u = FMAF(a, rcp_approx(a + 2.0f), -0.4f); /* unrefined: see below */
  float p = 0x1.bc9362p-6f;
  p = FMAF(p, u, -0x1.b5e43ap-3f);
  p = FMAF(p, u, -0x1.200a0ep-3f);
  p = FMAF(p, u, 0x1.659aecp-2f);
  p = FMAF(p, u, 0x1.75f014p-2f);
  p = FMAF(p, u, -0x1.1427dcp-1f);
  p = FMAF(p, u, -0x1.53a28cp-1f);
  p = FMAF(p, u, 0x1.9f8ec8p+0f);
  p = FMAF(p, u, -0x1.1b457cp+0f);
  p = FMAF(p, u, -0x1.4860f4p-7f);
  p = FMAF(p, u, 0x1.2664ccp-2f);
  float d = rcp_approx(FMAF(2.0f, a, 1.0f));
  float q = FMAF(p, d, d);
  float g = FMAF((p - q) + FMAF(q + q, -a, 1.0f), d, q);
  /* e^(-a^2) g as g + g (e^r - 1) times 2^j: exp_parts inlined without its 1 + ..., whose
   * rounding the product would add to its own */
  float a2 = a * a;
  u32 bits;
  float j = round_small(a2 * -L2EF_HI, &bits);
  float r = FMAF(j, -LN2F_HI, -a2); /* exact */
  r = FMAF(j, -LN2F_LO, r) - FMAF(a, a, -a2);
  float v = scalef(FMAF(g, FMAF(r * r, expm1_tail(r), r), g), (int)(bits - 0x4b400000u));
  return x < 0.0f ? 2.0f - v : v;
}

/* ---- roots ------------------------------------------------------------------------- */

EXPORT float __oxhip_rsqrtf(float x) {
#if defined(__NVPTX__)
  return __nvvm_rsqrt_approx_f(x);
#elif defined(__AMDGCN__)
  if (x < 0x1p-126f && x > 0.0f) return __builtin_amdgcn_rsqf(x * 0x1p24f) * 0x1p12f;
  return __builtin_amdgcn_rsqf(x);
#else
  return 1.0f / __builtin_sqrtf(x);
#endif
}

/* 1 / sqrt(x) rounded once: r = sqrt(x) and its correction d = (x - r^2) / (2r) (the
 * residual exact by FMA), then q = 1/r corrected by its own residual less q d; 1.0 /
 * sqrt(x) rounds twice (CUDA's bound is 1 ulp). Zeros, infinities, NaN and negative x
 * come out of the first quotient (the corrections are NaN or zero there, or select q). */
EXPORT double __oxhip_rsqrt(double x) {
  /* Below 2^-1000 the residual x - r^2 would fall under the subnormals: x 2^108 instead,
   * and the result times 2^54. */
  double scale = 1.0;
  if (x > 0.0 && x < 0x1p-1000) {
    x *= 0x1p108;
    scale = 0x1p54;
  }
  double r = __builtin_sqrt(x);
  double q = 1.0 / r;
  if (!(q > 0x1p-1022 && q < 0x1p1022)) return q;
  double d = __builtin_fma(-r, r, x) * (0.5 * q);
  return __builtin_fma(q, __builtin_fma(-q, r, 1.0) - q * d, q) * scale;
}

/* CUDA's correctly rounded intrinsics (__fdiv_rn, __frcp_rn, __fsqrt_rn). They live here, not
 * in the header, because codegen relaxes the division and square root of the user's code
 * under nvcc's -prec-div=false and -prec-sqrt=false (and clang's -ffast-math marks them
 * approximate), but not the library's. */
EXPORT float __oxhip_fdiv_rn(float x, float y) { return x / y; }
EXPORT float __oxhip_frcp_rn(float x) { return 1.0f / x; }
EXPORT float __oxhip_fsqrt_rn(float x) { return __builtin_sqrtf(x); }

#if defined(__NVPTX__) || defined(__AMDGCN__)
/* w = |m|^(-1/3) from the instructions, 2^(-log2 |m| / 3) (relative error about 2^-21),
 * then y = m w^2 and one Newton step y - (y^3 - m) / (3 y^2), with 1 / (3 y^2) taken as
 * w^2 / 3 (|m| w^3 = 1 to 2^-21, so its error is of order 2^-20 on a correction of 2^-21)
 * and y^3 - m as fma(y^2, y, -m) (only y^2 rounds, a sixth of an ulp in the result), for
 * normal |m| >= 2^-100. m keeps its sign, so y has the root's sign (the rounding is
 * symmetric). Two special-function instructions where x^(1/3) and a reciprocal for the
 * step took three: they run at an eighth of the FMA rate, and three per evaluation kept
 * that unit nearly as busy as the issue slots (devicelibs/fit/sass_pipes.py). |m| is
 * normal, so NVPTX takes lg2's .ftz form: the plain one adds a subnormal rescaling around
 * the same instruction (four operations). For m = 0 or infinite w^2 is inf or 0, and the
 * result NaN. */
INLINE float cbrt_kernel_f(float m) {
#if defined(__NVPTX__)
  float w = __nvvm_ex2_approx_ftz_f(__nvvm_lg2_approx_ftz_f(fabsf_(m)) * (-1.0f / 3.0f));
#else
  float w = __builtin_amdgcn_exp2f(__builtin_amdgcn_logf(fabsf_(m)) * (-1.0f / 3.0f));
#endif
  float w2 = w * w;
  float y = m * w2;
  return FMAF(-FMAF(y * y, y, -m), w2 * (1.0f / 3.0f), y);
}

/* Branch-free (a call to a slow path costs its own branches in every warp): |x| below
 * 2^-100 is scaled by 2^75 first, so that r^3 and the residual stay normal, and the root
 * by 2^-25 after. The kernel's NaN marks the rare inputs: 0 and infinities, whose root is
 * m itself (x, or 0 scaled), and NaN, which m is then too. */
EXPORT float __oxhip_cbrtf(float x) {
  int tiny = fabsf_(x) < 0x1p-100f;
  float m = tiny ? x * 0x1p75f : x;
  float r = cbrt_kernel_f(m);
  r = tiny ? r * 0x1p-25f : r;
  return r != r ? m : r;
}
#else
/* y^3 - m, with y^3 computed in two parts (for y^3 and m far from overflow and underflow). */
INLINE float cube_residual(float y, float m) {
  float y2 = y * y;
  float y2_lo = FMAF(y, y, -y2);
  float y3 = y2 * y;
  float y3_lo = FMAF(y2, y, -y3) + y2_lo * y;
  return (y3 - m) + y3_lo;
}

EXPORT float __oxhip_cbrtf(float x) {
  float ax = fabsf_(x);
  /* x + x is x for 0 and infinities, and for subnormals where they are flushed (the CPU
   * device under -ftz=true): a test of ax == 0 became one of its bits, and a flushed
   * subnormal went on to the scaling below as 0 (cbrtf(2^-148) was 1.59 2^-51). */
  float twice = x + x;
  if (twice == x || !(ax < INFF)) return twice;
  int adjust = 0;
  if (ax < 0x1p-126f) {
    ax *= 0x1p24f;
    adjust = -8;
  }
  u32 u = fbits(ax);
  int e = (int)(u >> 23) - 127;
  int third = (e + 384) / 3 - 128; /* floor(e / 3) */
  int rem = e - 3 * third;         /* 0, 1, 2 */
  float m = ffrom((u & 0x007fffffu) | ((u32)(127 + rem) << 23)); /* [1, 8) */
  /* m^(-1/3) from a rough start by Newton's iteration r += r (1 - m r^3) / 3. */
  float r = FMAF(FMAF(0.012976f, m, -0.18821f), m, 1.17523f); /* within 7% */
  for (int i = 0; i < 4; ++i) r = FMAF(r * (1.0f / 3.0f), FMAF(-m, r * r * r, 1.0f), r);
  /* y = m r^2, then one correction with the exact residual y^3 - m. */
  float y = m * (r * r);
  y = FMAF(-cube_residual(y, m) * (1.0f / 3.0f), r * r, y);
  return copysignf_(scalef(y, third + adjust), x);
}
#endif

/* ---- the rest: the double function, rounded once ------------------------------------- */

#define FLOAT1(name)                                                                         \
  EXPORT float __oxhip_##name##f(float x) { return (float)__oxhip_##name((double)x); }
#define FLOAT2(name)                                                                         \
  EXPORT float __oxhip_##name##f(float x, float y) {                                        \
    return (float)__oxhip_##name((double)x, (double)y);                                     \
  }
FLOAT1(asinh) FLOAT1(acosh) FLOAT1(atanh)
FLOAT2(hypot)
