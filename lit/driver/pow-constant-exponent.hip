// pow with an exponent the optimiser knows to be 2 (or 1, 0, -1) is a multiplication (the
// argument, 1, a division): no logarithm and exponential in the loop, as with nvcc and
// libm's pow under an optimising compiler. A run-time exponent keeps the full function (its
// float-float logarithm, whose reciprocal is rcp.approx.ftz.f32 on NVIDIA).
//
// RUN: %oxhip --cuda-device-only -S -O2 --offload-arch=sm_90 %s -o - | FileCheck %s
// CHECK-LABEL: .entry _Z7squaresPdPfi(
// CHECK-NOT: rcp.approx
// CHECK: {{mul|fma}}.rn.f64
// CHECK-NOT: rcp.approx
// CHECK: ret;
// CHECK-LABEL: .entry _Z7generalPdPfi(
// CHECK: rcp.approx.ftz.f32
// CHECK: ret;
#include <hip/hip_runtime.h>

__global__ void squares(double* d, float* f, int n) {
  for (int i = 0; i < n; ++i) {
    d[i] = pow(d[i], 2.0) + pow(d[i], 2) + pow(d[i], 1.0) + pow(d[i], 0.0) + pow(d[i], -1.0);
    f[i] = powf(f[i], 2.0f) + pow(f[i], 2) + pow(f[i], 2.0f);
  }
}

__global__ void general(double* d, float* f, int n) {
  for (int i = 0; i < n; ++i) f[i] = powf(f[i], (float)n);
}
