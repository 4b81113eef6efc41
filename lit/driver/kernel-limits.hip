// What an NVIDIA GPU cannot hold is a compile-time error naming the kernel or the variables
// (not hipErrorInvalidKernelFile from the driver's JIT when the program runs), and a kernel
// with more than 4 KB of parameters gets PTX ISA 8.1, which allows 32,764 bytes from sm_70 on.
// AMD GPUs and the CPU target take both (their kernel arguments and constants are in global
// memory).
//
// RUN: %oxhip -DPARAM_INTS=8000 --offload-arch=sm_90 --cuda-device-only -S %s -o - | FileCheck %s --check-prefix=BIG
// BIG: .version 8.1
// BIG: .param .align 4 .b8 {{.*}}[32000]
//
// A module without large parameters keeps the floor (older drivers load it).
// RUN: %oxhip -DPARAM_INTS=64 --offload-arch=sm_90 --cuda-device-only -S %s -o - | FileCheck %s --check-prefix=SMALL
// SMALL: .version 7.8
//
// RUN: not %oxhip -DPARAM_INTS=9000 --offload-arch=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=TOO-BIG
// TOO-BIG: error: compiling for `sm_90`: kernel `uses(Params, int*)` takes 36008 bytes of parameters, more than the 32764 that sm_90 allows
// RUN: not %oxhip -DPARAM_INTS=2000 --offload-arch=sm_60 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=PASCAL
// PASCAL: error: compiling for `sm_60`: kernel `uses(Params, int*)` takes 8008 bytes of parameters, more than the 4352 that sm_60 allows (32764 from sm_70 on)
//
// RUN: not %oxhip -DPARAM_INTS=64 -DTABLE_FLOATS=17000 --offload-arch=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=CONSTANT
// CONSTANT: error: compiling for `sm_90`: the `__constant__` variables of this translation unit take 68096 bytes, more than the 65536 of constant memory that sm_90 has (largest: `table`, 68000 bytes, `second`, 96 bytes)
//
// RUN: %oxhip -DPARAM_INTS=9000 -DTABLE_FLOATS=17000 --offload-arch=gfx942,host -c %s -o %t.o
#include <hip/hip_runtime.h>
#ifndef TABLE_FLOATS
#define TABLE_FLOATS 16
#endif
struct Params {
  int values[PARAM_INTS];
};
__constant__ float table[TABLE_FLOATS];
__constant__ int second[24];
__global__ void uses(Params params, int* out) {
  out[threadIdx.x] = params.values[threadIdx.x] + (int)table[threadIdx.x] + second[threadIdx.x % 24];
}
