#!/usr/bin/env python3
"""Compares oxhipify's identifier renames with hipify-clang's name tables.

Reads the `CUDA2HIP_*.cpp` tables of a HIPIFY checkout (its `src/` folder), works out what
hipify-clang writes for every CUDA name in each mode (default, --roc, --miopen,
--roc --miopen), runs `oxhipify` on a generated file that calls every name once per line,
and prints the names whose translation differs, grouped by table and reason; then the same
for every header of `CUDA_INCLUDE_MAP`, one per file.

hipify-clang's rules (HipifyAction.cpp, Statistics.cpp):
- every identifier token of the file is looked up in the union of the type and function
  maps (device functions excluded; `std::map::insert` keeps the first entry of a name);
- unsupported (HIP_UNSUPPORTED, or ROC_UNSUPPORTED when translating to ROC, or
  UNSUPPORTED), HIP_EXPERIMENTAL without --experimental, and HIP_SUPPORTED_V2_ONLY cuBLAS
  names in a file without `cublas_v2.h` are left as written;
- to ROC when the API is BLAS/DNN/SPARSE/SOLVER/RUNTIME/COMPLEX/RAND and
  (--miopen, or --roc without ROC_MIOPEN_ONLY); the ROC name, else the HIP name;
- device functions are matched on calls but never renamed.

Usage: compare-tables.py HIPIFY_SRC OXHIPIFY [--show N]
       compare-tables.py HIPIFY_SRC --write-rules data/hipify-clang-rules.tsv

`--write-rules` writes the rows of hipify-clang's own flags that the documentation tables
(`data/cuda2hip.tsv`) do not carry: `v2-only` cuBLAS names, the names written with --roc or
--miopen where the table has no ROC name (`roc-name`), and where hipify-clang's
HIP_EXPERIMENTAL flag disagrees with the table (`experimental`, `not-experimental`).
"""
import os
import re
import tempfile
import subprocess
import sys
from collections import Counter, defaultdict

ENTRY = re.compile(r'\{\s*"([^"]+)"\s*,\s*\{\s*"([^"]*)"\s*,\s*"([^"]*)"\s*,\s*(CONV_\w+)\s*,\s*(API_\w+)\s*(?:,\s*([^,}]+))?\s*(?:,\s*([^}]+))?\}\s*\}')
MAP_START = re.compile(r'const std::map<llvm::StringRef, hipCounter> (\w+)\s*\{')

RENAME_ORDER = [
    "CUDA_DRIVER_TYPE_NAME_MAP", "CUDA_DRIVER_FUNCTION_MAP",
    "CUDA_RUNTIME_TYPE_NAME_MAP", "CUDA_RUNTIME_FUNCTION_MAP",
    "CUDA_COMPLEX_TYPE_NAME_MAP", "CUDA_COMPLEX_FUNCTION_MAP",
    "CUDA_BLAS_TYPE_NAME_MAP", "CUDA_BLAS_FUNCTION_MAP",
    "CUDA_RAND_TYPE_NAME_MAP", "CUDA_RAND_FUNCTION_MAP",
    "CUDA_DNN_TYPE_NAME_MAP", "CUDA_DNN_FUNCTION_MAP",
    "CUDA_FFT_TYPE_NAME_MAP", "CUDA_FFT_FUNCTION_MAP",
    "CUDA_SPARSE_TYPE_NAME_MAP", "CUDA_SPARSE_FUNCTION_MAP",
    "CUDA_CAFFE2_TYPE_NAME_MAP", "CUDA_CAFFE2_FUNCTION_MAP",
    "CUDA_CUB_TYPE_NAME_MAP", "CUDA_CUB_FUNCTION_MAP",
    "CUDA_RTC_TYPE_NAME_MAP", "CUDA_RTC_FUNCTION_MAP",
    "CUDA_DEVICE_TYPE_NAME_MAP",
    "CUDA_SOLVER_TYPE_NAME_MAP", "CUDA_SOLVER_FUNCTION_MAP",
]
TO_ROC_APIS = {"API_BLAS", "API_DNN", "API_SPARSE", "API_SOLVER", "API_RUNTIME", "API_COMPLEX", "API_RAND"}


