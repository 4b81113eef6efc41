#!/usr/bin/env python3
"""The rule that picks the HeCBench programs of the compatibility harness.

Written down before any program was built; docs/compat.md states it in prose.
A program name N qualifies when
  1. both src/N-hip/Makefile and src/N-cuda/Makefile exist;
  2. neither directory's Makefile nor any of its sources mentions a vendor library
     (BLAS, sparse, solver, FFT, RNG, CUB/hipCUB/rocPRIM, Thrust, DNN, collective, WMMA, SMI);
  3. neither Makefile uses MPI;
  4. neither Makefile refers to another directory than src/N-hip, src/N-cuda or src/include
     (shared data lives in other programs' directories);
  5. neither Makefile's `run` target passes an argument that names a file: one with a
     `/`, or one ending in a dot and letters (`in.txt`, `graph.mtx`).
The chosen programs are the first COUNT qualifying names in alphabetical (byte) order.

`choose.py SRC --libraries` gives the second list, tests/compat/programs-libraries.txt (issue 25,
written down on 2026-11-29 before any of them was built with oxhip's libraries): every program
that fails rule 2 only through CUB/hipCUB/rocPRIM/Thrust, that is, rules 1, 3, 4 and 5 hold,
one of its directories mentions one of those four libraries, and no other vendor library is
mentioned. All of them, in alphabetical order; nothing else is left out.
"""
import os
import re
import sys

COUNT = 160

VENDOR = re.compile(
    r"hipblas|rocblas|cublas|hipsparse|rocsparse|cusparse|hipsolver|rocsolver|cusolver|"
    r"hipfft|rocfft|cufft|hiprand|rocrand|curand|hipcub|rocprim|\bcub/|cub::|thrust|"
    r"miopen|cudnn|rccl|nccl|rocwmma|\bmma\.h|wmma::|hiptensor|cutensor|nvml|rocm_smi|"
    r"cusparselt|cutlass|nvtx|roctx|roctracer",
    re.IGNORECASE,
)
# The header libraries oxhip provides itself (issue 25), and the rest of VENDOR.
LIBRARIES = re.compile(r"hipcub|rocprim|\bcub/|cub::|thrust", re.IGNORECASE)
OTHER_VENDOR = re.compile(VENDOR.pattern.replace(r"hipcub|rocprim|\bcub/|cub::|thrust|", ""), re.IGNORECASE)
SOURCE_SUFFIXES = (".cu", ".cuh", ".h", ".hpp", ".cpp", ".cc", ".c", ".hip", ".inc", "Makefile")


def run_arguments(makefile_text):
    """The argument words of the `run` target's recipe lines."""
    lines = makefile_text.splitlines()
    words = []
    in_run = False
    continued = False
    for line in lines:
        if re.match(r"^run\s*:", line):
            in_run = True
            continue
        if in_run:
            # A recipe line, or a backslash continuation of one (which may start with spaces).
            if line.startswith("\t") or (continued and line.strip()):
                words += [w for w in line.split() if w != "\\"]
                continued = line.rstrip().endswith("\\")
            elif line.strip() == "":
                continue
            else:
                in_run = False
    # Drop the launcher and the program itself.
    return [w for w in words if w not in ("$(LAUNCHER)",) and not w.startswith("./$(program)")]


def why_not(src, name, libraries=False):
    """Why `name` is not chosen (None: chosen). With `libraries`, the second list's rule:
    rule 2 applies to the vendor libraries other than CUB/hipCUB/rocPRIM/Thrust, and one of
    those four must be mentioned."""
    vendor = OTHER_VENDOR if libraries else VENDOR
    uses_library = False
    for kind in ("hip", "cuda"):
        directory = os.path.join(src, f"{name}-{kind}")
        makefile = os.path.join(directory, "Makefile")
        if not os.path.isfile(makefile):
            return f"no {name}-{kind}/Makefile"
        text = open(makefile, encoding="utf-8", errors="replace").read()
        if re.search(r"mpicxx|mpicc|-lmpi|mpi\.h", text):
            return "MPI"
        for other in re.findall(r"\.\./([A-Za-z0-9_.+-]+)", text):
            if other not in (f"{name}-hip", f"{name}-cuda", "include"):
                return f"refers to ../{other}"
        for word in run_arguments(text):
            if "/" in word or re.search(r"\.[A-Za-z]+[0-9]*$", word):
                return f"run reads {word}"
        for root, _, files in os.walk(directory):
            for file in files:
                if not file.endswith(SOURCE_SUFFIXES):
                    continue
                body = open(os.path.join(root, file), encoding="utf-8", errors="replace").read()
                match = vendor.search(body)
                if match:
                    return f"vendor library ({match.group(0)} in {kind}/{file})"
                uses_library = uses_library or LIBRARIES.search(body) is not None
    if libraries and not uses_library:
        return "uses none of CUB, hipCUB, rocPRIM, Thrust"
    return None


def main():
    src = sys.argv[1]
    names = sorted({d[: -len("-hip")] for d in os.listdir(src) if d.endswith("-hip")})
    libraries = "--libraries" in sys.argv
    chosen = []
    for name in names:
        reason = why_not(src, name, libraries)
        if reason is None:
            chosen.append(name)
        elif "-v" in sys.argv:
            print(f"# {name}: {reason}", file=sys.stderr)
    count = len(chosen) if libraries else COUNT
    print(f"# {len(chosen)} qualify; the first {count} are chosen", file=sys.stderr)
    for name in chosen[:count]:
        print(name)


if __name__ == "__main__":
    main()
