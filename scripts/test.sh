#!/usr/bin/env bash
# The project's test command: formatting, lints, unit/snapshot/integration
# tests, the lit suite against the built binaries, the CMake projects, then the README's
# commands.
#
#   scripts/test.sh            # every part below, in this order: what the README and CI run
#   scripts/test.sh PART...    # only the parts named, in the order given
#
# Parts: fmt, clippy, build, cargo (cargo test --workspace), lit, cmake (tests/cmake/run.sh
# caches.sh and sccache-dist.sh), readme (scripts/readme-commands.sh: the README's commands, and
# uninstalling), fuzz (5 s of each fuzz target); and two that the full run covers inside
# `cargo`: programs (tests/programs on the CPU device) and quick (fmt, the unit tests and
# the snapshot suites, which need no built binary). cargo, lit, programs, cmake and readme
# build the workspace first. docs/testing.md says what each part proves and what it needs.
set -euo pipefail
cd "$(dirname "$0")/.."
# Nothing here reads standard input; a stray one once poisoned cargo's cached rustc probe.
exec </dev/null

usage() { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; }

lit_suite() { /usr/lib/llvm-22/bin/lit -sv lit; }

cmake_suite() {
  # CMake projects built with oxhip's toolchain file and run on the CPU device.
  tests/cmake/run.sh
  # The same bytes from two build trees, and ccache hits on a rebuild (Makefile and CMake).
  tests/cmake/caches.sh
  # sccache's distributed mode: oxhip's compiles on a build server, from its toolchain archive.
  tests/cmake/sccache-dist.sh
}

# A short sample of every fuzz target (5 s each; docs/reliability.md has the long runs).
fuzz_sample() { scripts/fuzz.sh ci 5; }

everything() {
  cargo fmt --all -- --check
  cargo clippy --workspace --all-targets --quiet -- -D warnings
  cargo build --workspace --quiet
  cargo test --workspace --quiet 2>&1
  lit_suite
  cmake_suite
  scripts/readme-commands.sh
  fuzz_sample
}

part() {
  case "$1" in
    fmt) cargo fmt --all -- --check ;;
    clippy) cargo clippy --workspace --all-targets --quiet -- -D warnings ;;
    build) cargo build --workspace --quiet ;;
    # tests/tests runs target/<profile>/oxhip, which `cargo test` does not rebuild.
    cargo) cargo build --workspace --quiet; cargo test --workspace --quiet 2>&1 ;;
    lit) cargo build --workspace --quiet; lit_suite ;;
    programs) cargo build --workspace --quiet; cargo test --quiet -p tests --test cpu_programs 2>&1 ;;
    cmake) cargo build --workspace --quiet; cmake_suite ;;
    readme) cargo build --workspace --quiet; scripts/readme-commands.sh ;;
    fuzz) fuzz_sample ;;
    quick)
      cargo fmt --all -- --check
      cargo test --workspace --lib --quiet 2>&1
      cargo test --quiet -p hipify --test fixtures 2>&1
      cargo test --quiet -p tests --test driver_text 2>&1
      cargo test --quiet -p bundler --test fixtures 2>&1
      cargo test --quiet -p frontend --test cc1 2>&1 ;;
  esac
}

if [ $# -eq 0 ]; then
  everything
  exit 0
fi
# Every name is checked before anything runs, so a misspelt part fails at once.
for name in "$@"; do
  case "$name" in
    -h|--help) usage; exit 0 ;;
    fmt|clippy|build|cargo|lit|programs|cmake|readme|fuzz|quick) ;;
    *) echo "test.sh: unknown part \`$name\`" >&2; usage >&2; exit 2 ;;
  esac
done
for name in "$@"; do part "$name"; done
