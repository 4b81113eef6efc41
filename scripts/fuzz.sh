#!/usr/bin/env bash
# Coverage-guided fuzzing of every reader of untrusted bytes with AFL++ (Debian's `afl++`)
# on stable Rust; docs/reliability.md has the targets and the figures.
#
#   scripts/fuzz.sh build                 # instrumented harness into target/fuzz
#   scripts/fuzz.sh run TARGET [SECONDS]  # one target, from fuzz/corpus/TARGET (default 60 s)
#   scripts/fuzz.sh ci [SECONDS]          # every target for SECONDS each (default 8): CI's sample
#
# Output goes to target/fuzz/out/TARGET (AFL++'s queue, crashes, fuzzer_stats). A crash is a
# failure: its input is printed; copy it to fuzz/regressions/TARGET/ once fixed, and
# `cargo test -p fuzz` replays it from then on. Runs at the lowest priority (nice 19): the
# machines are shared.
set -euo pipefail
cd "$(dirname "$0")/.."
exec </dev/null
here=$(pwd)
out=target/fuzz
harness="$out/x86_64-unknown-linux-gnu/release/fuzz-afl"
targets=(bundle bundle_length elf_sections module_load_data register_fat_binary hipify_lexer)

build() {
  command -v afl-fuzz >/dev/null || { echo "fuzz.sh: afl-fuzz missing: apt-get install afl++ (scripts/setup.sh)" >&2; exit 1; }
  # Coverage through LLVM's SanitizerCoverage pass (trace-pc-guard, which AFL++'s runtime
  # implements); --target keeps the flags off build scripts; overflow checks and debug
  # assertions turn silent wrong arithmetic into crashes.
  RUSTFLAGS="-C passes=sancov-module -C llvm-args=-sanitizer-coverage-level=3 \
-C llvm-args=-sanitizer-coverage-trace-pc-guard -C llvm-args=-sanitizer-coverage-prune-blocks=0 \
-C overflow-checks=on -C debug-assertions=on -C panic=unwind" \
    nice -n 19 cargo build --release --quiet -p fuzz --features afl --bin fuzz-afl \
      --target x86_64-unknown-linux-gnu --target-dir "$out"
}

run_one() {
  local target=$1 seconds=$2
  local dir="$out/out/$target"
  rm -rf "$dir"; mkdir -p "$dir"
  # AFL_SKIP_CPUFREQ/AFL_NO_AFFINITY: shared machines without a performance governor;
  # AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES: core_pattern is the host's, not ours.
  AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
  AFL_NO_UI=1 AFL_QUIET=1 AFL_SKIP_CRASHES=1 AFL_BENCH_UNTIL_CRASH=1 \
  OXHIP_FUZZ_TARGET="$target" \
    nice -n 19 afl-fuzz -i "fuzz/corpus/$target" -o "$dir" -V "$seconds" -m none -t 2000 \
      -- "$here/$harness" >"$dir/afl.log" 2>&1 || true
  local stats="$dir/default/fuzzer_stats"
  [ -f "$stats" ] || { echo "fuzz $target: afl-fuzz did not start:"; tail -20 "$dir/afl.log"; return 1; }
  local execs crashes hangs
  execs=$(awk -F': *' '/^execs_done/ {print $2}' "$stats")
  crashes=$(awk -F': *' '/^saved_crashes|^unique_crashes/ {print $2}' "$stats" | head -1)
  hangs=$(awk -F': *' '/^saved_hangs|^unique_hangs/ {print $2}' "$stats" | head -1)
  echo "fuzz $target: $execs executions, $crashes crashes, $hangs hangs in ${seconds}s"
  if [ "${crashes:-0}" != 0 ]; then
    ls "$dir"/default/crashes/id* 2>/dev/null | head -5
    return 1
  fi
}

case "${1:-}" in
  build) build ;;
  run) build; run_one "${2:?target}" "${3:-60}" ;;
  ci)
    build
    failed=0
    for target in "${targets[@]}"; do run_one "$target" "${2:-8}" || failed=1; done
    exit $failed ;;
  *) sed -n '2,12p' "$0"; exit 2 ;;
esac
