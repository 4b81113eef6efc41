#!/bin/sh
# The whole pipeline by hand with frontend's cc1 lines, no oxhip driver:
# vadd + shared-memory reduction -> gfx942 code object + sm_90 PTX -> offload bundle ->
# host object that registers the kernels. Usage (from the repository root):
#   sh frontend/tests/data/manual_pipeline.sh [work directory]
# Needs clang-22, llvm-22 tools and lld-22 (Debian packages clang-22 llvm-22 lld-22).
set -eu
repo=$(cd "$(dirname "$0")/../../.." && pwd)
work=${1:-$(mktemp -d)}
mkdir -p "$work"
cd "$work"
bin=/usr/lib/llvm-22/bin
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$repo/target-frontend}"
cargo build -q --manifest-path "$repo/Cargo.toml" -p frontend --example cc1
cc1="$CARGO_TARGET_DIR/debug/examples/cc1"
cp "$repo/frontend/tests/data/vadd_reduce.hip" .

# 1. Device compiles: unoptimised bitcode, one per target.
eval "$("$cc1" gfx942 vadd_reduce.hip k-gfx942.bc)"
eval "$("$cc1" sm_90 vadd_reduce.hip k-sm_90.bc)"

# 2. devicelibs for both families (what build.rs does).
"$bin/clang" -cc1 -triple amdgcn-amd-amdhsa -emit-llvm-bc -O2 -ffp-contract=off -fvisibility=hidden \
  -mcode-object-version=none -nostdsysteminc -std=c11 -x c "$repo/devicelibs/lib/devicelibs.c" -o dl-amdgcn.bc
"$bin/clang" -cc1 -triple nvptx64-nvidia-cuda -emit-llvm-bc -O2 -ffp-contract=off -fvisibility=hidden \
  -nostdsysteminc -std=c11 -x c "$repo/devicelibs/lib/devicelibs.c" -o dl-nvptx.bc

# 3. AMD: link only what is used, optimise once, emit, link the code object.
"$bin/llvm-link" k-gfx942.bc --only-needed --internalize dl-amdgcn.bc -o linked-gfx942.bc
"$bin/opt" -O3 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 linked-gfx942.bc -o opt-gfx942.bc
"$bin/llc" -O3 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj opt-gfx942.bc -o k-gfx942.o
"$bin/ld.lld" -shared --no-undefined -m elf64_amdgpu k-gfx942.o -o k-gfx942.hsaco
"$bin/llvm-readelf" -h --notes k-gfx942.hsaco | grep -E 'ABI Version|Flags|\.name:|hidden_block_count_x|max_flat_workgroup_size'

# 4. NVIDIA: same, to PTX.
"$bin/llvm-link" k-sm_90.bc --only-needed --internalize dl-nvptx.bc -o linked-sm_90.bc
"$bin/opt" -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 linked-sm_90.bc -o opt-sm_90.bc
"$bin/llc" -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 opt-sm_90.bc -o k-sm_90.ptx
grep -E '^\.version|^\.target|\.entry' k-sm_90.ptx

# 5. Bundle (clang's tool; our bundler writes the same format) and the host object.
"$bin/clang-offload-bundler" -type=o -bundle-align=4096 \
  -targets=host-x86_64-unknown-linux-gnu,hipv4-amdgcn-amd-amdhsa--gfx942,hipv4-nvptx64-nvidia-cuda--sm_90 \
  -input=/dev/null -input=k-gfx942.hsaco -input=k-sm_90.ptx -output=k.hipfb
eval "$("$cc1" host-amdgcn vadd_reduce.hip k-host.o k.hipfb)"
"$bin/llvm-nm" k-host.o | grep -E "__hipRegisterFunction|__hipRegisterFatBinary|hipLaunchKernel|__device_stub"
# 6. Link with the runtime (static) into a program that prints PASSED on a GPU.
#    `cargo build -p runtime` first; OXHIP_RUNTIME_LIB overrides where the library is.
runtime_lib=${OXHIP_RUNTIME_LIB:-$repo/target/debug/liboxhip_runtime.a}
"$bin/clang" k-host.o "$runtime_lib" -lstdc++ -lpthread -ldl -lm -lrt -lgcc_s -lutil -o vadd_reduce
echo "linked $work/vadd_reduce"
echo "outputs in $work"
