// A CUDA kernel without __launch_bounds__ that needs more registers than a 512- or 1,024-thread
// block allows. When ptxas makes the cubin at build time, the driver reads the registers from
// `ptxas -v` and assembles the cubin again with the runtime's register-limited copies appended
// (`<kernel>__oxhip_maxnreg128` and `...64`), so that loading the cubin needs no JIT. The PTX
// the bundle carries stays as codegen wrote it, and -v's report never reaches the user.
//
// RUN: %if ptxas %{ rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && env OXHIP_PTXAS=%ptxas %oxhip -save-temps -O3 -arch=sm_90 -c %s -o x.o 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET %}
// QUIET-NOT: ptxas info
// QUIET-NOT: stack frame
// RUN: %if ptxas %{ %llvm-readelf --symbols %t.dir/ptxas-copies-hip-sm_90.cubin | FileCheck %s --check-prefix=CUBIN %}
// CUBIN-DAG: _Z5heavyPKjPji{{$}}
// CUBIN-DAG: _Z5heavyPKjPji__oxhip_maxnreg128{{$}}
// CUBIN-DAG: _Z5heavyPKjPji__oxhip_maxnreg64{{$}}
// CUBIN-NOT: _Z5lightPj__oxhip_maxnreg
// RUN: %if ptxas %{ FileCheck %s --check-prefix=PTX < %t.dir/ptxas-copies-hip-nvptx64-nvidia-cuda-sm_90.s %}
// PTX: .entry _Z5heavyPKjPji(
// PTX-NOT: __oxhip_maxnreg
#include <cuda_runtime.h>

#define STATE 128

__global__ void heavy(const unsigned int* seeds, unsigned int* out, int rounds) {
  unsigned int state[STATE];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
  for (int j = 0; j < STATE; ++j) state[j] = seeds[i * STATE + j] * 2654435761u + (unsigned int)j;
  for (int round = 0; round < rounds; ++round) {
    unsigned int first = state[0];
#pragma unroll
    for (int j = 0; j < STATE - 1; ++j) state[j] = (state[j] ^ (state[j + 1] >> 3)) + state[(j * 37 + 11) % STATE];
    state[STATE - 1] = (state[STATE - 1] ^ (first >> 3)) + (unsigned int)round;
  }
  unsigned int folded = 0;
#pragma unroll
  for (int j = 0; j < STATE; ++j) folded = folded * 31u + state[j];
  out[i] = folded;
}

__global__ void light(unsigned int* out) { out[threadIdx.x] += 1; }
