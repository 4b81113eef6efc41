// RUN: %oxhipify %s -o - | grep -v '// CHECK' | FileCheck %s
// RUN: %oxhipify --roc %s -o - | grep -v '// CHECK' | FileCheck %s --check-prefix=ROC
// hipify-clang's own name flags: legacy cuBLAS names only with cublas_v2.h, HIP names under
// --roc where ROC has none, experimental names left in every mode; half2 members.
// See: issue 12

// CHECK: #include <hip/hip_runtime.h>
// CHECK-NEXT: #include <hipblas.h>
// ROC: #include <rocblas.h>
#include <cublas.h>
#include <cublasLt.h>
#include <cuda_fp16.h>

void f(int n, float alpha, const float *x, float *y, cublasLtHandle_t lt) {
  // CHECK: cublasSaxpy(n, alpha, x, 1, y, 1);
  // ROC: cublasSaxpy(n, alpha, x, 1, y, 1);
  cublasSaxpy(n, alpha, x, 1, y, 1);
  // CHECK: hipblasLtDestroy(lt);
  // ROC: hipblasLtDestroy(lt);
  cublasLtDestroy(lt);
}

__global__ void k(half2 h, half *out) {
  // CHECK: out[0] = reinterpret_cast<half&>(h.x);
  out[0] = h.x;
}
