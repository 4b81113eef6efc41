#include "histogram.h"

__global__ void histogram_kernel(const int *values, int n, unsigned *bins) {
  __shared__ unsigned local[BINS];
  if (threadIdx.x < BINS) local[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&local[values[i]], 1u);
  __syncthreads();
  if (threadIdx.x < BINS) atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

hipError_t histogram(const int *values, int n, unsigned *bins) {
  hipError_t err = hipMemset(bins, 0, BINS * sizeof(unsigned));
  if (err != hipSuccess) return err;
  histogram_kernel<<<4, 64>>>(values, n, bins);
  return hipDeviceSynchronize();
}
