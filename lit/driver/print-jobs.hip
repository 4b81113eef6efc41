// `-###` prints the jobs without running them, one per line.
//
// RUN: %oxhip -### -O2 --offload-arch=gfx942,sm_90 %s -o %t 2>&1 | FileCheck %s
// CHECK:      "-cc1" "-triple" "amdgcn-amd-amdhsa" {{.*}} "-target-cpu" "gfx942"
// CHECK:      oxhip" "-cc1codegen" "--target=amdgcn-amd-amdhsa" "--cpu=gfx942" "-O2" "--emit=obj"
// CHECK:      ld.lld{{(-22)?}}" "-shared" "-m" "elf64_amdgpu" "--no-undefined"
// CHECK:      "-cc1" "-triple" "nvptx64-nvidia-cuda" {{.*}} "-target-cpu" "sm_90"
// CHECK:      oxhip" "-cc1codegen" "--target=nvptx64-nvidia-cuda" "--cpu=sm_90" "--ptx-isa=78" "-O2" "--emit=asm"
// CHECK:      oxhip" "-cc1bundle" "-type=o" "-bundle-align=4096" "-targets=host-x86_64-unknown-linux-gnu,hipv4-amdgcn-amd-amdhsa--gfx942,hipv4-nvptx64-nvidia-cuda-unknown-sm_90"
// CHECK:      "-cc1" "-triple" "x86_64-unknown-linux-gnu" "-aux-triple" "amdgcn-amd-amdhsa" {{.*}} "-fcuda-include-gpubinary"
// CHECK:      "-l:liboxhip_runtime.a"
// CHECK-NOT:  "-cc1"
//
// RUN: not %oxhip --offload-arch=gfx942 -fbogus-flag %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: unknown argument '-fbogus-flag'
//
// Relocatable device code reaches the device and the host compiles.
// RUN: %oxhip -### --offload-arch=gfx942 -fgpu-rdc -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=RDC
// RDC: "-triple" "amdgcn-amd-amdhsa" {{.*}}"-fgpu-rdc"
// RDC: "-triple" "x86_64-unknown-linux-gnu" {{.*}}"-fgpu-rdc"
//
// RUN: %oxhip --version | FileCheck %s --check-prefix=VERSION
// VERSION: clang version 22
//
// RUN: %oxhip -v 2>&1 | FileCheck %s --check-prefix=VERBOSE
// VERBOSE: clang version 22
// VERBOSE: Found HIP installation: {{.*}}, version

__global__ void k() {}
