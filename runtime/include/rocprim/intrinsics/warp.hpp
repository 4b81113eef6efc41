/* oxhip: rocPRIM's <rocprim/intrinsics/warp.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_INTRINSICS_WARP_HPP
#define OXHIP_ROCPRIM_INTRINSICS_WARP_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_INTRINSICS_WARP_HPP */
