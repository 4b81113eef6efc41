// The math functions whose results are exact (or correctly rounded) by definition, on the
// device against the host's C library, over operands of every magnitude: fmod and
// remainder with quotients up to 2^2000, rounding to integers, scaling, splitting, sqrt and
// division. NVPTX once lowered fmod as x - trunc(x / y) * y, wrong for a quarter of these.
#include "check.h"
#include <cmath>
#include <cstring>
#include <vector>

enum { F_OPS = 12, D_OPS = 12 };

__global__ void float_ops(const float* a, const float* b, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i], y = b[i];
  float* r = out + i * F_OPS;
  int q = 0, e = 0;
  float whole = 0;
  r[0] = fmodf(x, y);
  r[1] = remainderf(x, y);
  r[2] = remquof(x, y, &q);
  r[3] = (float)(q < 0 ? -(-q & 7) : (q & 7));
  r[4] = roundf(x / 65536.0f);
  r[5] = rintf(y * 0.75f);
  r[6] = nearbyintf(x * 0.5f) + truncf(y * 3.0f);
  r[7] = frexpf(x, &e) + (float)e;
  r[8] = modff(y * 1.5f, &whole) + whole * 0.0f;
  r[9] = ldexpf(y, (int)(i % 64) - 32);
  r[10] = sqrtf(fabsf(x));
  r[11] = x / y;
}

__global__ void double_ops(const double* a, const double* b, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = a[i], y = b[i];
  double* r = out + i * D_OPS;
  int q = 0, e = 0;
  double whole = 0;
  r[0] = fmod(x, y);
  r[1] = remainder(x, y);
  r[2] = remquo(x, y, &q);
  r[3] = (double)(q < 0 ? -(-q & 7) : (q & 7));
  r[4] = round(x / 65536.0);
  r[5] = rint(y * 0.75);
  r[6] = nearbyint(x * 0.5) + trunc(y * 3.0);
  r[7] = frexp(x, &e) + (double)e;
  r[8] = modf(y * 1.5, &whole) + whole * 0.0;
  r[9] = ldexp(y, (int)(i % 64) - 32);
  r[10] = sqrt(fabs(x));
  r[11] = x / y;
}

// C gives a zero remainder the sign of x; glibc 2.36's remainder and remquo give some
// with a subnormal y the sign of y instead.
template <class T>
static void zero_sign_of(T& value, T x) {
  if (value == 0) value = std::copysign(T(0), x);
}

static void float_host(float x, float y, int i, float* r) {
  int q = 0, e = 0;
  float whole = 0;
  r[0] = std::fmod(x, y);
  r[1] = std::remainder(x, y);
  r[2] = std::remquo(x, y, &q);
  zero_sign_of(r[1], x);
  zero_sign_of(r[2], x);
  r[3] = (float)(q < 0 ? -(-q & 7) : (q & 7));
  r[4] = std::round(x / 65536.0f);
  r[5] = std::rint(y * 0.75f);
  r[6] = std::nearbyint(x * 0.5f) + std::trunc(y * 3.0f);
  r[7] = std::frexp(x, &e) + (float)e;
  r[8] = std::modf(y * 1.5f, &whole) + whole * 0.0f;
  r[9] = std::ldexp(y, (int)(i % 64) - 32);
  r[10] = std::sqrt(std::fabs(x));
  r[11] = x / y;
}

static void double_host(double x, double y, int i, double* r) {
  int q = 0, e = 0;
  double whole = 0;
  r[0] = std::fmod(x, y);
  r[1] = std::remainder(x, y);
  r[2] = std::remquo(x, y, &q);
  zero_sign_of(r[1], x);
  zero_sign_of(r[2], x);
  r[3] = (double)(q < 0 ? -(-q & 7) : (q & 7));
  r[4] = std::round(x / 65536.0);
  r[5] = std::rint(y * 0.75);
  r[6] = std::nearbyint(x * 0.5) + std::trunc(y * 3.0);
  r[7] = std::frexp(x, &e) + (double)e;
  r[8] = std::modf(y * 1.5, &whole) + whole * 0.0;
  r[9] = std::ldexp(y, (int)(i % 64) - 32);
  r[10] = std::sqrt(std::fabs(x));
  r[11] = x / y;
}

