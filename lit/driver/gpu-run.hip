// Runs on the GPU of the test machine (OXHIP_LIT_GPU=1): the targets are the
// GPUs found by `--offload-arch=native`, plus the CPU as a fallback image.
// REQUIRES: cuda-device
//
// RUN: %oxhip -O3 --offload-arch=native,host %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void iota(int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = i * 3;
}

int main() {
  const int n = 1000;
  int* device = nullptr;
  if (hipMalloc((void**)&device, n * sizeof(int)) != hipSuccess) return 1;
  iota<<<(n + 127) / 128, 128>>>(device, n);
  int host[n];
  if (hipMemcpy(host, device, sizeof host, hipMemcpyDeviceToHost) != hipSuccess) return 1;
  for (int i = 0; i < n; ++i)
    if (host[i] != i * 3) { std::printf("FAILED at %d\n", i); return 1; }
  hipDeviceProp_t prop;
  (void)hipGetDeviceProperties(&prop, 0);
  std::printf("PASSED on %s\n", prop.name);
  return 0;
}
