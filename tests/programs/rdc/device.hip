// Device functions and variables that main.hip uses, and a static kernel of the same
// name as one there.
#include "../check.h"
#include "shared.h"

__device__ int table[kTable];
__device__ int launches = 0;
__device__ int transform(int x) { return 3 * x + 1; }

__global__ void fill(int* t) { t[threadIdx.x] = 10 * (int)threadIdx.x; }

void fill_table() {
  int* address = nullptr;
  CHECK(hipGetSymbolAddress((void**)&address, HIP_SYMBOL(table)));
  fill<<<1, kTable>>>(address);
  CHECK_LAUNCH();
}

static __global__ void local_kernel(int* out) { out[0] = 222; }

int other_local_kernel_result(int* scratch) {
  local_kernel<<<1, 1>>>(scratch);
  CHECK_LAUNCH();
  int value = 0;
  CHECK(hipMemcpy(&value, scratch, sizeof value, hipMemcpyDeviceToHost));
  return value;
}

int scaled_elsewhere(int* scratch) {
  scaled<<<1, 1>>>(scratch, 7);
  CHECK_LAUNCH();
  int value = 0;
  CHECK(hipMemcpy(&value, scratch, sizeof value, hipMemcpyDeviceToHost));
  return value;
}
