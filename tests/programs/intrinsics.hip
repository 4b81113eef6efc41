// The type-cast and integer intrinsics against host references computed another way:
// directed-rounding conversions against the host FPU in that rounding mode, bit
// operations against their definitions, on random and edge-case inputs.
#include "check.h"
#include <cfenv>
#include <cstring>

constexpr int kResults = 40;

__global__ void intrinsics(const unsigned long long* inputs, unsigned long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long bits = inputs[i];
  unsigned lo = (unsigned)bits, hi = (unsigned)(bits >> 32);
  int s = (int)lo;
  long long ll = (long long)bits;
  float f = __uint_as_float(lo);
  double d = __longlong_as_double(ll);
  unsigned long long* r = out + (size_t)i * kResults;
  r[0] = __byte_perm(lo, hi, hi & 0x7777u);
  r[1] = __funnelshift_l(lo, hi, hi >> 27);
  r[2] = __funnelshift_r(lo, hi, hi >> 26);
  r[3] = __funnelshift_lc(lo, hi, hi >> 26);
  r[4] = __funnelshift_rc(lo, hi, hi >> 26);
  r[5] = __bitextract_u32(lo, hi, hi >> 8);
  r[6] = __bitextract_u64(bits, hi, hi >> 8);
  r[7] = __bitinsert_u32(lo, hi, hi >> 4, hi >> 12);
  r[8] = __bitinsert_u64(bits, ~bits, hi >> 4, hi >> 12);
  r[9] = __float_as_uint(__int2float_rz(s));
  r[10] = __float_as_uint(__int2float_rd(s));
  r[11] = __float_as_uint(__int2float_ru(s));
  r[12] = __float_as_uint(__uint2float_rz(lo));
  r[13] = __float_as_uint(__ll2float_rd(ll));
  r[14] = __float_as_uint(__ull2float_ru(bits));
  r[15] = (unsigned long long)__double_as_longlong(__ll2double_rz(ll));
  r[16] = (unsigned long long)__double_as_longlong(__ull2double_ru(bits));
  r[17] = __float_as_uint(__double2float_rz(d));
  r[18] = __float_as_uint(__double2float_rd(d));
  r[19] = __float_as_uint(__double2float_ru(d));
  r[20] = (unsigned)__float2int_rn(f);
  r[21] = (unsigned)__float2int_rz(f);
  r[22] = (unsigned)__float2int_rd(f);
  r[23] = __float2uint_ru(f);
  r[24] = (unsigned long long)__double2ll_rn(d);
  r[25] = __double2ull_rz(d);
  r[26] = (unsigned)__hadd(s, (int)hi) ^ ((unsigned long long)(unsigned)__rhadd(s, (int)hi) << 32);
  r[27] = __uhadd(lo, hi) ^ ((unsigned long long)__urhadd(lo, hi) << 32);
  r[28] = __sad(s, (int)hi, 7u) ^ ((unsigned long long)__usad(lo, hi, 3u) << 32);
  r[29] = __fns(lo, hi & 31u, (int)(hi >> 29) - 3) ^ ((unsigned long long)__fns64(bits, hi, 2) << 32);
  r[30] = (unsigned)__double2hiint(d) ^ ((unsigned long long)(unsigned)__double2loint(d) << 32);
  r[31] = (unsigned long long)__double_as_longlong(__hiloint2double((int)hi, s));
  r[32] = __lastbit_u32_u32(lo) ^ ((unsigned long long)__firstbit_u32_u64(bits) << 32);
  r[33] = __firstbit_u32_s32(s) ^ ((unsigned long long)__lastbit_u32_u64(bits) << 32);
  r[34] = (unsigned)__popc(lo) + ((unsigned long long)(unsigned)__clzll(ll) << 8) +
          ((unsigned long long)(unsigned)__ffsll(ll) << 16);
  r[35] = __brev(lo) ^ ((unsigned long long)__umulhi(lo, hi) << 32);
  r[36] = (unsigned)__mulhi(s, (int)hi) ^ ((unsigned long long)__umul24(lo, hi) << 32);
  r[37] = __ldg(inputs + i) ^ __ldg(&bits);
}

// The fast single-precision intrinsics, within the loose bounds their approximations have.
__global__ void fast_math(float* out) {
  out[0] = __expf(1.0f);
  out[1] = __sinf(1.0f);
  out[2] = __cosf(1.0f);
  out[3] = __logf(2.0f);
  out[4] = __fdividef(1.0f, 4.0f);
  out[5] = __powf(2.0f, 3.0f);
  out[6] = __tanf(0.5f);
  out[7] = __log10f(100.0f);
  out[8] = __exp10f(2.0f);
  out[9] = __log2f(8.0f);
  out[10] = __saturatef(1.5f) + __saturatef(-2.0f);
}

