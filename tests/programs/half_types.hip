// hip/hip_fp16.h: __half and __half2 conversions (every rounding direction, NaN,
// infinities, subnormals, ties), arithmetic, comparisons, math functions, shuffles and
// atomics, computed in kernels and (for the __host__ __device__ functions) on the host,
// and checked against references computed here in double precision.
#include "check.h"
#include <hip/hip_fp16.h>

#include <cmath>
#include <cstring>
#include <vector>

// ---- reference: half <-> double, independent of the header --------------------------

enum Mode { RN, RZ, RD, RU };

static double half_value(unsigned short bits) {
  int exponent = (bits >> 10) & 0x1f;
  int mantissa = bits & 0x3ff;
  double sign = (bits & 0x8000) ? -1.0 : 1.0;
  if (exponent == 0x1f) return mantissa ? NAN : sign * INFINITY;
  if (exponent == 0) return sign * std::ldexp(mantissa, -24);
  return sign * std::ldexp(mantissa + 1024, exponent - 25);
}
static bool half_is_nan(unsigned short bits) { return (bits & 0x7fff) > 0x7c00; }

// The half nearest to `value` in direction `mode` (NaN: 0x7fff).
static unsigned short to_half(double value, Mode mode) {
  if (std::isnan(value)) return 0x7fff;
  unsigned short sign = std::signbit(value) ? 0x8000 : 0;
  double magnitude = std::fabs(value);
  // Rounding the magnitude: toward zero (rz, and rd/ru on the side where they agree
  // with it) or away from it.
  bool up = mode == RU ? !sign : mode == RD ? sign : false;
  if (std::isinf(magnitude)) return sign | 0x7c00;
  int exponent;
  std::frexp(magnitude, &exponent);  // magnitude in [2^(exponent-1), 2^exponent)
  int quantum_exponent = (exponent - 1 < -14 ? -14 : exponent - 1) - 10;
  double scaled = std::ldexp(magnitude, -quantum_exponent);  // exact
  double steps;
  if (mode == RN) {
    steps = std::nearbyint(scaled);  // ties to even
  } else {
    steps = up ? std::ceil(scaled) : std::floor(scaled);
  }
  double rounded = std::ldexp(steps, quantum_exponent);
  if (rounded > 65504.0) {
    bool to_infinity = mode == RN || up;
    return sign | (to_infinity ? 0x7c00 : 0x7bff);
  }
  if (rounded == 0.0) return sign;
  int e;
  double fraction = std::frexp(rounded, &e);  // rounded = fraction * 2^e, fraction in [0.5, 1)
  if (e - 1 < -14) return sign | (unsigned short)std::ldexp(rounded, 24);
  unsigned short mantissa = (unsigned short)(std::ldexp(fraction, 11) - 1024.0);
  return sign | (unsigned short)((e - 1 + 15) << 10) | mantissa;
}

// Distance in units of the last place between two non-NaN halves (+0 and -0 equal).
static int ulp_distance(unsigned short a, unsigned short b) {
  auto ordered = [](unsigned short bits) {
    return (bits & 0x8000) ? -(int)(bits & 0x7fff) : (int)bits;
  };
  int d = ordered(a) - ordered(b);
  return d < 0 ? -d : d;
}

static long long errors = 0;
static void fail(const char* what, const char* detail) {
  if (++errors <= 40) std::printf("half_types: %s: %s\n", what, detail);
}

// Exact comparison of half results: NaN matches any NaN unless `exact_nan`.
static void expect_half(const char* what, unsigned short got, unsigned short want,
                        double input = NAN, bool exact_nan = false) {
  bool ok = got == want || (!exact_nan && half_is_nan(got) && half_is_nan(want));
  if (!ok) {
    char detail[160];
    std::snprintf(detail, sizeof detail, "input %.9g: got 0x%04x (%.9g), expected 0x%04x (%.9g)",
                  input, got, half_value(got), want, half_value(want));
    fail(what, detail);
  }
}

// ---- work shared by the kernels and the host ------------------------------------------

__host__ __device__ unsigned short bits_of(__half h) { return __half_as_ushort(h); }

// float -> half in the four directions.
__host__ __device__ void from_float(float value, unsigned short* out) {
  out[0] = bits_of(__float2half_rn(value));
  out[1] = bits_of(__float2half_rz(value));
  out[2] = bits_of(__float2half_rd(value));
  out[3] = bits_of(__float2half_ru(value));
  out[4] = bits_of(__float2half(value));
  out[5] = bits_of(__half(value));  // the converting constructor
}

__host__ __device__ void from_double(double value, unsigned short* out) {
  out[0] = bits_of(__double2half(value));
  out[1] = bits_of(__half(value));
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
  long long cast_ll;
  unsigned char cast_uc;
  bool cast_bool;
  float as_float;
  double as_double;
};

