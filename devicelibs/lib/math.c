/* oxhip devicelibs: the math functions the GPU backends cannot lower by themselves.
 *
 * Portable C (C11, no libm, no tables in memory), compiled by build.rs to bitcode for
 * amdgcn and nvptx64 and, by the tests, for the host, where the results are compared
 * with glibc's libm. Every function is exported as __oxhip_<name> with C linkage; the
 * device headers (runtime/include/hip/oxhip/math.h) map the C names onto these.
 *
 * Technique: argument reduction with extra-precise constants (Cody-Waite splits whose
 * high parts have trailing zero bits, so that k * HI is exact), Horner polynomials with
 * fused multiply-add on the reduced argument, and double-double arithmetic where a
 * result needs more than 53 bits internally (log inside pow, the reductions).
 * The float functions (math_float.c, included at the end) are computed in single
 * precision from float polynomials and the GPUs' fast instructions, within CUDA's
 * documented ulp bounds.
 * FIXME(#2): Payne-Hanek reduction for |x| >= 2^20 in the double sin/cos/tan.
 */

typedef unsigned long long u64;

#define FMA(a, b, c) __builtin_fma((a), (b), (c))
#define INF __builtin_inf()
#define NAN_VALUE __builtin_nan("")
#define EXPORT __attribute__((visibility("hidden")))
#define INLINE static inline __attribute__((always_inline))
/* A rare path kept out of line: the GPUs' compilers would otherwise predicate it into the
 * common path, which every work-item then executes. */
#define SLOW static __attribute__((noinline, cold))
/* Hides how v was computed from the optimiser: `fbits(x) - c >= d` stays one integer
 * comparison instead of becoming a floating-point class test of several. */
#if defined(__AMDGCN__)
#define OPAQUE(v) __asm__("" : "+v"(v)) /* a vector register: "r" is a scalar one there */
#else
#define OPAQUE(v) __asm__("" : "+r"(v))
#endif

/* Constants: the value split into a double and the (rounded) remainder. */
#define LN2_HI 0x1.62e42fefa39efp-1
#define LN2_LO 0x1.abc9e3b39803fp-56
#define INV_LN2_HI 0x1.71547652b82fep+0
#define INV_LN2_LO 0x1.777d0ffda0d24p-56
#define LN10_HI 0x1.26bb1bbb55516p+1
#define LN10_LO -0x1.f48ad494ea3e9p-53
#define INV_LN10_HI 0x1.bcb7b1526e50ep-2
#define INV_LN10_LO 0x1.95355baaafad3p-57
#define LOG10_2_HI 0x1.34413509f79ffp-2
#define LOG10_2_LO -0x1.9dc1da994fd21p-59
#define LOG2_10_HI 0x1.a934f0979a371p+1
#define LOG2_10_LO 0x1.7f2495fb7fa6dp-53
#define PI_HI 0x1.921fb54442d18p+1
#define PI_LO 0x1.1a62633145c07p-53
#define PIO2_HI 0x1.921fb54442d18p+0
#define PIO2_LO 0x1.1a62633145c07p-54
#define PIO4_HI 0x1.921fb54442d18p-1
#define PIO4_LO 0x1.1a62633145c07p-55
#define TWO_OVER_PI 0x1.45f306dc9c883p-1
#define TWO_OVER_SQRT_PI_HI 0x1.20dd750429b6dp+0
#define INV_SQRT_PI 0x1.20dd750429b6dp-1
/* Cody-Waite: ln2 with 32 significant bits (k * LN2_CW_HI exact for |k| < 2^21), and
 * pi/2 in three pieces, the first two with 33 significant bits. */
#define LN2_CW_HI 0x1.62e42fee00000p-1
#define LN2_CW_LO 0x1.a39ef35793c76p-33
#define PIO2_1 0x1.921fb54400000p+0
#define PIO2_2 0x1.0b4611a600000p-34
#define PIO2_3 0x1.3198a2e037073p-69

INLINE u64 bits_of(double x) {
  u64 u;
  __builtin_memcpy(&u, &x, sizeof u);
  return u;
}
INLINE double from_bits(u64 u) {
  double x;
  __builtin_memcpy(&x, &u, sizeof x);
  return x;
}
INLINE double fabs_(double x) { return __builtin_fabs(x); }
INLINE int is_nan(double x) { return x != x; }
INLINE int is_inf(double x) { return fabs_(x) == INF; }

/* x * 2^k for any k in [-2200, 2200], rounding once. */
INLINE double scale2(double x, int k) {
  if (k > 1023) {
    x *= 0x1p1023;
    k -= 1023;
    if (k > 1023) {
      x *= 0x1p1023;
      k -= 1023;
      if (k > 1023) k = 1023;
    }
  } else if (k < -1022) {
    /* Scale with 2^-969 (not 2^-1022) so the intermediate keeps 53 bits and only the
     * last multiply rounds into the subnormal range. */
    x *= 0x1p-969;
    k += 969;
    if (k < -1022) {
      x *= 0x1p-969;
      k += 969;
      if (k < -1022) k = -1022;
    }
  }
  return x * from_bits((u64)(k + 1023) << 52);
}

/* Splits finite positive x into m * 2^e with m in [sqrt(1/2), sqrt(2)). */
INLINE double split_exponent(double x, int *e) {
  int adjust = 0;
  if (x < 0x1p-1022) {
    x *= 0x1p54;
    adjust = -54;
  }
  u64 u = bits_of(x);
  int exponent = (int)((u >> 52) & 0x7ff) - 1023;
  double m = from_bits((u & 0x000fffffffffffffull) | 0x3ff0000000000000ull);
  if (m > 0x1.6a09e667f3bcdp+0) {
    m *= 0.5;
    exponent += 1;
  }
  *e = exponent + adjust;
  return m;
}

/* Error-free sum: a + b = *hi + *lo exactly. */
INLINE void two_sum(double a, double b, double *hi, double *lo) {
  double s = a + b;
  double bb = s - a;
  *lo = (a - (s - bb)) + (b - bb);
  *hi = s;
}

/* ---- exponentials ------------------------------------------------------------------ */

/* e^r = 1 + r p(r) for |r| <= 0.347 (ln2/2 and a margin), p of degree 10 (Chebyshev
 * interpolation of (e^r - 1) / r, relative error of 1 + r p(r) 2^-56.3). */
INLINE double exp_reduced(double r) {
  double p = 0x1.af4e70dd7207dp-26;
  p = FMA(p, r, 0x1.28a33868d1bfap-22);
  p = FMA(p, r, 0x1.71de01f07539bp-19);
  p = FMA(p, r, 0x1.a019a5f73f0b7p-16);
  p = FMA(p, r, 0x1.a01a01abfc8ddp-13);
  p = FMA(p, r, 0x1.6c16c17f68045p-10);
  p = FMA(p, r, 0x1.11111111100b6p-7);
  p = FMA(p, r, 0x1.555555555202ap-5);
  p = FMA(p, r, 0x1.5555555555557p-3);
  p = FMA(p, r, 0x1.0000000000005p-1);
  p = FMA(p, r, 1.0);
  return p;
}

/* x 2^k for |k| <= 2044 in two exact power-of-two factors, branch-free: only the second
 * product can round (into the subnormals) or overflow. */
INLINE double scale2_split(double x, int k) {
  int k1 = k >> 1, k2 = k - k1;
  return (x * from_bits((u64)(k1 + 1023) << 52)) * from_bits((u64)(k2 + 1023) << 52);
}

/* e^(hi + lo) = e^(r + r_lo) 2^k: k by the 1.5 2^52 shift (its low 32 bits are the sum's,
 * no conversions), r exact. */
INLINE double exp_dd_parts(double hi, double lo, int *k) {
  double big = FMA(hi, INV_LN2_HI, 0x1.8p52);
  double dk = big - 0x1.8p52;
  double r = FMA(-dk, LN2_CW_HI, hi); /* exact */
  double r_lo = FMA(-dk, LN2_CW_LO, lo);
  double rr = r + r_lo;
  *k = (int)(unsigned)bits_of(big);
  return FMA(rr, exp_reduced(rr), 1.0);
}

/* e^(hi + lo) where the result may overflow or be subnormal, or hi is NaN. */
SLOW double exp_dd_slow(double hi, double lo) {
  if (hi != hi) return hi;
  if (hi > 709.8) return INF;
  if (hi < -745.2) return 0.0;
  int k;
  double p = exp_dd_parts(hi, lo, &k);
  return scale2_split(p, k);
}

/* e^(hi + lo), |lo| <= 2^-50 |hi|. For |hi| <= 708 the result is a normal double and
 * 2^k goes into its exponent field with one integer addition. */
INLINE double exp_dd(double hi, double lo) {
  if (__builtin_expect(!(__builtin_fabs(hi) <= 708.0), 0)) return exp_dd_slow(hi, lo);
  int k;
  double p = exp_dd_parts(hi, lo, &k);
  return from_bits(bits_of(p) + ((u64)(long long)k << 52));
}

/* e^x where |x| >= 708, an infinity or a NaN: p 2^k from the fast path's p and k (the
 * reduction is meaningless above 2^31 and for infinities and NaN, which are replaced). */
INLINE double exp_edge(double x, double p, int k) {
  double v = scale2_split(p, k);
  if (x > 709.8) v = INF;
  if (x < -745.2) v = 0.0;
  return x != x ? x : v;
}

/* exp alone (pow and the others call exp_dd): x - k ln2 by two FMAs, the first exact, so
 * the reduced argument rounds once, as with exp_dd's separate low part but without its
 * addition; the range test on the high word (an integer comparison, where the double one
 * costs an FP64 instruction), taken after the polynomial so that the edge cases only
 * rescale its result and stay inline: a call, even a rare one, made ptxas reload the
 * polynomial's constants into uniform registers on every evaluation. */
