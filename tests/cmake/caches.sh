#!/usr/bin/env bash
# Compiler caches (docs/cmake.md, "Compiler caches"): the same sources built in two build trees
# at different paths give the same bytes, objects and executables, and ccache gives hits on a
# rebuild with oxhip as the compiler.
#
#   1. tests/programs/multi_tu (four HIP sources, one program) compiled with `-c` and linked
#      by a Makefile in two trees; the objects and the executable are compared with cmp.
#      The second tree builds with CC="ccache oxhip" (a cache miss runs oxhip itself), then
#      again after `make clean`: every compile must be a ccache hit, and the program runs.
#   2. tests/cmake/mixed-sources (.hip and .cpp sources, a static library and an executable)
#      configured with the toolchain file in two trees, which CMake compiles by absolute
#      paths; the objects, the library and the executable are compared. The second tree uses
#      CMAKE_HIP_COMPILER_LAUNCHER and CMAKE_CXX_COMPILER_LAUNCHER=ccache, and must get a hit
#      for every source after `cmake --build --target clean`.
#
# The Makefile build is for sm_90 and host, the CMake build for gfx942, sm_90 and host, so that
# every backend's output is compared (and the test takes about a minute). ccache keeps its
# cache in the temporary directory (CCACHE_DIR), never the user's. Binaries: $OXHIP_BIN_DIR,
# else target/debug. Without ccache (Debian package ccache, scripts/setup.sh) the ccache
# checks fail: they are part of the test.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
exec </dev/null
bin_dir="${OXHIP_BIN_DIR:-$repo/target/debug}"
work="$(mktemp -d "${TMPDIR:-/tmp}/oxhip-caches-XXXXXX")"
trap 'rm -rf "$work"' EXIT
export CCACHE_DIR="$work/ccache"
unset CCACHE_DISABLE CCACHE_RECACHE CCACHE_READONLY CCACHE_PREFIX
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
command -v ccache >/dev/null || { echo "FAIL caches: no ccache (apt-get install ccache; scripts/setup.sh)"; exit 1; }
ninja="$(command -v ninja || true)"
generator=("Unix Makefiles")
[ -n "$ninja" ] && generator=(Ninja)

# A ccache statistics counter (ccache 4: `--print-stats` prints `name<TAB>value` lines).
counter() { ccache --print-stats | awk -v name="$1" '$1 == name { print $2 }'; }
# The hits since the last `ccache -z`: direct and preprocessed.
hits() { echo $(($(counter direct_cache_hit) + $(counter preprocessed_cache_hit))); }
misses() { counter cache_miss; }
# Compares every file of a list between two trees.
same() {
  local first="$1" second="$2" what="$3"
  shift 3
  local file differ=0
  for file in "$@"; do
    if ! cmp -s "$first/$file" "$second/$file"; then
      fail "$what: $file differs between $first and $second"
      differ=1
    fi
  done
  [ "$differ" -eq 0 ] && echo "PASS $what: $# files byte-identical in two trees"
}

# 1. A Makefile build, with and without ccache.
archs=sm_90,host
cat >"$work/Makefile" <<EOF
# Written by tests/cmake/caches.sh: the way HeCBench's Makefiles build (CC=hipcc).
CC ?= oxhip
objects = main.o scale.o stencil.o histogram.o
app: \$(objects)
	\$(CC) --offload-arch=$archs \$(objects) -o app
%.o: %.hip kernels.h ../check.h
	\$(CC) --offload-arch=$archs -O2 -c \$< -o \$@
clean:
	rm -f app \$(objects)
