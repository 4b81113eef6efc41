// Inline assembly for one vendor compiled for another is an error that names the
// target, the statement and the source line, not PTX the driver rejects at load time or
// an assembler message without a position. Guarded assembly compiles for every target.
//
// RUN: not %oxhip --offload-arch=sm_90 -c %s -o %t.o -DAMD_ASM 2>&1 | FileCheck %s --check-prefix=ON-NV
// ON-NV: inline-asm.hip:22:{{[0-9]+}}: error: compiling for `sm_90`: inline assembly `s_nop 0` is not valid for sm_90
// ON-NV-NEXT: asm volatile("s_nop 0");
// ON-NV: note: keep assembly for one GPU vendor
//
// RUN: not %oxhip --offload-arch=gfx942 -c %s -o %t.o -DNV_ASM 2>&1 | FileCheck %s --check-prefix=ON-AMD
// ON-AMD: inline-asm.hip:24:{{[0-9]+}}: error: compiling for `gfx942`: inline assembly `mov.u32 {{.*}}%laneid;` is not valid for gfx942
//
// RUN: not %oxhip --offload-arch=host -c %s -o %t.o -DAMD_ASM 2>&1 | FileCheck %s --check-prefix=ON-CPU
// ON-CPU: inline-asm.hip:22:{{[0-9]+}}: error: compiling for `host`: inline assembly `s_nop 0` is not valid for x86_64-unknown-linux-gnu
//
// RUN: %oxhip --offload-arch=gfx942,sm_90,host -c %s -o %t.o 2>&1 | FileCheck %s --allow-empty --check-prefix=GUARDED
// GUARDED-NOT: error

__global__ void kernel(unsigned *out) {
  unsigned lane = 0;
#if defined(AMD_ASM)
  asm volatile("s_nop 0");
#elif defined(NV_ASM)
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
#elif defined(__NVPTX__)
  asm volatile("{ .reg .pred p; setp.eq.u32 p, %1, 0; @p mov.u32 %0, %%laneid; }" : "=r"(lane) : "r"(lane));
#elif defined(__AMDGCN__)
  asm volatile("s_nop 1");
#endif
  out[0] = lane;
}

// A target-specific builtin on another target is clang's error, naming the line and the
// target it was compiled for.
// RUN: not %oxhip --offload-arch=gfx942,sm_90 -c %s -o %t.o -DAMD_BUILTIN 2>&1 | FileCheck %s --check-prefix=BUILTIN
// BUILTIN: inline-asm.hip:[[# @LINE + 4]]:{{[0-9]+}}: error: use of undeclared identifier '__builtin_amdgcn_readfirstlane'
// BUILTIN: error generated when compiling for sm_90
__global__ void builtin_kernel(int *p) {
#if defined(AMD_BUILTIN)
  p[0] = __builtin_amdgcn_readfirstlane(p[1]);
#endif
}