__host__ __device__ void to_int(unsigned short bits, ToInt* out) {
  __half h = __ushort_as_half(bits);
  out->i[0] = __half2int_rn(h), out->i[1] = __half2int_rz(h);
  out->i[2] = __half2int_rd(h), out->i[3] = __half2int_ru(h);
  out->u[0] = __half2uint_rn(h), out->u[1] = __half2uint_rz(h);
  out->u[2] = __half2uint_rd(h), out->u[3] = __half2uint_ru(h);
  out->s[0] = __half2short_rn(h), out->s[1] = __half2short_rz(h);
  out->s[2] = __half2short_rd(h), out->s[3] = __half2short_ru(h);
  out->us[0] = __half2ushort_rn(h), out->us[1] = __half2ushort_rz(h);
  out->us[2] = __half2ushort_rd(h), out->us[3] = __half2ushort_ru(h);
  out->ll[0] = __half2ll_rn(h), out->ll[1] = __half2ll_rz(h);
  out->ll[2] = __half2ll_rd(h), out->ll[3] = __half2ll_ru(h);
  out->ull[0] = __half2ull_rn(h), out->ull[1] = __half2ull_rz(h);
  out->ull[2] = __half2ull_rd(h), out->ull[3] = __half2ull_ru(h);
  out->c = __half2char_rz(h);
  out->uc = __half2uchar_rz(h);
  out->cast_int = static_cast<int>(h);
  out->cast_ll = static_cast<long long>(h);
  out->cast_uc = static_cast<unsigned char>(h);
  out->cast_bool = static_cast<bool>(h);
  out->as_float = __half2float(h);
  float implicit = h;  // the implicit conversion
  if (!(implicit == out->as_float || (implicit != implicit && out->as_float != out->as_float)))
    out->as_float = 12345.0f;
  out->as_double = static_cast<double>(h);
}

// Integers to half: each integer type in the four directions (6 x 4 results).
__host__ __device__ void from_int(long long value, unsigned short* out) {
  int i = (int)value;
  unsigned u = (unsigned)value;
  short s = (short)value;
  unsigned short us = (unsigned short)value;
  unsigned long long ull = (unsigned long long)value;
  out[0] = bits_of(__int2half_rn(i)), out[1] = bits_of(__int2half_rz(i));
  out[2] = bits_of(__int2half_rd(i)), out[3] = bits_of(__int2half_ru(i));
  out[4] = bits_of(__uint2half_rn(u)), out[5] = bits_of(__uint2half_rz(u));
  out[6] = bits_of(__uint2half_rd(u)), out[7] = bits_of(__uint2half_ru(u));
  out[8] = bits_of(__short2half_rn(s)), out[9] = bits_of(__short2half_rz(s));
  out[10] = bits_of(__short2half_rd(s)), out[11] = bits_of(__short2half_ru(s));
  out[12] = bits_of(__ushort2half_rn(us)), out[13] = bits_of(__ushort2half_rz(us));
  out[14] = bits_of(__ushort2half_rd(us)), out[15] = bits_of(__ushort2half_ru(us));
  out[16] = bits_of(__ll2half_rn(value)), out[17] = bits_of(__ll2half_rz(value));
  out[18] = bits_of(__ll2half_rd(value)), out[19] = bits_of(__ll2half_ru(value));
  out[20] = bits_of(__ull2half_rn(ull)), out[21] = bits_of(__ull2half_rz(ull));
  out[22] = bits_of(__ull2half_rd(ull)), out[23] = bits_of(__ull2half_ru(ull));
  out[24] = bits_of(__half(i));  // the converting constructor from integers
}

enum {
  M_SQRT, M_RSQRT, M_RCP, M_EXP, M_EXP2, M_EXP10, M_LOG, M_LOG2, M_LOG10,
  M_SIN, M_COS, M_CEIL, M_FLOOR, M_TRUNC, M_RINT, M_TANH, M_TANH_APPROX, M_COUNT
};
static const char* const math_names[M_COUNT] = {
    "hsqrt", "hrsqrt", "hrcp", "hexp", "hexp2", "hexp10", "hlog", "hlog2",
    "hlog10", "hsin", "hcos", "hceil", "hfloor", "htrunc", "hrint", "htanh", "htanh_approx"};

// Every math function on one half, and the h2 form on (value, its neighbour), whose
// halves must equal the scalar results.
__host__ __device__ void math(unsigned short bits, unsigned short* out, unsigned short* out2) {
  __half h = __ushort_as_half(bits);
  __half r[M_COUNT] = {hsqrt(h), hrsqrt(h), hrcp(h), hexp(h), hexp2(h),
                       hexp10(h), hlog(h), hlog2(h), hlog10(h), hsin(h),
                       hcos(h), hceil(h), hfloor(h), htrunc(h), hrint(h),
                       htanh(h), htanh_approx(h)};
  for (int m = 0; m < M_COUNT; ++m) out[m] = bits_of(r[m]);
  __half2 v = __halves2half2(h, __ushort_as_half((unsigned short)(bits ^ 1)));
  __half2 r2[M_COUNT] = {h2sqrt(v), h2rsqrt(v), h2rcp(v), h2exp(v), h2exp2(v),
                         h2exp10(v), h2log(v), h2log2(v), h2log10(v), h2sin(v),
                         h2cos(v), h2ceil(v), h2floor(v), h2trunc(v), h2rint(v),
                         h2tanh(v), h2tanh_approx(v)};
  for (int m = 0; m < M_COUNT; ++m) out2[m] = bits_of(__low2half(r2[m]));
}

enum {
  A_ADD, A_SUB, A_MUL, A_DIV, A_FMA, A_ADD_RN, A_SUB_RN, A_MUL_RN, A_ADD_SAT, A_SUB_SAT,
  A_MUL_SAT, A_FMA_SAT, A_FMA_RELU, A_NEG, A_ABS, A_MAX, A_MIN, A_MAX_NAN, A_MIN_NAN,
  A_OP_ADD, A_OP_SUB, A_OP_MUL, A_OP_DIV, A_OP_NEG, A_COMPOUND, A_INCREMENT, A_MUL_ADD_RN,
  A_COUNT
};
static const char* const arith_names[A_COUNT] = {
    "__hadd", "__hsub", "__hmul", "__hdiv", "__hfma", "__hadd_rn", "__hsub_rn",
    "__hmul_rn", "__hadd_sat", "__hsub_sat", "__hmul_sat", "__hfma_sat", "__hfma_relu",
    "__hneg", "__habs", "__hmax", "__hmin", "__hmax_nan", "__hmin_nan", "operator+",
    "operator-", "operator*", "operator/", "unary -", "compound", "++", "__hmul_rn+__hadd_rn"};

