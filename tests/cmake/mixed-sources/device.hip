#include <hip/hip_runtime.h>

__global__ void iota(int *out, int n, int start) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = start + i;
}

void launch_iota(int *out, int n, int start) { iota<<<(n + 31) / 32, 32>>>(out, n, start); }
