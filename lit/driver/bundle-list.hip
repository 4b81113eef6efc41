// clang's own tool lists the targets of the bundle we write.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %oxhip --cuda-device-only --offload-arch=gfx942,gfx90a:xnack+:sramecc-,sm_90 %s -o %t/b.hipfb
// RUN: %clang-offload-bundler --list --type=o --input=%t/b.hipfb | sort | FileCheck %s

// CHECK:      hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack+
// CHECK-NEXT: hipv4-amdgcn-amd-amdhsa--gfx942
// CHECK-NEXT: hipv4-nvptx64-nvidia-cuda-unknown-sm_90
// CHECK-NEXT: host-x86_64-unknown-linux-gnu-
#include <hip/hip_runtime.h>

__global__ void fill(int* out, int value) { out[threadIdx.x] = value; }

// With --offload-compress the bundle is a CCOB file that clang's tool also lists.
// RUN: %oxhip --offload-compress --cuda-device-only --offload-arch=gfx942,sm_90 %s -o %t/c.hipfb
// RUN: head -c 4 %t/c.hipfb | FileCheck %s --check-prefix=MAGIC
// RUN: %clang-offload-bundler --list --type=o --input=%t/c.hipfb | sort | FileCheck %s --check-prefix=COMPRESSED
// MAGIC: CCOB
// COMPRESSED:      hipv4-amdgcn-amd-amdhsa--gfx942
// COMPRESSED-NEXT: hipv4-nvptx64-nvidia-cuda-unknown-sm_90
// COMPRESSED-NEXT: host-x86_64-unknown-linux-gnu-
