#!/usr/bin/env bash
# One CUDA source built with oxhip and with nvcc, both run on the lent GPU, the best of
# alternating runs compared: benches/gpu/NAME.cu, NAME being `libraries` (CUB and Thrust at
# 2^24 elements, issue 25: oxhip's own hipCUB and Thrust against CUDA 13's) or `atomics`
# (compare-and-swap at each scope, docs/gpu-bench.md) or `small` (the latency of one small
# runtime, Thrust or CUB call, docs/gpu-bench.md).
#
#   benches/gpu/versus-nvcc.sh build NAME      # here: oxhip builds .device-carry/NAME/NAME-oxhip
#   benches/gpu/versus-nvcc.sh run NAME        # on the GPU machine (carry .device-carry/NAME):
#                                              # builds nvcc's, runs both, prints the table
#   benches/gpu/versus-nvcc.sh chart NAME DIR  # DIR/NAME.csv -> DIR/NAME.svg (benches/chart.py)
#
# The source prints "<measure> <median ms>" lines and its own result checks ("check ...").
# `run` prints each binary's output, then one markdown table: measure, oxhip ms, nvcc ms,
# oxhip/nvcc (the best of the runs of each). With $OUT set, the table goes to $OUT/NAME.md
# and the chart's data to $OUT/NAME.csv. (libraries.sh is this script for `libraries`.)
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
name=${2:-}
case "$name" in libraries|atomics|small) ;; *) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;; esac
out="$here/.device-carry/$name"
title=$(sed -n '1s|^// ||p' "$here/benches/gpu/$name.cu" | cut -d: -f1)
arch=${OXHIP_BENCH_ARCH:-sm_90}
# Runs of each binary, alternating (the better of them counts): nvcc's own figures moved by up
# to 30% between two runs on the H200 (thrust::sort 0.70 and 0.54 ms).
runs=${BENCH_RUNS:-3}
case "${1:-}" in
  build)
    oxhip=${OXHIP:-$here/target/release/oxhip}
    [ -x "$oxhip" ] || { echo "versus-nvcc.sh: $oxhip missing: run cargo build --release" >&2; exit 1; }
    rm -rf "$out"; mkdir -p "$out"
    "$oxhip" -O3 -arch="$arch" "$here/benches/gpu/$name.cu" -o "$out/$name-oxhip"
    strip "$out/$name-oxhip"
    cp "$here/benches/gpu/$name.cu" "$out/$name.cu"
    ls -l "$out" ;;
  run)
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || true
    nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
    "$nvcc" --version | tail -1
    "$nvcc" -O3 -arch="$arch" -std=c++17 "$out/$name.cu" -o "$out/$name-nvcc"
    for i in $(seq "$runs"); do
      for who in oxhip nvcc; do
        echo "== $who (run $i)"
        "$out/$name-$who" | tee "$out/$who-$i.txt"
      done
    done
    python3 - "$out" "${OUT:-}" "$runs" "$name" "$title" <<'PY'
import sys, os
out, dest, runs, bench, title = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
def best(who):
    times = {}
    for run in range(1, runs + 1):
        for line in open(os.path.join(out, f"{who}-{run}.txt")):
            parts = line.split()
            if len(parts) == 2 and not line.startswith("#") and not line.startswith("check"):
                try:
                    value = float(parts[1])
                except ValueError:
                    continue
                times[parts[0]] = min(times.get(parts[0], value), value)
    return times
ours, theirs = best("oxhip"), best("nvcc")
names = [n for n in theirs if n in ours] + [n for n in ours if n not in theirs]
table = ["| measure | oxhip ms | nvcc ms | oxhip/nvcc |", "| --- | --- | --- | --- |"]
csv = [f"# title: {title}, oxhip vs nvcc", f"# source: benches/gpu/versus-nvcc.sh run {bench}", "name,oxhip,nvcc"]
for name in names:
    a, b = ours.get(name), theirs.get(name)
    ratio = f"{a / b:.2f}x" if a and b else "-"
    table.append(f"| `{name}` | {a if a is not None else '-'} | {b if b is not None else '-'} | {ratio} |")
    if a and b:
        csv.append(f"{name},{a},{b}")
print("\n".join(table))
if dest:
    open(os.path.join(dest, bench + ".md"), "w").write("\n".join(table) + "\n")
    open(os.path.join(dest, bench + ".csv"), "w").write("\n".join(csv) + "\n")
PY
    ;;
  chart)
    python3 "$here/benches/chart.py" draw "${3:?versus-nvcc.sh chart NAME DIR}/$name.csv" ;;
  *)
    sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
