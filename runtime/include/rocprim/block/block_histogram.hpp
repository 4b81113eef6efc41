/* oxhip: rocPRIM's <rocprim/block/block_histogram.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_BLOCK_BLOCK_HISTOGRAM_HPP
#define OXHIP_ROCPRIM_BLOCK_BLOCK_HISTOGRAM_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_BLOCK_BLOCK_HISTOGRAM_HPP */
