// Plain C++ (no kernels): the runtime API through hip::host.
#include <hip/hip_runtime_api.h>
#include <cstdio>
#include <vector>

#ifdef __HIP__
#error "main.cpp is plain C++: hip::device is not linked to this target"
#endif

hipError_t saxpy(int n, float a, const float *x, float *y);

int main() {
  const int n = 4096;
  std::vector<float> x(n, 1.0f), y(n, 2.0f);
  float *dx, *dy;
  if (hipMalloc(&dx, n * sizeof(float)) != hipSuccess || hipMalloc(&dy, n * sizeof(float)) != hipSuccess) {
    std::printf("FAILED: hipMalloc\n");
    return 1;
  }
  (void)hipMemcpy(dx, x.data(), n * sizeof(float), hipMemcpyHostToDevice);
  (void)hipMemcpy(dy, y.data(), n * sizeof(float), hipMemcpyHostToDevice);
  hipError_t err = saxpy(n, 3.0f, dx, dy);
  (void)hipMemcpy(y.data(), dy, n * sizeof(float), hipMemcpyDeviceToHost);
  (void)hipFree(dx);
  (void)hipFree(dy);
  for (int i = 0; i < n; ++i) {
    if (err != hipSuccess || y[i] != 5.0f) {
      std::printf("FAILED: y[%d] = %g (%s)\n", i, y[i], hipGetErrorString(err));
      return 1;
    }
  }
  std::printf("PASSED\n");
  return 0;
}
