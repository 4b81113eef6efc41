// RUN: %oxhipify %s -o - | grep -v '// CHECK' | FileCheck %s
// RUN: %oxhipify %s -o - 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN --allow-empty
// WARN-NOT: warning

// CHECK: #include <hip/hip_runtime.h>
#include <cuda_runtime.h>
// CHECK-NOT: device_launch_parameters
#include <device_launch_parameters.h>

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

int main() {
  float *x;
  // CHECK: hipMalloc(&x, 4 * sizeof(float));
  cudaMalloc(&x, 4 * sizeof(float));
  // CHECK: saxpy<<<1, 4>>>(4, 2.0f, x, x);
  saxpy<<<1, 4>>>(4, 2.0f, x, x);
  // CHECK: hipError_t err = hipDeviceSynchronize();
  cudaError_t err = cudaDeviceSynchronize();
  // CHECK: hipFree(x); // cudaFree stays in this comment
  cudaFree(x); // cudaFree stays in this comment
  return err != cudaSuccess;
}
