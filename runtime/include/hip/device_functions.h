/* hip/device_functions.h for oxhip: the device functions and intrinsics, which oxhip declares in <hip/hip_runtime.h>. */
#ifndef HIP_DEVICE_FUNCTIONS_H
#define HIP_DEVICE_FUNCTIONS_H
/* HIP's own guard as well: code tests it, and oxhipify writes it for CUDA's. */
#define HIP_INCLUDE_HIP_DEVICE_FUNCTIONS_H
#include <hip/hip_runtime.h>
#endif
