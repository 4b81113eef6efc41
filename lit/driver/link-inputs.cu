// Link steps as Makefiles write them.
//
// nvcc links objects compiled with -dc without being told -rdc=true again: a link whose
// objects hold relocatable device code is a device link (HeCBench's fresnel).
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: %oxhip -O2 -arch=sm_90 --offload-arch=host -dc %S/Inputs/separate-units/scale.cu -o scale.o
// RUN: %oxhip -O2 -arch=sm_90 --offload-arch=host -dc %S/Inputs/separate-units/main.cu -o main.o
// RUN: %oxhip -O2 -arch=sm_90 --offload-arch=host main.o scale.o -o app
// RUN: env OXHIP_VISIBLE_DEVICES=cpu ./app | FileCheck %s --check-prefix=EXEC
// EXEC: PASSED
//
// Without relocatable device code in the objects, the link stays an ordinary one.
// RUN: %oxhip -O2 --offload-arch=host -### main.o scale.o -o app 2>&1 | FileCheck %s --check-prefix=RDC
// RDC-NOT: warning
// RDC: -cc1fatbinwrapper
// RUN: %oxhip -O2 --offload-arch=host -x hip -c %S/Inputs/separate-units/scale.cu -o plain.o
// RUN: %oxhip -O2 --offload-arch=host -### plain.o -o app 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: -cc1fatbinwrapper
//
// `-x hip` (or `-x cu`) names the language of sources: objects after it are still linked,
// where clang would try to compile them as HIP.
// RUN: %oxhip -O2 --offload-arch=host -x hip main.o scale.o -o app-x
// RUN: env OXHIP_VISIBLE_DEVICES=cpu ./app-x | FileCheck %s --check-prefix=EXEC
