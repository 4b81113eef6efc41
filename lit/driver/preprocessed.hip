// `-P` (no line markers), `-C` and `-CC` go to the preprocessing as with clang; compile caches
// (sccache) preprocess with `-E -P` for their hash. Preprocessed inputs, `.ii` (or
// `-x c++-cpp-output`) and `.i` (`-x cpp-output`), compile as plain host C++ and C, as with clang
// (distcc sends them to remote hosts); a HIP source's `-E` output holds every side behind a
// failing `static_assert`, so that a C++ compiler fails on it, loudly and saying why, rather than
// giving an empty object or a host-only one (lit/driver/device-dependencies.hip), and oxhip
// compiles it as HIP whatever its name.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %oxhip -E -P %s -o - | FileCheck %s --check-prefix=NOMARKERS
// NOMARKERS-NOT: {{^}}# {{[0-9]+}} "
// NOMARKERS: void kernel_marker(int* out)
// RUN: %oxhip -E %s -o - | FileCheck %s --check-prefix=MARKERS
// MARKERS: {{^}}# 1 "
// RUN: %oxhip -E -C %s -o - | FileCheck %s --check-prefix=COMMENTS
// COMMENTS: // a comment the preprocessor keeps with -C
//
// RUN: printf 'int answer() { return 42; }\n' > %t/answer.cpp
// RUN: %oxhip -x c++ -E %t/answer.cpp -o %t/answer.ii
// RUN: %oxhip -c %t/answer.ii -o %t/answer.o 2>&1 | count 0
// RUN: llvm-nm %t/answer.o | FileCheck %s --check-prefix=CXX
// CXX: T _Z6answerv
// RUN: %oxhip -x c++-cpp-output -c %t/answer.ii -o %t/answer2.o
// RUN: cmp %t/answer.o %t/answer2.o
// RUN: printf 'int answer(void) { return 42; }\n' > %t/answer.c
// RUN: %oxhip -E %t/answer.c -o %t/answer.i
// RUN: %oxhip -c %t/answer.i -o %t/answer-c.o
// RUN: llvm-nm %t/answer-c.o | FileCheck %s --check-prefix=C
// C: T answer
//
// RUN: %oxhip --offload-arch=gfx942,host -E %s -o %t/kernel.ii
// RUN: not %upstream-clang -x c++ -fsyntax-only %t/kernel.ii 2>&1 | FileCheck %s --check-prefix=KERNEL-II
// KERNEL-II: error: static assertion failed{{.*}}oxhip: this is the -E output of a HIP compile
// oxhip itself compiles such a `.ii` as HIP (distcc's remote compile of a hipcc-style `.cpp`;
// lit/driver/hip-cpp-output.hip has the rest): every side, the targets from the file.
// RUN: %oxhip -c %t/kernel.ii -o %t/kernel.o
// RUN: %oxhip -### -c %t/kernel.ii -o %t/kernel.o 2>&1 | FileCheck %s --check-prefix=KERNEL-II-JOBS
// KERNEL-II-JOBS: "-cc1selectside" "-side=hip-amdgcn-amd-amdhsa--gfx942"
// KERNEL-II-JOBS: "-cc1selectside" "-side=hip-x86_64-unknown-linux-gnu-"
// KERNEL-II-JOBS: "-cc1selectside" "-side=host-x86_64-unknown-linux-gnu-"
#include <hip/hip_runtime.h>

#define MARK(name) name##_marker
// a comment the preprocessor keeps with -C
__global__ void MARK(kernel)(int* out) { out[threadIdx.x] = 1; }
