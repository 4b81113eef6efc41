#pragma once
#include <hip/hip_runtime.h>

// Multiplies n floats of device memory by a (static library).
hipError_t scale(float *data, float a, int n);
// The sum of n floats of device memory (shared library).
hipError_t reduce_sum(const float *data, int n, float *sum);
