// RUN: %oxhipify %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %oxhipify --no-warn inline-asm --no-warn warp-size %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=QUIET
// RUN: %oxhipify -quiet-warnings %s -o /dev/null 2>&1 | count 0

#include <cuda_runtime.h>

__global__ void k(int *out) {
  // CHECK: warning[warp-size]: `32` looks like a warp-size assumption
  // CHECK-NEXT: {{.*}}findings.cu:[[@LINE+1]]:28
  int lane = threadIdx.x % 32;
  // CHECK: warning[inline-asm]: inline assembly does not port to AMD GPUs
  asm volatile("trap;");
  // CHECK: warning[full-warp-mask]
  // QUIET: warning[full-warp-mask]
  // QUIET-NOT: inline-asm
  out[lane] = __shfl_down_sync(0xffffffff, lane, 1);
}

void host() {
  // CHECK: warning[unsupported-api]: `cudaMemcpyBatchAsync` has no HIP equivalent
  cudaMemcpyBatchAsync(0, 0, 0, 0, 0, 0, 0, 0, 0);
}
