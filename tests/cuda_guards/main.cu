// A CUDA program that uses the helpers of include/helper_checks.h, each of which exists
// only when the guard of the CUDA header it needs is defined (tests/tests/cuda_guards.rs):
// without those guards it does not compile. Built with oxhip as CUDA, and translated by
// oxhipify and built as HIP.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cooperative_groups.h>

#include "helper_checks.h"

namespace cg = cooperative_groups;

__global__ void scale(const __half *in, float *out, int n) {
  cg::thread_block block = cg::this_thread_block();
  int i = blockIdx.x * blockDim.x + rankIn(block);
  if (i < n) out[i] = 2.0f * halfToFloat(in[i]);
}

int main() {
  findCudaDevice();
  const int n = 256;
  __half host_in[n];
  float host_out[n];
  for (int i = 0; i < n; ++i) host_in[i] = __float2half(float(i % 64));
  __half *in = nullptr;
  float *out = nullptr;
  checkCudaErrors(cudaMalloc(&in, n * sizeof(__half)));
  checkCudaErrors(cudaMalloc(&out, n * sizeof(float)));
  checkCudaErrors(cudaMemcpy(in, host_in, n * sizeof(__half), cudaMemcpyHostToDevice));
  scale<<<n / 64, 64>>>(in, out, n);
  getLastCudaError("scale");
  checkCudaErrors(cudaMemcpy(host_out, out, n * sizeof(float), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaFree(in));
  checkCudaErrors(cudaFree(out));
  int failures = 0;
  for (int i = 0; i < n; ++i) {
    if (host_out[i] != 2.0f * float(i % 64)) ++failures;
  }
  float3 ones = {1.0f, 1.0f, 1.0f};
  if (sumOf(ones) != 3.0f) ++failures;
  std::printf("%s\n", failures == 0 ? "PASSED" : "FAILED");
  return failures == 0 ? 0 : 1;
}
