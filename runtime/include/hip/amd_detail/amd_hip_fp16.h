/* hip/amd_detail/amd_hip_fp16.h for oxhip: some code includes HIP's implementation
 * header directly; it is hip/hip_fp16.h here. */
#include <hip/hip_fp16.h>
