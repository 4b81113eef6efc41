// Fast device math (issue 10): nvcc's --use_fast_math and its parts, clang's -ffast-math and
// -fgpu-flush-denormals-to-zero, on NVPTX and AMDGPU.
// See: https://github.com/oxhip/oxhip/issues/10
//
// Default: accurate library functions, IEEE division and square root, no flushing.
// RUN: %oxhip --cuda-device-only -S -O3 --offload-arch=sm_90 %s -o - | FileCheck %s --check-prefix=DEFAULT
// DEFAULT-LABEL: .entry _Z4mathPfPKfS1_(
// DEFAULT-NOT: {{(add|fma|mul|div|sqrt)(\.rn)?\.ftz}}
// DEFAULT-NOT: sin.approx
// DEFAULT-NOT: lg2.approx
// DEFAULT:     div.rn.f32
// DEFAULT-NOT: {{(add|fma|mul|div|sqrt)(\.rn)?\.ftz}}
// DEFAULT-NOT: sin.approx
// DEFAULT-NOT: lg2.approx
// DEFAULT:     sqrt.rn.f32
// DEFAULT-NOT: {{(add|fma|mul|div|sqrt)(\.rn)?\.ftz}}
// DEFAULT-NOT: sin.approx
// DEFAULT-NOT: lg2.approx
// DEFAULT:     ret;
//
// --use_fast_math: sinf is sin.approx, expf ex2.approx, logf lg2.approx, / is __fdividef's
// div.approx, sqrtf sqrt.approx, and f32 arithmetic flushes (.ftz).
// RUN: %oxhip --cuda-device-only -S -O3 --offload-arch=sm_90 --use_fast_math %s -o - | FileCheck %s --check-prefix=NVFAST
// RUN: %oxhip --cuda-device-only -S -O3 --offload-arch=sm_90 -use_fast_math %s -o - | FileCheck %s --check-prefix=NVFAST
// NVFAST-LABEL: .entry _Z4mathPfPKfS1_(
// NVFAST-NOT:   fma.rn
// NVFAST-DAG:   sin.approx.ftz.f32
// NVFAST-DAG:   cos.approx.ftz.f32
// NVFAST-DAG:   ex2.approx.ftz.f32
// NVFAST-DAG:   lg2.approx.ftz.f32
// NVFAST-DAG:   div.approx.ftz.f32
// NVFAST-DAG:   sqrt.approx.ftz.f32
// NVFAST-DAG:   add.ftz.f32
// NVFAST-NOT:   div.rn
// NVFAST:       ret;
// __fdiv_rn and __fsqrt_rn stay correctly rounded (flushing, as nvcc's under -ftz=true).
// NVFAST-LABEL: .entry _Z7roundedPfPKfS1_(
// NVFAST-DAG:   div.rn.ftz.f32
// NVFAST-DAG:   sqrt.rn.ftz.f32
// NVFAST:       ret;
//
// clang's -ffast-math: the same intrinsics (it implies -fgpu-approx-transcendentals), no flushing.
// RUN: %oxhip --cuda-device-only -S -O3 --offload-arch=sm_90 -ffast-math %s -o - | FileCheck %s --check-prefix=CLANGFAST
// CLANGFAST-LABEL: .entry _Z4mathPfPKfS1_(
// CLANGFAST-NOT: {{(add|fma|mul|div|sqrt)(\.rn)?\.ftz}}
// CLANGFAST-DAG: sin.approx.f32
// CLANGFAST-DAG: ex2.approx.f32
// CLANGFAST-DAG: lg2.approx.f32
// CLANGFAST-DAG: div.approx.f32
// CLANGFAST-DAG: sqrt.approx.f32
// CLANGFAST-NOT: {{(add|fma|mul|div|sqrt)(\.rn)?\.ftz}}
// CLANGFAST:     ret;
// CLANGFAST-LABEL: .entry _Z7roundedPfPKfS1_(
// CLANGFAST-DAG: div.rn.f32
// CLANGFAST-DAG: sqrt.rn.f32
//
// The parts one by one.
// RUN: %oxhip --cuda-device-only -S -O3 --offload-arch=sm_90 -fgpu-flush-denormals-to-zero %s -o - | FileCheck %s --check-prefix=FTZ
// RUN: %oxhip --cuda-device-only -S -O3 --offload-arch=sm_90 -ftz=true %s -o - | FileCheck %s --check-prefix=FTZ
// FTZ-LABEL: .entry _Z4mathPfPKfS1_(
// FTZ-NOT:   sin.approx
// FTZ-DAG:   add.rn.ftz.f32
// FTZ-DAG:   fma.rn.ftz.f32
// FTZ-DAG:   div.rn.ftz.f32
// FTZ-DAG:   sqrt.rn.ftz.f32
// FTZ-NOT:   sin.approx
// FTZ:       ret;
// RUN: %oxhip --cuda-device-only -S -O3 --offload-arch=sm_90 -prec-div=false %s -o - | FileCheck %s --check-prefix=PRECDIV
// PRECDIV-LABEL: .entry _Z4mathPfPKfS1_(
// PRECDIV:       div.full.f32
// PRECDIV:       sqrt.rn.f32
// PRECDIV-LABEL: .entry _Z7roundedPfPKfS1_(
// PRECDIV:       div.rn.f32
// RUN: %oxhip --cuda-device-only -S -O3 --offload-arch=sm_90 -prec-div=false -ftz=true %s -o - | FileCheck %s --check-prefix=PRECDIVFTZ
// PRECDIVFTZ: div.full.ftz.f32
// RUN: %oxhip --cuda-device-only -S -O3 --offload-arch=sm_90 --prec-sqrt=false %s -o - | FileCheck %s --check-prefix=PRECSQRT
// PRECSQRT-LABEL: .entry _Z4mathPfPKfS1_(
// PRECSQRT-DAG:   div.rn.f32
// PRECSQRT-DAG:   sqrt.approx.f32
// PRECSQRT-LABEL: .entry _Z7roundedPfPKfS1_(
// PRECSQRT:       sqrt.rn.f32
// -fmad=false: the product a*b stays a multiplication before its addition.
// RUN: %oxhip --cuda-device-only -S -O3 --offload-arch=sm_90 -fmad=false %s -o - | FileCheck %s --check-prefix=NOFMAD
// RUN: %oxhip --cuda-device-only -S -O3 --offload-arch=sm_90 %s -o - | FileCheck %s --check-prefix=FMAD
// NOFMAD-LABEL: .entry _Z3madPfPKfS1_(
// NOFMAD-NOT:   fma.rn.f32
// NOFMAD:       mul.rn.f32
// NOFMAD:       add.rn.f32
// FMAD-LABEL:   .entry _Z3madPfPKfS1_(
// FMAD:         fma.rn.f32
//
// AMDGPU: the function attribute that makes the backend flush, and the fast instructions.
// RUN: %oxhip --cuda-device-only -S -O3 --offload-arch=gfx942 -fgpu-flush-denormals-to-zero %s -o - | FileCheck %s --check-prefix=GCNFTZ
// GCNFTZ-LABEL: _Z4mathPfPKfS1_:
// GCNFTZ: .amdhsa_float_denorm_mode_32 0
// RUN: %oxhip --cuda-device-only -S -O3 --offload-arch=gfx942 %s -o - | FileCheck %s --check-prefix=GCNDEFAULT
// GCNDEFAULT-NOT: v_sin_f32
// GCNDEFAULT: .amdhsa_float_denorm_mode_32 3
// RUN: %oxhip --cuda-device-only -S -O3 --offload-arch=gfx942 --use_fast_math %s -o - | FileCheck %s --check-prefix=GCNFAST
// GCNFAST-LABEL: _Z4mathPfPKfS1_:
// GCNFAST-NOT:   v_div_scale_f32
// GCNFAST-DAG:   v_sin_f32
// GCNFAST-DAG:   v_log_f32
// GCNFAST-DAG:   v_rcp_f32
// GCNFAST-NOT:   v_div_scale_f32
// GCNFAST:       s_endpgm
// GCNFAST: .amdhsa_float_denorm_mode_32 0
#include <hip/hip_runtime.h>

__global__ void math(float *out, const float *a, const float *b) {
  int i = threadIdx.x;
  float x = a[i], y = b[i];
  out[i] = sinf(x) + cosf(y) + expf(x) + logf(y) + x / y + sqrtf(x);
}

__global__ void rounded(float *out, const float *a, const float *b) {
  int i = threadIdx.x;
  out[i] = __fdiv_rn(a[i], b[i]) + __fsqrt_rn(b[i]);
}

__global__ void mad(float *out, const float *a, const float *b) {
  int i = threadIdx.x;
  out[i] = a[i] * b[i] + out[i];
}
