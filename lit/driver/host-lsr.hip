// CPU code above -O0 is generated with LLVM's loop strength reduction off (`-disable-lsr`,
// codegen::HOST_NO_LSR): in split kernels' group entry points it took 30% of the back end's
// time and made the code larger, not faster (docs/cpu-target.md, "Compile time"). The host
// target's code generation therefore runs in a process of its own, as NVPTX's does, with the
// option set there; a user's -mllvm -disable-lsr=false wins and brings LSR back.
//
// The default is the code that an explicit -mllvm -disable-lsr gives, and not the code that
// LSR gives (the kernel's loop walks `b` by a stride of `n`, which LSR rewrites). The CUID
// symbol depends on the command line and is left out of the comparison.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %oxhip -O2 --offload-arch=host --cuda-device-only -S %s -o default.s
// RUN: %oxhip -O2 --offload-arch=host --cuda-device-only -S %s -o off.s -mllvm -disable-lsr
// RUN: %oxhip -O2 --offload-arch=host --cuda-device-only -S %s -o on.s -mllvm -disable-lsr=false
// RUN: grep -v __hip_cuid default.s > default.txt
// RUN: grep -v __hip_cuid off.s > off.txt
// RUN: grep -v __hip_cuid on.s > on.txt
// RUN: diff default.txt off.txt
// RUN: not diff default.txt on.txt
// RUN: FileCheck %s < default.s
// CHECK-LABEL: __oxhip_cpu_row._Z6matmulPKfS0_Pfi:
#include <hip/hip_runtime.h>

__global__ void matmul(const float* a, const float* b, float* c, int n) {
  int row = blockIdx.y, col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < n; ++k) sum += a[row * n + k] * b[k * n + col];
  c[row * n + col] = sum;
}
