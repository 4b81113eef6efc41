/* hip/hip_fp16.h for oxhip: half precision (__half, __half2 and their functions), as in
 * HIP; the implementation is hip/oxhip/half.h. */
#ifndef HIP_HIP_FP16_H
#define HIP_HIP_FP16_H
#if defined(__OXHIP_OFFLOAD__) || defined(__HIP__) || defined(__CUDA__)
#include <hip/hip_runtime.h>
#endif
#include <hip/oxhip/half.h>
#endif
