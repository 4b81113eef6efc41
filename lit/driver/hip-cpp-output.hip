// A HIP source's `-E` output compiles as HIP (`-x hip-cpp-output`, `-x cuda-cpp-output`, or a
// `.hipi` or `.cui` name, as with clang): each side compiles its own entry of the text bundle,
// without the preprocessor and without the runtime header again, and the object is byte for byte
// the one a compile of the source makes (sccache's distributed mode preprocesses here and compiles
// on a build server, under the source's name: tests/cmake/sccache-dist.sh). Without
// `--offload-arch` the targets are the ones the file was preprocessed for, not the GPUs of the
// compiling machine. A side the file lacks is an error that names what it has.
//
// RUN: rm -rf %t && mkdir -p %t/here %t/remote
// RUN: cp %s %t/here/kernel.hip
// RUN: cd %t/here && %oxhip --offload-arch=gfx942,sm_90,host -c kernel.hip -o kernel.o
// RUN: cd %t/here && %oxhip --offload-arch=gfx942,sm_90,host -E kernel.hip -o %t/remote/kernel.hip
// RUN: cd %t/remote && %oxhip --offload-arch=gfx942,sm_90,host -x hip-cpp-output -c kernel.hip -o kernel.o
// RUN: cmp %t/here/kernel.o %t/remote/kernel.o
// The same without --offload-arch: the bundle's targets.
// RUN: cd %t/remote && %oxhip -x hip-cpp-output -c kernel.hip -o kernel.o
// RUN: cmp %t/here/kernel.o %t/remote/kernel.o
// RUN: cd %t/remote && %oxhip -### -x hip-cpp-output -c kernel.hip -o kernel.o 2>&1 | FileCheck %s --check-prefix=JOBS
// JOBS: "-cc1selectside" "-side=hip-amdgcn-amd-amdhsa--gfx942" "-o" "{{[^"]*}}kernel-hip-amdgcn-amd-amdhsa-gfx942.hipi" "kernel.hip"
// JOBS: "-cc1" "-triple" "amdgcn-amd-amdhsa"
// JOBS-NOT: "-include" "hip/hip_runtime.h"
// JOBS-SAME: "-main-file-name" "kernel.hip"
// JOBS-SAME: "-x" "hip-cpp-output" "{{[^"]*}}kernel-hip-amdgcn-amd-amdhsa-gfx942.hipi"
// JOBS: "-cc1selectside" "-side=hip-nvptx64-nvidia-cuda-unknown-sm_90"
// JOBS: "-cc1selectside" "-side=hip-x86_64-unknown-linux-gnu-"
// JOBS: "-cc1selectside" "-side=host-x86_64-unknown-linux-gnu-"
// JOBS: "-cc1" "-triple" "x86_64-unknown-linux-gnu" "-aux-triple" "amdgcn-amd-amdhsa"
// JOBS-SAME: "-x" "hip-cpp-output"
//
// A subset of the sides, by name: .hipi, and CUDA's spelling.
// RUN: cp %t/remote/kernel.hip %t/remote/kernel.hipi
// RUN: cd %t/remote && %oxhip --offload-arch=sm_90 -c kernel.hipi -o sm90.o
// RUN: cd %t/remote && %oxhip -### --offload-arch=sm_90 -c kernel.hipi -o sm90.o 2>&1 | FileCheck %s --check-prefix=SM90
// SM90-NOT: gfx942
// SM90: "-cc1selectside" "-side=hip-nvptx64-nvidia-cuda-unknown-sm_90"
// SM90-NOT: gfx942
// SM90: "-cc1selectside" "-side=host-x86_64-unknown-linux-gnu-"
// SM90-NOT: gfx942
// RUN: cd %t/remote && %oxhip --offload-arch=host -x cuda-cpp-output -c kernel.hipi -o host.o
// RUN: cd %t/remote && %oxhip host.o -o host
// RUN: env OXHIP_VISIBLE_DEVICES=cpu %t/remote/host | FileCheck %s --check-prefix=PROGRAM
// RUN: cd %t/here && %oxhip kernel.o -o kernel
// RUN: env OXHIP_VISIBLE_DEVICES=cpu %t/here/kernel | FileCheck %s --check-prefix=PROGRAM
// RUN: %oxhip --offload-arch=host %t/remote/kernel.hipi -o %t/remote/linked
// RUN: env OXHIP_VISIBLE_DEVICES=cpu %t/remote/linked | FileCheck %s --check-prefix=PROGRAM
// PROGRAM: OUT: café 42 7
// PROGRAM-NOT: FAIL
//
// A side the file lacks.
// RUN: cd %t/remote && not %oxhip --offload-arch=gfx90a,sm_90 -x hip-cpp-output -c kernel.hip -o missing.o 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: `{{.*}}kernel.hip` holds no preprocessed text for `gfx90a` (it has the host side, `gfx942`, `sm_90`, `host`)
// MISSING: preprocess with the same `--offload-arch` list as the compile
// RUN: test ! -e %t/remote/missing.o
//
// One side's `-E` output compiles for that side alone, and is no bundle for the others.
// RUN: cd %t/here && %oxhip --offload-arch=gfx942 --cuda-host-only -E kernel.hip -o %t/host-side.hipi
// RUN: %oxhip --offload-arch=gfx942 --cuda-host-only -c %t/host-side.hipi -o %t/host-side.o
// RUN: llvm-nm %t/host-side.o | FileCheck %s --check-prefix=HOSTSIDE
// HOSTSIDE: T main
// RUN: not %oxhip --offload-arch=gfx942 -c %t/host-side.hipi -o %t/both.o 2>&1 | FileCheck %s --check-prefix=ONESIDE
// ONESIDE: error: `{{.*}}host-side.hipi` holds no preprocessed text for `gfx942`: it is one side's `-E` output, not a bundle of every side's
// RUN: test ! -e %t/both.o
//
// The compile of the `-E` output reads no header: the text holds them.
// RUN: mkdir -p %t/noheaders && cp %t/remote/kernel.hip %t/noheaders/kernel.hip
// RUN: cd %t/noheaders && env OXHIP_INCLUDE_DIR=%t/nowhere %oxhip --offload-arch=gfx942,sm_90,host -x hip-cpp-output -c kernel.hip -o kernel.o
// RUN: cmp %t/here/kernel.o %t/noheaders/kernel.o
#include <hip/hip_runtime.h>
#include <cstdio>
#include <string>

// A global with a constructor: its initialiser is named after the source (`-main-file-name`).
static std::string greeting = "caf\xc3\xa9";
#define ANSWER 42

__global__ void fill(int* out) { out[threadIdx.x] = ANSWER + static_cast<int>(threadIdx.x); }

int main() {
  int* device = nullptr;
  int host[8] = {};
  if (hipMalloc(&device, sizeof host) != hipSuccess) return 1;
  fill<<<1, 8>>>(device);
  if (hipMemcpy(host, device, sizeof host, hipMemcpyDeviceToHost) != hipSuccess) return 1;
  printf("OUT: %s %d %d\n", greeting.c_str(), host[0], host[7] - ANSWER);
  if (host[7] != 49) printf("FAIL\n");
  return hipFree(device) == hipSuccess ? 0 : 1;
}
