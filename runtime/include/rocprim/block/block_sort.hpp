/* oxhip: rocPRIM's <rocprim/block/block_sort.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_BLOCK_BLOCK_SORT_HPP
#define OXHIP_ROCPRIM_BLOCK_BLOCK_SORT_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_BLOCK_BLOCK_SORT_HPP */
