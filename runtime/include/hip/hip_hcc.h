/* hip/hip_hcc.h for oxhip: HIP's old HCC header, which oxhip declares in <hip/hip_runtime.h>. */
#ifndef HIP_HIP_HCC_H
#define HIP_HIP_HCC_H
/* HIP's own guard as well: code tests it, and oxhipify writes it for CUDA's. */
#define HIP_INCLUDE_HIP_HIP_HCC_H
#include <hip/hip_runtime.h>
#endif
