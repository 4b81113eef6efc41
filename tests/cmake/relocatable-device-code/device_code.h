#pragma once
#include <hip/hip_runtime.h>

extern __device__ int offset;
__device__ int twice(int x);
hipError_t set_offset(int value);
