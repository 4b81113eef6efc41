// CUDA's <math_constants.h> in a HIP source (HeCBench's ssim-hip includes it for its NVIDIA
// device compile): the CUDART_ names, in device and host code, against the values they
// must hold and against HIP's own names for them.
#include "check.h"
#include <math_constants.h>
#include <cmath>

enum { FLOATS = 6, DOUBLES = 6 };

__global__ void constants(float* f, double* d) {
  f[0] = CUDART_PI_F;
  f[1] = CUDART_INF_F;
  f[2] = CUDART_NAN_F;
  f[3] = CUDART_SQRT_TWO_F;
  f[4] = CUDART_L2E_F;
  f[5] = CUDART_MAX_NORMAL_F;
  d[0] = CUDART_PI;
  d[1] = -CUDART_INF;
  d[2] = CUDART_NAN;
  d[3] = CUDART_SQRT_TWO;
  d[4] = CUDART_LN2;
  d[5] = CUDART_PI_HI + CUDART_PI_LO;
}

int main() {
  print_device("math_constants");
  float* f;
  double* d;
  CHECK(hipMalloc(&f, FLOATS * sizeof(float)));
  CHECK(hipMalloc(&d, DOUBLES * sizeof(double)));
  constants<<<1, 1>>>(f, d);
  CHECK_LAUNCH();
  float hf[FLOATS];
  double hd[DOUBLES];
  CHECK(hipMemcpy(hf, f, sizeof hf, hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(hd, d, sizeof hd, hipMemcpyDeviceToHost));
  long long errors = 0;
  float want_f[FLOATS] = {3.14159265358979f, INFINITY, 0.0f, 1.41421356237310f,
                          1.44269504088896f, 3.40282347e+38f};
  double want_d[DOUBLES] = {3.141592653589793, -INFINITY, 0.0, 1.4142135623730951,
                            0.6931471805599453, 3.141592653589793};
  for (int i = 0; i < FLOATS; ++i) {
    bool ok = i == 2 ? std::isnan(hf[i]) : hf[i] == want_f[i];
    if (!ok && errors++ < 8) std::printf("float %d is %.9g, want %.9g\n", i, hf[i], want_f[i]);
  }
  for (int i = 0; i < DOUBLES; ++i) {
    bool ok = i == 2 ? std::isnan(hd[i]) : hd[i] == want_d[i];
    if (!ok && errors++ < 8) std::printf("double %d is %.17g, want %.17g\n", i, hd[i], want_d[i]);
  }
  // The host side sees the same names, equal to HIP's.
  if (CUDART_PI_F != HIP_PI_F || CUDART_TWO_TO_126_F != HIP_TWO_TO_126_F ||
      CUDART_PI != HIP_PI || CUDART_SQRT_PIO2 != HIP_SQRT_PIO2) {
    std::printf("host constants differ from HIP's\n");
    ++errors;
  }
  CHECK(hipFree(f));
  CHECK(hipFree(d));
  return finish("math_constants", errors);
}
