/* Exhaustive (or strided) ulp check of the float functions of lib/math.c on the host,
 * optionally with the NVPTX paths: -DEMULATE_NVPTX compiles math.c as for NVPTX, with the
 * approximate instructions (ex2, lg2, rcp, rsqrt .approx; rcp .f64) emulated as the correctly
 * rounded value moved by the largest error the PTX ISA documents for them, either way
 * (mode 1: up, 2: down; 4, 5: ex2 one way, the others the other) or by a pseudo-random
 * fraction of it (mode 3); mode 0 rounds correctly. Those bounds are larger than what the
 * H100 shows (exp2f 2.06 ulp against the 2.8 that ex2's bound allows), so this errs on the
 * safe side. Not a test (minutes per function); tests/ulp.rs covers the host build.
 * A MODE ending in f (0f .. 5f) flushes subnormals, as -ftz=true does: the function runs
 * with x86's MXCSR flush-to-zero and denormals-are-zero bits set (as the GPUs' .ftz
 * instructions, and as the CPU device runs under -ftz=true), and is compared with the
 * reference at the flushed argument (or at the argument itself, where that is closer); a
 * result below 2^-126 may be the reference flushed.
 * -mfma makes fmaf one instruction, which the MXCSR bits govern (glibc's fmaf need not).
 *
 *   clang-22 -O2 -mfma -ffp-contract=off [-DEMULATE_NVPTX] -I devicelibs/lib \
 *     devicelibs/fit/exhaustive.c -lm -lpthread -o /tmp/exhaustive
 *   /tmp/exhaustive FUNCTION [MODE] [STRIDE] [FROM TO]
 *     (log1pf tanhf cbrtf sinhf atanf powf j0f j0f_abs ...; FROM TO: only |x| in [FROM, TO))
 *
 * powf runs x over every STRIDE-th positive float and y over a fixed set of values;
 * powf_t over y = T / log2(x) for a set of exponents T of the result (most near the ends of
 * the float range, where the logarithm's relative error counts the most). */
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xmmintrin.h>

static int emulation_mode;
static int flush_mode; /* MODE ends in f */

static float float_of(uint32_t u) { float x; memcpy(&x, &u, 4); return x; }
static uint32_t bits_of_float(float x) { uint32_t u; memcpy(&u, &x, 4); return u; }

#if defined(EMULATE_NVPTX)
static float flush(float x) { return fabsf(x) < 0x1p-126f ? copysignf(0.0f, x) : x; }
/* A pseudo-random number in [-1, 1] from the input's bits. */
static double jitter(float x, int salt) {
  uint64_t h = (uint64_t)bits_of_float(x) * 0x9e3779b97f4a7c15ull + (uint64_t)salt;
  h ^= h >> 29; h *= 0xbf58476d1ce4e5b9ull; h ^= h >> 32;
  return (double)(h >> 11) * 0x1p-52 - 1.0;
}
/* Modes 4 and 5: ex2 up and the others down, or the other way round (errors of opposite
 * sign need not cancel). */
static double direction(float x, int salt) {
  switch (emulation_mode) {
  case 1: return 1.0;
  case 2: return -1.0;
  case 3: return jitter(x, salt);
  case 4: return salt == 1 ? 1.0 : -1.0;
  case 5: return salt == 1 ? -1.0 : 1.0;
  default: return 0.0;
  }
}
static float with_relative_error(double exact, double bound, float x, int salt) {
  return (float)(exact * (1.0 + bound * direction(x, salt)));
}
static float emu_ex2(float x, int ftz) {
  if (ftz) x = flush(x);
  float r = with_relative_error(exp2((double)x), exp2(-22.5), x, 1);
  return ftz ? flush(r) : r;
}
static float emu_lg2(float x) {
  x = flush(x);
  if (!(x > 0.0f) || isinf(x)) return (float)log2((double)x);
  return (float)(log2((double)x) + exp2(-22.6) * direction(x, 2));
}
static float emu_rcp(float x) {
  x = flush(x);
  float r = (float)(1.0 / (double)x);
  double d = direction(x, 3);
  if (isfinite(r) && r != 0.0f && d != 0.0) {
    if (emulation_mode == 3) r = (float)((1.0 / (double)x) * (1.0 + 0x1p-23 * d));
    else r = nextafterf(r, (d > 0) == (r > 0) ? INFINITY : -INFINITY);
  }
  return flush(r);
}
static float emu_rsqrt(float x, int ftz) {
  if (ftz) x = flush(x);
  return with_relative_error(1.0 / sqrt((double)x), exp2(-22.9), x, 4);
}
/* rcp.approx.ftz.f64 is MUFU.RCP64H on the high word (20 mantissa bits in and out):
 * taken as 2^-18 here, twice what the truncations make. */
