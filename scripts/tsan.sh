#!/usr/bin/env bash
# ThreadSanitizer over the runtime (docs/reliability.md, "Threads"): the runtime's unit tests
# and its many-threaded C ABI harness (runtime/tests/threads.rs), then the concurrency
# programs of tests/programs (kernel launches, module loads, resets from many threads) linked
# with a runtime built under ThreadSanitizer and run on the CPU device.
#
#   scripts/tsan.sh [RUNS]      # RUNS: how many times each program runs (default 20)
#
# Needs the nightly toolchain with rust-src (std is rebuilt with the sanitizer:
# `rustup component add rust-src --toolchain nightly`), and `cargo build --release` first
# (the programs are compiled by target/release/oxhip). Not in CI: the rebuilt std takes
# minutes, and nightly is not part of the project's toolchain. Any report fails the run.
set -uo pipefail
cd "$(dirname "$0")/.."
exec </dev/null
runs=${1:-20}
target=x86_64-unknown-linux-gnu
work=${OXHIP_TSAN_DIR:-target/tsan}
oxhip=target/release/oxhip
[ -x "$oxhip" ] || { echo "tsan.sh: cargo build --release first" >&2; exit 1; }
cargo +nightly --version >/dev/null 2>&1 || { echo "tsan.sh: needs the nightly toolchain (rustup toolchain install nightly)" >&2; exit 1; }
[ -d "$(rustc +nightly --print sysroot)/lib/rustlib/src/rust/library" ] || {
  echo "tsan.sh: needs rust-src for nightly (rustup component add rust-src --toolchain nightly)" >&2; exit 1; }
export RUSTFLAGS="-Zsanitizer=thread" CARGO_TARGET_DIR="$work/cargo"
# Reports end the process with exit status 66 (TSAN_OPTIONS can add to this).
export TSAN_OPTIONS="exitcode=66 halt_on_error=0 ${TSAN_OPTIONS:-}"
failed=0

echo "--- the runtime's unit tests and tests/threads.rs under ThreadSanitizer"
cargo +nightly test -Zbuild-std --target "$target" -p runtime --lib --test threads || failed=1

echo "--- the concurrency programs, linked with a runtime built under ThreadSanitizer"
cargo +nightly build -Zbuild-std --target "$target" -p runtime --release --quiet || exit 1
runtime_dir="$work/cargo/$target/release"
for program in tests/programs/concurrent_launches.hip tests/programs/concurrent_reset.hip \
               tests/programs/module_threads; do
  name=$(basename "$program" .hip)
  main=$program
  if [ -d "$program" ]; then
    main=$program/main.hip
    "$oxhip" -O3 --offload-arch=host --genco "$program/kernels.hip" -o "$work/$name.hipfb" || { failed=1; continue; }
  fi
  # Kernels run as split loops at -O3, never as fibers, whose stack switches ThreadSanitizer
  # would need to be told about.
  "$oxhip" -O3 --offload-arch=host -c "$main" -o "$work/$name.o" || { failed=1; continue; }
  clang++-22 -fsanitize=thread "$work/$name.o" -o "$work/$name" -L"$runtime_dir" -l:liboxhip_runtime.a \
    -Wl,--export-dynamic-symbol='hip*',--export-dynamic-symbol='__hip*',--export-dynamic-symbol='oxhip*' \
    -lpthread -ldl -lm -lrt -lutil || { failed=1; continue; }
  clean=0
  for _ in $(seq "$runs"); do
    if OXHIP_VISIBLE_DEVICES=cpu timeout 300 "$work/$name" >"$work/$name.out" 2>&1 \
       && grep -q PASSED "$work/$name.out"; then clean=$((clean + 1)); else
      grep -m1 -A30 "WARNING: ThreadSanitizer" "$work/$name.out" || tail -5 "$work/$name.out"; fi
  done
  echo "$name: $clean of $runs runs passed with no report"
  [ "$clean" -eq "$runs" ] || failed=1
done
[ "$failed" -eq 0 ] && echo "tsan.sh: no data race reported"
exit "$failed"
