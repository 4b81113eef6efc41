// printf from device code: every thread of a small launch prints one line; the
// test harness on the CPU target checks the lines ("device_printf: thread ...").
// Also device-side assert on a condition that holds.
#include "check.h"
#include <cassert>

__global__ void hello(int base) {
  assert(base == 40);
  printf("device_printf: thread %d of block %d says %d\n", (int)threadIdx.x, (int)blockIdx.x,
         base + (int)threadIdx.x);
}

int main() {
  print_device("device_printf");
  hello<<<2, 2>>>(40);
  CHECK_LAUNCH();
  return finish("device_printf", 0);
}
