#!/usr/bin/env bash
# GPU benchmark: oxhip (HIP, our runtime) against nvcc + the CUDA runtime on the
# same source (launch.hip, which compiles as CUDA under nvcc).
#
#   benches/gpu/run.sh build    # here: oxhip builds .device-carry/bench/launch-oxhip
#   benches/gpu/run.sh run      # on the GPU machine: builds the nvcc reference, runs both
#   benches/gpu/run.sh chart [DIR]   # DIR/launch.csv -> DIR/launch.svg (benches/chart.py)
#
# `run` keeps its output in .device-carry/bench/run.txt (and $OUT/run.txt when $OUT is set),
# writes the chart's data, launch.csv (launch µs and triad ms per run, oxhip and nvcc), and
# draws launch.svg, the time ratio oxhip / nvcc, where matplotlib can be had; the GPU machine
# has no network, so bring launch.csv back and run `chart` here. For the docs, copy the data
# to docs/figures/launch-DATE-GPU.csv and run benches/chart.py docs.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
out="$here/.device-carry/bench"
case "${1:-}" in
  build)
    mkdir -p "$out"
    # With ptxas (OXHIP_PTXAS, PATH or a CUDA toolkit) the executable carries a cubin beside
    # the PTX; launch-oxhip-ptx is the same without it, for the first launch's JIT.
    "$here/target/release/oxhip" -O3 --offload-arch=sm_90 "$here/benches/gpu/launch.hip" -o "$out/launch-oxhip"
    OXHIP_PTXAS=none "$here/target/release/oxhip" -O3 --offload-arch=sm_90 "$here/benches/gpu/launch.hip" -o "$out/launch-oxhip-ptx"
    strip "$out/launch-oxhip" "$out/launch-oxhip-ptx"
    cp "$here/benches/gpu/launch.hip" "$out/launch.cu" ;;
  run)
    nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
    "$nvcc" --version | tail -1
    "$nvcc" -O3 -arch=sm_90 "$out/launch.cu" -o "$out/launch-nvcc"
    for i in 1 2; do
      echo "== oxhip (run $i)"; "$out/launch-oxhip"
      echo "== nvcc (run $i)"; "$out/launch-nvcc"
    done | tee "$out/run.txt"
    # The first launch with the driver's JIT cache off (CUDA_CACHE_DISABLE=1), three runs each.
    for who in oxhip oxhip-ptx nvcc; do
      for i in 1 2 3; do
        echo "first launch, $who: $(CUDA_CACHE_DISABLE=1 "$out/launch-$who" | grep first_launch_ms)"
      done
    done | tee "$out/first-launch.txt"
    gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1 || true)
    "$here/benches/chart.py" launch "$out/run.txt" "$out/launch.csv" \
      --title "Kernel launch and triad against nvcc and the CUDA runtime, ${gpu:-GPU}, $(date -u +%F)"
    "$here/benches/chart.py" draw "$out/launch.csv" "$out/launch.svg" || true
    if [ -n "${OUT:-}" ]; then cp "$out/run.txt" "$out/first-launch.txt" "$out/launch.csv" "$OUT/"; cp "$out/launch.svg" "$OUT/" 2>/dev/null || true; fi ;;
  chart)
    dir=${2:-$out}
    "$here/benches/chart.py" draw "$dir/launch.csv" "$dir/launch.svg" ;;
  *) echo "usage: benches/gpu/run.sh build|run|chart [DIR]" >&2; exit 2 ;;
esac