// Scalar arithmetic on (a, b, c), the same through __half2 on (a, b) (b, c) pairs, and
// the comparisons as bit masks.
struct Arith {
  unsigned short scalar[A_COUNT];
  unsigned short pair[8][2];  // hadd2 hsub2 hmul2 h2div hfma2 hneg2 habs2 hmax2
  unsigned compare;           // 12 comparisons, 12 operators/b forms, isnan, isinf
  unsigned masks[12];         // __h*2_mask on (a, b) (b, a)
  int isinf;
};

__host__ __device__ void arith(unsigned short a_bits, unsigned short b_bits,
                               unsigned short c_bits, Arith* out) {
  __half a = __ushort_as_half(a_bits), b = __ushort_as_half(b_bits),
         c = __ushort_as_half(c_bits);
  __half r[A_COUNT];
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
  // No multiplication feeds an addition here: those may be contracted into fma.
  __half compound = a;
  compound += b;
  compound -= c;
  compound *= a;
  compound /= b;
  r[A_COMPOUND] = compound;
  __half counter = a;
  counter++;
  ++counter;
  counter--;
  r[A_INCREMENT] = counter;
  r[A_MUL_ADD_RN] = __hadd_rn(__hmul_rn(a, b), c);
  for (int k = 0; k < A_COUNT; ++k) out->scalar[k] = bits_of(r[k]);

  __half2 ab = __halves2half2(a, b), bc = __halves2half2(b, c), ca = __halves2half2(c, a);
  __half2 p[8] = {__hadd2(ab, bc), __hsub2(ab, bc), __hmul2(ab, bc), __h2div(ab, bc),
                  __hfma2(ab, bc, ca), __hneg2(ab), __habs2(ab), __hmax2(ab, bc)};
  for (int k = 0; k < 8; ++k) {
    out->pair[k][0] = bits_of(p[k].x);
    out->pair[k][1] = bits_of(__high2half(p[k]));
  }

  bool flags[26] = {__heq(a, b), __hne(a, b), __hlt(a, b), __hle(a, b), __hgt(a, b),
                    __hge(a, b), __hequ(a, b), __hneu(a, b), __hltu(a, b), __hleu(a, b),
                    __hgtu(a, b), __hgeu(a, b), a == b, a != b, a < b, a <= b, a > b, a >= b,
                    __hbeq2(ab, __halves2half2(b, a)), __hblt2(ab, __halves2half2(b, a)),
                    __hbgeu2(ab, __halves2half2(b, a)), __hbne2(ab, __halves2half2(b, a)),
                    __heq2(ab, __halves2half2(b, a)) == __halves2half2(__half(1.0f), __half(1.0f)),
                    __low2float(__hlt2(ab, bc)) == 1.0f, __hisnan(a),
                    __high2float(__hisnan2(ab)) == 1.0f};
  out->compare = 0;
  for (int k = 0; k < 26; ++k) out->compare |= (unsigned)flags[k] << k;
  __half2 ba = __halves2half2(b, a);
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

// Half2 helpers, loads and the conversions between pairs.
__global__ void k_pairs(const __half2* in, float* out) {
  __half2 v = __ldg(in), w = in[1];
  __half lo = __ldg(reinterpret_cast<const __half*>(in));
  float2 f = __half22float2(v);
  __half2 swapped = __lowhigh2highlow(v);
  __half2 lows = __lows2half2(v, w), highs = __highs2half2(v, w);
  __half2 low2 = __low2half2(v), high2 = __high2half2(v);
  __half2 from_floats = __floats2half2_rn(1.25f, -3.5f);
  __half2 from_float2 = __float22half2_rn(make_float2(0.1f, 65519.0f));
  __half2 splat = __float2half2_rn(2.5f);
  __half2 made = make_half2(__low2half(w), __high2half(w));
  __half2 cm = __hcmadd(v, w, splat);  // (v.x + i v.y)(w.x + i w.y) + (2.5 + 2.5 i)
  float values[] = {f.x, f.y, __half2float(lo), __low2float(swapped), __high2float(swapped),
                    __low2float(lows), __high2float(lows), __low2float(highs),
                    __high2float(highs), __low2float(low2), __high2float(low2),
                    __low2float(high2), __high2float(high2), __low2float(from_floats),
                    __high2float(from_floats), __low2float(from_float2),
                    __high2float(from_float2), __low2float(splat), __high2float(splat),
                    __low2float(made), __high2float(made), __low2float(cm), __high2float(cm),
                    amd_mixed_dot(v, w, 0.5f, false), amd_mixed_dot(v, w, 0.5f, true)};
  for (unsigned k = 0; k < sizeof values / sizeof values[0]; ++k) out[k] = values[k];
}

// CUDA's cache-hint loads and stores on __half and __half2: each moves the value unchanged.
// See: issue 10 (the half-precision API).
__global__ void k_cache_hints(const __half2* in, __half2* out2, __half* out) {
  const __half* scalars = reinterpret_cast<const __half*>(in);
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

// Shuffles of __half and __half2, with and without masks. Each lane's value is its lane
// number plus a fraction, all exact in half.
__global__ void k_shuffles(float* out, int* warp_size) {
  int t = threadIdx.x;
  int lane = t % warpSize;
  if (t == 0) *warp_size = warpSize;
  __half h = __float2half(lane + 0.25f);
  __half2 h2 = __floats2half2_rn(lane + 0.5f, -lane - 0.75f);
  float* o = out + 16 * t;
  o[0] = __half2float(__shfl(h, 3));
  o[1] = __half2float(__shfl_up(h, 2));
  o[2] = __half2float(__shfl_down(h, 1));
  o[3] = __half2float(__shfl_xor(h, 1));
  o[4] = __low2float(__shfl(h2, 5));
  o[5] = __high2float(__shfl_xor(h2, 2));
  o[6] = __low2float(__shfl_down(h2, 3, 16));
  o[7] = __high2float(__shfl_up(h2, 1, 8));
  o[8] = __half2float(__shfl_sync(~0ull, h, 7));
  o[9] = __half2float(__shfl_xor_sync(~0ull, h, 4));
  o[10] = __half2float(__shfl_up_sync(~0ull, h, 1));
  o[11] = __half2float(__shfl_down_sync(~0ull, h, 2));
  o[12] = __low2float(__shfl_sync(~0ull, h2, 1));
  o[13] = __high2float(__shfl_xor_sync(~0ull, h2, 1));
  o[14] = __low2float(__shfl_up_sync(~0ull, h2, 4));
  o[15] = __high2float(__shfl_down_sync(~0ull, h2, 4));
}

// Atomic adds of exactly representable amounts to both halves of one 32-bit word and
// to a half2; the old values each thread sees are recorded.
__global__ void k_atomics(__half* acc, __half2* acc2, __half* old_low, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (i % 2 == 0) {
    old_low[i / 2] = atomicAdd(&acc[0], __float2half(1.0f));
  } else {
    atomicAdd(&acc[1], __float2half(0.5f));
  }
  atomicAdd(&acc[3], __float2half(-2.0f));  // the high half of the second word
  if (blockIdx.x == 0) atomicAdd_block(&acc[2], __float2half(0.25f));
  atomicAdd(acc2, __floats2half2_rn(1.0f, 0.25f));
  unsafeAtomicAdd(acc2 + 1, __floats2half2_rn(-0.5f, 2.0f));
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

// Float inputs for the conversions: special values, ties at every scale, the overflow
// and underflow boundaries, and random floats over the whole half range.
static std::vector<float> float_inputs() {
  std::vector<float> in = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, -NAN, 1.0f, -1.0f,
                           65504.0f, 65519.99f, 65520.0f, -65520.0f, 65536.0f, 1e10f,
                           -1e10f, 3.4e38f, 6.1035156e-05f, 6.0975552e-05f, 5.9604645e-08f,
                           2.9802322e-08f, 2.9802326e-08f, -2.9802322e-08f, 8.940697e-08f,
                           1e-30f, -1e-30f, 1e-45f, 0.1f, -0.1f, 1.0009765625f, 3.14159265f};
  for (int e = -26; e <= 16; ++e) {
    for (int k = 0; k < 8; ++k) {
      // 1 + k/8 ulps above a half at every exponent: ties (k = 4) included.
      float base = std::ldexp(1.0f + 0.0009765625f * 3, e);
      float ulp = std::ldexp(1.0f, (e < -14 ? -14 : e) - 10);
      in.push_back(base + ulp * k / 8.0f);
      in.push_back(-(base + ulp * k / 8.0f));
    }
  }
  unsigned long long state = 7;
  for (int k = 0; k < 4000; ++k) {
    unsigned r = next_random(&state);
    float value = std::ldexp((float)(r & 0xffffff) / 16777216.0f + 0.5f, (int)(r >> 24) % 44 - 27);
    in.push_back((r & 0x80000000u) ? -value : value);
  }
  return in;
}

// ---- checks --------------------------------------------------------------------------------

static void check_from_float(const std::vector<float>& in, const unsigned short* got,
                             const char* where) {
  for (size_t i = 0; i < in.size(); ++i) {
    const unsigned short* g = got + 6 * i;
    char what[64];
    static const char* const names[] = {"__float2half_rn", "__float2half_rz",
                                        "__float2half_rd", "__float2half_ru"};
    for (int m = 0; m < 4; ++m) {
      std::snprintf(what, sizeof what, "%s %s", where, names[m]);
      expect_half(what, g[m], to_half(in[i], (Mode)m), in[i]);
    }
    std::snprintf(what, sizeof what, "%s __float2half", where);
    expect_half(what, g[4], to_half(in[i], RN), in[i]);
    std::snprintf(what, sizeof what, "%s __half(float)", where);
    expect_half(what, g[5], to_half(in[i], RN), in[i]);
  }
}

static void check_from_double(const std::vector<double>& in, const unsigned short* got,
                              const char* where) {
  char what[64];
  for (size_t i = 0; i < in.size(); ++i) {
    std::snprintf(what, sizeof what, "%s __double2half", where);
    expect_half(what, got[2 * i], to_half(in[i], RN), in[i]);
    std::snprintf(what, sizeof what, "%s __half(double)", where);
    expect_half(what, got[2 * i + 1], to_half(in[i], RN), in[i]);
  }
}

// The integer an integral-valued or special double converts to with saturation.
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
    double v = half_value((unsigned short)bits);
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
    ok &= g.cast_ll == saturate<long long>(r[1], LLONG_MIN, LLONG_MAX, LLONG_MIN);
    ok &= g.cast_uc == saturate<unsigned char>(r[1], 0, 255, 0);
    ok &= g.cast_bool == ((bits & 0x7fff) != 0);
    ok &= std::isnan(v) ? std::isnan(g.as_float) && std::isnan(g.as_double)
                        : (g.as_float == v && g.as_double == v &&
                           std::signbit(g.as_float) == std::signbit(v));
    if (!ok) {
      char detail[200];
      std::snprintf(detail, sizeof detail,
                    "0x%04x (%g): int %d %d %d %d, ll %lld, ushort %u, char %d, float %g",
                    bits, v, g.i[0], g.i[1], g.i[2], g.i[3], g.ll[0], g.us[3], g.c,
                    g.as_float);
      fail(where, detail);
    }
  }
}

