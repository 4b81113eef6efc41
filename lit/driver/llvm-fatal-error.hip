// An LLVM fatal error in a device compile (here: a libm builtin NVPTX cannot select) ends
// oxhip with a message naming the target and status 1, and never hangs: the handler must
// not wait for the stderr lock the driver's main thread holds.
//
// RUN: not timeout 120 %oxhip --cuda-device-only -S --offload-arch=sm_90 %s -o %t.s 2>&1 | FileCheck %s
// CHECK: error: LLVM failed while compiling for sm_90:
__global__ void k(float *p) { p[0] = __builtin_expf(p[0]); }
