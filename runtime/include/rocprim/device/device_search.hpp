/* oxhip: rocPRIM's <rocprim/device/device_search.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_DEVICE_DEVICE_SEARCH_HPP
#define OXHIP_ROCPRIM_DEVICE_DEVICE_SEARCH_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_DEVICE_DEVICE_SEARCH_HPP */