static std::vector<long long> int_inputs() {
  std::vector<long long> in = {0, 1, -1, 2047, 2049, 2051, -2049, 4097, 4099, 65504, 65505,
                               65519, 65520, 65535, 65536, -65519, -65520, -65536, 32767,
                               -32768, 2147483647, -2147483647 - 1, 4294967295ll,
                               9223372036854775807ll, -9223372036854775807ll - 1,
                               (1ll << 24) + 1, -(1ll << 24) - 1, 1ll << 40};
  unsigned long long state = 11;
  for (int k = 0; k < 2000; ++k) {
    unsigned long long r = ((unsigned long long)next_random(&state) << 32) | next_random(&state);
    int shift = (int)(r % 64);
    in.push_back((long long)(r >> shift));
    in.push_back(-(long long)((r >> 40) % 70000));
  }
  return in;
}

static void check_from_int(const std::vector<long long>& in, const unsigned short* got,
                           const char* where) {
  static const char* const types[] = {"int", "uint", "short", "ushort", "ll", "ull"};
  for (size_t i = 0; i < in.size(); ++i) {
    long long v = in[i];
    double values[6] = {(double)(int)v, (double)(unsigned)v, (double)(short)v,
                        (double)(unsigned short)v, (double)v, (double)(unsigned long long)v};
    for (int t = 0; t < 6; ++t) {
      for (int m = 0; m < 4; ++m) {
        char what[64];
        std::snprintf(what, sizeof what, "%s __%s2half mode %d", where, types[t], m);
        expect_half(what, got[25 * i + 4 * t + m], to_half(values[t], (Mode)m), values[t]);
      }
    }
    expect_half("__half(int)", got[25 * i + 24], to_half(values[0], RN), values[0]);
  }
}

