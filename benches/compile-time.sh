#!/usr/bin/env bash
# Compile time of oxhip against Debian's hipcc 5.2.3 and a plain C++ compile (issue 26,
# part 1; docs/compile-time.md keeps the figures).
#
#   benches/compile-time.sh            # every case, REPS=5 runs each
#   REPS=9 benches/compile-time.sh     # more runs
#
# Cases: (a) `-c` of a small HIP file for one AMD target, (b) the same for five targets,
# (c) a HeCBench program's whole `make` (entropy-hip), each with oxhip (PCH cache warm,
# cache cold, `--no-pch`) and with hipcc; and the same program as plain C++ with
# `clang++-22 -O2 -c`. The measure is the CPU time (user + system) of the whole process
# tree, the median of REPS runs, because the machine is shared and wall time depends on the
# load; the median wall time is printed beside it.
#
# Environment: OXHIP (default target/release/oxhip, else target/debug/oxhip), HIPCC
# (default /usr/bin/hipcc; `apt-get install hipcc`), HECBENCH_GIT (the HeCBench git
# directory, default /work/.mirror/zjin-lcf+HeCBench/repo), REPS.
# hipcc 5.2.3's clang 15 does not know gfx942, so every case uses gfx90a (one target) and
# gfx900,gfx906,gfx908,gfx90a,gfx1030 (five).
set -euo pipefail
cd "$(dirname "$0")/.."
exec </dev/null

REPS=${REPS:-5}
OXHIP=${OXHIP:-}
if [[ -z $OXHIP ]]; then
  for candidate in target/release/oxhip target/debug/oxhip; do
    if [[ -x $candidate ]]; then OXHIP=$PWD/$candidate; break; fi
  done
fi
[[ -x ${OXHIP:-} ]] || { echo "no oxhip binary: cargo build --release -p driver" >&2; exit 1; }
HIPCC=${HIPCC:-/usr/bin/hipcc}
CLANGXX=${CLANGXX:-clang++-22}
HECBENCH_GIT=${HECBENCH_GIT:-/work/.mirror/zjin-lcf+HeCBench/repo}
export ONE=gfx90a
FIVE=gfx900,gfx906,gfx908,gfx90a,gfx1030

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OXHIP_CACHE_DIR=$work/cache

cat >"$work/small.hip" <<'EOF'
#include <hip/hip_runtime.h>
#include <cstdio>
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
int main() {
  const int n = 1 << 20;
  float *x, *y;
  (void)hipMalloc(&x, n * sizeof(float));
  (void)hipMalloc(&y, n * sizeof(float));
  saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, x, y);
  (void)hipDeviceSynchronize();
  printf("done\n");
  (void)hipFree(x);
  (void)hipFree(y);
  return 0;
}
EOF
# The same program as plain C++: the kernel is a loop, the allocations are malloc.
cat >"$work/small.cpp" <<'EOF'
#include <cstdio>
#include <cstdlib>
static void saxpy(int n, float a, const float *x, float *y) {
  for (int i = 0; i < n; ++i) y[i] = a * x[i] + y[i];
}
int main() {
  const int n = 1 << 20;
  float *x = (float *)malloc(n * sizeof(float)), *y = (float *)malloc(n * sizeof(float));
  saxpy(n, 2.0f, x, y);
  printf("done\n");
  free(x);
  free(y);
  return 0;
}
EOF

# measure NAME COMMAND...: runs COMMAND (in $work) REPS times; sets CPU[NAME] and
# WALL[NAME] to the medians (seconds). A command named `prep_*` in PREP runs before each
# run, untimed.
declare -A CPU WALL
PREP=
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
measure() {
  local name=$1
  shift
  local cpus=() walls=() run
  for ((run = 0; run < REPS; run++)); do
    [[ -n $PREP ]] && (cd "$work" && eval "$PREP")
    if ! (cd "$work" && /usr/bin/time -f "%e %U %S" -o "$work/time.txt" "$@" >"$work/out.txt" 2>&1); then
      echo "$name failed: $*" >&2
      cat "$work/out.txt" >&2
      CPU[$name]=NaN
      WALL[$name]=NaN
      return
    fi
    read -r wall user sys <"$work/time.txt"
    cpus+=("$(echo "$user + $sys" | bc -l)")
    walls+=("$wall")
  done
  CPU[$name]=$(printf '%s\n' "${cpus[@]}" | median)
  WALL[$name]=$(printf '%s\n' "${walls[@]}" | median)
  printf '  %-34s cpu %6.2f s   wall %6.2f s\n' "$name" "${CPU[$name]}" "${WALL[$name]}"
}
ratio() { if [[ ${CPU[$1]} == NaN || ${CPU[$2]} == NaN ]]; then echo "n/a"; else echo "scale=2; ${CPU[$1]} / ${CPU[$2]}" | bc -l | sed 's/^\./0./'; fi; }

