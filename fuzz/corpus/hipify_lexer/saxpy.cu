#include <cooperative_groups.h>

#include "cuda_check.h"
#include "kernels.cuh"

namespace cg = cooperative_groups;

// Sums `value` over a warp-sized tile; lane 0 of each tile gets the sum.
__device__ float tile_sum(cg::thread_block_tile<32> tile, float value) {
  for (int offset = tile.size() / 2; offset > 0; offset /= 2) {
    value += tile.shfl_down(value, offset);
  }
  return value;
}

__constant__ float offset_value;

__global__ void saxpy(float a, const float *__restrict__ x, float *__restrict__ y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = saxpy_value(a, x[i], y[i], offset_value);
}

__global__ void sum(const float *x, float *result, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float value = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    value += x[i];
  }
  value = tile_sum(tile, value);
  if (tile.thread_rank() == 0) atomicAdd(result, value);
}

void launch_saxpy(float a, const float *x, float *y, int n, cudaStream_t stream) {
  const float offset = 0.5f;
  checkCuda(cudaMemcpyToSymbolAsync(offset_value, &offset, sizeof(offset), 0,
                                    cudaMemcpyHostToDevice, stream));
  saxpy<<<(n + 255) / 256, 256, 0, stream>>>(a, x, y, n);
  checkCuda(cudaGetLastError());
}

void launch_sum(const float *x, float *result, int n, cudaStream_t stream) {
  checkCuda(cudaMemsetAsync(result, 0, sizeof(float), stream));
  sum<<<8, 128, 0, stream>>>(x, result, n);
  checkCuda(cudaGetLastError());
}

cudaError_t launch_with_bad_configuration() {
  // More threads per block than any device allows.
  saxpy<<<1, 4096>>>(1.0f, nullptr, nullptr, 0);
  return cudaGetLastError();
}