// Math results against double precision references, rounded to half. Exact functions
// must match; the others may be one unit off (counted and reported).
static void check_math(const unsigned short* got, const unsigned short* got2,
                       const char* where) {
  long long off_by_one[M_COUNT] = {};
  for (int bits = 0; bits < 65536; ++bits) {
    double x = half_value((unsigned short)bits);
    double want[M_COUNT] = {std::sqrt(x), 1.0 / std::sqrt(x), 1.0 / x, std::exp(x),
                            std::exp2(x), std::pow(10.0, x), std::log(x), std::log2(x),
                            std::log10(x), std::sin(x), std::cos(x), std::ceil(x),
                            std::floor(x), std::trunc(x), std::nearbyint(x), std::tanh(x), std::tanh(x)};
    for (int m = 0; m < M_COUNT; ++m) {
      unsigned short g = got[M_COUNT * bits + m];
      unsigned short w = to_half(want[m], RN);
      bool exact_function = m == M_SQRT || m == M_RCP || (m >= M_CEIL && m <= M_RINT);
      char what[64];
      std::snprintf(what, sizeof what, "%s %s", where, math_names[m]);
      if (half_is_nan(w) || half_is_nan(g) || exact_function) {
        expect_half(what, g, w, x);
      } else if (g != w) {
        if (ulp_distance(g, w) == 1) {
          ++off_by_one[m];
        } else {
          expect_half(what, g, w, x);
        }
      }
      std::snprintf(what, sizeof what, "%s h2 form of %s", where, math_names[m]);
      expect_half(what, got2[M_COUNT * bits + m], g, x);
    }
  }
  for (int m = 0; m < M_COUNT; ++m) {
    if (off_by_one[m] > 200) {
      char detail[96];
      std::snprintf(detail, sizeof detail, "%lld of 65536 results one unit off", off_by_one[m]);
      fail(math_names[m], detail);
    } else if (off_by_one[m] != 0) {
      std::printf("half_types: %s %s: %lld of 65536 results one unit off (allowed)\n", where,
                  math_names[m], off_by_one[m]);
    }
  }
}

static std::vector<unsigned short> arith_inputs() {
  static const unsigned short special[] = {0x0000, 0x8000, 0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00,
                                           0xfe01, 0x0001, 0x8001, 0x03ff, 0x0400, 0x7bff, 0xfbff,
                                           0x3800, 0x3555, 0x4000, 0x3bff, 0x3c01};
  const int count = sizeof special / sizeof special[0];
  std::vector<unsigned short> in;
  for (int i = 0; i < count; ++i)
    for (int j = 0; j < count; ++j) {
      in.push_back(special[i]);
      in.push_back(special[j]);
      in.push_back(special[(i + j) % count]);
    }
  unsigned long long state = 3;
  for (int k = 0; k < 20000; ++k) {
    unsigned r = next_random(&state);
    // Mostly moderate exponents, so that sums and products are not all overflow.
    unsigned short a = (unsigned short)(r & 0x83ff) | (unsigned short)((8 + (r >> 16) % 16) << 10);
    r = next_random(&state);
    unsigned short b = (unsigned short)(r & 0x83ff) | (unsigned short)((8 + (r >> 16) % 16) << 10);
    r = next_random(&state);
    unsigned short c = (k % 5 == 0) ? (unsigned short)(r & 0xffff)
                                    : (unsigned short)((r & 0x83ff) | ((4 + (r >> 16) % 24) << 10));
    in.push_back(a);
    in.push_back(b);
    in.push_back(c);
  }
  return in;
}

