// hip/hip_bf16.h and hip/hip_bfloat16.h: __hip_bfloat16 and __hip_bfloat162 conversions
// (every rounding direction, from float, double and 64-bit integers, NaN, infinities,
// subnormals, ties), arithmetic (fma ties that a float fma would round twice included),
// comparisons, math functions, shuffles and atomics, computed in kernels and on the host,
// and checked against references computed here in double precision; and the older
// hip_bfloat16 struct.
#include "check.h"
// hip_bfloat16.h first: after hip_bf16.h, `hip_bfloat16` names __hip_bfloat16, as in HIP.
#include <hip/hip_bfloat16.h>
#include <hip/hip_bf16.h>

#include <cmath>
#include <cstring>
#include <sstream>
#include <vector>

// ---- reference: bfloat16 <-> double, independent of the headers ---------------------

enum Mode { RN, RZ, RD, RU };

static double bf_value(unsigned short bits) {
  int exponent = (bits >> 7) & 0xff;
  int mantissa = bits & 0x7f;
  double sign = (bits & 0x8000) ? -1.0 : 1.0;
  if (exponent == 0xff) return mantissa ? NAN : sign * INFINITY;
  if (exponent == 0) return sign * std::ldexp(mantissa, -133);
  return sign * std::ldexp(mantissa + 128, exponent - 134);
}
static bool bf_is_nan(unsigned short bits) { return (bits & 0x7fff) > 0x7f80; }

static const double bf_max = 0x1.fep127;

// The bfloat16 nearest to `value` in direction `mode` (NaN: 0x7fff).
static unsigned short to_bf(double value, Mode mode) {
  if (std::isnan(value)) return 0x7fff;
  unsigned short sign = std::signbit(value) ? 0x8000 : 0;
  double magnitude = std::fabs(value);
  bool up = mode == RU ? !sign : mode == RD ? sign : false;
  if (std::isinf(magnitude)) return sign | 0x7f80;
  int exponent;
  std::frexp(magnitude, &exponent);
  int quantum_exponent = (exponent - 1 < -126 ? -126 : exponent - 1) - 7;
  double scaled = std::ldexp(magnitude, -quantum_exponent);
  double steps = mode == RN ? std::nearbyint(scaled) : up ? std::ceil(scaled) : std::floor(scaled);
  double rounded = std::ldexp(steps, quantum_exponent);
  if (rounded > bf_max) return sign | ((mode == RN || up) ? 0x7f80 : 0x7f7f);
  if (rounded == 0.0) return sign;
  int e;
  double fraction = std::frexp(rounded, &e);
  if (e - 1 < -126) return sign | (unsigned short)std::ldexp(rounded, 133);
  unsigned short mantissa = (unsigned short)(std::ldexp(fraction, 8) - 128.0);
  return sign | (unsigned short)((e - 1 + 127) << 7) | mantissa;
}

static int ulp_distance(unsigned short a, unsigned short b) {
  auto ordered = [](unsigned short bits) {
    return (bits & 0x8000) ? -(int)(bits & 0x7fff) : (int)bits;
  };
  int d = ordered(a) - ordered(b);
  return d < 0 ? -d : d;
}

// a * b + c rounded once to bfloat16: the product is exact in double, and the error of
// the double sum (recovered exactly by two-sum) says on which side the exact value lies.
// Of the double sum and its neighbour on that side, the odd one is never a bfloat16 tie
// (those end in zero bits), and it rounds as the exact value does (round to odd).
static unsigned short fma_bf(double a, double b, double c) {
  double product = a * b;
  double sum = product + c;
  if (!std::isfinite(sum) || std::isnan(sum)) return to_bf(sum, RN);
  double back = sum - product;
  double error = (product - (sum - back)) + (c - back);
  unsigned long long bits;
  std::memcpy(&bits, &sum, sizeof bits);
  if (error != 0.0 && (bits & 1) == 0) sum = std::nextafter(sum, error > 0 ? INFINITY : -INFINITY);
  return to_bf(sum, RN);
}

static long long errors = 0;
static void fail(const char* what, const char* detail) {
  if (++errors <= 40) std::printf("bfloat16_types: %s: %s\n", what, detail);
}
static void expect_bf(const char* what, unsigned short got, unsigned short want,
                      double input = NAN, bool exact_nan = false) {
  bool ok = got == want || (!exact_nan && bf_is_nan(got) && bf_is_nan(want));
  if (!ok) {
    char detail[160];
    std::snprintf(detail, sizeof detail, "input %.9g: got 0x%04x (%.9g), expected 0x%04x (%.9g)",
                  input, got, bf_value(got), want, bf_value(want));
    fail(what, detail);
  }
}

// ---- work shared by the kernels and the host ------------------------------------------

__host__ __device__ unsigned short bits_of(__hip_bfloat16 b) { return __bfloat16_as_ushort(b); }

__host__ __device__ void from_float(float value, unsigned short* out) {
  out[0] = bits_of(__float2bfloat16_rn(value));
  out[1] = bits_of(__float2bfloat16_rz(value));
  out[2] = bits_of(__float2bfloat16_rd(value));
  out[3] = bits_of(__float2bfloat16_ru(value));
  out[4] = bits_of(__float2bfloat16(value));
  out[5] = bits_of(__hip_bfloat16(value));
}

__host__ __device__ void from_double(double value, unsigned short* out) {
  out[0] = bits_of(__double2bfloat16(value));
  out[1] = bits_of(__hip_bfloat16(value));
}

struct ToInt {
  int i[4];
  unsigned u[4];
  short s[4];
  unsigned short us[4];
  long long ll[4];
  unsigned long long ull[4];
  signed char c;
  unsigned char uc;
  int cast_int;
  unsigned long long cast_ull;
  bool cast_bool;
  float as_float;
  double as_double;
};

__host__ __device__ void to_int(unsigned short bits, ToInt* out) {
  __hip_bfloat16 h = __ushort_as_bfloat16(bits);
  out->i[0] = __bfloat162int_rn(h), out->i[1] = __bfloat162int_rz(h);
  out->i[2] = __bfloat162int_rd(h), out->i[3] = __bfloat162int_ru(h);
  out->u[0] = __bfloat162uint_rn(h), out->u[1] = __bfloat162uint_rz(h);
  out->u[2] = __bfloat162uint_rd(h), out->u[3] = __bfloat162uint_ru(h);
  out->s[0] = __bfloat162short_rn(h), out->s[1] = __bfloat162short_rz(h);
  out->s[2] = __bfloat162short_rd(h), out->s[3] = __bfloat162short_ru(h);
  out->us[0] = __bfloat162ushort_rn(h), out->us[1] = __bfloat162ushort_rz(h);
  out->us[2] = __bfloat162ushort_rd(h), out->us[3] = __bfloat162ushort_ru(h);
  out->ll[0] = __bfloat162ll_rn(h), out->ll[1] = __bfloat162ll_rz(h);
  out->ll[2] = __bfloat162ll_rd(h), out->ll[3] = __bfloat162ll_ru(h);
  out->ull[0] = __bfloat162ull_rn(h), out->ull[1] = __bfloat162ull_rz(h);
  out->ull[2] = __bfloat162ull_rd(h), out->ull[3] = __bfloat162ull_ru(h);
  out->c = __bfloat162char_rz(h);
  out->uc = __bfloat162uchar_rz(h);
  out->cast_int = static_cast<int>(h);
  out->cast_ull = static_cast<unsigned long long>(h);
  out->cast_bool = static_cast<bool>(h);
  out->as_float = __bfloat162float(h);
  float implicit = h;
  if (!(implicit == out->as_float || (implicit != implicit && out->as_float != out->as_float)))
    out->as_float = 12345.0f;
  out->as_double = static_cast<double>(h);
}