have_hipcc=yes
if ! [[ -x $HIPCC ]] || ! "$HIPCC" -O3 --offload-arch=$ONE -c "$work/small.hip" -o "$work/probe.o" >/dev/null 2>&1; then
  have_hipcc=no
  echo "hipcc ($HIPCC) is missing or does not work: comparing with clang++ only" >&2
fi

echo "oxhip: $("$OXHIP" --version | head -1)"
[[ $have_hipcc == yes ]] && echo "hipcc: $("$HIPCC" --version 2>/dev/null | grep -m1 -i 'hip version' || true)"
echo "runs per case: $REPS (medians; cpu = user + system of the process tree)"

echo "(a) -c small.hip, one AMD target ($ONE)"
(cd "$work" && "$OXHIP" -O3 --offload-arch=$ONE -c small.hip -o small.o)
measure oxhip-1 "$OXHIP" -O3 --offload-arch=$ONE -c small.hip -o small.o
PREP='rm -rf "$OXHIP_CACHE_DIR"'
measure oxhip-1-cold-cache "$OXHIP" -O3 --offload-arch=$ONE -c small.hip -o small.o
PREP=
measure oxhip-1-no-pch "$OXHIP" --no-pch -O3 --offload-arch=$ONE -c small.hip -o small.o
[[ $have_hipcc == yes ]] && measure hipcc-1 "$HIPCC" -O3 --offload-arch=$ONE -c small.hip -o small.o
measure clang++-O2-c "$CLANGXX" -O2 -c small.cpp -o small-cxx.o

echo "(b) -c small.hip, five AMD targets ($FIVE)"
(cd "$work" && "$OXHIP" -O3 --offload-arch=$FIVE -c small.hip -o small.o)
measure oxhip-5 "$OXHIP" -O3 --offload-arch=$FIVE -c small.hip -o small.o
measure oxhip-5-no-pch "$OXHIP" --no-pch -O3 --offload-arch=$FIVE -c small.hip -o small.o
[[ $have_hipcc == yes ]] && measure hipcc-5 "$HIPCC" -O3 --offload-arch=$FIVE -c small.hip -o small.o

echo "(c) HeCBench entropy-hip: make (compile and link), one AMD target ($ONE)"
have_hecbench=no
if git --git-dir="$HECBENCH_GIT" rev-parse --verify -q HEAD >/dev/null 2>&1; then
  # File by file: `git archive` of a path walks objects that a partial mirror may lack.
  for file in $(git --git-dir="$HECBENCH_GIT" ls-tree -r --name-only HEAD src/entropy-hip src/entropy-cuda); do
    mkdir -p "$work/$(dirname "$file")"
    git --git-dir="$HECBENCH_GIT" show "HEAD:$file" >"$work/$file"
  done
  have_hecbench=yes
else
  echo "  no HeCBench at $HECBENCH_GIT: skipped" >&2
fi
if [[ $have_hecbench == yes ]]; then
  make_with() { make -s -C src/entropy-hip CC="$1" EXTRA_CFLAGS="--offload-arch=$ONE"; }
  export -f make_with
  PREP='make -s -C src/entropy-hip clean >/dev/null'
  (cd "$work" && eval "$PREP" && make_with "$OXHIP" >/dev/null 2>&1)
  measure oxhip-make bash -c "make_with '$OXHIP'"
  measure oxhip-make-no-pch bash -c "make_with '$OXHIP --no-pch'"
  [[ $have_hipcc == yes ]] && measure hipcc-make bash -c "make_with '$HIPCC'"
  PREP=
fi

echo "ratios (cpu time; goal in brackets)"
if [[ $have_hipcc == yes ]]; then
  echo "  (a) one target:      oxhip / hipcc   $(ratio oxhip-1 hipcc-1)   [<= 0.3]  (cold cache $(ratio oxhip-1-cold-cache hipcc-1), --no-pch $(ratio oxhip-1-no-pch hipcc-1))"
  echo "  (b) five targets:    oxhip / hipcc   $(ratio oxhip-5 hipcc-5)   [<= 0.2]  (--no-pch $(ratio oxhip-5-no-pch hipcc-5))"
  [[ $have_hecbench == yes ]] && echo "  (c) HeCBench make:    oxhip / hipcc   $(ratio oxhip-make hipcc-make)   [<= 0.3]  (--no-pch $(ratio oxhip-make-no-pch hipcc-make))"
fi
echo "  (a) one target:      oxhip / clang++ -O2 -c   $(ratio oxhip-1 clang++-O2-c)   [<= 2.5, or the hipcc goal]"
