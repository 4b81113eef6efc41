#include "kernels.h"

__global__ void reduce_kernel(const float *data, int n, float *sum) {
  __shared__ float partial[256];
  float own = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x) own += data[i];
  partial[threadIdx.x] = own;
  __syncthreads();
  for (int step = blockDim.x / 2; step > 0; step /= 2) {
    if (threadIdx.x < step) partial[threadIdx.x] += partial[threadIdx.x + step];
    __syncthreads();
  }
  if (threadIdx.x == 0) *sum = partial[0];
}

hipError_t reduce_sum(const float *data, int n, float *sum) {
  float *device_sum;
  hipError_t err = hipMalloc(&device_sum, sizeof(float));
  if (err != hipSuccess) return err;
  reduce_kernel<<<1, 256>>>(data, n, device_sum);
  err = hipMemcpy(sum, device_sum, sizeof(float), hipMemcpyDeviceToHost);
  (void)hipFree(device_sum);
  return err;
}
