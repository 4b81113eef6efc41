#include <hip/hip_runtime.h>

__global__ void saxpy_kernel(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

hipError_t saxpy(int n, float a, const float *x, float *y) {
  hipLaunchKernelGGL(saxpy_kernel, dim3((n + 255) / 256), dim3(256), 0, 0, n, a, x, y);
  return hipDeviceSynchronize();
}
