// Make dependencies (`-M`, `-MM`, `-MD`, `-MMD`, with `-MF`, `-MT`, `-MQ`, `-MP`) and `-E` cover
// every side of a compile: a header that only the device front ends include (here under
// `#ifdef __HIP_DEVICE_COMPILE__`, and one only the AMD targets include) is listed after the
// host side's files, so that make, ninja and compile caches see a change to it.
// See: issue 26, item 7 (docs/cmake.md, "What oxhip still lacks for these tools").
//
// RUN: rm -rf %t && mkdir -p %t/build && cp %s %t/dev.hip && cp -R %S/Inputs/device-deps/. %t/
// RUN: cd %t
//
// RUN: %oxhip -MM --offload-arch=gfx942,sm_90,host -Iinc dev.hip | FileCheck %s --check-prefix=MM --match-full-lines
// MM: dev.o: dev.hip inc/host-only.h inc/device-only.h inc/amd-only.h
// MM-EMPTY:
//
// `-M` keeps the system headers, the host side's first; the device-only files come last.
// RUN: %oxhip -M --offload-arch=gfx942,sm_90 -Iinc dev.hip | FileCheck %s --check-prefix=M
// M: dev.o: dev.hip {{.*}}hip/hip_runtime.h
// M: inc/host-only.h {{\\$}}
// M-NEXT: inc/device-only.h inc/amd-only.h
// M-NOT: {{.}}
//
// `-MP`, `-MT` and `-MQ` (quoted for make as clang quotes it), into `-MF`.
// RUN: %oxhip -MM -MP -MT 'obj/a b.o' -MQ 'q$ #.o' -MF deps.d --offload-arch=sm_90,gfx942 -Iinc dev.hip
// RUN: FileCheck %s --check-prefix=MP --match-full-lines < deps.d
// MP: obj/a b.o q$$\ \#.o: dev.hip inc/host-only.h inc/device-only.h \
// MP-NEXT:   inc/amd-only.h
// MP-NEXT: inc/host-only.h:
// MP-NEXT: inc/device-only.h:
// MP-NEXT: inc/amd-only.h:
// MP-EMPTY:
//
// One side alone: the host's files, or the devices'.
// RUN: %oxhip -MM --cuda-host-only --offload-arch=gfx942 -Iinc dev.hip | FileCheck %s --check-prefix=HOST --match-full-lines
// HOST: dev.o: dev.hip inc/host-only.h
// RUN: %oxhip -MM --cuda-device-only --offload-arch=sm_90,gfx942 -Iinc dev.hip | FileCheck %s --check-prefix=DEVICE --match-full-lines
// DEVICE: dev.o: dev.hip inc/device-only.h inc/amd-only.h
//
// `-MMD`/`-MD` while compiling: the same lists, written twice the same, and named as the
// command line names the files wherever the build directory is.
// RUN: %oxhip -c -MMD -MP --offload-arch=gfx942,sm_90,host -Iinc dev.hip -o dev.o
// RUN: FileCheck %s --check-prefix=MMD --match-full-lines < dev.d
// MMD: dev.o: dev.hip inc/host-only.h inc/device-only.h inc/amd-only.h
// MMD-NEXT: inc/host-only.h:
// MMD-NEXT: inc/device-only.h:
// MMD-NEXT: inc/amd-only.h:
// RUN: cp dev.d first.d && %oxhip -c -MMD -MP --offload-arch=gfx942,sm_90,host -Iinc dev.hip -o dev.o && cmp first.d dev.d
// RUN: %oxhip -c -MD -MF full.d -MT target.o --offload-arch=gfx942,sm_90 -Iinc dev.hip -o dev.o
// RUN: FileCheck %s --check-prefix=MD < full.d
// MD: target.o: dev.hip {{.*}}hip/hip_runtime.h
// MD: inc/device-only.h inc/amd-only.h
// RUN: cd build && %oxhip -c -MMD --offload-arch=gfx942,sm_90 -I../inc ../dev.hip -o dev.o && cd ..
// RUN: FileCheck %s --check-prefix=BUILD --match-full-lines < build/dev.d
// BUILD: dev.o: ../dev.hip ../inc/host-only.h ../inc/device-only.h \
// BUILD-NEXT:   ../inc/amd-only.h
// RUN: %oxhip -c -MMD --cuda-device-only --offload-arch=sm_90 -Iinc dev.hip -o dev.hipfb
// RUN: FileCheck %s --check-prefix=GENCO --match-full-lines < dev.d
// GENCO: dev.hipfb: dev.hip inc/device-only.h
//
// A CUDA source names the user's files, not their translations.
// RUN: %oxhip -MM --offload-arch=sm_90 scale.cu | FileCheck %s --check-prefix=CUDA --match-full-lines
// CUDA: scale.o: scale.cu cuda-device.cuh
// RUN: %oxhip -c -MMD --offload-arch=sm_90,host scale.cu -o scale.o
// RUN: FileCheck %s --check-prefix=CUDA --match-full-lines < scale.d
//
// `-E`: the host side, then each device side, as a clang-offload-bundler text bundle behind
// a `static_assert` that stops a host compile of it; each side unbundles as it is alone.
// RUN: %oxhip -E --offload-arch=gfx942,sm_90 -Iinc dev.hip -o dev.ii
// RUN: FileCheck %s --check-prefix=E < dev.ii
// E: {{^}}static_assert(false, "oxhip: this is the -E output of a HIP compile
// E: {{^}}// __CLANG_OFFLOAD_BUNDLE____START__ host-x86_64-unknown-linux-gnu-
// E: inc/host-only.h
// E: {{^}}// __CLANG_OFFLOAD_BUNDLE____END__ host-x86_64-unknown-linux-gnu-
// E-NEXT: {{^}}#if 0
// E: {{^}}// __CLANG_OFFLOAD_BUNDLE____START__ hip-amdgcn-amd-amdhsa--gfx942
// E: inc/device-only.h
// E: inc/amd-only.h
// E: {{^}}// __CLANG_OFFLOAD_BUNDLE____START__ hip-nvptx64-nvidia-cuda-unknown-sm_90
// E: inc/device-only.h
// E: {{^}}#endif
// RUN: %clang-offload-bundler -list -type=ii -input=dev.ii | FileCheck %s --check-prefix=LIST
// LIST: host-x86_64-unknown-linux-gnu-
// LIST-NEXT: hip-amdgcn-amd-amdhsa--gfx942
// LIST-NEXT: hip-nvptx64-nvidia-cuda-unknown-sm_90
// RUN: %clang-offload-bundler -type=ii -unbundle -targets=host-x86_64-unknown-linux-gnu-,hip-nvptx64-nvidia-cuda-unknown-sm_90 -input=dev.ii -output=host.ii -output=sm_90.ii
// RUN: %oxhip -E --cuda-host-only --offload-arch=gfx942,sm_90 -Iinc dev.hip | cmp - host.ii
// RUN: %oxhip -E --cuda-device-only --offload-arch=sm_90 -Iinc dev.hip | cmp - sm_90.ii
// RUN: not %upstream-clang -x c++ -fsyntax-only dev.ii 2>&1 | FileCheck %s --check-prefix=COMPILE
// COMPILE: dev.ii:1:{{[0-9]+}}: error: static assertion failed{{.*}}oxhip: this is the -E output of a HIP compile
// oxhip compiles it as HIP, every side from its own entry (lit/driver/hip-cpp-output.hip).
// RUN: %oxhip -c dev.ii -o dev-ii.o
//
// A change to a device-only header changes `-E`'s output, which compile caches hash; `-P`
// (sccache's) leaves out every side's line markers.
// RUN: printf '#define DEVICE_ONLY 5\n' > inc/device-only.h
// RUN: %oxhip -E --offload-arch=gfx942,sm_90 -Iinc dev.hip -o changed.ii
// RUN: not cmp -s dev.ii changed.ii
// RUN: %oxhip -E -P --offload-arch=gfx942,sm_90 -Iinc dev.hip | FileCheck %s --check-prefix=NOMARKERS
// NOMARKERS-NOT: {{^}}# {{[0-9]+}} "
// NOMARKERS: CLANG_OFFLOAD_BUNDLE____START__ hip-nvptx64
// NOMARKERS-NOT: {{^}}# {{[0-9]+}} "
//
// `-E` with `-MMD` writes the dependency file `-c` would, every side's headers in it, named
// and targeted after `-E`'s output (clang's rule), or after the source's object for
// standard output; a lone side (`--cuda-device-only`, one target) writes its own list.
// RUN: rm -f dev.d && %oxhip -E -MMD -MP --offload-arch=gfx942,sm_90,host -Iinc dev.hip -o pre.ii
// RUN: FileCheck %s --check-prefix=EMD --match-full-lines < pre.d
// EMD: pre.ii: dev.hip inc/host-only.h inc/device-only.h inc/amd-only.h
// EMD-NEXT: inc/host-only.h:
// RUN: %oxhip -E -MMD --offload-arch=gfx942 -Iinc dev.hip > /dev/null
// RUN: FileCheck %s --check-prefix=EMDSTDOUT --match-full-lines < dev.d
// EMDSTDOUT: dev.o: dev.hip inc/host-only.h inc/device-only.h inc/amd-only.h
// RUN: %oxhip -E -MMD -MF one.d --cuda-device-only --offload-arch=sm_90 -Iinc dev.hip -o one.ii
// RUN: FileCheck %s --check-prefix=EMDONE --match-full-lines < one.d
// EMDONE: one.ii: dev.hip inc/device-only.h
//
// `-E -dM` lists the host compile's macros alone.
// RUN: %oxhip -E -dM --offload-arch=gfx942 -Iinc dev.hip | FileCheck %s --check-prefix=MACROS
// MACROS: #define HOST_ONLY 1
// MACROS-NOT: CLANG_OFFLOAD_BUNDLE
// MACROS-NOT: DEVICE_ONLY
#include <hip/hip_runtime.h>
#ifdef __HIP_DEVICE_COMPILE__
#include "device-only.h"
#if defined(__AMDGCN__)
#include "amd-only.h"
#endif
#else
#include "host-only.h"
#endif

#ifndef DEVICE_ONLY
#define DEVICE_ONLY 0
#endif

__global__ void kernel(int* out) { out[threadIdx.x] = DEVICE_ONLY; }
