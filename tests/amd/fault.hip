// A kernel that traps, for the fault test (tests/tests/amd_backend.rs) against the HSA
// stand-in, which makes the first dispatch fault as a trap would on a GPU. The program must
// get an error from the synchronisation, not hang, and the stream must refuse more work.
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void trap(int* flag) {
  if (flag[0] == 0) __builtin_trap();
}

int main() {
  int* flag = nullptr;
  if (hipMalloc(&flag, sizeof(int)) != hipSuccess) return 2;
  hipLaunchKernelGGL(trap, dim3(1), dim3(64), 0, 0, flag);
  if (hipGetLastError() != hipSuccess) return 3;
  hipError_t status = hipDeviceSynchronize();
  std::printf("fault: hipDeviceSynchronize returned %d (%s)\n", (int)status, hipGetErrorName(status));
  if (status != hipErrorLaunchFailure) return 1;
  hipLaunchKernelGGL(trap, dim3(1), dim3(64), 0, 0, flag);
  hipError_t again = hipGetLastError();
  std::printf("fault: the next launch returned %d (%s)\n", (int)again, hipGetErrorName(again));
  if (again == hipSuccess) return 1;
  std::printf("fault: PASSED\n");
  return 0;
}
