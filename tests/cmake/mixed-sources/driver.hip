#include <hip/hip_runtime.h>
void launch_iota(int *out, int n, int start);

int run_iota(int *out, int n) {
  launch_iota(out, n, 7);
  return hipDeviceSynchronize();
}
