# lit configuration for oxhip's command-line tools.
#
# Run from the repository root after `cargo build --workspace`:
#   /usr/lib/llvm-22/bin/lit -sv lit
# Each binary is taken from $OXHIP_BIN_DIR, else target/debug, else
# target/release.  Tests that need a GPU say `REQUIRES: cuda-device` and run
# only with OXHIP_LIT_GPU=1.

import os

import lit.formats

config.name = "oxhip"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".hip", ".cu", ".cpp", ".test"]
config.test_source_root = os.path.dirname(__file__)
repo_root = os.path.dirname(config.test_source_root)
config.test_exec_root = os.path.join(repo_root, "target", "lit")
config.excludes = ["Inputs"]

llvm_bin = "/usr/lib/llvm-22/bin"


def find_tool(name):
    """$OXHIP_BIN_DIR/<name>, else target/debug/<name>, else target/release/<name>."""
    candidates = []
    if os.environ.get("OXHIP_BIN_DIR"):
        candidates.append(os.environ["OXHIP_BIN_DIR"])
    candidates += [os.path.join(repo_root, "target", profile) for profile in ("debug", "release")]
    for directory in candidates:
        path = os.path.join(directory, name)
        if os.path.exists(path):
            return path
    return os.path.join(candidates[0], name)


# Longer names first: lit substitutes in order and `%oxhip` is a prefix of the others.
# `%oxhip-dir` is the binaries' directory, where a cargo build keeps liboxhip_runtime.so too.
config.substitutions.append(("%oxhip-dir", os.path.dirname(find_tool("oxhip"))))
for name in ("oxhipconfig", "oxhipify", "oxhip"):
    config.substitutions.append(("%" + name, find_tool(name)))
config.substitutions.append(("%clang-offload-bundler", os.path.join(llvm_bin, "clang-offload-bundler")))
config.substitutions.append(("%llvm-readelf", os.path.join(llvm_bin, "llvm-readelf")))
config.substitutions.append(("%llvm-objdump", os.path.join(llvm_bin, "llvm-objdump")))
# Upstream clang, to compare our output with what it makes from the same source.
config.substitutions.append(("%upstream-clang", os.path.join(llvm_bin, "clang")))
config.substitutions.append(("%hip-include", os.path.join(repo_root, "runtime", "include")))

config.environment["PATH"] = os.pathsep.join([llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])
# The driver finds its headers and runtime relative to itself; let a caller override.
for name in ("OXHIP_INCLUDE_DIR", "OXHIP_LIB_DIR", "OXHIP_CLANG", "OXHIP_LLD", "HOME"):
    if name in os.environ:
        config.environment[name] = os.environ[name]

# NVIDIA's ptxas changes the jobs of every NVIDIA compile (a cubin beside the PTX), so tests
# run without it unless they ask (lit/driver/ptxas-cubin.hip); scripts/setup.sh installs
# NVIDIA's ptxas from PyPI into target/ptxas, which gives that test the `ptxas` feature.
config.environment["OXHIP_PTXAS"] = "none"
ptxas = os.environ.get("OXHIP_LIT_PTXAS") or os.path.join(repo_root, "target", "ptxas", "bin", "ptxas")
if os.path.isfile(ptxas) and os.access(ptxas, os.X_OK):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))

if os.environ.get("OXHIP_LIT_GPU") == "1":
    config.available_features.add("cuda-device")
