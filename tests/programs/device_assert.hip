// A failed device assert: its message names the file, line, block, thread and condition,
// the launch fails with hipErrorAssert (CUDA's cudaErrorAssert), and the process goes on
// to report it. Launches whose asserts hold run normally; asserts inside a kernel with a
// barrier and one in a device function called by the kernel are covered too.
#include <cassert>
#include "check.h"

__device__ int checked_index(int i, int n) {
  assert(i < n);
  return i;
}

__global__ void fill(int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(i >= 0);
  if (i < n) out[checked_index(i, n)] = 2 * i;
}

__global__ void fill_shared(int* out, int n) {
  __shared__ int staged[64];
  staged[threadIdx.x] = (int)threadIdx.x;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(staged[63 - threadIdx.x] == 63 - (int)threadIdx.x);
  if (i < n) out[i] = staged[threadIdx.x] + 1;
}

// Threads 40 and above of each block fail.
__global__ void failing(int* out, int limit) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(threadIdx.x < limit);
  out[i] = 1;
}

int main() {
  print_device("device_assert");
  const int n = 256;
  int* out;
  CHECK(hipMalloc(&out, n * sizeof(int)));
  long long errors = 0;

  fill<<<n / 64, 64>>>(out, n);
  CHECK_LAUNCH();
  fill_shared<<<n / 64, 64>>>(out, n);
  CHECK_LAUNCH();
  int host[n];
  CHECK(hipMemcpy(host, out, sizeof host, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) errors += host[i] != i % 64 + 1;

  std::fflush(stdout);
  failing<<<2, 64>>>(out, 40);
  hipError_t launched = hipGetLastError();
  hipError_t synced = hipDeviceSynchronize();
  if (launched != hipSuccess) {
    std::printf("device_assert: the launch itself failed: %s\n", hipGetErrorName(launched));
    ++errors;
  }
  if (synced != hipErrorAssert) {
    std::printf("device_assert: synchronising after a failed assert gave %s, expected hipErrorAssert\n",
                hipGetErrorName(synced));
    ++errors;
  }
  // After a device assert a CUDA context is unusable: nothing more is asked of the device.
  return finish("device_assert", errors);
}