EXPORT double __oxhip_exp(double x) {
  double big = FMA(x, INV_LN2_HI, 0x1.8p52);
  double dk = big - 0x1.8p52;
  double r = FMA(-dk, LN2_CW_LO, FMA(-dk, LN2_CW_HI, x));
  double p = FMA(r, exp_reduced(r), 1.0);
  int k = (int)(unsigned)bits_of(big);
  unsigned high = (unsigned)(bits_of(x) >> 32) & 0x7fffffffu;
  OPAQUE(high);
  if (__builtin_expect(high >= 0x40862000u, 0)) return exp_edge(x, p, k); /* |x| >= 708 */
  return from_bits(bits_of(p) + ((u64)(long long)k << 52));
}

EXPORT double __oxhip_exp2(double x) {
  if (is_nan(x)) return x;
  if (x >= 1024.0) return INF;
  if (x < -1080.0) return 0.0;
  double k = __builtin_rint(x);
  double f = x - k; /* exact, |f| <= 1/2 */
  double t_hi = f * LN2_HI;
  double t_lo = FMA(f, LN2_HI, -t_hi) + f * LN2_LO;
  double rr = t_hi + t_lo;
  return scale2(FMA(rr, exp_reduced(rr), 1.0), (int)k);
}

EXPORT double __oxhip_exp10(double x) {
  if (is_nan(x)) return x;
  if (x > 308.26) return INF;
  if (x < -324.0) return 0.0;
  double t_hi = x * LN10_HI;
  double t_lo = FMA(x, LN10_HI, -t_hi) + x * LN10_LO;
  return exp_dd(t_hi, t_lo);
}

/* e^x - 1 - x = x^2 p(x) for |x| <= ln2/2 + small, with x^2 exact in two parts. */
INLINE double expm1_small_tail(double x) {
  double p = 1.0 / 87178291200.0;
  p = FMA(p, x, 1.0 / 6227020800.0);
  p = FMA(p, x, 1.0 / 479001600.0);
  p = FMA(p, x, 1.0 / 39916800.0);
  p = FMA(p, x, 1.0 / 3628800.0);
  p = FMA(p, x, 1.0 / 362880.0);
  p = FMA(p, x, 1.0 / 40320.0);
  p = FMA(p, x, 1.0 / 5040.0);
  p = FMA(p, x, 1.0 / 720.0);
  p = FMA(p, x, 1.0 / 120.0);
  p = FMA(p, x, 1.0 / 24.0);
  p = FMA(p, x, 1.0 / 6.0);
  p = FMA(p, x, 0.5);
  double x2 = x * x;
  return FMA(x2, p, FMA(x, x, -x2) * p);
}

/* e^x - 1 as hi + *lo (not normalised; about 2^-60 relative), for |x| <= 41. Branch-free
 * (a warp with inputs on both sides of ln2/2 ran two paths): below ln2/2, k = 0, and the
 * steps below reduce to e^x - 1 = x + q exactly as a separate small path would. */
INLINE double expm1_dd(double x, double *lo) {
  double big = FMA(x, INV_LN2_HI, 0x1.8p52);
  double k = big - 0x1.8p52; /* rint without the conversion unit */
  /* x = k ln2 + r + r_lo, r_hi = x - k LN2_CW_HI exact, the rest with its rounding. */
  double r_hi = FMA(-k, LN2_CW_HI, x);
  double t = k * LN2_CW_LO;
  double t_lo = FMA(k, LN2_CW_LO, -t);
  double r = r_hi - t;
  double r_lo = ((r_hi - r) - t) - t_lo;
  /* e^r - 1 = r + q as em1 + em1_lo (two-sum of the last step), q = r^2 p(r) */
  double em1, em1_lo;
  two_sum(r, expm1_small_tail(r), &em1, &em1_lo);
  /* e^(r + r_lo) - 1 = (e^r - 1) + r_lo e^r */
  em1_lo += r_lo * (1.0 + em1);
  /* e^x - 1 = 2^k (e^r - 1) + (2^k - 1); 2^k - 1 and 2^k em1 are exact for these k, their
   * sum is carried in two parts and the small terms are added last. */
  double two_k = from_bits((u64)((long long)(int)(unsigned)bits_of(big) + 1023) << 52);
  double hi;
  two_sum(two_k * em1, two_k - 1.0, &hi, lo);
  *lo = FMA(two_k, em1_lo, *lo);
  return hi;
}

EXPORT double __oxhip_expm1(double x) {
  if (is_nan(x)) return x;
  if (x < -40.0) return -1.0;
  if (x > 709.8) return INF;
  if (x > 39.0) return __oxhip_exp(x) - 1.0;
  double lo;
  double hi = expm1_dd(x, &lo);
  return x == 0.0 ? x : hi + lo; /* expm1(-0) is -0 */
}

/* ---- logarithms -------------------------------------------------------------------- */

/* 1/u for u in [1, 4]: on the GPUs from the float reciprocal instruction and two Newton
 * steps (relative error about 2^-92 before the last rounding), which is cheaper there
 * than a double division (a subroutine with its own slow path). */
INLINE double rcp_mantissa(double u) {
#if defined(__NVPTX__) || defined(__AMDGCN__)
#if defined(__NVPTX__)
  double r = (double)__nvvm_rcp_approx_ftz_f((float)u);
#else
  double r = (double)__builtin_amdgcn_rcpf((float)u);
#endif
  r = FMA(r, FMA(-u, r, 1.0), r);
  return FMA(r, FMA(-u, r, 1.0), r);
#else
  return 1.0 / u;
#endif
}

/* s + *s_lo = (m - 1) / (m + 1) for m in [sqrt(1/2), sqrt(2)): the quotient rounded about
 * once, and its error to first order. */
INLINE double log_ratio(double m, double *s_lo) {
  double f = m - 1.0; /* exact */
  double u = 2.0 + f;
  double u_lo = f - (u - 2.0);
  double r = rcp_mantissa(u);
  double s = f * r;
  s = FMA(r, FMA(-s, u, f), s); /* f / u, rounded about once */
  *s_lo = (FMA(-s, u, f) - s * u_lo) * r;
  return s;
}

/* log(m) for m in [sqrt(1/2), sqrt(2)) as *hi + *lo, through s = (m-1)/(m+1) and
 * log(m) = 2 atanh(s) = 2s + 2s^3/3 + 2s^5/5 + ... */
INLINE void log_mantissa(double m, double *hi, double *lo) {
  double s_lo;
  double s = log_ratio(m, &s_lo);
  double z = s * s;
  double p = 2.0 / 25.0;
  p = FMA(p, z, 2.0 / 23.0);
  p = FMA(p, z, 2.0 / 21.0);
  p = FMA(p, z, 2.0 / 19.0);
  p = FMA(p, z, 2.0 / 17.0);
  p = FMA(p, z, 2.0 / 15.0);
  p = FMA(p, z, 2.0 / 13.0);
  p = FMA(p, z, 2.0 / 11.0);
  p = FMA(p, z, 2.0 / 9.0);
  p = FMA(p, z, 2.0 / 7.0);
  p = FMA(p, z, 2.0 / 5.0);
  p = FMA(p, z, 2.0 / 3.0);
  double tail = s * z * p;
  two_sum(2.0 * s, 2.0 * s_lo + tail, hi, lo);
}

/* log(x) for finite x > 0 as *hi + *lo (about 100 bits for the parts that matter). */
INLINE void log_dd(double x, double *hi, double *lo) {
  int e;
  double m = split_exponent(x, &e);
  double h, l;
  log_mantissa(m, &h, &l);
  double de = (double)e;
  double a = de * LN2_CW_HI; /* exact */
  double s, err;
  two_sum(a, h, &s, &err);
  double low = err + l + de * LN2_CW_LO;
  two_sum(s, low, hi, lo);
}

/* Special values shared by the logarithms: returns 1 and sets *result when x is not a
 * finite positive number. */
INLINE int log_special(double x, double *result) {
  if (is_nan(x)) *result = x;
  else if (x < 0.0) *result = NAN_VALUE;
  else if (x == 0.0) *result = -INF;
  else if (x == INF) *result = INF;
  else return 0;
  return 1;
}

/* log(x) for normal x > 0 scaled by 2^-adjust, rounded about once: log_mantissa's way
 * without its double-double result (pow needs that, log does not), with a minimax
 * polynomial for atanh's tail (7 terms, relative error 2^-50.9, against the series'
 * 12) and Fast2Sum for e ln2 + 2s (|e ln2| >= 0.69 > |2s| unless e is 0). */
INLINE double log_common(double x, int adjust) {
  u64 u = bits_of(x);
  long long ex = (long long)(u - 0x3fe6a09e667f3bcdull) >> 52;
  double m = from_bits(u - ((u64)ex << 52)); /* [sqrt(1/2), sqrt(2)) */
  double s_lo;
  double s = log_ratio(m, &s_lo);
  double z = s * s;
  double p = 0x1.2b58e1fea16c6p-3;
  p = FMA(p, z, 0x1.39fe54273fda1p-3);
  p = FMA(p, z, 0x1.7462b50978d9ap-3);
  p = FMA(p, z, 0x1.c71c62e434baap-3);
  p = FMA(p, z, 0x1.2492492df24c9p-2);
  p = FMA(p, z, 0x1.99999999952d9p-2);
  p = FMA(p, z, 0x1.5555555555558p-1);
  double low = FMA(s * z, p, 2.0 * s_lo);
  /* (double)e without the conversion unit */
  double de = from_bits(0x4338000000000000ull + (u64)(ex + adjust)) - 0x1.8p52;
  double a = de * LN2_CW_HI; /* exact */
  double h = 2.0 * s;
  double sum = a + h;
  double err = h - (sum - a);
  return sum + (err + FMA(de, LN2_CW_LO, low));
}

