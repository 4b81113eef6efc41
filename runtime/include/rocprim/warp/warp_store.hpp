/* oxhip: rocPRIM's <rocprim/warp/warp_store.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_WARP_WARP_STORE_HPP
#define OXHIP_ROCPRIM_WARP_WARP_STORE_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_WARP_WARP_STORE_HPP */
