/* hip/amd_detail/amd_hip_math_constants.h for oxhip: code that includes HIP's implementation headers by
 * name gets oxhip's <hip/hip_math_constants.h>, never a ROCm installation's. */
#include <hip/hip_math_constants.h>
