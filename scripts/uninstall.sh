#!/usr/bin/env bash
# Removes what scripts/install.sh installed into a prefix (README.md, "Install"):
#
#   scripts/uninstall.sh <prefix>
#
#   <prefix>/bin/       oxhip, oxhipconfig, oxhipify, oxhip-sccache-toolchain; hipcc, hipconfig, hipify-perl and
#                       hipify-clang only where they are our links (a link to oxhip,
#                       oxhipconfig or oxhipify), never a real tool of that name
#   <prefix>/include/   the files of runtime/include in this checkout
#   <prefix>/lib/       liboxhip_runtime.a, liboxhip_runtime.so
#   <prefix>/lib/cmake/ the files of runtime/lib/cmake in this checkout
#
# Then every directory install.sh may have made (the prefix itself included) is removed if,
# and only if, it is empty; anything else in the prefix stays where it is. The file lists
# come from this checkout, so uninstall with the checkout you installed from.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
prefix="${1:?usage: scripts/uninstall.sh <prefix>}"
[ -d "$prefix" ] || { echo "uninstall: $prefix is not a directory" >&2; exit 1; }
[ -f "$prefix/bin/oxhip" ] || [ -f "$prefix/bin/oxhipify" ] || [ -f "$prefix/lib/liboxhip_runtime.a" ] ||
  { echo "uninstall: no oxhip installation in $prefix (no bin/oxhip, bin/oxhipify or lib/liboxhip_runtime.a)" >&2; exit 1; }
removed=0

remove_file() {
  if [ -f "$1" ] || [ -L "$1" ]; then
    rm -f "$1"
    removed=$((removed + 1))
  fi
}

# The names HIP builds call: removed only when they are the links install.sh made.
for link in hipcc:oxhip hipconfig:oxhipconfig hipify-perl:oxhipify hipify-clang:oxhipify; do
  name="${link%%:*}" tool="${link#*:}"
  path="$prefix/bin/$name"
  if [ -L "$path" ] && [ "$(readlink "$path")" = "$tool" ]; then
    remove_file "$path"
  elif [ -e "$path" ] || [ -L "$path" ]; then
    echo "uninstall: leaving $path alone (not oxhip's link to $tool)" >&2
  fi
done
for tool in oxhip oxhipconfig oxhipify oxhip-sccache-toolchain; do remove_file "$prefix/bin/$tool"; done
for library in liboxhip_runtime.a liboxhip_runtime.so; do remove_file "$prefix/lib/$library"; done

# The headers and the CMake files, by the checkout's file lists; then their directories,
# deepest first, where empty.
for tree in include:runtime/include lib/cmake:runtime/lib/cmake; do
  destination="$prefix/${tree%%:*}" source="$repo/${tree#*:}"
  while IFS= read -r file; do
    remove_file "$destination/$file"
  done < <(cd "$source" && find . -type f -printf '%P\n')
  while IFS= read -r directory; do
    [ -d "$destination/$directory" ] && rmdir --ignore-fail-on-non-empty "$destination/$directory"
  done < <(cd "$source" && find . -mindepth 1 -type d -printf '%P\n' | sort -r)
done

for directory in bin include lib/cmake lib ""; do
  [ -d "$prefix/$directory" ] && rmdir --ignore-fail-on-non-empty "$prefix/$directory"
done
if [ -d "$prefix" ]; then
  echo "uninstall: removed $removed files; $prefix keeps what is not oxhip's:" >&2
  (cd "$prefix" && find . -mindepth 1 -maxdepth 3 | sed 's/^\.\//    /' | head -20) >&2
else
  echo "uninstall: removed $removed files and $prefix"
fi
