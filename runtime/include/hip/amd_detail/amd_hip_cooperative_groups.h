/* hip/amd_detail/amd_hip_cooperative_groups.h for oxhip: code that includes HIP's implementation headers by
 * name gets oxhip's <hip/hip_cooperative_groups.h>, never a ROCm installation's. */
#include <hip/hip_cooperative_groups.h>
