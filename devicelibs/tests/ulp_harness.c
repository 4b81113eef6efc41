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
DECLARE2(nextafter) DECLARE2(remainder) DECLARE2(rhypot)
double __oxhip_remquo(double, double, int *);
double __oxhip_norm3d(double, double, double);
double __oxhip_rnorm3d(double, double, double);
double __oxhip_frexp(double, int *);
int __oxhip_ilogb(double);
float __oxhip_rsqrtf(float);
double __oxhip_rsqrt(double);
void __oxhip_sincosf(float, float *, float *);

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
static double reference_float(long double (*f)(long double), float x) { return (double)f(x); }

/* As CHECK1 for a function without a glibc double form: the float reference is the long
 * double one. */
#define CHECK1R(name, ld_ref, sample) CHECK1_WITH(name, ld_ref, reference_float(ld_ref, xf), sample)


int main(void) {
  CHECK1(exp, expl, in_range(-745, 709.7));
  CHECK1(exp2, exp2l, in_range(-1074, 1023.9));
  CHECK1(exp10, exp10l_, in_range(-307, 308));
  CHECK1(expm1, expm1l, (i & 1) ? log_range(-60, 3, 1) : in_range(-40, 709));
  CHECK1(log, logl, log_range(-1074, 1024, 0));
  CHECK1(log2, log2l, log_range(-1074, 1024, 0));
  CHECK1(log10, log10l, log_range(-1074, 1024, 0));
  CHECK1(log1p, log1pl, (i & 1) ? log_range(-60, 0, 1) : log_range(-60, 100, 0));
  CHECK1(sin, sinl, (i & 1) ? log_range(-30, 4, 1) : in_range(-1e5, 1e5));
  CHECK1(cos, cosl, (i & 1) ? log_range(-30, 4, 1) : in_range(-1e5, 1e5));
  CHECK1(tan, tanl, (i & 1) ? log_range(-30, 4, 1) : in_range(-1e5, 1e5));
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
  return 0;
}
