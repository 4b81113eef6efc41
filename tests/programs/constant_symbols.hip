// __constant__ variables written from the host with hipMemcpyToSymbol and read by kernels:
// an array without initializer, a static one with an initializer that the host replaces,
// and a struct, each read back with hipMemcpyFromSymbol. On the CPU device these once
// landed in the image's read-only data (the copy faulted) and the static one's initial
// value was folded into the kernel.
#include "check.h"

struct Params {
  int scale;
  float offset;
};

__constant__ char directions[81];
static __constant__ int priorities[3] = {1, 2, 3};
__constant__ Params params;

__global__ void gather(int* out) {
  int i = threadIdx.x;
  out[i] = directions[i] * priorities[i % 3] * params.scale + (int)params.offset;
}

int main() {
  print_device("constant_symbols");
  char host_directions[81];
  for (int i = 0; i < 81; ++i) host_directions[i] = (char)(i % 7 - 3);
  int host_priorities[3] = {10, 20, 30};
  Params host_params = {2, 5.0f};
  CHECK(hipMemcpyToSymbol(HIP_SYMBOL(directions), host_directions, 57, 0, hipMemcpyHostToDevice));
  CHECK(hipMemcpyToSymbol(HIP_SYMBOL(directions), host_directions + 57, 24, 57, hipMemcpyHostToDevice));
  CHECK(hipMemcpyToSymbol(HIP_SYMBOL(priorities), host_priorities, sizeof(host_priorities)));
  CHECK(hipMemcpyToSymbol(HIP_SYMBOL(params), &host_params, sizeof(Params)));
  int* out = nullptr;
  CHECK(hipMalloc(&out, 81 * sizeof(int)));
  gather<<<1, 81>>>(out);
  CHECK_LAUNCH();
  int result[81];
  CHECK(hipMemcpy(result, out, sizeof(result), hipMemcpyDeviceToHost));
  int errors = 0;
  for (int i = 0; i < 81; ++i) {
    int expected = host_directions[i] * host_priorities[i % 3] * 2 + 5;
    if (result[i] != expected) {
      if (errors++ < 5) std::printf("out[%d] = %d, expected %d\n", i, result[i], expected);
    }
  }
  int back[3] = {0, 0, 0};
  CHECK(hipMemcpyFromSymbol(back, HIP_SYMBOL(priorities), sizeof(back)));
  if (back[0] != 10 || back[1] != 20 || back[2] != 30) ++errors;
  CHECK(hipFree(out));
  std::printf("constant_symbols: %s\n", errors ? "FAILED" : "PASSED");
  return errors ? 1 : 0;
}
