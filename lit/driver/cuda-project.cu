// Whole-program translation: the user files a CUDA source reaches through #include (its
// own directory, -I) are translated with it and put in place of the originals through a
// virtual file system overlay. Diagnostics, __FILE__ and -M name the originals; nothing
// is written next to them. CUDA's guard and version macros are defined.
//
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cp -r %S/Inputs/cuda-project %t.dir/p && cp %s %t.dir/p/main.cu
// RUN: cd %t.dir/p && %oxhip -Iinclude --offload-arch=sm_90,host main.cu -o %t.dir/app
// RUN: env OXHIP_VISIBLE_DEVICES=cpu %t.dir/app | FileCheck %s --check-prefix=EXEC
// RUN: ls -A %t.dir/p %t.dir/p/include | FileCheck %s --check-prefix=FILES
// EXEC-NOT: error
// EXEC: header include/check.cuh
// EXEC: PASSED
// FILES:      include
// FILES-NEXT: kernels.cu
// FILES-NEXT: main.cu
// FILES-EMPTY:
// FILES-NEXT: {{.*}}include:
// FILES-NEXT: check.cuh
// FILES-NEXT: device_ops.cuh
// FILES-EMPTY:
//
// RUN: cd %t.dir/p && %oxhip -M -Iinclude main.cu | FileCheck %s --check-prefix=DEPS
// DEPS: main.o: main.cu
// DEPS: include/check.cuh
// DEPS: include/device_ops.cuh
// DEPS: kernels.cu
// DEPS-NOT: .sources
//
// An error inside a translated header names the header and its line, in its CUDA spelling.
// RUN: cd %t.dir/p && not %oxhip -Iinclude -DBROKEN_HEADER --offload-arch=host -c main.cu -o %t.o 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: include/check.cuh:26:{{[0-9]+}}: error: no matching function for call to 'hipStreamCreate'
// ERR-NOT: .sources
//
// No warning nvcc would not give: no [[nodiscard]] on cudaError_t, no portability advice.
// RUN: cd %t.dir/p && %oxhip -Iinclude --offload-arch=sm_90,gfx942,host -Wall -c main.cu -o %t.o 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// QUIET-NOT: warning
//
// The CUDA macros, on the device side as well.
// RUN: cd %t.dir/p && %oxhip -Iinclude --cuda-device-only --offload-arch=sm_90 -E main.cu | FileCheck %s --check-prefix=MACROS
// MACROS: "cudart " "12060" " cuda " "12060" " nvcc " "12" "." "6"
#include "check.cuh"
#include "kernels.cu"

#define STR2(x) #x
#define STR(x) STR2(x)
const char *versions = "cudart " STR(CUDART_VERSION) " cuda " STR(CUDA_VERSION) " nvcc " STR(__CUDACC_VER_MAJOR__) "." STR(__CUDACC_VER_MINOR__);

int main() {
  const int n = 256;
  float host[n];
  for (int i = 0; i < n; ++i) host[i] = float(i);
  float *device = nullptr;
  CHECK(cudaMalloc(&device, n * sizeof(float)));
  CHECK(cudaMemcpy(device, host, n * sizeof(float), cudaMemcpyHostToDevice));
  scale<<<(n + 127) / 128, 128>>>(device, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(host, device, n * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(device));
  cudaGetLastError();
  cudaDeviceProp props;
  CHECK(cudaGetDeviceProperties(&props, 0));
  for (int i = 0; i < n; ++i) {
    if (host[i] != 2.0f * float(i)) {
      std::printf("FAILED at %d\n", i);
      return 1;
    }
  }
  std::printf("header %s\n", check_header_file());
  std::printf("PASSED\n");
  return 0;
}
