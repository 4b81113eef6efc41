#!/usr/bin/env bash
# Long fuzz runs on a bigger machine than this one (the lent GPU machine's 16 cores, through the
# `device` tool), for the 10 million executions per target that docs/reliability.md reports.
#
#   scripts/fuzz-device.sh pack                 # here: .device-carry/fuzz.tar.xz (harness, afl-fuzz, corpus)
#   scripts/fuzz-device.sh run SECONDS [TARGET:N ...]
#                                               # there: every target, N instances each (default 2)
#
# `pack` needs `scripts/fuzz.sh build` first. The lent machine has no AFL++: the archive carries
# Debian's afl-fuzz and the one library it needs that Ubuntu lacks (libpython3.11). `run` puts
# each target's fuzzer_stats and any crash inputs into $OUT/fuzz-results.tar.gz and prints one
# line per target: executions summed over its instances, crashes, hangs.
set -euo pipefail
cd "$(dirname "$0")/.."
exec </dev/null
targets=(bundle bundle_length elf_sections module_load_data register_fat_binary hipify_lexer)
harness=target/fuzz/x86_64-unknown-linux-gnu/release/fuzz-afl

pack() {
  [ -x "$harness" ] || { echo "fuzz-device.sh: no harness: run scripts/fuzz.sh build first" >&2; exit 1; }
  local stage
  stage=$(mktemp -d)
  mkdir -p "$stage/fuzz/bin" "$stage/fuzz/lib"
  cp "$harness" "$stage/fuzz/bin/fuzz-afl"
  cp "$(command -v afl-fuzz)" "$stage/fuzz/bin/"
  cp /lib/x86_64-linux-gnu/libpython3.11.so.1.0 "$stage/fuzz/lib/"
  cp -r fuzz/corpus "$stage/fuzz/corpus"
  mkdir -p .device-carry
  tar -C "$stage" -cJf .device-carry/fuzz.tar.xz fuzz
  rm -rf "$stage"
  ls -la .device-carry/fuzz.tar.xz
}

run() {
  local seconds=$1 work=/tmp/oxhip-fuzz out=${OUT:-/tmp} spec
  shift
  declare -A count
  for target in "${targets[@]}"; do count[$target]=2; done
  for spec in "$@"; do count[${spec%%:*}]=${spec##*:}; done
  rm -rf "$work"; mkdir -p "$work/out"
  tar -C "$work" -xJf .device-carry/fuzz.tar.xz
  local bin=$work/fuzz/bin
  export LD_LIBRARY_PATH=$work/fuzz/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  export AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
    AFL_NO_UI=1 AFL_QUIET=1 AFL_SKIP_CRASHES=1
  for target in "${targets[@]}"; do
    for i in $(seq 1 "${count[$target]}"); do
      local role=-S name=s$i
      [ "$i" = 1 ] && role=-M name=m
      OXHIP_FUZZ_TARGET=$target "$bin/afl-fuzz" -i "$work/fuzz/corpus/$target" -o "$work/out/$target" \
        "$role" "$name" -V "$seconds" -m none -t 2000 -- "$bin/fuzz-afl" \
        >"$work/out-$target-$name.log" 2>&1 &
    done
  done
  wait
  local failed=0
  for target in "${targets[@]}"; do
    [ "${count[$target]}" -gt 0 ] || continue
    local execs=0 crashes=0 hangs=0 stats
    for stats in "$work/out/$target"/*/fuzzer_stats; do
      [ -f "$stats" ] || continue
      execs=$((execs + $(awk -F': *' '/^execs_done/ {print $2}' "$stats")))
      crashes=$((crashes + $(awk -F': *' '/^saved_crashes/ {print $2}' "$stats")))
      hangs=$((hangs + $(awk -F': *' '/^saved_hangs/ {print $2}' "$stats")))
    done
    echo "fuzz $target: $execs executions, $crashes crashes, $hangs hangs in ${seconds}s × ${count[$target]} instances"
    [ "$execs" -gt 0 ] || { failed=1; tail -5 "$work/out-$target-m.log" || true; }
    [ "$crashes" = 0 ] || failed=1
  done
  (cd "$work" && tar -czf "$out/fuzz-results.tar.gz" --exclude='*/queue/*' --exclude='*/.synced/*' out out-*.log)
  exit $failed
}

case "${1:-}" in
  pack) pack ;;
  run) shift; run "${1:?seconds}" "${@:2}" ;;
  *) sed -n '2,11p' "$0"; exit 2 ;;
esac
