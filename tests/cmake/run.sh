#!/usr/bin/env bash
# CMake integration tests (docs/cmake.md): each project here is configured with oxhip's
# toolchain file, built and run (ctest) on the CPU device, with Debian's CMake and with the
# newest CMake from PyPI, each with the Makefile and the Ninja generators; then an installed
# prefix, with the toolchain file, with CMAKE_HIP_COMPILER alone, and with
# CMAKE_CXX_COMPILER=oxhip (the hipcc way).
#
# Binaries: $OXHIP_BIN_DIR, else target/debug (as lit). The PyPI CMake and Ninja live in the
# ignored target/cmake-venv; when it is missing, this script makes it with pip (network), and
# when that fails it says so and tests Debian's CMake alone. Debian's Ninja is ninja-build
# (scripts/setup.sh); without any Ninja the Ninja runs are skipped with a message.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
exec </dev/null
bin_dir="${OXHIP_BIN_DIR:-$repo/target/debug}"
work="$(mktemp -d "${TMPDIR:-/tmp}/oxhip-cmake-XXXXXX")"
trap 'rm -rf "$work"' EXIT
failures=0
runs=0

venv="$repo/target/cmake-venv"
if [ ! -x "$venv/bin/cmake" ]; then
  if python3 -m venv "$venv" >/dev/null 2>&1 &&
     timeout 300 "$venv/bin/pip" install -q cmake ninja >/dev/null 2>&1; then
    echo "cmake tests: installed CMake $("$venv/bin/cmake" --version | head -1 | cut -d' ' -f3) from PyPI into $venv"
  else
    echo "cmake tests: no PyPI CMake (pip could not install it; no network?): testing Debian's CMake alone"
    rm -rf "$venv"
  fi
fi
cmakes=(/usr/bin/cmake)
[ -x "$venv/bin/cmake" ] && cmakes+=("$venv/bin/cmake")
ninja=""
if command -v ninja >/dev/null; then ninja="$(command -v ninja)"
elif [ -x "$venv/bin/ninja" ]; then ninja="$venv/bin/ninja"
else echo "cmake tests: no ninja (package ninja-build): Ninja runs skipped"
fi

toolchain="$("$bin_dir/oxhipconfig" --cmake-toolchain)"

# run <name> <cmake> <generator> <source> [cmake arguments…]: configure, build, ctest.
run() {
  local name="$1" cmake="$2" generator="$3" source="$4"
  shift 4
  local build="$work/$name" log="$work/$name.log"
  local generator_args=(-G "$generator")
  [ "$generator" = Ninja ] && generator_args+=(-DCMAKE_MAKE_PROGRAM="$ninja")
  runs=$((runs + 1))
  local start=$SECONDS
  if "$cmake" -S "$source" -B "$build" "${generator_args[@]}" "$@" >"$log" 2>&1 &&
     "$cmake" --build "$build" >>"$log" 2>&1 &&
     (cd "$build" && "$(dirname "$cmake")/ctest" --output-on-failure) >>"$log" 2>&1; then
    echo "PASS $name ($((SECONDS - start)) s)"
  else
    echo "FAIL $name"
    sed 's/^/    /' "$log" | tail -40
    failures=$((failures + 1))
  fi
}

projects=(hip-language find-package shared-library multi-directory mixed-sources relocatable-device-code)
for cmake in "${cmakes[@]}"; do
  version="$("$cmake" --version | head -1 | cut -d' ' -f3)"
  generators=("Unix Makefiles")
  [ -n "$ninja" ] && generators+=(Ninja)
  for generator in "${generators[@]}"; do
    tag="cmake-$version-$(echo "$generator" | tr 'A-Z ' 'a-z-')"
    for project in "${projects[@]}"; do
      args=(-DCMAKE_TOOLCHAIN_FILE="$toolchain")
      case "$project" in
        # One list with AMD, NVIDIA and CPU targets; the CPU image runs here.
        hip-language) args+=("-DCMAKE_HIP_ARCHITECTURES=gfx942;sm_90;host" -DCMAKE_BUILD_TYPE=Release) ;;
        find-package) args+=(-DGPU_TARGETS=host -DCMAKE_BUILD_TYPE=Debug) ;;
        shared-library) args+=(-DCMAKE_HIP_ARCHITECTURES=host -DCMAKE_BUILD_TYPE=Debug) ;;
        *) args+=(-DCMAKE_HIP_ARCHITECTURES=host) ;;
      esac
      run "$tag-$project" "$cmake" "$generator" "tests/cmake/$project" "${args[@]}"
    done
  done
done

# An installed prefix: the toolchain file it names, and the two ways without one.
prefix="$work/prefix"
scripts/install.sh "$prefix" "$bin_dir" >/dev/null
installed_toolchain="$("$prefix/bin/oxhipconfig" --cmake-toolchain)"
[ "$installed_toolchain" = "$prefix/lib/cmake/oxhip/oxhip-toolchain.cmake" ] ||
  { echo "FAIL installed toolchain path: $installed_toolchain"; failures=$((failures + 1)); }
run installed-toolchain /usr/bin/cmake "Unix Makefiles" tests/cmake/shared-library \
  -DCMAKE_TOOLCHAIN_FILE="$installed_toolchain" -DCMAKE_HIP_ARCHITECTURES=host
run installed-hip-compiler /usr/bin/cmake "Unix Makefiles" tests/cmake/multi-directory \
  -DCMAKE_HIP_COMPILER="$prefix/bin/oxhip" -DCMAKE_HIP_ARCHITECTURES=host
run installed-cxx-compiler /usr/bin/cmake "Unix Makefiles" tests/cmake/cxx-compiler \
  -DCMAKE_CXX_COMPILER="$prefix/bin/oxhip" -DCMAKE_CXX_FLAGS=--offload-arch=host

# The packages' version is the one oxhip reports (hipconfig's form: MAJOR.MINOR.PATCH-GITHASH).
hip_version="$("$bin_dir/oxhipconfig" --version)"
hip_version="${hip_version%%-*}"
# The version files read hip/hip_version.h: CMake evaluates them, in the source tree and in
# the installed prefix, as find_package would.
for package in hip hip-lang; do
  for file in "$PWD/runtime/lib/cmake/$package" "$prefix/lib/cmake/$package"; do
    file="$file/$package-config-version.cmake"
    printf 'include("%s")\nmessage("${PACKAGE_VERSION}")\n' "$file" > "$work/version.cmake"
    found=$(/usr/bin/cmake -DPACKAGE_FIND_VERSION=6.0 -P "$work/version.cmake" 2>&1 | tail -1)
    [ "$found" = "$hip_version" ] ||
      { echo "FAIL $file: version '$found', not $hip_version"; failures=$((failures + 1)); }
    runs=$((runs + 1))
  done
done

echo "cmake tests: $((runs - failures)) of $runs runs passed"
[ "$failures" -eq 0 ]
