/* Measures the error of devicelibs/lib/math.c against glibc on the host.
 *
 * Double functions are compared with glibc's long double (x87, 64-bit mantissa)
 * functions; float functions with glibc's double functions. The error is in ulps of the
 * result type at the reference value; a NaN where the reference is not, an infinity
 * where it is finite, or a zero of the wrong sign counts as 1e30. Prints one line per
 * function:
 *   <name> <max ulp> <worst input x> [<worst input y>]
 * Inputs: a fixed pseudo-random sequence (deterministic) over each function's domain;
 * the float functions also get every fourth input as a random bit pattern (any float:
 * subnormals, huge values, infinities, NaNs) and a list of special values.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdint.h>

#define DECLARE1(name) double __oxhip_##name(double); float __oxhip_##name##f(float);
#define DECLARE2(name) double __oxhip_##name(double, double); float __oxhip_##name##f(float, float);
DECLARE1(exp) DECLARE1(exp2) DECLARE1(exp10) DECLARE1(expm1)
DECLARE1(log) DECLARE1(log2) DECLARE1(log10) DECLARE1(log1p)
DECLARE1(sin) DECLARE1(cos) DECLARE1(tan)
DECLARE1(asin) DECLARE1(acos) DECLARE1(atan)
DECLARE1(sinh) DECLARE1(cosh) DECLARE1(tanh)
DECLARE1(asinh) DECLARE1(acosh) DECLARE1(atanh)
DECLARE1(cbrt) DECLARE1(erf) DECLARE1(erfc)
DECLARE2(pow) DECLARE2(atan2) DECLARE2(hypot)
DECLARE1(lgamma) DECLARE1(tgamma) DECLARE1(logb) DECLARE1(sinpi) DECLARE1(cospi)
DECLARE1(rcbrt) DECLARE1(erfcx) DECLARE1(normcdf) DECLARE1(erfinv) DECLARE1(erfcinv)
DECLARE1(normcdfinv)
DECLARE2(nextafter) DECLARE2(remainder) DECLARE2(rhypot) DECLARE2(fmod)
double __oxhip_remquo(double, double, int *);
double __oxhip_norm3d(double, double, double);
double __oxhip_rnorm3d(double, double, double);
double __oxhip_frexp(double, int *);
int __oxhip_ilogb(double);
float __oxhip_rsqrtf(float);
double __oxhip_rsqrt(double);
void __oxhip_sincosf(float, float *, float *);
DECLARE1(j0) DECLARE1(j1) DECLARE1(y0) DECLARE1(y1) DECLARE1(cyl_bessel_i0) DECLARE1(cyl_bessel_i1)
double __oxhip_jn(int, double);
float __oxhip_jnf(int, float);
double __oxhip_yn(int, double);
float __oxhip_ynf(int, float);
#include "bessel_zeros.h"

static uint64_t state = 0x9e3779b97f4a7c15ull;
static double uniform(void) { /* [0, 1) */
  state ^= state << 13; state ^= state >> 7; state ^= state << 17;
  return (double)(state >> 11) * 0x1p-53;
}
static double in_range(double lo, double hi) { return lo + (hi - lo) * uniform(); }
/* Log-uniform magnitude in [2^lo, 2^hi), random sign if signed. */
static double log_range(double lo, double hi, int is_signed) {
  double v = exp2(in_range(lo, hi));
  return (is_signed && uniform() < 0.5) ? -v : v;
}

static double ulp_double(long double ref) {
  double r = fabs((double)ref);
  if (r < 0x1p-1022) return 0x1p-1074;
  int e; frexp(r, &e); return ldexp(1.0, e - 53);
}
static double ulp_float(double ref) {
  double r = fabs(ref);
  if (r < 0x1p-126) return 0x1p-149;
  int e; frexp(r, &e); return ldexp(1.0, e - 24);
}
static double error_double(double got, long double ref) {
  if (isnan(got) && isnan((double)ref)) return 0;
  if (isinf((double)ref) || isinf(got)) return got == (double)ref ? 0 : 1e30;
  return (double)(fabsl((long double)got - ref) / ulp_double(ref));
}
static double error_float(float got, double ref) {
  if (isnan(got) || isnan(ref)) return isnan(got) && isnan(ref) ? 0 : 1e30;
  if (isinf((float)ref) || isinf(got)) return got == (float)ref ? 0 : 1e30;
  if (got == 0 && ref == 0 && signbit(got) != signbit(ref)) return 1e30;
  return fabs((double)got - ref) / ulp_float(ref);
}

