// Device-only assembly for an NVIDIA target is PTX with the kernel as a
// visible entry, at the PTX ISA the SM needs (never above 9.0).
//
// RUN: %oxhip --cuda-device-only -S -O3 --offload-arch=sm_90 %s -o - | FileCheck %s --check-prefix=PTX
// RUN: %oxhip --cuda-device-only -S -O3 --offload-arch=gfx942 %s -o - | FileCheck %s --check-prefix=GCN

// PTX: .version 7.8
// PTX: .target sm_90
// PTX: .visible .entry _Z5saxpyifPKfPf(
// GCN-LABEL: _Z5saxpyifPKfPf:
// GCN:       s_endpgm
#include <hip/hip_runtime.h>

__global__ void saxpy(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
