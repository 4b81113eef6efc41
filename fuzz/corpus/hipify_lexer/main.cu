// A CUDA program laid out as real projects are: helper headers under include/, kernels
// and their launch functions in one .cu, host code in a .cpp, main in another .cu; each
// file compiled on its own (-c) with nvcc's flags and linked.
#include <cstring>

#include "cuda_check.h"
#include "kernels.cuh"

int run_pipeline(int n);

int main() {
  find_device();
  int failures = run_pipeline(1 << 16);

  // Error paths keep CUDA's codes and names through the translation.
  cudaError_t bad = launch_with_bad_configuration();
  if (bad != cudaErrorInvalidConfiguration) {
    std::printf("bad launch: %s, expected cudaErrorInvalidConfiguration\n", cudaGetErrorName(bad));
    ++failures;
  }
  if (cudaGetLastError() != cudaSuccess) {
    std::printf("the launch error was not cleared\n");
    ++failures;
  }
  float *nowhere = nullptr;
  cudaError_t copy = cudaMemcpy(nowhere, &failures, sizeof(int), cudaMemcpyHostToDevice);
  if (copy == cudaSuccess) {
    std::printf("a copy to a null pointer succeeded\n");
    ++failures;
  }
  (void)cudaGetLastError();
  if (std::strlen(cudaGetErrorString(cudaErrorInvalidValue)) == 0) {
    std::printf("empty error string\n");
    ++failures;
  }
  std::printf("%s\n", failures == 0 ? "PASSED" : "FAILED");
  return failures == 0 ? 0 : 1;
}