/* A random float bit pattern: every class of value. */
static float random_float(void) {
  uniform();
  uint32_t bits = (uint32_t)(state >> 17);
  float f;
  __builtin_memcpy(&f, &bits, sizeof f);
  return f;
}

static const float SPECIAL[] = {
    0.0f, -0.0f, 0x1p-149f, -0x1p-149f, 0x1.fffffcp-127f, -0x1.fffffcp-127f, 0x1p-126f,
    -0x1p-126f, 0x1p-20f, -0x1p-20f, 0.5f, -0.5f, 1.0f, -1.0f, 0x1.fffffep-1f, 0x1.000002p+0f,
    -0x1.fffffep-1f, 2.0f, -2.0f, 3.0f, 0.75f, -0.75f, 10.0f, -10.0f, 88.72f, 88.73f, -87.33f,
    -103.9f, -104.0f, 127.99f, 128.0f, -149.0f, -150.0f, 38.5f, -45.0f, 9.0f, -9.0f, 4.0f,
    0x1.921fb6p+0f, 0x1.921fb6p+1f, 105614.0f, 105616.0f, 0x1p30f, -0x1p30f, 0x1.fffffep+127f,
    -0x1.fffffep+127f, __builtin_inff(), -__builtin_inff(), __builtin_nanf(""),
};
#define NSPECIAL ((int)(sizeof SPECIAL / sizeof SPECIAL[0]))

#define N 200000
typedef double (*sampler)(void);

