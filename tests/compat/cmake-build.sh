#!/usr/bin/env bash
# HeCBench's own CMake build (its CMAKE_BUILD.md) of its HIP programs, with oxhip's toolchain
# file in place of ROCm (docs/cmake.md, "HeCBench"):
#
#   tests/compat/cmake-build.sh HECBENCH_GIT_DIR [ARCH] [--all]
#
# The programs come from .compat/hecbench/src (tests/compat/hecbench.py extract); the top-level
# CMake files that extraction leaves out (CMakeLists.txt, cmake/, src/CMakeLists.txt) from
# HECBENCH_GIT_DIR (a clone or a bare mirror) at the commit in .compat/hecbench/COMMIT. They
# are put together in the ignored .compat/hecbench-cmake/source, configured as the hip-ARCH
# preset is (HIP on, CUDA, SYCL and OpenMP off; ARCH defaults to gfx942) and built with Ninja
# and keep-going, for the `<name>-hip` targets of the programs in tests/compat/programs.txt
# (all HIP targets with --all; only the programs named in $ONLY when it is set). Binaries:
# $OXHIP_BIN_DIR (a cargo output directory or an installed prefix's bin), else target/release.
#
# HeCBench's FindHIP module looks for `hipcc` and `libamdhip64` under ROCM_PATH or /opt/rocm;
# the configure line gives it oxhip, oxhip's headers and oxhip's shared runtime instead
# (HIP_COMPILER, HIP_INCLUDE_DIR, HIP_LIBRARY), as a user without ROCm would.
#
# Prints one line per target (built or failed) and a summary; the build log is
# .compat/hecbench-cmake/build.log. Takes about an hour on two cores.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
git_dir="${1:?usage: tests/compat/cmake-build.sh HECBENCH_GIT_DIR [ARCH] [--all]}"
arch="${2:-gfx942}"
all=false
[ "${3:-}" = --all ] && all=true
exec </dev/null
bin_dir="${OXHIP_BIN_DIR:-$repo/target/release}"
src="$repo/.compat/hecbench/src"
commit="$(cat "$repo/.compat/hecbench/COMMIT")"
top="$repo/.compat/hecbench-cmake"
source="$top/source"
build="$top/build"
[ -d "$src" ] || { echo "cmake-build: no $src (tests/compat/hecbench.py extract first)" >&2; exit 1; }
[ -d "$git_dir/.git" ] && git_dir="$git_dir/.git"

# The source tree: HeCBench's layout, with fresh copies of the programs (some CMakeLists
# unpack data into their own directory at configure time).
rm -rf "$source" "$build"
mkdir -p "$source/src" "$source/cmake/modules" "$source/cmake/scripts"
for path in CMakeLists.txt src/CMakeLists.txt cmake/modules/BenchmarkMacros.cmake \
  cmake/modules/FindHIP.cmake cmake/modules/FindNCCL.cmake cmake/modules/FindSYCL.cmake \
  cmake/scripts/run_benchmark_test.py; do
  git --git-dir "$git_dir" show "$commit:$path" >"$source/$path"
