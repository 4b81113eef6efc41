// The host link uses LLVM's lld (oxhip needs it for AMD code objects anyway): GNU ld takes
// 0.4 s to read the static runtime's archive, lld 0.1 s (docs/compile-time.md). A linker the
// user names with -fuse-ld= or --ld-path= replaces it, and reaches the link (before, -fuse-ld=
// was dropped there).
//
// RUN: %oxhip -### --offload-arch=host %s -o %t 2>&1 | FileCheck %s --check-prefix=LLD
// LLD: clang-22" "--ld-path={{[^"]*}}ld.lld{{[^"]*}}" "-Wl,--gc-sections"
// RUN: %oxhip -### -fuse-ld=bfd --offload-arch=host %s -o %t 2>&1 | FileCheck %s --check-prefix=BFD
// BFD: clang-22" "-fuse-ld=bfd" "-Wl,--gc-sections"
// BFD-NOT: --ld-path
// RUN: %oxhip -### --ld-path=/usr/bin/ld.bfd --offload-arch=host %s -o %t 2>&1 | FileCheck %s --check-prefix=PATH
// PATH: clang-22" "--ld-path=/usr/bin/ld.bfd" "-Wl,--gc-sections"
// PATH-NOT: ld.lld
//
// Both link and run.
// RUN: %oxhip -O2 --offload-arch=host %s -o %t-lld && env OXHIP_VISIBLE_DEVICES=cpu %t-lld | FileCheck %s --check-prefix=RUNS
// RUN: %oxhip -O2 -fuse-ld=bfd --offload-arch=host %s -o %t-bfd && env OXHIP_VISIBLE_DEVICES=cpu %t-bfd | FileCheck %s --check-prefix=RUNS
// RUNS: host-linker: PASSED
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void fill(int* data) { data[threadIdx.x] = 3 * threadIdx.x; }

int main() {
  int* device;
  int host[32];
  if (hipMalloc(&device, sizeof host) != hipSuccess) return 1;
  fill<<<1, 32>>>(device);
  if (hipMemcpy(host, device, sizeof host, hipMemcpyDeviceToHost) != hipSuccess) return 1;
  int wrong = 0;
  for (int i = 0; i < 32; ++i) wrong += host[i] != 3 * i;
  std::printf("host-linker: %s\n", wrong ? "FAILED" : "PASSED");
  return wrong != 0;
}
