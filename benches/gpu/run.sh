#!/usr/bin/env bash
# GPU benchmark: oxhip (HIP, our runtime) against nvcc + the CUDA runtime on the
# same source (launch.hip, which compiles as CUDA under nvcc).
#
#   benches/gpu/run.sh build    # here: oxhip builds .device-carry/bench/launch-oxhip
#   benches/gpu/run.sh run      # on the GPU machine: builds the nvcc reference, runs both
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
out="$here/.device-carry/bench"
case "${1:-}" in
  build)
    mkdir -p "$out"
    "$here/target/release/oxhip" -O3 --offload-arch=sm_90 "$here/benches/gpu/launch.hip" -o "$out/launch-oxhip"
    strip "$out/launch-oxhip"
    cp "$here/benches/gpu/launch.hip" "$out/launch.cu" ;;
  run)
    nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
    "$nvcc" --version | tail -1
    "$nvcc" -O3 -arch=sm_90 "$out/launch.cu" -o "$out/launch-nvcc"
    for i in 1 2; do
      echo "== oxhip (run $i)"; "$out/launch-oxhip"
      echo "== nvcc (run $i)"; "$out/launch-nvcc"
    done ;;
  *) echo "usage: benches/gpu/run.sh build|run" >&2; exit 2 ;;
esac
