/* oxhip: rocPRIM's <rocprim/block/block_discontinuity.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_BLOCK_BLOCK_DISCONTINUITY_HPP
#define OXHIP_ROCPRIM_BLOCK_BLOCK_DISCONTINUITY_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_BLOCK_BLOCK_DISCONTINUITY_HPP */
