/* oxhip: rocPRIM's <rocprim/config.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_CONFIG_HPP
#define OXHIP_ROCPRIM_CONFIG_HPP

#include "rocprim.hpp"

#endif /* OXHIP_ROCPRIM_CONFIG_HPP */
