// Relocatable device code (-fgpu-rdc): kernels here call device functions and use device
// variables defined in other translation units; a static kernel of the same name exists in
// two units; a template kernel is instantiated in both. Built with -fgpu-rdc -c per file
// and linked with -fgpu-rdc.
#include "../check.h"
#include "shared.h"

__global__ void apply(int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = transform(i) + table[i % kTable];
  if (i == 0) atomicAdd(&launches, 1);
}

static __global__ void local_kernel(int* out) { out[0] = 111; }

int main() {
  const int n = 256;
  int* out;
  CHECK(hipMalloc(&out, n * sizeof(int)));
  fill_table();
  apply<<<n / 64, 64>>>(out, n);
  CHECK_LAUNCH();
  int host[n];
  CHECK(hipMemcpy(host, out, sizeof host, hipMemcpyDeviceToHost));
  long long errors = 0;
  for (int i = 0; i < n; ++i) {
    int want = 3 * i + 1 + 10 * (i % kTable);
    if (host[i] != want) {
      if (errors < 5) std::printf("out[%d] = %d, want %d\n", i, host[i], want);
      ++errors;
    }
  }
  local_kernel<<<1, 1>>>(out);
  CHECK_LAUNCH();
  int local = 0;
  CHECK(hipMemcpy(&local, out, sizeof local, hipMemcpyDeviceToHost));
  if (local != 111) ++errors;
  if (other_local_kernel_result(out) != 222) ++errors;
  scaled<<<1, 1>>>(out, 5);
  CHECK_LAUNCH();
  CHECK(hipMemcpy(&local, out, sizeof local, hipMemcpyDeviceToHost));
  if (local != 10) ++errors;
  if (scaled_elsewhere(out) != 14) ++errors;
  int count = 0;
  CHECK(hipMemcpyFromSymbol(&count, HIP_SYMBOL(launches), sizeof count));
  if (count != 1) {
    std::printf("launches = %d\n", count);
    ++errors;
  }
  CHECK(hipFree(out));
  return finish("rdc", errors);
}