static unsigned short ref_max(unsigned short a, unsigned short b, bool is_max, bool nan_wins) {
  bool an = half_is_nan(a), bn = half_is_nan(b);
  if (an || bn) {
    if (nan_wins || (an && bn)) return 0x7fff;
    return an ? b : a;
  }
  double x = half_value(a), y = half_value(b);
  if (x == y) {  // +0 is above -0
    bool a_negative = (a & 0x8000) != 0;
    return is_max ? (a_negative ? b : a) : (a_negative ? a : b);
  }
  return (is_max ? x > y : x < y) ? a : b;
}

static unsigned short saturate_half(unsigned short bits) {
  if (half_is_nan(bits)) return 0;
  double v = half_value(bits);
  if (v > 1.0) return 0x3c00;
  if (v > 0.0) return bits;
  return 0;
}

static void check_arith(const std::vector<unsigned short>& in, const std::vector<Arith>& got,
                        const char* where) {
  for (size_t i = 0; i < got.size(); ++i) {
    unsigned short a = in[3 * i], b = in[3 * i + 1], c = in[3 * i + 2];
    double x = half_value(a), y = half_value(b), z = half_value(c);
    unsigned short sum = to_half(x + y, RN), difference = to_half(x - y, RN),
                   product = to_half(x * y, RN), quotient = to_half(x / y, RN),
                   fused = to_half(std::fma(x, y, z), RN);
    unsigned short fused_relu = half_is_nan(fused) ? 0x7fff
                                : half_value(fused) > 0.0 ? fused : 0;
    double compound = half_value(to_half(x + y, RN));
    compound = half_value(to_half(compound - z, RN));
    compound = half_value(to_half(compound * x, RN));
    double counter = half_value(to_half(x + 1.0, RN));
    counter = half_value(to_half(counter + 1.0, RN));
    unsigned short want[A_COUNT] = {
        sum, difference, product, quotient, fused, sum, difference, product,
        saturate_half(sum), saturate_half(difference), saturate_half(product),
        saturate_half(fused), fused_relu, (unsigned short)(a ^ 0x8000),
        (unsigned short)(a & 0x7fff), ref_max(a, b, true, false), ref_max(a, b, false, false),
        ref_max(a, b, true, true), ref_max(a, b, false, true), sum, difference, product,
        quotient, (unsigned short)(a ^ 0x8000), to_half(compound / y, RN),
        to_half(counter - 1.0, RN), to_half(half_value(product) + z, RN)};
    const Arith& g = got[i];
    for (int k = 0; k < A_COUNT; ++k) {
      char what[80];
      std::snprintf(what, sizeof what, "%s %s (0x%04x, 0x%04x, 0x%04x)", where, arith_names[k],
                    a, b, c);
      bool exact_nan = k == A_MAX_NAN || k == A_MIN_NAN || k == A_FMA_RELU ||
                       ((k == A_MAX || k == A_MIN) && half_is_nan(a) && half_is_nan(b)) ||
                       k == A_NEG || k == A_ABS || k == A_OP_NEG;
      expect_half(what, g.scalar[k], want[k], x, exact_nan);
    }
    // Pairs: (a, b) op (b, c), fma with (c, a), and the lane-wise unary ones.
    unsigned short pair_want[8][2] = {
        {sum, to_half(y + z, RN)},
        {difference, to_half(y - z, RN)},
        {product, to_half(y * z, RN)},
        {quotient, to_half(y / z, RN)},
        {to_half(std::fma(x, y, z), RN), to_half(std::fma(y, z, x), RN)},
        {(unsigned short)(a ^ 0x8000), (unsigned short)(b ^ 0x8000)},
        {(unsigned short)(a & 0x7fff), (unsigned short)(b & 0x7fff)},
        {ref_max(a, b, true, false), ref_max(b, c, true, false)}};
    static const char* const pair_names[8] = {"__hadd2", "__hsub2", "__hmul2", "__h2div",
                                              "__hfma2", "__hneg2", "__habs2", "__hmax2"};
    for (int k = 0; k < 8; ++k)
      for (int lane = 0; lane < 2; ++lane) {
        char what[80];
        std::snprintf(what, sizeof what, "%s %s lane %d", where, pair_names[k], lane);
        expect_half(what, g.pair[k][lane], pair_want[k][lane], lane ? y : x, k == 5 || k == 6);
      }
    bool unordered = std::isnan(x) || std::isnan(y);
    bool flags[26] = {x == y, x < y || x > y, x < y, x <= y, x > y, x >= y,
                      unordered || x == y, !(x == y), unordered || x < y, unordered || x <= y,
                      unordered || x > y, unordered || x >= y, x == y, !(x == y), x < y,
                      x <= y, x > y, x >= y, x == y, false /* a < b and b < a */,
                      unordered || x == y, x < y || x > y, x == y,
                      x < y /* __hlt2 on (a, b) (b, c): the low half is a < b */,
                      std::isnan(x), std::isnan(y)};
    unsigned want_compare = 0;
    for (int k = 0; k < 26; ++k) want_compare |= (unsigned)flags[k] << k;
    if (g.compare != want_compare) {
      char detail[120];
      std::snprintf(detail, sizeof detail, "(0x%04x, 0x%04x): flags 0x%07x, expected 0x%07x", a,
                    b, g.compare, want_compare);
      fail(where, detail);
    }
    // Masks on (a, b) against (b, a): the low half compares a with b, the high b with a.
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
        default: high = low;  // symmetric
      }
      unsigned want_mask = (low ? 0xffffu : 0u) | (high ? 0xffff0000u : 0u);
      if (g.masks[k] != want_mask) {
        char detail[120];
        std::snprintf(detail, sizeof detail, "mask %d (0x%04x, 0x%04x): 0x%08x, expected 0x%08x",
                      k, a, b, g.masks[k], want_mask);
        fail(where, detail);
      }
    }
    int want_inf = a == 0x7c00 ? 1 : a == 0xfc00 ? -1 : 0;
    if (g.isinf != want_inf) fail(where, "__hisinf");
  }
}

