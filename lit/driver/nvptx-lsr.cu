// NVPTX code at -O2/-O3 keeps loop strength reduction's rewrite only where LLVM's cost model
// rates it cheaper (`-lsr-drop-solution`, codegen::NVPTX_LSR_DROP_SOLUTION): otherwise LSR
// folds the 32-bit counter below into the loop's 64-bit one, and `i % 3` becomes a 64-bit
// multiply-high, which NVIDIA GPUs emulate (HeCBench `concurrentKernels`: 1,087 ms against
// nvcc's 768 on an H200, 615 ms with it). A user's -mllvm -lsr-drop-solution=false wins.
// See: issue 26, item 5 (docs/compat.md, "Time against nvcc").
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %oxhip -O3 --offload-arch=sm_90 --cuda-device-only -S %s -o lsr.s
// RUN: FileCheck %s --check-prefix=PTX < lsr.s
// PTX-LABEL: .entry _Z11clock_blockPll(
// PTX: mul.hi.u32
// PTX-NOT: mul.hi.u64
// PTX: ret;
//
// RUN: %oxhip -O3 --offload-arch=sm_90 --cuda-device-only -S %s -o wide.s -mllvm -lsr-drop-solution=false
// RUN: FileCheck %s --check-prefix=WIDE < wide.s
// WIDE-LABEL: .entry _Z11clock_blockPll(
// WIDE: mul.hi.u64

__global__ void clock_block(long *d_o, long clock_count) {
  long clock_offset = 0;
  for (int i = 0; i < clock_count; i++)
    clock_offset += i % 3;
  d_o[0] = clock_offset;
}
