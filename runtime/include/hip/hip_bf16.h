/* hip/hip_bf16.h for oxhip: bfloat16 (__hip_bfloat16, __hip_bfloat162 and their
 * functions), as in HIP; the implementation is hip/oxhip/bf16.h. */
#ifndef HIP_HIP_BF16_H
#define HIP_HIP_BF16_H
#if defined(__OXHIP_OFFLOAD__) || defined(__HIP__) || defined(__CUDA__)
#include <hip/hip_runtime.h>
#endif
#include <hip/oxhip/bf16.h>
/* HIP's hip_bf16.h also makes the older hip_bfloat16 available (programs use both). */
#include <hip/hip_bfloat16.h>
#endif
