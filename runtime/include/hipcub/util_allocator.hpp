/* oxhip: hipCUB's CachingDeviceAllocator (docs/libraries.md), with CUB's constructors and
 * calls. DeviceAllocate and DeviceFree go to hipMalloc and hipFree on the current device (or
 * the one named) without keeping freed blocks for reuse: the stream-ordered caching that CUB
 * does is left to the runtime. FreeAllCached has nothing to free.
 */
#ifndef OXHIP_HIPCUB_UTIL_ALLOCATOR_HPP
#define OXHIP_HIPCUB_UTIL_ALLOCATOR_HPP

#include "util.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {

struct CachingDeviceAllocator {
  static const unsigned int INVALID_BIN = (unsigned int)-1;
  static const size_t INVALID_SIZE = (size_t)-1;
  static const int INVALID_DEVICE_ORDINAL = -1;

  unsigned int bin_growth;
  unsigned int min_bin;
  unsigned int max_bin;
  size_t max_cached_bytes;
  bool skip_cleanup;
  bool debug;

  CachingDeviceAllocator(unsigned int bin_growth, unsigned int min_bin = 1,
                         unsigned int max_bin = INVALID_BIN,
                         size_t max_cached_bytes = INVALID_SIZE, bool skip_cleanup = false,
                         bool debug = false)
      : bin_growth(bin_growth), min_bin(min_bin), max_bin(max_bin),
        max_cached_bytes(max_cached_bytes), skip_cleanup(skip_cleanup), debug(debug) {}
  explicit CachingDeviceAllocator(bool skip_cleanup = false, bool debug = false)
      : bin_growth(8), min_bin(3), max_bin(7), max_cached_bytes(6 * 1024 * 1024 - 1),
        skip_cleanup(skip_cleanup), debug(debug) {}

  hipError_t SetMaxCachedBytes(size_t bytes) {
    max_cached_bytes = bytes;
    return hipSuccess;
  }
  hipError_t DeviceAllocate(int device, void** d_ptr, size_t bytes, hipStream_t stream = 0) {
    (void)stream;
    int previous = 0;
    hipError_t status = hipGetDevice(&previous);
    if (status != hipSuccess) return status;
    if (device != INVALID_DEVICE_ORDINAL && device != previous) {
      status = hipSetDevice(device);
      if (status != hipSuccess) return status;
    }
    status = hipMalloc(d_ptr, bytes);
    if (device != INVALID_DEVICE_ORDINAL && device != previous) {
      hipError_t restored = hipSetDevice(previous);
      if (status == hipSuccess) status = restored;
    }
    return status;
  }
  hipError_t DeviceAllocate(void** d_ptr, size_t bytes, hipStream_t stream = 0) {
    return DeviceAllocate(INVALID_DEVICE_ORDINAL, d_ptr, bytes, stream);
  }
  hipError_t DeviceFree(int device, void* d_ptr) {
    (void)device;
    return hipFree(d_ptr);
  }
  hipError_t DeviceFree(void* d_ptr) { return hipFree(d_ptr); }
  hipError_t FreeAllCached() { return hipSuccess; }
};

}  // namespace hipcub

#endif
#endif /* OXHIP_HIPCUB_UTIL_ALLOCATOR_HPP */
