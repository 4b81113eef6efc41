// A diagnostic that every offload pass prints is shown once, and the summary names the
// passes that produced it; one that only some passes print keeps its own summary line.
//
// RUN: %oxhip -Wall --offload-arch=gfx942,sm_90,host -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK:     diagnostics-once.hip:[[# @LINE + 9]]:{{[0-9]+}}: warning: unused variable 'everywhere'
// CHECK-NOT: unused variable 'everywhere'
// CHECK:     diagnostics-once.hip:[[# @LINE + 13]]:{{[0-9]+}}: warning: unused variable 'nvidia_only'
// CHECK-NOT: unused variable
// CHECK:     1 warning generated when compiling for gfx942, sm_90, x86-64 and host.
// CHECK-NEXT: 1 warning generated when compiling for sm_90.
// CHECK-NOT: generated

__global__ void kernel(int *out) {
  int everywhere;
  out[0] = 1;
}

#if defined(__NVPTX__)
__device__ void nvidia(int *out) {
  int nvidia_only;
  out[0] = 2;
}
#endif
