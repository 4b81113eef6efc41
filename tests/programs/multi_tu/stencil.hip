#include "kernels.h"

__global__ void stencil(const float* in, float* out, int n) {
  extern __shared__ float tile[];  // blockDim.x + 2 floats
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int t = threadIdx.x + 1;
  tile[t] = i < n ? in[i] : 0.0f;
  if (threadIdx.x == 0) tile[0] = i > 0 ? in[i - 1] : 0.0f;
  if (threadIdx.x == blockDim.x - 1) tile[t + 1] = i + 1 < n ? in[i + 1] : 0.0f;
  __syncthreads();
  if (i < n) out[i] = (tile[t - 1] + tile[t] + tile[t + 1]) / 3.0f;
}

void launch_stencil(const float* in, float* out, int n, int block) {
  size_t shared = (block + 2) * sizeof(float);
  hipLaunchKernelGGL(stencil, dim3((n + block - 1) / block), dim3(block), shared, 0, in, out, n);
}
