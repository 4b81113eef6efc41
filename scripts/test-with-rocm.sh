#!/usr/bin/env bash
# The header and program tests again with Debian's `hipcc` installed, which brings ROCm
# 5.2 (rocm-device-libs, libamdhip64-dev with /usr/include/hip, clang-15): what oxhip
# compiles must not change when ROCm is on the machine. Records what oxhip compiles for
# every test program, installs hipcc (as root, or through sudo), compares, runs the header
# tests and a sample of the programs, and removes hipcc and what it brought, whatever the
# result. Run after scripts/test.sh, which builds the workspace, on a machine without hipcc.
set -euo pipefail
cd "$(dirname "$0")/.."
exec </dev/null
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
# What oxhip compiles for every test program (preprocessed sources and build commands, for
# AMD, NVIDIA and CPU targets together), recorded before ROCm is installed and compared after.
snapshot=$(mktemp)
trap 'rm -f "$snapshot"' EXIT
if dpkg-query -W -f='${Status}' hipcc 2>/dev/null | grep -q "install ok installed"; then
  echo "test-with-rocm: hipcc is already installed; nothing to compare what oxhip compiles against" >&2
  exit 1
fi
OXHIP_INVARIANCE="record:$snapshot" cargo test --quiet -p tests --test cpu_programs \
  every_program_compiles_the_same_with_rocm_installed 2>&1
$sudo apt-get update -qq
# From here on hipcc, and whatever it brought, is removed however the script ends.
trap 'DEBIAN_FRONTEND=noninteractive $sudo apt-get purge -y -qq hipcc >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get autoremove --purge -y -qq >/dev/null
  rm -f "$snapshot"' EXIT
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq hipcc >/dev/null
test -f /usr/include/hip/hip_runtime.h || { echo "test-with-rocm: hipcc did not bring ROCm's headers" >&2; exit 1; }
echo "test-with-rocm: $(dpkg-query -W -f='${Package} ${Version}' hipcc), ROCm headers in /usr/include/hip"
cargo test --quiet -p frontend --test real_clang 2>&1
cargo test --quiet -p tests --test headers 2>&1
OXHIP_INVARIANCE="compare:$snapshot" cargo test --quiet -p tests --test cpu_programs \
  every_program_compiles_the_same_with_rocm_installed 2>&1
# And a few programs built and run on the CPU device, with ROCm's libraries beside ours:
# HIP and CUDA sources, Thrust, device printf, separate compilation, relocatable device code
# and the module API.
OXHIP_TEST_PROGRAMS=vadd,thrust_cuda,device_printf,cuda_project,rdc,module \
  cargo test --quiet -p tests --test cpu_programs every_program_passes_on_the_cpu_target 2>&1