__host__ __device__ void from_int(long long value, unsigned short* out) {
  int i = (int)value;
  unsigned u = (unsigned)value;
  short s = (short)value;
  unsigned short us = (unsigned short)value;
  unsigned long long ull = (unsigned long long)value;
  out[0] = bits_of(__int2bfloat16_rn(i)), out[1] = bits_of(__int2bfloat16_rz(i));
  out[2] = bits_of(__int2bfloat16_rd(i)), out[3] = bits_of(__int2bfloat16_ru(i));
  out[4] = bits_of(__uint2bfloat16_rn(u)), out[5] = bits_of(__uint2bfloat16_rz(u));
  out[6] = bits_of(__uint2bfloat16_rd(u)), out[7] = bits_of(__uint2bfloat16_ru(u));
  out[8] = bits_of(__short2bfloat16_rn(s)), out[9] = bits_of(__short2bfloat16_rz(s));
  out[10] = bits_of(__short2bfloat16_rd(s)), out[11] = bits_of(__short2bfloat16_ru(s));
  out[12] = bits_of(__ushort2bfloat16_rn(us)), out[13] = bits_of(__ushort2bfloat16_rz(us));
  out[14] = bits_of(__ushort2bfloat16_rd(us)), out[15] = bits_of(__ushort2bfloat16_ru(us));
  out[16] = bits_of(__ll2bfloat16_rn(value)), out[17] = bits_of(__ll2bfloat16_rz(value));
  out[18] = bits_of(__ll2bfloat16_rd(value)), out[19] = bits_of(__ll2bfloat16_ru(value));
  out[20] = bits_of(__ull2bfloat16_rn(ull)), out[21] = bits_of(__ull2bfloat16_rz(ull));
  out[22] = bits_of(__ull2bfloat16_rd(ull)), out[23] = bits_of(__ull2bfloat16_ru(ull));
  out[24] = bits_of(__hip_bfloat16(value));  // the converting constructor from long long
}

enum {
  M_SQRT, M_RSQRT, M_RCP, M_EXP, M_EXP2, M_EXP10, M_LOG, M_LOG2, M_LOG10,
  M_SIN, M_COS, M_CEIL, M_FLOOR, M_TRUNC, M_RINT, M_TANH, M_TANH_APPROX, M_COUNT
};
static const char* const math_names[M_COUNT] = {
    "hsqrt", "hrsqrt", "hrcp", "hexp", "hexp2", "hexp10", "hlog", "hlog2",
    "hlog10", "hsin", "hcos", "hceil", "hfloor", "htrunc", "hrint", "htanh", "htanh_approx"};

__host__ __device__ void math(unsigned short bits, unsigned short* out, unsigned short* out2) {
  __hip_bfloat16 h = __ushort_as_bfloat16(bits);
  __hip_bfloat16 r[M_COUNT] = {hsqrt(h), hrsqrt(h), hrcp(h), hexp(h), hexp2(h),
                               hexp10(h), hlog(h), hlog2(h), hlog10(h), hsin(h),
                               hcos(h), hceil(h), hfloor(h), htrunc(h), hrint(h),
                       htanh(h), htanh_approx(h)};
  for (int m = 0; m < M_COUNT; ++m) out[m] = bits_of(r[m]);
  __hip_bfloat162 v = __halves2bfloat162(h, __ushort_as_bfloat16((unsigned short)(bits ^ 1)));
  __hip_bfloat162 r2[M_COUNT] = {h2sqrt(v), h2rsqrt(v), h2rcp(v), h2exp(v), h2exp2(v),
                                 h2exp10(v), h2log(v), h2log2(v), h2log10(v), h2sin(v),
                                 h2cos(v), h2ceil(v), h2floor(v), h2trunc(v), h2rint(v),
                         h2tanh(v), h2tanh_approx(v)};
  for (int m = 0; m < M_COUNT; ++m) out2[m] = bits_of(__low2bfloat16(r2[m]));
}

enum {
  A_ADD, A_SUB, A_MUL, A_DIV, A_FMA, A_ADD_RN, A_SUB_RN, A_MUL_RN, A_ADD_SAT, A_SUB_SAT,
  A_MUL_SAT, A_FMA_SAT, A_FMA_RELU, A_NEG, A_ABS, A_MAX, A_MIN, A_MAX_NAN, A_MIN_NAN,
  A_OP_ADD, A_OP_SUB, A_OP_MUL, A_OP_DIV, A_OP_NEG, A_COMPOUND, A_INCREMENT, A_COUNT
};
static const char* const arith_names[A_COUNT] = {
    "__hadd", "__hsub", "__hmul", "__hdiv", "__hfma", "__hadd_rn", "__hsub_rn",
    "__hmul_rn", "__hadd_sat", "__hsub_sat", "__hmul_sat", "__hfma_sat", "__hfma_relu",
    "__hneg", "__habs", "__hmax", "__hmin", "__hmax_nan", "__hmin_nan", "operator+",
    "operator-", "operator*", "operator/", "unary -", "compound", "++"};

struct Arith {
  unsigned short scalar[A_COUNT];
  unsigned short pair[8][2];  // hadd2 hsub2 hmul2 h2div hfma2 hneg2 habs2 hmin2
  unsigned compare;
  unsigned masks[12];
  int isinf;
};

__host__ __device__ void arith(unsigned short a_bits, unsigned short b_bits,
                               unsigned short c_bits, Arith* out) {
  __hip_bfloat16 a = __ushort_as_bfloat16(a_bits), b = __ushort_as_bfloat16(b_bits),
                 c = __ushort_as_bfloat16(c_bits);
  __hip_bfloat16 r[A_COUNT];
  r[A_ADD] = __hadd(a, b);
  r[A_SUB] = __hsub(a, b);
  r[A_MUL] = __hmul(a, b);
  r[A_DIV] = __hdiv(a, b);
  r[A_FMA] = __hfma(a, b, c);
  r[A_ADD_RN] = __hadd_rn(a, b);
  r[A_SUB_RN] = __hsub_rn(a, b);
  r[A_MUL_RN] = __hmul_rn(a, b);
  r[A_ADD_SAT] = __hadd_sat(a, b);
  r[A_SUB_SAT] = __hsub_sat(a, b);
  r[A_MUL_SAT] = __hmul_sat(a, b);
  r[A_FMA_SAT] = __hfma_sat(a, b, c);
  r[A_FMA_RELU] = __hfma_relu(a, b, c);
  r[A_NEG] = __hneg(a);
  r[A_ABS] = __habs(a);
  r[A_MAX] = __hmax(a, b);
  r[A_MIN] = __hmin(a, b);
  r[A_MAX_NAN] = __hmax_nan(a, b);
  r[A_MIN_NAN] = __hmin_nan(a, b);
  r[A_OP_ADD] = a + b;
  r[A_OP_SUB] = a - b;
  r[A_OP_MUL] = a * b;
  r[A_OP_DIV] = a / b;
  r[A_OP_NEG] = -a;
  __hip_bfloat16 compound = a;
  compound += b;
  compound *= c;
  compound -= a;
  compound /= b;
  r[A_COMPOUND] = compound;
  __hip_bfloat16 counter = a;
  counter++;
  ++counter;
  counter--;
  r[A_INCREMENT] = counter;
  for (int k = 0; k < A_COUNT; ++k) out->scalar[k] = bits_of(r[k]);

  __hip_bfloat162 ab = __halves2bfloat162(a, b), bc = __halves2bfloat162(b, c),
                  ca = __halves2bfloat162(c, a);
  __hip_bfloat162 p[8] = {__hadd2(ab, bc), __hsub2(ab, bc), __hmul2(ab, bc), __h2div(ab, bc),
                          __hfma2(ab, bc, ca), __hneg2(ab), __habs2(ab), __hmin2(ab, bc)};
  for (int k = 0; k < 8; ++k) {
    out->pair[k][0] = bits_of(p[k].x);
    out->pair[k][1] = bits_of(__high2bfloat16(p[k]));
  }
  __hip_bfloat162 ba = __halves2bfloat162(b, a);
  bool flags[26] = {__heq(a, b), __hne(a, b), __hlt(a, b), __hle(a, b), __hgt(a, b),
                    __hge(a, b), __hequ(a, b), __hneu(a, b), __hltu(a, b), __hleu(a, b),
                    __hgtu(a, b), __hgeu(a, b), a == b, a != b, a < b, a <= b, a > b, a >= b,
                    __hbeq2(ab, ba), __hblt2(ab, ba), __hbgeu2(ab, ba), __hbne2(ab, ba),
                    __heq2(ab, ba) == __float2bfloat162_rn(1.0f),
                    __low2float(__hlt2(ab, bc)) == 1.0f, __hisnan(a),
                    __high2float(__hisnan2(ab)) == 1.0f};
  out->compare = 0;
  for (int k = 0; k < 26; ++k) out->compare |= (unsigned)flags[k] << k;
  unsigned masks[12] = {__heq2_mask(ab, ba), __hne2_mask(ab, ba), __hlt2_mask(ab, ba),
                        __hle2_mask(ab, ba), __hgt2_mask(ab, ba), __hge2_mask(ab, ba),
                        __hequ2_mask(ab, ba), __hneu2_mask(ab, ba), __hltu2_mask(ab, ba),
                        __hleu2_mask(ab, ba), __hgtu2_mask(ab, ba), __hgeu2_mask(ab, ba)};
  for (int k = 0; k < 12; ++k) out->masks[k] = masks[k];
  out->isinf = __hisinf(a);
}

