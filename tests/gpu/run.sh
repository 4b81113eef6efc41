#!/usr/bin/env bash
# Builds every test program here, then runs them on a lent GPU.
#
#   tests/gpu/run.sh build        # on the development machine: compiles into .device-carry/
#   tests/gpu/run.sh run          # on the GPU machine (device tool, carry .device-carry)
#
# The build uses the oxhip from target/release (cargo build --release first) and
# the offload targets in OXHIP_GPU_ARCHS (default: the issue's gfx942,gfx90a,sm_90,
# plus the CPU target, host). `run` prints the device, then one PASSED/FAILED line
# per program on the GPU, then the same programs again on the CPU device of the same
# executables (OXHIP_VISIBLE_DEVICES=cpu), then the concurrency programs many times on each
# (OXHIP_STRESS_RUNS, default 20), then a summary line "N passed, N failed". The default
# keeps a whole run inside one 600 s device command: concurrent_reset alone takes about 6 s
# a run on an H200, so 100 runs of it did not fit; ask for more runs in a command of their own.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
carry="$here/.device-carry"
archs=${OXHIP_GPU_ARCHS:-gfx942,gfx90a,sm_90,host}

build() {
  local oxhip=${OXHIP:-$here/target/release/oxhip}
  [ -x "$oxhip" ] || { echo "run.sh: $oxhip missing: run cargo build --release" >&2; exit 1; }
  # Only its own files: .device-carry also holds the compatibility harness's archives.
  rm -rf "$carry/bin" "$carry/programs.tar.xz"; mkdir -p "$carry/bin"
  local programs="$here/tests/programs" failed=0
  set -x
  "$oxhip" -O3 --offload-arch="$archs" "$here/examples/vadd.hip" -o "$carry/bin/vadd" || failed=1
  # Single-file programs: .hip, and .cu (CUDA sources, which oxhip compiles as CUDA).
  for src in "$programs"/*.hip "$programs"/*.cu; do
    [ -f "$src" ] || continue
    # A first line `// oxhip-flags: ...` gives the program its own flags (fast_math.hip).
    local flags name
    flags=$(sed -n '1s|^// oxhip-flags:||p' "$src")
    name=$(basename "$src"); name=${name%.*}
    # shellcheck disable=SC2086 # the flags are words
    "$oxhip" -O3 --offload-arch="$archs" $flags "$src" -o "$carry/bin/$name" || failed=1
  done
  # With NVIDIA's ptxas (OXHIP_PTXAS, else scripts/setup.sh's target/ptxas), a few programs
  # are built again carrying cubins (<name>_cubin): the others cover the PTX and its JIT,
  # these the cubin path, with register_heavy's register-limited copies made at build time.
  local ptxas=${OXHIP_PTXAS:-$here/target/ptxas/bin/ptxas}
  if [ -x "$ptxas" ]; then
    for name in register_heavy fp8_types; do
      local src
      src=$(ls "$programs/$name".hip "$programs/$name".cu 2>/dev/null | head -1)
      OXHIP_PTXAS="$ptxas" "$oxhip" -O3 --offload-arch="$archs" "$src" -o "$carry/bin/${name}_cubin" || failed=1
    done
    # A ptxas that refuses the copies' second assembly (as a toolkit might): the cubin then
    # lacks them, and the runtime must load the PTX with the copies instead.
    local refusing="$carry/ptxas-refusing-copies"
    printf '#!/bin/sh\ncase "$*" in *.copies.ptx*) exit 1 ;; esac\nexec "%s" "$@"\n' "$ptxas" >"$refusing"
    chmod +x "$refusing"
    OXHIP_PTXAS="$refusing" "$oxhip" -O3 --offload-arch="$archs" "$programs/register_heavy.cu" \
      -o "$carry/bin/register_heavy_nocopies" || failed=1
  fi
  # Several translation units: compile each with -c, then link the objects.
  for src in "$programs"/multi_tu/*.hip; do
    "$oxhip" -O3 --offload-arch="$archs" -c "$src" -o "$carry/multi_tu_$(basename "$src" .hip).o" || failed=1
  done
  "$oxhip" "$carry"/multi_tu_*.o -o "$carry/bin/multi_tu" || failed=1
  # A CUDA project, file by file with nvcc's flags, as its Makefile would build it.
  local cp="$programs/cuda_project"
  for src in "$cp"/saxpy.cu "$cp"/pipeline.cpp "$cp"/main.cu; do
    "$oxhip" -O3 --offload-arch="$archs" -Xcompiler -Wall -I"$cp/include" -c "$src" -o "$carry/cuda_project_$(basename "$src").o" || failed=1
  done
  "$oxhip" --offload-arch="$archs" -Xcompiler -Wall "$carry"/cuda_project_*.o -o "$carry/bin/cuda_project" || failed=1
  # Relocatable device code: -fgpu-rdc on every unit and on the link.
  for src in "$programs"/rdc/*.hip; do
    "$oxhip" -fgpu-rdc -O3 --offload-arch="$archs" -c "$src" -o "$carry/rdc_$(basename "$src" .hip).o" || failed=1
  done
  "$oxhip" -fgpu-rdc --offload-arch="$archs" "$carry"/rdc_*.o -o "$carry/bin/rdc" || failed=1
  # A module API program (a directory with kernels.hip) loads bin/<name>.hipfb (a --genco
  # code object) next to itself.
  for dir in "$programs"/*/; do
    [ -f "$dir/kernels.hip" ] || continue
    local name=$(basename "$dir")
    "$oxhip" -O3 --offload-arch="$archs" --genco "$dir/kernels.hip" -o "$carry/bin/$name.hipfb" || failed=1
    "$oxhip" -O3 --offload-arch="$archs" "$dir/main.hip" -o "$carry/bin/$name" || failed=1
  done
  # CMake projects (tests/cmake, docs/cmake.md) configured with oxhip's toolchain file for
  # the same targets (cxx-compiler the hipcc way: oxhip as CMAKE_CXX_COMPILER, no toolchain
  # file). Their shared libraries and the shared runtime go to lib/, which `run` puts on
  # LD_LIBRARY_PATH (their run paths name this machine's directories).
  local toolchain
  toolchain=$("$(dirname "$oxhip")/oxhipconfig" --cmake-toolchain) || failed=1
  rm -rf "$carry/lib"; mkdir -p "$carry/lib"
  for project in hip-language find-package shared-library multi-directory mixed-sources \
                 relocatable-device-code cxx-compiler; do
    local build="$carry/cmake-$project" how
    rm -rf "$build"
    if [ "$project" = cxx-compiler ]; then
      how=(-DCMAKE_CXX_COMPILER="$oxhip" -DCMAKE_CXX_FLAGS="--offload-arch=$archs")
    else
      how=(-DCMAKE_TOOLCHAIN_FILE="$toolchain" -DCMAKE_HIP_ARCHITECTURES="${archs//,/;}"
           -DGPU_TARGETS="${archs//,/;}")
    fi
    if cmake -S "$here/tests/cmake/$project" -B "$build" -DCMAKE_BUILD_TYPE=Release "${how[@]}" \
         >"$build.log" 2>&1 && cmake --build "$build" >>"$build.log" 2>&1; then
      find "$build" -path "$build/CMakeFiles" -prune -o -path "*/CMakeFiles/*" -prune -o \
           -type f -perm -u+x ! -name "*.so*" -print | while read -r exe; do
        cp "$exe" "$carry/bin/cmake_$(basename "$exe")"
      done
      find "$build" -name "*.so*" ! -path "*/CMakeFiles/*" -exec cp -P {} "$carry/lib/" \;
    else
      cat "$build.log"; failed=1
    fi
    rm -rf "$build" "$build.log"
  done
  # The runtime library: beside the binary in a cargo build, in ../lib in an installed prefix.
  local runtime_so="$(dirname "$oxhip")/liboxhip_runtime.so"
  [ -f "$runtime_so" ] || runtime_so="$(dirname "$oxhip")/../lib/liboxhip_runtime.so"
  cp "$runtime_so" "$carry/lib/" || failed=1
  set +x
  # Debug info of the static runtime makes each program ~20 MB; the device tool
  # carries 64 MiB at most.
  for exe in "$carry"/bin/* "$carry"/lib/*; do [ "${exe%.hipfb}" = "$exe" ] && strip "$exe"; done
  rm -f "$carry"/*.o
  # Every executable holds the same static runtime: one xz stream with a large dictionary
  # stores it about once (the device tool carries 64 MiB at most).
  tar -C "$carry" -I "xz -9 --lzma2=dict=192MiB" -cf "$carry/programs.tar.xz" bin lib && rm -rf "$carry/bin" "$carry/lib"
  return $failed
}

run() {
  local bin="$here/.device-carry/bin" passed=0 failed=0
  # The archive is what was carried: a bin/ or lib/ left on the machine by an earlier
  # session's run must not stand in for it.
  if [ -f "$here/.device-carry/programs.tar.xz" ]; then
    rm -rf "$bin" "$here/.device-carry/lib"
    tar -C "$here/.device-carry" -xJf "$here/.device-carry/programs.tar.xz" || {
      echo "tests/gpu/run.sh: programs.tar.xz does not unpack (carried before build finished writing it?)"
      return 1
    }
  fi
  # The CMake-built programs' shared libraries and the shared runtime.
  export LD_LIBRARY_PATH="$here/.device-carry/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  # The CMake shared-library project's dlopen test, pointed at the carried library.
  export VECOPS_PATH="$here/.device-carry/lib/libvecops.so"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || true
  # One run with the runtime's log, to show which image each device loaded.
  OXHIP_LOG=1 timeout 120 "$bin/vadd" 2>&1 | head -40
  # Whether the cubin's register-limited copies were found in it (no second JIT).
  [ -x "$bin/register_heavy_cubin" ] &&
    OXHIP_LOG=2 timeout 120 "$bin/register_heavy_cubin" 2>&1 | grep -E "loading|copies|module loaded"
  # And where the cubin lacks them, that they were made from the PTX beside it.
  [ -x "$bin/register_heavy_nocopies" ] &&
    OXHIP_LOG=2 timeout 120 "$bin/register_heavy_nocopies" 2>&1 | grep -E "loading|copies|module loaded"
  for exe in "$bin"/*; do
    local name=$(basename "$exe")
    case "$name" in *.hipfb) continue ;; esac
    if timeout 120 "$exe"; then passed=$((passed + 1)); else
      echo "$name: FAILED (exit $?)"; failed=$((failed + 1)); fi
  done
  case ",$archs," in *,host,*)
    echo "--- the same executables on the CPU device (OXHIP_VISIBLE_DEVICES=cpu)"
    for exe in "$bin"/*; do
      local name=$(basename "$exe")
      case "$name" in *.hipfb) continue ;; esac
      if OXHIP_VISIBLE_DEVICES=cpu timeout 120 "$exe" | grep -E "PASSED|FAILED|running on"; then
        passed=$((passed + 1)); else echo "$name (cpu): FAILED"; failed=$((failed + 1)); fi
    done ;;
  esac
  # The programs that race the runtime from many threads (issue 29), many times each: their
  # races happen once per process. OXHIP_STRESS_RUNS sets the count (default 20).
  local runs=${OXHIP_STRESS_RUNS:-20} device
  for device in gpu cpu; do
    case "$device,$archs," in cpu,*,host,*|gpu,*) ;; *) continue ;; esac
    for name in concurrent_launches module_threads concurrent_reset; do
      local ok=0 i
      for i in $(seq "$runs"); do
        if OXHIP_VISIBLE_DEVICES=$device timeout 120 "$bin/$name" >/tmp/oxhip-stress.log 2>&1 \
           && grep -q PASSED /tmp/oxhip-stress.log; then ok=$((ok + 1)); else
          echo "$name ($device) run $i: FAILED"; tail -5 /tmp/oxhip-stress.log; fi
      done
      echo "$name: $ok of $runs runs passed ($device)"
      if [ "$ok" -eq "$runs" ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
    done
  done
  echo "$passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}

case "${1:-}" in
  build) build ;;
  run) run ;;
  *) echo "usage: tests/gpu/run.sh build|run" >&2; exit 2 ;;
esac