def read_maps(src):
    import glob
    maps = {}
    for path in sorted(glob.glob(os.path.join(src, "CUDA2HIP*.cpp"))):
        text = open(path, encoding="utf-8").read()
        for start in MAP_START.finditer(text):
            end = text.find("\n};", start.end())
            body = text[start.end():end]
            body = re.sub(r"//[^\n]*", "", body)
            rows = []
            for m in ENTRY.finditer(body):
                cuda, hip, roc, conv, api, _sec, flags = m.groups()
                flags = set(f.strip() for f in (flags or "").split("|") if f.strip())
                rows.append((cuda, hip, roc, conv, api, flags))
            maps[start.group(1)] = rows
    return maps


def expected(row, roc, miopen, v2_header, experimental=False):
    cuda, hip, roc_name, conv, api, flags = row
    to_roc = api in TO_ROC_APIS and ((roc and not miopen and "ROC_MIOPEN_ONLY" not in flags) or miopen)
    if "UNSUPPORTED" in flags:
        return cuda, "unsupported"
    if "HIP_EXPERIMENTAL" in flags and not experimental:
        return cuda, "experimental"
    if "HIP_SUPPORTED_V2_ONLY" in flags and api == "API_BLAS" and not v2_header:
        return cuda, "v2-only"
    if to_roc and "ROC_UNSUPPORTED" in flags:
        return cuda, "unsupported"
    if not to_roc and "HIP_UNSUPPORTED" in flags:
        return cuda, "unsupported"
    if to_roc:
        return (roc_name or hip), "renamed"
    return hip, "renamed"


def read_tsv(path):
    rows = {}
    for line in open(path, encoding="utf-8").read().splitlines()[1:]:
        if line.strip():
            cells = line.split("\t")
            rows[cells[2]] = cells
    return rows


def renames_map(maps):
    renames = {}
    for name in RENAME_ORDER:
        for row in maps.get(name, []):
            if row[0] not in renames:
                renames[row[0]] = row
    return renames


def write_rules(src, out_path):
    maps = read_maps(src)
    renames = renames_map(maps)
    data = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data")
    table = read_tsv(os.path.join(data, "cuda2hip.tsv"))
    table.update(read_tsv(os.path.join(data, "cuda2hip-extra.tsv")))
    lines = ["cuda\trule\tname"]
    for cuda in sorted(renames):
        _, hip, roc, conv, api, flags = renames[cuda]
        row = table.get(cuda)
        if "HIP_SUPPORTED_V2_ONLY" in flags and api == "API_BLAS":
            lines.append("%s\tv2-only\t" % cuda)
        if row is None:
            continue
        experimental = "HIP_EXPERIMENTAL" in flags
        if experimental and not row[13]:
            lines.append("%s\texperimental\t" % cuda)
        if not experimental and row[13]:
            lines.append("%s\tnot-experimental\t" % cuda)
        if api in TO_ROC_APIS and "UNSUPPORTED" not in flags and "ROC_UNSUPPORTED" not in flags \
                and not roc and hip and not row[4] and (row[0] not in ("runtime", "device", "cucomplex") or not row[3]):
            lines.append("%s\troc-name\t%s" % (cuda, hip))
    with open(out_path, "w", encoding="utf-8") as file:
        file.write("\n".join(lines) + "\n")
    print("wrote %d rules" % (len(lines) - 1))


