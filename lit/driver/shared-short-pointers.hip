// Shared memory is addressed with 32-bit registers on NVIDIA, as in nvcc's PTX: the front
// end, the code generator and the device library all use 32-bit pointers for the shared,
// constant and local spaces (`-fcuda-short-ptr`), so a shared access is one `ld.shared` or
// `st.shared` on a 32-bit address, not a 64-bit conversion, shift and add before each. The
// device library links under the same layout (powf and sinf come from it).
//
// RUN: %oxhip --cuda-device-only -S -O2 --offload-arch=sm_90 %s -o - | FileCheck %s
// CHECK-LABEL: .entry _Z7reversePfii(
// CHECK: st.shared.b32 [%r{{[0-9]+}}{{(\+[0-9]+)?}}], %r{{[0-9]+}};
// CHECK: {{bar|barrier}}.sync
// CHECK: ld.shared.b32 %r{{[0-9]+}}, [%r{{[0-9]+}}{{(\+[0-9]+)?}}];
// CHECK-NOT: cvt.u64.u32
// CHECK: ret;
// CHECK-LABEL: .entry _Z6offsetPm(
// CHECK: mov.{{b|u}}32 %r{{[0-9]+}}, _ZZ6offsetPmE4tile;
// CHECK: cvt.u64.u32
// CHECK: ret;
#include <hip/hip_runtime.h>

__global__ void reverse(float* data, int n, int k) {
  __shared__ float tile[256];
  int i = threadIdx.x;
  tile[i] = powf(data[i], (float)k) + sinf(data[i]);
  __syncthreads();
  data[i] = tile[n - 1 - i];
}

// __cvta_generic_to_shared: the 32-bit shared address, widened to size_t.
__global__ void offset(size_t* out) {
  __shared__ int tile[64];
  out[threadIdx.x] = __cvta_generic_to_shared(&tile[threadIdx.x]);
}
