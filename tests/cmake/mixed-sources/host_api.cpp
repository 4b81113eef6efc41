// Plain C++ in a HIP library: compiled as C++ (no __HIP__), with the runtime API.
#include <hip/hip_runtime_api.h>
#ifdef __HIP__
#error "host_api.cpp must be compiled as plain C++"
#endif

int *device_buffer(int n) {
  int *buffer = nullptr;
  return hipMalloc(&buffer, n * sizeof(int)) == hipSuccess ? buffer : nullptr;
}

int copy_back(int *host, const int *device, int n) {
  return hipMemcpy(host, device, n * sizeof(int), hipMemcpyDeviceToHost);
}