def main():
    if "--write-rules" in sys.argv:
        return write_rules(sys.argv[1], sys.argv[sys.argv.index("--write-rules") + 1])
    src, oxhipify = sys.argv[1], sys.argv[2]
    show = int(sys.argv[sys.argv.index("--show") + 1]) if "--show" in sys.argv else 10
    maps = read_maps(src)
    extra_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "cuda2hip-extra.tsv")
    extra = {line.split("\t")[2] for line in open(extra_path, encoding="utf-8").read().splitlines()[1:] if line}
    renames = {}
    origin = {}
    for name in RENAME_ORDER:
        for row in maps.get(name, []):
            if row[0] not in renames:
                renames[row[0]] = row
                origin[row[0]] = name
    device_functions = [r for r in maps["CUDA_DEVICE_FUNCTION_MAP"] if r[0] not in renames]
    total_mismatch = 0
    for mode_name, args, roc, miopen in [
        ("default", [], False, False),
        ("--roc", ["--roc"], True, False),
        ("--miopen", ["--miopen"], False, True),
        ("--roc --miopen", ["--roc", "--miopen"], True, True),
        ("--experimental", ["--experimental"], False, False),
        ("--roc --experimental", ["--roc", "--experimental"], True, False),
    ]:
        experimental = "--experimental" in args
        for v2_header in (False, True):
            names = sorted(renames) + [r[0] for r in device_functions]
            # Legacy cuBLAS names are compared in a file that includes `cublas.h`, where
            # oxhipify follows hipify-clang (with neither header it translates them).
            header = '#include "cublas_v2.h"\n' if v2_header else '#include "cublas.h"\n'
            # Functions are written as calls, everything else as a bare use: hipify-clang
            # renames either wherever it stands.
            lines = [header] + [("%s(0);\n" if "FUNCTION" in origin.get(n, "FUNCTION") else "%s;\n") % n for n in names]
            with tempfile.TemporaryDirectory() as folder:
                path = os.path.join(folder, "names.cu")
                with open(path, "w", encoding="utf-8") as file:
                    file.write("".join(lines))
                out = subprocess.run([oxhipify, "--quiet-warnings", "--no-runtime-include", "-o", "-", path] + args,
                                     capture_output=True)
            if out.returncode != 0:
                sys.exit("oxhipify failed: " + out.stderr.decode())
            got_lines = out.stdout.decode().splitlines()[1:]
            assert len(got_lines) == len(names), (len(got_lines), len(names))
            classes = defaultdict(list)
            for name, got in zip(names, got_lines):
                got = got.split("(", 1)[0].rstrip(";")
                if name in renames:
                    want, why = expected(renames[name], roc, miopen, v2_header, experimental)
                    table = origin[name]
                else:
                    want, why = name, "device function (never renamed)"
                    table = "CUDA_DEVICE_FUNCTION_MAP"
                if got != want:
                    if name in extra:
                        why += " [oxhip's extra table]"
                    classes[(table, why)].append((name, want, got))
            count = sum(len(v) for v in classes.values())
            total_mismatch += count
            print("== mode %s with %s: %d of %d names differ" % (mode_name, "cublas_v2.h" if v2_header else "cublas.h", count, len(names)))
            for (table, why), rows in sorted(classes.items(), key=lambda kv: -len(kv[1])):
                print("  %-32s %-34s %5d" % (table, why, len(rows)))
                for name, want, got in rows[:show]:
                    print("      %-50s want %-40s got %s" % (name, want, got))
    total_mismatch += compare_headers(src, oxhipify)
    print("total mismatches:", total_mismatch)


def compare_headers(src, oxhipify):
    """Each header of CUDA_INCLUDE_MAP alone in a file, in each mode: hipify-clang writes
    the HIP (or ROC) header keeping the brackets, removes a header with no HIP name, and
    leaves an unsupported one."""
    text = open(os.path.join(src, "CUDA2HIP.cpp"), encoding="utf-8").read()
    body = text[text.find("CUDA_INCLUDE_MAP {"):]
    body = body[: body.find("\n};")]
    rows = re.findall(r'\{"([^"]+)",\s*\{"([^"]*)",\s*"([^"]*)",\s*(CONV_\w+),\s*(API_\w+),\s*\w+(?:,\s*([\w| ]+))?\}\}', body)
    differing = 0
    for mode_name, args, roc, miopen in [("default", [], 0, 0), ("--roc", ["--roc"], 1, 0), ("--miopen", ["--miopen"], 0, 1)]:
        for cuda, hip, roc_name, conv, api, flags in rows:
            to_roc = api in TO_ROC_APIS and ((roc and not miopen) or miopen)
            if "UNSUPPORTED" in (flags or ""):
                want = "#include <%s>" % cuda
            elif conv == "CONV_INCLUDE" and not hip:
                want = ""
            else:
                want = "#include <%s>" % ((roc_name or hip) if to_roc else hip)
            with tempfile.TemporaryDirectory() as folder:
                path = os.path.join(folder, "header.cu")
                with open(path, "w", encoding="utf-8") as file:
                    file.write("#include <%s>\n" % cuda)
                out = subprocess.run([oxhipify, "--quiet-warnings", "--no-runtime-include", "-o", "-", path] + args,
                                     capture_output=True, text=True).stdout
            got = out.split("\n")[0]
            if got != want:
                differing += 1
                print("  header %-8s %-45s want %-40r got %r" % (mode_name, cuda, want, got))
    print("== headers: %d header-mode pairs differ" % differing)
    return differing


if __name__ == "__main__":
    main()