// ---- kernels ------------------------------------------------------------------------------

__global__ void k_from_float(const float* in, unsigned short* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) from_float(in[i], out + 6 * i);
}
__global__ void k_from_double(const double* in, unsigned short* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) from_double(in[i], out + 2 * i);
}
__global__ void k_to_int(ToInt* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  to_int((unsigned short)i, out + i);
}
__global__ void k_from_int(const long long* in, unsigned short* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) from_int(in[i], out + 25 * i);
}
__global__ void k_math(unsigned short* out, unsigned short* out2) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  math((unsigned short)i, out + M_COUNT * i, out2 + M_COUNT * i);
}
__global__ void k_arith(const unsigned short* in, Arith* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) arith(in[3 * i], in[3 * i + 1], in[3 * i + 2], out + i);
}

__global__ void k_pairs(const __hip_bfloat162* in, float* out) {
  __hip_bfloat162 v = __ldg(in), w = in[1];
  __hip_bfloat16 lo = __ldg(reinterpret_cast<const __hip_bfloat16*>(in));
  float2 f = __bfloat1622float2(v);
  float2 g = w;  // HIP's conversion to float2
  __hip_bfloat162 swapped = __lowhigh2highlow(v);
  __hip_bfloat162 lows = __lows2bfloat162(v, w), highs = __highs2bfloat162(v, w);
  __hip_bfloat162 low2 = __low2bfloat162(v), high2 = __high2bfloat162(v);
  __hip_bfloat162 from_floats = __floats2bfloat162_rn(1.25f, -3.5f);
  __hip_bfloat162 from_float2 = __float22bfloat162_rn(make_float2(0.1f, 3.0e38f));
  __hip_bfloat162 splat = __float2bfloat162_rn(2.5f);
  __hip_bfloat162 made = make_bfloat162(__low2bfloat16(w), __high2bfloat16(w));
  __hip_bfloat162 cm = __hcmadd(v, w, splat);
  __hip_bfloat162 counter = v;
  counter++;
  counter *= w;
  counter -= splat;
  counter /= __bfloat162bfloat162(__float2bfloat16(0.5f));
  float values[] = {f.x, f.y, g.x, g.y, __bfloat162float(lo), __low2float(swapped),
                    __high2float(swapped), __low2float(lows), __high2float(lows),
                    __low2float(highs), __high2float(highs), __low2float(low2),
                    __high2float(low2), __low2float(high2), __high2float(high2),
                    __low2float(from_floats), __high2float(from_floats),
                    __low2float(from_float2), __high2float(from_float2), __low2float(splat),
                    __high2float(splat), __low2float(made), __high2float(made),
                    __low2float(cm), __high2float(cm), __low2float(counter),
                    __high2float(counter)};
  for (unsigned k = 0; k < sizeof values / sizeof values[0]; ++k) out[k] = values[k];
}

// CUDA's cache-hint loads and stores on __hip_bfloat16 and __hip_bfloat162: each moves the
// value unchanged.
// See: issue 10 (the half-precision API).
__global__ void k_cache_hints(const __hip_bfloat162* in, __hip_bfloat162* out2,
                              __hip_bfloat16* out) {
  const __hip_bfloat16* scalars = reinterpret_cast<const __hip_bfloat16*>(in);
  out[0] = __ldcs(scalars);
  out[1] = __ldlu(scalars + 1);
  out[2] = __ldcv(scalars + 2);
  __stwb(out + 3, __ldca(scalars + 3));
  __stcg(out + 4, __ldcg(scalars));
  __stcs(out + 5, scalars[1]);
  __stwt(out + 6, scalars[2]);
  out2[0] = __ldcs(in);
  out2[1] = __ldlu(in + 1);
  out2[2] = __ldcv(in);
  __stwb(out2 + 3, in[1]);
  __stcg(out2 + 4, in[0]);
  __stcs(out2 + 5, in[1]);
  __stwt(out2 + 6, in[0]);
}

__global__ void k_shuffles(float* out, int* warp_size) {
  int t = threadIdx.x;
  int lane = t % warpSize;
  if (t == 0) *warp_size = warpSize;
  __hip_bfloat16 h = __float2bfloat16(lane + 0.25f);
  __hip_bfloat162 h2 = __floats2bfloat162_rn(lane + 0.5f, -lane - 0.75f);
  float* o = out + 16 * t;
  o[0] = __bfloat162float(__shfl(h, 3));
  o[1] = __bfloat162float(__shfl_up(h, 2));
  o[2] = __bfloat162float(__shfl_down(h, 1));
  o[3] = __bfloat162float(__shfl_xor(h, 1));
  o[4] = __low2float(__shfl(h2, 5));
  o[5] = __high2float(__shfl_xor(h2, 2));
  o[6] = __low2float(__shfl_down(h2, 3, 16));
  o[7] = __high2float(__shfl_up(h2, 1, 8));
  o[8] = __bfloat162float(__shfl_sync(~0ull, h, 7));
  o[9] = __bfloat162float(__shfl_xor_sync(~0ull, h, 4));
  o[10] = __bfloat162float(__shfl_up_sync(~0ull, h, 1));
  o[11] = __bfloat162float(__shfl_down_sync(~0ull, h, 2));
  o[12] = __low2float(__shfl_sync(~0ull, h2, 1));
  o[13] = __high2float(__shfl_xor_sync(~0ull, h2, 1));
  o[14] = __low2float(__shfl_up_sync(~0ull, h2, 4));
  o[15] = __high2float(__shfl_down_sync(~0ull, h2, 4));
}

