// Arithmetic intrinsics with a rounding mode (__fadd_rz ... __fma_ru, float and double)
// against the host FPU in the same rounding mode, on random operands of mixed magnitudes.
#include "check.h"
#include <cfenv>
#include <cstring>
__global__ void k(const float *a, const float *b, float *o, const double *da, const double *db, double *od, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= n) return;
  float x = a[i], y = b[i]; double dx = da[i], dy = db[i];
  float *r = o + i * 16; double *q = od + i * 16;
  r[0] = __fadd_rz(x, y); r[1] = __fadd_rd(x, y); r[2] = __fadd_ru(x, y); r[3] = __fmul_rz(x, y); r[4] = __fmul_rd(x, y); r[5] = __fmul_ru(x, y);
  r[6] = __fdiv_rz(x, y); r[7] = __fdiv_rd(x, y); r[8] = __fdiv_ru(x, y); r[9] = __fsqrt_rd(fabsf(x)); r[10] = __fsqrt_ru(fabsf(x)); r[11] = __frcp_rz(y);
  r[12] = __fmaf_rz(x, y, x); r[13] = __fmaf_rd(x, y, 1.0f); r[14] = __fmaf_ru(x, y, -x); r[15] = __fsub_ru(x, y);
  q[0] = __dadd_rz(dx, dy); q[1] = __dadd_rd(dx, dy); q[2] = __dadd_ru(dx, dy); q[3] = __dmul_rz(dx, dy); q[4] = __dmul_rd(dx, dy); q[5] = __dmul_ru(dx, dy);
  q[6] = __ddiv_rz(dx, dy); q[7] = __ddiv_rd(dx, dy); q[8] = __ddiv_ru(dx, dy); q[9] = __dsqrt_rd(fabs(dx)); q[10] = __dsqrt_ru(fabs(dx)); q[11] = __drcp_rd(dy);
  q[12] = __fma_rz(dx, dy, dx); q[13] = __fma_rd(dx, dy, 1.0); q[14] = __fma_ru(dx, dy, -dx); q[15] = __dsub_rd(dx, dy);
}
template <class T> static T r(int mode, T (*f)()) { fesetround(mode); volatile T v = f(); fesetround(FE_TONEAREST); return v; }
volatile float X, Y; volatile double DX, DY;
int main() {
  const int n = 20000; static float a[n], b[n], o[n * 16]; static double da[n], db[n], od[n * 16];
  unsigned long long s = 1;
  auto rnd = [&]() { s = s * 6364136223846793005ull + 1442695040888963407ull; return s; };
  for (int i = 0; i < n; ++i) { 
    a[i] = (float)(int)(rnd() >> 40) * ldexpf(1.0f, (int)(rnd() % 40) - 20); b[i] = (float)(int)(rnd() >> 41) * ldexpf(1.0f, (int)(rnd() % 40) - 20) + 1e-3f;
    da[i] = (double)(long long)(rnd() >> 11) * ldexp(1.0, (int)(rnd() % 80) - 40); db[i] = (double)(long long)(rnd() >> 12) * ldexp(1.0, (int)(rnd() % 80) - 40) - 3.0; }
  float *ga, *gb, *go; double *gda, *gdb, *god;
  CHECK(hipMalloc(&ga, sizeof a)); CHECK(hipMalloc(&gb, sizeof b)); CHECK(hipMalloc(&go, sizeof o)); CHECK(hipMalloc(&gda, sizeof da)); CHECK(hipMalloc(&gdb, sizeof db)); CHECK(hipMalloc(&god, sizeof od));
  CHECK(hipMemcpy(ga, a, sizeof a, hipMemcpyHostToDevice)); CHECK(hipMemcpy(gb, b, sizeof b, hipMemcpyHostToDevice)); CHECK(hipMemcpy(gda, da, sizeof da, hipMemcpyHostToDevice)); CHECK(hipMemcpy(gdb, db, sizeof db, hipMemcpyHostToDevice));
  k<<<n / 100, 100>>>(ga, gb, go, gda, gdb, god, n);
  CHECK_LAUNCH();
  CHECK(hipMemcpy(o, go, sizeof o, hipMemcpyDeviceToHost)); CHECK(hipMemcpy(od, god, sizeof od, hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    X = a[i]; Y = b[i]; DX = da[i]; DY = db[i];
    float w[16] = { r<float>(FE_TOWARDZERO, []{ return X + Y; }), r<float>(FE_DOWNWARD, []{ return X + Y; }), r<float>(FE_UPWARD, []{ return X + Y; }),
      r<float>(FE_TOWARDZERO, []{ return X * Y; }), r<float>(FE_DOWNWARD, []{ return X * Y; }), r<float>(FE_UPWARD, []{ return X * Y; }),
      r<float>(FE_TOWARDZERO, []{ return X / Y; }), r<float>(FE_DOWNWARD, []{ return X / Y; }), r<float>(FE_UPWARD, []{ return X / Y; }),
      r<float>(FE_DOWNWARD, []{ return sqrtf(fabsf(X)); }), r<float>(FE_UPWARD, []{ return sqrtf(fabsf(X)); }), r<float>(FE_TOWARDZERO, []{ return 1.0f / Y; }),
      r<float>(FE_TOWARDZERO, []{ return fmaf(X, Y, X); }), r<float>(FE_DOWNWARD, []{ return fmaf(X, Y, 1.0f); }), r<float>(FE_UPWARD, []{ return fmaf(X, Y, -X); }), r<float>(FE_UPWARD, []{ return X - Y; }) };
    double wd[16] = { r<double>(FE_TOWARDZERO, []{ return DX + DY; }), r<double>(FE_DOWNWARD, []{ return DX + DY; }), r<double>(FE_UPWARD, []{ return DX + DY; }),
      r<double>(FE_TOWARDZERO, []{ return DX * DY; }), r<double>(FE_DOWNWARD, []{ return DX * DY; }), r<double>(FE_UPWARD, []{ return DX * DY; }),
      r<double>(FE_TOWARDZERO, []{ return DX / DY; }), r<double>(FE_DOWNWARD, []{ return DX / DY; }), r<double>(FE_UPWARD, []{ return DX / DY; }),
      r<double>(FE_DOWNWARD, []{ return sqrt(fabs(DX)); }), r<double>(FE_UPWARD, []{ return sqrt(fabs(DX)); }), r<double>(FE_DOWNWARD, []{ return 1.0 / DY; }),
      r<double>(FE_TOWARDZERO, []{ return fma(DX, DY, DX); }), r<double>(FE_DOWNWARD, []{ return fma(DX, DY, 1.0); }), r<double>(FE_UPWARD, []{ return fma(DX, DY, -DX); }), r<double>(FE_DOWNWARD, []{ return DX - DY; }) };
    for (int j = 0; j < 16; ++j) { if (memcmp(&w[j], &o[i * 16 + j], 4)) { if (bad++ < 10) printf("f %d op %d: %a %a -> %a want %a\n", i, j, a[i], b[i], o[i*16+j], w[j]); }
      if (memcmp(&wd[j], &od[i * 16 + j], 8)) { if (bad++ < 10) printf("d %d op %d: %a %a -> %a want %a\n", i, j, da[i], db[i], od[i*16+j], wd[j]); } }
  }
  CHECK(hipFree(ga)); CHECK(hipFree(gb)); CHECK(hipFree(go)); CHECK(hipFree(gda)); CHECK(hipFree(gdb)); CHECK(hipFree(god));
  return finish("rounding", bad);
}
