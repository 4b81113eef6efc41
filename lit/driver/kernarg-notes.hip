// The AMDGPU metadata note of our gfx942 code object describes each kernel's
// arguments: offsets, sizes and value kinds (hip-abi.md §3.3).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %oxhip --cuda-device-only --offload-arch=gfx942 -O2 %s -o %t/k.hipfb
// RUN: %clang-offload-bundler --type=o --input=%t/k.hipfb --unbundle --targets=hipv4-amdgcn-amd-amdhsa--gfx942 --output=%t/k.co
// RUN: %llvm-readelf --notes %t/k.co | FileCheck %s

#include <hip/hip_runtime.h>

struct Params {
  float scale;
  int count;
  double bias;
};

// CHECK:      amdhsa.kernels:
// CHECK:          .args:
// CHECK-NEXT:       - .address_space:  global
// CHECK-NEXT:         .offset:         0
// CHECK-NEXT:         .size:           8
// CHECK-NEXT:         .value_kind:     global_buffer
// CHECK-NEXT:       - .address_space:  global
// CHECK-NEXT:         .offset:         8
// CHECK-NEXT:         .size:           8
// CHECK-NEXT:         .value_kind:     global_buffer
// CHECK-NEXT:       - .offset:         16
// CHECK-NEXT:         .size:           4
// CHECK-NEXT:         .value_kind:     by_value
// COV5 hidden arguments follow the explicit ones, 8-aligned.
// CHECK-NEXT:       - .offset:         24
// CHECK-NEXT:         .size:           4
// CHECK-NEXT:         .value_kind:     hidden_block_count_x
// CHECK:          .name:           _Z4copyPKfPfi
__global__ void copy(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i];
}

// CHECK:          .args:
// CHECK-NEXT:       - .offset:         0
// CHECK-NEXT:         .size:           16
// CHECK-NEXT:         .value_kind:     by_value
// CHECK-NEXT:       - .address_space:  global
// CHECK-NEXT:         .offset:         16
// CHECK-NEXT:         .size:           8
// CHECK-NEXT:         .value_kind:     global_buffer
// CHECK-NEXT:       - .offset:         24
// CHECK-NEXT:         .size:           4
// CHECK-NEXT:         .value_kind:     hidden_block_count_x
// CHECK:          .name:           _Z5apply6ParamsPd
__global__ void apply(Params p, double* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.count) out[i] = p.scale * i + p.bias;
}
