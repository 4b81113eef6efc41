// NVPTX at -O2/-O3: a helper given a pointer into a caller's small local array is inlined
// into it, and the loops whose counters index such arrays are unrolled whole, so that the
// arrays become registers, as nvcc's are (codegen's local_arrays; HeCBench `kalman`, 8x8
// matrices multiplied in a helper: its kernel at 1.13x nvcc's time with the arrays in local
// memory, 0.80x of nvcc's whole run with this). LLVM alone unrolls and then refuses to inline
// the helper (too large), and the arrays stay in local memory (`ld.local`).
// See: issue 26, item 5 (docs/compat.md, "Time against nvcc").
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %oxhip -O3 --offload-arch=sm_90 --cuda-device-only -S %s -o out.s
// RUN: FileCheck %s < out.s
//
// The 8x8 product in `product` is inlined and unrolled: no local memory and no call (the
// loop over `steps` stays).
// CHECK-LABEL: .entry _Z5chainPKdPdi(
// CHECK-NOT: .local
// CHECK-NOT: call.uni
// CHECK: ret;
//
// A `__noinline__` helper stays a call, its arrays in local memory.
// CHECK-LABEL: .entry _Z4keptPKdPdi(
// CHECK: .local
// CHECK: call.uni
//
// A loop the user asked not to unroll stays a loop.
// CHECK-LABEL: .entry _Z6pinnedPKdPdi(
// CHECK: bra
//
// Without the rule (oxhip of 2026-11-30 morning), `chain` read its arrays with 80 `ld.local`.
#include <hip/hip_runtime.h>

template <int n, bool transposed = false>
__device__ void product(const double* a, const double* b, double* out) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double sum = 0.0;
      for (int k = 0; k < n; k++) sum += a[i + k * n] * (transposed ? b[j + k * n] : b[k + j * n]);
      out[i + j * n] = sum;
    }
}

template <int n>
__device__ __noinline__ void product_kept(const double* a, const double* b, double* out) {
  for (int i = 0; i < n * n; i++) out[i] = a[i] * b[(i * 7) % (n * n)];
}

__global__ void chain(const double* in, double* out, int steps) {
  double a[64], b[64], c[64], d[64];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < 64; i++) {
    a[i] = in[t * 64 + i];
    b[i] = in[(t + 1) * 64 + i];
  }
  for (int s = 0; s < steps; s++) {
    product<8>(a, b, c);
    product<8, true>(c, b, d);
    for (int i = 0; i < 64; i++) a[i] = d[i] + in[i];
  }
  for (int i = 0; i < 64; i++) out[t * 64 + i] = a[i];
}

__global__ void kept(const double* in, double* out, int steps) {
  double a[64], b[64], c[64];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < 64; i++) {
    a[i] = in[t * 64 + i];
    b[i] = in[(t + 1) * 64 + i];
  }
  product_kept<8>(a, b, c);
  for (int i = 0; i < 64; i++) out[t * 64 + i] = c[i];
}

__global__ void pinned(const double* in, double* out, int n) {
  double a[16];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll 1
  for (int i = 0; i < 16; i++) a[i] = in[t * 16 + i];
  double sum = 0.0;
  for (int i = 0; i < 16; i++) sum += a[(i * 5) % 16];
  out[t] = sum;
}