__global__ void k_atomics(__hip_bfloat16* acc, __hip_bfloat162* acc2, __hip_bfloat16* old_low,
                          int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (i % 2 == 0) {
    old_low[i / 2] = atomicAdd(&acc[0], __float2bfloat16(1.0f));
  } else {
    atomicAdd(&acc[1], __float2bfloat16(0.5f));
  }
  atomicAdd(&acc[3], __float2bfloat16(-2.0f));
  if (blockIdx.x == 0) atomicAdd_block(&acc[2], __float2bfloat16(0.25f));
  atomicAdd(acc2, __floats2bfloat162_rn(1.0f, 0.125f));
  unsafeAtomicAdd(acc2 + 1, __floats2bfloat162_rn(-0.5f, 2.0f));
}

// The older hip_bfloat16 in device code.
__global__ void k_old(const float* in, unsigned short* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  hip_bfloat16 rounded(in[i]), truncated(in[i], hip_bfloat16::truncate);
  hip_bfloat16 sum = rounded + truncated, product = rounded * truncated;
  sum -= hip_bfloat16(1.0f);
  ++product;
  out[4 * i] = rounded.data;
  out[4 * i + 1] = truncated.data;
  out[4 * i + 2] = sum.data;
  out[4 * i + 3] = product.data;
}

// ---- helpers for the host side -------------------------------------------------------

template <class T>
static T* device_copy(const std::vector<T>& host) {
  T* device;
  CHECK(hipMalloc(&device, host.size() * sizeof(T)));
  CHECK(hipMemcpy(device, host.data(), host.size() * sizeof(T), hipMemcpyHostToDevice));
  return device;
}
template <class T>
static std::vector<T> host_copy(const T* device, size_t count) {
  std::vector<T> host(count);
  CHECK(hipMemcpy(host.data(), device, count * sizeof(T), hipMemcpyDeviceToHost));
  return host;
}
static int blocks(int n) { return (n + 255) / 256; }

static std::vector<float> float_inputs() {
  std::vector<float> in = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, -NAN, 1.0f, -1.0f,
                           3.38953139e38f, 3.3895e38f, 3.40282347e38f, -3.40282347e38f,
                           1.17549435e-38f, 1e-40f, -1e-40f, 1.4e-45f, 9.18354962e-41f,
                           4.59177481e-41f, 0.1f, -0.1f, 1.00390625f, 1.01171875f, 3.14159265f};
  // Signalling NaNs whose payload lies only in the low half.
  unsigned int nan_bits[] = {0x7f800001u, 0xff800100u, 0x7fc00000u};
  for (unsigned int b : nan_bits) in.push_back(__builtin_bit_cast(float, b));
  for (int e = -136; e <= 128; e += 3) {
    for (int k = 0; k < 8; ++k) {
      float base = std::ldexp(1.0f + 0.0078125f * 3, e);
      float ulp = std::ldexp(1.0f, (e < -126 ? -126 : e) - 7);
      in.push_back(base + ulp * k / 8.0f);
      in.push_back(-(base + ulp * k / 8.0f));
    }
  }
  unsigned long long state = 17;
  for (int k = 0; k < 4000; ++k) {
    unsigned int r = next_random(&state) | (next_random(&state) & 1u) << 31;
    float f = __builtin_bit_cast(float, r);
    in.push_back(f);
  }
  return in;
}

static void check_from_float(const std::vector<float>& in, const unsigned short* got,
                             const char* where) {
  static const char* const names[] = {"__float2bfloat16_rn", "__float2bfloat16_rz",
                                      "__float2bfloat16_rd", "__float2bfloat16_ru"};
  char what[64];
  for (size_t i = 0; i < in.size(); ++i) {
    const unsigned short* g = got + 6 * i;
    for (int m = 0; m < 4; ++m) {
      std::snprintf(what, sizeof what, "%s %s", where, names[m]);
      expect_bf(what, g[m], to_bf(in[i], (Mode)m), in[i]);
    }
    std::snprintf(what, sizeof what, "%s __float2bfloat16", where);
    expect_bf(what, g[4], to_bf(in[i], RN), in[i]);
    std::snprintf(what, sizeof what, "%s __hip_bfloat16(float)", where);
    expect_bf(what, g[5], to_bf(in[i], RN), in[i]);
  }
}

static void check_from_double(const std::vector<double>& in, const unsigned short* got,
                              const char* where) {
  char what[64];
  for (size_t i = 0; i < in.size(); ++i) {
    std::snprintf(what, sizeof what, "%s __double2bfloat16", where);
    expect_bf(what, got[2 * i], to_bf(in[i], RN), in[i]);
    std::snprintf(what, sizeof what, "%s __hip_bfloat16(double)", where);
    expect_bf(what, got[2 * i + 1], to_bf(in[i], RN), in[i]);
  }
}

template <class I>
static I saturate(double rounded, I lowest, I highest, I nan_value) {
  if (std::isnan(rounded)) return nan_value;
  if (rounded <= (double)lowest) return lowest;
  if (rounded >= (double)highest) return highest;
  return (I)rounded;
}

static void check_to_int(const std::vector<ToInt>& got, const char* where) {
  for (int bits = 0; bits < 65536; ++bits) {
    const ToInt& g = got[bits];
    double v = bf_value((unsigned short)bits);
    double r[4] = {std::nearbyint(v), std::trunc(v), std::floor(v), std::ceil(v)};
    bool ok = true;
    for (int m = 0; m < 4; ++m) {
      ok &= g.i[m] == saturate<int>(r[m], INT_MIN, INT_MAX, 0);
      ok &= g.u[m] == saturate<unsigned>(r[m], 0u, UINT_MAX, 0u);
      ok &= g.s[m] == saturate<short>(r[m], SHRT_MIN, SHRT_MAX, 0);
      ok &= g.us[m] == saturate<unsigned short>(r[m], 0, USHRT_MAX, 0);
      ok &= g.ll[m] == saturate<long long>(r[m], LLONG_MIN, LLONG_MAX, LLONG_MIN);
      ok &= g.ull[m] == saturate<unsigned long long>(r[m], 0ull, ULLONG_MAX, 1ull << 63);
    }
    ok &= g.c == saturate<signed char>(r[1], -128, 127, 0);
    ok &= g.uc == saturate<unsigned char>(r[1], 0, 255, 0);
    ok &= g.cast_int == saturate<int>(r[1], INT_MIN, INT_MAX, 0);
    ok &= g.cast_ull == saturate<unsigned long long>(r[1], 0ull, ULLONG_MAX, 1ull << 63);
    ok &= g.cast_bool == ((bits & 0x7fff) != 0);
    ok &= std::isnan(v) ? std::isnan(g.as_float) && std::isnan(g.as_double)
                        : (g.as_float == v && g.as_double == v &&
                           std::signbit(g.as_float) == std::signbit(v));
    if (!ok) {
      char detail[200];
      std::snprintf(detail, sizeof detail, "0x%04x (%g): int %d %d %d %d, ll %lld, ull %llu, float %g",
                    bits, v, g.i[0], g.i[1], g.i[2], g.i[3], g.ll[0], g.ull[3], g.as_float);
      fail(where, detail);
    }
  }
}

