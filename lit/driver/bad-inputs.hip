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
