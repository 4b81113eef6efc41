/* hip/hip_fp16.h for oxhip: half precision (__half, __half2 and their functions), as in
 * HIP; the implementation is hip/oxhip/half.h. */
#ifndef HIP_HIP_FP16_H
#define HIP_HIP_FP16_H
/* HIP's own guard as well: code tests it, and oxhipify writes it for CUDA's. */
#define HIP_INCLUDE_HIP_HIP_FP16_H
/* In a CUDA compile (oxhip's translation of a .cu, __OXHIP_CUDA_SOURCE__), this header
 * stands in for CUDA's cuda_fp16.h and defines its guards (driver/src/cuda_headers.rs). */
#ifdef __OXHIP_CUDA_SOURCE__
#define __CUDA_FP16_H__
#define __CUDA_FP16_HPP__
#endif
#if defined(__OXHIP_OFFLOAD__) || defined(__HIP__) || defined(__CUDA__)
#include <hip/hip_runtime.h>
#endif
#include <hip/oxhip/half.h>
#endif
