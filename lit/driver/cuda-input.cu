// A CUDA source is translated to HIP in memory before clang sees it: the
// runtime calls become hip* calls and the kernel compiles for both vendors.
//
// RUN: %oxhip --print-phases --offload-arch=sm_90 %s 2>&1 | FileCheck %s --check-prefix=PHASES
// PHASES: 0: input, "{{.*}}cuda-input.cu", cuda
// PHASES-NEXT: 1: hipify, {0}, hip
// PHASES-NEXT: 2: compiler, {1}, ir, (device-hip, sm_90)
//
// RUN: %oxhip --cuda-device-only -S --offload-arch=sm_90 %s -o - | FileCheck %s --check-prefix=PTX
// PTX: .visible .entry _Z5scalePfif(
//
// Make dependencies name the original file, not the in-memory translation.
// RUN: %oxhip -M --offload-arch=sm_90 %s | FileCheck %s --check-prefix=DEPS
// DEPS: cuda-input.o: {{.*}}cuda-input.cu
// DEPS-NOT: hipified
//
// RUN: %oxhip --cuda-host-only -E %s | FileCheck %s --check-prefix=HOST
// HOST: hipMalloc(
// HOST-NOT: cudaMalloc(
#include <cuda_runtime.h>

__global__ void scale(float* data, int n, float factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= factor;
}

void run(float* host, int n) {
  float* device = nullptr;
  (void)cudaMalloc((void**)&device, n * sizeof(float));
  (void)cudaMemcpy(device, host, n * sizeof(float), cudaMemcpyHostToDevice);
  scale<<<(n + 255) / 256, 256>>>(device, n, 2.0f);
  (void)cudaFree(device);
}
