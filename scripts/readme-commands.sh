#!/usr/bin/env bash
# Runs the README's commands as a reader would, so that the front page cannot rot
# (scripts/test.sh readme; docs/testing.md, "The README's commands").
#
#   scripts/readme-commands.sh [README]     # default: README.md of this checkout
#
# In the README, an HTML comment on the line before a fenced block marks it:
#
#   <!-- run -->          the block's commands run, in the order of the page, in one shell
#   <!-- run: last -->    they run after all the others, from the top of the copy (uninstalling)
#   <!-- file: PATH -->   the block's text is written to PATH, in the page's order (a Makefile,
#                         a CMakeLists.txt)
#
# They run in a scratch directory holding a fresh copy of the files the commands use
# (examples/, scripts/, runtime/include and runtime/lib, tests/programs/cuda_project,
# tests/cuda_guards), with target/release and target/debug there pointing at the built
# binaries, $OXHIP_BIN_DIR, else target/debug (as lit and tests/cmake/run.sh), that
# directory first on PATH, and HOME inside the scratch directory, so that the README's
# `scripts/install.sh "$HOME/.local/oxhip"` and ~/oxhip-try are there. No GPU is needed:
# the README's target lists include `host`.
# Then the uninstall check: scripts/uninstall.sh on a prefix that also holds a real `hipcc`,
# a foreign `hipconfig` link and files of other packages removes exactly what install.sh put
# there.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
exec </dev/null
readme="$(realpath "${1:-README.md}")"
bin_dir="$(realpath "${OXHIP_BIN_DIR:-$repo/target/debug}")"
for file in oxhip oxhipify oxhipconfig liboxhip_runtime.a liboxhip_runtime.so; do
  [ -e "$bin_dir/$file" ] || { echo "readme: $bin_dir/$file is missing (cargo build --workspace first)" >&2; exit 1; }
done
work="$(mktemp -d "${TMPDIR:-/tmp}/oxhip-readme-XXXXXX")"
trap 'rm -rf "$work"' EXIT
start=$SECONDS

# The scratch copy: the files git knows (committed or not, not ignored) under these paths.
copy="$work/checkout"
mkdir -p "$copy/target" "$work/home"
git ls-files -z --cached --others --exclude-standard -- \
    examples scripts runtime/include runtime/lib tests/programs/cuda_project tests/cuda_guards |
  while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done |
  tar --null -T - -cf - | tar -xf - -C "$copy"
ln -s "$bin_dir" "$copy/target/release"
ln -s "$bin_dir" "$copy/target/debug"

# The marked blocks, in one script: files are written where the page has them, in the
# directory the commands before them left the shell in, as a reader would.
python3 - "$readme" "$work/readme-commands.sh" <<'EOF'
import re, shlex, sys
from pathlib import Path
readme, script = Path(sys.argv[1]), Path(sys.argv[2])
lines = readme.read_text().splitlines()
blocks, last, files = [], [], 0
i = 0
while i < len(lines):
    marker = re.fullmatch(r"\s*<!--\s*(run|run:\s*last|file:\s*(\S+))\s*-->\s*", lines[i])
    if not marker:
        i += 1
        continue
    fence = i + 1
    if fence >= len(lines) or not lines[fence].startswith("```"):
        sys.exit(f"readme: {readme.name}:{i + 1}: a marker must stand right before a fenced block")
    end = fence + 1
    while end < len(lines) and not lines[end].startswith("```"):
        end += 1
    if end == len(lines):
        sys.exit(f"readme: {readme.name}:{fence + 1}: the block is not closed")
    text = "\n".join(lines[fence + 1:end]) + "\n"
    if marker.group(2):
        path = shlex.quote(marker.group(2))
        if "OXHIP_README_FILE" in text:
            sys.exit(f"readme: {readme.name}:{fence + 1}: the block holds the script's heredoc delimiter")
        blocks.append((fence + 2, f"mkdir -p \"$(dirname {path})\"\ncat > {path} <<'OXHIP_README_FILE'\n{text}OXHIP_README_FILE\n"))
        files += 1
    else:
        (last if "last" in marker.group(1) else blocks).append((fence + 2, text))
    i = end + 1
