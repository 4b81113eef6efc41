#ifndef __HIP__
#error "oxhip compiles .cpp files as HIP, as hipcc does"
#endif

__global__ void square(int *values, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) values[i] *= values[i];
}

int square_all(int *values, int n) {
  int *device;
  if (hipMalloc(&device, n * sizeof(int)) != hipSuccess) return 1;
  (void)hipMemcpy(device, values, n * sizeof(int), hipMemcpyHostToDevice);
  square<<<(n + 63) / 64, 64>>>(device, n);
  (void)hipMemcpy(values, device, n * sizeof(int), hipMemcpyDeviceToHost);
  return hipFree(device);
}