int main() {
  print_device("half_types");

  // Compile-time uses: constants, constexpr conversions, the raw forms.
  static_assert(sizeof(half) == 2 && sizeof(half2) == 4 && alignof(__half2) == 4, "sizes");
#if __cplusplus >= 201402L
  constexpr __half one = __half_raw{{0x3c00}};
  static_assert(static_cast<float>(one) == 1.0f, "constexpr conversion");
  constexpr __half three_halves(1.5f);
  static_assert(static_cast<float>(three_halves) == 1.5f, "constexpr constructor");
#endif
  {
    __half_raw raw;
    raw.x = 0x3e00;  // 1.5
    __half h = raw;
    __half2_raw raw2;
    raw2.x = 0x4000;  // 2
    raw2.y = 0xc000;  // -2
    __half2 h2 = raw2;
    __half2_raw back = h2;
    __half_raw h_back = h;
    if (__half2float(h) != 1.5f || __low2float(h2) != 2.0f || __high2float(h2) != -2.0f ||
        back.x != 0x4000 || back.y != 0xc000 || h_back.x != 0x3e00 || h_back.data != (_Float16)1.5f)
      fail("raw forms", "round trip");
    if (__half_as_ushort(HIPRT_INF_FP16) != 0x7c00 || !__hisnan(HIPRT_NAN_FP16) ||
        __half2float(HIPRT_MAX_NORMAL_FP16) != 65504.0f ||
        __half2float(HIPRT_MIN_DENORM_FP16) != 5.9604644775390625e-08f ||
        __half_as_short(HIPRT_NEG_ZERO_FP16) != (short)0x8000 ||
        __half2float(HIPRT_ONE_FP16) != 1.0f || __half_as_ushort(HIPRT_ZERO_FP16) != 0)
      fail("constants", "HIPRT_*_FP16");
    // Implicit conversions as CUDA code uses them.
    __half from_int = 3;
    __half assigned;
    assigned = 2.5;
    float to_float = assigned;
    double to_double = static_cast<double>(from_int);
    half2 pair = {from_int, assigned};
    if (to_float != 2.5f || to_double != 3.0 || __high2float(pair) != 2.5f ||
        static_cast<int>(__half(-7.75f)) != -7 || __short_as_half(0x3c00) != __half(1.0f))
      fail("conversions", "implicit and explicit");
    __half2 counter2 = __floats2half2_rn(1.0f, -1.0f);
    ++counter2;
    counter2 *= __half2half2(__half(2.0f));
    counter2 -= __floats2half2_rn(0.5f, 0.5f);
    counter2 /= __half2half2(__half(0.5f));
    if (!(counter2 == __floats2half2_rn(7.0f, -1.0f)) || counter2 != __floats2half2_rn(7.0f, -1.0f) ||
        !(-counter2 < __floats2half2_rn(0.0f, 2.0f)))
      fail("half2 operators", "host");
  }

  // float -> half
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
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_out));
  }

  // Host conversions over many bit patterns (the headers' own integer conversions on x86
  // without F16C): every half to float, and one float bit pattern in 251 to half.
  for (unsigned bits = 0; bits < 65536; ++bits) {
    float value = __half2float(__ushort_as_half((unsigned short)bits));
    double want = half_value((unsigned short)bits);
    bool same = value == want ? std::signbit(value) == std::signbit(want)
                              : std::isnan(value) && std::isnan(want);
    if (!same) {
      char detail[96];
      std::snprintf(detail, sizeof detail, "0x%04x: got %.9g, expected %.9g", bits, value, want);
      fail("host __half2float", detail);
    }
  }
  for (unsigned long long pattern = 0; pattern < (1ull << 32); pattern += 251) {
    unsigned bits32 = (unsigned)pattern;
    float value;
    std::memcpy(&value, &bits32, sizeof value);
    expect_half("host __float2half (bit patterns)", __half_as_ushort(__float2half(value)),
                to_half(value, RN), value);
    expect_half("host __half(float) (bit patterns)", __half_as_ushort(__half(value)),
                to_half(value, RN), value);
  }

  // double -> half: ties that a conversion through float would round twice.
  {
    std::vector<double> doubles = {1.0 + 0x1p-11 + 0x1p-40, 1.0 + 0x1p-11 - 0x1p-40,
                                   1.0 + 0x1p-11, 65519.999999, 65520.0, 0x1p-25 + 0x1p-60,
                                   0x1p-25, -0x1p-25 - 0x1p-70, 1e300, -1e300, 1e-300, NAN,
                                   -0.0, 3.0 * 0x1p-25, 2049.0000000001};
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

  // half -> integers and float, every half.
  {
    ToInt* d_out;
    CHECK(hipMalloc(&d_out, 65536 * sizeof(ToInt)));
    k_to_int<<<256, 256>>>(d_out);
    CHECK_LAUNCH();
    check_to_int(host_copy(d_out, 65536), "device half to integer");
    std::vector<ToInt> host(65536);
    for (int i = 0; i < 65536; ++i) to_int((unsigned short)i, &host[i]);
    check_to_int(host, "host half to integer");
    CHECK(hipFree(d_out));
  }

  // integers -> half
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

  // math on every half
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

  // arithmetic and comparisons
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

  // half2 helpers
  {
    std::vector<__half2> in = {__floats2half2_rn(1.5f, -2.0f), __floats2half2_rn(0.25f, 3.0f)};
    __half2* d_in = device_copy(in);
    float* d_out;
    CHECK(hipMalloc(&d_out, 32 * sizeof(float)));
    k_pairs<<<1, 1>>>(d_in, d_out);
    CHECK_LAUNCH();
    std::vector<float> got = host_copy(d_out, 25);
    // (1.5 - 2i)(0.25 + 3i) + (2.5 + 2.5i) = (0.375 + 6 + 2.5) + (4.5 - 0.5 + 2.5)i
    const float want[25] = {1.5f, -2.0f, 1.5f, -2.0f, 1.5f, 1.5f, 0.25f, -2.0f, 3.0f,
                            1.5f, 1.5f, -2.0f, -2.0f, 1.25f, -3.5f, 0.0999755859375f, 65504.0f,
                            2.5f, 2.5f, 0.25f, 3.0f, 8.875f, 6.5f, 1.5f * 0.25f - 6.0f + 0.5f,
                            0.0f};
    for (int k = 0; k < 25; ++k) {
      if (got[k] != want[k]) {
        char detail[80];
        std::snprintf(detail, sizeof detail, "value %d: %g, expected %g", k, got[k], want[k]);
        fail("half2 helpers", detail);
      }
    }
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_out));
  }

  // cache-hint loads and stores
  {
    std::vector<__half2> in = {__floats2half2_rn(1.5f, -2.0f), __floats2half2_rn(0.25f, 3.0f)};
    __half2* d_in = device_copy(in);
    __half2* d_out2;
    __half* d_out;
    CHECK(hipMalloc(&d_out2, 7 * sizeof(__half2)));
    CHECK(hipMalloc(&d_out, 7 * sizeof(__half)));
    k_cache_hints<<<1, 1>>>(d_in, d_out2, d_out);
    CHECK_LAUNCH();
    std::vector<__half> got = host_copy(d_out, 7);
    std::vector<__half2> got2 = host_copy(d_out2, 7);
    const float want[7] = {1.5f, -2.0f, 0.25f, 3.0f, 1.5f, -2.0f, 0.25f};
    const int want2[7] = {0, 1, 0, 1, 0, 1, 0};
    for (int k = 0; k < 7; ++k) {
      float scalar = __half2float(got[k]);
      float low = __low2float(got2[k]), high = __high2float(got2[k]);
      float want_low = want2[k] ? 0.25f : 1.5f, want_high = want2[k] ? 3.0f : -2.0f;
      if (scalar != want[k] || low != want_low || high != want_high) {
        char detail[96];
        std::snprintf(detail, sizeof detail, "access %d: %g and (%g, %g)", k, scalar, low, high);
        fail("half cache-hint loads and stores", detail);
      }
    }
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_out2));
    CHECK(hipFree(d_out));
  }

  // shuffles
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
      // Source lane within a sub-group of `width` lanes, or the lane itself when the
      // source falls outside it.
      auto index = [&](int src, int width) { return (lane & ~(width - 1)) + (src & (width - 1)); };
      auto up = [&](int delta, int width) {
        return lane - delta < (lane & ~(width - 1)) ? lane : lane - delta;
      };
      auto down = [&](int delta, int width) {
        return lane + delta >= (lane & ~(width - 1)) + width ? lane : lane + delta;
      };
      auto low = [](int l) { return l + 0.25f; };
      auto pair_low = [](int l) { return l + 0.5f; };
      auto pair_high = [](int l) { return -l - 0.75f; };
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

  // atomics
  {
    const int n = 1024;
    __half* d_acc;
    __half2* d_acc2;
    __half* d_old;
    CHECK(hipMalloc(&d_acc, 4 * sizeof(__half)));
    CHECK(hipMalloc(&d_acc2, 2 * sizeof(__half2)));
    CHECK(hipMalloc(&d_old, n / 2 * sizeof(__half)));
    CHECK(hipMemset(d_acc, 0, 4 * sizeof(__half)));
    CHECK(hipMemset(d_acc2, 0, 2 * sizeof(__half2)));
    k_atomics<<<n / 128, 128>>>(d_acc, d_acc2, d_old, n);
    CHECK_LAUNCH();
    std::vector<__half> acc = host_copy(d_acc, 4);
    std::vector<__half2> acc2 = host_copy(d_acc2, 2);
    std::vector<__half> old = host_copy(d_old, n / 2);
    // Every partial sum is exact in half: 512 * 1, 512 * 0.5, 128 * 0.25 (the first
    // block, with the _block form), -2 * 1024, ...
    float want[8] = {512.0f, 256.0f, 32.0f, -2048.0f, 1024.0f, 256.0f, -512.0f, 2048.0f};
    float got[8] = {__half2float(acc[0]), __half2float(acc[1]), __half2float(acc[2]),
                    __half2float(acc[3]), __low2float(acc2[0]), __high2float(acc2[0]),
                    __low2float(acc2[1]), __high2float(acc2[1])};
    for (int k = 0; k < 8; ++k) {
      if (got[k] != want[k]) {
        char detail[80];
        std::snprintf(detail, sizeof detail, "sum %d: %g, expected %g", k, got[k], want[k]);
        fail("atomicAdd", detail);
      }
    }
    std::vector<int> seen(n / 2, 0);
    for (__half h : old) {
      float v = __half2float(h);
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

  return finish("half_types", errors);
}
