/* hip/amd_detail/amd_hip_bf16.h for oxhip: code that includes HIP's implementation headers by
 * name gets oxhip's <hip/hip_bf16.h>, never a ROCm installation's. */
#include <hip/hip_bf16.h>