/* log(x) for x not a normal positive double. */
SLOW double log_slow(double x) {
  double special;
  if (log_special(x, &special)) return special;
  return log_common(x * 0x1p54, -54);
}

EXPORT double __oxhip_log(double x) {
  unsigned high = (unsigned)(bits_of(x) >> 32);
  OPAQUE(high);
  if (__builtin_expect(high - 0x00100000u >= 0x7fe00000u, 0)) return log_slow(x);
  return log_common(x, 0);
}

/* e + log(m) * c for c = 1/ln2 or 1/ln10 (given as c_hi + c_lo), exact when log(m) is 0. */
INLINE double log_scaled(double x, double c_hi, double c_lo, double e_hi, double e_lo) {
  int e;
  double m = split_exponent(x, &e);
  double h, l;
  log_mantissa(m, &h, &l);
  double t_hi = h * c_hi;
  double t_lo = FMA(h, c_hi, -t_hi) + (h * c_lo + l * c_hi);
  double de = (double)e;
  double a_hi = de * e_hi;
  double a_lo = FMA(de, e_hi, -a_hi) + de * e_lo;
  double s, err;
  two_sum(a_hi, t_hi, &s, &err);
  return s + (err + t_lo + a_lo);
}

EXPORT double __oxhip_log2(double x) {
  double special;
  if (log_special(x, &special)) return special;
  return log_scaled(x, INV_LN2_HI, INV_LN2_LO, 1.0, 0.0);
}

EXPORT double __oxhip_log10(double x) {
  double special;
  if (log_special(x, &special)) return special;
  return log_scaled(x, INV_LN10_HI, INV_LN10_LO, LOG10_2_HI, LOG10_2_LO);
}

EXPORT double __oxhip_log1p(double x) {
  if (is_nan(x)) return x;
  if (x < -1.0) return NAN_VALUE;
  if (x == -1.0) return -INF;
  if (x == INF) return INF;
  if (fabs_(x) < 0x1p-54) return x;
  double u = 1.0 + x;
  if (u == 1.0) return x;
  /* log(1 + x) = log(u) - ((u - 1) - x) / u, correcting the rounding of u. */
  double hi, lo;
  log_dd(u, &hi, &lo);
  return hi + (lo - ((u - 1.0) - x) / u);
}

/* ---- power ------------------------------------------------------------------------- */

INLINE int is_integer(double y) { return __builtin_rint(y) == y; }
INLINE int is_odd_integer(double y) {
  return fabs_(y) < 0x1p53 && is_integer(y) && __builtin_rint(y * 0.5) != y * 0.5;
}

EXPORT double __oxhip_pow(double x, double y) {
  /* C11 Annex F.10.4.4, in order. */
  if (y == 0.0 || x == 1.0) return 1.0;
  if (is_nan(x) || is_nan(y)) return x + y;
  int odd_y = is_odd_integer(y);
  if (x == 0.0) {
    if (y < 0.0) return odd_y ? __builtin_copysign(INF, x) : INF;
    return odd_y ? x : 0.0;
  }
  if (is_inf(y)) {
    double ax = fabs_(x);
    if (ax == 1.0) return 1.0;
    return ((ax < 1.0) == (y < 0.0)) ? INF : 0.0;
  }
  if (is_inf(x)) {
    if (x < 0.0) {
      if (y < 0.0) return odd_y ? -0.0 : 0.0;
      return odd_y ? -INF : INF;
    }
    return y < 0.0 ? 0.0 : INF;
  }
  double sign = 1.0;
  if (x < 0.0) {
    if (!is_integer(y)) return NAN_VALUE;
    if (odd_y) sign = -1.0;
    x = -x;
  }
  double l_hi, l_lo;
  log_dd(x, &l_hi, &l_lo);
  double p_hi = y * l_hi;
  double p_lo = FMA(y, l_hi, -p_hi) + y * l_lo;
  if (p_hi > 709.8) return sign * INF;
  if (p_hi < -745.2) return sign * 0.0;
  return sign * exp_dd(p_hi, p_lo);
}

/* ---- trigonometry ------------------------------------------------------------------ */

/* Payne-Hanek for x >= 2^20 (devicelibs/lib/bessel.c); the trigonometric functions' with
 * 64 more bits of 1/(2 pi). */
SLOW int bessel_reduce_huge_slow(double x, double *hi, double *lo);
SLOW int trig_reduce_huge_slow(double x, double *hi, double *lo);

/* x - k pi/2 as *hi + *lo and k mod 4 for finite |x| >= 2^20, where pi/2 in three parts
 * no longer holds (sin, cos and tan were NaN or meaningless there). */
SLOW int reduce_pio2_huge(double x, double *hi, double *lo) {
  int n = bessel_reduce_huge_slow(fabs_(x), hi, lo);
  if (x < 0.0) {
    *hi = -*hi;
    *lo = -*lo;
    n = -n;
  }
  return n & 3;
}

/* reduce_pio2_huge for sin, cos and tan: the remainder kept to 2^-128 of a turn. */
SLOW int reduce_pio2_huge_trig(double x, double *hi, double *lo) {
  int n = trig_reduce_huge_slow(fabs_(x), hi, lo);
  if (x < 0.0) {
    *hi = -*hi;
    *lo = -*lo;
    n = -n;
  }
  return n & 3;
}

/* x - k pi/2 as *hi + *lo and k mod 4, for finite x. */
INLINE int reduce_pio2(double x, double *hi, double *lo) {
  if (__builtin_expect(!(fabs_(x) < 0x1p20), 0)) return reduce_pio2_huge(x, hi, lo);
  if (fabs_(x) <= PIO4_HI) {
    *hi = x;
    *lo = 0.0;
    return 0;
  }
  /* rint by the 1.5 2^52 shift (no conversion instructions); k mod 4 is in the sum's low
   * bits. */
  double big = FMA(x, TWO_OVER_PI, 0x1.8p52);
  double k = big - 0x1.8p52;
  double a = FMA(-k, PIO2_1, x); /* exact for |k| < 2^20 */
  double t = k * PIO2_2;         /* exact */
  double s, err;
  two_sum(a, -t, &s, &err);
  err = FMA(-k, PIO2_3, err);
  two_sum(s, err, hi, lo);
  return (int)(bits_of(big) & 3);
}

/* The polynomials of sin (row 0) and cos (row 1) on |x| <= pi/4 (+ 0.1%), Chebyshev
 * interpolants of (sin x - x) / x^3 and (cos x - 1 + x^2/2) / x^4 in z = x^2 (relative
 * error 2^-53.9), the row chosen per element: with a switch over the quadrant, a warp
 * whose elements fall in all four quadrants ran four kernels one after the other (3.6x
 * nvcc's time). */
static const double SIN_COS_POLY[2][8] __attribute__((aligned(64))) = {
    {-0x1.ab16164d57b73p-41, 0x1.61217c169fcfep-33, -0x1.ae64540f09649p-26,
     0x1.71de3a545e6ebp-19, -0x1.a01a01a019926p-13, 0x1.1111111111110p-7,
     -0x1.5555555555555p-3, 0.0},
    {0x1.ab76ce8172bdbp-45, -0x1.9394b76b8c074p-37, 0x1.1eed8de9ee751p-29,
     -0x1.27e4fb7711e14p-22, 0x1.a01a01a019d02p-16, -0x1.6c16c16c16c16p-10,
     0x1.5555555555555p-5, -0.5},
};

/* sin(x + lo) for cosine = 0, cos(x + lo) for cosine = 1, |x| <= pi/4 (+ a little):
 * sin(x + lo) ~= x + x z p + lo (1 - z/2); cos(x + lo) ~= 1 - z/2 + z^2 p - x lo with
 * 1 - z/2 evaluated with its rounding error. Returns the lead term (x or 1 - z/2) and
 * puts the rest in *t. */
INLINE double sin_or_cos_kernel_parts(double x, double lo, int cosine, int compensated,
                                      double *t) {
  const double *c = SIN_COS_POLY[cosine];
  double z = x * x;
  double p = c[0];
  for (int i = 1; i < 7; ++i) p = FMA(p, z, c[i]);
  double half = 0.5 * z;
  double w = 1.0 - half;
  double w_err = (1.0 - w) - half;
  double lead = cosine ? w : x;
  double factor = cosine ? z * z : x * z;
  double tail = cosine ? (compensated ? w_err : 0.0) - x * lo : lo * w;
  *t = FMA(factor, p, tail);
  return lead;
}
/* The kernel's value: the lead term and the rest added. */
INLINE double sin_or_cos_kernel_c(double x, double lo, int cosine, int compensated) {
  double t;
  double lead = sin_or_cos_kernel_parts(x, lo, cosine, compensated, &t);
  return lead + t;
}

/* sin(x + lo) for cosine = 0, cos(x + lo) for cosine = 1 (sin and cos from 2^20 on): one
 * polynomial whose row is chosen per element, 1 - z/2 without its rounding error, and lo
 * carried to first order only (sin: + lo; cos: - x lo). */
INLINE double sin_or_cos_kernel(double x, double lo, int cosine) {
  const double *c = SIN_COS_POLY[cosine];
  double z = x * x;
  double p = c[0];
  for (int i = 1; i < 7; ++i) p = FMA(p, z, c[i]);
  double lead = cosine ? FMA(-0.5, z, 1.0) : x;
  double factor = (cosine ? z : x) * z;
  double tail = cosine ? -x * lo : lo;
  return lead + FMA(factor, p, tail);
}

