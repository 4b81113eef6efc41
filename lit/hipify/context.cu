// RUN: %oxhipify %s -o - | grep -v '// CHECK' | FileCheck %s

#include <cuda_runtime.h>
__constant__ float coefficients[8];
__global__ void kernel() {}

void setup(cudaEvent_t *event, const float *host) {
  // CHECK: hipEventCreateWithFlags(event, hipEventDisableTiming);
  cudaEventCreate(event, cudaEventDisableTiming);
  // CHECK: hipEventCreate(event);
  cudaEventCreate(event);
  // CHECK: hipMemcpyToSymbol(HIP_SYMBOL(coefficients), host, sizeof(coefficients));
  cudaMemcpyToSymbol(coefficients, host, sizeof(coefficients));
  // CHECK: hipFuncSetAttribute(reinterpret_cast<const void*>(kernel), hipFuncAttributeMaxDynamicSharedMemorySize, 0);
  cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 0);
}
