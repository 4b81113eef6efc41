// HIP lets a kernel without __launch_bounds__ take blocks of up to 1024 threads (AMD compiles
// for that), so on NVIDIA such a HIP kernel gets .maxntid 1024 and the JIT keeps its registers
// within what a 1024-thread block can hold; bounds the source gives are kept, and CUDA
// kernels stay unbounded, as under nvcc. Also through -fgpu-rdc's device link.
//
// RUN: %oxhip --offload-arch=sm_90 --cuda-device-only -S %s -o - | FileCheck %s --check-prefix=HIP
// HIP-LABEL: .entry _Z7boundedPf(
// HIP: .maxntid 256
// HIP-NEXT: .minnctapersm 2
// HIP-LABEL: .entry _Z9unboundedPf(
// HIP: .maxntid 1024
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed '/hip_runtime/d' %s > %t/plain.cu
// RUN: %oxhip --offload-arch=sm_90 --cuda-device-only -S %t/plain.cu -o - | FileCheck %s --check-prefix=CUDA
// CUDA-LABEL: .entry _Z7boundedPf(
// CUDA: .maxntid 256
// CUDA-LABEL: .entry _Z9unboundedPf(
// CUDA-NOT: .maxntid
//
// RUN: %oxhip --offload-arch=sm_90 -fgpu-rdc -c %s -o %t/rdc.o
// RUN: cd %t && %oxhip --offload-arch=sm_90 -fgpu-rdc -shared rdc.o -save-temps -o %t/librdc.so
// RUN: cat %t/rdc-hip-nvptx64-nvidia-cuda-sm_90.rdc.s | FileCheck %s --check-prefix=HIP
#include <hip/hip_runtime.h>
__global__ void __launch_bounds__(256, 2) bounded(float* x) { x[threadIdx.x] = 1; }
__global__ void unbounded(float* x) { x[threadIdx.x] = 2; }
