//! Compiles `lib/*.c` with clang 22 to one LLVM bitcode file per target family
//! (amdgcn, nvptx64, host) in `OUT_DIR`, which `src/lib.rs` embeds.
//!
//! clang is found exactly as the driver finds it (`frontend::find_clang`: `OXHIP_CLANG`,
//! then `clang-22`/`clang` on `PATH`, then `/usr/lib/llvm-22/bin/clang`); without it the
//! build fails with a message naming the Debian package `clang-22`.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The translation unit compiled per family (it includes the other sources), and every
/// file it depends on.
const LIBRARY: &str = "lib/devicelibs.c";
const SOURCES: &[&str] = &[
    "lib/devicelibs.c",
    "lib/math.c",
    "lib/math_float.c",
    "lib/math_more.c",
    "lib/bessel.c",
    "lib/printf.c",
    "lib/heap.c",
    "lib/cxxabi.c",
];

/// Triples of the three families. The GPU ones carry no `-target-cpu`, so the bitcode
/// has no `target-cpu`/`target-features` attributes and `codegen` gives the library the
/// kernel's own when linking it.
const FAMILIES: &[(&str, &str)] = &[
    ("amdgcn", "amdgcn-amd-amdhsa"),
    ("nvptx", "nvptx64-nvidia-cuda"),
    ("host", "x86_64-unknown-linux-gnu"),
];

fn main() -> ExitCode {
    println!("cargo:rerun-if-env-changed=OXHIP_CLANG");
    println!("cargo:rerun-if-env-changed=PATH");
    for source in SOURCES {
        println!("cargo:rerun-if-changed={source}");
    }
    let clang = match frontend::find_clang(&|name| std::env::var_os(name)) {
        Ok(clang) => clang,
        Err(err) => {
            println!("cargo::error=devicelibs needs clang 22 to build its bitcode: {err}");
            return ExitCode::FAILURE;
        }
    };
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default());
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join(LIBRARY);
    for (family, triple) in FAMILIES {
        let output = out_dir.join(format!("{family}.bc"));
        let status = Command::new(&clang.path)
            .args(["-cc1", "-triple", triple, "-emit-llvm-bc", "-O2"])
            // Double-double tricks in math.c rely on every rounding being where the
            // source puts it: no contraction into fma behind our back.
            .args(["-ffp-contract=off", "-fvisibility=hidden"])
            // No `amdhsa_code_object_version` module flag: user modules carry 500 and
            // the flag must not conflict when the modules are linked.
            .args(match *family {
                "amdgcn" => &["-mcode-object-version=none"][..],
                // The data layout of oxhip's NVPTX compiles.
                "nvptx" => &frontend::NVPTX_SHORT_POINTERS[..],
                _ => &[][..],
            })
            .args(["-nostdsysteminc", "-std=c11", "-x", "c"])
            .arg(&source)
            .arg("-o")
            .arg(&output)
            .status();
        match status {
            Ok(status) if status.success() => {}
            Ok(status) => {
                println!(
                    "cargo::error=`{}` failed ({status}) compiling `{LIBRARY}` for {triple}",
                    clang.path.display()
                );
                return ExitCode::FAILURE;
            }
            Err(err) => {
                println!("cargo::error=cannot run `{}`: {err}", clang.path.display());
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
