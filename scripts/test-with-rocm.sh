#!/usr/bin/env bash
# The header and program tests again with Debian's `hipcc` installed, which brings ROCm
# 5.2 (rocm-device-libs, libamdhip64-dev with /usr/include/hip, clang-15): what oxhip
# compiles must not change when ROCm is on the machine. Installs hipcc (as root, or
# through sudo), runs the tests, and removes hipcc and what it brought, whatever the
# result. Run after scripts/test.sh, which builds the workspace.
set -euo pipefail
cd "$(dirname "$0")/.."
exec </dev/null
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
if dpkg-query -W -f='${Status}' hipcc 2>/dev/null | grep -q "install ok installed"; then
  remove=false
else
  remove=true
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq hipcc >/dev/null
fi
cleanup() {
  if $remove; then
    DEBIAN_FRONTEND=noninteractive $sudo apt-get purge -y -qq hipcc >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo apt-get autoremove --purge -y -qq >/dev/null
  fi
}
trap cleanup EXIT
test -f /usr/include/hip/hip_runtime.h || { echo "test-with-rocm: hipcc did not bring ROCm's headers" >&2; exit 1; }
echo "test-with-rocm: $(dpkg-query -W -f='${Package} ${Version}' hipcc), ROCm headers in /usr/include/hip"
cargo test --quiet -p frontend --test real_clang 2>&1
cargo test --quiet -p tests --test headers 2>&1
# Every test program, built for the CPU target alone (the bundle with GPU images adds
# nothing that the include search could change).
cargo test --quiet -p tests --test cpu_programs every_program_passes_on_the_cpu_target 2>&1
