// The code object that module/main.hip loads at run time (hipModuleLoad). Built with
// `oxhip --genco` into `<main's executable>.hipfb`; C names, so the host can look the
// kernels and the variable up by plain name.
#include <hip/hip_runtime.h>

extern "C" __device__ int module_offset = 7;

extern "C" __global__ void scale(float* data, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= factor;
}

extern "C" __global__ void add_offset(int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = i + module_offset;
}

// Mixed argument sizes and alignments, for the packed (`extra`) launch form.
struct Pair {
  int a;
  double b;
};

extern "C" __global__ void mixed(long long* out, char c, Pair pair, short s, int* base) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    *out = (long long)c + (long long)pair.a + (long long)pair.b + (long long)s + (long long)*base;
}
