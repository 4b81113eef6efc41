// RUN: %oxhipify -examine %s 2>&1 | FileCheck %s
// RUN: %oxhipify --print-stats-csv --no-output %s 2>&1 | FileCheck %s --check-prefix=CSV

// CHECK: [HIPIFY] info: file '{{.*}}stats.cu' statistics:
// CHECK-NEXT: CONVERTED refs count: 4
// CHECK-NEXT: UNCONVERTED refs count: 1
// CHECK: cudaMalloc => hipMalloc: 2
// CSV: converted;cudaMalloc;hipMalloc;CUDA RT API;memory management;2
// CSV: unconverted;cudaLogsCurrent;;CUDA RT API;

#include <cuda_runtime.h>
void f(void **p) {
  cudaMalloc(p, 4);
  cudaMalloc(p, 8);
  cudaFree(*p);
  cudaLogsCurrent(0, 0);
}