static double emu_rcp_d(double x) {
  return (1.0 / x) * (1.0 + exp2(-18.0) * direction((float)x, 5));
}
static float emu_fma_rm(float a, float b, float c) {
  double d = (double)a * (double)b + (double)c; /* exact for exp2_product's operands */
  float r = (float)d;
  return (double)r > d ? nextafterf(r, -INFINITY) : r;
}
/* add.rz.f32: the sum rounded to nearest, stepped toward zero when that rounded away
 * from zero (the rounding error by TwoSum, exact in float). */
static float emu_add_rz(float a, float b) {
  float s = a + b, bb = s - a, err = (a - (s - bb)) + (b - bb);
  return err != 0.0f && (err < 0.0f) == (s > 0.0f) ? nextafterf(s, 0.0f) : s;
}
#define __nvvm_add_rz_f(a, b) emu_add_rz((a), (b))
#define __nvvm_ex2_approx_ftz_f(x) emu_ex2((x), 1)
#define __nvvm_ex2_approx_f(x) emu_ex2((x), 0)
#define __nvvm_lg2_approx_ftz_f(x) emu_lg2(x)
#define __nvvm_rcp_approx_ftz_f(x) emu_rcp(x)
#define __nvvm_rsqrt_approx_ftz_f(x) emu_rsqrt((x), 1)
#define __nvvm_rcp_approx_ftz_d(x) emu_rcp_d(x)
#define __nvvm_rsqrt_approx_f(x) emu_rsqrt((x), 0)
#define __nvvm_fma_rm_f(a, b, c) emu_fma_rm((a), (b), (c))
#define __NVPTX__ 1
#endif
#include "math.c"

/* Flush-to-zero as the GPUs do it: a subnormal becomes zero of its sign. */
static float flushed(float x) { return fabsf(x) < 0x1p-126f ? copysignf(0.0f, x) : x; }

static double ulp_error(float got, double ref) {
  if (flush_mode && fabs(ref) < 0x1p-126 && got == 0.0f && signbit(got) == signbit(ref))
    return 0;
  if (isnan(got) || isnan(ref)) return isnan(got) && isnan(ref) ? 0 : 1e30;
  if (isinf((float)ref) || isinf(got)) return got == (float)ref ? 0 : 1e30;
  if (got == 0 && ref == 0 && signbit(got) != signbit(ref)) return 1e30;
  double r = fabs(ref), ulp;
  if (r < 0x1p-126) ulp = 0x1p-149;
  else { int e; frexp(r, &e); ulp = ldexp(1.0, e - 24); }
  return fabs((double)got - ref) / ulp;
}

typedef struct { const char *name; float (*f)(float); double (*ref)(double); } unary;
static double j0_below_8(double x) { return fabs(x) < 8 ? j0(x) : NAN; }
static float j0f_below_8(float x) { return fabsf(x) < 8 ? __oxhip_j0f(x) : NAN; }
static double j0_from_8(double x) { return fabs(x) >= 8 ? j0(x) : NAN; }
static float j0f_from_8(float x) { return fabsf(x) >= 8 ? __oxhip_j0f(x) : NAN; }
static const unary UNARY[] = {
    {"log1pf", __oxhip_log1pf, log1p}, {"tanhf", __oxhip_tanhf, tanh},
    {"cbrtf", __oxhip_cbrtf, cbrt},    {"sinhf", __oxhip_sinhf, sinh},
    {"atanf", __oxhip_atanf, atan},    {"j0f", j0f_below_8, j0_below_8},
    {"expf", __oxhip_expf, exp},       {"logf", __oxhip_logf, log},
    {"coshf", __oxhip_coshf, cosh},    {"j0f_abs", j0f_from_8, j0_from_8},
};
static const float POW_Y[] = {0.5f, 0.75f, 1.0f / 3, 1.2345f, 2.0f, 3.0f, 7.5f, -1.0f, -0.5f,
                              -2.5f, 10.0f, 0.01f, -0.0123f, 100.5f, 1.0000001f, 40.0f, 0.999f};

static const double POW_T[] = {-149.7, -140.3, -126.2, -125.1, -100.3, -33.3, -1.7,
                                1.3,    37.9,   100.1,  124.9,  125.2,  127.3, 127.99};

