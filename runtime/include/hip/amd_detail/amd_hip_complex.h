/* hip/amd_detail/amd_hip_complex.h for oxhip: code that includes HIP's implementation headers by
 * name gets oxhip's <hip/hip_complex.h>, never a ROCm installation's. */
#include <hip/hip_complex.h>
