// `oxhip -cc1codegen --emit=llvm` (and `--emit=bc`) writes the optimised module instead of
// an object, to read what codegen made of a kernel: here the CPU target's split form of a
// vote loop, which runs for the whole warp as one warp run (docs/cpu-target.md, "Warp
// loops"): its frame keeps only the run's word and the state (16 bytes a work-item), and its
// group entry point votes over the warp's 32 lanes at once, with no ballot pass. An unknown
// kind is refused.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %oxhip -O2 --offload-arch=host --cuda-device-only -c %s -save-temps -o device.o
// RUN: %oxhip -cc1codegen --target=x86_64-unknown-linux-gnu --cpu=host -O2 --emit=llvm -o - cc1codegen-emit-llvm-hip-x86_64-unknown-linux-gnu-host.bc | FileCheck %s
// CHECK: @__oxhip_cpu_frame._Z9vote_loopPKiPi = {{.*}}constant i64 16
// CHECK: define {{.*}}@__oxhip_cpu_group._Z9vote_loopPKiPi(
// CHECK-NOT: ballot.gather
// CHECK: bitcast <32 x i1> {{.*}} to i32
// CHECK-NOT: ballot.gather
// CHECK: {{^}}}
//
// RUN: %oxhip -cc1codegen --target=x86_64-unknown-linux-gnu --cpu=host -O2 --emit=bc -o opt.bc cc1codegen-emit-llvm-hip-x86_64-unknown-linux-gnu-host.bc
// RUN: llvm-dis opt.bc -o - | FileCheck %s
//
// RUN: not %oxhip -cc1codegen --target=x86_64-unknown-linux-gnu --cpu=host -O2 --emit=ir -o - cc1codegen-emit-llvm-hip-x86_64-unknown-linux-gnu-host.bc 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: unknown argument '--emit=ir'
#include <hip/hip_runtime.h>

__global__ void vote_loop(const int* in, int* steps) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int x = in[i];
  int count = 0;
  while (__any(x > 0)) {
    x -= 1;
    ++count;
  }
  steps[i] = count;
}
