/* oxhip: rocPRIM's <rocprim/device/device_segmented_reduce.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_DEVICE_DEVICE_SEGMENTED_REDUCE_HPP
#define OXHIP_ROCPRIM_DEVICE_DEVICE_SEGMENTED_REDUCE_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_DEVICE_DEVICE_SEGMENTED_REDUCE_HPP */
