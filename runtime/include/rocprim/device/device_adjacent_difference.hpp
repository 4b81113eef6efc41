/* oxhip: rocPRIM's <rocprim/device/device_adjacent_difference.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_DEVICE_DEVICE_ADJACENT_DIFFERENCE_HPP
#define OXHIP_ROCPRIM_DEVICE_DEVICE_ADJACENT_DIFFERENCE_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_DEVICE_DEVICE_ADJACENT_DIFFERENCE_HPP */