// Host references.
static unsigned byte_perm(unsigned x, unsigned y, unsigned s) {
  unsigned char bytes[8];
  for (int b = 0; b < 4; ++b) bytes[b] = (unsigned char)(x >> (8 * b));
  for (int b = 0; b < 4; ++b) bytes[4 + b] = (unsigned char)(y >> (8 * b));
  unsigned result = 0;
  for (int b = 0; b < 4; ++b) result |= (unsigned)bytes[(s >> (4 * b)) & 7] << (8 * b);
  return result;
}
static unsigned long long field(unsigned long long x, unsigned offset, unsigned width) {
  unsigned long long out = 0;
  for (unsigned b = 0; b < width && offset + b < 64; ++b) out |= ((x >> (offset + b)) & 1ull) << b;
  return out;
}
static unsigned long long insert(unsigned long long base, unsigned long long value, unsigned offset,
                                 unsigned width, unsigned bits) {
  for (unsigned b = 0; b < width && offset + b < bits; ++b) {
    base &= ~(1ull << (offset + b));
    base |= ((value >> b) & 1ull) << (offset + b);
  }
  return bits == 32 ? base & 0xffffffffull : base;
}
template <class To, class From> static To rounded(From x, int mode) {
  std::fesetround(mode);
  volatile From in = x;
  volatile To out = (To)in;
  std::fesetround(FE_TONEAREST);
  return out;
}
static unsigned f_bits(float f) {
  unsigned u;
  std::memcpy(&u, &f, 4);
  return u;
}
static unsigned long long d_bits(double d) {
  unsigned long long u;
  std::memcpy(&u, &d, 8);
  return u;
}
static long long sat_ll(double r) {
  if (r != r) return 0;
  if (r >= 9223372036854775807.0) return LLONG_MAX;
  if (r <= -9223372036854775808.0) return LLONG_MIN;
  return (long long)r;
}
static int sat_i(double r) { return (int)std::max(-2147483648.0, std::min(2147483647.0, r != r ? 0.0 : r)); }
static unsigned nth_set(unsigned long long mask, int base, int n, int bits) {
  if (n == 0) return (mask >> base) & 1 ? (unsigned)base : ~0u;
  int step = n > 0 ? 1 : -1, count = 0;
  for (int b = base; b >= 0 && b < bits; b += step)
    if ((mask >> b) & 1 && (count += step) == n) return (unsigned)b;
  return ~0u;
}

