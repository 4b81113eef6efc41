#!/usr/bin/env bash
# A toolchain archive of oxhip for sccache's distributed mode (docs/cmake.md, "sccache's
# distributed mode"): the files a build server needs to run `oxhip -c` on what the client
# preprocessed, at the paths they have here.
#
#   scripts/sccache-toolchain.sh <archive.tar.gz> [oxhip executable]
#   <prefix>/bin/oxhip-sccache-toolchain <archive.tar.gz>    (an installation: scripts/install.sh)
#
# The oxhip executable is the one given, else the one beside this script (an installation),
# else the one on PATH.
# The client's sccache configuration then names it (the paths as the build calls oxhip):
#
#   [[dist.toolchains]]
#   type = "path_override"
#   compiler_executable = "/opt/oxhip/bin/oxhip"
#   archive = "/opt/oxhip/oxhip-toolchain.tar.gz"
#   archive_compiler_executable = "/opt/oxhip/bin/oxhip"
#
# The archive holds the oxhip executable (at its path here), the programs a compile runs (clang 22, ld.lld, and NVIDIA's ptxas when oxhip
# finds one), each with the shared libraries it loads and the dynamic loader, and the
# loader's configuration. The programs are the ones oxhip itself names in `-###` for a
# compile to every kind of target, so the archive follows OXHIP_CLANG, OXHIP_LLD and
# OXHIP_PTXAS as a compile does. Make it again after upgrading oxhip or LLVM 22: sccache
# keys a toolchain on the archive's contents.
set -euo pipefail
archive="${1:?usage: scripts/sccache-toolchain.sh <archive.tar.gz> [oxhip executable]}"
here="$(cd "$(dirname "$0")" && pwd)"
if [ -n "${2:-}" ]; then
  oxhip="$2"
elif [ -x "$here/oxhip" ]; then
  oxhip="$here/oxhip"
else
  oxhip="$(command -v oxhip || true)"
fi
[ -n "$oxhip" ] && [ -x "$oxhip" ] || {
  echo "sccache-toolchain: no oxhip executable (give its path, or put it on PATH)" >&2
  exit 1
}
oxhip="$(cd "$(dirname "$oxhip")" && pwd)/$(basename "$oxhip")"
command -v ldd >/dev/null || { echo "sccache-toolchain: ldd is missing (apt-get install libc-bin)" >&2; exit 1; }
work="$(mktemp -d "${TMPDIR:-/tmp}/oxhip-toolchain-XXXXXX")"
trap 'rm -rf "$work"' EXIT

# The programs of a compile, as oxhip names them: every target kind, so that ld.lld (AMD
# and CPU images) and ptxas (NVIDIA, when found) are among them.
printf '__global__ void k() {}\n' > "$work/probe.hip"
if ! "$oxhip" -### --offload-arch=gfx942,sm_90,host -c "$work/probe.hip" -o "$work/probe.o" \
  > "$work/jobs" 2>&1; then
  cat "$work/jobs" >&2
  echo "sccache-toolchain: $oxhip could not plan a compile (above)" >&2
  exit 1
fi
programs=("$oxhip")
while read -r program; do
  [ "$program" = "$oxhip" ] && continue
  case " ${programs[*]} " in *" $program "*) continue ;; esac
  programs+=("$program")
done < <(sed -n 's/^ "\([^"]*\)".*/\1/p' "$work/jobs")

# Each file, with every link on the way to it, directories included: on a merged-/usr system
# /lib is a link to usr/lib, and /usr/bin/clang-22 a link to ../lib/llvm-22/bin/clang; the
# archive holds each link as a link and each file once, at its real path.
files="$work/files"
: > "$files"
add_path() {
  local path prefix="" part rest target
  path="$(realpath -m -s "$1")"
  rest="${path#/}"
  while [ -n "$rest" ]; do
    part="${rest%%/*}"
    if [ "$part" = "$rest" ]; then rest=""; else rest="${rest#*/}"; fi
    prefix="$prefix/$part"
    if [ -L "$prefix" ]; then
      echo "$prefix" >> "$files"
      target="$(readlink "$prefix")"
      case "$target" in /*) ;; *) target="$(dirname "$prefix")/$target" ;; esac
      add_path "$target${rest:+/$rest}"
      return 0
    fi
  done
  [ -e "$path" ] && echo "$path" >> "$files"
  return 0
}
for program in "${programs[@]}"; do
  [ -x "$program" ] || { echo "sccache-toolchain: $program (from oxhip -###) is missing" >&2; exit 1; }
  add_path "$program"
  # `ldd` names the libraries as the loader finds them (=> path), and the loader itself.
  while read -r library; do
    add_path "$library"
  done < <(ldd "$program" 2>/dev/null | sed -n 's/.*=> \(\/[^ ]*\).*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) (.*/\1/p')
done
[ -f /etc/ld.so.conf ] && echo /etc/ld.so.conf >> "$files"
[ -d /etc/ld.so.conf.d ] && echo /etc/ld.so.conf.d >> "$files"
[ -f /etc/ld.so.cache ] && echo /etc/ld.so.cache >> "$files"

sort -u "$files" | sed 's|^/||' > "$work/list"
mkdir -p "$(dirname "$archive")"
# Written beside the archive, then renamed: an archive that exists is always whole.
tar --create --use-compress-program="gzip -1" --file "$archive.tmp" --directory / --files-from "$work/list" \
  --owner=0 --group=0 --numeric-owner 2>"$work/tar.err" \
  || { cat "$work/tar.err" >&2; rm -f "$archive.tmp"; exit 1; }
mv "$archive.tmp" "$archive"
echo "sccache-toolchain: $archive ($(du -h "$archive" | cut -f1), ${#programs[@]} programs: ${programs[*]})"
