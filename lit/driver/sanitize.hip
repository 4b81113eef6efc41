// -fsanitize=address: the host compile and the CPU target's device compile get clang's cc1
// flags, codegen runs the AddressSanitizer pass on the CPU image only, GPU compiles are left
// alone, and the link goes through clang with the flag, which adds the runtime.
//
// RUN: %oxhip -### -fsanitize=address --offload-arch=gfx942,host %s -o %t 2>&1 | FileCheck %s --check-prefix=ASAN
// ASAN: "-cc1" "-triple" "amdgcn-amd-amdhsa"
// ASAN-NOT: -fsanitize
// ASAN: -cc1codegen" "--target=amdgcn-amd-amdhsa"
// ASAN-NOT: -fsanitize
// ASAN-NOT: --sanitize-address
// ASAN: "-cc1" "-triple" "x86_64-unknown-linux-gnu" {{.*}} "-fcuda-is-device" {{.*}} "-fsanitize=address" "-fsanitize-system-ignorelist={{[^"]*}}asan_ignorelist.txt" "-fno-sanitize-memory-param-retval" "-fsanitize-address-use-after-scope" "-fsanitize-address-globals-dead-stripping" "-fno-assume-sane-operator-new" "-o"
// ASAN: -cc1codegen" "--target=x86_64-unknown-linux-gnu" "--cpu=host" {{.*}} "--sanitize-address"
// ASAN: "-cc1" "-triple" "x86_64-unknown-linux-gnu" {{.*}} "-fcuda-include-gpubinary" {{.*}} "-fsanitize=address"
// ASAN: "-fsanitize=address" "--ld-path={{[^"]*}}" "-Wl,--gc-sections" {{.*}} "-o" "{{[^"]*}}"
//
// RUN: %oxhip -### -fsanitize=undefined --offload-arch=host %s -o %t 2>&1 | FileCheck %s --check-prefix=UBSAN
// UBSAN: "-fcuda-is-device" {{.*}} "-fsanitize=alignment,array-bounds,{{.*}}" "-fsanitize-recover={{.*}}"
// UBSAN-NOT: --sanitize-address
// UBSAN: "-fsanitize=undefined" "--ld-path={{[^"]*}}" "-Wl,--gc-sections" {{.*}} "-o"
//
// RUN: not %oxhip -fsanitize=thread --offload-arch=host %s -o %t 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: unsupported argument 'thread' to option '-fsanitize='
// BAD: oxhip supports `-fsanitize=address` and `-fsanitize=undefined`
#include <hip/hip_runtime.h>
__global__ void k(int* p) { p[threadIdx.x] = 1; }
