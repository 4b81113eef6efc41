#include "kernels.h"

template <bool Negate> __global__ void scale_kernel(float *data, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    if constexpr (Negate) data[i] = -a * data[i];
    else data[i] = a * data[i];
  }
}

hipError_t scale(float *data, float a, int n) {
  scale_kernel<false><<<(n + 127) / 128, 128>>>(data, a, n);
  return hipGetLastError();
}
