// `oxhip -cc1codegen --emit=llvm` (and `--emit=bc`) writes the optimised module instead of
// an object, to read what codegen made of a kernel: here the CPU target's split form of a
// vote loop, whose frame keeps only what crosses the vote (24 bytes a work-item: the
// exchange slot's 16, `x` and `count`; docs/cpu-target.md, "Votes in loops") and whose
// group entry point does the ballot in a pass of its own. An unknown kind is refused.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %oxhip -O2 --offload-arch=host --cuda-device-only -c %s -save-temps -o device.o
// RUN: %oxhip -cc1codegen --target=x86_64-unknown-linux-gnu --cpu=host -O2 --emit=llvm -o - cc1codegen-emit-llvm-hip-x86_64-unknown-linux-gnu-host.bc | FileCheck %s
// CHECK: @__oxhip_cpu_frame._Z9vote_loopPKiPi = {{.*}}constant i64 24
// CHECK: define {{.*}}@__oxhip_cpu_group._Z9vote_loopPKiPi(
// CHECK: ballot.gather
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
