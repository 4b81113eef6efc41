#!/usr/bin/env bash
# Runs packed HeCBench builds on the lent GPU machine (the device tool), on the GPU and on
# the CPU device at once, within one device command's time limit, and puts the results
# files into $OUT/results.tar (and the log into $OUT/runs.log.gz).
#
#   tests/compat/device-run.sh SECONDS --gpu "MODE..." --cpu "MODE..." [--nvcc-only "NAME..."]
#                              [--gpu-only "NAME..." --gpu-limit SECONDS] [--cpu-repeat-one]
#                              [--cpu-only "NAME..."]
#
# Each MODE's archive is .device-carry/compat-MODE.tar.xz (tests/compat/hecbench.py pack);
# it is unpacked once per machine. The mode `nvcc` (GPU only) is the reference: it is
# built here first, with nvcc, from the sources in the cuda mode's archive (16 at once),
# unless tests/compat/results/nvcc-build.json already lists every program; with --nvcc-only,
# only the programs named (those that fail with oxhip, to tell their own failures from
# oxhip's). --gpu-only reruns just the programs named on the GPU (in every GPU mode),
# --gpu-limit changes the GPU time limit (120 s), for rerunning programs that ran over it.
# --cpu-only reruns just the programs named on the CPU device (the limit stays 60 s), and
# $CPU_THREADS sets the CPU device's threads per program (2): `CPU_JOBS=2 CPU_THREADS=8`
# reruns programs that ran over the limit with the machine's cores shared by two at a time.
# A compat-MODE-only.tar.xz (pack --only: programs rebuilt since the full archive) is
# unpacked over the full one. $GPU_JOBS and $CPU_JOBS change how many programs run at once (4 and 6).
# The runs resume (--resume) where an earlier call left off: the results files travel with
# --cpu-repeat-one runs the CPU-device list by the repeat rule (hecbench.py run --repeat-one:
# every repeat count 1, results MODE-run-cpu-repeat1.json). The runs resume (--resume) where an earlier call left off: the results files travel with
# the repository, so copy the ones that come back into tests/compat/results before the
# next call. GPU programs run four at a time (120 s each), the modes one after another;
# CPU-device programs run six at a time with two threads each (60 s), alongside.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
# OXHIP_COMPAT_SUITE=libraries runs the library programs (hecbench.py --suite libraries):
# archives compat-libraries-MODE.tar.xz, results libraries-*.json.
suite=${OXHIP_COMPAT_SUITE:-main}
prefix=""; list=tests/compat/programs.txt
[ "$suite" = libraries ] && prefix="libraries-" && list=tests/compat/programs-libraries.txt
export OXHIP_COMPAT_SUITE=$suite
budget=$1
shift
gpu_modes="" cpu_modes="" nvcc_only="" gpu_only="" cpu_only="" gpu_limit=120 cpu_repeat=()
while [ $# -gt 0 ]; do
  case "$1" in
    --gpu) gpu_modes=$2; shift 2 ;;
    --cpu) cpu_modes=$2; shift 2 ;;
    --nvcc-only) nvcc_only=$2; shift 2 ;;
    --gpu-only) gpu_only=$2; shift 2 ;;
    --gpu-limit) gpu_limit=$2; shift 2 ;;
    --cpu-only) cpu_only=$2; shift 2 ;;
    --cpu-repeat-one) cpu_repeat=(--repeat-one); shift ;;
    *) echo "device-run.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
cd "$here"
out=${OUT:-/tmp}
deadline=$((SECONDS + budget))
for mode in $gpu_modes $cpu_modes; do
  [ "$mode" = nvcc ] && mode=cuda
  if [ -f ".device-carry/compat-$prefix$mode.tar.xz" ] && [ ! -f ".compat/.$prefix$mode" ]; then
    mkdir -p .compat && tar -C .compat -xJf ".device-carry/compat-$prefix$mode.tar.xz" && touch ".compat/.$prefix$mode"
  fi
  if [ -f ".device-carry/compat-$prefix$mode-only.tar.xz" ] && [ ! -f ".compat/.$prefix$mode-only" ]; then
    mkdir -p .compat && tar -C .compat -xJf ".device-carry/compat-$prefix$mode-only.tar.xz" && touch ".compat/.$prefix$mode-only"
  fi
done
chain() {
  local device=$1 jobs=$2 limit=$3 mode
  shift 3
  for mode in "$@"; do
    local left=$((deadline - SECONDS))
    [ "$left" -gt 20 ] || break
    local only=() resume=(--resume) repeat=()
    [ "$device" = cpu ] && repeat=("${cpu_repeat[@]}")
    # shellcheck disable=SC2206
    [ "$mode" = nvcc ] && [ -n "$nvcc_only" ] && only=(--only $nvcc_only)
    # shellcheck disable=SC2206
    [ "$device" = gpu ] && [ -n "$gpu_only" ] && only=(--only $gpu_only) && resume=()
    # shellcheck disable=SC2206
    [ "$device" = cpu ] && [ -n "$cpu_only" ] && only=(--only $cpu_only) && resume=()
    if [ "$mode" = nvcc ] && [ ${#only[@]} -gt 0 ]; then
      timeout "$left" python3 tests/compat/hecbench.py build nvcc --jobs 16 "${only[@]}" >> "$out/runs.log" 2>&1
      left=$((deadline - SECONDS))
    elif [ "$mode" = nvcc ] && ! python3 - "tests/compat/results/${prefix}nvcc-build.json" "$list" <<'EOF'
import json, sys
try:
    built = json.load(open(sys.argv[1]))
except OSError:
    sys.exit(1)
names = [l.split("#")[0].strip() for l in open(sys.argv[2])]
sys.exit(0 if len(built) >= len([n for n in names if n]) else 1)
EOF
    then
      timeout "$left" python3 tests/compat/hecbench.py build nvcc --jobs 16 >> "$out/runs.log" 2>&1
      left=$((deadline - SECONDS))
    fi
    OXHIP_CPU_THREADS=${CPU_THREADS:-2} timeout "$left" python3 tests/compat/hecbench.py run "$mode" --device "$device" \
      --timeout "$limit" --jobs "$jobs" "${resume[@]}" "${only[@]}" "${repeat[@]}" >> "$out/runs.log" 2>&1
  done
}
# shellcheck disable=SC2086
chain gpu "${GPU_JOBS:-4}" "$gpu_limit" $gpu_modes &
# shellcheck disable=SC2086
chain cpu "${CPU_JOBS:-6}" 60 $cpu_modes &
wait
grep -E "^[a-z]+ (gpu|cpu): [0-9]+ of|^nvcc: [0-9]+ of" "$out/runs.log"
# One archive: the device tool brings back only a few files.
tar -C tests/compat/results -cf "$out/results.tar" . && gzip -f "$out/runs.log"
exit 0
