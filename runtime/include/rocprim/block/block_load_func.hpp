/* oxhip: rocPRIM's <rocprim/block/block_load_func.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_BLOCK_BLOCK_LOAD_FUNC_HPP
#define OXHIP_ROCPRIM_BLOCK_BLOCK_LOAD_FUNC_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_BLOCK_BLOCK_LOAD_FUNC_HPP */