EOF
for tree in one/src two/deeper/tree/src; do
  mkdir -p "$work/$tree"
  cp tests/programs/multi_tu/* "$work/$tree/"
  cp tests/programs/check.h "$work/$tree/.."
  cp "$work/Makefile" "$work/$tree/Makefile"
done
start=$SECONDS
make -s -C "$work/one/src" CC="$bin_dir/oxhip" >"$work/make-one.log" 2>&1 ||
  { fail "make (tree one)"; sed 's/^/    /' "$work/make-one.log" | tail -20; }
ccache -z >/dev/null
make -s -C "$work/two/deeper/tree/src" CC="ccache $bin_dir/oxhip" >"$work/make-two.log" 2>&1 ||
  { fail "make CC=\"ccache oxhip\" (tree two)"; sed 's/^/    /' "$work/make-two.log" | tail -20; }
[ "$(misses)" = 4 ] || fail "make CC=\"ccache oxhip\": $(misses) cache misses on the first build, expected 4"
same "$work/one/src" "$work/two/deeper/tree/src" "make -c objects and executable" \
  main.o scale.o stencil.o histogram.o app
make -s -C "$work/two/deeper/tree/src" clean
ccache -z >/dev/null
make -s -C "$work/two/deeper/tree/src" CC="ccache $bin_dir/oxhip" >"$work/make-two.log" 2>&1 ||
  { fail "make CC=\"ccache oxhip\" again"; sed 's/^/    /' "$work/make-two.log" | tail -20; }
if [ "$(hits)" = 4 ] && [ "$(misses)" = 0 ]; then
  echo "PASS make CC=\"ccache oxhip\": 4 of 4 compiles were cache hits after make clean"
else
  fail "make CC=\"ccache oxhip\": $(hits) hits and $(misses) misses after make clean, expected 4 and 0"
fi
(cd "$work/two/deeper/tree/src" && ./app) >"$work/run.log" 2>&1 &&
  grep -q PASSED "$work/run.log" || { fail "the cached build does not run"; sed 's/^/    /' "$work/run.log" | tail -10; }
echo "caches: Makefile part took $((SECONDS - start)) s"

# 2. CMake: sources by absolute paths, ccache as the compiler launcher.
start=$SECONDS
toolchain="$("$bin_dir/oxhipconfig" --cmake-toolchain)"
for tree in a b/elsewhere; do
  mkdir -p "$work/$tree"
  cp -R tests/cmake/mixed-sources "$work/$tree/src"
done
configure() {
  local tree="$1"
  shift
  local log="$work/cmake-${tree//\//-}.log"
  cmake -S "$work/$tree/src" -B "$work/$tree/build" -G "${generator[@]}" \
    -DCMAKE_TOOLCHAIN_FILE="$toolchain" "-DCMAKE_HIP_ARCHITECTURES=gfx942;sm_90;host" \
    -DCMAKE_BUILD_TYPE=Release "$@" >"$log" 2>&1 &&
    cmake --build "$work/$tree/build" >>"$log" 2>&1
}
configure a || { fail "cmake build (tree a)"; tail -20 "$work/cmake-a.log"; }
ccache -z >/dev/null
configure b/elsewhere -DCMAKE_HIP_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache ||
  { fail "cmake build with ccache (tree b)"; tail -20 "$work/cmake-b-elsewhere.log"; }
compiles=$(misses)
[ "$compiles" = 4 ] || fail "cmake with ccache: $compiles cache misses on the first build, expected 4"
objects=$(cd "$work/a/build" && find . -name '*.o' -o -name '*.a' -o -name mixed_sources -type f | sort)
# shellcheck disable=SC2086 # one file name per word
same "$work/a/build" "$work/b/elsewhere/build" "cmake objects, library and executable" $objects
cmake --build "$work/b/elsewhere/build" --target clean >/dev/null
ccache -z >/dev/null
cmake --build "$work/b/elsewhere/build" >>"$work/cmake-b-elsewhere.log" 2>&1 || fail "cmake rebuild with ccache"
if [ "$(hits)" = 4 ] && [ "$(misses)" = 0 ]; then
  echo "PASS cmake with CMAKE_HIP_COMPILER_LAUNCHER=ccache: 4 of 4 compiles were cache hits after clean"
else
  fail "cmake with ccache: $(hits) hits and $(misses) misses after clean, expected 4 and 0"
fi
(cd "$work/b/elsewhere/build" && ./mixed_sources) >"$work/run.log" 2>&1 ||
  { fail "the cached CMake build does not run"; sed 's/^/    /' "$work/run.log" | tail -10; }
echo "caches: CMake part took $((SECONDS - start)) s"

[ "$failures" -eq 0 ] && echo "caches: all checks passed"
[ "$failures" -eq 0 ]
