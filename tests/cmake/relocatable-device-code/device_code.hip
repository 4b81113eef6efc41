// Defined here, used by main.hip's kernel: linked by the device link of -fgpu-rdc.
#include "device_code.h"

__device__ int offset = 0;
__device__ int twice(int x) { return 2 * x; }

hipError_t set_offset(int value) { return hipMemcpyToSymbol(HIP_SYMBOL(offset), &value, sizeof value); }