/* float_ref: the float form's reference, an expression in `xf`. */
#define CHECK1_WITH(name, ld_ref, float_ref, sample)                                    \
  do {                                                                                  \
    double worst = 0, worst_x = 0, worst_f = 0, worst_fx = 0;                            \
    for (int i = 0; i < N; ++i) {                                                       \
      double x = sample;                                                                \
      double e = error_double(__oxhip_##name(x), ld_ref((long double)x));              \
      if (e > worst) { worst = e; worst_x = x; }                                        \
      float xf = i < NSPECIAL ? SPECIAL[i] : (i & 3) == 3 ? random_float() : (float)x;   \
      double ef = error_float(__oxhip_##name##f(xf), float_ref);                 \
      if (ef > worst_f) { worst_f = ef; worst_fx = xf; }                                \
    }                                                                                   \
    printf("%s %.3f %a\n", #name, worst, worst_x);                                      \
    printf("%sf %.3f %a\n", #name, worst_f, worst_fx);                                  \
  } while (0)

#define CHECK1(name, ld_ref, sample) CHECK1_WITH(name, ld_ref, name((double)xf), sample)
#define CHECK2(name, ld_ref, sample_x, sample_y)                                         \
  do {                                                                                  \
    double worst = 0, worst_x = 0, worst_y = 0, worst_f = 0, worst_fx = 0, worst_fy = 0; \
    for (int i = 0; i < N; ++i) {                                                       \
      double x = sample_x, y = sample_y;                                                \
      double e = error_double(__oxhip_##name(x, y), ld_ref((long double)x, (long double)y)); \
      if (e > worst) { worst = e; worst_x = x; worst_y = y; }                           \
      float xf = (float)x, yf = (float)y;                                               \
      if (i < NSPECIAL * NSPECIAL) {                                                    \
        xf = SPECIAL[i / NSPECIAL];                                                     \
        yf = SPECIAL[i % NSPECIAL];                                                     \
      } else if ((i & 7) == 7) {                                                        \
        xf = random_float();                                                            \
        yf = random_float();                                                            \
      } else if ((i & 7) == 6) {                                                        \
        xf = random_float();                                                            \
      }                                                                                 \
      double ef = error_float(__oxhip_##name##f(xf, yf), name((double)xf, (double)yf)); \
      if (ef > worst_f) { worst_f = ef; worst_fx = xf; worst_fy = yf; }                 \
    }                                                                                   \
    printf("%s %.3f %a %a\n", #name, worst, worst_x, worst_y);                          \
    printf("%sf %.3f %a %a\n", #name, worst_f, worst_fx, worst_fy);                     \
  } while (0)

static long double exp10l_(long double x) { return exp10l(x); }
/* References for the functions glibc lacks, in long double (64-bit significand). */
/* sinpi and cospi from x = k + r, |r| <= 1/2 (both exact): no cancellation near the zeros. */
#define PI_L 3.14159265358979323846264338327950288L
static long double sinpil_(long double x) {
  long double k = nearbyintl(x), r = x - k;
  if (r == 0) return copysignl(0.0L, x);
  long double s = sinl(PI_L * r);
  return fmodl(k, 2.0L) != 0 ? -s : s;
}
static long double cospil_(long double x) {
  long double k = nearbyintl(x), r = fabsl(x - k);
  if (r == 0.5L) return 0.0L;
  long double c = sinl(PI_L * (0.5L - r)); /* cos(pi r) */
  return fmodl(k, 2.0L) != 0 ? -c : c;
}
static long double rcbrtl_(long double x) { return 1.0L / cbrtl(x); }
static long double erfcxl_(long double x) {
  if (x < 40.0L) return expl(x * x) * erfcl(x);
  /* Beyond, erfc underflows long double: Laplace's continued fraction for e^(x^2) erfc(x). */
  long double t = x;
  for (int k = 200; k >= 1; --k) t = x + (0.5L * k) / t;
  return 1.0L / (sqrtl(PI_L) * t);
}
static long double normcdfl_(long double x) { return 0.5L * erfcl(-x / sqrtl(2.0L)); }
static long double erfinvl_(long double p);
/* erfc(y) = q by Newton steps in long double, from a rough start. */
static long double erfcinvl_(long double q) {
  if (q <= 0) return q == 0 ? INFINITY : NAN;
  if (q >= 2) return q == 2 ? -INFINITY : NAN;
  if (q > 1) return -erfcinvl_(2 - q);
  if (q >= 0.5L) return erfinvl_(1.0L - q); /* exact; Newton on erf keeps small results */
  long double y = sqrtl(-logl(q)) * 0.9L;
  for (int i = 0; i < 200; ++i) {
    long double f = logl(erfcl(y)) - logl(q);
    long double slope = -2.0L / sqrtl(3.14159265358979323846264338327950288L) * expl(-y * y) / erfcl(y);
    long double step = f / slope;
    y -= step;
    if (fabsl(step) <= fabsl(y) * 1e-19L) break;
  }
  return y;
}
static long double erfinvl_(long double p) {
  if (fabsl(p) > 0.5L) return p < 0 ? -erfcinvl_(1.0L + p) : erfcinvl_(1.0L - p);
  long double y = p;
  for (int i = 0; i < 200; ++i) {
    long double step = (erfl(y) - p) / (2.0L / sqrtl(3.14159265358979323846264338327950288L) * expl(-y * y));
    y -= step;
    if (fabsl(step) <= fabsl(y) * 1e-19L || step == 0) break;
  }
  return y;
}
static long double normcdfinvl_(long double p) { return -sqrtl(2.0L) * erfcinvl_(2.0L * p); }
static long double rhypotl_(long double x, long double y) { return 1.0L / hypotl(x, y); }
/* CHECK2 takes the float reference from a double function of the same name. */
static double rhypot(double x, double y) { return (double)rhypotl_(x, y); }
static long double nextafterl_(long double x, long double y) { return nextafter((double)x, (double)y); }
/* CHECK2's float reference: the float function's own neighbour, not the double one. */
static double nextafter_float(double x, double y) { return nextafterf((float)x, (float)y); }
static long double remainderl_(long double x, long double y) { return remainder((double)x, (double)y); }
static long double fmodl_(long double x, long double y) { return fmod((double)x, (double)y); }
static double reference_float(long double (*f)(long double), float x) { return (double)f(x); }

/* As CHECK1 for a function without a glibc double form: the float reference is the long
 * double one. */
#define CHECK1R(name, ld_ref, sample) CHECK1_WITH(name, ld_ref, reference_float(ld_ref, xf), sample)


/* ---- Bessel functions ----------------------------------------------------------------
 * CUDA bounds j0, j1, y0, y1 in ulps below 8 and by an absolute error above; jn and yn by
 * absolute errors (and ynf in ulps below n); cyl_bessel_i0 and i1 in ulps everywhere. jn and
 * yn are measured for orders from 2 to 128 (negative orders are NaN, as in CUDA).
 * References: glibc's long double functions, except next to the zeros below 8 (their
 * absolute error there, about 5e-22, is many double ulps of the small values), where
 * BESSEL_NEAR_ZEROS holds mpmath's values; points closer than 2^-10 in value to a zero are
 * left to that table. Lines: <name> <max ulp> for ulp errors, <name>_abs <max absolute
 * error> for absolute ones. */

/* i0 and i1 in long double by their power series (all terms positive). */
static long double besseli_series(int order, long double x) {
  long double q = x * x / 4, term = order ? x / 2 : 1, sum = term;
  for (int k = 1; k < 5000; ++k) {
    term *= q / ((long double)k * (k + order));
    sum += term;
    if (term < sum * 1e-22L) break;
  }
  return sum;
}
static long double i0l_(long double x) { return besseli_series(0, fabsl(x)); }
static long double i1l_(long double x) { return x < 0 ? -besseli_series(1, -x) : besseli_series(1, x); }

typedef double (*bessel_double)(double);
typedef float (*bessel_float)(float);
typedef long double (*bessel_reference)(long double);

static void check_bessel(const char *name, bessel_double fd, bessel_float ff, bessel_reference ref,
                         int second_kind, int function_id) {
  double worst = 0, worst_x = 0, worst_abs = 0, worst_abs_x = 0;
  double worst_f = 0, worst_fx = 0, worst_fabs = 0, worst_fabs_x = 0;
  for (int i = 0; i < N; ++i) {
    double x;
    if (i & 1) x = in_range(second_kind ? 0 : -8, 8);
    else if (i & 2) x = log_range(-60, 3, !second_kind);
    else x = (i & 4) ? log_range(3, 1023, !second_kind) : in_range(-100, 100);
    if (second_kind) x = fabs(x);
    long double r = ref(x);
    if (fabs(x) < 8) {
      if (fabsl(r) >= 0x1p-10L || fabs(x) < 0.5) {
        double e = error_double(fd(x), r);
        if (e > worst) { worst = e; worst_x = x; }
      }
    } else {
      double e = fabs((double)((long double)fd(x) - r));
      if (e > worst_abs || e != e) { worst_abs = e; worst_abs_x = x; }
    }
    float xf = i < NSPECIAL ? SPECIAL[i] : (i & 3) == 3 ? random_float() : (float)x;
    if (second_kind && !(xf >= 0)) {
      float got = ff(xf);
      /* NaN for x < 0 and NaN, -inf at zero. */
      int right = xf == 0 ? got == -__builtin_inff() : got != got;
      if (!right) { worst_f = 1e30; worst_fx = xf; }
      continue;
    }
    double rf = (double)ref(xf);
    if (fabsf(xf) < 8 || xf != xf) {
      double e = error_float(ff(xf), rf);
      if (e > worst_f) { worst_f = e; worst_fx = xf; }
    } else {
      float got = ff(xf);
      double e = isinf(xf) ? (got == 0 ? 0 : 1e30) : fabs((double)got - rf);
      if (e > worst_fabs || e != e) { worst_fabs = e; worst_fabs_x = xf; }
    }
  }
  for (unsigned i = 0; i < sizeof BESSEL_NEAR_ZEROS / sizeof BESSEL_NEAR_ZEROS[0]; ++i) {
    const struct bessel_point *p = &BESSEL_NEAR_ZEROS[i];
    if (p->function != function_id) continue;
    double e = error_double(fd(p->x), (long double)p->hi + p->lo);
    if (e > worst) { worst = e; worst_x = p->x; }
  }
  printf("%s %.3f %a\n", name, worst, worst_x);
  printf("%s_abs %.3e %a\n", name, worst_abs, worst_abs_x);
  printf("%sf %.3f %a\n", name, worst_f, worst_fx);
  printf("%sf_abs %.3e %a\n", name, worst_fabs, worst_fabs_x);
}

static void check_bessel_i(const char *name, bessel_double fd, bessel_float ff, bessel_reference ref) {
  double worst = 0, worst_x = 0, worst_f = 0, worst_fx = 0;
  for (int i = 0; i < N / 4; ++i) {
    double x = (i & 1) ? in_range(-20, 20) : log_range(-60, 9.48, 1);
    double e = error_double(fd(x), ref(x));
    if (e > worst) { worst = e; worst_x = x; }
    float xf = i < NSPECIAL ? SPECIAL[i] : (i & 3) == 3 ? random_float() : (float)x;
    double ef;
    if (isinf(xf) || xf != xf) {
      float got = ff(xf);
      ef = xf != xf ? (got != got ? 0 : 1e30) : (got == (ref == i0l_ ? INFINITY : xf) ? 0 : 1e30);
    } else {
      ef = error_float(ff(xf), (double)ref(xf));
    }
    if (ef > worst_f) { worst_f = ef; worst_fx = xf; }
  }
  printf("%s %.3f %a\n", name, worst, worst_x);
  printf("%sf %.3f %a\n", name, worst_f, worst_fx);
}

static void check_bessel_n(void) {
  static const int orders[] = {2, 3, 4, 5, 7, 10, 16, 25, 40, 64, 100, 128};
  double jn_abs = 0, jnf_abs = 0, yn_abs = 0, ynf_abs = 0, yn_ratio = 0, ynf_ratio = 0;
  double jn_x = 0, jnf_x = 0, yn_x = 0, ynf_x = 0, yn_rx = 0, ynf_rx = 0;
  int jn_n = 0, jnf_n = 0, yn_n = 0, ynf_n = 0, yn_rn = 0, ynf_rn = 0;
  for (int i = 0; i < N / 4; ++i) {
    int n = orders[i % (int)(sizeof orders / sizeof orders[0])];
    int m = n;
    double x = (i & 16) ? in_range(-2.0 * m - 20, 2.0 * m + 20) : log_range(-20, 12, 1);
    long double r = jnl(n, x);
    double e = fabs((double)((long double)__oxhip_jn(n, x) - r));
    if (e > jn_abs || e != e) { jn_abs = e; jn_x = x; jn_n = n; }
    float xf = (float)x;
    double ef = fabs((double)__oxhip_jnf(n, xf) - (double)jnl(n, xf));
    if (ef > jnf_abs || ef != ef) { jnf_abs = ef; jnf_x = xf; jnf_n = n; }
    x = fabs(x);
    xf = (float)x;
    r = ynl(n, x);
    if (x > 1.5 * m) {
      e = fabs((double)((long double)__oxhip_yn(n, x) - r));
      if (e > yn_abs || e != e) { yn_abs = e; yn_x = x; yn_n = n; }
    } else if (x < m) {
      e = error_double(__oxhip_yn(n, x), r) / ceil(2 + 2.5 * m);
      if (e > yn_ratio) { yn_ratio = e; yn_rx = x; yn_rn = n; }
    }
    long double rf = ynl(n, xf);
    if (xf >= m) {
      ef = fabs((double)__oxhip_ynf(n, xf) - (double)rf);
      if (ef > ynf_abs || ef != ef) { ynf_abs = ef; ynf_x = xf; ynf_n = n; }
    } else {
      ef = error_float(__oxhip_ynf(n, xf), (double)rf) / ceil(2 + 2.5 * m);
      if (ef > ynf_ratio) { ynf_ratio = ef; ynf_rx = xf; ynf_rn = n; }
    }
  }
  printf("jn_abs %.3e %a %d\n", jn_abs, jn_x, jn_n);
  printf("jnf_abs %.3e %a %d\n", jnf_abs, jnf_x, jnf_n);
  printf("yn_abs %.3e %a %d\n", yn_abs, yn_x, yn_n);
  printf("ynf_abs %.3e %a %d\n", ynf_abs, ynf_x, ynf_n);
  /* ulps divided by ceil(2 + 2.5 |n|), CUDA's bound for ynf below n. */
  printf("yn_ratio %.3f %a %d\n", yn_ratio, yn_rx, yn_rn);
  printf("ynf_ratio %.3f %a %d\n", ynf_ratio, ynf_rx, ynf_rn);
  /* Special values: C's and CUDA's. */
  int wrong = 0;
  wrong += !(__oxhip_j0(INFINITY) == 0 && __oxhip_j0(-INFINITY) == 0 && __oxhip_j0(0.0) == 1);
  wrong += !(__oxhip_j1(-0.0) == 0 && signbit(__oxhip_j1(-0.0)) && __oxhip_j1(INFINITY) == 0);
  wrong += !(__oxhip_y0(0.0) == -INFINITY && __oxhip_y0(-0.0) == -INFINITY);
  wrong += !(isnan(__oxhip_y0(-1.0)) && isnan(__oxhip_y1(-INFINITY)) && isnan(__oxhip_y0(NAN)));
  wrong += !(__oxhip_y1(0.0) == -INFINITY && __oxhip_y1(INFINITY) == 0);
  wrong += !(__oxhip_yn(5, 0.0) == -INFINITY && isnan(__oxhip_yn(3, -2.0)) && __oxhip_yn(300, 1.0) == -INFINITY);
  wrong += !(__oxhip_jn(5, INFINITY) == 0 && __oxhip_jn(300, 1e-5) == 0 && isnan(__oxhip_jn(4, NAN)));
  /* Negative orders: NaN, as in CUDA (C's are (-1)^n J_-n). */
  wrong += !(isnan(__oxhip_jn(-3, 2.0)) && isnan(__oxhip_yn(-1, 1.0)) && isnan(__oxhip_jnf(-2, 1.0f)));
  wrong += !(__oxhip_jn(3, -2.0) == -__oxhip_jn(3, 2.0) && signbit(__oxhip_jn(3, -0.0)));
  wrong += !(__oxhip_cyl_bessel_i0(0.0) == 1 && __oxhip_cyl_bessel_i0(-INFINITY) == INFINITY);
  wrong += !(__oxhip_cyl_bessel_i1(-0.0) == 0 && signbit(__oxhip_cyl_bessel_i1(-0.0)));
  wrong += !(__oxhip_cyl_bessel_i1(-INFINITY) == -INFINITY && __oxhip_cyl_bessel_i0(714.0) == INFINITY);
  wrong += !(__oxhip_cyl_bessel_i0(1e300) == INFINITY && __oxhip_cyl_bessel_i1(-1e300) == -INFINITY);
  wrong += !(__oxhip_j0f(INFINITY) == 0 && __oxhip_y0f(0.0f) == -INFINITY && isnan(__oxhip_y1f(-1.0f)));
  wrong += !(__oxhip_cyl_bessel_i0f(100.0f) == INFINITY && __oxhip_cyl_bessel_i1f(-0.0f) == 0);
  printf("bessel_specials %d.000 wrong\n", wrong);
}

/* Above 2^20 the absolute errors say little (the values are below 8e-4, and far below
 * above 2^40): the relative error of j0 and y1 where they are at least a tenth of their
 * amplitude sqrt(2 / (pi x)) checks the phase, i.e. the Payne-Hanek reduction. */
static void check_bessel_phase(void) {
  double worst = 0, worst_x = 0;
  for (int i = 0; i < N / 4; ++i) {
    double x = log_range(3, 1023, 0);
    long double amplitude = sqrtl(2.0L / (PI_L * x));
    long double r = j0l(x), r1 = y1l(x);
    if (fabsl(r) >= amplitude / 10) {
      double e = (double)fabsl(((long double)__oxhip_j0(x) - r) / r);
      if (e > worst) { worst = e; worst_x = x; }
    }
    if (fabsl(r1) >= amplitude / 10) {
      double e = (double)fabsl(((long double)__oxhip_y1(x) - r1) / r1);
      if (e > worst) { worst = e; worst_x = x; }
    }
  }
  printf("bessel_phase %.3e %a\n", worst, worst_x);
}

static void check_bessels(void) {
  check_bessel_phase();
  check_bessel("j0", __oxhip_j0, __oxhip_j0f, j0l, 0, 0);
  check_bessel("j1", __oxhip_j1, __oxhip_j1f, j1l, 0, 1);
  check_bessel("y0", __oxhip_y0, __oxhip_y0f, y0l, 1, 2);
  check_bessel("y1", __oxhip_y1, __oxhip_y1f, y1l, 1, 3);
  check_bessel_i("cyl_bessel_i0", __oxhip_cyl_bessel_i0, __oxhip_cyl_bessel_i0f, i0l_);
  check_bessel_i("cyl_bessel_i1", __oxhip_cyl_bessel_i1, __oxhip_cyl_bessel_i1f, i1l_);
  check_bessel_n();
}


int main(void) {
  /* benches/gpu/accuracy.hip runs main several times, each with the same inputs. */
  state = 0x9e3779b97f4a7c15ull;
  CHECK1(exp, expl, in_range(-745, 709.7));
  CHECK1(exp2, exp2l, in_range(-1074, 1023.9));
  CHECK1(exp10, exp10l_, in_range(-307, 308));
  CHECK1(expm1, expm1l, (i & 1) ? log_range(-60, 3, 1) : in_range(-40, 709));
  CHECK1(log, logl, log_range(-1074, 1024, 0));
  CHECK1(log2, log2l, log_range(-1074, 1024, 0));
  CHECK1(log10, log10l, log_range(-1074, 1024, 0));
  CHECK1(log1p, log1pl, (i & 1) ? log_range(-60, 0, 1) : log_range(-60, 100, 0));
  CHECK1(sin, sinl, (i & 3) == 3 ? log_range(20, 1000, 1) : (i & 1) ? log_range(-30, 4, 1) : in_range(-1e5, 1e5));
  CHECK1(cos, cosl, (i & 3) == 3 ? log_range(20, 1000, 1) : (i & 1) ? log_range(-30, 4, 1) : in_range(-1e5, 1e5));
  CHECK1(tan, tanl, (i & 3) == 3 ? log_range(20, 1000, 1) : (i & 1) ? log_range(-30, 4, 1) : in_range(-1e5, 1e5));
  CHECK1(asin, asinl, in_range(-1, 1));
  CHECK1(acos, acosl, in_range(-1, 1));
  CHECK1(atan, atanl, log_range(-40, 60, 1));
  CHECK1(sinh, sinhl, (i & 1) ? log_range(-30, 2, 1) : in_range(-710, 710));
  CHECK1(cosh, coshl, in_range(-710, 710));
  CHECK1(tanh, tanhl, (i & 1) ? log_range(-30, 2, 1) : in_range(-25, 25));
  CHECK1(asinh, asinhl, log_range(-40, 1000, 1));
  CHECK1(acosh, acoshl, 1.0 + log_range(-50, 1000, 0));
  CHECK1(atanh, atanhl, in_range(-1, 1));
  CHECK1(cbrt, cbrtl, log_range(-1074, 1024, 1));
  CHECK1(erf, erfl, in_range(-7, 7));
  CHECK1(erfc, erfcl, in_range(-5, 27));
  CHECK1(lgamma, lgammal, (i & 1) ? in_range(-2.2, 40) : (i & 2) ? log_range(-60, 1000, 0) : -log_range(3.4, 7, 0));
  CHECK1(tgamma, tgammal, (i & 1) ? in_range(-20, 30) : (i & 2) ? in_range(-185, 171.6) : log_range(-60, 2, 1));
  CHECK1(logb, logbl, log_range(-1074, 1024, 1));
  CHECK1R(sinpi, sinpil_, (i & 1) ? in_range(-4, 4) : (i & 2) ? log_range(-40, 60, 1) : 0.5 * (double)(long long)in_range(-1e6, 1e6));
  CHECK1R(cospi, cospil_, (i & 1) ? in_range(-4, 4) : (i & 2) ? log_range(-40, 60, 1) : 0.5 * (double)(long long)in_range(-1e6, 1e6));
  CHECK1R(rcbrt, rcbrtl_, log_range(-1074, 1024, 1));
  CHECK1R(erfcx, erfcxl_, (i & 1) ? in_range(-26, 5) : log_range(-30, 60, 0));
  CHECK1R(normcdf, normcdfl_, (i & 1) ? in_range(-38.4, 8.3) : in_range(-4, 4));
  CHECK1R(erfinv, erfinvl_, (i & 1) ? in_range(-1, 1) : (i & 2) ? 1.0 - log_range(-53, -1, 0) : log_range(-60, -1, 1));
  CHECK1R(erfcinv, erfcinvl_, (i & 1) ? in_range(0, 2) : log_range(-1074, 0, 0));
  CHECK1R(normcdfinv, normcdfinvl_, (i & 1) ? in_range(0, 1) : log_range(-1074, -1, 0));
#define nextafter nextafter_float
  CHECK2(nextafter, nextafterl_, log_range(-1074, 1024, 1), log_range(-1074, 1024, 1));
#undef nextafter
  CHECK2(remainder, remainderl_, log_range(-1074, 1024, 1), log_range(-1074, 1024, 1));
  /* fmod is exact: quotients up to 2^2098 (NVPTX's frem lowering is wrong for large ones). */
  CHECK2(fmod, fmodl_, log_range(-1074, 1024, 1), (i & 1) ? log_range(-1074, 1024, 1) : in_range(-10, 10));
  CHECK2(rhypot, rhypotl_, log_range(-1000, 1000, 1), log_range(-1000, 1000, 1));
  {
    /* Exact functions: remquo's quotient bits, frexp, ilogb, norm3d and rnorm3d. */
    double worst_n = 0, worst_r = 0;
    int wrong = 0;
    for (int i = 0; i < N; ++i) {
      double x = log_range(-1074, 1024, 1), y = (i & 1) ? log_range(-1074, 1024, 1) : in_range(-10, 10);
      int q, q_ref;
      double r = __oxhip_remquo(x, y, &q), r_ref = remquo(x, y, &q_ref);
      if (r != r_ref || (q & 7) != (q_ref & 7)) ++wrong;
      int e, e_ref;
      if (__oxhip_frexp(x, &e) != frexp(x, &e_ref) || e != e_ref) ++wrong;
      if (__oxhip_ilogb(x) != ilogb(x)) ++wrong;
      double a = log_range(-400, 400, 1), b = log_range(-400, 400, 1), c = in_range(-10, 10);
      long double n = sqrtl((long double)a * a + (long double)b * b + (long double)c * c);
      double en = error_double(__oxhip_norm3d(a, b, c), n);
      double er = error_double(__oxhip_rnorm3d(a, b, c), 1.0L / n);
      if (en > worst_n) worst_n = en;
      if (er > worst_r) worst_r = er;
    }
    printf("exact %d.000 remquo-frexp-ilogb-mismatches\n", wrong);
    printf("norm3d %.3f\n", worst_n);
    printf("rnorm3d %.3f\n", worst_r);
  }
  CHECK2(pow, powl, log_range(-20, 20, 0), in_range(-30, 30));
  CHECK2(atan2, atan2l, in_range(-10, 10), in_range(-10, 10));
  CHECK2(hypot, hypotl, log_range(-1000, 1000, 1), log_range(-1000, 1000, 1));
  {
    double worst = 0, worst_x = 0;
    for (int i = 0; i < N; ++i) {
      float x = i < NSPECIAL ? SPECIAL[i] : (i & 1) ? random_float() : (float)log_range(-149, 128, 0);
      double e = error_float(__oxhip_rsqrtf(x), 1.0 / sqrt((double)x));
      if (e > worst) { worst = e; worst_x = x; }
    }
    printf("rsqrtf %.3f %a\n", worst, worst_x);
  }
  {
    double worst = 0, worst_x = 0;
    for (int i = 0; i < N; ++i) {
      double x = (i & 1) ? log_range(-1074, 1024, 0) : in_range(0.25, 4);
      double e = error_double(__oxhip_rsqrt(x), 1.0L / sqrtl((long double)x));
      if (e > worst) { worst = e; worst_x = x; }
    }
    double special[] = {0.0, -0.0, -1.0, INFINITY, -INFINITY, NAN, 0x1p-1074, 0x1.fffffffffffffp+1023};
    for (unsigned i = 0; i < sizeof special / sizeof special[0]; ++i) {
      double got = __oxhip_rsqrt(special[i]);
      long double ref = special[i] == 0 ? (signbit(special[i]) ? -INFINITY : INFINITY) : 1.0L / sqrtl((long double)special[i]);
      double e = (isnan(got) && isnan((double)ref)) ? 0 : got == (double)ref ? 0 : error_double(got, ref);
      if (e > worst) { worst = e; worst_x = special[i]; }
    }
    printf("rsqrt %.3f %a\n", worst, worst_x);
  }
  {
    double worst = 0, worst_x = 0;
    for (int i = 0; i < N; ++i) {
      float x = i < NSPECIAL ? SPECIAL[i] : (i & 1) ? random_float() : (float)in_range(-1e5, 1e5);
      float s, c;
      __oxhip_sincosf(x, &s, &c);
      double e = error_float(s, sin((double)x));
      double ec = error_float(c, cos((double)x));
      if (ec > e) e = ec;
      if (e > worst) { worst = e; worst_x = x; }
    }
    printf("sincosf %.3f %a\n", worst, worst_x);
  }
  check_bessels();
  return 0;
}
