#!/usr/bin/env bash
# GPU accuracy of every function of devicelibs/tests/ulp_harness.c (issue 10), oxhip's
# and nvcc's, on the harness's inputs and references (benches/gpu/accuracy.hip).
#
#   benches/gpu/accuracy.sh build   # here: the harness object, oxhip's executable and the
#                                   # host harness's own figures, in .device-carry/accuracy
#   benches/gpu/accuracy.sh run     # on the GPU machine (carry .device-carry/accuracy):
#                                   # builds nvcc's executable, runs both, prints the table
#
# The table: function, max ulp on the host (devicelibs' C compiled for x86-64, as
# devicelibs/tests/ulp.rs measures it in CI), max ulp of oxhip's and of nvcc's function on
# the GPU. Lines ending in _abs are absolute errors, _ratio ulps over CUDA's order-dependent
# bound, `exact` a count of mismatches. With $OUT set, the table goes to $OUT/accuracy.md.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
out="$here/.device-carry/accuracy"
arch=${OXHIP_BENCH_ARCH:-sm_90}
case "${1:-}" in
  build)
    oxhip=${OXHIP:-$here/target/release/oxhip}
    clang=${OXHIP_CLANG:-clang-22}
    [ -x "$oxhip" ] || { echo "accuracy.sh: $oxhip missing: run cargo build --release" >&2; exit 1; }
    rm -rf "$out"; mkdir -p "$out"
    "$clang" -O2 -ffp-contract=off -std=gnu11 -include "$here/benches/gpu/ulp_stubs.h" \
      -c "$here/devicelibs/tests/ulp_harness.c" -o "$out/harness.o"
    "$oxhip" -O3 --offload-arch="$arch" "$here/benches/gpu/accuracy.hip" "$out/harness.o" \
      -o "$out/accuracy-oxhip"
    strip "$out/accuracy-oxhip"
    cp "$here/benches/gpu/accuracy.hip" "$out/accuracy.cu"
    cp "$here/benches/gpu/ulp_stubs.h" "$out/"
    "$clang" -O2 -ffp-contract=off -std=c11 "$here/devicelibs/lib/math.c" \
      "$here/devicelibs/tests/ulp_harness.c" -lm -o "$out/ulp-host"
    "$out/ulp-host" > "$out/host.txt"
    rm "$out/ulp-host"
    ls -l "$out" ;;
  run)
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || true
    nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
    : > "$out/nvcc.txt"
    "$out/accuracy-oxhip" > "$out/oxhip.txt"
    if [ -x "$nvcc" ]; then
      "$nvcc" --version | tail -1
      (cd "$out" && "$nvcc" -O3 -arch="$arch" accuracy.cu harness.o -o accuracy-nvcc)
      "$out/accuracy-nvcc" > "$out/nvcc.txt"
    fi
    awk '
      FILENAME ~ /host/ { host[$1] = $2; order[++n] = $1; next }
      FILENAME ~ /oxhip/ { ox[$1] = $2; next }
      { nv[$1] = $2 }
      END {
        print "| function | host | oxhip (GPU) | nvcc (GPU) |"
        print "| --- | --- | --- | --- |"
        for (i = 1; i <= n; ++i) {
          f = order[i]
          printf "| `%s` | %s | %s | %s |\n", f, host[f], (f in ox) ? ox[f] : "-", (f in nv) ? nv[f] : "-"
        }
      }' "$out/host.txt" "$out/oxhip.txt" "$out/nvcc.txt" | tee "$out/table.md"
    if [ -n "${OUT:-}" ]; then cp "$out/table.md" "$OUT/accuracy.md"; cp "$out"/*.txt "$OUT/"; fi ;;
  *) echo "usage: benches/gpu/accuracy.sh build|run" >&2; exit 2 ;;
esac
