#!/usr/bin/env bash
# Library benchmark (issue 25): CUB and Thrust at 2^24 elements, oxhip's own hipCUB and
# Thrust against nvcc's (CUDA's CUB and Thrust), on one CUDA source (libraries.cu).
#
#   benches/gpu/libraries.sh build      # here: oxhip builds .device-carry/libraries/libraries-oxhip
#   benches/gpu/libraries.sh run        # on the GPU machine (carry .device-carry/libraries):
#                                       # builds the nvcc reference, runs both twice, prints the table
#   benches/gpu/libraries.sh chart DIR  # DIR/libraries.csv -> DIR/libraries.svg (benches/chart.py)
#
# `run` prints each binary's lines ("<measure> <median ms>", then its own result checks),
# then one markdown table: measure, oxhip ms, nvcc ms, oxhip/nvcc (the best of the runs
# of each). With $OUT set, the table goes to $OUT/libraries.md and the chart's data to
# $OUT/libraries.csv. The issue's goal is at most 1.2x nvcc for each measure.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
out="$here/.device-carry/libraries"
arch=${OXHIP_BENCH_ARCH:-sm_90}
# Runs of each binary, alternating (the better of them counts): nvcc's own figures moved by up
# to 30% between two runs on the H200 (thrust::sort 0.70 and 0.54 ms).
runs=${LIBRARIES_RUNS:-3}
case "${1:-}" in
  build)
    oxhip=${OXHIP:-$here/target/release/oxhip}
    [ -x "$oxhip" ] || { echo "libraries.sh: $oxhip missing: run cargo build --release" >&2; exit 1; }
    rm -rf "$out"; mkdir -p "$out"
    "$oxhip" -O3 -arch="$arch" "$here/benches/gpu/libraries.cu" -o "$out/libraries-oxhip"
    strip "$out/libraries-oxhip"
    cp "$here/benches/gpu/libraries.cu" "$out/libraries.cu"
    ls -l "$out" ;;
  run)
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || true
    nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
    "$nvcc" --version | tail -1
    "$nvcc" -O3 -arch="$arch" -std=c++17 "$out/libraries.cu" -o "$out/libraries-nvcc"
    for i in $(seq "$runs"); do
      for who in oxhip nvcc; do
        echo "== $who (run $i)"
        "$out/libraries-$who" | tee "$out/$who-$i.txt"
      done
    done
    python3 - "$out" "${OUT:-}" "$runs" <<'PY'
import sys, os
out, dest, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
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
table = ["| measure (2^24 elements) | oxhip ms | nvcc ms | oxhip/nvcc |", "| --- | --- | --- | --- |"]
csv = ["# title: CUB and Thrust at 2^24 elements, oxhip vs nvcc", "# source: benches/gpu/libraries.sh run", "name,oxhip,nvcc"]
for name in names:
    a, b = ours.get(name), theirs.get(name)
    ratio = f"{a / b:.2f}x" if a and b else "-"
    table.append(f"| `{name}` | {a if a is not None else '-'} | {b if b is not None else '-'} | {ratio} |")
    if a and b:
        csv.append(f"{name},{a},{b}")
print("\n".join(table))
if dest:
    open(os.path.join(dest, "libraries.md"), "w").write("\n".join(table) + "\n")
    open(os.path.join(dest, "libraries.csv"), "w").write("\n".join(csv) + "\n")
PY
    ;;
  chart)
    python3 "$here/benches/chart.py" draw "${2:?libraries.sh chart DIR}/libraries.csv" ;;
  *)
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
