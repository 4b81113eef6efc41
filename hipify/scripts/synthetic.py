#!/usr/bin/env python3
"""Synthetic agreement check: every declaration of a CUDA header, used once, through
hipify-clang and oxhipify.

For one CUDA header (and a name prefix), reads its function, enumerator, type and
object-like macro declarations with libclang, writes C++ files that use each of them
once (a function is called with variables of its parameter types; an enumerator,
macro or type is named in a declaration), drops the uses clang rejects, and runs
hipify-clang and oxhipify on the files in the given modes. A file agrees when the two
outputs are identical; each differing line pair is printed.

The inputs are generated here from NVIDIA's headers (CUDA 12.9, from PyPI, see
build-hipify-clang.sh); nothing of HIPIFY's tests is used.

usage: synthetic.py --hipify-clang BIN --cuda-path DIR --oxhipify BIN --out DIR
                    [--mode "ARGS"]... GROUP...
GROUP is one of the names of GROUPS below, or "all".
Needs python3's `clang` bindings (pip install clang) and Debian's libclang-22.
"""

import argparse
import difflib
import os
import re
import subprocess
import sys

import clang.cindex as ci

# group: (headers to include, header files whose declarations are used, name regex)
GROUPS = {
    "runtime": (["cuda_runtime.h"], ["cuda_runtime_api.h", "driver_types.h", "surface_types.h",
                "texture_types.h", "vector_types.h", "library_types.h", "cuda_device_runtime_api.h"],
                r"^(cuda|CUDA|make_|surface|texture|char|uchar|short|ushort|int|uint|long|ulong|float|double|dim3)"),
    "driver": (["cuda.h"], ["cuda.h"], r"^(cu[A-Z]|CU)"),
    "complex": (["cuComplex.h"], ["cuComplex.h"], r"^(cu|CU|make_cu)"),
    "cublas": (["cublas_v2.h"], ["cublas_api.h", "cublas_v2.h"], r"^(cublas|CUBLAS)"),
    "cublas-legacy": (["cublas.h"], ["cublas.h", "cublas_api.h"], r"^(cublas|CUBLAS)"),
    "cublaslt": (["cublasLt.h"], ["cublasLt.h"], r"^(cublasLt|CUBLASLT)"),
    "curand": (["curand.h"], ["curand.h"], r"^(curand|CURAND)"),
    "cufft": (["cufft.h", "cufftXt.h"], ["cufft.h", "cufftXt.h", "cudalibxt.h"], r"^(cufft|CUFFT|cudaLib|cudaXt)"),
    "cusparse": (["cusparse.h"], ["cusparse.h"], r"^(cusparse|CUSPARSE)"),
    "cusolver": (["cusolverDn.h", "cusolverSp.h", "cusolverRf.h"],
                 ["cusolverDn.h", "cusolverSp.h", "cusolverRf.h", "cusolver_common.h",
                  "cusolverSp_LOWLEVEL_PREVIEW.h"], r"^(cusolver|CUSOLVER|csrqr|csrlu|csrchol)"),
    "cudnn": (["cudnn.h"], ["cudnn_graph.h", "cudnn_ops.h", "cudnn_cnn.h", "cudnn_adv.h", "cudnn_subquadratic_ops.h", "cudnn_gnn_ops.h",
               "cudnn_version.h", "cudnn_backend.h"], r"^(cudnn|CUDNN)"),
    "nvrtc": (["nvrtc.h"], ["nvrtc.h"], r"^(nvrtc|NVRTC)"),
    # Device code: called from a kernel.
    "device-math": (["cuda_runtime.h"], ["math_functions.h", "math_functions.hpp",
                    "device_functions.h", "device_functions.hpp", "device_double_functions.h",
                    "sm_20_intrinsics.h", "sm_30_intrinsics.h", "sm_32_intrinsics.h",
                    "sm_60_atomic_functions.h", "sm_61_intrinsics.h", "device_atomic_functions.h",
                    "sm_20_atomic_functions.h", "sm_32_atomic_functions.h", "sm_35_intrinsics.h",
                    "sm_70_rt.h", "sm_80_rt.h", "sm_90_rt.h", "sm_30_intrinsics.hpp", "sm_32_intrinsics.hpp",
                    "sm_20_intrinsics.hpp", "sm_61_intrinsics.hpp", "device_atomic_functions.hpp",
                    "sm_60_atomic_functions.hpp", "sm_20_atomic_functions.hpp"], r"^[_a-z]"),
    "device-half": (["cuda_fp16.h"], ["cuda_fp16.h", "cuda_fp16.hpp"], r"^(__|h|make_half|half)"),
    "device-bf16": (["cuda_bf16.h"], ["cuda_bf16.h", "cuda_bf16.hpp"], r"^(__|h|make_bfloat|nv_bf|bf16)"),
    "device-curand": (["curand_kernel.h"], ["curand_kernel.h", "curand_normal.h", "curand_uniform.h",
                      "curand_lognormal.h", "curand_poisson.h", "curand_discrete2.h", "curand_mrg32k3a.h",
                      "curand_philox4x32_x.h", "curand_mtgp32_kernel.h"], r"^(curand|CURAND|skipahead|__curand)"),
}


