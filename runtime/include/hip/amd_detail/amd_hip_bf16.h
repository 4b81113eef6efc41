/* hip/amd_detail/amd_hip_bf16.h for oxhip: some code includes HIP's implementation
 * header directly; it is hip/hip_bf16.h here. */
#include <hip/hip_bf16.h>
