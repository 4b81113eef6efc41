#include <cstdio>
#include <vector>
#include "kernels.h"

#define CHECK(call)                                                        \
  do {                                                                     \
    hipError_t err_ = (call);                                              \
    if (err_ != hipSuccess) {                                              \
      std::printf("FAILED: %s: %s\n", #call, hipGetErrorString(err_));     \
      return 1;                                                            \
    }                                                                      \
  } while (0)

int main() {
  const int n = 1000;
  std::vector<float> host(n);
  for (int i = 0; i < n; ++i) host[i] = float(i % 10);
  float *device;
  CHECK(hipMalloc(&device, n * sizeof(float)));
  CHECK(hipMemcpy(device, host.data(), n * sizeof(float), hipMemcpyHostToDevice));
  CHECK(scale(device, 2.0f, n));
  float sum = 0;
  CHECK(reduce_sum(device, n, &sum));
  auto [expected, name] = std::pair{9000.0f, "sum"};
  CHECK(hipFree(device));
  if (sum != expected) {
    std::printf("FAILED: %s %g, expected %g\n", name, sum, expected);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
