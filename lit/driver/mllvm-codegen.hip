// -mllvm options reach oxhip's own code generation (the optimisation pipeline and the
// backends run in oxhip, not in clang's -cc1), for every target, as they reach clang's: each
// codegen job of such a compile is a child `oxhip -cc1codegen --llvm-option=…`, which sets
// oxhip's options first and the user's after, so the user's value wins.
// The kernel is nvptx-unroll.hip's: the partial-unroll threshold sets the loads an iteration.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %oxhip -O3 --offload-arch=sm_90,gfx942,host --cuda-device-only -S %s -### -mllvm -unroll-partial-threshold=300 2>&1 | FileCheck %s --check-prefix=JOBS
// JOBS-COUNT-3: "-cc1codegen" {{.*}}"--llvm-option=-unroll-partial-threshold=300"
//
// 300 reaches the AMD image too (64 loads an iteration; LLVM's own unrolling gives 32).
// RUN: %oxhip -O3 --offload-arch=sm_90,gfx942 --cuda-device-only -S %s -mllvm -unroll-partial-threshold=300
// RUN: FileCheck %s --check-prefix=AMD300 < mllvm-codegen-hip-amdgcn-amd-amdhsa-gfx942.s
// AMD300-LABEL: _Z4rowsPKiPi:
// AMD300-COUNT-64: global_load_dword
// AMD300-NOT: global_load
// AMD300: .amdhsa_kernel _Z4rowsPKiPi
//
// 75 overrides oxhip's 300 for NVPTX (8 loads an iteration instead of 32).
// RUN: %oxhip -O3 --offload-arch=sm_90 --cuda-device-only -S %s -o ptx75.s -mllvm -unroll-partial-threshold=75
// RUN: FileCheck %s --check-prefix=PTX75 < ptx75.s
// PTX75-LABEL: .entry _Z4rowsPKiPi(
// PTX75-COUNT-8: ld.global.nc.b32
// PTX75-NOT: ld.global
// PTX75: bra.uni
//
// An option LLVM does not know is refused (by clang's -cc1, which sees it first).
// RUN: not %oxhip -O3 --offload-arch=sm_90 -c %s -o bad.o -mllvm -no-such-llvm-option 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: Unknown command line argument '-no-such-llvm-option'
#include <hip/hip_runtime.h>

__global__ void rows(const int* __restrict__ in, int* __restrict__ out) {
  unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned sum = 0;
  for (int i = 0; i < 4096; i++) sum += in[i * 4096 + gid];
  out[gid] = sum;
}
