/* oxhip: rocPRIM's <rocprim/device/device_search_n.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_DEVICE_DEVICE_SEARCH_N_HPP
#define OXHIP_ROCPRIM_DEVICE_DEVICE_SEARCH_N_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_DEVICE_DEVICE_SEARCH_N_HPP */
