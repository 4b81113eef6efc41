/* hip/amd_detail/amd_math_functions.h for oxhip: code that includes HIP's implementation headers by
 * name gets oxhip's <hip/hip_runtime.h>, never a ROCm installation's. */
#include <hip/hip_runtime.h>
