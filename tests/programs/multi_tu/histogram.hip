#include "kernels.h"

__global__ void histogram(const unsigned* values, unsigned* bins, int n, int nbins) {
  extern __shared__ unsigned local_bins[];
  for (int b = threadIdx.x; b < nbins; b += blockDim.x) local_bins[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local_bins[values[i] % nbins], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < nbins; b += blockDim.x)
    if (local_bins[b]) atomicAdd(&bins[b], local_bins[b]);
}

void launch_histogram(const unsigned* values, unsigned* bins, int n, int nbins) {
  // 16 KiB of bins would not fit a static array sized for every caller; the
  // dynamic size is chosen per launch.
  histogram<<<64, 256, nbins * sizeof(unsigned)>>>(values, bins, n, nbins);
}
