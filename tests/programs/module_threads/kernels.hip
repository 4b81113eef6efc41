// The code object that module_threads/main.hip loads many times from many threads.
// Built with `oxhip --genco` into `<main's executable>.hipfb`.
#include <hip/hip_runtime.h>

extern "C" __device__ int module_offset = 7;

extern "C" __global__ void add_offset(int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = i + module_offset;
}

extern "C" __global__ void fill(int* out, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = value;
}
