/* hip/amd_detail/hip_ldg.h for oxhip: code that includes HIP's implementation headers by
 * name gets oxhip's <hip/hip_runtime.h>, never a ROCm installation's. */
#include <hip/hip_runtime.h>
