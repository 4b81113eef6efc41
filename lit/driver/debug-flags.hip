// The `-g` family as clang reads it: every device and host compile gets the same debug
// info kind and DWARF version, and an unknown `-g` form is an error, not a silent -g.
//
// RUN: %oxhip -### -gdwarf-4 --offload-arch=gfx942,host -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=DWARF4
// DWARF4: "-cc1" "-triple" "amdgcn-amd-amdhsa" {{.*}} "-debug-info-kind=constructor" "-dwarf-version=4"
// DWARF4: "-cc1" "-triple" "x86_64-unknown-linux-gnu" {{.*}} "-fcuda-is-device" {{.*}} "-debug-info-kind=constructor" "-dwarf-version=4"
// DWARF4: "-cc1" "-triple" "x86_64-unknown-linux-gnu" {{.*}} "-debug-info-kind=constructor" "-dwarf-version=4"
//
// RUN: %oxhip -### -gline-tables-only --offload-arch=host -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=LINES
// RUN: %oxhip -### -g1 --offload-arch=host -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=LINES
// LINES: "-debug-info-kind=line-tables-only" "-dwarf-version=5"
//
// Later options win: -g0 turns it off, -g after -g1 is full again.
// RUN: %oxhip -### -g -g0 --offload-arch=host -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NONE
// NONE-NOT: -debug-info-kind
// RUN: %oxhip -### -g1 -g --offload-arch=host -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=FULL
// FULL: "-debug-info-kind=constructor" "-dwarf-version=5"
//
// RUN: not %oxhip -gsplit-dwarf --offload-arch=host -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %oxhip -gdwarf-7 --offload-arch=host -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BAD7
// BAD: error: invalid value 'split-dwarf' in '-g'
// BAD7: error: invalid value 'dwarf-7' in '-g'
#include <hip/hip_runtime.h>
__global__ void k(int* p) { p[threadIdx.x] = 1; }
