/* oxhip: rocPRIM's <rocprim/warp/warp_exchange.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_WARP_WARP_EXCHANGE_HPP
#define OXHIP_ROCPRIM_WARP_WARP_EXCHANGE_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_WARP_WARP_EXCHANGE_HPP */
