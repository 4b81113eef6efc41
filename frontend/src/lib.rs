//! `frontend`: finds clang 22 and builds the `-cc1` command lines of the device
//! (amdgcn, nvptx64) and host compiles.
//!
//! Only [`find_clang`] and [`find_clang_cached`] run processes (clang's `--version` and one
//! `-###` dry run, to learn its version and system include directories; the second keeps
//! the answer in a cache directory); [`cc1_args`] is a pure function
//! from options to an argument vector, and the driver is the one that runs it.

mod cc1;
mod find;

use std::path::PathBuf;

pub use cc1::{
    cc1_args, min_ptx_version, CompileOptions, DependencyOptions, DeviceTarget, Lang, OptLevel,
    Output, PreprocessorArg, Side, HOST_TRIPLE, NVPTX_SHORT_POINTERS,
};
pub use find::{find_clang, find_clang_cached, CLANG_MAJOR};

/// A clang 22 found on this machine, with what it told us about itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clang {
    /// The executable (`/usr/lib/llvm-22/bin/clang`).
    pub path: PathBuf,
    /// The version number from `--version` (`22.1.8`).
    pub version: String,
    /// Clang's resource directory (`/usr/lib/llvm-22/lib/clang/22`), whose `include`
    /// holds the compiler's own headers (`stddef.h`, intrinsics).
    pub resource_dir: PathBuf,
    /// System include directories in search order, as clang's driver passes them to a
    /// HIP host compile: libstdc++, clang's headers, libc.
    /// The same list serves the device compiles (clang does the same).
    pub system_includes: Vec<SystemInclude>,
}

/// One system include directory of [`Clang::system_includes`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SystemInclude {
    pub kind: IncludeKind,
    pub path: PathBuf,
}

/// How a system include directory is passed to `-cc1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IncludeKind {
    /// `-internal-isystem`
    System,
    /// `-internal-externc-isystem` (C headers: declarations get `extern "C"`)
    ExternC,
}

/// Why clang 22 could not be found or asked about itself.
#[derive(Debug, thiserror::Error)]
pub enum FrontendError {
    #[error("clang 22 not found: install the Debian package `clang-22` or set `OXHIP_CLANG` (tried {})", display_paths(.tried))]
    ClangNotFound { tried: Vec<PathBuf> },
    #[error("`{}` (from `OXHIP_CLANG`) is clang {found}, but clang 22 is required (Debian package `clang-22`)", .path.display())]
    WrongVersion { path: PathBuf, found: String },
    #[error("`{}` is not clang: `--version` printed `{output}`", .path.display())]
    NotClang { path: PathBuf, output: String },
    #[error("cannot run `{}`", .path.display())]
    Spawn {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot read the include directories from `{} -###`", .path.display())]
    Discovery { path: PathBuf, output: String },
}

fn display_paths(paths: &[PathBuf]) -> String {
    let names: Vec<String> = paths
        .iter()
        .map(|path| format!("`{}`", path.display()))
        .collect();
    if names.is_empty() {
        "nothing".to_owned()
    } else {
        names.join(", ")
    }
}
