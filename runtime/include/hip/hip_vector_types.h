/* hip/hip_vector_types.h for oxhip: char1 ... double4, make_* and HIP's vector operators
 * (hip/oxhip/vector_types.h), and dim3 (hip/hip_runtime_api.h). */
#ifndef HIP_HIP_VECTOR_TYPES_H
#define HIP_HIP_VECTOR_TYPES_H
/* HIP's own guard as well: code tests it, and oxhipify writes it for CUDA's. */
#define HIP_INCLUDE_HIP_HIP_VECTOR_TYPES_H
#include <hip/oxhip/vector_types.h>
#endif
