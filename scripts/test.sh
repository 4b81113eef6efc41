#!/usr/bin/env bash
# The project's test command: formatting, lints, unit/snapshot/integration
# tests, the lit suite against the built binaries, then the CMake projects.
set -euo pipefail
cd "$(dirname "$0")/.."
# Nothing here reads standard input; a stray one once poisoned cargo's cached rustc probe.
exec </dev/null
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
cargo build --workspace --quiet
cargo test --workspace --quiet 2>&1
/usr/lib/llvm-22/bin/lit -sv lit
# CMake projects built with oxhip's toolchain file and run on the CPU device.
tests/cmake/run.sh
# The same bytes from two build trees, and ccache hits on a rebuild (Makefile and CMake).
tests/cmake/caches.sh
# A short sample of every fuzz target (5 s each; docs/reliability.md has the long runs).
scripts/fuzz.sh ci 5
