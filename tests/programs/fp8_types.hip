// hip/hip_fp8.h: every encoding (E4M3/E5M2, OCP and FNUZ) in both saturation modes, on random
// and edge-case floats, against the nearest of all 256 codes decoded independently here;
// the scalar type round-trips through float.
#include "check.h"
#include <hip/hip_fp8.h>
#include <cmath>
__global__ void k(const float *in, unsigned char *out, float *back, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= n) return;
  for (int t = 0; t < 4; ++t) for (int s = 0; s < 2; ++s) {
    unsigned char v = __hip_cvt_float_to_fp8(in[i], (__hip_saturation_t)s, (__hip_fp8_interpretation_t)t);
    out[(i * 4 + t) * 2 + s] = v;
  }
  __hip_fp8_e4m3_fnuz a(in[i]); back[i] = (float)a;
}
// Reference: all 256 codes decoded, nearest by value with ties to even code.
static float decode(int c, int t) {
  int mb = (t == 0 || t == 2) ? 3 : 2, bias = t == 0 ? 8 : t == 1 ? 16 : t == 2 ? 7 : 15;
  bool fnuz = t < 2; bool inf = t == 3;
  if (fnuz && c == 0x80) return NAN; if (t == 2 && (c & 0x7f) == 0x7f) return NAN;
  int e = (c & 0x7f) >> mb, m = c & ((1 << mb) - 1);
  if (inf && e == 31) return m ? NAN : ((c & 0x80) ? -INFINITY : INFINITY);
  float v = e == 0 ? std::ldexp((float)m, 1 - bias - mb) : std::ldexp((float)((1 << mb) | m), e - bias - mb);
  return (c & 0x80) ? -v : v;
}
int main() {
  const int n = 4000; static float in[n]; unsigned long long st = 7;
  for (int i = 0; i < n; ++i) { st = st * 6364136223846793005ull + 1442695040888963407ull; unsigned u = st >> 33;
    float mag = std::ldexp(1.0f + (u % 1000) / 1000.0f, (int)(u / 1000 % 44) - 24); in[i] = (u & 1) ? -mag : mag; }
  in[0] = 0; in[1] = -0.0f; in[2] = NAN; in[3] = INFINITY; in[4] = 464; in[5] = 460; in[6] = 248; in[7] = 1e9; in[8] = 61440; in[9] = -57344; in[10] = -INFINITY;
  float *din, *dback; unsigned char *dout; CHECK(hipMalloc(&din, sizeof in)); CHECK(hipMalloc(&dout, n * 8)); CHECK(hipMalloc(&dback, n * 4));
  CHECK(hipMemcpy(din, in, sizeof in, hipMemcpyHostToDevice)); k<<<n / 100, 100>>>(din, dout, dback, n); CHECK_LAUNCH();
  static unsigned char out[n * 8]; CHECK(hipMemcpy(out, dout, n * 8, hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; ++i) for (int t = 0; t < 4; ++t) for (int s = 0; s < 2; ++s) {
    unsigned char got = out[(i * 4 + t) * 2 + s]; float x = in[i];
    float gv = decode(got, t);
    // check: got is the nearest finite (or inf/nan per rules)
    float best = NAN; int bestc = -1;
    for (int c = 0; c < 256; ++c) { float v = decode(c, t); if (std::isnan(v) || std::isinf(v)) continue; if (t < 2 && c == 0x80) continue;
      if (bestc < 0 || std::fabs(v - x) < std::fabs(best - x) || (std::fabs(v - x) == std::fabs(best - x) && (c & 1) == 0 && v != best)) { best = v; bestc = c; } }
    float largest = t == 0 ? 240 : t == 2 ? 448 : 57344;
    bool ok;
    if (std::isnan(x)) ok = std::isnan(gv);
    // FNUZ has no infinity and HIP does not clip one: NaN (0x80) even with __HIP_SATFINITE.
    else if (std::isinf(x) && t < 2) ok = got == 0x80;
    else if (s == 1 && std::fabs(x) > largest) ok = gv == std::copysign(largest, x);
    else if (std::isinf(x)) ok = t == 3 ? gv == x : std::isnan(gv);
    else ok = gv == best || (std::isnan(gv) && std::fabs(x) > largest) || (std::isinf(gv) && std::fabs(x) > largest) || (gv == 0 && best == 0);
    if (!ok && bad++ < 10) std::printf("x=%g t=%d s=%d got %#x (%g) want %g\n", x, t, s, got, gv, best);
  }
  CHECK(hipFree(din)); CHECK(hipFree(dout)); CHECK(hipFree(dback));
  return finish("fp8_types", bad);
}
