// Declarations shared by the units of the -fgpu-rdc program.
#pragma once
#include <hip/hip_runtime.h>

constexpr int kTable = 8;
extern __device__ int table[kTable];
extern __device__ int launches;
__device__ int transform(int x);
void fill_table();
int other_local_kernel_result(int* scratch);
int scaled_elsewhere(int* scratch);

template <typename T>
__global__ void scaled(T* out, T value) {
  out[0] = 2 * value;
}