static const unary *current;
static uint32_t stride = 1;
static float range_from = 0.0f, range_to = INFINITY;
static int use_pow, use_pow_t, use_abs; /* j0f_abs: the absolute error (CUDA's bound above 8) */
typedef struct { uint64_t start, end; double worst; float worst_x, worst_y; } slice;

/* The function's call with the MXCSR bits set in flush mode; the references run without.
 * The calls go through pointers, so that no operation of theirs moves across the switch. */
static float (*volatile pow_call)(float, float) = __oxhip_powf;
static unsigned plain_csr;
static void flushing(int on) {
  if (flush_mode) _mm_setcsr(on ? plain_csr | 0x8040u : plain_csr);
}

static void *run(void *arg) {
  slice *s = arg;
  for (uint64_t u = s->start; u < s->end; u += (uint64_t)stride * 2) {
    float x = float_of((uint32_t)u);
    if (!(fabsf(x) >= range_from && fabsf(x) < range_to) && !(isnan(x) && range_to == INFINITY)) continue;
    if (use_pow) {
      size_t n = use_pow_t ? sizeof POW_T / sizeof *POW_T : sizeof POW_Y / sizeof *POW_Y;
      for (size_t k = 0; k < n; ++k) {
        float y = use_pow_t ? (float)(POW_T[k] / log2((double)x)) : POW_Y[k];
        if (!isfinite(y)) continue;
        flushing(1);
        float got = pow_call(x, y);
        flushing(0);
        double ref = flush_mode ? pow((double)flushed(x), (double)flushed(y))
                                : pow((double)x, (double)y);
        double e = ulp_error(got, ref);
        if (e > s->worst) { s->worst = e; s->worst_x = x; s->worst_y = y; }
      }
    } else {
      flushing(1);
      float got = current->f(x);
      flushing(0);
      double ref = current->ref((double)(flush_mode ? flushed(x) : x));
      /* A subnormal argument may also be taken as it is. */
      if (flush_mode && flushed(x) != x && !use_abs) {
        double plain = current->ref((double)x);
        if (ulp_error(got, plain) < ulp_error(got, ref)) ref = plain;
      }
      double e = !use_abs ? ulp_error(got, ref)
                 : isnan(got) || isnan(ref) ? (isnan(got) && isnan(ref) ? 0 : 1e30)
                 : fabs((double)got - ref);
      if (e > s->worst) { s->worst = e; s->worst_x = x; }
    }
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2) return 2;
  emulation_mode = argc > 2 ? atoi(argv[2]) : 0;
  flush_mode = argc > 2 && strchr(argv[2], 'f') != 0;
  plain_csr = _mm_getcsr();
  stride = argc > 3 ? (uint32_t)atoi(argv[3]) : 1;
  if (argc > 5) { range_from = strtof(argv[4], 0); range_to = strtof(argv[5], 0); }
  use_pow_t = strcmp(argv[1], "powf_t") == 0;
  use_pow = use_pow_t || strcmp(argv[1], "powf") == 0;
  use_abs = strcmp(argv[1], "j0f_abs") == 0;
  for (size_t i = 0; i < sizeof UNARY / sizeof *UNARY; ++i)
    if (strcmp(argv[1], UNARY[i].name) == 0) current = &UNARY[i];
  if (!current && !use_pow) return 2;
  enum { THREADS = 2 };
  slice slices[THREADS];
  pthread_t threads[THREADS];
  uint64_t total = 1ull << 32, last = use_pow ? 0x7f800000ull : total;
  for (int t = 0; t < THREADS; ++t) {
    slices[t] = (slice){(uint64_t)t * stride, last, 0, 0, 0};
    pthread_create(&threads[t], 0, run, &slices[t]);
  }
  (void)total;
  double worst = 0; float wx = 0, wy = 0;
  for (int t = 0; t < THREADS; ++t) {
    pthread_join(threads[t], 0);
    if (slices[t].worst > worst) { worst = slices[t].worst; wx = slices[t].worst_x; wy = slices[t].worst_y; }
  }
  const char *ftz = flush_mode ? " (flush to zero)" : "";
  if (use_pow) printf("%s mode %d%s stride %u: %.3f ulp at x = %a, y = %a\n", argv[1], emulation_mode, ftz, stride, worst, wx, wy);
  else if (use_abs) printf("%s mode %d%s stride %u: %.3g at %a\n", argv[1], emulation_mode, ftz, stride, worst, wx);
  else printf("%s mode %d%s stride %u: %.3f ulp at %a\n", argv[1], emulation_mode, ftz, stride, worst, wx);
  return 0;
}
