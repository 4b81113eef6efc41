// The lines `-###` prints are commands: run as a shell script they build the
// same program, in-process jobs included (`oxhip -cc1codegen`, `-cc1bundle`).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %oxhip -### -save-temps --offload-arch=host,gfx942,sm_90 %s -o %t/app 2> %t/jobs.sh
// RUN: sh -e %t/jobs.sh
// RUN: %clang-offload-bundler --list --type=o --input=%t/replay-jobs-hip.hipfb | sort | FileCheck %s --check-prefix=LIST
// LIST:      hipv4-amdgcn-amd-amdhsa--gfx942
// LIST-NEXT: hipv4-nvptx64-nvidia-cuda-unknown-sm_90
// LIST-NEXT: hipv4-x86_64-unknown-linux-gnu-
// LIST-NEXT: host-x86_64-unknown-linux-gnu-
// RUN: env OXHIP_VISIBLE_DEVICES=host %t/app | FileCheck %s
// CHECK: PASSED
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void twice(int* data) { data[threadIdx.x] *= 2; }

int main() {
  int host[64];
  for (int i = 0; i < 64; ++i) host[i] = i;
  int* device = nullptr;
  if (hipMalloc((void**)&device, sizeof host) != hipSuccess) return 1;
  if (hipMemcpy(device, host, sizeof host, hipMemcpyHostToDevice) != hipSuccess) return 1;
  twice<<<1, 64>>>(device);
  if (hipMemcpy(host, device, sizeof host, hipMemcpyDeviceToHost) != hipSuccess) return 1;
  for (int i = 0; i < 64; ++i)
    if (host[i] != 2 * i) return 1;
  std::printf("PASSED\n");
  return 0;
}
