// RUN: %oxhipify -hip-kernel-execution-syntax %s -o - | grep -v '// CHECK' | FileCheck %s
// RUN: %oxhipify --hip-kernel-execution-syntax %s -o - | grep -v '// CHECK' | FileCheck %s

template <typename T, int N> __global__ void fill(T *x) { x[0] = N; }
namespace ns { __global__ void empty() {} }

void run(float *x, hipStream_t stream) {
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(fill<float, 4>), dim3(1), dim3(64), 0, stream, x);
  fill<float, 4><<<1, 64, 0, stream>>>(x);
  // CHECK: hipLaunchKernelGGL(ns::empty, dim3(g(1, 2)), dim3(32), 128, 0);
  ns::empty<<<g(1, 2), 32, 128>>>();
}