/* sin(r) for cosine = 0, cos(r) for cosine = 1, |r| <= pi/4 (+ a little), for sin and
 * cos below 2^20: the row's eight coefficients give q(z) = (sin r - r) / r (its last
 * coefficient 0) or (cos r - 1) / z (its last -1/2), and the result is r + r q or
 * 1 + z q, one FMA whichever the row. */
INLINE double sin_or_cos_short(double r, int cosine) {
  const double *c = SIN_COS_POLY[cosine];
  double z = r * r;
  double q = c[0];
  for (int i = 1; i < 8; ++i) q = FMA(q, z, c[i]);
  unsigned is_cos = (unsigned)cosine;
  OPAQUE(is_cos); /* a 32-bit test, not one on the 64-bit table index */
  /* Both forms and a select: one instruction fewer than selecting the operands. */
  double vs = FMA(q, r, r), vc = FMA(q, z, 1.0);
  return is_cos ? vc : vs;
}

INLINE double sin_kernel(double x, double lo) { return sin_or_cos_kernel_c(x, lo, 0, 1); }
INLINE double cos_kernel(double x, double lo) { return sin_or_cos_kernel_c(x, lo, 1, 1); }

/* x - k pi/2 and k mod 4 for sin and cos below 2^20, whose bound (2 ulp) leaves room:
 * pi/2 in three parts, the first with 33 bits (x - k PIO2_1 exact), the other two with 53
 * (pi/2 to 2^-142 k), and no low part: the two roundings leave r within about an ulp,
 * and the kernel needs no correction term. Branch-free: below pi/4, k = 0 and r = x. */
INLINE double reduce_pio2_short(double x, int *n) {
  double big = FMA(x, TWO_OVER_PI, 0x1.8p52);
  double k = big - 0x1.8p52;
  double a = FMA(-k, PIO2_1, x); /* exact for |k| < 2^20 */
  double s = FMA(-k, 0x1.0b4611a626331p-34, a);
  *n = (int)(unsigned)bits_of(big);
  return FMA(-k, 0x1.1701b839a2520p-88, s);
}

/* sin (cosine = 0) and cos (cosine = 1) for |x| >= 2^20, infinities and NaN. */
SLOW double sin_or_cos_slow(double x, int cosine) {
  if (!(fabs_(x) < INF)) return x - x;
  double hi, lo;
  int n = reduce_pio2_huge_trig(x, &hi, &lo) + cosine;
  double v = sin_or_cos_kernel(hi, lo, n & 1);
  return (n & 2) ? -v : v;
}

/* Whether |x| >= 2^20 (or x is an infinity or a NaN), on the high word's bits: an integer
 * comparison, where `fabs(x) < 0x1p20` costs a double-precision one. */
INLINE int sin_or_cos_is_slow(double x) {
  unsigned high = (unsigned)(bits_of(x) >> 32) & 0x7fffffffu;
  OPAQUE(high);
  return high >= 0x41300000u;
}

/* The sign of the quadrant by an integer XOR; sin(-0) = -0 comes out of the arithmetic
 * (k = 0, r = -0, -0 + -0 q). */
EXPORT double __oxhip_sin(double x) {
  if (__builtin_expect(sin_or_cos_is_slow(x), 0)) return sin_or_cos_slow(x, 0);
  int n;
  double r = reduce_pio2_short(x, &n);
  double v = sin_or_cos_short(r, n & 1);
  return from_bits(bits_of(v) ^ ((u64)(n & 2) << 62));
}

EXPORT double __oxhip_cos(double x) {
  if (__builtin_expect(sin_or_cos_is_slow(x), 0)) return sin_or_cos_slow(x, 1);
  int n;
  double r = reduce_pio2_short(x, &n);
  double v = sin_or_cos_short(r, (n & 1) ^ 1);
  return from_bits(bits_of(v) ^ ((u64)((n + 1) & 2) << 62));
}

EXPORT void __oxhip_sincos(double x, double *sin_out, double *cos_out) {
  if (is_nan(x) || is_inf(x)) {
    *sin_out = *cos_out = x - x;
    return;
  }
  double hi, lo;
  int n = reduce_pio2(x, &hi, &lo);
  double s = sin_kernel(hi, lo), c = cos_kernel(hi, lo);
  switch (n) {
  case 0: *sin_out = s; *cos_out = c; break;
  case 1: *sin_out = c; *cos_out = -s; break;
  case 2: *sin_out = -s; *cos_out = -c; break;
  default: *sin_out = -c; *cos_out = s; break;
  }
}

/* sin_or_cos_kernel_c (compensated) as its return value + *v_lo: the last addition split
 * exactly (the lead term is the larger), so that tan's quotient sees both kernels' last
 * roundings. */
INLINE double sin_or_cos_kernel_dd(double x, double lo, int cosine, double *v_lo) {
  double t;
  double lead = sin_or_cos_kernel_parts(x, lo, cosine, 1, &t);
  double v = lead + t;
  *v_lo = t - (v - lead);
  return v;
}

/* tan = s / c (or -c / s in odd quadrants) with both in two parts: the quotient from one
 * reciprocal, then corrected by its residual (exact by FMA) and the low parts, so that
 * it rounds about once; the quotient of the rounded kernels reached 2.1 ulp. */
EXPORT double __oxhip_tan(double x) {
  if (is_nan(x) || is_inf(x)) return x - x;
  double hi, lo;
  int n = __builtin_expect(!(fabs_(x) < 0x1p20), 0) ? reduce_pio2_huge_trig(x, &hi, &lo)
                                                     : reduce_pio2(x, &hi, &lo);
  double s_lo, c_lo;
  double s = sin_or_cos_kernel_dd(hi, lo, 0, &s_lo);
  double c = sin_or_cos_kernel_dd(hi, lo, 1, &c_lo);
  int odd = n & 1;
  double num = odd ? c : s, num_lo = odd ? c_lo : s_lo;
  double den = odd ? -s : c, den_lo = odd ? -s_lo : c_lo;
  double rd = 1.0 / den;
  double q = num * rd;
  double e = FMA(-q, den, num) + (num_lo - q * den_lo);
  double r = FMA(e, rd, q);
  return x == 0.0 ? x : r; /* tan(-0) is -0 */
}

/* atan(u) for |u| <= tan(pi/8): odd Taylor series to u^49. */
INLINE double atan_small(double u) {
  double z = u * u;
  double p = 0.0;
  for (int n = 24; n >= 1; --n) p = FMA(p, z, ((n & 1) ? -1.0 : 1.0) / (2.0 * n + 1.0));
  return FMA(u * z, p, u);
}

/* atan(t + t_lo) for t >= 0, |t_lo| <= 2^-50 t: the argument's low part, and the
 * rounding of each reduction (t - 1, t + 1, their quotient, 1/t), are carried to first
 * order, so that the result rounds about once (2.1 ulp before, against CUDA's 2). */
INLINE double atan_parts(double t, double t_lo) {
  if (t <= 0x1.a827999fcef32p-2) /* tan(pi/8) */
    return atan_small(t) + t_lo / FMA(t, t, 1.0);
  if (t <= 0x1.3504f333f9de6p+1) { /* tan(3pi/8): pi/4 + atan((t - 1) / (t + 1)) */
    double n, n_lo, d, d_lo;
    two_sum(t, -1.0, &n, &n_lo);
    two_sum(t, 1.0, &d, &d_lo);
    n_lo += t_lo;
    d_lo += t_lo;
    double u = n / d;
    double u_lo = (FMA(-u, d, n) + (n_lo - u * d_lo)) / d;
    return PIO4_HI + (PIO4_LO + (atan_small(u) + u_lo / FMA(u, u, 1.0)));
  }
  if (t > 0x1p60) return PIO2_HI + PIO2_LO;
  /* pi/2 - atan(1/t) */
  double r = 1.0 / t;
  double r_lo = (FMA(-r, t, 1.0) - r * t_lo) / t;
  return PIO2_HI + (PIO2_LO - (atan_small(r) + r_lo / FMA(r, r, 1.0)));
}

EXPORT double __oxhip_atan(double x) {
  if (is_nan(x)) return x;
  double a = atan_parts(fabs_(x), 0.0);
  return __builtin_signbit(x) ? -a : a; /* atan(-0) is -0 */
}

/* atan2(y + y_lo, x + x_lo) for finite y, x with low parts below 2^-50 of them (asin
 * and acos pass the square root's): the quotient's rounding is carried into atan_parts. */
INLINE double atan2_finite(double y, double y_lo, double x, double x_lo) {
  int y_negative = __builtin_signbit(y) != 0;
  int x_negative = __builtin_signbit(x) != 0;
  double ax = fabs_(x), ay = fabs_(y), a;
  double ax_lo = x_negative ? -x_lo : x_lo;
  double ay_lo = y_negative ? -y_lo : y_lo;
  if (ay == 0.0) {
    a = x_negative ? PI_HI : 0.0;
  } else if (ax == 0.0) {
    a = PIO2_HI;
  } else if (ay <= ax) {
    double q = ay / ax;
    double q_lo = (FMA(-q, ax, ay) + (ay_lo - q * ax_lo)) / ax;
    /* q_lo can underflow when q does; atan(q) is then q and the low part does not count */
    a = atan_parts(q, q_lo);
    if (x_negative) a = PI_HI + (PI_LO - a);
  } else {
    double q = ax / ay;
    double q_lo = (FMA(-q, ay, ax) + (ax_lo - q * ay_lo)) / ay;
    double b = atan_parts(q, q_lo);
    a = x_negative ? PIO2_HI + (PIO2_LO + b) : PIO2_HI + (PIO2_LO - b);
  }
  return y_negative ? -a : a;
}

