#include <cstdio>
#include "device_code.h"

__global__ void apply(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = twice(i) + offset;
}

int main() {
  const int n = 256;
  int *out;
  int host[n];
  if (hipMalloc(&out, sizeof host) != hipSuccess || set_offset(5) != hipSuccess) {
    std::printf("FAILED: setup\n");
    return 1;
  }
  apply<<<n / 64, 64>>>(out, n);
  if (hipMemcpy(host, out, sizeof host, hipMemcpyDeviceToHost) != hipSuccess) {
    std::printf("FAILED: launch or copy\n");
    return 1;
  }
  for (int i = 0; i < n; ++i) {
    if (host[i] != 2 * i + 5) {
      std::printf("FAILED: out[%d] = %d, expected %d\n", i, host[i], 2 * i + 5);
      return 1;
    }
  }
  std::printf("PASSED\n");
  return 0;
}
