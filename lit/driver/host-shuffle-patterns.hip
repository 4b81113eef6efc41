// The CPU target: a shuffle whose kind, distance and width are constants gets a pattern,
// which the group entry point of its split kernel keeps in a table by state and hands to the
// runtime's whole-group exchange (slot 56 of the runtime's operations) instead of going lane
// by lane; a shuffle with a distance known only at run time gets 0 (lane by lane). A pattern
// is bit 1, the kind (index 0, up 1, down 2, xor 3) in bits 2-3, log2 of the width in bits
// 4-6 and the distance from bit 8 (codegen's cpu_regions::shuffle_pattern, decoded by the
// runtime's split::exchange_patterned).
// The loops are unrolled before the split; two or more patterned shuffles with only
// arithmetic between them become one warp run (codegen's cpu_warp_runs), a single state
// whose exchange is the identity, up by 0 at width 32: 2 | 1 << 2 | 5 << 4 = 86.
// See: issue 26, item 6 (docs/cpu-target.md).
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %oxhip -O2 --offload-arch=host --cuda-device-only -S %s -o out.s
// RUN: FileCheck %s < out.s
//
// `reduce`: down by 16, 8, 4, 2, 1 at width 32, one run.
// CHECK-LABEL: __oxhip_cpu_patterns._Z6reducePi:
// CHECK-NEXT: .long 0
// CHECK-NEXT: .long 0
// CHECK-NEXT: .long 86
// CHECK-NEXT: .size
//
// `mixed`: xor 3 at width 8, index 5 at width 16 and up by 1 at width 4, one run; then down
// by a kernel argument: 0.
// CHECK-LABEL: __oxhip_cpu_patterns._Z5mixedPii:
// CHECK-NEXT: .long 0
// CHECK-NEXT: .long 0
// CHECK-NEXT: .long 86
// CHECK-NEXT: .long 0
// CHECK-NEXT: .size
//
// `separate`: each shuffle's result is stored before the next shuffle, so each is a state
// with its own pattern: down by 16 at width 32 (2 | 2 << 2 | 5 << 4 | 16 << 8 = 4186), xor 3
// at width 8 (2 | 3 << 2 | 3 << 4 | 3 << 8 = 830), index 5 at width 16 (2 | 0 | 4 << 4 |
// 5 << 8 = 1346), up by 1 at width 4 (2 | 1 << 2 | 2 << 4 | 1 << 8 = 294).
// CHECK-LABEL: __oxhip_cpu_patterns._Z8separatePi:
// CHECK-NEXT: .long 0
// CHECK-NEXT: .long 0
// CHECK-NEXT: .long 4186
// CHECK-NEXT: .long 830
// CHECK-NEXT: .long 1346
// CHECK-NEXT: .long 294
// CHECK-NEXT: .size
//
// A kernel whose every shuffle has a distance known only at run time gets no table.
// CHECK-NOT: __oxhip_cpu_patterns._Z7dynamicPii:
#include <hip/hip_runtime.h>

__global__ void reduce(int *out) {
  int x = out[threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2) x += __shfl_down(x, offset);
  out[threadIdx.x] = x;
}

__global__ void mixed(int *out, int distance) {
  int x = out[threadIdx.x];
  x += __shfl_xor(x, 3, 8);
  x += __shfl(x, 5, 16);
  x += __shfl_up(x, 1, 4);
  x += __shfl_down(x, distance);
  out[threadIdx.x] = x;
}

__global__ void separate(int *out) {
  int x = out[threadIdx.x];
  x += __shfl_down(x, 16);
  out[threadIdx.x] = x;
  x += __shfl_xor(x, 3, 8);
  out[threadIdx.x + 64] = x;
  x += __shfl(x, 5, 16);
  out[threadIdx.x + 128] = x;
  x += __shfl_up(x, 1, 4);
  out[threadIdx.x + 192] = x;
}

__global__ void dynamic(int *out, int distance) {
  out[threadIdx.x] = __shfl_down(out[threadIdx.x], distance);
}
