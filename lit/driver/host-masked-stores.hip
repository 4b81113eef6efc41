// On the CPU device, a vectorised loop of work-items stores through a mask where the kernel
// branches (`if (i < n)`). AVX2's masked store is microcoded on AMD's processors (about 8
// times a plain store's cost on Zen 4, whatever the mask), so oxhip tests the mask there:
// all lanes on take a plain store, none skip it, and only a mixed mask takes `vmaskmovps`
// (codegen/src/cpu_masked_stores.rs). On Intel's processors the masked store is cheap and
// the tests' branches cost more, so the tests are in a copy of the entry point made from
// the optimised x86-64-v3 code, `<name>.x86-64-v3.tested`, which the runtime chooses on AMD's
// processors; the x86-64-v3 entry point itself stores through the mask as before.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %oxhip -O2 --offload-arch=host -c %s -save-temps -o guarded.o
// RUN: %llvm-objdump -d --no-show-raw-insn host-masked-stores-hip-x86_64-unknown-linux-gnu-host.out > image.s
// RUN: FileCheck %s < image.s
//
// The x86-64-v3 entry point: the masked load and store, no test of the mask.
// CHECK-LABEL: <__oxhip_cpu_row._Z7guardedPfPKffi.x86-64-v3>:
// CHECK-NOT: vmovmskps
// CHECK: vmaskmovps (
// CHECK-NOT: vmovmskps
// CHECK: vmaskmovps %ymm{{[0-9]+}}, %ymm{{[0-9]+}}, (
// CHECK-NOT: vmovmskps
// The tested copy: a plain store (all lanes on), the masked load, the mask's bits, the masked
// store for a mixed mask. It is the image's last function (the kernel has no other entry
// point), so nothing after its label belongs to another one.
// CHECK-LABEL: <__oxhip_cpu_row._Z7guardedPfPKffi.x86-64-v3.tested>:
// CHECK-NOT: >:
// CHECK: vmovups %ymm{{[0-9]+}}, (
// CHECK: vmaskmovps (
// CHECK: vmovmskps %ymm{{[0-9]+}}
// CHECK: vmaskmovps %ymm{{[0-9]+}}, %ymm{{[0-9]+}}, (
// CHECK-NOT: >:
#include <hip/hip_runtime.h>

__global__ void guarded(float* out, const float* in, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * in[i];
}
