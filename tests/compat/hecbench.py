#!/usr/bin/env python3
"""Compatibility harness: HeCBench's HIP and CUDA programs built by oxhip with their own Makefiles.

    tests/compat/hecbench.py extract GIT_DIR_OR_CHECKOUT   # into .compat/hecbench/src
    tests/compat/hecbench.py build MODE [--jobs N]          # MODE: hip, cuda or hipify
    tests/compat/hecbench.py run MODE --device cpu|gpu [--timeout S] [--jobs N] [--resume] [--repeat-one]
    tests/compat/hecbench.py repeat-args MODE               # the CPU device's repeat rule -> MODE-build.json
    tests/compat/hecbench.py pack MODE...                   # built programs -> .device-carry/compat-MODE.tar.xz
    tests/compat/hecbench.py report                         # results -> docs/compat.md
    tests/compat/hecbench.py time-list MODE                 # the timing rule -> programs-time.txt
    tests/compat/hecbench.py time MODE [--reps N] [--budget S]   # MODE against nvcc, one at a time
    tests/compat/hecbench.py --suite libraries COMMAND ...  # the same for programs-libraries.txt

Modes:
  hip     src/N-hip with `make CC="oxhip --offload-arch=gfx942,sm_90,host"` (hipcc replaced)
  cuda    src/N-cuda with `make CC="oxhip --offload-arch=gfx942,host" ARCH=sm_90`; the
          Makefile's own `-arch=$(ARCH)` adds the NVIDIA target (nvcc replaced). ARCH is the
          lent GPU's, as HeCBench's README asks (its Makefiles default to sm_60).
  hipify  src/N-cuda translated by `oxhipify --inplace`, then built with
          `make CC="oxhip -x hip --offload-arch=gfx942,sm_90,host" ARCH=sm_90`
  nvcc    the reference: src/N-cuda with `make CC=nvcc ARCH=sm_90`, built and run on the
          GPU machine (which has nvcc) from the sources the cuda mode's archive carries

`run` runs the commands of each Makefile's `run` target (LAUNCHER empty) in the program's
directory, one after another, and grades the program: passed when every command exits 0
within the time limit and prints no line saying FAIL (any case), no `error`-prefixed
line from the runtime, and no mismatch report. A program whose correct output says
"failed" (EXPECTED below) passes when it prints its own success line instead. Results go to tests/compat/results/*.json,
which the repository keeps (the device tool carries them there and back); `report` turns
them into docs/compat.md. The program list is tests/compat/programs.txt, chosen by tests/compat/choose.py (its docstring is the rule).

`run --repeat-one` (CPU device) applies the repeat rule, written down before any run with it
(docs/compat.md, "The CPU device's repeat rule"): where the program's own sources read a
command-line argument `argv[K]` with atoi/atol/atoll/strtol/stoi/stol into a variable whose
name contains "repeat" or "iteration" (any case; not one starting with "max"), the run
command's K-th argument, if it is an integer, becomes 1; so do `--repeat N` and `--repeat=N`.
Sizes are never changed. `repeat-args MODE` applies the rule here, where every source is at
hand (a HIP program often builds `../NAME-cuda/main.cu`, which its archive lacks), and keeps
the commands in MODE-build.json (`run_repeat1`); `run --repeat-one` runs those. Results go
to MODE-run-cpu-repeat1.json, beside the Makefile-size results of MODE-run-cpu.json, and
each result lists the commands that ran.

`time` is the whole-run time comparison with nvcc (docs/compat.md, "Time against nvcc"):
`run` runs four programs at once beside the CPU device, so its seconds say little about
speed. `time` runs each program of tests/compat/programs-time.txt alone on the GPU, oxhip's
build (MODE) then nvcc's, back to back, REPS times, and keeps every wall time (the Makefile's
run commands, process start-up and module loading included) in results/MODE-time-gpu.json.
The list is written by `time-list` by a rule that looks at no time ratio: every program
that passed on the GPU in MODE in the last full run (results/MODE-run-gpu.json) and took
TIME_MIN to TIME_MAX seconds there (long enough that start-up does not decide it, short
enough that two builds of fifty programs fit one 600 s device command).

Only the Python standard library is used, so that `run` works on the GPU machine.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
COMPAT = os.path.join(ROOT, ".compat")
SRC = os.path.join(COMPAT, "hecbench", "src")
# Kept in the repository: docs/compat.md is made from them, and a later build of one mode
# or a run of a few programs (--only) updates them without losing the rest.
RESULTS = os.path.join(HERE, "results")
PROGRAMS = os.path.join(HERE, "programs.txt")
# `--suite libraries`: the programs that use CUB, hipCUB, rocPRIM or Thrust (choose.py's second
# rule, programs-libraries.txt), with results in results/libraries-*.json, archives
# compat-libraries-MODE.tar.xz and their own section of docs/compat.md.
PREFIX = ""
# $OXHIP_COMPAT_ARCHS replaces the hip and hipify modes' target list: `host` alone builds
# CPU-device reruns three times faster (the host image is compiled the same either way); such
# builds must not be packed for the GPU.
ARCHS = os.environ.get("OXHIP_COMPAT_ARCHS", "gfx942,sm_90,host")
BUILD_TIMEOUT = 900
MODES = ["hip", "cuda", "hipify", "nvcc"]
PROGRAMS_TIME = os.path.join(HERE, "programs-time.txt")
TIME_MIN, TIME_MAX = 1.0, 6.0


def programs(path=None):
    """The names a program list holds (PROGRAMS unless another is given), less comments."""
    names = []
    with open(path or PROGRAMS, encoding="utf-8") as listing:
        for line in listing:
            line = line.split("#", 1)[0].strip()
            if line:
                names.append(line)
    return names


def extract(source):
    """Copies src/*-hip, src/*-cuda and src/include out of a git directory or a checkout.
    Blobs missing from a partial mirror (large data files) are skipped and listed."""
    os.makedirs(SRC, exist_ok=True)
    if os.path.isdir(os.path.join(source, "src")):
        for entry in sorted(os.listdir(os.path.join(source, "src"))):
            if entry.endswith(("-hip", "-cuda")) or entry == "include":
                destination = os.path.join(SRC, entry)
                shutil.rmtree(destination, ignore_errors=True)
                shutil.copytree(os.path.join(source, "src", entry), destination)
        return
    listing = subprocess.run(
        ["git", "--git-dir", source, "ls-tree", "-r", "HEAD", "--name-only", "src"],
        check=True, capture_output=True, text=True,
    ).stdout.split("\n")
    wanted = [p for p in listing if re.match(r"^src/([^/]+-(hip|cuda)|include)/", p)]
    batch = subprocess.run(
        ["git", "--git-dir", source, "cat-file", "--batch"],
        input="".join(f"HEAD:{p}\n" for p in wanted).encode(), capture_output=True, check=True,
    ).stdout
    position = 0
    for path in wanted:
        end = batch.index(b"\n", position)
        header = batch[position:end].decode().split()
        position = end + 1
        if header[-1] == "missing":
            print(f"extract: {path}: not in the mirror, skipped", file=sys.stderr)
            continue
        size = int(header[2])
        target = os.path.join(COMPAT, "hecbench", path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as out:
            out.write(batch[position:position + size])
        position += size + 1
    commit = subprocess.run(["git", "--git-dir", source, "rev-parse", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    with open(os.path.join(COMPAT, "hecbench", "COMMIT"), "w", encoding="utf-8") as out:
        out.write(commit + "\n")


def workdir(mode):
    return os.path.join(COMPAT, "work", mode, "src")


def program_dir(mode, name):
    kind = "hip" if mode == "hip" else "cuda"
    return os.path.join(workdir(mode), f"{name}-{kind}")


def tail(text, lines=25):
    return "\n".join(text.strip().splitlines()[-lines:])


def first_error(text):
    """The first compiler or linker error line of a build log, for the table."""
    for line in text.splitlines():
        if re.search(r"\berror\b|undefined reference|No rule to make|not found", line):
            return line.strip()[:300]
    return tail(text, 1)[:300]


def build_one(mode, name, oxhip, oxhipify):
    # The GPU machine has no HeCBench checkout: the nvcc reference builds from the sources
    # the cuda mode's archive carries (objects and executables are rebuilt by make).
    src_root = workdir("cuda") if mode == "nvcc" and not os.path.isdir(SRC) else SRC
    work = workdir(mode)
    os.makedirs(work, exist_ok=True)
    # The HIP directories include their CUDA twin's headers (-I../N-cuda): copy both.
    for kind in ("hip", "cuda"):
        source = os.path.join(src_root, f"{name}-{kind}")
        destination = os.path.join(work, f"{name}-{kind}")
        shutil.rmtree(destination, ignore_errors=True)
        if os.path.isdir(source):
            shutil.copytree(source, destination, symlinks=True)
    if os.path.isdir(os.path.join(src_root, "include")):
        # Several builds run at once: the first copies, the others find it there.
        shutil.copytree(os.path.join(src_root, "include"), os.path.join(work, "include"), dirs_exist_ok=True)
    directory = program_dir(mode, name)
    log = ""
    started = time.time()
    if mode == "hipify":
        result = subprocess.run([oxhipify, "--inplace", directory], capture_output=True, text=True)
        log += result.stdout + result.stderr
        if result.returncode != 0:
            return {"name": name, "built": False, "seconds": 0,
                    "reason": "oxhipify failed: " + first_error(log), "log": tail(log)}
    compiler = {
        "hip": f"{oxhip} --offload-arch={ARCHS}",
        "cuda": f"{oxhip} --offload-arch=gfx942,host",
        "hipify": f"{oxhip} -x hip --offload-arch={ARCHS}",
        "nvcc": shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc",
    }[mode]
    arch = [] if mode == "hip" else ["ARCH=sm_90"]
    env = dict(os.environ, LC_ALL="C")
    try:
        if mode == "nvcc":
            subprocess.run(["make", "-C", directory, "clean"], capture_output=True, env=env)
        result = subprocess.run(["make", "-C", directory, f"CC={compiler}"] + arch,
                                capture_output=True, text=True, env=env, timeout=BUILD_TIMEOUT)
        log += result.stdout + result.stderr
        built = result.returncode == 0
        reason = "" if built else first_error(log)
    except subprocess.TimeoutExpired as expired:
        log += (expired.stdout or b"").decode(errors="replace") if isinstance(expired.stdout, bytes) else (expired.stdout or "")
        built = False
        reason = f"build timed out after {BUILD_TIMEOUT} s"
    commands = []
    if built:
        dry = subprocess.run(["make", "-s", "-n", "-C", directory, "run", "LAUNCHER="],
                             capture_output=True, text=True, env=env)
        # A recipe line continued with a backslash is one command.
        joined = re.sub(r"\\\n\s*", " ", dry.stdout)
        commands = [line.strip() for line in joined.splitlines() if line.strip().startswith("./")]
        if not commands:
            built = False
            reason = "no run command: " + tail(dry.stdout + dry.stderr, 3)
    return {"name": name, "built": built, "seconds": round(time.time() - started, 1),
            "reason": reason, "run": commands, "log": "" if built else tail(log)}


def save(path, results):
    """Writes a results file whole or not at all (a run killed at its time limit)."""
    with open(path + ".tmp", "w", encoding="utf-8") as out:
        json.dump(results, out, indent=1)
        out.write("\n")
    os.replace(path + ".tmp", path)


def build(mode, jobs, only):
    oxhip = os.environ.get("OXHIP", os.path.join(ROOT, "target", "release", "oxhip"))
    oxhipify = os.environ.get("OXHIPIFY", os.path.join(ROOT, "target", "release", "oxhipify"))
    names = only or programs()
    os.makedirs(RESULTS, exist_ok=True)
    path = os.path.join(RESULTS, f"{PREFIX}{mode}-build.json")
    results = {}
    if only and os.path.exists(path):
        results = {r["name"]: r for r in json.load(open(path, encoding="utf-8"))}
    ordered = [results[n] for n in sorted(results)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(build_one, mode, name, oxhip, oxhipify): name for name in names}
        for future in concurrent.futures.as_completed(futures):
            result = future.result()
            results[result["name"]] = result
            status = "built" if result["built"] else "FAILED " + result["reason"]
            print(f"{mode} {result['name']}: {status} ({result['seconds']} s)", flush=True)
            # Written after every program, so that a build cut off keeps what it has.
            ordered = [results[n] for n in sorted(results)]
            save(path, ordered)
    built = sum(r["built"] for r in ordered)
    print(f"{mode}: {built} of {len(ordered)} built")


FAIL_LINE = re.compile(r"fail|mismatch|incorrect|wrong result|error:|hip error|cuda error", re.IGNORECASE)
BENIGN = re.compile(r"fail(ed)?\s*[:=]?\s*0\b|0 (errors|failures)|error\s*[:=]\s*0(\.0+)?\b|"
                    r"(max|mean|avg|average|rms|relative|absolute|total|l2|sum)[ _-]*(error|err)|error (rate|norm|bound)",
                    re.IGNORECASE)


# Programs whose correct output reports failures, and the line each prints when it passes.
EXPECTED = {
    # It launches a kernel whose asserts fail and checks that the launch reports it.
    "assert": re.compile(r"Test assert completed, returned OK"),
}


def grade(output, name=None):
    """A line that reports a failure, or None."""
    if name in EXPECTED:
        return None if EXPECTED[name].search(output) else "no success line: " + tail(output, 1)[:180]
    for line in output.splitlines():
        if FAIL_LINE.search(line) and not BENIGN.search(line):
            return line.strip()[:200]
    return None


REPEAT_NAME = re.compile(r"repeat|iteration", re.IGNORECASE)
ARGV_READ = re.compile(r"\b(\w+)\s*=\s*(?:std::)?(?:atoi|atol|atoll|strtol|strtoll|stoi|stol)\s*\(\s*argv\s*\[\s*(\d+)\s*\]")
SOURCE_SUFFIXES = (".c", ".cc", ".cpp", ".cxx", ".cu", ".cuh", ".h", ".hpp", ".hip")


def repeat_sources(directory):
    """The program's own sources: its directory's, and those its Makefile names elsewhere
    (many HIP programs build `source = ../NAME-cuda/main.cu`)."""
    paths = [os.path.join(directory, e) for e in sorted(os.listdir(directory)) if e.endswith(SOURCE_SUFFIXES)]
    makefile = os.path.join(directory, "Makefile")
    if os.path.exists(makefile):
        with open(makefile, encoding="utf-8", errors="replace") as text:
            for line in text:
                match = re.match(r"\s*source\s*[:+]?=\s*(.*)", line)
                if not match:
                    continue
                for word in match.group(1).split():
                    if word.endswith(SOURCE_SUFFIXES):
                        # The extracted tree has every sibling directory; the work copy may not.
                        for base in (directory, os.path.join(SRC, os.path.basename(directory))):
                            path = os.path.normpath(os.path.join(base, word))
                            if os.path.exists(path):
                                paths.append(path)
                                break
    return paths


def repeat_positions(directory):
    """The argv indices that the program's sources read into a repeat count (the rule above)."""
    positions = set()
    for path in repeat_sources(directory):
        with open(path, encoding="utf-8", errors="replace") as source:
            for variable, index in ARGV_READ.findall(source.read()):
                if REPEAT_NAME.search(variable) and not variable.lower().startswith("max"):
                    positions.add(int(index))
    return positions


def repeat_one(directory, commands):
    """The run commands with every repeat count set to 1 (`run --repeat-one`)."""
    positions = repeat_positions(directory)
    rewritten = []
    for command in commands:
        words = command.split(" ")
        if words and words[0].startswith("./"):
            # Positional arguments: words[K] is argv[K] for a plain `./program a b c`.
            for index in positions:
                if index < len(words) and re.fullmatch(r"\d+", words[index]):
                    words[index] = "1"
            for index, word in enumerate(words):
                if word == "--repeat" and index + 1 < len(words) and re.fullmatch(r"\d+", words[index + 1]):
                    words[index + 1] = "1"
                elif re.fullmatch(r"--repeat=\d+", word):
                    words[index] = "--repeat=1"
        rewritten.append(" ".join(words))
    return rewritten


def run_one(mode, name, commands, device, timeout, directory=None):
    directory = directory or program_dir(mode, name)
    env = dict(os.environ, LC_ALL="C")
    libdir = os.path.join(COMPAT, "lib")
    if os.path.isdir(libdir):
        env["LD_LIBRARY_PATH"] = ":".join(filter(None, [libdir, env.get("LD_LIBRARY_PATH")]))
    if device == "cpu":
        env["OXHIP_VISIBLE_DEVICES"] = "cpu"
    output = ""
    started = time.time()
    for command in commands:
        left = timeout - (time.time() - started)
        if left <= 0:
            return {"name": name, "passed": False, "timeout": True, "seconds": round(time.time() - started, 1),
                    "reason": f"over {timeout} s", "output": tail(output, 15)}
        # A session of its own, so that a time-out kills the program and not only the shell.
        process = subprocess.Popen(command, shell=True, cwd=directory, env=env, start_new_session=True,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            stdout, stderr = process.communicate(timeout=left)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            stdout, _ = process.communicate()
            output += stdout.decode(errors="replace")
            return {"name": name, "passed": False, "timeout": True, "seconds": round(time.time() - started, 1),
                    "reason": f"over {timeout} s", "output": tail(output, 15)}
        result = subprocess.CompletedProcess(command, process.returncode, stdout, stderr)
        text = result.stdout.decode(errors="replace") + result.stderr.decode(errors="replace")
        output += f"$ {command}\n{text}"
        if result.returncode != 0:
            signal = f"signal {-result.returncode}" if result.returncode < 0 else f"exit {result.returncode}"
            return {"name": name, "passed": False, "timeout": False, "seconds": round(time.time() - started, 1),
                    "reason": f"{signal}: " + (grade(text) or tail(text, 1))[:200], "output": tail(output, 15)}
        failure = grade(text, name)
        if failure:
            return {"name": name, "passed": False, "timeout": False, "seconds": round(time.time() - started, 1),
                    "reason": failure, "output": tail(output, 15)}
    return {"name": name, "passed": True, "timeout": False, "seconds": round(time.time() - started, 1),
            "reason": "", "output": tail(output, 6)}


def run(mode, device, timeout, jobs, only, resume, repeat=False):
    suffix = "-repeat1" if repeat else ""
    path = os.path.join(RESULTS, f"{PREFIX}{mode}-run-{device}{suffix}.json")
    results = {}
    if (only or resume) and os.path.exists(path):
        results = {r["name"]: r for r in json.load(open(path, encoding="utf-8"))}
    built = [r for r in json.load(open(os.path.join(RESULTS, f"{PREFIX}{mode}-build.json"), encoding="utf-8"))
             if r["built"] and (not only or r["name"] in only) and not (resume and r["name"] in results)]
    ordered = [results[n] for n in sorted(results)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        def one(r):
            commands = r["run"]
            if repeat:
                commands = r.get("run_repeat1") or repeat_one(program_dir(mode, r["name"]), commands)
            result = run_one(mode, r["name"], commands, device, timeout)
            if repeat:
                result["commands"] = commands
            return result
        futures = [pool.submit(one, r) for r in built]
        for future in concurrent.futures.as_completed(futures):
            result = future.result()
            results[result["name"]] = result
            status = "passed" if result["passed"] else "FAILED " + result["reason"]
            print(f"{mode} {device} {result['name']}: {status} ({result['seconds']} s)", flush=True)
            # Written after every program, so that a run cut off by a time limit keeps what it has.
            ordered = [results[n] for n in sorted(results)]
            save(path, ordered)
    passed = sum(r["passed"] for r in ordered)
    timeouts = sum(r["timeout"] for r in ordered)
    print(f"{mode} {device}: {passed} of {len(ordered)} passed ({timeouts} over the time limit)")


def repeat_args(mode):
    """`run_repeat1` for every built program of MODE (the repeat rule)."""
    path = os.path.join(RESULTS, f"{PREFIX}{mode}-build.json")
    results = json.load(open(path, encoding="utf-8"))
    changed = 0
    for result in results:
        directory = program_dir(mode, result["name"])
        if not result["built"] or not os.path.isdir(directory):
            continue
        result["run_repeat1"] = repeat_one(directory, result["run"])
        changed += result["run_repeat1"] != result["run"]
    save(path, results)
    print(f"repeat-args {mode}: {changed} of {len(results)} programs get a repeat count of 1")


def pack(modes, only=None):
    """The built programs' directories, without sources and objects, for the GPU machine.
    With `only`, just those programs, into compat-MODE-only.tar.xz (for a rerun)."""
    carry = os.path.join(ROOT, ".device-carry")
    os.makedirs(carry, exist_ok=True)
    members = []
    for mode in modes:
        path = os.path.join(RESULTS, f"{PREFIX}{mode}-build.json")
        if not os.path.exists(path):
            continue
        for result in json.load(open(path, encoding="utf-8")):
            if not result["built"] or (only and result["name"] not in only):
                continue
            directory = program_dir(mode, result["name"])
            if not os.path.isdir(directory):
                # Results kept from an earlier build whose directory is not here.
                continue
            for entry in os.listdir(directory):
                full = os.path.join(directory, entry)
                # Objects are not needed; sources are kept, since some programs read
                # theirs (or data files with source-like names) at run time.
                if entry.endswith(".o"):
                    continue
                if os.path.isfile(full) and os.access(full, os.X_OK):
                    subprocess.run(["strip", full], capture_output=True)
                members.append(os.path.relpath(full, COMPAT))
    # Programs built with -fopenmp need LLVM's OpenMP runtime, which the GPU machine lacks.
    libdir = os.path.join(COMPAT, "lib")
    os.makedirs(libdir, exist_ok=True)
    for library in ("/usr/lib/llvm-22/lib/libomp.so.5",):
        if os.path.exists(library):
            shutil.copy(library, libdir)
    members.append("lib")
    suffix = "-only" if only else ""
    archive = os.path.join(carry, f"compat-{PREFIX}{'-'.join(modes)}{suffix}.tar.xz")
    # A 64 MiB dictionary: every program holds the same static runtime, which then
    # compresses to almost nothing after its first copy.
    subprocess.run(["tar", "-C", COMPAT, "-I", "xz -6 --lzma2=dict=192MiB", "-cf", archive] + members, check=True)
    print(f"pack: {len(members)} entries, {os.path.getsize(archive) // 1024} KiB in {archive}")


def time_list(mode):
    """Writes programs-time.txt by the rule in the docstring (no time ratio is looked at)."""
    runs = load(f"{mode}-run-gpu.json")
    chosen = [n for n in programs() if runs.get(n, {}).get("passed")
              and TIME_MIN <= runs[n]["seconds"] < TIME_MAX]
    with open(PROGRAMS_TIME, "w", encoding="utf-8") as out:
        out.write(f"# Whole-run timing against nvcc (hecbench.py time {mode}), written by\n"
                  f"# `hecbench.py time-list {mode}`: every program of programs.txt that passed on the GPU in\n"
                  f"# the {mode} mode's last full run (results/{mode}-run-gpu.json) and took {TIME_MIN:g} to\n"
                  f"# {TIME_MAX:g} s there. Chosen before any of them was timed alone.\n")
        out.write("".join(f"{n}\n" for n in chosen))
    print(f"time-list: {len(chosen)} programs in {PROGRAMS_TIME}")


def time_runs(mode, reps, budget, resume, only):
    """Each listed program alone on the GPU: MODE's build, then nvcc's, REPS times. With
    `only`, just those programs, whose entries replace theirs in the results file."""
    path = os.path.join(RESULTS, f"{PREFIX}{mode}-time-gpu.json")
    results = {}
    if (resume or only) and os.path.exists(path):
        results = {r["name"]: r for r in json.load(open(path, encoding="utf-8"))}
    if only:
        for name in only:
            results.pop(name, None)
    # The suite's own builds (`--suite libraries` keeps its results apart).
    ours = load(f"{PREFIX}{mode}-build.json")
    theirs = load(f"{PREFIX}nvcc-build.json")
    started = time.time()
    for name in (only or programs(PROGRAMS_TIME)):
        if name in results:
            continue
        if time.time() - started > budget:
            print(f"time: budget of {budget} s spent, stopping before {name}", flush=True)
            break
        entry = {"name": name, "oxhip": [], "nvcc": [], "reason": ""}
        builds = {"oxhip": ours.get(name), "nvcc": theirs.get(name)}
        missing = [who for who, b in builds.items() if not (b and b["built"])]
        if missing:
            entry["reason"] = "not built by " + " and ".join(missing)
        else:
            for _ in range(reps):
                for who, build_mode in (("oxhip", mode), ("nvcc", "nvcc")):
                    clock = time.perf_counter()
                    result = run_one(build_mode, name, builds[who]["run"], "gpu", 120)
                    seconds = time.perf_counter() - clock
                    if not result["passed"]:
                        entry["reason"] = f"{who}: {result['reason']}"
                        break
                    entry[who].append(round(seconds, 3))
                if entry["reason"]:
                    break
        results[name] = entry
        if entry["reason"]:
            print(f"time {name}: {entry['reason']}", flush=True)
        else:
            ratio = min(entry["oxhip"]) / min(entry["nvcc"])
            print(f"time {name}: oxhip {min(entry['oxhip']):.3f} s, nvcc {min(entry['nvcc']):.3f} s, "
                  f"{ratio:.2f}x", flush=True)
        save(path, [results[n] for n in sorted(results)])
    timed = [r for r in results.values() if not r["reason"] and r["oxhip"]]
    if timed:
        ratios = [min(r["oxhip"]) / min(r["nvcc"]) for r in timed]
        print(f"time {mode}: {len(timed)} programs, geometric mean {geomean(ratios):.3f}x, "
              f"range {min(ratios):.2f}-{max(ratios):.2f}x")


def geomean(values):
    import math
    return math.exp(sum(math.log(v) for v in values) / len(values))


def load(name):
    path = os.path.join(RESULTS, name)
    if not os.path.exists(path):
        return {}
    return {r["name"]: r for r in json.load(open(path, encoding="utf-8"))}


def report():
    names = programs()
    lines = []
    summary = []
    # The CPU device by the repeat rule (`run --repeat-one`), a column of its own where run.
    repeat_runs = {m: load(f"{PREFIX}{m}-run-cpu-repeat1.json") for m in ("hip", "cuda", "hipify")}
    with_repeat = any(repeat_runs.values())
    # The reference: the CUDA twins built by nvcc on the GPU machine. Programs nvcc's build
    # does not pass either (missing data, bugs of their own) are counted apart.
    nvcc_builds = load(f"{PREFIX}nvcc-build.json")
    nvcc_gpu = load(f"{PREFIX}nvcc-run-gpu.json")
    nvcc_passed = {n for n in names if nvcc_gpu.get(n, {}).get("passed")}
    # nvcc is run on the programs that fail with oxhip: those that fail with nvcc too
    # (built by neither, or built by nvcc and failing on the GPU) are the programs' own.
    nvcc_failed = {n for n in names if n in nvcc_gpu and not nvcc_gpu[n]["passed"]}
    if nvcc_builds:
        tried = [n for n in names if n in nvcc_builds]
        built = [n for n in tried if nvcc_builds[n]["built"]]
        ran = [n for n in built if n in nvcc_gpu]
        label = ("nvcc (reference)" if PREFIX else
                 f"nvcc (reference, on {len(tried)} programs: those that fail with oxhip, and the timed ones)")
        summary.append(f"| {label} | {len(tried)} | "
                       f"{len(built)} of {len(tried)} | {len(nvcc_passed)} of {len(ran)} | - | - |"
                       + (" - |" if with_repeat else ""))
    for mode in ("hip", "cuda", "hipify"):
        builds = load(f"{PREFIX}{mode}-build.json")
        if not builds:
            continue
        cpu = load(f"{PREFIX}{mode}-run-cpu.json")
        cpu1 = repeat_runs[mode]
        gpu = load(f"{PREFIX}{mode}-run-gpu.json")
        # The one-at-a-time timing (`time`) where there is one, for the ratio column.
        timed = {n: r for n, r in load(f"{PREFIX}{mode}-time-gpu.json").items() if not r["reason"] and r["oxhip"]}
        built = [n for n in names if builds.get(n, {}).get("built")]
        cpu_ran = [n for n in built if n in cpu and not cpu[n]["timeout"]]
        cpu_passed = [n for n in cpu_ran if cpu[n]["passed"]]
        gpu_ran = [n for n in built if n in gpu]
        gpu_passed = [n for n in gpu_ran if gpu[n]["passed"]]
        attempted = len([n for n in names if n in builds])
        built_cell = f"{len(built)} ({pct(len(built), len(names))})"
        if attempted < len(names):
            built_cell = f"{len(built)} of the first {attempted} attempted ({pct(len(built), attempted)})"
        gpu_cell = (f"{len(gpu_passed)} of {len(gpu_ran)} ({pct(len(gpu_passed), len(gpu_ran))})"
                    if gpu_ran else "not run yet")
        if len(gpu_ran) and len(gpu_ran) < len(built):
            gpu_cell += f", {len(built) - len(gpu_ran)} not run"
        cpu_unrun = len([n for n in built if n not in cpu])
        cpu_cell = (f"{len(cpu_passed)} of {len(cpu_ran)} ({pct(len(cpu_passed), len(cpu_ran))}), "
                    f"{len([n for n in built if n in cpu and cpu[n]['timeout']])} over 60 s")
        if cpu_unrun:
            cpu_cell += f", {cpu_unrun} not run"
        if with_repeat:
            ran1 = [n for n in built if n in cpu1 and not cpu1[n]["timeout"]]
            passed1 = [n for n in ran1 if cpu1[n]["passed"]]
            cpu_cell += (f" | {len(passed1)} of {len(ran1)} ({pct(len(passed1), len(ran1))}), "
                         f"{len([n for n in built if n in cpu1 and cpu1[n]['timeout']])} over 60 s"
                         if cpu1 else " | not run")
        reference_cell = "-"
        if nvcc_gpu:
            fair = [n for n in gpu_ran if n not in nvcc_failed]
            passed_fair = [n for n in fair if gpu[n]["passed"]]
            reference_cell = f"{len(passed_fair)} of {len(fair)} ({pct(len(passed_fair), len(fair))})"
        summary.append(f"| {mode} | {len(names)} | {built_cell} | {gpu_cell} | {reference_cell} | {cpu_cell} |")
        lines.append(f"\n### {mode}\n")
        lines.append("| program | built | GPU | nvcc on the GPU | time / nvcc's | CPU device |"
                     + (" CPU device, repeat 1 |" if with_repeat else "") + " why not |")
        lines.append("| --- | --- | --- | --- | --- | --- |" + (" --- |" if with_repeat else "") + " --- |")
        for name in names:
            b = builds.get(name)
            if b is None:
                continue
            why = []
            if not b["built"]:
                why.append("build: " + b["reason"])
            g = gpu.get(name)
            c = cpu.get(name)
            gpu_cell = "" if g is None else ("pass" if g["passed"] else "FAIL")
            cpu_cell = "" if c is None else ("pass" if c["passed"] else ("> 60 s" if c["timeout"] else "FAIL"))
            if g is not None and not g["passed"]:
                why.append("GPU: " + g["reason"])
            if c is not None and not c["passed"] and not c["timeout"]:
                why.append("CPU: " + c["reason"])
            c1 = cpu1.get(name)
            cpu1_cell = "" if c1 is None else ("pass" if c1["passed"] else ("> 60 s" if c1["timeout"] else "FAIL"))
            if c1 is not None and not c1["passed"] and not c1["timeout"]:
                why.append("CPU, repeat 1: " + c1["reason"])
            n = nvcc_gpu.get(name)
            nvcc_cell = "" if n is None else ("pass" if n["passed"] else ("> 120 s" if n["timeout"] else "FAIL"))
            if n is None and nvcc_builds.get(name) and not nvcc_builds[name]["built"]:
                nvcc_cell = "not built"
            ratio = ""
            if name in timed:
                ratio = f"{min(timed[name]['oxhip']) / min(timed[name]['nvcc']):.2f}"
            elif g is not None and n is not None and g["passed"] and n["passed"] and n["seconds"] >= 1:
                ratio = f"{g['seconds'] / n['seconds']:.2f}"
            text = "; ".join(why).replace("|", "\\|").replace("`", "'")
            repeat_cell = f" {cpu1_cell} |" if with_repeat else ""
            lines.append(f"| {name} | {'yes' if b['built'] else 'no'} | {gpu_cell} | {nvcc_cell} | {ratio} | {cpu_cell} |"
                         f"{repeat_cell} {text} |")
    path = os.path.join(ROOT, "docs", "compat.md")
    with open(path, encoding="utf-8") as doc:
        text = doc.read()
    marker = "<!-- results: generated by tests/compat/hecbench.py report -->"
    table = ["| mode | chosen | built | passed on the GPU | on the GPU, leaving out those nvcc's build fails too | passed on the CPU device |"
             + (" passed on the CPU device, repeat 1 |" if with_repeat else ""),
             "| --- | --- | --- | --- | --- | --- |" + (" --- |" if with_repeat else "")] + summary
    if PREFIX:
        # The libraries suite's section sits before the main results, between its markers.
        start = "<!-- libraries: generated by tests/compat/hecbench.py --suite libraries report -->"
        end = "<!-- libraries end -->"
        body = "\n".join(table) + "\n" + "\n".join(lines).replace("\n### ", "\n#### ")
        section = start + "\n\n" + body + "\n" + end
        if start in text:
            before, rest = text.split(start, 1)
            text = before + section + rest.split(end, 1)[1]
        else:
            before, after = text.split(marker, 1)
            text = before + section + "\n\n" + marker + after
        with open(path, "w", encoding="utf-8") as doc:
            doc.write(text)
    else:
        head = text.split(marker)[0]
        with open(path, "w", encoding="utf-8") as doc:
            doc.write(head + marker + "\n\n" + "\n".join(table) + "\n" + "\n".join(lines) + "\n")
    print("\n".join(table))


def pct(part, whole):
    return f"{100 * part / whole:.0f}%" if whole else "-"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--suite", choices=["main", "libraries"],
                        default=os.environ.get("OXHIP_COMPAT_SUITE", "main"),
                        help="main: programs.txt; libraries: programs-libraries.txt "
                             "(default $OXHIP_COMPAT_SUITE, else main)")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("extract")
    p.add_argument("source")
    p = sub.add_parser("build")
    p.add_argument("mode", choices=MODES)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--only", nargs="*")
    p = sub.add_parser("run")
    p.add_argument("mode", choices=MODES)
    p.add_argument("--device", choices=["cpu", "gpu"], required=True)
    p.add_argument("--timeout", type=float, default=60)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--only", nargs="*")
    p.add_argument("--resume", action="store_true",
                   help="keep the results file and run only the programs it does not list yet")
    p.add_argument("--repeat-one", action="store_true",
                   help="every repeat count 1 (the CPU device's repeat rule, above)")
    p = sub.add_parser("repeat-args")
    p.add_argument("mode", choices=["hip", "cuda", "hipify"])
    p = sub.add_parser("pack")
    p.add_argument("modes", nargs="+", choices=["hip", "cuda", "hipify"])
    p.add_argument("--only", nargs="*")
    sub.add_parser("report")
    p = sub.add_parser("time-list")
    p.add_argument("mode", choices=["hip", "cuda", "hipify"])
    p = sub.add_parser("time")
    p.add_argument("mode", choices=["hip", "cuda", "hipify"])
    p.add_argument("--reps", type=int, default=1)
    p.add_argument("--budget", type=float, default=480, help="stop starting programs after this many seconds")
    p.add_argument("--resume", action="store_true")
    p.add_argument("--only", nargs="*")
    args = parser.parse_args()
    if args.suite == "libraries":
        global PROGRAMS, PREFIX
        PROGRAMS = os.path.join(HERE, "programs-libraries.txt")
        PREFIX = "libraries-"
    if args.command == "extract":
        extract(args.source)
    elif args.command == "build":
        build(args.mode, args.jobs, args.only)
    elif args.command == "run":
        run(args.mode, args.device, args.timeout, args.jobs, args.only, args.resume, args.repeat_one)
    elif args.command == "repeat-args":
        repeat_args(args.mode)
    elif args.command == "pack":
        pack(args.modes, args.only)
    elif args.command == "time-list":
        time_list(args.mode)
    elif args.command == "time":
        time_runs(args.mode, args.reps, args.budget, args.resume, args.only)
    else:
        report()


if __name__ == "__main__":
    main()
