#!/usr/bin/env bash
# Installs a cargo build of oxhip into a prefix (docs/cmake.md, "Installing"):
#
#   scripts/install.sh <prefix> [target/release]
#
#   <prefix>/bin/       oxhip, oxhipconfig, oxhipify, oxhip-sccache-toolchain (the toolchain
#                       archive for sccache's distributed mode, scripts/sccache-toolchain.sh), and hipcc, hipconfig, hipify-perl and
#                       hipify-clang as links to them (HIP Makefiles and scripts call those
#                       names; under them each tool behaves as the one it stands in for)
#   <prefix>/include/   the HIP headers (runtime/include)
#   <prefix>/lib/       liboxhip_runtime.a, liboxhip_runtime.so
#   <prefix>/lib/cmake/ the CMake toolchain file (oxhip/) and the hip-lang and hip packages
#
# The driver and oxhipconfig find everything relative to <prefix>/bin, so the prefix can be
# moved as a whole. Nothing is built here: run `cargo build --release` first.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
prefix="${1:?usage: scripts/install.sh <prefix> [cargo output directory]}"
build="${2:-$repo/target/release}"
for file in oxhip oxhipconfig oxhipify liboxhip_runtime.a liboxhip_runtime.so; do
  [ -f "$build/$file" ] || { echo "install: $build/$file is missing (cargo build --release first)" >&2; exit 1; }
done
mkdir -p "$prefix/bin" "$prefix/include" "$prefix/lib/cmake"
install -m 755 "$build/oxhip" "$build/oxhipconfig" "$build/oxhipify" "$prefix/bin/"
install -m 755 "$repo/scripts/sccache-toolchain.sh" "$prefix/bin/oxhip-sccache-toolchain"
install -m 644 "$build/liboxhip_runtime.a" "$build/liboxhip_runtime.so" "$prefix/lib/"
cp -R "$repo/runtime/include/." "$prefix/include/"
cp -R "$repo/runtime/lib/cmake/." "$prefix/lib/cmake/"
# The names HIP builds call. A file or link of that name that is not one of our links (a
# real ROCm tool in the same prefix, or a distribution's link to one) is left alone.
for link in hipcc:oxhip hipconfig:oxhipconfig hipify-perl:oxhipify hipify-clang:oxhipify; do
  name="${link%%:*}" tool="${link#*:}" path="$prefix/bin/${link%%:*}"
  if [ -L "$path" ] && [ "$(readlink "$path")" != "$tool" ] && [ -e "$path" ]; then
    echo "install: leaving $path alone (a link to $(readlink "$path"), not to oxhip's tools)" >&2
  elif [ -e "$path" ] && [ ! -L "$path" ]; then
    echo "install: leaving $path alone (not a link to oxhip's tools)" >&2
  else
    ln -sfn "$tool" "$path"
  fi
done
echo "install: oxhip in $prefix; CMake: -DCMAKE_TOOLCHAIN_FILE=$("$prefix/bin/oxhipconfig" --cmake-toolchain)"
