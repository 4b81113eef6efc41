// RUN: %oxhipify --hip-kernel-execution-syntax %s -o - | grep -v '// CHECK' | FileCheck %s
// hipify-clang's rules for issue 12: runtime include after the guard's #ifndef, arguments
// added and wrapped, launches of templates and macro kernels.
// See: issue 12

// CHECK: #ifndef RULES_CUH
// CHECK-NEXT: #include <hip/hip_runtime.h>
#ifndef RULES_CUH
#define RULES_CUH
// CHECK: #include <hipblas.h>
#include <cublas_v2.h>

__device__ float table[4];
template <typename T> __global__ void fill(T *x) {}
#define KERNEL fill<float>

void f(float **p, const float *host, dim3 grid) {
  // CHECK: hipHostMalloc(p, 16, hipHostMallocDefault);
  cudaMallocHost(p, 16);
  // CHECK: hipMemcpyToSymbol(HIP_SYMBOL(table), host, sizeof(table));
  cudaMemcpyToSymbol(table, host, sizeof(table));
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(fill), dim3(grid), dim3(64), 0, 0, *p);
  fill<<<grid, 64>>>(*p);
  // CHECK: hipLaunchKernelGGL(HIP_KERNEL_NAME(KERNEL), dim3(1), dim3(1), 0, 0, *p);
  KERNEL<<<1, 1>>>(*p);
  // CHECK: printf("hipMalloc failed\n");
  printf("cudaMalloc failed\n");
}
#endif
