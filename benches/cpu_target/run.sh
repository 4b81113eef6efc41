#!/usr/bin/env bash
# The CPU offload target against plain C++ loops: a memory-bound triad over 64M floats, a
# barrier-heavy shared-memory reduction over 16M ints (256-thread blocks, 8 barriers
# each), and over 4M ints a shuffle-based block scan, a shuffle warp reduction, a warp's
# count of its positive values (one ballot) and a loop while any lane of the warp is still
# positive (a ballot per iteration). Not a test: prints the figures that
# docs/cpu-target.md records.
#
#   benches/cpu_target/run.sh [triad elements] [reduction elements] [scan elements]
#
# OXHIP: the driver (default target/release/oxhip, else target/debug/oxhip).
# OXHIP_RUNTIME_LIB: the directory of liboxhip_runtime.a to link (default: the driver's);
# use a release runtime, the debug one measures Rust's debug build of the scheduler.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
oxhip=${OXHIP:-$root/target/release/oxhip}
[ -x "$oxhip" ] || oxhip=$root/target/debug/oxhip
lib=${OXHIP_RUNTIME_LIB:-$(dirname "$oxhip")}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$oxhip" -O3 --offload-arch=host -c "$here/kernels.hip" -o "$work/kernels.o"
clang++-22 "$work/kernels.o" -o "$work/kernels" -L"$lib" -l:liboxhip_runtime.a \
  -lpthread -ldl -lm -lrt -lgcc_s
clang++-22 -O3 "$here/loops.cpp" -o "$work/loops"
echo "machine: $(nproc) CPU(s), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
OXHIP_VISIBLE_DEVICES=cpu "$work/kernels" "$@" > "$work/kernels.out"
"$work/loops" "$@" > "$work/loops.out"
printf '%-10s %12s %12s %8s\n' kernel "cpu target" "C++ loop" ratio
paste "$work/kernels.out" "$work/loops.out" | while read -r name ms sum _ loop_ms loop_sum; do
  [ "$sum" = "$loop_sum" ] || { echo "$name: checksums differ ($sum vs $loop_sum)" >&2; exit 1; }
  printf '%-10s %9.1f ms %9.1f ms %7.2fx\n' "$name" "$ms" "$loop_ms" "$(echo "$ms / $loop_ms" | bc -l)"
done
