// Path maps reach the device compiles as well as the host compile, so that `__FILE__` in
// device code (assert) and debug information do not name the build tree (docs/cmake.md,
// "Compiler caches"). See: issue 11.
// RUN: %oxhip --offload-arch=gfx942,sm_90 -ffile-prefix-map=/build/tree=. -c %s -o %t.o -### 2>&1 | FileCheck %s
// CHECK: "-cc1" "-triple" "amdgcn-amd-amdhsa"{{.*}} "-fmacro-prefix-map=/build/tree=."
// CHECK: "-cc1" "-triple" "nvptx64-nvidia-cuda"{{.*}} "-fmacro-prefix-map=/build/tree=."
// CHECK: "-cc1" "-triple" "x86_64-unknown-linux-gnu"{{.*}} "-fmacro-prefix-map=/build/tree=."
// RUN: %oxhip --offload-arch=gfx942 -fmacro-prefix-map=/src=. -c %s -o %t.o -### 2>&1 | FileCheck %s --check-prefix=MACRO
// MACRO: "-cc1" "-triple" "amdgcn-amd-amdhsa"{{.*}} "-fmacro-prefix-map=/src=."
#include <cassert>
__global__ void kernel(int *data) { assert(data[threadIdx.x] >= 0); }
