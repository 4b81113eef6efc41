// Our gfx942 code object carries the same kernel metadata (argument offsets,
// sizes, value kinds, hidden arguments, target, code object version) as the one
// upstream clang 22 makes from the same source and headers.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %oxhip --cuda-device-only --offload-arch=gfx942 -O3 %s -o %t/k.hipfb
// RUN: %clang-offload-bundler --type=o --input=%t/k.hipfb --unbundle --targets=hipv4-amdgcn-amd-amdhsa--gfx942 --output=%t/ours.co
// RUN: %upstream-clang -x hip --offload-arch=gfx942 -nogpulib -nogpuinc -I %hip-include -O3 -mcode-object-version=5 --cuda-device-only --no-gpu-bundle-output %s -o %t/upstream.co
// RUN: %llvm-readelf -h --notes %t/ours.co | grep -E 'ABI Version|Flags|amdhsa.target|\.name|\.offset|\.size|value_kind|kernarg_segment|address_space' > %t/ours.txt
// RUN: %llvm-readelf -h --notes %t/upstream.co | grep -E 'ABI Version|Flags|amdhsa.target|\.name|\.offset|\.size|value_kind|kernarg_segment|address_space' > %t/upstream.txt
// RUN: diff %t/ours.txt %t/upstream.txt
// RUN: FileCheck %s < %t/ours.txt

// CHECK: ABI Version: 3
// CHECK: .name: _Z4vaddPKfS0_Pfi
// CHECK: .name: _Z6reducePKiPii

#include <hip/hip_runtime.h>

__global__ void vadd(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

__global__ void reduce(const int *in, int *out, int n) {
  extern __shared__ int partial[];
  int tid = threadIdx.x;
  partial[tid] = tid < n ? in[tid] : 0;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (tid < s) partial[tid] += partial[tid + s];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(out, partial[0]);
}
