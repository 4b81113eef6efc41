/* hip/amd_detail/amd_hip_bfloat16.h for oxhip: code that includes HIP's implementation headers by
 * name gets oxhip's <hip/hip_bfloat16.h>, never a ROCm installation's. */
#include <hip/hip_bfloat16.h>
