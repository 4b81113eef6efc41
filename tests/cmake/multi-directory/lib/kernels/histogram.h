#pragma once
#include <hip/hip_runtime.h>
// Counts the values (each below BINS) into bins, on the device.
hipError_t histogram(const int *values, int n, unsigned *bins);
