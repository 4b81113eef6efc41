// With NVIDIA's ptxas at hand (OXHIP_PTXAS, else `ptxas` on PATH, else a CUDA toolkit's), each
// NVIDIA target's PTX is also assembled into a cubin, which the bundle carries beside the PTX
// under the `hip-` kind, so that the first launch needs no JIT; the runtime prefers the cubin
// for its own sm and keeps the PTX for other GPUs. lit.cfg.py sets OXHIP_PTXAS=none for every
// other test, so that a ptxas on the machine does not change their -### lines.
//
// The jobs: ptxas after codegen, the bundle after ptxas; AMD and the CPU get no ptxas job.
// RUN: env OXHIP_PTXAS=/opt/cuda/bin/ptxas %oxhip -### -O3 --offload-arch=sm_90,sm_80,gfx942,host -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=JOBS
// JOBS: "/opt/cuda/bin/ptxas" "-v" "-arch=sm_90" "-o" "{{[^"]*}}-sm_90.cubin" "{{[^"]*}}nvptx64-nvidia-cuda-sm_90.s"
// JOBS: "/opt/cuda/bin/ptxas" "-v" "-arch=sm_80" "-o" "{{[^"]*}}-sm_80.cubin" "{{[^"]*}}nvptx64-nvidia-cuda-sm_80.s"
// JOBS-NOT: {{^ *}}"{{[^"]*}}ptxas"
// JOBS: "-cc1bundle" {{.*}}"-targets=host-x86_64-unknown-linux-gnu,hipv4-nvptx64-nvidia-cuda-unknown-sm_90,hip-nvptx64-nvidia-cuda-unknown-sm_90,hipv4-nvptx64-nvidia-cuda-unknown-sm_80,hip-nvptx64-nvidia-cuda-unknown-sm_80,hipv4-amdgcn-amd-amdhsa--gfx942,hipv4-x86_64-unknown-linux-gnu-"
//
// Device debug (-G, or -O0 on the device) assembles without optimisation, with line tables.
// RUN: env OXHIP_PTXAS=/opt/cuda/bin/ptxas %oxhip -### -G --offload-arch=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=DEBUG
// DEBUG: "/opt/cuda/bin/ptxas" "-v" "-arch=sm_90" "-O0" "-g" "-o"
//
// None: OXHIP_PTXAS=none (or empty) leaves ptxas out, whatever PATH holds.
// RUN: env OXHIP_PTXAS=none %oxhip -### --offload-arch=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: env OXHIP_PTXAS= %oxhip -### --offload-arch=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NONE
// NONE-NOT: {{^ *}}"{{[^"]*}}ptxas"
// NONE: "-targets=host-x86_64-unknown-linux-gnu,hipv4-nvptx64-nvidia-cuda-unknown-sm_90"
//
// A ptxas that fails (here `false`, a real program that exits 1) is a warning: the build
// succeeds, the bundle holds the PTX alone, and the program runs.
// RUN: env OXHIP_PTXAS=false %oxhip -O3 --offload-arch=sm_90,host %s -o %t-false 2>&1 | FileCheck %s --check-prefix=FAILED
// FAILED: warning: false did not assemble the PTX for sm_90 ({{.*}}); the executable carries the PTX alone
// RUN: env OXHIP_VISIBLE_DEVICES=cpu OXHIP_LOG=1 %t-false 2>&1 | FileCheck %s --check-prefix=PTXONLY
// PTXONLY: fat binary #0 at {{.*}}: hipv4-nvptx64-nvidia-cuda-unknown-sm_90 ({{[0-9]+}} bytes), hipv4-x86_64
// PTXONLY: ptxas-cubin: PASSED
//
// With the real ptxas (scripts/setup.sh installs NVIDIA's from PyPI into target/ptxas): the
// cubin is an NVIDIA CUDA ELF for sm_90 beside the PTX, and the program runs.
// RUN: %if ptxas %{ rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && env OXHIP_PTXAS=%ptxas %oxhip -save-temps -O3 --offload-arch=sm_90 -c %s -o x.o %}
// RUN: %if ptxas %{ %llvm-readelf -h %t.dir/ptxas-cubin-hip-sm_90.cubin | FileCheck %s --check-prefix=CUBIN %}
// CUBIN: Machine: NVIDIA CUDA
// CUBIN: Flags: {{.*}}sm_90
// RUN: %if ptxas %{ %clang-offload-bundler --list --type=o --input=%t.dir/ptxas-cubin-hip.hipfb | FileCheck %s --check-prefix=LIST %}
// LIST-DAG: hip-nvptx64-nvidia-cuda-unknown-sm_90
// LIST-DAG: hipv4-nvptx64-nvidia-cuda-unknown-sm_90
// RUN: %if ptxas %{ env OXHIP_PTXAS=%ptxas %oxhip -O3 --offload-arch=sm_90,host %s -o %t-cubin %}
// RUN: %if ptxas %{ env OXHIP_VISIBLE_DEVICES=cpu OXHIP_LOG=1 %t-cubin 2>&1 | FileCheck %s --check-prefix=BOTH %}
// BOTH: fat binary #0 at {{.*}}: hip-nvptx64-nvidia-cuda-unknown-sm_90 ({{[0-9]+}} bytes), hipv4-nvptx64-nvidia-cuda-unknown-sm_90
// BOTH: ptxas-cubin: PASSED
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void twice(int* data) { data[threadIdx.x] *= 2; }

int main() {
  int host[64], *device;
  for (int i = 0; i < 64; ++i) host[i] = i;
  if (hipMalloc(&device, sizeof host) != hipSuccess) return 1;
  if (hipMemcpy(device, host, sizeof host, hipMemcpyHostToDevice) != hipSuccess) return 1;
  twice<<<1, 64>>>(device);
  if (hipMemcpy(host, device, sizeof host, hipMemcpyDeviceToHost) != hipSuccess) return 1;
  int wrong = 0;
  for (int i = 0; i < 64; ++i) wrong += host[i] != 2 * i;
  std::printf("ptxas-cubin: %s\n", wrong == 0 ? "PASSED" : "FAILED");
  return wrong != 0;
}