int main() {
  const int n = 4096;
  unsigned long long state = 12345;
  unsigned long long inputs[n];
  const unsigned long long edges[] = {0, 1, ~0ull, 0x8000000000000000ull, 0x7fffffffffffffffull,
                                      0x0000000080000000ull, 0x000000007fffffffull, 0x00000000ffffffffull,
                                      0x4b80000100000001ull, 0x3ff0000000000001ull, 0x7ff0000000000000ull,
                                      0x7f8000004f000000ull, 0xcf0000005f800000ull, 0x0000000100000000ull};
  for (int i = 0; i < n; ++i) {
    unsigned long long value = ((unsigned long long)next_random(&state) << 32) | next_random(&state);
    // Values with few significant bits exercise exact conversions and ties.
    if (i % 3 == 1) value >>= next_random(&state) % 64;
    inputs[i] = i < (int)(sizeof edges / sizeof edges[0]) ? edges[i] : value;
  }
  unsigned long long *d_in, *d_out;
  CHECK(hipMalloc(&d_in, sizeof inputs));
  CHECK(hipMalloc(&d_out, sizeof(unsigned long long) * n * kResults));
  CHECK(hipMemset(d_out, 0, sizeof(unsigned long long) * n * kResults));
  CHECK(hipMemcpy(d_in, inputs, sizeof inputs, hipMemcpyHostToDevice));
  intrinsics<<<n / 128, 128>>>(d_in, d_out, n);
  CHECK_LAUNCH();
  static unsigned long long out[n * kResults];
  CHECK(hipMemcpy(out, d_out, sizeof out, hipMemcpyDeviceToHost));
  long long errors = 0;
  for (int i = 0; i < n; ++i) {
    unsigned long long bits = inputs[i];
    unsigned lo = (unsigned)bits, hi = (unsigned)(bits >> 32);
    int s = (int)lo;
    long long ll = (long long)bits;
    float f;
    double d;
    std::memcpy(&f, &lo, 4);
    std::memcpy(&d, &bits, 8);
    unsigned long long both = bits;
    unsigned long long want[kResults] = {};
    want[0] = byte_perm(lo, hi, hi & 0x7777u);
    want[1] = (unsigned)((both << ((hi >> 27) & 31)) >> 32);
    want[2] = (unsigned)(both >> ((hi >> 26) & 31));
    want[3] = (unsigned)(std::min(hi >> 26, 32u) == 32 ? lo : (both << std::min(hi >> 26, 32u)) >> 32);
    want[4] = (unsigned)(std::min(hi >> 26, 32u) == 32 ? hi : both >> std::min(hi >> 26, 32u));
    want[5] = field(lo, hi & 31, (hi >> 8) & 31);
    want[6] = field(bits, hi & 63, (hi >> 8) & 63);
    want[7] = insert(lo, hi, (hi >> 4) & 31, (hi >> 12) & 31, 32);
    want[8] = insert(bits, ~bits, (hi >> 4) & 63, (hi >> 12) & 63, 64);
    want[9] = f_bits(rounded<float>(s, FE_TOWARDZERO));
    want[10] = f_bits(rounded<float>(s, FE_DOWNWARD));
    want[11] = f_bits(rounded<float>(s, FE_UPWARD));
    want[12] = f_bits(rounded<float>(lo, FE_TOWARDZERO));
    want[13] = f_bits(rounded<float>(ll, FE_DOWNWARD));
    want[14] = f_bits(rounded<float>(bits, FE_UPWARD));
    want[15] = d_bits(rounded<double>(ll, FE_TOWARDZERO));
    want[16] = d_bits(rounded<double>(bits, FE_UPWARD));
    want[17] = f_bits(rounded<float>(d, FE_TOWARDZERO));
    want[18] = f_bits(rounded<float>(d, FE_DOWNWARD));
    want[19] = f_bits(rounded<float>(d, FE_UPWARD));
    want[20] = (unsigned)sat_i(std::nearbyint(f));
    want[21] = (unsigned)sat_i(std::trunc(f));
    want[22] = (unsigned)sat_i(std::floor(f));
    want[23] = f != f ? 0u : (unsigned)std::max(0.0, std::min(4294967295.0, (double)std::ceil(f)));
    want[24] = (unsigned long long)sat_ll(std::nearbyint(d));
    want[25] = d != d || d <= 0 ? 0ull : d >= 18446744073709551616.0 ? ~0ull : (unsigned long long)std::trunc(d);
    want[26] = (unsigned)(int)(((long long)s + (int)hi) >> 1) ^
               ((unsigned long long)(unsigned)(int)(((long long)s + (int)hi + 1) >> 1) << 32);
    want[27] = (unsigned)(((unsigned long long)lo + hi) >> 1) ^
               ((unsigned long long)(unsigned)(((unsigned long long)lo + hi + 1) >> 1) << 32);
    want[28] = (unsigned)(7 + std::llabs((long long)s - (int)hi)) ^
               ((unsigned long long)(3u + (lo > hi ? lo - hi : hi - lo)) << 32);
    want[29] = nth_set(lo, hi & 31, (int)(hi >> 29) - 3, 32) ^ ((unsigned long long)nth_set(bits, hi & 63, 2, 64) << 32);
    want[30] = hi ^ ((unsigned long long)lo << 32);
    want[31] = bits;
    want[32] = (lo ? (unsigned)__builtin_ctz(lo) : ~0u) ^ ((unsigned long long)(bits ? (unsigned)__builtin_clzll(bits) : ~0u) << 32);
    unsigned magnitude = s < 0 ? ~lo : lo;
    want[33] = (magnitude ? (unsigned)__builtin_clz(magnitude) : ~0u) ^
               ((unsigned long long)(bits ? (unsigned)__builtin_ctzll(bits) : ~0u) << 32);
    want[34] = (unsigned)__builtin_popcount(lo) + ((unsigned long long)(bits ? __builtin_clzll(bits) : 64) << 8) +
               ((unsigned long long)(bits ? __builtin_ctzll(bits) + 1 : 0) << 16);
    unsigned reversed = 0;
    for (int b = 0; b < 32; ++b) reversed |= ((lo >> b) & 1u) << (31 - b);
    want[35] = reversed ^ ((unsigned long long)(unsigned)(((unsigned long long)lo * hi) >> 32) << 32);
    want[36] = (unsigned)(int)(((long long)s * (int)hi) >> 32) ^
               ((unsigned long long)((lo & 0xffffffu) * (hi & 0xffffffu)) << 32);
    want[37] = 0;
    for (int k = 0; k < kResults; ++k) {
      if (out[i * kResults + k] != want[k]) {
        if (errors < 10)
          std::printf("input %#llx result %d: got %#llx want %#llx\n", bits, k, out[i * kResults + k], want[k]);
        ++errors;
      }
    }
  }
  float* d_fast;
  CHECK(hipMalloc(&d_fast, 11 * sizeof(float)));
  fast_math<<<1, 1>>>(d_fast);
  CHECK_LAUNCH();
  float fast[11];
  CHECK(hipMemcpy(fast, d_fast, sizeof fast, hipMemcpyDeviceToHost));
  const double fast_want[11] = {std::exp(1.0), std::sin(1.0), std::cos(1.0), std::log(2.0), 0.25, 8.0,
                                std::tan(0.5), 2.0, 100.0, 3.0, 1.0};
  for (int k = 0; k < 11; ++k) {
    if (std::fabs(fast[k] - fast_want[k]) > 1e-5 * std::fabs(fast_want[k]) + 1e-6) {
      std::printf("fast intrinsic %d: %.9g, want %.9g\n", k, fast[k], fast_want[k]);
      ++errors;
    }
  }
  CHECK(hipFree(d_fast));
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
  return finish("intrinsics", errors);
}
