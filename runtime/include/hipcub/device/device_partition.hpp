/* oxhip: hipCUB's DevicePartition lives with DeviceSelect in device_select.hpp. */
#ifndef OXHIP_HIPCUB_DEVICE_PARTITION_HPP
#define OXHIP_HIPCUB_DEVICE_PARTITION_HPP

#include "device_select.hpp"

#endif /* OXHIP_HIPCUB_DEVICE_PARTITION_HPP */
