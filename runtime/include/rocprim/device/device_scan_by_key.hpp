/* oxhip: rocPRIM's <rocprim/device/device_scan_by_key.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_DEVICE_DEVICE_SCAN_BY_KEY_HPP
#define OXHIP_ROCPRIM_DEVICE_DEVICE_SCAN_BY_KEY_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_DEVICE_DEVICE_SCAN_BY_KEY_HPP */
