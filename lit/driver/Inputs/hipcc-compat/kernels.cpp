// A HIP source named .cpp, as hipcc compiles it; a shared library for hipcc-compat.hip.
__global__ void add_one(int *values, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) values[i] += 1;
}

extern "C" int add_one_all(int *values, int n) {
  add_one<<<(n + 31) / 32, 32>>>(values, n);
  return hipDeviceSynchronize();
}