static std::vector<long long> int_inputs() {
  std::vector<long long> in = {0, 1, -1, 255, 257, 259, 383, 385, -257, 32767, -32768, 65535,
                               (1ll << 24) + (1ll << 16), (1ll << 24) + (1ll << 16) + 1,
                               -((1ll << 24) + (1ll << 16) + 1), (1ll << 24) + 1,
                               2147483647, -2147483647 - 1, 4294967295ll,
                               (1ll << 40) + (1ll << 32), (1ll << 40) + (1ll << 32) + 1,
                               9223372036854775807ll, -9223372036854775807ll - 1,
                               (long long)0x8080000000000001ull};
  unsigned long long state = 23;
  for (int k = 0; k < 2000; ++k) {
    unsigned long long r = ((unsigned long long)next_random(&state) << 32) | next_random(&state);
    in.push_back((long long)(r >> (r % 64)));
    in.push_back(-(long long)(r >> 20));
  }
  return in;
}

static void check_from_int(const std::vector<long long>& in, const unsigned short* got,
                           const char* where) {
  static const char* const types[] = {"int", "uint", "short", "ushort", "ll", "ull"};
  for (size_t i = 0; i < in.size(); ++i) {
    long long v = in[i];
    // Exact values: 64-bit integers split so that no double rounding happens.
    auto exact = [](unsigned long long magnitude, bool negative, Mode mode) {
      // Keep the top 53 bits and fold the rest into a sticky bit below them: rounding
      // that double to 8 bits in any direction is rounding the integer.
      if (magnitude >= (1ull << 53)) {
        int shift = 64 - __builtin_clzll(magnitude) - 52;
        unsigned long long kept = magnitude >> shift;
        bool sticky = (magnitude & ((1ull << shift) - 1)) != 0;
        double d = std::ldexp((double)(kept * 2 + (sticky ? 1 : 0)), shift - 1);
        return to_bf(negative ? -d : d, mode);
      }
      double d = (double)magnitude;
      return to_bf(negative ? -d : d, mode);
    };
    unsigned long long values[6] = {
        (unsigned long long)(long long)(int)v, (unsigned long long)(unsigned)v,
        (unsigned long long)(long long)(short)v, (unsigned long long)(unsigned short)v,
        (unsigned long long)v, (unsigned long long)v};
    bool is_signed[6] = {true, false, true, false, true, false};
    for (int t = 0; t < 6; ++t) {
      bool negative = is_signed[t] && (long long)values[t] < 0;
      unsigned long long magnitude = negative ? 0ull - values[t] : values[t];
      for (int m = 0; m < 4; ++m) {
        char what[64];
        std::snprintf(what, sizeof what, "%s __%s2bfloat16 mode %d", where, types[t], m);
        expect_bf(what, got[25 * i + 4 * t + m], exact(magnitude, negative, (Mode)m),
                  negative ? -(double)magnitude : (double)magnitude);
      }
    }
    unsigned long long magnitude = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    expect_bf("__hip_bfloat16(long long)", got[25 * i + 24], exact(magnitude, v < 0, RN),
              (double)v);
  }
}

static void check_math(const unsigned short* got, const unsigned short* got2,
                       const char* where) {
  long long off_by_one[M_COUNT] = {};
  for (int bits = 0; bits < 65536; ++bits) {
    double x = bf_value((unsigned short)bits);
    double want[M_COUNT] = {std::sqrt(x), 1.0 / std::sqrt(x), 1.0 / x, std::exp(x),
                            std::exp2(x), std::pow(10.0, x), std::log(x), std::log2(x),
                            std::log10(x), std::sin(x), std::cos(x), std::ceil(x),
                            std::floor(x), std::trunc(x), std::nearbyint(x), std::tanh(x), std::tanh(x)};
    for (int m = 0; m < M_COUNT; ++m) {
      // sin and cos of huge arguments need a Payne-Hanek reduction, which the device
      // libraries do not have beyond 2^20 (FIXME(#2) in devicelibs/lib/math.c).
      if ((m == M_SIN || m == M_COS) && std::fabs(x) > 1048576.0) continue;
      unsigned short g = got[M_COUNT * bits + m];
      unsigned short w = to_bf(want[m], RN);
      bool exact_function = m == M_SQRT || m == M_RCP || (m >= M_CEIL && m <= M_RINT);
      char what[64];
      std::snprintf(what, sizeof what, "%s %s", where, math_names[m]);
      if (bf_is_nan(w) || bf_is_nan(g) || exact_function) {
        expect_bf(what, g, w, x);
      } else if (g != w) {
        if (ulp_distance(g, w) == 1) {
          ++off_by_one[m];
        } else {
          expect_bf(what, g, w, x);
        }
      }
      std::snprintf(what, sizeof what, "%s h2 form of %s", where, math_names[m]);
      expect_bf(what, got2[M_COUNT * bits + m], g, x);
    }
  }
  for (int m = 0; m < M_COUNT; ++m) {
    if (off_by_one[m] > 200) {
      char detail[96];
      std::snprintf(detail, sizeof detail, "%lld of 65536 results one unit off", off_by_one[m]);
      fail(math_names[m], detail);
    } else if (off_by_one[m] != 0) {
      std::printf("bfloat16_types: %s %s: %lld of 65536 results one unit off (allowed)\n",
                  where, math_names[m], off_by_one[m]);
    }
  }
}

static std::vector<unsigned short> arith_inputs() {
  static const unsigned short special[] = {0x0000, 0x8000, 0x3f80, 0xbf80, 0x7f80, 0xff80,
                                           0x7fc0, 0xffc1, 0x0001, 0x8001, 0x007f, 0x0080,
                                           0x7f7f, 0xff7f, 0x3f00, 0x3eab, 0x4000, 0x3f7f, 0x3f81};
  const int count = sizeof special / sizeof special[0];
  std::vector<unsigned short> in;
  for (int i = 0; i < count; ++i)
    for (int j = 0; j < count; ++j) {
      in.push_back(special[i]);
      in.push_back(special[j]);
      in.push_back(special[(i + j) % count]);
    }
  // fma ties: 3 * (1 + 2^-7) and 1.5 * (1 + 2^-7) lie halfway between two bfloat16s; a
  // tiny addend decides the direction.
  unsigned short ties[][3] = {{0x4040, 0x3f81, 0xb080}, {0x4040, 0x3f81, 0x3080},
                              {0x3fc0, 0x3f81, 0xb080}, {0x3fc0, 0x3f81, 0x3080},
                              {0x3fc0, 0x3f81, 0x0001}, {0x3fc0, 0x3f81, 0x8001}};
  for (auto& t : ties) in.insert(in.end(), t, t + 3);
  unsigned long long state = 5;
  for (int k = 0; k < 20000; ++k) {
    unsigned r = next_random(&state);
    unsigned short a = (unsigned short)((r & 0x807f) | ((96 + (r >> 16) % 64) << 7));
    r = next_random(&state);
    unsigned short b = (unsigned short)((r & 0x807f) | ((96 + (r >> 16) % 64) << 7));
    r = next_random(&state);
    unsigned short c = (k % 5 == 0) ? (unsigned short)(r & 0xffff)
                                    : (unsigned short)((r & 0x807f) | ((64 + (r >> 16) % 128) << 7));
    in.push_back(a);
    in.push_back(b);
    in.push_back(c);
  }
  return in;
}

static unsigned short ref_max(unsigned short a, unsigned short b, bool is_max, bool nan_wins) {
  bool an = bf_is_nan(a), bn = bf_is_nan(b);
  if (an || bn) {
    if (nan_wins || (an && bn)) return 0x7fff;
    return an ? b : a;
  }
  double x = bf_value(a), y = bf_value(b);
  if (x == y) {
    bool a_negative = (a & 0x8000) != 0;
    return is_max ? (a_negative ? b : a) : (a_negative ? a : b);
  }
  return (is_max ? x > y : x < y) ? a : b;
}

static unsigned short saturate_bf(unsigned short bits) {
  if (bf_is_nan(bits)) return 0;
  double v = bf_value(bits);
  if (v > 1.0) return 0x3f80;
  if (v > 0.0) return bits;
  return 0;
}

