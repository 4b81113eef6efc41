/* oxhip: rocPRIM's <rocprim/intrinsics/thread.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_INTRINSICS_THREAD_HPP
#define OXHIP_ROCPRIM_INTRINSICS_THREAD_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_INTRINSICS_THREAD_HPP */
