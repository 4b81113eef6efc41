// Inputs and outputs that cannot work are clear errors with exit status 1, naming what the
// user wrote.
// RUN: rm -rf %t && mkdir -p %t/dir
// RUN: printf '__global__ void k() {}\nint main() { return 0; }\n' > %t/a.hip
//
// An empty target list, or an empty name in one.
// RUN: not %oxhip --offload-arch= -c %t/a.hip -o %t/a.o 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not %oxhip --offload-arch=gfx942, -c %t/a.hip -o %t/a.o 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: error{{.*}}an empty target name
//
// A directory given as an input.
// RUN: not %oxhip --offload-arch=host %t/dir -o %t/app 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: error{{.*}}dir' is a directory, not an input file
// DIR-NOT: ld
//
// An output in a directory that does not exist names the output, not a temporary file.
// RUN: not %oxhip --offload-arch=host -c %t/a.hip -o %t/missing/a.o 2>&1 | FileCheck %s --check-prefix=OUT
// OUT: error{{.*}}writing `{{.*}}missing/a.o`
// OUT-NOT: .tmp
// RUN: test ! -e %t/a.o
//
// Malformed target names: each named, with why.
// RUN: not %oxhip --offload-arch=gfx9zz -c %t/a.hip -o %t/a.o 2>&1 | FileCheck %s --check-prefix=ARCH1
// ARCH1: error: invalid offload arch 'gfx9zz': unknown AMD GPU processor
// RUN: not %oxhip --offload-arch=sm_ -c %t/a.hip -o %t/a.o 2>&1 | FileCheck %s --check-prefix=ARCH2
// ARCH2: error: invalid offload arch 'sm_': not a GPU architecture
// RUN: not %oxhip --offload-arch=gfx942:xnack -c %t/a.hip -o %t/a.o 2>&1 | FileCheck %s --check-prefix=ARCH3
// ARCH3: error: invalid offload arch 'gfx942:xnack': feature `xnack` must end in `+` or `-`
// RUN: not %oxhip --offload-arch=gfx942:xnack+:xnack- -c %t/a.hip -o %t/a.o 2>&1 | FileCheck %s --check-prefix=ARCH4
// ARCH4: error: invalid offload arch 'gfx942:xnack+:xnack-': feature `xnack` given twice
// RUN: not %oxhip '--offload-arch=,,' -c %t/a.hip -o %t/a.o 2>&1 | FileCheck %s --check-prefix=EMPTY
// Target-ID features on an NVIDIA or CPU target: said so, not "not a GPU architecture".
// RUN: not %oxhip --offload-arch=sm_90:xnack+ -c %t/a.hip -o %t/a.o 2>&1 | FileCheck %s --check-prefix=ARCH5
// ARCH5: error: invalid offload arch 'sm_90:xnack+': target-ID features (`:xnack+`) exist only for AMD GPUs (gfx…), not for `sm_90`
//
// A file that is not what its extension says: a clear error, not the linker's
// "treating as linker script".
// RUN: printf 'not an object\n' > %t/text.o
// RUN: printf 'not an archive\n' > %t/text.a
// RUN: not %oxhip --offload-arch=host %t/text.o -o %t/app 2>&1 | FileCheck %s --check-prefix=NOTOBJ
// NOTOBJ: error: '{{.*}}text.o' is not an object file: it does not start with an ELF header or LLVM bitcode
// NOTOBJ-NOT: linker script
// RUN: not %oxhip --offload-arch=host %t/a.hip %t/text.a -o %t/app 2>&1 | FileCheck %s --check-prefix=NOTAR
// NOTAR: error: '{{.*}}text.a' is not an archive: it does not start with `!<arch>`
// RUN: test ! -e %t/app
//
// An output that is a directory names it.
// RUN: not %oxhip --offload-arch=host -c %t/a.hip -o %t/dir 2>&1 | FileCheck %s --check-prefix=OUTDIR
// OUTDIR: error: writing `{{.*}}dir`: Is a directory
//
// An unreadable input (only testable when not root: root reads any file).
// RUN: cp %t/a.hip %t/noperm.hip && chmod 000 %t/noperm.hip
// RUN: bash -c 'test "$(id -u)" = 0 || { ! %oxhip --offload-arch=host -c %t/noperm.hip -o %t/n.o 2>&1 | FileCheck %s --check-prefix=NOPERM; }'
// NOPERM: error: reading `{{.*}}noperm.hip`: Permission denied
