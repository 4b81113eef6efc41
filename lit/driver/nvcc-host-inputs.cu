// nvcc's semantics for inputs: in CUDA mode (a .cu input, `-x cu` or an nvcc-style
// flag) a .cpp or .c file is host code of the CUDA program: translated like the .cu
// (so it may call the CUDA runtime API), then compiled as plain C++ or C.
//
// RUN: %oxhip --print-phases -arch=sm_60 %s %S/Inputs/nvcc-host-main.cpp 2>&1 | FileCheck %s --check-prefix=PHASES
// PHASES:      0: input, "{{.*}}nvcc-host-inputs.cu", cuda
// PHASES-NEXT: 1: hipify, {0}, hip
// PHASES:      [[CPP:[0-9]+]]: input, "{{.*}}nvcc-host-main.cpp", cuda-c++
// PHASES-NEXT: {{[0-9]+}}: hipify, {[[CPP]]}, c++
// PHASES-NEXT: {{[0-9]+}}: compiler, {{{[0-9]+}}}, object, (host)
//
// An nvcc flag alone is enough; the translation compiles as plain C++.
// RUN: %oxhip -### -arch=sm_60 -c %S/Inputs/nvcc-host-main.cpp -o %t.o 2>&1 | FileCheck %s --check-prefix=JOBS
// JOBS:      oxhip" "-cc1hipify"
// JOBS-NEXT: "-x" "c++" {{.*}} "-c" "-o" "{{.*}}.o"
// JOBS-NOT:  "-cc1"
//
// Without CUDA mode a .cpp is HIP, as hipcc compiles it, and `-x c++` keeps it plain C++;
// neither is translated.
// RUN: %oxhip --print-phases --offload-arch=gfx942 %S/Inputs/nvcc-host-main.cpp 2>&1 | FileCheck %s --check-prefix=HIP
// HIP:     0: input, "{{.*}}nvcc-host-main.cpp", hip
// HIP-NOT: hipify
// RUN: %oxhip --print-phases --offload-arch=gfx942 -x c++ %S/Inputs/nvcc-host-main.cpp 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN:     0: input, "{{.*}}nvcc-host-main.cpp", c++
// PLAIN-NOT: hipify
//
// `-x cu` makes any file CUDA (device and host code).
// RUN: %oxhip --print-phases -x cu --offload-arch=sm_90 %S/Inputs/nvcc-host-main.cpp 2>&1 | FileCheck %s --check-prefix=XCU
// XCU:      0: input, "{{.*}}nvcc-host-main.cpp", cuda
// XCU-NEXT: 1: hipify, {0}, hip
// XCU-NEXT: 2: compiler, {1}, ir, (device-hip, sm_90)
//
// Dependencies of the translated .cpp name the original and its object.
// RUN: %oxhip -M -arch=sm_60 %S/Inputs/nvcc-host-main.cpp | FileCheck %s --check-prefix=DEPS
// DEPS:      nvcc-host-main.o:
// DEPS:      Inputs/nvcc-host-main.cpp
// DEPS-NOT: hipified
//
// The program builds and runs on the CPU target, as nvcc would build it for the GPU.
// RUN: %oxhip -arch=sm_60 --offload-arch=host -Xcompiler -Wall %s %S/Inputs/nvcc-host-main.cpp -o %t
// RUN: env OXHIP_VISIBLE_DEVICES=host %t | FileCheck %s --check-prefix=EXEC
// EXEC-NOT: error
// EXEC: sum 2016
#include <cuda_runtime.h>

__global__ void fill(int *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = i;
}

void launch_fill(int *data, int n) { fill<<<(n + 31) / 32, 32>>>(data, n); }
