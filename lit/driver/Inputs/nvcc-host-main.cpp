// Host code of a CUDA program, as nvcc compiles a .cpp: no kernels, the runtime API.
#include <cuda_runtime.h>
#include <cstdio>

void launch_fill(int *data, int n);

int main() {
  const int n = 64;
  int *device = nullptr;
  if (cudaMalloc(&device, n * sizeof(int)) != cudaSuccess) return 2;
  launch_fill(device, n);
  int host[n] = {};
  cudaError_t err = cudaMemcpy(host, device, sizeof(host), cudaMemcpyDeviceToHost);
  if (err != cudaSuccess) {
    std::printf("error: %s\n", cudaGetErrorString(err));
    return 3;
  }
  (void)cudaFree(device);
  int sum = 0;
  for (int value : host) sum += value;
  std::printf("sum %d\n", sum);
  return sum == n * (n - 1) / 2 ? 0 : 1;
}
