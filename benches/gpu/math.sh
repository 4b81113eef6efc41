#!/usr/bin/env bash
# GPU math benchmark (issue 10): oxhip's math functions against nvcc's on the same
# source (math.hip, which compiles as CUDA under nvcc), time and accuracy per function.
#
#   benches/gpu/math.sh build   # here: oxhip builds .device-carry/math/math-oxhip
#   benches/gpu/math.sh run     # on the GPU machine (carry .device-carry): builds the nvcc
#                               # reference when nvcc is there, runs both, prints the table
#
# `run` prints each binary's raw lines, then one markdown table: function, oxhip ms,
# nvcc ms, oxhip/nvcc, max ulp of each, and the geometric mean of the time ratios over
# the single functions (not the mixes). With $OUT set, the table is also written to
# $OUT/math.md. Extra arguments to `run` select functions by name (expf sinf ...).
# After the table, `run` writes the chart's data (math.csv: function, oxhip ms, nvcc ms)
# and draws math.svg, the time ratio per function (benches/chart.py; where the GPU machine
# has no matplotlib, the data comes back in $OUT and `chart` draws it here):
#
#   benches/gpu/math.sh chart DIR   # DIR/math.csv -> DIR/math.svg; for the docs, copy the
#                                   # data to docs/figures/math-DATE-GPU.csv, then
#                                   # benches/chart.py docs
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
out="$here/.device-carry/math"
arch=${OXHIP_BENCH_ARCH:-sm_90}
case "${1:-}" in
  build)
    oxhip=${OXHIP:-$here/target/release/oxhip}
    [ -x "$oxhip" ] || { echo "math.sh: $oxhip missing: run cargo build --release" >&2; exit 1; }
    rm -rf "$out"; mkdir -p "$out"
    "$oxhip" -O3 --offload-arch="$arch" "$here/benches/gpu/math.hip" -o "$out/math-oxhip"
    strip "$out/math-oxhip"
    cp "$here/benches/gpu/math.hip" "$out/math.cu"
    ls -l "$out" ;;
  run)
    shift
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || true
    nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
    if [ -x "$nvcc" ]; then
      "$nvcc" --version | tail -1
      "$nvcc" -O3 -arch="$arch" "$out/math.cu" -o "$out/math-nvcc"
    fi
    echo "== oxhip"; "$out/math-oxhip" "$@" | tee "$out/oxhip.txt"
    : > "$out/nvcc.txt"
    if [ -x "$out/math-nvcc" ]; then
      echo "== nvcc"; "$out/math-nvcc" "$@" | tee "$out/nvcc.txt"
    fi
    awk '
      FNR == NR { ox_ms[$1] = $2; ox_ulp[$1] = $3; order[++n] = $1; next }
      { nv_ms[$1] = $2; nv_ulp[$1] = $3 }
      END {
        print "| function | oxhip ms | nvcc ms | oxhip / nvcc | oxhip max ulp | nvcc max ulp |"
        print "| --- | --- | --- | --- | --- | --- |"
        for (i = 1; i <= n; ++i) {
          f = order[i]
          if (f in nv_ms && nv_ms[f] > 0) {
            ratio = ox_ms[f] / nv_ms[f]
            if (f !~ /^mix/) { sum += log(ratio); count++; if (ratio > worst) { worst = ratio; worst_f = f } }
            printf "| `%s` | %s | %s | %.2fx | %s | %s |\n", f, ox_ms[f], nv_ms[f], ratio, ox_ulp[f], nv_ulp[f]
          } else {
            printf "| `%s` | %s | - | - | %s | - |\n", f, ox_ms[f], ox_ulp[f]
          }
        }
        if (count) printf "\ngeometric mean oxhip/nvcc over %d functions: %.3fx; slowest: `%s` %.2fx\n", count, exp(sum / count), worst_f, worst
      }' "$out/oxhip.txt" "$out/nvcc.txt" | tee "$out/table.md"
    if [ -n "${OUT:-}" ]; then cp "$out/table.md" "$OUT/math.md"; cp "$out"/*.txt "$OUT/"; fi
    if [ -s "$out/nvcc.txt" ]; then
      gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1 || true)
      "$here/benches/chart.py" math-table "$out/table.md" "$out/math.csv" \
        --title "oxhip's math functions against nvcc's, ${gpu:-GPU}, $(date -u +%F)"
      [ -n "${OUT:-}" ] && cp "$out/math.csv" "$OUT/"
      if "$here/benches/chart.py" draw "$out/math.csv" "$out/math.svg"; then
        [ -n "${OUT:-}" ] && cp "$out/math.svg" "$OUT/"
      fi
    fi
    true ;;
  chart)
    dir=${2:-$out}
    "$here/benches/chart.py" draw "$dir/math.csv" "$dir/math.svg" ;;
  *) echo "usage: benches/gpu/math.sh build|run [function ...]|chart [DIR]" >&2; exit 2 ;;
esac
