/* oxhip: rocPRIM's <rocprim/device/device_reduce_by_key.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_DEVICE_DEVICE_REDUCE_BY_KEY_HPP
#define OXHIP_ROCPRIM_DEVICE_DEVICE_REDUCE_BY_KEY_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_DEVICE_DEVICE_REDUCE_BY_KEY_HPP */
