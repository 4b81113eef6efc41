#!/bin/bash
# Builds hipify-clang, the reference hipify/scripts/oracle.py compares oxhipify with, against
# Debian's LLVM 22, and gathers the CUDA headers it parses with from NVIDIA's PyPI wheels
# (no CUDA installation: runtime, nvcc's crt/, CCCL, cuBLAS, cuRAND, cuSPARSE, cuFFT,
# cuSOLVER, NVRTC, NVTX and cuDNN headers).
#
# usage: build-hipify-clang.sh HIPIFY_CHECKOUT OUT_DIR
#   HIPIFY_CHECKOUT: a checkout (or `git archive`) of github.com/ROCm/HIPIFY
#   OUT_DIR: gets build/hipify-clang and cuda/ (pass cuda/ as --cuda-path)
# Needs: clang-22, llvm-22-dev, libclang-22-dev, cmake, ninja-build, python3 with pip, unzip.
#
# HIPIFY's sources as of its 2024-10 snapshot predate LLVM 21/22; three edits make them
# build (made by this script on a copy, with Python, so the checkout stays as it was):
#   - clang::ElaboratedType is gone: the two CUB matchers that used it (cub:: in typedefs
#     and function template parameters) return no match, so the reference does not rename
#     cub:: there; oracle.py's results say so where it matters;
#   - DiagnosticOptions is passed by reference, no longer as a reference-counted pointer;
#   - none else: the rest builds as is.
set -euo pipefail
src=$1
out=$(mkdir -p "$2" && cd "$2" && pwd)
rm -rf "$out/src" && cp -r "$src" "$out/src"
python3 - "$out/src/src" <<'PY'
import sys
d = sys.argv[1]
p = d + "/HipifyAction.cpp"
s = open(p).read()
for fn, nxt in (("cubNamespacePrefix", "cubUsingNamespaceDecl"),
                ("cubFunctionTemplateDecl", "cudaHostFuncCall")):
    a = s.index(f"bool HipifyAction::{fn}(")
    b = s.index(f"bool HipifyAction::{nxt}(")
    s = (s[:a] + f"bool HipifyAction::{fn}(const mat::MatchFinder::MatchResult &Result) {{\n"
         "  return false;  // LLVM 22: no ElaboratedType\n}\n\n" + s[b:])
a = s.index("  Finder->addMatcher(\n    mat::typedefDecl(\n      mat::isExpansionInMainFile(),\n"
            "      mat::hasType(\n        mat::elaboratedType(")
end = ".bind(sCubNamespacePrefix),\n    this\n  );\n"
b = s.index(end, a) + len(end)
s = s[:a] + s[b:]
open(p, "w").write(s)
p = d + "/main.cpp"
s = open(p).read()
old = """  IntrusiveRefCntPtr<clang::DiagnosticOptions> diagOpts(new clang::DiagnosticOptions());
  clang::TextDiagnosticPrinter diagClient(llvm::errs(), &*diagOpts);
  clang::DiagnosticsEngine Diagnostics(IntrusiveRefCntPtr<clang::DiagnosticIDs>(new clang::DiagnosticIDs()), &*diagOpts, &diagClient, false);"""
new = """  clang::DiagnosticOptions diagOpts;
  clang::TextDiagnosticPrinter diagClient(llvm::errs(), diagOpts);
  clang::DiagnosticsEngine Diagnostics(IntrusiveRefCntPtr<clang::DiagnosticIDs>(new clang::DiagnosticIDs()), diagOpts, &diagClient, false);"""
assert old in s
open(p, "w").write(s.replace(old, new))
PY
cmake -S "$out/src" -B "$out/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH=/usr/lib/llvm-22 -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 >/dev/null
ninja -C "$out/build" hipify-clang

# CUDA headers: the include/ folders of NVIDIA's wheels, merged; a version.json and
# libdevice so that clang accepts the folder as a CUDA installation.
wheels="$out/wheels"
mkdir -p "$wheels" "$out/cuda/include" "$out/cuda/bin" "$out/cuda/nvvm/libdevice"
for pkg in nvidia-cuda-runtime-cu12 nvidia-cuda-nvcc-cu12 nvidia-cuda-cccl-cu12 nvidia-cublas-cu12 \
           nvidia-curand-cu12 nvidia-cusparse-cu12 nvidia-cufft-cu12 nvidia-cusolver-cu12 \
           nvidia-cuda-nvrtc-cu12 nvidia-nvtx-cu12 nvidia-cudnn-cu12; do
  rm -rf "$wheels/x"
  python3 -m pip download -q --no-deps -d "$wheels" "$pkg"
  for w in "$wheels"/*.whl; do
    unzip -q -o "$w" 'nvidia/*/include/*' 'nvidia/*/nvvm/libdevice/*' -d "$wheels/x" 2>/dev/null || true
    rm -f "$w"
  done
  for d in "$wheels"/x/nvidia/*/include; do cp -r "$d/." "$out/cuda/include/"; done
  for d in "$wheels"/x/nvidia/*/nvvm/libdevice; do [ -d "$d" ] && cp "$d"/* "$out/cuda/nvvm/libdevice/"; done
done
rm -rf "$wheels"
version=$(sed -n 's/^#define CUDA_VERSION \([0-9]*\)/\1/p' "$out/cuda/include/cuda.h")
echo "{\"cuda\": {\"name\": \"CUDA SDK\", \"version\": \"$((version / 1000)).$((version % 1000 / 10)).0\"}}" \
  > "$out/cuda/version.json"
echo "hipify-clang: $out/build/hipify-clang; --cuda-path $out/cuda"