done
cp -R "$src/." "$source/src/"
# The CUDA model is off, but axhelm-cuda's CMakeLists enables Fortran whatever the model, and
# a configure error stops the whole build: the CUDA directories (there only for the headers
# that HIP programs share with them) lose their CMakeLists. axhelm-hip needs Fortran too.
rm -f "$source"/src/*-cuda/CMakeLists.txt
# Some HIP programs build sources of their SYCL twin, which the extraction leaves out.
for twin in $(grep -oh '[A-Za-z0-9_+]*-sycl' "$source"/src/*-hip/CMakeLists.txt | sort -u); do
  git --git-dir "$git_dir" ls-tree -r --name-only "$commit" "src/$twin" | while read -r path; do
    mkdir -p "$source/$(dirname "$path")"
    git --git-dir "$git_dir" show "$commit:$path" >"$source/$path" 2>/dev/null ||
      { echo "cmake-build: $path: not in $git_dir, skipped"; rm -f "$source/$path"; }
  done
done
if ! command -v gfortran >/dev/null; then
  echo "cmake-build: no Fortran compiler (gfortran): axhelm-hip left out"
  rm -f "$source/src/axhelm-hip/CMakeLists.txt"
fi

toolchain="$("$bin_dir/oxhipconfig" --cmake-toolchain)"
prefix="$("$bin_dir/oxhipconfig" --path)"
library="$bin_dir/liboxhip_runtime.so"
[ -f "$library" ] || library="$prefix/lib/liboxhip_runtime.so"
configure=(cmake -S "$source" -B "$build" -G Ninja
  -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DCMAKE_BUILD_TYPE=Release
  -DHECBENCH_ENABLE_CUDA=OFF -DHECBENCH_ENABLE_HIP=ON -DHECBENCH_ENABLE_SYCL=OFF
  -DHECBENCH_ENABLE_OPENMP=OFF -DHECBENCH_HIP_ARCH="$arch"
  -DHIP_COMPILER="$bin_dir/oxhip" -DHIP_INCLUDE_DIR="$prefix/include" -DHIP_LIBRARY="$library")
echo "cmake-build: ${configure[*]}"
# A CMake error in one program's CMakeLists stops the generation of all: such a program loses
# its CMakeLists and the configure runs again, until it succeeds.
configure_errors=""
for attempt in 1 2 3 4 5; do
  "${configure[@]}" >"$top/configure.log" 2>&1 && break
  broken="$(grep -oE '(^CMake Error at |^  )src/[^/]+/CMakeLists.txt' "$top/configure.log" |
    sed -E 's|.*src/([^/]+)/CMakeLists.txt|\1|' | sort -u)"
  [ -n "$broken" ] && [ "$attempt" -lt 5 ] || { tail -30 "$top/configure.log"; exit 1; }
  for program in $broken; do rm -f "$source/src/$program/CMakeLists.txt"; done
  configure_errors="$configure_errors $broken"
done
if [ -n "$configure_errors" ]; then
  echo "cmake-build: CMake errors in HeCBench's CMakeLists of:$(echo " "$configure_errors)"
fi

# The targets: <name>-hip for each listed program that HeCBench's CMake build registers.
registered="$(grep -o 'Registered benchmark: [^ ]*-hip$' "$top/configure.log" | cut -d' ' -f3 | sort)"
if $all; then
  targets="$registered"
else
  listed="$(sed 's/#.*//' tests/compat/programs.txt | awk 'NF { print $1 "-hip" }' | sort)"
  targets="$(comm -12 <(echo "$listed") <(echo "$registered"))"
  missing="$(comm -23 <(echo "$listed") <(echo "$registered"))"
  if [ -n "$missing" ]; then
    echo "cmake-build: not in HeCBench's CMake build: $(echo $missing)"
  fi
fi
if [ -n "${ONLY:-}" ]; then
  # shellcheck disable=SC2086 # one program per word
  targets="$(comm -12 <(printf '%s-hip\n' $ONLY | sort) <(echo "$targets"))"
fi
count="$(echo "$targets" | wc -w)"
echo "cmake-build: building $count targets for $arch (log: $top/build.log)"
start=$SECONDS
# shellcheck disable=SC2086 # one target per word
nice ninja -C "$build" -k 0 -j "${JOBS:-2}" $targets >"$top/build.log" 2>&1 || true
built=0
for target in $targets; do
  name="${target%-hip}"
  if [ -x "$build/bin/hip/$name" ]; then
    built=$((built + 1))
    echo "built  $target"
  else
    # The first error ninja printed for one of the target's steps.
    reason="$(awk -v dir="src/$target/" -v exe="bin/hip/$name" '
      /^FAILED: / { mine = index($0, dir) > 0 || $NF == exe; next }
      mine && /error|undefined reference/ { print; exit }' "$top/build.log")"
    echo "FAILED $target: ${reason:-see the log}"
  fi
done
echo "cmake-build: $built of $count targets built ($arch, $((SECONDS - start)) s, HeCBench $commit)"