EXPORT double __oxhip_atan2(double y, double x) {
  if (is_nan(x) || is_nan(y)) return x + y;
  if (is_inf(x) || is_inf(y)) {
    int y_negative = __builtin_signbit(y) != 0;
    int x_negative = __builtin_signbit(x) != 0;
    double a;
    if (is_inf(x) && is_inf(y)) a = x_negative ? 3.0 * PIO4_HI : PIO4_HI;
    else if (is_inf(x)) a = x_negative ? PI_HI : 0.0;
    else a = PIO2_HI;
    return y_negative ? -a : a;
  }
  /* Scaled so that neither the quotient's residual nor its low part leaves the normal
   * range (both by the same power of two, which leaves the angle alone). */
  double m = __builtin_fmax(fabs_(x), fabs_(y));
  if (m > 0x1p1000) {
    x *= 0x1p-600;
    y *= 0x1p-600;
  } else if (m < 0x1p-900 && m > 0.0) {
    x *= 0x1p600;
    y *= 0x1p600;
  }
  return atan2_finite(y, 0.0, x, 0.0);
}

/* sqrt(1 - x^2) as *s + *s_lo for |x| <= 1, from 1 - x^2 carried in two parts. */
INLINE double sqrt_one_minus_square(double x, double *s_lo) {
  double x2 = x * x;
  double x2_lo = FMA(x, x, -x2);
  double w, w_lo;
  two_sum(1.0, -x2, &w, &w_lo);
  w_lo -= x2_lo;
  double s = __builtin_sqrt(w);
  *s_lo = s == 0.0 ? 0.0 : (FMA(-s, s, w) + w_lo) / (2.0 * s);
  return s;
}

EXPORT double __oxhip_asin(double x) {
  if (is_nan(x)) return x;
  if (fabs_(x) > 1.0) return NAN_VALUE;
  double s_lo;
  double s = sqrt_one_minus_square(x, &s_lo);
  return atan2_finite(x, 0.0, s, s_lo);
}

EXPORT double __oxhip_acos(double x) {
  if (is_nan(x)) return x;
  if (fabs_(x) > 1.0) return NAN_VALUE;
  /* acos(x) = atan2(sqrt(1 - x^2), x), the square root's low part in y */
  double s_lo;
  double s = sqrt_one_minus_square(x, &s_lo);
  return atan2_finite(s, s_lo, x, 0.0);
}

/* ---- hyperbolic -------------------------------------------------------------------- */

/* e^x / 2 for x >= 0 (below sinh's and cosh's overflow threshold), as e^(x - ln2) with
 * x - ln2 in two parts: one exponential, rounded about once (e^(x/2) squared doubled its
 * error: 2.8 ulp). */
INLINE double exp_half(double x) {
  double hi, lo;
  two_sum(x, -LN2_HI, &hi, &lo);
  return exp_dd(hi, lo - LN2_LO);
}

/* e^x / 2 as hi + lo for ln2/2 <= x < 22 (the middle range of sinh and cosh): exp_dd_parts with the
 * reduced argument and the polynomial's last FMA each kept in two parts, so that hi + lo
 * is e^x / 2 to about 2^-62 relative. */
INLINE double exp_half_dd(double x, double *lo_out) {
  double hi, lo;
  two_sum(x, -LN2_HI, &hi, &lo);
  lo -= LN2_LO;
  double big = FMA(hi, INV_LN2_HI, 0x1.8p52);
  double dk = big - 0x1.8p52;
  double r = FMA(-dk, LN2_CW_HI, hi); /* exact */
  double r_lo = FMA(-dk, LN2_CW_LO, lo);
  double rr = r + r_lo;
  double rr_lo = (r - rr) + r_lo; /* Fast2Sum: |r_lo| is far below |r| or r is 0 */
  double q = exp_reduced(rr);
  double p = FMA(rr, q, 1.0);
  /* 1 - p is exact (p is in [0.7, 1.5]), so the FMA gives the last one's rounding error */
  double p_lo = FMA(rr, q, 1.0 - p) + p * rr_lo;
  double scale = from_bits((u64)((int)(unsigned)bits_of(big) + 1023) << 52);
  *lo_out = p_lo * scale;
  return p * scale;
}

/* e^x/2 + sign/(2 e^x) for ln2/2 <= x < 22 (cosh with sign 1, sinh with -1): with
 * h = e^x/2 = h_hi + h_lo, the quotient t = 1/(4 h_hi) is up to half the result, so its
 * rounding error (from the exact residual 1/4 - t h_hi) and h_lo's effect on it
 * (-t h_lo / h_hi) are added back and h_hi + sign t is summed exactly: the result rounds
 * once (rounding h and the sum gave cosh 1.21 ulp; sinh by expm1 1.55). */
INLINE double hyperbolic_middle(double x, double sign) {
  double h_lo;
  double h = exp_half_dd(x, &h_lo);
  double t = sign * (0.25 / h);
  double t_lo = FMA(-t, h, sign * 0.25) / h - t * (h_lo / h);
  double s, e;
  two_sum(h, t, &s, &e);
  return s + (e + (h_lo + t_lo));
}

/* sinh(x) for |x| < 1: x + x z p(z), z = x^2, p the Taylor series of (sinh x - x)/x^3
 * to z^9 (the next term is below 2^-74 relative); the correction is under 18% of x, so
 * the result rounds about once. Above 1, e^x/2 - 1/(2e^x) cancels little (h - t is at
 * least 0.86 h); below, the cancellation doubled the error of h (1.18 ulp near 0.37). */
INLINE double sinh_small(double x) {
  double z = x * x;
  double p = 0x1.71b8ef6dcf572p-66;      /* 1/21! */
  p = FMA(p, z, 0x1.2f49b46814157p-57);  /* 1/19! */
  p = FMA(p, z, 0x1.952c77030ad4ap-49);  /* 1/17! */
  p = FMA(p, z, 0x1.ae7f3e733b81fp-41);  /* 1/15! */
  p = FMA(p, z, 0x1.6124613a86d09p-33);  /* 1/13! */
  p = FMA(p, z, 0x1.ae64567f544e4p-26);  /* 1/11! */
  p = FMA(p, z, 0x1.71de3a556c734p-19);  /* 1/9! */
  p = FMA(p, z, 0x1.a01a01a01a01ap-13);  /* 1/7! */
  p = FMA(p, z, 0x1.1111111111111p-7);   /* 1/5! */
  p = FMA(p, z, 0x1.5555555555555p-3);   /* 1/3! */
  return FMA(x * z, p, x);
}

EXPORT double __oxhip_sinh(double x) {
  if (is_nan(x) || is_inf(x)) return x;
  double ax = fabs_(x), r;
  if (ax < 1.0) return sinh_small(x);
  r = ax < 22.0 ? hyperbolic_middle(ax, -1.0) : exp_half(ax);
  return __builtin_signbit(x) ? -r : r; /* sinh(-0) is -0 */
}

EXPORT double __oxhip_cosh(double x) {
  if (is_nan(x)) return x;
  double ax = fabs_(x);
  if (ax < 0.34657359027997264) {
    double t = __oxhip_expm1(ax);
    double w = 1.0 + t;
    return 1.0 + (t * t) / (w + w);
  }
  if (ax >= 22.0) return exp_half(ax); /* e^-x / 2 is below half an ulp */
  return hyperbolic_middle(ax, 1.0);
}

/* tanh(x) for 0 <= x < TANH_SMALL: x + x^3 p(x^2), p a Chebyshev interpolant of
 * (tanh x - x) / x^3 in z = x^2 on [0, 0.3^2] (+ 0.1%), relative error 2^-58.1. Below
 * 0.3 the other path loses: 1.26 ulp at 0.22, where 2 / (e^2x + 1) is 3.5 times tanh. */
#define TANH_SMALL 0.3
INLINE double tanh_small(double x) {
  double z = x * x;
  double p = 0x1.0bd5732c2924ap-11;
  p = FMA(p, z, -0x1.7aaf5ba5e4d83p-10);
  p = FMA(p, z, 0x1.d6b76527a0118p-9);
  p = FMA(p, z, -0x1.226de927c4e67p-7);
  p = FMA(p, z, 0x1.664f47a419db6p-6);
  p = FMA(p, z, -0x1.ba1ba1b8db988p-5);
  p = FMA(p, z, 0x1.1111111110b95p-3);
  p = FMA(p, z, -0x1.5555555555555p-2);
  return FMA(x * z, p, x);
}

/* tanh(x) = 1 - 2 / (e^2x + 1) for TANH_SMALL <= x (or NaN). h = (e^2x + 1) / 2 is
 * formed exactly in two parts from e^r = 1 + r p(r), 2x = k ln2 + r: h = 2^(k-1) r p +
 * (2^(k-1) + 1/2), whose rounding error is an FMA. With y0 the float reciprocal of h,
 * e = 1 - h y0 (exact for the high part, about 2^-23) and 1/h = y0 (1 + e + e^2 + ...),
 * so tanh = (1 - y0) - y0 (e + e^2): 1 - y0 is exact (y0 has 24 bits and lies in
 * [2^-30, 0.9) or is made exact below), and the result rounds about once, with no
 * division. From 20 on (e^40 still
 * fits), the same steps give 1; NaN passes through. */
