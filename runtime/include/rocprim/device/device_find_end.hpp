/* oxhip: rocPRIM's <rocprim/device/device_find_end.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_DEVICE_DEVICE_FIND_END_HPP
#define OXHIP_ROCPRIM_DEVICE_DEVICE_FIND_END_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_DEVICE_DEVICE_FIND_END_HPP */
