// The host side of a HIP or CUDA source is optimised by clang's -cc1, which runs the loop
// and SLP vectorizers only when asked (`-vectorize-loops`, `-vectorize-slp`): clang's driver
// asks at -O2, -O3 and -Os (the SLP one at -Oz too), and so does oxhip now. Before
// 2026-11-29 it never did, and host code such as HeCBench `atan2`'s reference loops ran
// scalar (its whole run 1.2x nvcc's with GCC as the host compiler).
// -fno-vectorize and -fno-slp-vectorize still turn them off.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %oxhip -O3 --offload-arch=sm_90 --cuda-host-only -S %s -o o3.s
// RUN: FileCheck %s --check-prefix=VEC < o3.s
// VEC-LABEL: _Z5scalePfPKfi:
// VEC: mulps
// VEC: ret
//
// RUN: %oxhip -O3 --offload-arch=sm_90 --cuda-host-only -S %s -o novec.s -fno-vectorize -fno-slp-vectorize
// RUN: FileCheck %s --check-prefix=SCALAR < novec.s
// SCALAR-LABEL: _Z5scalePfPKfi:
// SCALAR-NOT: mulps
// SCALAR: ret
//
// RUN: %oxhip -O3 --offload-arch=sm_90 -c %s -o o3.o -### 2>&1 | FileCheck %s --check-prefix=CC1
// CC1: "-triple" "x86_64-unknown-linux-gnu" {{.*}}"-O3" "-emit-obj" "-vectorize-loops" "-vectorize-slp"
// RUN: %oxhip -O1 --offload-arch=sm_90 -c %s -o o1.o -### 2>&1 | FileCheck %s --check-prefix=O1
// O1: "-triple" "x86_64-unknown-linux-gnu" {{.*}}"-O1" "-emit-obj"
// O1-NOT: "-vectorize-
#include <hip/hip_runtime.h>

void scale(float* out, const float* in, int n) {
  for (int i = 0; i < n; i++) out[i] = in[i] * 3.0f;
}

__global__ void kernel(float* p) { p[threadIdx.x] *= 2.0f; }