static void check_arith(const std::vector<unsigned short>& in, const std::vector<Arith>& got,
                        const char* where) {
  for (size_t i = 0; i < got.size(); ++i) {
    unsigned short a = in[3 * i], b = in[3 * i + 1], c = in[3 * i + 2];
    double x = bf_value(a), y = bf_value(b), z = bf_value(c);
    unsigned short sum = to_bf(x + y, RN), difference = to_bf(x - y, RN),
                   product = to_bf(x * y, RN), quotient = to_bf(x / y, RN),
                   fused = fma_bf(x, y, z);
    unsigned short fused_relu = bf_is_nan(fused) ? 0x7fff : bf_value(fused) > 0.0 ? fused : 0;
    double compound = bf_value(to_bf(x + y, RN));
    compound = bf_value(to_bf(compound * z, RN));
    compound = bf_value(to_bf(compound - x, RN));
    double counter = bf_value(to_bf(x + 1.0, RN));
    counter = bf_value(to_bf(counter + 1.0, RN));
    unsigned short want[A_COUNT] = {
        sum, difference, product, quotient, fused, sum, difference, product,
        saturate_bf(sum), saturate_bf(difference), saturate_bf(product), saturate_bf(fused),
        fused_relu, (unsigned short)(a ^ 0x8000), (unsigned short)(a & 0x7fff),
        ref_max(a, b, true, false), ref_max(a, b, false, false), ref_max(a, b, true, true),
        ref_max(a, b, false, true), sum, difference, product, quotient,
        (unsigned short)(a ^ 0x8000), to_bf(compound / y, RN), to_bf(counter - 1.0, RN)};
    const Arith& g = got[i];
    for (int k = 0; k < A_COUNT; ++k) {
      char what[80];
      std::snprintf(what, sizeof what, "%s %s (0x%04x, 0x%04x, 0x%04x)", where, arith_names[k],
                    a, b, c);
      bool exact_nan = k == A_MAX_NAN || k == A_MIN_NAN || k == A_FMA_RELU ||
                       ((k == A_MAX || k == A_MIN) && bf_is_nan(a) && bf_is_nan(b)) ||
                       k == A_NEG || k == A_ABS || k == A_OP_NEG;
      expect_bf(what, g.scalar[k], want[k], x, exact_nan);
    }
    unsigned short pair_want[8][2] = {
        {sum, to_bf(y + z, RN)},
        {difference, to_bf(y - z, RN)},
        {product, to_bf(y * z, RN)},
        {quotient, to_bf(y / z, RN)},
        {fma_bf(x, y, z), fma_bf(y, z, x)},
        {(unsigned short)(a ^ 0x8000), (unsigned short)(b ^ 0x8000)},
        {(unsigned short)(a & 0x7fff), (unsigned short)(b & 0x7fff)},
        {ref_max(a, b, false, false), ref_max(b, c, false, false)}};
    static const char* const pair_names[8] = {"__hadd2", "__hsub2", "__hmul2", "__h2div",
                                              "__hfma2", "__hneg2", "__habs2", "__hmin2"};
    for (int k = 0; k < 8; ++k)
      for (int lane = 0; lane < 2; ++lane) {
        char what[80];
        std::snprintf(what, sizeof what, "%s %s lane %d", where, pair_names[k], lane);
        expect_bf(what, g.pair[k][lane], pair_want[k][lane], lane ? y : x, k == 5 || k == 6);
      }
    bool unordered = std::isnan(x) || std::isnan(y);
    bool flags[26] = {x == y, x < y || x > y, x < y, x <= y, x > y, x >= y,
                      unordered || x == y, !(x == y), unordered || x < y, unordered || x <= y,
                      unordered || x > y, unordered || x >= y, x == y, !(x == y), x < y,
                      x <= y, x > y, x >= y, x == y, false, unordered || x == y,
                      x < y || x > y, x == y, x < y, std::isnan(x), std::isnan(y)};
    unsigned want_compare = 0;
    for (int k = 0; k < 26; ++k) want_compare |= (unsigned)flags[k] << k;
    if (g.compare != want_compare) {
      char detail[120];
      std::snprintf(detail, sizeof detail, "(0x%04x, 0x%04x): flags 0x%07x, expected 0x%07x", a,
                    b, g.compare, want_compare);
      fail(where, detail);
    }
    for (int k = 0; k < 12; ++k) {
      bool low = flags[k];
      bool high;
      switch (k) {
        case 2: high = y < x; break;
        case 3: high = y <= x; break;
        case 4: high = y > x; break;
        case 5: high = y >= x; break;
        case 8: high = unordered || y < x; break;
        case 9: high = unordered || y <= x; break;
        case 10: high = unordered || y > x; break;
        case 11: high = unordered || y >= x; break;
        default: high = low;
      }
      unsigned want_mask = (low ? 0xffffu : 0u) | (high ? 0xffff0000u : 0u);
      if (g.masks[k] != want_mask) {
        char detail[120];
        std::snprintf(detail, sizeof detail, "mask %d (0x%04x, 0x%04x): 0x%08x, expected 0x%08x",
                      k, a, b, g.masks[k], want_mask);
        fail(where, detail);
      }
    }
    int want_inf = a == 0x7f80 ? 1 : a == 0xff80 ? -1 : 0;
    if (g.isinf != want_inf) fail(where, "__hisinf");
  }
}

