/* hip/amd_detail/amd_hip_vector_types.h for oxhip: code that includes HIP's implementation headers by
 * name gets oxhip's <hip/hip_vector_types.h>, never a ROCm installation's. */
#include <hip/hip_vector_types.h>
