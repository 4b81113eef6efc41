/* oxhip: rocPRIM's <rocprim/block/block_load.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_BLOCK_BLOCK_LOAD_HPP
#define OXHIP_ROCPRIM_BLOCK_BLOCK_LOAD_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_BLOCK_BLOCK_LOAD_HPP */
