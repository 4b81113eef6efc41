// The _system atomics are system-scoped on NVIDIA (`atom.sys`), so that host threads
// updating the same managed or mapped memory do not lose updates; the default ones are
// device-scoped and the _block ones no wider. LLVM lowers atomicrmw to `atom`'s default
// (.gpu) scope whatever its syncscope, so the headers write these in PTX.
//
// RUN: %oxhip --cuda-device-only -S -O2 --offload-arch=sm_90 %s -o - | FileCheck %s
// CHECK-LABEL: .entry _Z6systemPiPjPyPfPd(
// CHECK-DAG: atom.sys.add.u32
// CHECK-DAG: atom.sys.exch.b32
// CHECK-DAG: atom.sys.min.s32
// CHECK-DAG: atom.sys.max.u32
// CHECK-DAG: atom.sys.and.b32
// CHECK-DAG: atom.sys.or.b32
// CHECK-DAG: atom.sys.xor.b32
// CHECK-DAG: atom.sys.max.u64
// CHECK-DAG: atom.sys.add.f32
// CHECK-DAG: atom.sys.add.f64
// CHECK-DAG: atom.sys.inc.u32
// CHECK-DAG: atom.relaxed.sys{{.*}}cas.b32
// CHECK-NOT: atom.global.add
// CHECK: ret;
// CHECK-LABEL: .entry _Z6devicePi(
// CHECK-NOT: atom.sys
// CHECK: atom.global.add.u32
// CHECK: ret;
#include <hip/hip_runtime.h>

__global__ void system(int* i, unsigned* u, unsigned long long* w, float* f, double* d) {
  atomicAdd_system(i, 1);
  atomicExch_system(i + 1, 2);
  atomicMin_system(i + 2, 3);
  atomicMax_system(u, 4u);
  atomicAnd_system(i + 3, 5);
  atomicOr_system(i + 4, 6);
  atomicXor_system(i + 5, 7);
  atomicMax_system(w, 8ull);
  atomicAdd_system(f, 1.0f);
  atomicAdd_system(d, 1.0);
  atomicInc_system(u + 1, 9u);
  atomicCAS_system(i + 6, 0, 1);
}

__global__ void device(int* i) { atomicAdd(i, 1); }
