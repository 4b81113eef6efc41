#include <hip/hip_runtime.h>

// A header the host compile never reads (tests/cmake/caches.sh edits it).
#ifdef __HIP_DEVICE_COMPILE__
#include "device_only.h"
#else
#define IOTA_STEP 1
#endif

__global__ void iota(int *out, int n, int start) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = start + i * IOTA_STEP;
}

void launch_iota(int *out, int n, int start) { iota<<<(n + 31) / 32, 32>>>(out, n, start); }
