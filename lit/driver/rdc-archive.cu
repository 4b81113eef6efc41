// Relocatable device code in a static library made by GNU ar, as CMake makes one: the
// members start at offsets that are not 8-aligned, and the device link must still find
// their device code and their fat binary symbols (docs/cmake.md, "Relocatable device code").
// See: issue 11.
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: %oxhip -O2 -arch=sm_90 --offload-arch=host -dc %S/Inputs/separate-units/scale.cu -o scale.o
// RUN: %oxhip -O2 -arch=sm_90 --offload-arch=host -dc %S/Inputs/separate-units/main.cu -o main.o
// RUN: ar qc libscale.a scale.o
// RUN: %oxhip -O2 -arch=sm_90 --offload-arch=host -rdc=true main.o libscale.a -o app
// RUN: env OXHIP_VISIBLE_DEVICES=cpu ./app | FileCheck %s
// CHECK: PASSED
