/* oxhip: rocPRIM's <rocprim/intrinsics/warp_shuffle.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_INTRINSICS_WARP_SHUFFLE_HPP
#define OXHIP_ROCPRIM_INTRINSICS_WARP_SHUFFLE_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_INTRINSICS_WARP_SHUFFLE_HPP */