INLINE double tanh_large(double x) {
  double y = x > 20.0 ? 40.0 : x + x;
  double big = FMA(y, INV_LN2_HI, 0x1.8p52);
  double dk = big - 0x1.8p52;
  double r = FMA(-dk, LN2_CW_LO, FMA(-dk, LN2_CW_HI, y));
  int k = (int)(unsigned)bits_of(big);
  double half_2k = from_bits((u64)(long long)(k + 1022) << 52);
  double s = half_2k + 0.5; /* exact: k <= 58 */
  double hr = half_2k * r;  /* exact */
  double p = exp_reduced(r);
  double h = FMA(hr, p, s);
  double h_lo = FMA(hr, p, s - h); /* s - h exact (Sterbenz) */
#if defined(__NVPTX__)
  double y0 = (double)__nvvm_rcp_approx_ftz_f((float)h);
#elif defined(__AMDGCN__)
  double y0 = (double)__builtin_amdgcn_rcpf((float)h);
#else
  double y0 = (double)(1.0f / (float)h);
#endif
  /* Below 2^-30, 1 - y0 rounds; y0 is replaced by 1 - (1 - y0), a multiple of 2^-53
   * (or 0, where 1 is tanh rounded), so that it stays exact: the truncated series then
   * errs by y0 e^3 < 2^-54 e^2 with e < 2^-54 / y0. */
  double t = 1.0 - y0;
  y0 = 1.0 - t;
  double e = FMA(-h_lo, y0, FMA(-h, y0, 1.0));
  return FMA(-y0, FMA(e, e, e), t);
}

/* Both paths for every element, then a select: a warp whose elements straddle
 * TANH_SMALL would run both anyway (about 37 FP64 operations; libdevice, which
 * branches, about 35), and without the branch ptxas keeps the two polynomials' constants
 * in uniform registers across a loop instead of reloading them (bench-like loop: 67
 * instructions per evaluation, against 102 with the branch and libdevice's 105). The
 * sign goes on by an integer OR, which keeps tanh(-0) = -0. */
EXPORT double __oxhip_tanh(double x) {
  double ax = fabs_(x);
  double rs = tanh_small(ax), rl = tanh_large(ax);
  double r = ax < TANH_SMALL ? rs : rl;
  return from_bits(bits_of(r) | (bits_of(x) & 0x8000000000000000ull));
}

EXPORT double __oxhip_asinh(double x) {
  if (is_nan(x) || is_inf(x)) return x;
  double ax = fabs_(x), r;
  if (ax < 0x1p-28) return x;
  if (ax > 0x1p28) {
    r = __oxhip_log(ax) + LN2_HI;
  } else if (ax > 2.0) {
    r = __oxhip_log(2.0 * ax + 1.0 / (__builtin_sqrt(ax * ax + 1.0) + ax));
  } else {
    double z = ax * ax;
    r = __oxhip_log1p(ax + z / (1.0 + __builtin_sqrt(1.0 + z)));
  }
  return x < 0.0 ? -r : r;
}

EXPORT double __oxhip_acosh(double x) {
  if (is_nan(x)) return x;
  if (x < 1.0) return NAN_VALUE;
  if (x > 0x1p28) return is_inf(x) ? x : __oxhip_log(x) + LN2_HI;
  if (x > 2.0) return __oxhip_log(2.0 * x - 1.0 / (x + __builtin_sqrt(x * x - 1.0)));
  double t = x - 1.0;
  return __oxhip_log1p(t + __builtin_sqrt(2.0 * t + t * t));
}

EXPORT double __oxhip_atanh(double x) {
  if (is_nan(x)) return x;
  double ax = fabs_(x), r;
  if (ax > 1.0) return NAN_VALUE;
  if (ax == 1.0) return x * INF;
  if (ax < 0x1p-28) return x;
  if (ax < 0.5) {
    double t = ax + ax;
    r = 0.5 * __oxhip_log1p(t + t * ax / (1.0 - ax));
  } else {
    r = 0.5 * __oxhip_log1p((ax + ax) / (1.0 - ax));
  }
  return x < 0.0 ? -r : r;
}

/* ---- cube root, hypot -------------------------------------------------------------- */

EXPORT double __oxhip_cbrt(double x) {
  if (is_nan(x) || is_inf(x) || x == 0.0) return x;
  double ax = fabs_(x);
  int e;
  double m = split_exponent(ax, &e); /* [0.707, 1.414) */
  int r = ((e % 3) + 3) % 3;
  m = scale2(m, r); /* [0.707, 11.3) */
  int third = (e - r) / 3;
  double y = 0.5 + 0.4 * m - 0.02 * m * m; /* rough start, then Newton */
  if (y < 0.8) y = 0.8;
  for (int i = 0; i < 7; ++i) y = y - (y * y * y - m) / (3.0 * y * y);
  /* Final correction with the exact residual y^3 - m. */
  double y2 = y * y;
  double y2_lo = FMA(y, y, -y2);
  double y3 = y2 * y;
  double y3_lo = FMA(y2, y, -y3) + y2_lo * y;
  y = y - ((y3 - m) + y3_lo) / (3.0 * y2);
  y = scale2(y, third);
  return x < 0.0 ? -y : y;
}

EXPORT double __oxhip_hypot(double x, double y) {
  if (is_inf(x) || is_inf(y)) return INF;
  if (is_nan(x) || is_nan(y)) return x + y;
  double a = fabs_(x), b = fabs_(y);
  if (a < b) {
    double t = a;
    a = b;
    b = t;
  }
  if (b == 0.0) return a;
  int e;
  split_exponent(a, &e);
  double as = scale2(a, -e), bs = scale2(b, -e);
  double h = as * as;
  double h_lo = FMA(as, as, -h);
  double s = FMA(bs, bs, h);
  double r = __builtin_sqrt(s);
  /* One Newton step on r^2 = as^2 + bs^2 with the residual computed in extra precision. */
  double r2 = r * r;
  double r2_lo = FMA(r, r, -r2);
  double b2 = bs * bs;
  double b2_lo = FMA(bs, bs, -b2);
  double residual = ((h - r2) + b2) + (h_lo + b2_lo - r2_lo);
  r = r + residual / (2.0 * r);
  return scale2(r, e);
}

/* ---- error function ---------------------------------------------------------------- */

/* e^(-x^2) with x^2 taken in double-double. */
INLINE double exp_minus_square(double x) {
  double q = x * x;
  double q_lo = FMA(x, x, -q);
  return exp_dd(-q, -q_lo);
}

/* erfcx(x) = erfc(x) e^(x^2) for x in [1.5, 6): polynomials of degree 16 around 2, 3.25 and
 * 5 (Chebyshev interpolants from mpmath, relative error below 2^-58 before rounding), one
 * row each, highest degree first (a table, as for ERFC_TAYLOR). */
/* c[0] x^(n-1) + ... + c[n-1], by Horner's rule with FMA. */
INLINE double horner(const double *c, int n, double x) {
  double p = c[0];
  for (int k = 1; k < n; ++k) p = FMA(p, x, c[k]);
  return p;
}

static const double ERFCX_MID[3][17] = {
    {0x1.a7523b0384a8ep-30, -0x1.ae33644dd8790p-28, 0x1.9045a960bc5c8p-26, -0x1.84fe551e66b73p-24, 0x1.724bb6eb7817cp-22, -0x1.577ac9843765dp-20, 0x1.36976cf00a602p-18, -0x1.115cf7fada5c9p-16, 0x1.d37ba55be347bp-15, -0x1.838221763c0f6p-13, 0x1.369ffa07c5993p-11, -0x1.e028e8a55b3fcp-10, 0x1.64907215a3cb7p-8, -0x1.fa9d3ac955e3ap-7, 0x1.5672b9ea13de6p-5, -0x1.b57034efd3f72p-4, 0x1.058671b52c776p-2},
    {0x1.0788c659e7f91p-36, -0x1.46a241f342f6dp-34, 0x1.6756dbdfd5451p-32, -0x1.ae401108f3aacp-30, 0x1.fd052ababe092p-28, -0x1.2694317feb089p-25, 0x1.4ec07428027dbp-23, -0x1.753c854864fa6p-21, 0x1.97dd792802565p-19, -0x1.b45d02c6b57f1p-17, 0x1.c882f0230d5fbp-15, -0x1.d25ebba130b4fp-13, 0x1.d085857a183dcp-11, -0x1.c24b49c47a8b6p-9, 0x1.a7eddc9ee6425p-7, -0x1.82a8522b868a0p-5, 0x1.54a7a08d4bb45p-3},
    {0x1.655d8c3bd23ecp-44, -0x1.1b5565eb05fafp-41, 0x1.8d360f741807dp-39, -0x1.33a3d5095192bp-36, 0x1.d9e87950bdc40p-34, -0x1.6703b696a1c7ep-31, 0x1.0cc72f1444112p-28, -0x1.8dab87a30f6cap-26, 0x1.228a78eac6505p-23, -0x1.a3193d70a5ba6p-21, 0x1.2a41152dda4cep-18, -0x1.a2a81d242df06p-16, 0x1.219f2c3353771p-13, -0x1.8abc198708220p-11, 0x1.08cf82b79a11bp-8, -0x1.5d843497d4f39p-6, 0x1.c57239e943d1ap-4}};

INLINE double erfcx_mid(double x) {
  int i = x < 2.5 ? 0 : (x < 4.0 ? 1 : 2);
  double h = x - (i == 0 ? 2.0 : (i == 1 ? 3.25 : 5.0));
  return horner(ERFCX_MID[i], 17, h);
}

/* x erfcx(x) for x in [6, 27.3], as a polynomial of degree 10 in u = 1/x^2 around
 * 0x1.dd1831290cf07p-7 (relative error below 2^-58 before rounding). */
