/* hip/hip_bf16.h for oxhip: bfloat16 (__hip_bfloat16, __hip_bfloat162 and their
 * functions), as in HIP; the implementation is hip/oxhip/bf16.h. */
#ifndef HIP_HIP_BF16_H
#define HIP_HIP_BF16_H
/* HIP's own guard as well: code tests it, and oxhipify writes it for CUDA's. */
#define HIP_INCLUDE_HIP_HIP_BF16_H
/* In a CUDA compile (oxhip's translation of a .cu, __OXHIP_CUDA_SOURCE__), this header
 * stands in for CUDA's cuda_bf16.h and defines its guards; like it, it brings the half
 * precision header (cuda_fp16.h) along (driver/src/cuda_headers.rs). */
#ifdef __OXHIP_CUDA_SOURCE__
#include <hip/hip_fp16.h>
#define __CUDA_BF16_H__
#define __CUDA_BF16_HPP__
#endif
#if defined(__OXHIP_OFFLOAD__) || defined(__HIP__) || defined(__CUDA__)
#include <hip/hip_runtime.h>
#endif
#include <hip/oxhip/bf16.h>
/* Recent HIP names __hip_bfloat16 hip_bfloat16 as well when hip_bf16.h is included (programs
 * instantiate templates for it and expect __hip_bfloat16's specialisations). Code that
 * includes hip/hip_bfloat16.h first gets the older struct of that name instead. */
#if defined(__cplusplus) && !defined(HIP_HIP_BFLOAT16_H)
#define __OXHIP_HIP_BFLOAT16_IS_ALIAS 1
typedef __hip_bfloat16 hip_bfloat16;
#endif
#endif
