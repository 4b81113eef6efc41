// nvcc's command line, one check per row of docs/driver.md "nvcc's command line".
//
// -arch=sm_XX (or -arch sm_XX, --gpu-architecture): PTX for sm_XX; old SMs are kept
// (the driver JIT-compiles their PTX for newer GPUs, as nvcc's compute_XX PTX).
// RUN: %oxhip -### -arch=sm_60 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=ARCH
// RUN: %oxhip -### -arch sm_60 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=ARCH
// RUN: %oxhip -### --gpu-architecture=compute_60 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=ARCH
// ARCH: "-cc1" "-triple" "nvptx64-nvidia-cuda" {{.*}} "-target-cpu" "sm_60"
// ARCH: "-cc1codegen" "--target=nvptx64-nvidia-cuda" "--cpu=sm_60" "--ptx-isa=78"
// ARCH: "-targets=host-x86_64-unknown-linux-gnu,hipv4-nvptx64-nvidia-cuda-unknown-sm_60"
//
// With --offload-arch, one command builds for every vendor and the CPU.
// RUN: %oxhip -### -arch=sm_90 --offload-arch=gfx942,host -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=ALLVENDORS
// ALLVENDORS: "-targets=host-x86_64-unknown-linux-gnu,hipv4-amdgcn-amd-amdhsa--gfx942,hipv4-x86_64-unknown-linux-gnu-,hipv4-nvptx64-nvidia-cuda-unknown-sm_90"
//
// -gencode / --generate-code (repeatable) and -code / --gpu-code name the images.
// RUN: %oxhip -### -gencode arch=compute_60,code=sm_60 -gencode=arch=compute_80,code=[sm_80,compute_80] --generate-code arch=compute_90,code=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=GENCODE
// GENCODE: "-targets=host-x86_64-unknown-linux-gnu,hipv4-nvptx64-nvidia-cuda-unknown-sm_60,hipv4-nvptx64-nvidia-cuda-unknown-sm_80,hipv4-nvptx64-nvidia-cuda-unknown-sm_90"
// RUN: %oxhip -### -arch=compute_70 -code=sm_80 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=CODE
// RUN: %oxhip -### --gpu-architecture compute_70 --gpu-code sm_80 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=CODE
// CODE: "-targets=host-x86_64-unknown-linux-gnu,hipv4-nvptx64-nvidia-cuda-unknown-sm_80"
// RUN: %oxhip -### -arch=all-major -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=ALLMAJOR
// ALLMAJOR: "-targets=host-x86_64-unknown-linux-gnu,hipv4-nvptx64-nvidia-cuda-unknown-sm_80,hipv4-nvptx64-nvidia-cuda-unknown-sm_90,hipv4-nvptx64-nvidia-cuda-unknown-sm_100,hipv4-nvptx64-nvidia-cuda-unknown-sm_120"
// RUN: not %oxhip -arch=sm_35 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BADARCH
// BADARCH: error: invalid offload arch 'sm_35': unknown NVIDIA architecture
//
// -Xcompiler / --compiler-options: host code only (warnings here); -fPIC means -fPIC.
// RUN: %oxhip -### -arch=sm_90 -Xcompiler -Wall,-fPIC --compiler-options=-Wextra -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=XCOMPILER
// XCOMPILER:     "-triple" "nvptx64-nvidia-cuda"
// XCOMPILER-NOT: "-Wall"
// XCOMPILER:     "-triple" "x86_64-unknown-linux-gnu" {{.*}} "-mrelocation-model" "pic" {{.*}} "-Wall" "-Wextra"
// RUN: not %oxhip -arch=sm_90 -Xcompiler -fbogus -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=XBOGUS
// XBOGUS: error: unknown argument '-fbogus'
//
// -Xlinker splits at commas as nvcc does; --linker-options is -Wl,.
// RUN: %oxhip -### -arch=sm_90 -Xlinker -rpath,/opt/x --linker-options -z,now %s -o %t 2>&1 | FileCheck %s --check-prefix=XLINKER
// XLINKER: "-Xlinker" "-rpath" "-Xlinker" "/opt/x" "-Wl,-z,now"
//
// -cudart chooses the runtime an executable links: shared is liboxhip_runtime.so with a run
// path (hipcc's -use-sharedlib), static the archive; none has no effect.
// RUN: %oxhip -### -arch=sm_90 -cudart shared %s -o %t 2>&1 | FileCheck %s --check-prefix=CUDART-SHARED
// RUN: %oxhip -### -arch=sm_90 --cudart=static -cudart=shared %s -o %t 2>&1 | FileCheck %s --check-prefix=CUDART-SHARED
// CUDART-SHARED: "-l:liboxhip_runtime.so" "-Wl,-rpath,{{[^"]*}}"
// RUN: %oxhip -### -arch=sm_90 -cudart shared -cudart static %s -o %t 2>&1 | FileCheck %s --check-prefix=CUDART-STATIC
// CUDART-STATIC: "-l:liboxhip_runtime.a" "-Wl,--export-dynamic-symbol=
// RUN: %oxhip -### -arch=sm_90 -cudart none %s -o %t 2>&1 | FileCheck %s --check-prefix=CUDART-NONE
// CUDART-NONE: warning: nvcc option '-cudart none' has no effect with oxhip
// CUDART-NONE: "-l:liboxhip_runtime.a"
// RUN: not %oxhip -arch=sm_90 -cudart=dynamic %s -o %t 2>&1 | FileCheck %s --check-prefix=CUDART-BAD
// CUDART-BAD: error: invalid value 'dynamic' in '-cudart'
//
// Accepted with a warning that they change nothing.
// RUN: %oxhip -### -arch=sm_90 -Xptxas -v --ptxas-options=-O3 -maxrregcount=32 -Xnvlink x -Xcudafe y -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOEFFECT
// NOEFFECT: warning: nvcc option '-Xptxas -v' has no effect with oxhip
// NOEFFECT: warning: nvcc option '--ptxas-options=-O3' has no effect with oxhip
// NOEFFECT: warning: nvcc option '-maxrregcount=32' has no effect with oxhip
// NOEFFECT: warning: nvcc option '-Xnvlink x' has no effect with oxhip
// NOEFFECT: warning: nvcc option '-Xcudafe y' has no effect with oxhip
//
// Accepted silently: clang's CUDA/HIP mode already behaves this way.
// RUN: %oxhip --cuda-device-only -S -arch=sm_90 --expt-relaxed-constexpr --expt-extended-lambda --extended-lambda -Wno-deprecated-gpu-targets -m64 -ccbin g++ %s -o - 2>&1 | FileCheck %s --check-prefix=SILENT
// SILENT-NOT: warning
// SILENT:     .entry _Z5scalePfif(
// SILENT-NOT: warning
//
// -lineinfo: line tables for device code only; -G: full device debug info at -O0.
// RUN: %oxhip -### -arch=sm_90 -lineinfo --generate-line-info -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=LINEINFO
// LINEINFO:     "-triple" "nvptx64-nvidia-cuda" {{.*}} "-debug-info-kind=line-tables-only"
// LINEINFO:     "-triple" "x86_64-unknown-linux-gnu"
// LINEINFO-NOT: "-debug-info-kind
// RUN: %oxhip -### -arch=sm_90 -G -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=DEVDEBUG
// RUN: %oxhip -### -arch=sm_90 --device-debug -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=DEVDEBUG
// DEVDEBUG:     "-triple" "nvptx64-nvidia-cuda" "-aux-triple" "x86_64-unknown-linux-gnu" "-O0" {{.*}} "-debug-info-kind=constructor"
// DEVDEBUG:     "-cc1codegen" "--target=nvptx64-nvidia-cuda" "--cpu=sm_90" "--ptx-isa=78" "-O0"
// DEVDEBUG:     "-triple" "x86_64-unknown-linux-gnu" "-aux-triple" "nvptx64-nvidia-cuda" "-O3"
// DEVDEBUG-NOT: "-debug-info-kind
//
// -g / --debug: host and device debug information.
// RUN: %oxhip -### -arch=sm_90 --debug -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=DEBUG
// DEBUG: "-triple" "nvptx64-nvidia-cuda" {{.*}} "-debug-info-kind=constructor"
// DEBUG: "-triple" "x86_64-unknown-linux-gnu" {{.*}} "-debug-info-kind=constructor"
//
// --use_fast_math (-use_fast_math): -ftz=true -prec-div=false -prec-sqrt=false -fmad=true and
// the intrinsics for sinf etc., device code only (not clang's -ffast-math: isnan still works).
// fast-math.hip checks the PTX.
// RUN: %oxhip -### -arch=sm_90 --use_fast_math -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=FASTMATH
// FASTMATH: "-triple" "nvptx64-nvidia-cuda" {{.*}} "-D" "__USE_FAST_MATH__=1" {{.*}} "-fdenormal-fp-math-f32=preserve-sign,preserve-sign" "-fgpu-approx-transcendentals" "-ffp-contract=fast"
// FASTMATH: "-cc1codegen" {{.*}} "--flush-denormals" "--f32-div=approx" "--approx-sqrt"
// FASTMATH: "-triple" "x86_64-unknown-linux-gnu"
// FASTMATH-NOT: "-ffast-math"
// FASTMATH-NOT: "-fdenormal-fp-math
// An explicit value wins over --use_fast_math's, in either order.
// RUN: %oxhip -### -arch=sm_90 -ftz=false -use_fast_math -prec-div=true -prec-sqrt true --fmad=false -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=FASTMATH-OFF
// FASTMATH-OFF-NOT: warning
// FASTMATH-OFF: "-triple" "nvptx64-nvidia-cuda"
// FASTMATH-OFF-NOT: "-fdenormal-fp-math
// FASTMATH-OFF-SAME: "-fgpu-approx-transcendentals" "-ffp-contract=off"
// FASTMATH-OFF: "-cc1codegen"
// FASTMATH-OFF-NOT: --flush-denormals
// FASTMATH-OFF-NOT: --f32-div
// FASTMATH-OFF-NOT: --approx-sqrt
// FASTMATH-OFF-SAME: "-o"
// -prec-div=false alone: div.full (2 ulp, full range), not __fdividef's div.approx.
// RUN: %oxhip -### -arch=sm_90 -prec-div=false -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=PRECDIV
// PRECDIV: "-cc1codegen" {{.*}} "--f32-div=full"
//
// --std / -std.
// RUN: %oxhip -### -arch=sm_90 --std c++17 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=STD
// RUN: %oxhip -### -arch=sm_90 -std=c++17 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=STD
// RUN: %oxhip -### -arch=sm_90 --std=c++17 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=STD
// STD: "-triple" "x86_64-unknown-linux-gnu" {{.*}} "-std=c++17"
//
// -dc / --device-c and -rdc=true / --relocatable-device-code=true: -c -fgpu-rdc.
// RUN: %oxhip -### -arch=sm_90 -dc %s -o %t.o 2>&1 | FileCheck %s --check-prefix=RDC
// RUN: %oxhip -### -arch=sm_90 --device-c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=RDC
// RUN: %oxhip -### -arch=sm_90 -rdc=true -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=RDC
// RUN: %oxhip -### -arch=sm_90 --relocatable-device-code true --compile %s -o %t.o 2>&1 | FileCheck %s --check-prefix=RDC
// RDC: "-triple" "nvptx64-nvidia-cuda" {{.*}} "-fgpu-rdc"
// RDC: "-cc1package"
// RDC: "-triple" "x86_64-unknown-linux-gnu" {{.*}} "-emit-obj" {{.*}} "-fgpu-rdc"
// RUN: %oxhip -### -arch=sm_90 -rdc=false -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NORDC
// NORDC-NOT: -fgpu-rdc
// RUN: not %oxhip -arch=sm_90 -dlink %t.o -o %t.dlink.o 2>&1 | FileCheck %s --check-prefix=DLINK
// DLINK: error: nvcc option '-dlink' is not supported
// DLINK: = link the objects with `oxhip -rdc=true`
//
// --keep (-keep): intermediates in the current directory.
// RUN: %oxhip -### -arch=sm_90 --keep -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=KEEP
// KEEP: "-o" "nvcc-flags-hip-nvptx64-nvidia-cuda-sm_90.bc"
//
// -o / --output-file, -c / --compile, -E / --preprocess, -M / --generate-dependencies.
// RUN: %oxhip -### -arch=sm_90 --compile %s --output-file %t.o 2>&1 | FileCheck %s --check-prefix=COMPILE
// COMPILE: "-triple" "x86_64-unknown-linux-gnu" {{.*}} "-emit-obj"
// RUN: %oxhip -arch=sm_90 --preprocess %s | FileCheck %s --check-prefix=PREPROCESS
// RUN: %oxhip -arch=sm_90 -E %s | FileCheck %s --check-prefix=PREPROCESS
// PREPROCESS: hipMalloc(
// RUN: %oxhip -arch=sm_90 --generate-dependencies %s | FileCheck %s --check-prefix=DEPS
// RUN: %oxhip -arch=sm_90 -M %s | FileCheck %s --check-prefix=DEPS
// DEPS: nvcc-flags.o: {{.*}}nvcc-flags.cu
//
// Long spellings of the preprocessor, optimisation, library and language options.
// RUN: %oxhip -### -arch=sm_90 --optimize 1 --include-path /inc --define-macro A=1 --undefine-macro B --system-include /sys --x cu %s --library m --library-path /lib64 -o %t 2>&1 | FileCheck %s --check-prefix=LONG
// LONG: "-triple" "nvptx64-nvidia-cuda" {{.*}} "-O1"
// LONG: "-cc1codegen" {{.*}} "-O1"
// LONG: "-triple" "x86_64-unknown-linux-gnu" {{.*}} "-I" "/inc" "-D" "A=1" "-U" "B" "-isystem" "/sys"
// LONG: "-lm" "-L/lib64"
//
// Unknown nvcc-style options are errors naming them.
// RUN: not %oxhip -arch=sm_90 --no-such-nvcc-flag -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: unknown argument '--no-such-nvcc-flag'
// RUN: not %oxhip -arch=sm_90 -lib %s -o %t.a 2>&1 | FileCheck %s --check-prefix=LIB
// LIB: error: nvcc option '-lib' is not supported
#include <cuda_runtime.h>

constexpr float twice(float x) { return 2.0f * x; }

template <typename F> __global__ void apply(float *data, F f) { data[threadIdx.x] = f(data[threadIdx.x]); }

__global__ void scale(float *data, int n, float factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= twice(factor);
}

void run(float *host, int n) {
  float *device = nullptr;
  (void)cudaMalloc((void **)&device, n * sizeof(float));
  scale<<<(n + 255) / 256, 256>>>(device, n, 2.0f);
  apply<<<1, 32>>>(device, [] __device__(float x) { return x + 1.0f; });
  (void)cudaFree(device);
}
