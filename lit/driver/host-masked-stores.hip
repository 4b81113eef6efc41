// On the CPU device, a vectorised loop of work-items stores through a mask where the kernel
// branches (`if (i < n)`). AVX2's masked store is microcoded on AMD's processors (about 8
// times a plain store's cost on Zen 4, whatever the mask), so after optimisation oxhip
// tests the mask: all lanes on take a plain store, none skip it, and only a mixed mask
// takes `vmaskmovps` (codegen/src/cpu_masked_stores.rs). On Intel's processors the masked
// store is cheap and the tests' branches cost more, so the tests sit behind the image's flag
// `__oxhip_cpu_test_masks`, which the runtime sets on AMD's: the loop is unswitched on it,
// one copy testing the masks and one storing through them as before. The image's x86-64-v3
// copy shows both; without the rewrite the loop's only store is the masked one.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %oxhip -O2 --offload-arch=host -c %s -save-temps -o guarded.o
// RUN: %llvm-objdump -d --no-show-raw-insn host-masked-stores-hip-x86_64-unknown-linux-gnu-host.out > image.s
// RUN: FileCheck %s < image.s
//
// The flag's test before the loops, then the tested loop: a plain store, the mask's bits,
// the masked load and store for a mixed mask; then the loop as it was.
// CHECK-LABEL: <__oxhip_cpu_row._Z7guardedPfPKffi.x86-64-v3>:
// CHECK: cmpb $0x0, (%r{{[0-9a-z]+}})
// CHECK: vmovups %ymm{{[0-9]+}}, (
// CHECK: vmovmskps %ymm{{[0-9]+}}
// CHECK: vmaskmovps (
// CHECK: vmaskmovps %ymm{{[0-9]+}}, %ymm{{[0-9]+}}, (
// CHECK: vmaskmovps (
// CHECK-NOT: vmovmskps
// CHECK: vmaskmovps %ymm{{[0-9]+}}, %ymm{{[0-9]+}}, (
// CHECK: <.plt>:
#include <hip/hip_runtime.h>

__global__ void guarded(float* out, const float* in, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * in[i];
}
