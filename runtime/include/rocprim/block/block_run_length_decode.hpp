/* oxhip: rocPRIM's <rocprim/block/block_run_length_decode.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_BLOCK_BLOCK_RUN_LENGTH_DECODE_HPP
#define OXHIP_ROCPRIM_BLOCK_BLOCK_RUN_LENGTH_DECODE_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_BLOCK_BLOCK_RUN_LENGTH_DECODE_HPP */
