/* oxhip: hipCUB's DeviceCopy::Batched lives in device_memcpy.hpp beside DeviceMemcpy::Batched
 * (docs/libraries.md). */
#ifndef OXHIP_HIPCUB_DEVICE_COPY_HPP
#define OXHIP_HIPCUB_DEVICE_COPY_HPP

#include "device_memcpy.hpp"

#endif /* OXHIP_HIPCUB_DEVICE_COPY_HPP */
