// Included by the main source, as many CUDA programs do with their kernels.
__global__ void scale(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = twice(data[i]);
}
