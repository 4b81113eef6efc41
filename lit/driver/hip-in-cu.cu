// hipcc compiles `.cu` files as HIP, and HIP projects name their sources so. A `.cu`
// whose includes reach a HIP header and no CUDA header is HIP: not translated, no CUDA
// version macros (with them, portable code takes its nvcc-only paths).
//
// RUN: %oxhip --print-phases --offload-arch=sm_90 -I%S/Inputs/hip-in-cu %s 2>&1 | FileCheck %s --check-prefix=PHASES
// PHASES: 0: input, "{{.*}}hip-in-cu.cu", hip
// PHASES-NOT: hipify
//
// RUN: %oxhip -c --offload-arch=gfx942,sm_90 -I%S/Inputs/hip-in-cu %s -o %t.o
//
// Without the -I the scan does not find the header and sees no HIP header: the source
// is CUDA, as any `.cu` is by default.
// RUN: %oxhip --print-phases --offload-arch=sm_90 %s 2>&1 | FileCheck %s --check-prefix=NOTFOUND
// NOTFOUND: 1: hipify
//
// `-x cu` is the user's word: CUDA whatever the includes say.
// RUN: %oxhip --print-phases --offload-arch=sm_90 -I%S/Inputs/hip-in-cu -x cu %s 2>&1 | FileCheck %s --check-prefix=FORCED
// FORCED: 1: hipify
#include <compat.h>

#if defined(__CUDACC_VER_MAJOR__) || defined(CUDART_VERSION)
#error "a HIP program sees CUDA's version macros"
#endif
#ifdef __OXHIP_CUDA_SOURCE__
#error "compiled as a CUDA source"
#endif

__global__ void scale(float* data, int n, float factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= factor;
}

int main() {
  float* device = nullptr;
  if (hipMalloc(&device, 64 * sizeof(float)) != hipSuccess) return 1;
  scale<<<1, 64>>>(device, 64, 2.0f);
  return hipFree(device) == hipSuccess ? 0 : 1;
}
