// hipcc's behaviour where build scripts depend on it (docs/driver.md, "hipcc's command line
// and environment"). See: issue 11.
//
// C++ sources are HIP, as hipcc compiles them; `-x c++` keeps them C++.
// RUN: %oxhip --print-phases --offload-arch=host %S/Inputs/hipcc-compat/kernels.cpp 2>&1 | FileCheck %s --check-prefix=CXX-HIP
// CXX-HIP: 0: input, "{{.*}}kernels.cpp", hip
// RUN: %oxhip --print-phases -x c++ %S/Inputs/hipcc-compat/kernels.cpp 2>&1 | FileCheck %s --check-prefix=CXX-PLAIN
// RUN: env HIP_COMPILE_CXX_AS_HIP=0 %oxhip --print-phases %S/Inputs/hipcc-compat/kernels.cpp 2>&1 | FileCheck %s --check-prefix=CXX-PLAIN
// CXX-PLAIN: 0: input, "{{.*}}kernels.cpp", c++
//
// Response files, as CMake and ninja write them: quotes and backslashes as clang reads them,
// nested files relative to the file naming them.
// RUN: rm -rf %t && mkdir -p %t/rsp
// RUN: echo "'-DGREETING=\"from a response file\"' @inner.rsp" > %t/rsp/outer.rsp
// RUN: echo "--offload-arch=host -o %t/rsp/app" > %t/rsp/inner.rsp
// RUN: %oxhip @%t/rsp/outer.rsp %s
// RUN: %t/rsp/app | FileCheck %s --check-prefix=RSP
// RSP: from a response file 42
//
// -Xclang and -mllvm reach every -cc1, -Xarch_host and -Xarch_device one side.
// RUN: %oxhip -### --offload-arch=host -DGREETING='""' -Xclang -fno-rtti -mllvm -unroll-threshold=50 -Xarch_device -ffp-contract=off -Xarch_host -fno-exceptions %s 2>&1 | FileCheck %s --check-prefix=PASS
// (clang's own lines: the prelude PCH jobs, `oxhip -cc1pch …`, come before each and carry the
// same flags.)
// PASS:      {{^ "[^"]*}}" "-cc1" {{.*}}"-ffp-contract=off"{{.*}} "-fno-rtti" "-mllvm" "-unroll-threshold=50"
// PASS:      {{^ "[^"]*}}" "-cc1"
// PASS-NOT:  "-ffp-contract=off"
// PASS-NOT:  "-fcxx-exceptions"
// PASS-SAME: "-fno-rtti" "-mllvm" "-unroll-threshold=50"
//
// hipcc's environment: flags appended to every compile and to links, verbosity.
// RUN: env HIPCC_COMPILE_FLAGS_APPEND='-DGREETING="appended"' HIPCC_LINK_FLAGS_APPEND=-Wl,--no-undefined HIPCC_VERBOSE=7 HIP_PLATFORM=nvidia %oxhip --offload-arch=host %s -o %t/appended 2>&1 | FileCheck %s --check-prefix=ENV
// ENV:      hipcc-args: --offload-arch=host {{.*}}hipcc-compat.hip -o {{.*}}appended
// ENV:      warning: HIP_PLATFORM=nvidia has no effect
// ENV:      HIP_PATH=
// ENV:      HIP_LIB_PATH=
// ENV:      hipcc-cmd: {{.*}}"GREETING=\"appended\""
// ENV:      hipcc-cmd: {{.*}}"-Wl,--no-undefined"
// RUN: %t/appended | FileCheck %s --check-prefix=APPENDED
// APPENDED: appended 42
// The link flags are for links only.
// RUN: env HIPCC_LINK_FLAGS_APPEND=-lnothere %oxhip -c --offload-arch=host -DGREETING='""' %s -o %t/appended.o 2>&1 | count 0
//
// A -fPIC -shared library registers its kernels when a host program loads it with dlopen,
// and uses the program's runtime (one per process): memory from the program, launches in the
// library. A program built by plain clang against the shared runtime loads it too.
// RUN: %oxhip -fPIC -shared --offload-arch=host %S/Inputs/hipcc-compat/kernels.cpp -o %t/libkernels.so
// RUN: %oxhip -x c++ %S/Inputs/hipcc-compat/loader.cpp -o %t/loader
// RUN: %t/loader %t/libkernels.so | FileCheck %s --check-prefix=DLOPEN
// DLOPEN: PASSED
// RUN: %upstream-clang -x c++ -I%hip-include -D__HIP_PLATFORM_AMD__=1 %S/Inputs/hipcc-compat/loader.cpp -o %t/loader-clang -L%oxhip-dir -l:liboxhip_runtime.so -Wl,-rpath,%oxhip-dir -lstdc++
// RUN: %t/loader-clang %t/libkernels.so | FileCheck %s --check-prefix=DLOPEN
#include <cstdio>

__global__ void answer(int *out) { *out = 42; }

int main() {
  int *device, host = 0;
  (void)hipMalloc(&device, sizeof(int));
  answer<<<1, 1>>>(device);
  (void)hipMemcpy(&host, device, sizeof(int), hipMemcpyDeviceToHost);
  std::printf("%s %d\n", GREETING, host);
  return 0;
}
