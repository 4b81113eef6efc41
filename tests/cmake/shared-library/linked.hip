#include <cstdio>
#include "vecops.h"

__global__ void fill(float *a, float value, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = value;
}

int main() {
  const int n = 300;
  float *a, *b;
  (void)hipMalloc(&a, n * sizeof(float));
  (void)hipMalloc(&b, n * sizeof(float));
  fill<<<5, 64>>>(a, 1.0f, n);
  fill<<<5, 64>>>(b, 2.5f, n);
  int err = vecops_add(a, b, n);
  float host[n];
  (void)hipMemcpy(host, a, sizeof host, hipMemcpyDeviceToHost);
  if (err != 0 || host[0] != 3.5f || host[n - 1] != 3.5f || vecops_launches() != 1) {
    std::printf("FAILED: %d %g %g\n", err, host[0], host[n - 1]);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