// Equal bit for bit, or both NaN.
template <class T>
static bool same(T a, T b) {
  if (a != a && b != b) return true;
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

static const char* const NAMES[] = {"fmod",  "remainder", "remquo", "remquo quotient",
                                    "round", "rint",      "nearbyint+trunc", "frexp",
                                    "modf",  "ldexp",     "sqrt",   "division"};

int main() {
  print_device("exact_ops");
  // Operands m * 2^e: every 7th float exponent and every 37th double exponent (subnormals
  // to the largest), against each other, with three significands each, and signs mixed.
  const float float_mantissas[] = {1.0f, 1.6180339f, 1.9999999f};
  const double double_mantissas[] = {1.0, 1.6180339887498949, 1.9999999999999998};
  std::vector<float> fa, fb;
  std::vector<double> da, db;
  for (int ex = -149; ex <= 127; ex += 7)
    for (int ey = -149; ey <= 127; ey += 7)
      for (int m = 0; m < 3; ++m) {
        float x = std::ldexp(float_mantissas[m], ex), y = std::ldexp(float_mantissas[2 - m], ey);
        if (ex < -126) x = std::ldexp(1.0f + 0.25f * m, ex);
        if (ey < -126) y = std::ldexp(1.0f + 0.5f * m, ey);
        fa.push_back(m == 1 ? -x : x);
        fb.push_back(m == 2 ? -y : y);
      }
  for (int ex = -1074; ex <= 1023; ex += 37)
    for (int ey = -1074; ey <= 1023; ey += 37)
      for (int m = 0; m < 3; ++m) {
        double x = std::ldexp(double_mantissas[m], ex), y = std::ldexp(double_mantissas[2 - m], ey);
        if (ex < -1022) x = std::ldexp(1.0 + 0.25 * m, ex);
        if (ey < -1022) y = std::ldexp(1.0 + 0.5 * m, ey);
        da.push_back(m == 1 ? -x : x);
        db.push_back(m == 2 ? -y : y);
      }
  // The special operands: zeros, infinities and NaN on either side.
  const double specials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 3.0, -2.5};
  for (double x : specials)
    for (double y : specials) {
      fa.push_back((float)x);
      fb.push_back((float)y);
      da.push_back(x);
      db.push_back(y);
    }
  const int fn = (int)fa.size(), dn = (int)da.size();

  float *gfa, *gfb, *gfo;
  double *gda, *gdb, *gdo;
  CHECK(hipMalloc(&gfa, fn * sizeof(float)));
  CHECK(hipMalloc(&gfb, fn * sizeof(float)));
  CHECK(hipMalloc(&gfo, fn * F_OPS * sizeof(float)));
  CHECK(hipMalloc(&gda, dn * sizeof(double)));
  CHECK(hipMalloc(&gdb, dn * sizeof(double)));
  CHECK(hipMalloc(&gdo, dn * D_OPS * sizeof(double)));
  CHECK(hipMemcpy(gfa, fa.data(), fn * sizeof(float), hipMemcpyHostToDevice));
  CHECK(hipMemcpy(gfb, fb.data(), fn * sizeof(float), hipMemcpyHostToDevice));
  CHECK(hipMemcpy(gda, da.data(), dn * sizeof(double), hipMemcpyHostToDevice));
  CHECK(hipMemcpy(gdb, db.data(), dn * sizeof(double), hipMemcpyHostToDevice));
  float_ops<<<(fn + 127) / 128, 128>>>(gfa, gfb, gfo, fn);
  CHECK_LAUNCH();
  double_ops<<<(dn + 127) / 128, 128>>>(gda, gdb, gdo, dn);
  CHECK_LAUNCH();
  std::vector<float> fo(fn * F_OPS);
  std::vector<double> dout(dn * D_OPS);
  CHECK(hipMemcpy(fo.data(), gfo, fo.size() * sizeof(float), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(dout.data(), gdo, dout.size() * sizeof(double), hipMemcpyDeviceToHost));

  long long errors = 0;
  long long float_wrong[F_OPS] = {}, double_wrong[D_OPS] = {};
  for (int i = 0; i < fn; ++i) {
    float want[F_OPS];
    float_host(fa[i], fb[i], i, want);
    for (int k = 0; k < F_OPS; ++k)
      if (!same(fo[i * F_OPS + k], want[k])) {
        if (float_wrong[k]++ < 3)
          std::printf("  %sf(%a, %a) = %a, want %a\n", NAMES[k], fa[i], fb[i], fo[i * F_OPS + k],
                      want[k]);
      }
  }
  for (int i = 0; i < dn; ++i) {
    double want[D_OPS];
    double_host(da[i], db[i], i, want);
    for (int k = 0; k < D_OPS; ++k)
      if (!same(dout[i * D_OPS + k], want[k])) {
        if (double_wrong[k]++ < 3)
          std::printf("  %s(%a, %a) = %a, want %a\n", NAMES[k], da[i], db[i],
                      dout[i * D_OPS + k], want[k]);
      }
  }
  for (int k = 0; k < F_OPS; ++k) {
    if (float_wrong[k] || double_wrong[k])
      std::printf("exact_ops: %s: %lld of %d float and %lld of %d double results wrong\n",
                  NAMES[k], float_wrong[k], fn, double_wrong[k], dn);
    errors += float_wrong[k] + double_wrong[k];
  }
  std::printf("exact_ops: %d float and %d double operand pairs\n", fn, dn);
  CHECK(hipFree(gfa));
  CHECK(hipFree(gfb));
  CHECK(hipFree(gfo));
  CHECK(hipFree(gda));
  CHECK(hipFree(gdb));
  CHECK(hipFree(gdo));
  return finish("exact_ops", errors);
}
