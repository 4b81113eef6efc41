/* hip/amd_detail/hip_cooperative_groups_helper.h for oxhip: code that includes HIP's implementation headers by
 * name gets oxhip's <hip/hip_cooperative_groups.h>, never a ROCm installation's. */
#include <hip/hip_cooperative_groups.h>
