#include <cstdio>

extern __device__ float scale(float value);

__global__ void apply(float* values) { values[threadIdx.x] = scale(values[threadIdx.x]); }

int main() {
  float host[32];
  for (int i = 0; i < 32; ++i) host[i] = (float)i;
  float* device;
  cudaMalloc(&device, sizeof host);
  cudaMemcpy(device, host, sizeof host, cudaMemcpyHostToDevice);
  apply<<<1, 32>>>(device);
  cudaMemcpy(host, device, sizeof host, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 32; ++i) {
    if (host[i] != 3.0f * i) {
      std::printf("FAILED at %d: %f\n", i, host[i]);
      return 1;
    }
  }
  std::printf("PASSED\n");
  return 0;
}
