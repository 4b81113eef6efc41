/* hip/amd_detail/hip_fp16_math_fwd.h for oxhip: code that includes HIP's implementation headers by
 * name gets oxhip's <hip/hip_fp16.h>, never a ROCm installation's. */
#include <hip/hip_fp16.h>
