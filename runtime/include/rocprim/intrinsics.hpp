/* oxhip: rocPRIM's <rocprim/intrinsics.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_INTRINSICS_HPP
#define OXHIP_ROCPRIM_INTRINSICS_HPP

#include "rocprim.hpp"

#endif /* OXHIP_ROCPRIM_INTRINSICS_HPP */