CHUNK = 120


def parse(path, args):
    idx = ci.Index.create()
    return idx.parse(path, args=args, options=ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD)


def lang(group, cuda_inc):
    if group.startswith("device"):
        return ["-x", "cuda", f"--cuda-path={os.path.dirname(cuda_inc)}", "--cuda-gpu-arch=sm_90",
                "-nocudalib", "--cuda-device-only", "-std=c++17", "-Wno-everything"]
    return ["-x", "c++", "-std=c++17", f"-I{cuda_inc}", "-Wno-everything"]


def declarations(group, cuda_inc):
    includes, files, pattern = GROUPS[group]
    name_re = re.compile(pattern)
    src = "".join(f"#include <{h}>\n" for h in includes)
    probe = "/tmp/synthetic-probe.cpp"
    with open(probe, "w") as f:
        f.write(src)
    tu = parse(probe, lang(group, cuda_inc))
    funcs, enums, types, macros = {}, [], [], []
    seen = set()
    for c in tu.cursor.walk_preorder():
        loc = c.location
        if loc.file is None or os.path.basename(loc.file.name) not in files:
            continue
        name = c.spelling
        if not name or not name_re.search(name):
            continue
        key = (c.kind, name)
        if key in seen:
            continue
        seen.add(key)
        if c.kind == ci.CursorKind.FUNCTION_DECL:
            params = [(a.type.spelling, a.type.kind) for a in c.get_arguments()]
            funcs[name] = (c.result_type.spelling, params)
        elif c.kind == ci.CursorKind.ENUM_CONSTANT_DECL:
            enums.append(name)
        elif c.kind in (ci.CursorKind.TYPEDEF_DECL, ci.CursorKind.STRUCT_DECL, ci.CursorKind.ENUM_DECL):
            types.append((name, c.kind))
        elif c.kind == ci.CursorKind.MACRO_DEFINITION:
            toks = list(c.get_tokens())
            function_like = (len(toks) > 1 and toks[1].spelling == "("
                             and toks[1].extent.start.offset == toks[0].extent.end.offset)
            if not function_like and len(toks) > 1:
                macros.append(name)
    return includes, funcs, enums, types, macros


def use_blocks(funcs, enums, types, macros):
    blocks = []
    for name, (ret, params) in sorted(funcs.items()):
        lines = []
        args = []
        for i, (spelling, kind) in enumerate(params):
            var = f"a{i}"
            if kind in (ci.TypeKind.LVALUEREFERENCE, ci.TypeKind.RVALUEREFERENCE):
                lines.append(f"    std::remove_const_t<std::remove_reference_t<{spelling}>> {var}{{}};")
            elif spelling.endswith("]") or "(*)" in spelling:
                lines.append(f"    using T{i} = {spelling};")
                lines.append(f"    T{i} {var}{{}};")
            else:
                lines.append(f"    {spelling} {var}{{}};")
            args.append(var)
        call = f"{name}({', '.join(args)})"
        if ret == "void":
            lines.append(f"    {call};")
        else:
            lines.append(f"    {ret} r = {call};")
            lines.append("    (void)r;")
        blocks.append("  {\n" + "\n".join(lines) + "\n  }\n")
    for e in sorted(set(enums)):
        blocks.append(f"  {{ auto e = {e}; (void)e; }}\n")
    for m in sorted(set(macros)):
        blocks.append(f"  {{ auto m = {m}; (void)m; }}\n")
    for t, kind in sorted(set(types), key=lambda x: (x[0], x[1].value)):
        kw = "struct " if kind == ci.CursorKind.STRUCT_DECL else ("enum " if kind == ci.CursorKind.ENUM_DECL else "")
        blocks.append(f"  {{ {kw}{t} *t = nullptr; (void)t; }}\n")
    return blocks


