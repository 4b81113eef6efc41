#!/usr/bin/env bash
# Executable size: builds a small vector addition and oxhipconfig's self-test program in the
# configurations docs/size.md records, and prints each executable's size, its size after
# `llvm-strip-22`, the sizes of its code (.text), its fat binary (.hip_fatbin) and its debug
# sections, and, for programs with a CPU image, the median time of 15 runs on the CPU device
# (start, first kernel launch, which unpacks the fat binary, and exit). Not a test.
# Without other flags a program links the static runtime and embeds a compressed bundle; a
# name ending in -flat is built with --no-offload-compress.
#
#   benches/size.sh
#
# OXHIP: the driver (default target/release/oxhip, else target/debug/oxhip). Its runtime is
# the one next to it; a debug build's runtime is Rust's unoptimised build, several times
# larger than the release runtime that an installation ships.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
oxhip=${OXHIP:-$root/target/release/oxhip}
[ -x "$oxhip" ] || oxhip=$root/target/debug/oxhip
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat > "$work/vadd.hip" <<'EOF'
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void vadd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

int main() {
  const int n = 1024;
  static float a[n], b[n], c[n];
  for (int i = 0; i < n; ++i) { a[i] = i; b[i] = 2 * i; }
  float *da, *db, *dc;
  if (hipMalloc(&da, sizeof a) != hipSuccess || hipMalloc(&db, sizeof b) != hipSuccess ||
      hipMalloc(&dc, sizeof c) != hipSuccess) {
    std::printf("vadd: no device\n");
    return 1;
  }
  (void)hipMemcpy(da, a, sizeof a, hipMemcpyHostToDevice);
  (void)hipMemcpy(db, b, sizeof b, hipMemcpyHostToDevice);
  vadd<<<(n + 255) / 256, 256>>>(da, db, dc, n);
  (void)hipMemcpy(c, dc, sizeof c, hipMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    if (c[i] != 3 * i) { std::printf("vadd: FAILED\n"); return 1; }
  std::printf("vadd: PASSED\n");
  return 0;
}
EOF
cp "$root/driver/src/bin/oxhipconfig/selftest.hip" "$work/selftest.hip"

# The list oxhip builds for when no --offload-arch is given and no GPU is found
# (docs/driver.md, "Offload targets"), spelled out so that a GPU machine measures the same.
default_archs=gfx90a,gfx942,gfx1100,sm_80,sm_90

section() { # <exe> <section>: its size in bytes, 0 when absent
  llvm-size-22 -A "$1" | awk -v name="$2" '$1 == name { print $2; found = 1 } END { if (!found) print 0 }'
}
debug_bytes() {
  llvm-size-22 -A "$1" | awk '$1 ~ /^\.debug_/ { total += $2 } END { print total + 0 }'
}
median_ms() { # <command...>: the median wall time of 15 runs on the CPU device, in ms
  local times=()
  for _ in $(seq 15); do
    local start end
    start=$(date +%s%N)
    OXHIP_VISIBLE_DEVICES=cpu "$@" > /dev/null
    end=$(date +%s%N)
    times+=($(((end - start) / 1000)))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n 8p | awk '{ printf "%.1f", $1 / 1000 }'
}

printf '%-44s %10s %10s %10s %10s %10s %9s\n' configuration bytes stripped .text .hip_fatbin debug "run (ms)"
row() { # <name> <source> <run command or -> <oxhip flags...>
  local name=$1 source=$2 run=$3
  shift 3
  local exe="$work/$name"
  "$oxhip" "$@" "$work/$source" -o "$exe"
  llvm-strip-22 -o "$exe.stripped" "$exe"
  local time=-
  if [ "$run" != - ]; then time=$(median_ms "$exe" $run); fi
  printf '%-44s %10d %10d %10d %10d %10d %9s\n' "$name" "$(stat -c %s "$exe")" \
    "$(stat -c %s "$exe.stripped")" "$(section "$exe" .text)" "$(section "$exe" .hip_fatbin)" \
    "$(debug_bytes "$exe")" "$time"
}

row vadd-sm_90 vadd.hip - -O3 --offload-arch=sm_90
row vadd-sm_90-g vadd.hip - -O3 --offload-arch=sm_90 -g
row vadd-sm_90-use-sharedlib vadd.hip - -O3 --offload-arch=sm_90 -use-sharedlib
row vadd-default-archs vadd.hip - -O3 --offload-arch=$default_archs
row vadd-default-archs-use-sharedlib vadd.hip - -O3 --offload-arch=$default_archs -use-sharedlib
row vadd-gfx942,gfx90a,sm_90,host-flat vadd.hip "" -O3 --offload-arch=gfx942,gfx90a,sm_90,host --no-offload-compress
row vadd-gfx942,gfx90a,sm_90,host vadd.hip "" -O3 --offload-arch=gfx942,gfx90a,sm_90,host
row selftest-gfx942,gfx90a,sm_90,host-flat selftest.hip "run 0 kernel_launch" -O3 --offload-arch=gfx942,gfx90a,sm_90,host --no-offload-compress
row selftest-gfx942,gfx90a,sm_90,host selftest.hip "run 0 kernel_launch" -O3 --offload-arch=gfx942,gfx90a,sm_90,host
row selftest-default-archs,host-flat selftest.hip "run 0 kernel_launch" -O3 --offload-arch=$default_archs,host --no-offload-compress
row selftest-default-archs,host selftest.hip "run 0 kernel_launch" -O3 --offload-arch=$default_archs,host

echo
echo "sections of vadd-sm_90 (llvm-size-22 -A, the 12 largest):"
llvm-size-22 -A "$work/vadd-sm_90" | awk 'NR > 2 && $2 > 0' | sort -k2 -n -r | head -12
