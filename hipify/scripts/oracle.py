#!/usr/bin/env python3
"""Agreement of oxhipify with hipify-clang on real CUDA trees.

Runs hipify-clang (built by hipify/scripts/build-hipify-clang.sh, with CUDA's headers from
NVIDIA's PyPI wheels) and oxhipify on every CUDA source and header of the given program
folders, and compares the two outputs file by file. hipify-clang is the reference: a file
"agrees" when oxhipify's output is byte-identical to hipify-clang's. Files hipify-clang
cannot translate (its clang reports an error) are counted apart and not compared.

usage: oracle.py --hipify-clang BIN --cuda-path DIR --out DIR [--oxhipify BIN]
                 [--include DIR ...] [--jobs N] FOLDER...
Writes DIR/hc/<folder>/<file> and DIR/ox/<folder>/<file>, DIR/diffs/<folder>/<file>.diff
for each disagreement, and DIR/summary.tsv (folder, file, result); prints the totals.
"""

import argparse
import concurrent.futures
import difflib
import os
import subprocess
import sys

SOURCES = (".cu", ".cuh", ".h", ".hpp", ".cpp", ".cc", ".cxx", ".c", ".inl")


def translate(args, folder, name):
    src = os.path.join(folder, name)
    tag = os.path.basename(folder.rstrip("/"))
    hc = os.path.join(args.out, "hc", tag, name)
    ox = os.path.join(args.out, "ox", tag, name)
    os.makedirs(os.path.dirname(hc), exist_ok=True)
    os.makedirs(os.path.dirname(ox), exist_ok=True)
    includes = [f"-I{folder}"] + [f"-I{d}" for d in args.include]
    hc_cmd = [args.hipify_clang, src, f"--cuda-path={args.cuda_path}",
              f"--clang-resource-directory={args.resource_dir}", "-o", hc, "--",
              "-std=c++17", "-Wno-everything"] + includes
    try:
        r = subprocess.run(hc_cmd, capture_output=True, text=True, timeout=300)
        ok = r.returncode == 0 and os.path.exists(hc)
    except subprocess.TimeoutExpired:
        ok = False
    if not ok:
        return tag, name, "hipify-clang-failed"
    r = subprocess.run([args.oxhipify, src, "-o", ox, "--quiet-warnings"], capture_output=True)
    if r.returncode != 0 or not os.path.exists(ox):
        return tag, name, "oxhipify-failed"
    a = open(hc, "rb").read()
    b = open(ox, "rb").read()
    if a == b:
        return tag, name, "same"
    diff = difflib.unified_diff(
        a.decode("latin-1").splitlines(True), b.decode("latin-1").splitlines(True),
        f"hipify-clang/{name}", f"oxhipify/{name}")
    path = os.path.join(args.out, "diffs", tag, name + ".diff")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="latin-1") as f:
        f.writelines(diff)
    # hipify-clang's tests are FileCheck lines, which blank lines and spacing do not
    # affect: such a difference is counted apart from one in the code.
    def lines(text):
        return [line.split() for line in text.splitlines() if line.strip()]
    if a.split() == b.split() or lines(a) == lines(b):
        return tag, name, "whitespace-only"
    return tag, name, "differs"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--hipify-clang", required=True)
    p.add_argument("--cuda-path", required=True)
    p.add_argument("--resource-dir", default="/usr/lib/llvm-22/lib/clang/22")
    p.add_argument("--oxhipify", default="oxhipify")
    p.add_argument("--include", action="append", default=[])
    p.add_argument("--out", required=True)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("folders", nargs="+")
    args = p.parse_args()
    work = []
    for folder in args.folders:
        for root, _, files in os.walk(folder):
            for f in sorted(files):
                if f.endswith(SOURCES):
                    work.append((folder, os.path.relpath(os.path.join(root, f), folder)))
    results = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for res in pool.map(lambda w: translate(args, *w), work):
            results.append(res)
            print("\t".join(res), flush=True)
    with open(os.path.join(args.out, "summary.tsv"), "w") as f:
        for res in results:
            f.write("\t".join(res) + "\n")
    counts = {}
    for _, _, r in results:
        counts[r] = counts.get(r, 0) + 1
    compared = sum(v for k, v in counts.items() if k != "hipify-clang-failed")
    same = counts.get("same", 0)
    loose = same + counts.get("whitespace-only", 0)
    print(f"files: {len(results)}; hipify-clang translated {compared}; "
          f"identical {same} ({100.0 * same / max(compared, 1):.1f}%); "
          f"identical but for spacing {loose} ({100.0 * loose / max(compared, 1):.1f}%); "
          + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
