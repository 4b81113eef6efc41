// The code object that tests/amd/protocol.hip loads through the module API (built with
// --genco by tests/tests/amd_backend.rs).
#include <hip/hip_runtime.h>

extern "C" __global__ void scale(float* data, float factor, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) data[i] *= factor;
}
