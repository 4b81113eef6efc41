#!/usr/bin/env bash
# Memory checking on the CPU device: builds tests/programs/*.hip for --offload-arch=host
# and runs each under valgrind's memcheck, then the runtime's own tests. An error counts
# when one of its frames is in oxhip's code (the runtime, or a kernel image); the program's
# own and libc's are reported but do not fail the run. docs/reliability.md has the figures.
#
#   scripts/valgrind.sh [PROGRAM...]     # default: every tests/programs/*.hip, then the
#                                        # runtime's and the bundler's unit tests
# intrinsics and rounding check results under directed rounding modes, which valgrind does
# not emulate: their own checks fail under it, so only memcheck's errors count for them.
set -uo pipefail
cd "$(dirname "$0")/.."
exec </dev/null
command -v valgrind >/dev/null || { echo "valgrind.sh: apt-get install valgrind (scripts/setup.sh)" >&2; exit 1; }
oxhip=target/release/oxhip
[ -x "$oxhip" ] || { echo "valgrind.sh: cargo build --release first" >&2; exit 1; }
work=target/valgrind; mkdir -p "$work/images"
programs=("$@"); unit_tests=0
[ ${#programs[@]} -gt 0 ] || { programs=(tests/programs/*.hip); unit_tests=1; }
failed=0 passed=0
for src in "${programs[@]}"; do
  name=$(basename "$src" .hip)
  # A first line `// oxhip-flags: ...` gives the program its own flags (fast_math.hip).
  flags=$(sed -n '1s|^// oxhip-flags:||p' "$src" | tr -d '\r')
  # shellcheck disable=SC2086 # the flags are words
  "$oxhip" -O1 -gdwarf-4 --offload-arch=host $flags "$src" -o "$work/$name" || { echo "$name: BUILD FAILED"; failed=$((failed+1)); continue; }
  # Images kept as files so that valgrind can read their symbols; a few threads only.
  OXHIP_VISIBLE_DEVICES=cpu OXHIP_CPU_THREADS=2 OXHIP_CPU_KEEP_IMAGES="$work/images" \
    timeout 900 valgrind --tool=memcheck --error-limit=no --num-callers=30 \
      --log-file="$work/$name.log" "$work/$name" >"$work/$name.out" 2>&1
  status=$?
  errors=$(awk '/ERROR SUMMARY/ {print $4}' "$work/$name.log" | tail -1)
  # An error block whose frames name the runtime or an image is ours.
  ours=$(sed 's/^==[0-9]*== \{0,1\}//' "$work/$name.log" | awk 'BEGIN{RS=""}
    /^(Invalid|Conditional jump|Use of uninitialised|Syscall param|Mismatched|Source and destination overlap)/ &&
    /oxhip|runtime\/src|bundler\/src|oxhip-cpu-image/ {n++} END{print n+0}')
  case "$name" in intrinsics|rounding) [ "$status" -eq 1 ] && status=0 ;; esac
  if [ "$status" -ne 0 ] || [ "${ours:-0}" -ne 0 ]; then
    echo "$name: FAILED (exit $status, $errors errors, $ours in oxhip; $work/$name.log)"; failed=$((failed+1))
  else
    echo "$name: ok ($errors errors in all, none in oxhip)"; passed=$((passed+1))
  fi
done
if [ "$unit_tests" = 1 ]; then
  # The unit tests of the runtime and the bundler (the CPU device's tests included).
  for binary in $(cargo test --release -p runtime -p bundler --tests --no-run --message-format=json 2>/dev/null |
                  sed -n 's/.*"executable":"\([^"]*\)".*/\1/p'); do
    name=unit-$(basename "$binary")
    timeout 900 valgrind --tool=memcheck --error-exitcode=99 \
      --num-callers=30 --log-file="$work/$name.log" "$binary" --test-threads=1 -q >"$work/$name.out" 2>&1
    status=$?
    errors=$(awk '/ERROR SUMMARY/ {print $4}' "$work/$name.log" | tail -1)
    if [ "$status" -ne 0 ]; then
      echo "$name: FAILED (exit $status, $errors errors; $work/$name.log)"; failed=$((failed+1))
    else
      echo "$name: ok ($errors errors)"; passed=$((passed+1))
    fi
  done
fi
echo "valgrind: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
