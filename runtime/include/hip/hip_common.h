/* hip/hip_common.h for oxhip: the platform and compiler macros (__HIP_PLATFORM_AMD__,
 * __HIP_DEVICE_COMPILE__, __HIPCC__ ...) and the attribute macros, without the API. */
#ifndef HIP_HIP_COMMON_H
#define HIP_HIP_COMMON_H
/* HIP's own guard as well: code tests it, and oxhipify writes it for CUDA's. */
#define HIP_INCLUDE_HIP_HIP_COMMON_H
#include <hip/oxhip/defines.h>
#endif
