/* oxhip: rocPRIM's <rocprim/device/device_run_length_encode.hpp>; every rocPRIM name oxhip has is in rocprim/rocprim.hpp
 * (docs/libraries.md). */
#ifndef OXHIP_ROCPRIM_DEVICE_DEVICE_RUN_LENGTH_ENCODE_HPP
#define OXHIP_ROCPRIM_DEVICE_DEVICE_RUN_LENGTH_ENCODE_HPP

#include "../rocprim.hpp"

#endif /* OXHIP_ROCPRIM_DEVICE_DEVICE_RUN_LENGTH_ENCODE_HPP */
