// `-E -dM` lists the macros the host compile of a source sees, as with clang and hipcc.
//
// RUN: %oxhip -E -dM --offload-arch=sm_90 %s | FileCheck %s
// CHECK-DAG: #define OXHIP_LIT_MACRO 42
// CHECK-DAG: #define __HIP__ 1
// CHECK-DAG: #define __HIPCC__ 1
//
// A CUDA source sees the macros of CUDA's headers and nvcc.
// RUN: %oxhip -E -dM --offload-arch=sm_90 -x cu %s | FileCheck %s --check-prefix=CUDA
// CUDA-DAG: #define CUDART_VERSION 12060
// CUDA-DAG: #define __CUDACC_VER_MAJOR__ 12
#define OXHIP_LIT_MACRO 42
