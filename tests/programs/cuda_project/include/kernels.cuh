// The kernels' launch functions (defined in saxpy.cu), for host code in .cpp files too:
// with the CUDA runtime header, __host__ __device__ compiles in plain C++.
#pragma once
#include <cuda_runtime.h>

__host__ __device__ inline float saxpy_value(float a, float x, float y, float offset) {
  return a * x + y + offset;
}

void launch_saxpy(float a, const float *x, float *y, int n, cudaStream_t stream);
void launch_sum(const float *x, float *result, int n, cudaStream_t stream);
cudaError_t launch_with_bad_configuration();
