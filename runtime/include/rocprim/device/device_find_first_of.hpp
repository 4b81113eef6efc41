/* oxhip: rocPRIM's <rocprim/device/device_find_first_of.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_DEVICE_DEVICE_FIND_FIRST_OF_HPP
#define OXHIP_ROCPRIM_DEVICE_DEVICE_FIND_FIRST_OF_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_DEVICE_DEVICE_FIND_FIRST_OF_HPP */
