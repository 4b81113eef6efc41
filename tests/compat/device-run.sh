#!/usr/bin/env bash
# Runs packed HeCBench builds on the lent GPU machine (the device tool), on the GPU and on
# the CPU device at once, within one device command's time limit, and copies the results
# files to $OUT.
#
#   tests/compat/device-run.sh SECONDS MODE [MODE...]
#
# Each MODE's archive is .device-carry/compat-MODE.tar.xz (tests/compat/hecbench.py pack);
# it is unpacked once per machine. The runs resume (--resume) where an earlier call left
# off: the results files travel with the repository, so copy the ones that come back into
# tests/compat/results before the next call. GPU programs run four at a time (120 s each),
# the modes one after another; CPU-device programs run six at a time with two threads each
# (60 s), alongside.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
budget=$1
shift
cd "$here"
out=${OUT:-/tmp}
for mode in "$@"; do
  [ -d ".compat/work/$mode" ] || { mkdir -p .compat && tar -C .compat -xJf ".device-carry/compat-$mode.tar.xz"; }
done
deadline=$((SECONDS + budget))
chain() {
  local device=$1 jobs=$2 limit=$3 mode
  shift 3
  for mode in "$@"; do
    local left=$((deadline - SECONDS))
    [ "$left" -gt 20 ] || break
    OXHIP_CPU_THREADS=2 timeout "$left" python3 tests/compat/hecbench.py run "$mode" --device "$device" \
      --timeout "$limit" --jobs "$jobs" --resume >> "$out/runs.log" 2>&1
  done
}
chain gpu 4 120 "$@" &
chain cpu 6 60 "$@" &
wait
grep -E "^[a-z]+ (gpu|cpu): [0-9]+ of" "$out/runs.log"
cp tests/compat/results/*-run-*.json "$out/" 2>/dev/null
exit 0
