#!/usr/bin/env python3
"""The second real-world yardstick: small self-checking CUDA programs from two public
teaching repositories, each one file, built as their authors build them (`nvcc` on the file)
with `nvcc` replaced by oxhip.

    tests/compat/samples.py extract [MIRROR_ROOT]   # into .compat/samples/src (default /work/.mirror)
    tests/compat/samples.py build MODE [--jobs N]   # MODE: cuda or hipify
    tests/compat/samples.py run MODE --device cpu|gpu [--timeout S] [--jobs N]
    tests/compat/samples.py nvcc [--jobs N]         # on the GPU machine: build with nvcc and run
    tests/compat/samples.py pack                    # built programs -> .device-carry/samples.tar.xz
    tests/compat/samples.py report                  # results -> the samples section of docs/compat.md

The rule, written down on 2026-11-29 before any of these programs was built:

1. CoffeeBeforeArch/cuda_programming at commit 8711be0 (the `fetch` tool's snapshot): every
   `.cu` file. Each is a whole program (vector addition, matrix multiplication, reductions,
   histograms, convolutions) that checks its own result (host `assert`s).
2. olcf/cuda-training-series at commit 9cd77d5 (the snapshot): every `.cu` file under
   `exercises/` that defines `main` and does not contain `FIXME`. A file with `FIXME` is an
   exercise's template with gaps for the student to fill; its completed twin
   (`*_solution.cu`, `Solutions/`) is taken instead. Nothing else is left out: programs that
   use cuBLAS or MPI are in the set, and fail to build if oxhip cannot build them.

Modes:
  cuda    `oxhip --offload-arch=gfx942,host -arch=sm_90 -O3 FILE.cu -o prog` (plus `-lcublas`
          when the file includes a cuBLAS header), as `nvcc -arch=sm_90 -O3 FILE.cu` would be run
  hipify  `oxhipify FILE.cu -o FILE.hip`, then `oxhip -x hip --offload-arch=gfx942,sm_90,host
          -O3 FILE.hip -o prog` (`-lhipblas` for cuBLAS)
  nvcc    the reference, on the GPU machine: `nvcc -arch=sm_90 -O3 FILE.cu -o prog`

Each program runs with no arguments; it passes when it exits 0 within the time limit (120 s
on the GPU, 60 s on the CPU device) and prints no line reporting a failure (the grading of
tests/compat/hecbench.py). Results go to tests/compat/results/samples-*.json.

Only the Python standard library is used, so that `run` and `nvcc` work on the GPU machine.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import hecbench  # noqa: E402  (the grading and the run loop's rules)

ROOT = os.path.dirname(os.path.dirname(HERE))
BASE = os.path.join(ROOT, ".compat", "samples")
SRC = os.path.join(BASE, "src")
RESULTS = os.path.join(HERE, "results")
CARRY = os.path.join(ROOT, ".device-carry", "samples.tar.xz")
CORPORA = [
    # (short name, mirror directory, commit)
    ("cba", "CoffeeBeforeArch+cuda_programming", "8711be0"),
    ("olcf", "olcf+cuda-training-series", "9cd77d5"),
]
MODES = ["cuda", "hipify", "nvcc"]
CUBLAS = re.compile(r'#\s*include\s*[<"](cublas|cublas_v2|cublas_api)\.h[>"]')


def chosen(short, git_dir):
    """The rule above, applied to one repository: (program name, path) pairs."""
    paths = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "HEAD", "--name-only"],
                           check=True, capture_output=True, text=True).stdout.split("\n")
    picked = []
    for path in sorted(p for p in paths if p.endswith(".cu")):
        if short == "olcf":
            if not path.startswith("exercises/"):
                continue
            text = subprocess.run(["git", "--git-dir", git_dir, "show", f"HEAD:{path}"],
                                  check=True, capture_output=True, text=True, errors="replace").stdout
            if "FIXME" in text or not re.search(r"\bmain\s*\(", text):
                continue
        name = short + "-" + path[:-3].replace("exercises/", "").replace("/", "-")
        picked.append((name, path))
    return picked


def extract(mirror_root):
    shutil.rmtree(SRC, ignore_errors=True)
    listing = []
    for short, directory, commit in CORPORA:
        git_dir = os.path.join(mirror_root, directory, "repo")
        head = subprocess.run(["git", "--git-dir", git_dir, "rev-parse", "HEAD"],
                              check=True, capture_output=True, text=True).stdout.strip()
        if not head.startswith(commit):
            sys.exit(f"extract: {directory} is at {head[:7]}, the rule names {commit}")
        for name, path in chosen(short, git_dir):
            data = subprocess.run(["git", "--git-dir", git_dir, "show", f"HEAD:{path}"],
                                  check=True, capture_output=True).stdout
            os.makedirs(os.path.join(SRC, name), exist_ok=True)
            with open(os.path.join(SRC, name, "main.cu"), "wb") as out:
                out.write(data)
            listing.append(f"{name}\t{short}:{path}")
    with open(os.path.join(SRC, "LIST"), "w", encoding="utf-8") as out:
        out.write("\n".join(listing) + "\n")
    print(f"extract: {len(listing)} programs")


def programs():
    with open(os.path.join(SRC, "LIST"), encoding="utf-8") as listing:
        return [line.split("\t") for line in listing.read().splitlines() if line]


def work(mode, name):
    return os.path.join(BASE, "work", mode, name)


def build_one(mode, name, tools):
    directory = work(mode, name)
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(directory)
    source = os.path.join(SRC, name, "main.cu")
    shutil.copy(source, os.path.join(directory, "main.cu"))
    text = open(source, encoding="utf-8", errors="replace").read()
    blas = bool(CUBLAS.search(text))
    if mode == "cuda":
        steps = [[tools["oxhip"], "--offload-arch=gfx942,host", "-arch=sm_90", "-O3", "main.cu",
                  "-o", "prog"] + (["-lcublas"] if blas else [])]
    elif mode == "hipify":
        steps = [[tools["oxhipify"], "main.cu", "-o", "main.hip"],
                 [tools["oxhip"], "-x", "hip", "--offload-arch=gfx942,sm_90,host", "-O3",
                  "main.hip", "-o", "prog"] + (["-lhipblas"] if blas else [])]
    else:
        steps = [[tools["nvcc"], "-arch=sm_90", "-O3", "main.cu", "-o", "prog"]
                 + (["-lcublas"] if blas else [])]
    log = ""
    for step in steps:
        try:
            result = subprocess.run(step, cwd=directory, capture_output=True, text=True,
                                    errors="replace", timeout=600)
        except subprocess.TimeoutExpired:
            return {"name": name, "built": False, "reason": "build timed out after 600 s"}
        log += result.stdout + result.stderr
        if result.returncode != 0:
            return {"name": name, "built": False, "reason": hecbench.first_error(log),
                    "log": hecbench.tail(log)}
    return {"name": name, "built": True, "reason": ""}


def save(path, results):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as out:
        json.dump(sorted(results, key=lambda r: r["name"]), out, indent=1)
        out.write("\n")


def build(mode, jobs):
    tools = {
        "oxhip": os.environ.get("OXHIP", os.path.join(ROOT, "target", "release", "oxhip")),
        "oxhipify": os.environ.get("OXHIPIFY", os.path.join(ROOT, "target", "release", "oxhipify")),
        "nvcc": shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc",
    }
    names = [name for name, _ in programs()]
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for result in pool.map(lambda name: build_one(mode, name, tools), names):
            results.append(result)
            print(f"{mode} {result['name']}: {'built' if result['built'] else 'FAILED ' + result['reason']}",
                  flush=True)
    save(os.path.join(RESULTS, f"samples-{mode}-build.json"), results)
    print(f"{mode}: {sum(r['built'] for r in results)} of {len(results)} built")


def run_one(mode, name, device, timeout):
    return hecbench.run_one(mode, name, ["./prog"], device, timeout, work(mode, name))


def run(mode, device, timeout, jobs, resume=False):
    built = [r["name"] for r in json.load(open(os.path.join(RESULTS, f"samples-{mode}-build.json"),
                                               encoding="utf-8")) if r["built"]]
    results = []
    path = os.path.join(RESULTS, f"samples-{mode}-run-{device}.json")
    if resume and os.path.exists(path):
        results = json.load(open(path, encoding="utf-8"))
        done = {r["name"] for r in results}
        built = [name for name in built if name not in done]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(run_one, mode, name, device, timeout) for name in built]
        for future in concurrent.futures.as_completed(futures):
            result = future.result()
            results.append(result)
            status = "passed" if result["passed"] else "FAILED " + result["reason"]
            print(f"{mode} {device} {result['name']}: {status} ({result['seconds']} s)", flush=True)
            # Written after every program, so that a run cut off by a time limit keeps it.
            save(path, results)
    passed = sum(r["passed"] for r in results)
    print(f"{mode} {device}: {passed} of {len(results)} passed")


def pack():
    os.makedirs(os.path.dirname(CARRY), exist_ok=True)
    with tarfile.open(CARRY, "w:xz") as archive:
        archive.add(os.path.join(SRC), arcname="samples/src")
        for mode in ("cuda", "hipify"):
            for name in os.listdir(os.path.join(BASE, "work", mode)):
                prog = os.path.join(work(mode, name), "prog")
                if os.path.exists(prog):
                    archive.add(prog, arcname=f"samples/work/{mode}/{name}/prog")
    print(f"pack: {CARRY} ({os.path.getsize(CARRY) // 1024} KiB)")


def load(name):
    path = os.path.join(RESULTS, f"samples-{name}.json")
    if not os.path.exists(path):
        return {}
    return {r["name"]: r for r in json.load(open(path, encoding="utf-8"))}


def report():
    names = programs()
    lines = ["| program | source | cuda: built | GPU | CPU device | hipify: built | GPU | CPU device | nvcc on the GPU | why not |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    totals = {}
    for name, origin in names:
        row = [name, f"`{origin}`"]
        why = ""
        for mode in ("cuda", "hipify"):
            built = load(f"{mode}-build").get(name)
            gpu = load(f"{mode}-run-gpu").get(name)
            cpu = load(f"{mode}-run-cpu").get(name)
            row.append("yes" if built and built["built"] else "no")
            for device, result in (("gpu", gpu), ("cpu", cpu)):
                if not result:
                    cell = ""
                elif result["passed"]:
                    cell = "pass"
                elif result.get("timeout"):
                    cell = "> limit"
                else:
                    cell = "fail"
                row.append(cell)
                key = (mode, device)
                totals.setdefault(key, [0, 0])
                if result:
                    totals[key][1] += 1
                    totals[key][0] += result["passed"]
            if built and not built["built"] and not why:
                why = f"{mode} build: {built['reason']}"
            elif not why:
                for result in (gpu, cpu):
                    if result and not result["passed"]:
                        why = f"{mode}: {result['reason']}"
                        break
        nvcc_built = load("nvcc-build").get(name)
        nvcc_run = load("nvcc-run-gpu").get(name)
        row.append("not built" if nvcc_built and not nvcc_built["built"] else
                   "pass" if nvcc_run and nvcc_run["passed"] else "fail" if nvcc_run else "")
        row.append(why.replace("|", "\\|")[:160])
        lines.append("| " + " | ".join(row) + " |")
    summary = []
    for mode in ("cuda", "hipify"):
        builds = load(f"{mode}-build")
        built = sum(r["built"] for r in builds.values())
        gpu = totals.get((mode, "gpu"), [0, 0])
        cpu = totals.get((mode, "cpu"), [0, 0])
        summary.append(f"| {mode} | {len(names)} | {built} ({hecbench.pct(built, len(names))}) | "
                       f"{gpu[0]} of {len(names)} ({hecbench.pct(gpu[0], len(names))}) | "
                       f"{cpu[0]} of {cpu[1]} |")
    text = "\n".join(["| mode | chosen | built | passed on the GPU | passed on the CPU device (of those run) |",
                      "| --- | --- | --- | --- | --- |"] + summary) + "\n\n" + "\n".join(lines) + "\n"
    path = os.path.join(ROOT, "docs", "compat.md")
    doc = open(path, encoding="utf-8").read()
    begin, end = "<!-- samples table begin -->", "<!-- samples table end -->"
    if begin in doc and end in doc:
        doc = doc[:doc.index(begin) + len(begin)] + "\n" + text + doc[doc.index(end):]
        open(path, "w", encoding="utf-8").write(doc)
        print("report: docs/compat.md updated")
    else:
        print(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("extract")
    p.add_argument("mirror_root", nargs="?", default="/work/.mirror")
    p = commands.add_parser("build")
    p.add_argument("mode", choices=["cuda", "hipify"])
    p.add_argument("--jobs", type=int, default=2)
    p = commands.add_parser("run")
    p.add_argument("mode", choices=MODES)
    p.add_argument("--device", choices=["cpu", "gpu"], required=True)
    p.add_argument("--timeout", type=int, default=None)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--resume", action="store_true")
    p = commands.add_parser("nvcc")
    p.add_argument("--jobs", type=int, default=8)
    commands.add_parser("pack")
    commands.add_parser("report")
    args = parser.parse_args()
    if args.command == "extract":
        extract(args.mirror_root)
    elif args.command == "build":
        build(args.mode, args.jobs)
    elif args.command == "run":
        run(args.mode, args.device, args.timeout or (120 if args.device == "gpu" else 60), args.jobs,
            args.resume)
    elif args.command == "nvcc":
        # The builds live on the GPU machine only as long as it is held.
        if not os.path.isdir(os.path.join(BASE, "work", "nvcc")):
            build("nvcc", args.jobs)
        run("nvcc", "gpu", 120, 1, resume=True)
    elif args.command == "pack":
        pack()
    elif args.command == "report":
        report()


if __name__ == "__main__":
    main()
