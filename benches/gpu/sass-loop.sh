#!/bin/bash
# benches/gpu/sass-loop.sh "expf:f sin:d atan2f:ff ..." → SASS instruction counts of a bench-like loop
# (32 evaluations per thread, unroll 4): devicelibs from the checkout $WT against NVIDIA's
# libdevice, each compiled by clang 22 and ptxas for sm_90. No cargo build needed.
# Env: WT (a checkout; default: this one), OUTDIR (default /tmp/sasskit-<checkout name>),
# PTXAS, CUOBJDUMP, LIBDEVICE: NVIDIA's ptxas, cuobjdump and libdevice.10.bc (pip: nvidia-cuda-nvcc-cu12
# has ptxas and libdevice, nvidia-cuda-cuobjdump cuobjdump).
# Output per function: instrs/mufu/branches/cvt (whole kernel, slow paths included)
# and "hot": instructions before the first EXIT (the fall-through path of the loop).
WT=${WT:-$(cd "$(dirname "$0")/../.." && pwd)}
OUT=${OUTDIR:-/tmp/sasskit-$(basename $WT)}
mkdir -p $OUT; cd $OUT
PTXAS=${PTXAS:-/tmp/nvcc-wheel/nvidia/cuda_nvcc/bin/ptxas}
OBJ=${CUOBJDUMP:-/tmp/nvdis/x/nvidia/cu13/bin/cuobjdump}
LD=${LIBDEVICE:-/tmp/nvccw/x/nvidia/cuda_nvcc/nvvm/libdevice/libdevice.10.bc}
clang-22 -cc1 -triple nvptx64-nvidia-cuda -emit-llvm-bc -O2 -ffp-contract=off -fvisibility=hidden \
  -nostdsysteminc -std=c11 -x c $WT/devicelibs/lib/devicelibs.c -o ox.bc || exit 1
count() { $OBJ -sass $1 2>/dev/null | grep -E "^\s+/\*[0-9a-f]{4}\*/" | grep -vE "NOP|BRA 0x" > $1.sass
  hot=$(awk '/EXIT/{exit} {n++} END{print n+0}' $1.sass)
  echo "$(grep -vc EXIT $1.sass)/$(grep -c MUFU $1.sass)/$(grep -cE 'BRA|BSSY' $1.sass)/$(grep -cE 'F2I|I2F|FRND' $1.sass) hot=$hot"; }
for fn in $1; do
  f=${fn%%:*}; t=${fn##*:}; ty=float; [ ${t:0:1} = d ] && ty=double
  if [ ${#t} = 2 ]; then proto="$ty, $ty"; call="FN(a, ($ty)1.25 - a)"; else proto="$ty"; call="FN(a)"; fi
  body="long i = (long)BID * 256 + TID; $ty a0 = x[i], d = a0 * ($ty)0x1p-12, acc = 0; _Pragma(\"unroll 4\") for (int k = 0; k < 32; ++k) { $ty a = a0 + ($ty)k * d; acc += $call; } out[i] = acc;"
  for side in r o; do
    if [ $side = r ]; then name=__nv_$f; bc=$LD; else name=__oxhip_$f; bc=ox.bc; fi
    cat > ${side}_$f.cu <<EOT
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
extern "C" __device__ $ty $name($proto);
#define FN $name
#define BID __nvvm_read_ptx_sreg_ctaid_x()
#define TID __nvvm_read_ptx_sreg_tid_x()
extern "C" __global__ void k(const $ty *x, $ty *out) { $body }
EOT
    clang-22 -x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -nocudainc -nocudalib -Xclang -target-feature -Xclang +ptx80 -Xclang -mlink-builtin-bitcode -Xclang $bc -O3 -S ${side}_$f.cu -o ${side}_$f.ptx 2>/dev/null && $PTXAS -arch=sm_90 -O3 ${side}_$f.ptx -o ${side}_$f.cubin || echo "build failed: $side $f"
  done
  printf "%-10s oxhip %-22s libdevice %s   (instrs/mufu/branches/cvt)\n" $f "$(count o_$f.cubin)" "$(count r_$f.cubin)"
done
