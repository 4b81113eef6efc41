// Every math function that hides its argument's bits from the optimiser (devicelibs'
// OPAQUE, an empty asm) compiles for every target with per-lane arguments: on AMD GPUs
// the asm operand must be a vector register (with "r", a scalar one, LLVM failed with
// "Unsupported instruction" on gfx942).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %oxhip -O3 --offload-arch=gfx942,gfx90a,sm_90,host -c %s -o %t/a.o
// RUN: %oxhip -O3 --cuda-device-only --offload-arch=gfx942 -S %s -o %t/gfx942.s
// RUN: FileCheck %s < %t/gfx942.s
// CHECK: v_
#include <hip/hip_runtime.h>
__global__ void k(const float *x, const double *y, float *o, double *p) {
  int i = threadIdx.x;
  o[i] = logf(x[i]) + log1pf(x[i]) + log2f(x[i]) + log10f(x[i]) + cbrtf(x[i]) + sinf(x[i]);
  p[i] = log(y[i]) + exp(y[i]) + erf(y[i]) + sin(y[i]);
}