commands = "".join(text for _, text in blocks + last if "OXHIP_README_FILE" not in text)
# The uses the README must show, so that a marker lost in an edit does not go unnoticed.
for what, pattern in [("a HIP file", r"oxhip .*\.hip"), ("a CUDA file with nvcc's flags", r"oxhip .*-arch=sm_\d+.*\.cu"),
                      ("hipify, then a build", r"oxhipify --inplace"), ("CMake", r"cmake .*oxhipconfig --cmake-toolchain"),
                      ("install", r"scripts/install\.sh"), ("uninstall", r"scripts/uninstall\.sh"), ("make", r"(?m)^make")]:
    if not re.search(pattern, commands):
        sys.exit(f"readme: no runnable block of {readme.name} shows {what}")
with script.open("w") as out:
    out.write("set -euo pipefail\n")
    out.write("checkout=\"$PWD\"\n")
    for line, text in blocks:
        out.write(f"block={line}\necho \"== {readme.name}:{line}\"\n{text}")
    for line, text in last:
        out.write(f"block={line}\necho \"== {readme.name}:{line}\"\ncd \"$checkout\"\n{text}")
print(f"readme: {len(blocks) + len(last) - files} command blocks and {files} files from {readme.name}")
EOF

echo "readme: running them in $copy with $bin_dir on PATH"
if ! (cd "$copy" && HOME="$work/home" PATH="$bin_dir:$PATH" \
      bash -c 'trap '\''echo "readme: FAIL: the block that starts at line $block"'\'' ERR; source "$0"' \
      "$work/readme-commands.sh") 2>&1 | sed 's/^/    /'; then
  echo "readme: FAIL: the README's commands (above)"
  exit 1
fi
[ ! -e "$work/home/.local/oxhip" ] || { echo "readme: FAIL: the README's uninstall left $work/home/.local/oxhip"; exit 1; }
echo "PASS the README's commands ($((SECONDS - start)) s)"

# scripts/uninstall.sh removes what install.sh installed and nothing else.
prefix="$work/prefix"
mkdir -p "$prefix/bin" "$prefix/include" "$prefix/lib/cmake/other"
printf '#!/bin/sh\necho real hipcc\n' > "$prefix/bin/hipcc"
chmod +x "$prefix/bin/hipcc"
ln -s /bin/true "$prefix/bin/other-tool"
touch "$prefix/include/other.h" "$prefix/lib/cmake/other/other-config.cmake"
before="$(cd "$prefix" && find . | sort)"
"$copy/scripts/install.sh" "$prefix" "$bin_dir" >/dev/null 2>&1
[ "$(readlink "$prefix/bin/hipconfig")" = oxhipconfig ] && [ -f "$prefix/include/hip/hip_runtime.h" ] ||
  { echo "readme: FAIL: install.sh did not install into $prefix"; exit 1; }
ln -sfn /bin/true "$prefix/bin/hipconfig"   # a link that is not ours any more: it stays
"$copy/scripts/uninstall.sh" "$prefix" >/dev/null 2>&1
after="$(cd "$prefix" && find . | sort)"
expected="$(printf '%s\n./bin/hipconfig\n' "$before" | sort)"
if [ "$after" != "$expected" ]; then
  echo "readme: FAIL: uninstall.sh left or removed the wrong files:"
  diff <(echo "$expected") <(echo "$after") | sed 's/^/    /'
  exit 1
fi
[ "$("$prefix/bin/hipcc")" = "real hipcc" ] || { echo "readme: FAIL: uninstall.sh touched the real hipcc"; exit 1; }
echo "PASS uninstall.sh removes what install.sh installed, and nothing else"
