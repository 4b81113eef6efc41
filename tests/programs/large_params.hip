// Kernel parameters up to CUDA 12.1's 32,764 bytes and __constant__ memory up to its 64 KB:
// a 32,000-byte struct passed by value (with a pointer after it) and a 60,000-byte
// __constant__ table filled by hipMemcpyToSymbol, beside a kernel with small parameters in
// the same module. On the H200 this once failed with hipErrorInvalidKernelFile (PTX 7.8).
#include "check.h"

struct Large {
  int values[8000];  // 32,000 bytes
};

__constant__ float table[15000];  // 60,000 bytes

__global__ void read_large(Large large, const int* scale, long long* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= 8000) return;
  out[i] = (long long)large.values[i] * scale[0] + (long long)table[(i * 7) % 15000];
}

__global__ void small(int* value) { *value += 1; }

int main() {
  print_device("large_params");
  static Large large;
  static float host_table[15000];
  for (int i = 0; i < 8000; ++i) large.values[i] = 3 * i - 1000;
  for (int i = 0; i < 15000; ++i) host_table[i] = (float)(i % 977);
  CHECK(hipMemcpyToSymbol(HIP_SYMBOL(table), host_table, sizeof host_table));
  int *scale, *value;
  long long* out;
  CHECK(hipMalloc(&scale, sizeof(int)));
  CHECK(hipMalloc(&value, sizeof(int)));
  CHECK(hipMalloc(&out, 8000 * sizeof(long long)));
  const int five = 5, zero = 0;
  CHECK(hipMemcpy(scale, &five, sizeof five, hipMemcpyHostToDevice));
  CHECK(hipMemcpy(value, &zero, sizeof zero, hipMemcpyHostToDevice));
  read_large<<<8000 / 128 + 1, 128>>>(large, scale, out);
  CHECK_LAUNCH();
  // Changing the struct after the launch must not change what the launch saw.
  for (int i = 0; i < 8000; ++i) large.values[i] = -1;
  small<<<1, 1>>>(value);
  CHECK_LAUNCH();
  static long long host_out[8000];
  int host_value = 0;
  CHECK(hipMemcpy(host_out, out, sizeof host_out, hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(&host_value, value, sizeof host_value, hipMemcpyDeviceToHost));
  long long errors = 0;
  for (int i = 0; i < 8000; ++i) {
    long long want = (long long)(3 * i - 1000) * 5 + (long long)((i * 7) % 15000 % 977);
    if (host_out[i] != want && errors++ < 5)
      std::printf("out[%d] = %lld, want %lld\n", i, host_out[i], want);
  }
  float back[4];
  CHECK(hipMemcpyFromSymbol(back, HIP_SYMBOL(table), sizeof back, 14996 * sizeof(float)));
  for (int i = 0; i < 4; ++i)
    if (back[i] != (float)((14996 + i) % 977)) ++errors;
  if (host_value != 1) ++errors;
  CHECK(hipFree(scale));
  CHECK(hipFree(value));
  CHECK(hipFree(out));
  return finish("large_params", errors);
}