INLINE double erfcx_tail_scaled(double x) {
  double h = 1.0 / (x * x) - 0x1.dd1831290cf07p-7, p;
  p = 0x1.515d36d4d9020p+16;
  p = FMA(p, h, -0x1.69d58a5b039d5p+13);
  p = FMA(p, h, 0x1.9e99aaeb26682p+10);
  p = FMA(p, h, -0x1.0f67bababf4afp+8);
  p = FMA(p, h, 0x1.912eb9ae593aep+5);
  p = FMA(p, h, -0x1.5686c1ed5d08fp+3);
  p = FMA(p, h, 0x1.5d33246f91139p+1);
  p = FMA(p, h, -0x1.bed0d8b834af9p-1);
  p = FMA(p, h, 0x1.86557a40c89f0p-2);
  p = FMA(p, h, -0x1.14e4ab0fca050p-2);
  p = FMA(p, h, 0x1.1ece769ef1468p-1);
  return p;
}

/* erfc(x) for x >= 1.5, up to underflow: e^(-x^2) (exact square, double-double exponent)
 * times erfcx. */
INLINE double erfc_large(double x) {
  if (x < 6.0) return exp_minus_square(x) * erfcx_mid(x);
  return exp_minus_square(x) * erfcx_tail_scaled(x) / x;
}

/* erfc for x in [0.25, 1.5), where 1 - erf(x) would lose up to seven bits: the Taylor
 * polynomials of degree 16 around c = 0.375, 0.625, ..., 1.375 (|h| <= 1/8; coefficients
 * erfc^(n)(c) / n! from mpmath; the next term is below 2^-60 of the result), as
 * erfc(c) + q h. One column per interval: erfc(c), then the coefficients of q from the
 * highest degree. A table rather than a switch: on a GPU the lanes of a warp with inputs
 * in different intervals then run one polynomial, not five; stored by coefficient, so that
 * a warp's load of one coefficient touches one cache line (see ERF_ROWS). */
static const double ERFC_TAYLOR[17][5] = {
    {0x1.311796a46f064p-1, 0x1.81cd2465e1d96p-2, 0x1.ba36dab91c0e9p-3, 0x1.c9296beb09cf1p-4, 0x1.a8973c4b5c03ep-5},
    {-0x1.11b3764e9f482p-18, 0x1.6aa4e3a711af9p-20, 0x1.ca3f682939adbp-19, 0x1.5ed4bc6465270p-23, -0x1.003a4c53a9bfbp-19},
    {-0x1.94940156a714cp-18, -0x1.939d347c232ffp-17, -0x1.b2508d667800cp-23, 0x1.0367fc36cf467p-17, 0x1.8ef85de5e68c4p-19},
    {0x1.3991fff7bb9f3p-15, -0x1.d91470c8a466fp-19, -0x1.e7cc73fe79191p-16, -0x1.67a9d4aaf087dp-17, 0x1.921e058bbf683p-17},
    {0x1.19d58b35e6c37p-15, 0x1.a17211d2c836ep-14, 0x1.e70fe4fe69605p-16, -0x1.9edd4cdd5c251p-15, -0x1.5e43917418c74p-15},
    {-0x1.378ce809e6918p-12, -0x1.55121d5901343p-15, 0x1.94ae412712f8bp-13, 0x1.28de963721690p-13, -0x1.e13333b2abeefp-16},
    {-0x1.e96ba06915f56p-14, -0x1.63796d17c397ep-11, -0x1.9900077d94d8ap-12, 0x1.731a0a163486bp-13, 0x1.6392df39d614dp-12},
    {0x1.075688ffec33bp-9, 0x1.81148d81da2abp-11, -0x1.d6e44e4c09455p-11, -0x1.2e527649b7b04p-10, -0x1.534f6c4dc679bp-12},
    {-0x1.0422b5690e406p-13, 0x1.dc3b46fdc32b4p-9, 0x1.aae22e15f782dp-9, 0x1.79b04d104b47ap-12, -0x1.9da3d48ffd0a3p-10},
    {-0x1.709ab615c2e0bp-7, -0x1.b62f4a7484034p-8, 0x1.e3f4d17a9ac97p-10, 0x1.8b43c43f205b7p-8, 0x1.1740474706a1cp-8},
    {0x1.65c10b8389541p-8, -0x1.c7cd9c1ca7367p-7, -0x1.30ac21937fa54p-6, -0x1.3acc78420e9d3p-7, 0x1.73ffa9b859606p-10},
    {0x1.9a7945cd872e3p-5, 0x1.52b2668e8627dp-5, 0x1.53bb4a5af4fbep-7, -0x1.fd1c6c11eda72p-7, -0x1.6b16f52c58b2bp-6},
    {-0x1.7488b8a7f1ba8p-5, 0x1.c1242dfffc503p-6, 0x1.1350f4b222ac7p-4, 0x1.f65d15f1cf8d7p-5, 0x1.f572c4c8c7b0cp-6},
    {-0x1.5529abcd00677p-3, -0x1.6963c8a39d692p-3, -0x1.cc60567d78c2bp-4, -0x1.ca5083167a246p-6, 0x1.f3b8d52d35665p-6},
    {0x1.e106c51d1ef9dp-3, 0x1.c8105021682e3p-5, -0x1.7c9d756a115bbp-4, -0x1.4cb3cf0aa0b9bp-3, -0x1.4374d82e04c67p-3},
    {0x1.78749a434fe4ep-2, 0x1.e8a3c39181e85p-2, 0x1.d62beb64e8441p-2, 0x1.6ea6cf452e838p-2, 0x1.dfbbadedf5d2ep-3},
    {-0x1.f5f0cdaf15313p-1, -0x1.86e9694134b9ep-1, -0x1.0cab61f084b93p-1, -0x1.45e99bcbb7915p-2, -0x1.5ce595c455b0ap-3}};

INLINE double erfc_taylor(double x) {
  int i = (int)((x - 0.25) * 4.0);
  if (i > 4) i = 4;
  double h = x - (0.375 + 0.25 * i); /* exact */
  double q = ERFC_TAYLOR[1][i];
  for (int k = 2; k < 17; ++k) q = FMA(q, h, ERFC_TAYLOR[k][i]);
  return FMA(q, h, ERFC_TAYLOR[0][i]);
}

/* erf(x) for 0 <= x < 6 from 16 intervals of width 3/8: on interval i, with h = x - c_i
 * (exact), a polynomial of degree 13 fitted (Chebyshev interpolant from mpmath, relative
 * error below 2^-56 with the coefficients in double) to erf(x), or to erf(x)/x on the first
 * interval so that small x keep their relative accuracy. Rows by coefficient, highest
 * degree first, then the constant term in two parts (lo, hi): each row is one aligned
 * 128-byte line, so a warp's load of one coefficient touches one cache line whatever the
 * intervals of its lanes (with 23 Taylor rows on [0.25, 6) stored the same way, two lines
 * per load and 17 loads: erf took 1.77x nvcc's time). No branch below 6: every lane runs
 * the same polynomial. */
