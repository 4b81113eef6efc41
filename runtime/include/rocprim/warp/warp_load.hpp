/* oxhip: rocPRIM's <rocprim/warp/warp_load.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_WARP_WARP_LOAD_HPP
#define OXHIP_ROCPRIM_WARP_WARP_LOAD_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_WARP_WARP_LOAD_HPP */
