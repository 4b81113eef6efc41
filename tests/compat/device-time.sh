#!/usr/bin/env bash
# Whole-run timing on the lent GPU machine (the device tool): oxhip's cuda-mode builds of
# tests/compat/programs-time.txt against nvcc's, one program at a time (hecbench.py time).
#
#   here:    hecbench.py build cuda --only $(list)   (OXHIP_PTXAS set, so builds carry cubins)
#            hecbench.py pack cuda --only $(list)    -> .device-carry/compat-cuda-only.tar.xz
#   device:  tests/compat/device-time.sh [--reps N] [--only "NAMES"]
#            (carry .device-carry/compat-cuda-only.tar.xz)
#
# nvcc builds the same programs there first (16 at once), then `time` runs them; the results
# file comes back in $OUT/results.tar (copy it into tests/compat/results/), the chart's data in
# $OUT/hecbench-time.csv (draw it here with benches/chart.py draw). With --only, just
# those programs are built and timed again, and their entries replace theirs in the file.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
cd "$here"
reps=1 only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --reps) reps=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    *) echo "device-time.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
out=${OUT:-/tmp}
mkdir -p .compat && tar -C .compat -xJf .device-carry/compat-cuda-only.tar.xz
list=${only:-$(grep -v '^#' tests/compat/programs-time.txt | tr '\n' ' ')}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || true
# shellcheck disable=SC2086 # the names are words
python3 tests/compat/hecbench.py build nvcc --jobs 16 --only $list > "$out/nvcc-build.log" 2>&1
tail -1 "$out/nvcc-build.log"
only_args=()
# shellcheck disable=SC2206
[ -n "$only" ] && only_args=(--only $only)
python3 tests/compat/hecbench.py time cuda --reps "$reps" --budget 430 "${only_args[@]}" | tee "$out/time.log"
tar -C tests/compat/results -cf "$out/results.tar" cuda-time-gpu.json nvcc-build.json
# The chart's data (benches/chart.py draws it here: the GPU machine has no matplotlib).
python3 benches/chart.py compat cuda "$out/hecbench-time.csv" \
  --title "HeCBench CUDA programs, whole run: oxhip against nvcc, one at a time, $(date -u +%F)" || true