static const double ERF_ROWS[15][16] __attribute__((aligned(128))) = {
    {-0x1.144e933125301p-15, -0x1.9296330e17972p-14, -0x1.220412e6b4e7dp-18, 0x1.a4d860f450a1dp-15, -0x1.8ff61c51f7cebp-17, -0x1.a1afbd7815581p-17, 0x1.1643ab9bda683p-18, 0x1.00ae10567c29ep-19, -0x1.10f2c39f1d5b6p-21, -0x1.e4a86aa317877p-23, 0x1.32289e23991d8p-27, 0x1.ee4d5c4b33504p-27, 0x1.87a769bcc46b4p-29, 0x1.3fa89a3b08d6ap-32, 0x1.40a01906a2bf4p-36, 0x1.a732ad7266d8ap-41},
    {0x1.3bf24fb4baf6fp-14, 0x1.f900ae9195835p-14, -0x1.a97da84be265cp-13, -0x1.53f9db48ea5a0p-17, 0x1.4ffe8ce389cacp-14, -0x1.8d5c1550fb35ep-18, -0x1.28000ef784113p-16, 0x1.6f1dac4f40127p-21, 0x1.3938a9d5add59p-19, 0x1.02b4c1b828b2bp-22, -0x1.176ce5202ba50p-23, -0x1.758f0c14c13aap-25, -0x1.ad0a201cb43b2p-28, -0x1.219afa85cd078p-31, -0x1.f943427b31984p-36, -0x1.29ef36937fc5dp-40},
    {0x1.f11923d858805p-13, 0x1.43849923f1b6ap-11, 0x1.f55fd77be0c85p-13, -0x1.6bb754b1ec6b0p-12, -0x1.0393d5371aaa0p-14, 0x1.b074b7a7b4241p-14, 0x1.1ee7beb4ed2f2p-16, -0x1.0aeb4a31134e2p-16, -0x1.2b3cb44d6fb06p-18, 0x1.747331983ed8bp-21, 0x1.0a15b89253782p-21, 0x1.b0d65718b4a8bp-24, 0x1.84ecc303f95f8p-27, 0x1.b9b74d855040dp-31, 0x1.4f870cc7c555bp-35, 0x1.5f99f17c4434cp-40},
    {-0x1.36e25b9ce5e5dp-11, -0x1.3625a4c30c408p-10, 0x1.243e327c53a0ap-10, 0x1.262a9c9400973p-11, -0x1.b8817161b8f4fp-12, -0x1.9100e0bd1cbb7p-13, 0x1.2b1a2b8b651fap-14, 0x1.7128989577179p-15, 0x1.6cd30e7664589p-23, -0x1.1c9c9fddd1a06p-18, -0x1.570e6822a10efp-20, -0x1.9fbe051febe2cp-23, -0x1.35fa75b6696a8p-26, -0x1.31c0fc1a997c5p-30, -0x1.9ddb34728d5ebp-35, -0x1.88dcf00c55095p-40},
    {-0x1.781d03ad44a70p-10, -0x1.8d660c79d9c77p-9, -0x1.57b72f924c5cfp-9, 0x1.553ee4ea80bfep-10, 0x1.319f80088ab74p-10, -0x1.92945f2691a90p-13, -0x1.381550e6fc098p-12, -0x1.51ecf6e6847d3p-15, 0x1.bf0aba27bc839p-16, 0x1.a4fcad38a2535p-17, 0x1.57e940d78e723p-19, 0x1.4edda87bf8e8ep-22, 0x1.aa775c02bd7d9p-26, 0x1.72e328da6aa67p-30, 0x1.c38a8de45f31dp-35, 0x1.86edbeabaf7cep-40},
    {0x1.0270008c91f85p-8, 0x1.18f36c29dcba3p-7, -0x1.cb8aab6ed44c9p-9, -0x1.4cc91bb5d4b75p-8, 0x1.3a95156de4c19p-13, 0x1.8eae13e006831p-10, 0x1.b325a9d1a83d1p-12, -0x1.f78730dda2c3ap-14, -0x1.94c36d9a8b045p-14, -0x1.bb6e1ffd999e1p-16, -0x1.175064d14473dp-18, -0x1.c73bf202dc979p-22, -0x1.f8afb10db59f5p-26, -0x1.872636d4008ccp-30, -0x1.af258a03bf768p-35, -0x1.55db2aa40a0c4p-40},
    {0x1.d6a57d5948678p-8, 0x1.4a548160efb2cp-7, 0x1.1a817c5ab7762p-6, 0x1.e377f5bb7f76ep-11, -0x1.9be73203f8c51p-8, -0x1.5478d7860c28dp-9, 0x1.88cdc8d1210c1p-12, 0x1.36edde56d0b6ep-11, 0x1.c1dd143240a22p-13, 0x1.696daf670d4bep-15, 0x1.74920499a89c2p-18, 0x1.04be03020c90fp-21, 0x1.fe694d90697f0p-26, 0x1.63a31854af693p-30, 0x1.65024f105c212p-35, 0x1.0456e45e4b69cp-40},
    {-0x1.677ae22f70626p-6, -0x1.7df8890911e72p-5, -0x1.476541e133030p-9, 0x1.6d1d724fa3fb1p-6, 0x1.7e8755e1d1442p-7, -0x1.bbf7e2bf4e99cp-11, -0x1.897719ad44a88p-9, -0x1.6b418720580a0p-10, -0x1.6c3dbfde6d7bfp-12, -0x1.d384224525e16p-15, -0x1.980775610b026p-18, -0x1.f34b7e8a888cfp-22, -0x1.b41f319e66da7p-26, -0x1.1324f27a37ca7p-30, -0x1.f9a3ac7eda005p-36, -0x1.54613603f581ap-41},
    {-0x1.d0686f6105e1ap-6, -0x1.6410ad931febfp-7, -0x1.1d1f00109ecb8p-4, -0x1.3f41761d5c594p-5, 0x1.6981061e0ea94p-9, 0x1.aa2c0753d5dffp-7, 0x1.d854f73e726bdp-8, 0x1.1e84d1022f0efp-9, 0x1.c0825379021e5p-12, 0x1.e0a1cb1d02bc0p-15, 0x1.6b245d7e06fbbp-18, 0x1.899dcace498a7p-22, 0x1.35753ad5c0909p-26, 0x1.63a70fdc19b58p-31, 0x1.2c6c2465318bdp-36, 0x1.76996e13e1782p-42},
    {0x1.95f90c6997e9bp-4, 0x1.75bebc1b1810fp-3, 0x1.747e31bf4cbc9p-4, -0x1.419fa10b74d2ap-6, -0x1.9647a30b1958fp-5, -0x1.f155b4e7d5793p-6, -0x1.5eb1c899ef6a9p-7, -0x1.46301162671bbp-9, -0x1.a51fb50b1984bp-12, -0x1.8320fc481752ap-15, -0x1.013b0457abfd4p-18, -0x1.f2f6fa7ee4e39p-23, -0x1.638bc5018f99fp-27, -0x1.760fe7d18cf85p-32, -0x1.2391e17594874p-37, -0x1.51b18054cde6ep-43},
    {0x1.4c6796aabb5b6p-4, -0x1.9c41d1d5fae6ap-4, 0x1.e4c9975da098bp-4, 0x1.5066cda84bbadp-3, 0x1.a3687c1eaf1a8p-4, 0x1.48b127f8ed8a4p-5, 0x1.60898536e1054p-7, 0x1.0c243329a9c9cp-9, 0x1.26bf00867a80cp-12, 0x1.d982bd41d89a3p-16, 0x1.17f93e5149420p-19, 0x1.e9e05b3c8f361p-24, 0x1.3e380dd757033p-28, 0x1.33cde4f350c26p-33, 0x1.bc42ba3858556p-39, 0x1.df2dac2e335e4p-45},
    {-0x1.6948b59e1edf7p-2, -0x1.d9a837e5824e1p-2, -0x1.c1cd84866039bp-2, -0x1.0ed7443f85c30p-2, -0x1.c435059d0977bp-4, -0x1.0ee3844e59bf6p-5, -0x1.d9c2ea85a9295p-8, -0x1.315107613c618p-10, -0x1.23c436c36fd6ap-13, -0x1.9f19734d2a168p-17, -0x1.b8d7f804d38c7p-21, -0x1.5e32de7af5eabp-25, -0x1.a0ce0dc04cd7cp-30, -0x1.741051462a620p-35, -0x1.f2a6c1645af94p-41, -0x1.f610e8c728486p-47},
    {-0x1.1ad8fe728fb15p-3, 0x1.a5074e2157620p-1, 0x1.dfca26f5bbf88p-2, 0x1.9cb5bd549b111p-3, 0x1.0bf97e95f2a64p-4, 0x1.06ae13b0d3255p-6, 0x1.84ba3004a50d0p-9, 0x1.b23a5a23e4210p-12, 0x1.6e2367dc27f95p-15, 0x1.d21397ead99cbp-19, 0x1.bfd7555a3bd66p-23, 0x1.44d26de513197p-27, 0x1.63ac6b4edc8c2p-32, 0x1.25f9ee0b9250ap-37, 0x1.6ed2f2515efecp-43, 0x1.5982008db2a0fp-49},
    {-0x1.e9bc349dcfbd4p-56, 0x1.9494042d68649p-55, 0x1.adc3505f280d3p-57, -0x1.f7bddd7723ac0p-55, 0x1.c2a2d969f0dfdp-55, -0x1.88f673375cc09p-57, 0x1.572b46b79471dp-62, 0x1.b95b21eabd029p-55, -0x1.360912e8ef2a8p-55, -0x1.9d1a2a92cc4fep-55, 0x1.db127bc8a3552p-55, -0x1.64d9797d8238fp-55, -0x1.729d73043f82bp-56, 0x1.7ce0705fdd12ep-55, 0x1.00fa07eaaab2dp-55, 0x1.59ab24e44b75fp-56},
    {0x1.1d83ecffec36fp+0, 0x1.25b8a88b6dd7fp-1, 0x1.a1551a16aaeafp-1, 0x1.df85ea8db188ep-1, 0x1.f74a6d9a38383p-1, 0x1.fe307f2b503d0p-1, 0x1.ffb5bdf67fe6fp-1, 0x1.fff6dee89352ep-1, 0x1.ffff2436a21dcp-1, 0x1.fffff039f9e8fp-1, 0x1.ffffff233ee1dp-1, 0x1.fffffff6d1e56p-1, 0x1.ffffffffb5be5p-1, 0x1.fffffffffe380p-1, 0x1.fffffffffff7bp-1, 0x1.ffffffffffffep-1}};

INLINE double erf_rows(double ax) {
  int i = (int)(ax * (8.0 / 3.0));
  double h = ax - ((double)i * 0.375 + 0.1875); /* exact: Sterbenz, or |h| < 2^-2 near 0 */
  const double *c = &ERF_ROWS[0][i];
  double p = c[0];
  for (int k = 1; k < 13; ++k) p = FMA(p, h, c[16 * k]);
  double t = FMA(p, h, c[16 * 13]); /* everything but the constant's high part */
  double s = i == 0 ? ax : 1.0;    /* erf(x) = x (erf(x) / x) on the first interval */
  return FMA(s, c[16 * 14], s * t);
}

/* 1 above 6 (erfc(6) < 2^-55), NaN for NaN. */
SLOW double erf_slow(double x) { return fabs_(x) == fabs_(x) ? __builtin_copysign(1.0, x) : x; }

EXPORT double __oxhip_erf(double x) {
  double ax = fabs_(x);
  if (__builtin_expect(!(ax < 6.0), 0)) return erf_slow(x);
  return __builtin_copysign(erf_rows(ax), x);
}

EXPORT double __oxhip_erfc(double x) {
  if (is_nan(x)) return x;
  if (x >= 0.25 && x < 1.5) return erfc_taylor(x);
  if (x < 1.5) return 1.0 - __oxhip_erf(x);
  if (x > 27.3) return 0.0;
  return erfc_large(x);
}

/* ---- single precision ------------------------------------------------------------- */

#include "math_float.c"

/* ---- the rest of the C and CUDA functions --------------------------------------- */

#include "math_more.c"

/* ---- the Bessel functions ------------------------------------------------------------ */

#include "bessel.c"