int main() {
  print_device("bfloat16_types");

  static_assert(sizeof(__hip_bfloat16) == 2 && sizeof(__hip_bfloat162) == 4 &&
                    alignof(__hip_bfloat162) == 4 && sizeof(hip_bfloat16) == 2,
                "sizes");
  {
    __hip_bfloat16_raw raw;
    raw.x = 0x3fc0;  // 1.5
    __hip_bfloat16 h = raw;
    __hip_bfloat162_raw raw2;
    raw2.x = 0x4000;
    raw2.y = 0xc000;
    __hip_bfloat162 h2 = raw2;
    __hip_bfloat162_raw back = h2;
    __hip_bfloat16_raw h_back = h;
    if (__bfloat162float(h) != 1.5f || __low2float(h2) != 2.0f || __high2float(h2) != -2.0f ||
        back.x != 0x4000 || back.y != 0xc000 || h_back.x != 0x3fc0)
      fail("raw forms", "round trip");
    if (__bfloat16_as_ushort(HIPRT_INF_BF16) != 0x7f80 || !__hisnan(HIPRT_NAN_BF16) ||
        __bfloat162float(HIPRT_MAX_NORMAL_BF16) != 3.38953139e38f ||
        __bfloat16_as_ushort(HIPRT_MIN_DENORM_BF16) != 1 ||
        __bfloat16_as_short(HIPRT_NEG_ZERO_BF16) != (short)0x8000 ||
        __bfloat162float(HIPRT_ONE_BF16) != 1.0f || __bfloat16_as_ushort(HIPRT_ZERO_BF16) != 0)
      fail("constants", "HIPRT_*_BF16");
    __hip_bfloat16 from_int = 3;
    __hip_bfloat16 assigned;
    assigned = 2.5;
    float to_float = assigned;
    double to_double = static_cast<double>(from_int);
    __hip_bfloat162 pair = {from_int, assigned};
    if (to_float != 2.5f || to_double != 3.0 || __high2float(pair) != 2.5f ||
        static_cast<int>(__hip_bfloat16(-7.75f)) != -7 ||
        __short_as_bfloat16(0x3f80) != __hip_bfloat16(1.0f) ||
        static_cast<float>(static_cast<__bf16>(assigned)) != 2.5f)
      fail("conversions", "implicit and explicit");

    // The older hip_bfloat16.
    hip_bfloat16 old(1.00390625f);  // a tie: to even, 1
    hip_bfloat16 old_truncated(1.0078124f, hip_bfloat16::truncate);
    hip_bfloat16 nan_bits;
    nan_bits.data = 0x7fc0;
    hip_bfloat16 counter(2.0f);
    counter++;
    counter = counter * hip_bfloat16(0.5f) - hip_bfloat16(0.25f);
    counter /= hip_bfloat16(0.5f);
    std::ostringstream printed;
    printed << counter;
    if (old.data != 0x3f80 || old_truncated.data != 0x3f80 || float(counter) != 2.5f ||
        !std::isnan(nan_bits) || std::isinf(nan_bits) || !std::isinf(hip_bfloat16(3.4e38f)) ||
        !std::iszero(-hip_bfloat16(0.0f)) || !(counter > old) || counter == old ||
        printed.str() != "2.5" || hip_bfloat16::round_to_bfloat16(3.0f).data != 0x4040 ||
        hip_bfloat16::round_to_bfloat16(-1.0078124f, hip_bfloat16::truncate).data != 0xbf80)
      fail("hip_bfloat16", "host");
  }

  std::vector<float> floats = float_inputs();
  {
    float* d_in = device_copy(floats);
    unsigned short* d_out;
    CHECK(hipMalloc(&d_out, floats.size() * 6 * sizeof(unsigned short)));
    k_from_float<<<blocks((int)floats.size()), 256>>>(d_in, d_out, (int)floats.size());
    CHECK_LAUNCH();
    check_from_float(floats, host_copy(d_out, floats.size() * 6).data(), "device");
    std::vector<unsigned short> host(floats.size() * 6);
    for (size_t i = 0; i < floats.size(); ++i) from_float(floats[i], host.data() + 6 * i);
    check_from_float(floats, host.data(), "host");
    CHECK(hipFree(d_out));

    // hip_bfloat16 in kernels: rounded and truncated, and arithmetic on them.
    unsigned short* d_old;
    CHECK(hipMalloc(&d_old, floats.size() * 4 * sizeof(unsigned short)));
    k_old<<<blocks((int)floats.size()), 256>>>(d_in, d_old, (int)floats.size());
    CHECK_LAUNCH();
    std::vector<unsigned short> old = host_copy(d_old, floats.size() * 4);
    for (size_t i = 0; i < floats.size(); ++i) {
      unsigned short rounded = to_bf(floats[i], RN), truncated = to_bf(floats[i], RZ);
      double r = bf_value(rounded), t = bf_value(truncated);
      expect_bf("hip_bfloat16(float)", old[4 * i], rounded, floats[i]);
      expect_bf("hip_bfloat16(float, truncate)", old[4 * i + 1], truncated, floats[i]);
      expect_bf("hip_bfloat16 +, -=", old[4 * i + 2],
                to_bf(bf_value(to_bf(r + t, RN)) - 1.0, RN), floats[i]);
      expect_bf("hip_bfloat16 *, ++", old[4 * i + 3],
                to_bf(bf_value(to_bf(r * t, RN)) + 1.0, RN), floats[i]);
    }
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_old));
  }

  {
    std::vector<double> doubles = {1.0 + 0x1p-8 + 0x1p-40, 1.0 + 0x1p-8 - 0x1p-40,
                                   1.0 + 0x1p-8, 1.0 + 3 * 0x1p-8 - 0x1p-50, 0x1.ff7p127,
                                   0x1.ff8p127, 0x1.ff7ffffffffffp127, 1e300, -1e300, 1e-300,
                                   -1e-300, NAN, -0.0, 0x1p-134, 0x1p-134 + 0x1p-160,
                                   3 * 0x1p-134, 3 * 0x1p-134 - 0x1p-170, 0x1p-150};
    for (float f : floats) doubles.push_back((double)f * (1.0 + 0x1p-30));
    double* d_in = device_copy(doubles);
    unsigned short* d_out;
    CHECK(hipMalloc(&d_out, doubles.size() * 2 * sizeof(unsigned short)));
    k_from_double<<<blocks((int)doubles.size()), 256>>>(d_in, d_out, (int)doubles.size());
    CHECK_LAUNCH();
    check_from_double(doubles, host_copy(d_out, doubles.size() * 2).data(), "device");
    std::vector<unsigned short> host(doubles.size() * 2);
    for (size_t i = 0; i < doubles.size(); ++i) from_double(doubles[i], host.data() + 2 * i);
    check_from_double(doubles, host.data(), "host");
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_out));
  }

  {
    ToInt* d_out;
    CHECK(hipMalloc(&d_out, 65536 * sizeof(ToInt)));
    k_to_int<<<256, 256>>>(d_out);
    CHECK_LAUNCH();
    check_to_int(host_copy(d_out, 65536), "device bfloat16 to integer");
    std::vector<ToInt> host(65536);
    for (int i = 0; i < 65536; ++i) to_int((unsigned short)i, &host[i]);
    check_to_int(host, "host bfloat16 to integer");
    CHECK(hipFree(d_out));
  }

  {
    std::vector<long long> ints = int_inputs();
    long long* d_in = device_copy(ints);
    unsigned short* d_out;
    CHECK(hipMalloc(&d_out, ints.size() * 25 * sizeof(unsigned short)));
    k_from_int<<<blocks((int)ints.size()), 256>>>(d_in, d_out, (int)ints.size());
    CHECK_LAUNCH();
    check_from_int(ints, host_copy(d_out, ints.size() * 25).data(), "device");
    std::vector<unsigned short> host(ints.size() * 25);
    for (size_t i = 0; i < ints.size(); ++i) from_int(ints[i], host.data() + 25 * i);
    check_from_int(ints, host.data(), "host");
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_out));
  }

  {
    unsigned short *d_out, *d_out2;
    CHECK(hipMalloc(&d_out, 65536 * M_COUNT * sizeof(unsigned short)));
    CHECK(hipMalloc(&d_out2, 65536 * M_COUNT * sizeof(unsigned short)));
    k_math<<<256, 256>>>(d_out, d_out2);
    CHECK_LAUNCH();
    check_math(host_copy(d_out, 65536 * M_COUNT).data(),
               host_copy(d_out2, 65536 * M_COUNT).data(), "device");
    std::vector<unsigned short> host(65536 * M_COUNT), host2(65536 * M_COUNT);
    for (int i = 0; i < 65536; ++i)
      math((unsigned short)i, host.data() + M_COUNT * i, host2.data() + M_COUNT * i);
    check_math(host.data(), host2.data(), "host");
    CHECK(hipFree(d_out));
    CHECK(hipFree(d_out2));
  }

  {
    std::vector<unsigned short> in = arith_inputs();
    int n = (int)(in.size() / 3);
    unsigned short* d_in = device_copy(in);
    Arith* d_out;
    CHECK(hipMalloc(&d_out, n * sizeof(Arith)));
    k_arith<<<blocks(n), 256>>>(d_in, d_out, n);
    CHECK_LAUNCH();
    check_arith(in, host_copy(d_out, n), "device");
    std::vector<Arith> host(n);
    for (int i = 0; i < n; ++i) arith(in[3 * i], in[3 * i + 1], in[3 * i + 2], &host[i]);
    check_arith(in, host, "host");
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_out));
  }

  {
    std::vector<__hip_bfloat162> in = {__floats2bfloat162_rn(1.5f, -2.0f),
                                       __floats2bfloat162_rn(0.25f, 3.0f)};
    __hip_bfloat162* d_in = device_copy(in);
    float* d_out;
    CHECK(hipMalloc(&d_out, 32 * sizeof(float)));
    k_pairs<<<1, 1>>>(d_in, d_out);
    CHECK_LAUNCH();
    std::vector<float> got = host_copy(d_out, 27);
    // counter: ((1.5, -2) + 1) * (0.25, 3) - 2.5, / 0.5 = (-3.75, -11)
    const float want[27] = {1.5f, -2.0f, 0.25f, 3.0f, 1.5f, -2.0f, 1.5f, 1.5f, 0.25f,
                            -2.0f, 3.0f, 1.5f, 1.5f, -2.0f, -2.0f, 1.25f, -3.5f,
                            0.10009765625f, 2.99622e38f, 2.5f, 2.5f, 0.25f, 3.0f, 8.875f,
                            6.5f, -3.75f, -11.0f};
    for (int k = 0; k < 27; ++k) {
      float w = k == 18 ? (float)bf_value(to_bf(3.0e38f, RN)) : want[k];
      if (got[k] != w) {
        char detail[80];
        std::snprintf(detail, sizeof detail, "value %d: %g, expected %g", k, got[k], w);
        fail("bfloat162 helpers", detail);
      }
    }
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_out));
  }

  // cache-hint loads and stores
  {
    std::vector<__hip_bfloat162> in = {__floats2bfloat162_rn(1.5f, -2.0f),
                                       __floats2bfloat162_rn(0.25f, 3.0f)};
    __hip_bfloat162* d_in = device_copy(in);
    __hip_bfloat162* d_out2;
    __hip_bfloat16* d_out;
    CHECK(hipMalloc(&d_out2, 7 * sizeof(__hip_bfloat162)));
    CHECK(hipMalloc(&d_out, 7 * sizeof(__hip_bfloat16)));
    k_cache_hints<<<1, 1>>>(d_in, d_out2, d_out);
    CHECK_LAUNCH();
    std::vector<__hip_bfloat16> got = host_copy(d_out, 7);
    std::vector<__hip_bfloat162> got2 = host_copy(d_out2, 7);
    const float want[7] = {1.5f, -2.0f, 0.25f, 3.0f, 1.5f, -2.0f, 0.25f};
    const int want2[7] = {0, 1, 0, 1, 0, 1, 0};
    for (int k = 0; k < 7; ++k) {
      float scalar = __bfloat162float(got[k]);
      float low = __low2float(got2[k]), high = __high2float(got2[k]);
      float want_low = want2[k] ? 0.25f : 1.5f, want_high = want2[k] ? 3.0f : -2.0f;
      if (scalar != want[k] || low != want_low || high != want_high) {
        char detail[96];
        std::snprintf(detail, sizeof detail, "access %d: %g and (%g, %g)", k, scalar, low, high);
        fail("bfloat16 cache-hint loads and stores", detail);
      }
    }
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_out2));
    CHECK(hipFree(d_out));
  }

  {
    const int threads = 64;
    float* d_out;
    int* d_warp;
    CHECK(hipMalloc(&d_out, threads * 16 * sizeof(float)));
    CHECK(hipMalloc(&d_warp, sizeof(int)));
    k_shuffles<<<1, threads>>>(d_out, d_warp);
    CHECK_LAUNCH();
    std::vector<float> got = host_copy(d_out, threads * 16);
    int warp = host_copy(d_warp, 1)[0];
    for (int t = 0; t < threads; ++t) {
      int lane = t % warp;
      auto index = [&](int src, int width) { return (lane & ~(width - 1)) + (src & (width - 1)); };
      auto up = [&](int delta, int width) {
        return lane - delta < (lane & ~(width - 1)) ? lane : lane - delta;
      };
      auto down = [&](int delta, int width) {
        return lane + delta >= (lane & ~(width - 1)) + width ? lane : lane + delta;
      };
      // Lane values as the kernel rounds them to bfloat16 (lane + 0.25 is exact below 32).
      auto low = [](int l) { return (float)bf_value(to_bf(l + 0.25, RN)); };
      auto pair_low = [](int l) { return (float)bf_value(to_bf(l + 0.5, RN)); };
      auto pair_high = [](int l) { return (float)bf_value(to_bf(-l - 0.75, RN)); };
      float want[16] = {low(index(3, warp)), low(up(2, warp)), low(down(1, warp)),
                        low(lane ^ 1), pair_low(index(5, warp)), pair_high(lane ^ 2),
                        pair_low(down(3, 16)), pair_high(up(1, 8)), low(index(7, warp)),
                        low(lane ^ 4), low(up(1, warp)), low(down(2, warp)),
                        pair_low(index(1, warp)), pair_high(lane ^ 1), pair_low(up(4, warp)),
                        pair_high(down(4, warp))};
      for (int k = 0; k < 16; ++k) {
        if (got[16 * t + k] != want[k]) {
          char detail[80];
          std::snprintf(detail, sizeof detail, "thread %d case %d: %g, expected %g", t, k,
                        got[16 * t + k], want[k]);
          fail("shuffles", detail);
        }
      }
    }
    CHECK(hipFree(d_out));
    CHECK(hipFree(d_warp));
  }

  {
    // Sums stay exact in bfloat16 (8 significant bits): 128 ones, 128 halves, ...
    const int n = 256;
    __hip_bfloat16* d_acc;
    __hip_bfloat162* d_acc2;
    __hip_bfloat16* d_old;
    CHECK(hipMalloc(&d_acc, 4 * sizeof(__hip_bfloat16)));
    CHECK(hipMalloc(&d_acc2, 2 * sizeof(__hip_bfloat162)));
    CHECK(hipMalloc(&d_old, n / 2 * sizeof(__hip_bfloat16)));
    CHECK(hipMemset(d_acc, 0, 4 * sizeof(__hip_bfloat16)));
    CHECK(hipMemset(d_acc2, 0, 2 * sizeof(__hip_bfloat162)));
    k_atomics<<<n / 64, 64>>>(d_acc, d_acc2, d_old, n);
    CHECK_LAUNCH();
    std::vector<__hip_bfloat16> acc = host_copy(d_acc, 4);
    std::vector<__hip_bfloat162> acc2 = host_copy(d_acc2, 2);
    std::vector<__hip_bfloat16> old = host_copy(d_old, n / 2);
    float want[8] = {128.0f, 64.0f, 16.0f, -512.0f, 256.0f, 32.0f, -128.0f, 512.0f};
    float got[8] = {__bfloat162float(acc[0]), __bfloat162float(acc[1]),
                    __bfloat162float(acc[2]), __bfloat162float(acc[3]), __low2float(acc2[0]),
                    __high2float(acc2[0]), __low2float(acc2[1]), __high2float(acc2[1])};
    for (int k = 0; k < 8; ++k) {
      if (got[k] != want[k]) {
        char detail[80];
        std::snprintf(detail, sizeof detail, "sum %d: %g, expected %g", k, got[k], want[k]);
        fail("atomicAdd", detail);
      }
    }
    std::vector<int> seen(n / 2, 0);
    for (__hip_bfloat16 h : old) {
      float v = __bfloat162float(h);
      if (v >= 0 && v < n / 2 && v == (int)v) seen[(int)v]++;
    }
    for (int k = 0; k < n / 2; ++k)
      if (seen[k] != 1) {
        fail("atomicAdd", "the old values are not each partial sum once");
        break;
      }
    CHECK(hipFree(d_acc));
    CHECK(hipFree(d_acc2));
    CHECK(hipFree(d_old));
  }

  return finish("bfloat16_types", errors);
}
