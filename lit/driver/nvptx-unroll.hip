// NVPTX code at -O2/-O3 is generated in a process of its own with LLVM's partial-unroll
// threshold at 300 (codegen::NVPTX_PARTIAL_UNROLL_THRESHOLD; NVPTX's own is 75), as nvcc
// unrolls: the loop below, 4096 loads a thread with a stride of a row (HeCBench `layout`'s
// SoA kernel, 245 µs against nvcc's 137 on an H200 with 75), takes 32 loads an iteration.
// LLVM reads the threshold only as a process-wide option, so the AMD and CPU targets of the
// same compile must keep their own unrolling.
// See: issue 26, item 5 (docs/compat.md, "Time against nvcc").
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %oxhip -O3 --offload-arch=sm_90,gfx942 --cuda-device-only -S %s
// RUN: FileCheck %s --check-prefix=PTX < nvptx-unroll-hip-nvptx64-nvidia-cuda-sm_90.s
// RUN: FileCheck %s --check-prefix=AMD < nvptx-unroll-hip-amdgcn-amd-amdhsa-gfx942.s
//
// The kernel's loop body: 32 loads, then the back edge.
// PTX-LABEL: .entry _Z4rowsPKiPi(
// PTX-COUNT-32: ld.global.nc.b32
// PTX-NOT: ld.global
// PTX: bra.uni
//
// gfx942 keeps LLVM's own unrolling for it (32 loads an iteration: 64 if the threshold
// leaked into this process).
// AMD-LABEL: _Z4rowsPKiPi:
// AMD-COUNT-32: global_load_dword
// AMD-NOT: global_load
// AMD: .amdhsa_kernel _Z4rowsPKiPi
//
// -O1 keeps NVPTX's own threshold (no process of its own): fewer loads an iteration.
// RUN: %oxhip -O1 --offload-arch=sm_90 --cuda-device-only -S %s -o o1.s
// RUN: FileCheck %s --check-prefix=O1 < o1.s
// O1-LABEL: .entry _Z4rowsPKiPi(
// O1-COUNT-1: ld.global.nc.b32
// O1-NOT: ld.global.nc.b32 {{.*}}+16384]
#include <hip/hip_runtime.h>

__global__ void rows(const int* __restrict__ in, int* __restrict__ out) {
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned sum = 0;
  for (int i = 0; i < 4096; i++) sum += in[i * 4096 + gid];
  out[gid] = sum;
}