def write(path, includes, blocks, device=False):
    text = "".join(f"#include <{h}>\n" for h in includes)
    text += "#include <type_traits>\n\n" + ("__global__ void k() {\n" if device else "int main() {\n")
    text += "".join(blocks)
    text += "  return;\n}\n" if device else "  return 0;\n}\n"
    with open(path, "w") as f:
        f.write(text)
    return text


def error_blocks(group, path, cuda_inc, blocks, header_lines):
    tu = parse(path, lang(group, cuda_inc))
    bad = set()
    starts = []
    line = header_lines + 1
    for i, b in enumerate(blocks):
        starts.append((line, line + b.count("\n") - 1, i))
        line += b.count("\n")
    for d in tu.diagnostics:
        if d.severity < ci.Diagnostic.Error or d.location.file is None:
            continue
        if os.path.abspath(d.location.file.name) != os.path.abspath(path):
            continue
        for lo, hi, i in starts:
            if lo <= d.location.line <= hi:
                bad.add(i)
    return bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hipify-clang", required=True)
    ap.add_argument("--cuda-path", required=True)
    ap.add_argument("--oxhipify", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--resource-dir", default="/usr/lib/llvm-22/lib/clang/22")
    ap.add_argument("--libclang", default="/usr/lib/llvm-22/lib/libclang.so")
    ap.add_argument("--mode", action="append", default=None)
    ap.add_argument("groups", nargs="+")
    args = ap.parse_args()
    ci.Config.set_library_file(args.libclang)
    modes = args.mode or [""]
    groups = list(GROUPS) if args.groups == ["all"] else args.groups
    cuda_inc = os.path.join(args.cuda_path, "include")
    os.makedirs(args.out, exist_ok=True)
    total = same = 0
    for group in groups:
        includes, funcs, enums, types, macros = declarations(group, cuda_inc)
        blocks = use_blocks(funcs, enums, types, macros)
        for n in range(0, len(blocks), CHUNK):
            chunk = blocks[n:n + CHUNK]
            path = os.path.join(args.out, f"{group}-{n // CHUNK:03}.cu")
            header_lines = len(includes) + 3
            for _ in range(3):
                write(path, includes, chunk, group.startswith("device"))
                bad = error_blocks(group, path, cuda_inc, chunk, header_lines)
                if not bad:
                    break
                chunk = [b for i, b in enumerate(chunk) if i not in bad]
            write(path, includes, chunk, group.startswith("device"))
            for mode in modes:
                tag = mode.replace("-", "").replace(" ", "_") or "default"
                hc = path[:-3] + f".{tag}.hc.cu"
                ox = path[:-3] + f".{tag}.ox.cu"
                r = subprocess.run([args.hipify_clang, path, f"--cuda-path={args.cuda_path}",
                                    f"--clang-resource-directory={args.resource_dir}", "-o", hc]
                                   + mode.split() + ["--", "-std=c++17", "-Wno-everything"],
                                   capture_output=True, text=True)
                if r.returncode != 0 or not os.path.exists(hc):
                    print(f"{path} [{mode}]: hipify-clang failed: {r.stderr[-300:]}")
                    continue
                subprocess.run([args.oxhipify, path, "-o", ox, "--quiet-warnings"] + mode.split(),
                               check=True)
                total += 1
                a = open(hc).read().splitlines()
                b = open(ox).read().splitlines()
                if a == b:
                    same += 1
                    continue
                print(f"== {path} [{mode or 'default'}]")
                for l in difflib.unified_diff(a, b, "hipify-clang", "oxhipify", n=0, lineterm=""):
                    if not l.startswith(("---", "+++", "@@")):
                        print("  " + l)
    print(f"{same} of {total} files identical")


if __name__ == "__main__":
    main()
