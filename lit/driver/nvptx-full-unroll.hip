// NVPTX code at -O2/-O3 is generated with LLVM's full-unroll threshold at 1000
// (codegen::NVPTX_FULL_UNROLL_THRESHOLD; LLVM's own is 300): loops over a thread's small
// arrays unroll whole, as nvcc's do (HeCBench `kalman`: 3,294 ms against nvcc's 2,045 on an
// H200, 2,416 ms with it). The loop below, 48 iterations of two loads, has no back edge left
// on NVPTX; gfx942, in the same compile, keeps LLVM's own unrolling (a loop of 24 loads).
// See: issue 26, item 5 (docs/compat.md, "Time against nvcc").
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %oxhip -O3 --offload-arch=sm_90,gfx942 --cuda-device-only -S %s
// RUN: FileCheck %s --check-prefix=PTX < nvptx-full-unroll-hip-nvptx64-nvidia-cuda-sm_90.s
// RUN: FileCheck %s --check-prefix=AMD < nvptx-full-unroll-hip-amdgcn-amd-amdhsa-gfx942.s
//
// PTX-LABEL: .entry _Z4tapsPKfPfi(
// PTX-COUNT-95: ld.global.nc.b32
// PTX-NOT: bra
// PTX: ret;
//
// AMD-LABEL: _Z4tapsPKfPfi:
// AMD: s_cbranch
// AMD: .amdhsa_kernel _Z4tapsPKfPfi
//
// A user's -mllvm -unroll-threshold wins over oxhip's (a loop again at 300).
// RUN: %oxhip -O3 --offload-arch=sm_90 --cuda-device-only -S %s -o low.s -mllvm -unroll-threshold=300
// RUN: FileCheck %s --check-prefix=LOW < low.s
// LOW-LABEL: .entry _Z4tapsPKfPfi(
// LOW: bra
#include <hip/hip_runtime.h>

__global__ void taps(const float* __restrict__ in, float* __restrict__ out, int stride) {
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.f;
  for (int i = 0; i < 48; i++) sum += in[i * stride + gid] * in[gid + i];
  out[gid] = sum;
}
