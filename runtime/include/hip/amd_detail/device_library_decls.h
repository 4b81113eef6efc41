/* hip/amd_detail/device_library_decls.h for oxhip: code that includes HIP's implementation headers by
 * name gets oxhip's <hip/hip_runtime.h>, never a ROCm installation's. */
#include <hip/hip_runtime.h>
