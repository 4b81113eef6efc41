/* oxhip: rocPRIM's <rocprim/device/device_histogram.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_DEVICE_DEVICE_HISTOGRAM_HPP
#define OXHIP_ROCPRIM_DEVICE_DEVICE_HISTOGRAM_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_DEVICE_DEVICE_HISTOGRAM_HPP */
