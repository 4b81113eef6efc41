//! What the driver found on the machine: clang 22, ld.lld and oxhip's own installation
//! (`execute::discover_toolchain` fills it in), and what the pass-through flags mean for
//! clang's `-cc1` (`execute::translate_host_flags`).
//!
//! Pure data: `bind` and `cc1` read it to build command lines; only `execute` makes one.

use std::ffi::OsString;
use std::path::PathBuf;

/// Where the tools and the installation are, found by `execute::discover`.
#[derive(Clone, Debug)]
pub struct Toolchain {
    pub clang: frontend::Clang,
    /// `ld.lld`; `None` when not found (an error only if an AMD target needs it).
    pub lld: Option<PathBuf>,
    /// NVIDIA's `ptxas`, when found: each NVIDIA image then carries a cubin for its `sm_XX`
    /// beside the PTX, so that the first launch pays no JIT (`execute::find_ptxas`).
    pub ptxas: Option<PathBuf>,
    pub hip_include_dir: PathBuf,
    pub runtime_lib_dir: PathBuf,
    /// What the host pass-through flags mean for `-cc1` (`execute::translate_host_flags`).
    pub host_flags: HostFlags,
    /// The same for the device pass-through flags (`execute::translate_device_flags`).
    pub device_flags: HostFlags,
    /// The running `oxhip`: the program of in-process jobs in `-###`, which it
    /// can run again (`oxhip -cc1codegen …`).
    pub exe: PathBuf,
    /// The cache of prelude PCHs (`execute::discover_pch`); `None`: every compile includes
    /// `hip/hip_runtime.h` as text.
    pub pch: Option<crate::pch::PchCache>,
}

/// The `-cc1` effect of the host pass-through flags: units (an option and its
/// separate value) to add to and remove from a host cc1 line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HostFlags {
    pub add: Vec<Vec<String>>,
    pub remove: Vec<Vec<String>>,
}

impl HostFlags {
    /// Applies the flags to a host `-cc1` line: removes units, then inserts the
    /// added ones before the final `-o`.
    pub fn apply(&self, args: Vec<OsString>) -> Vec<OsString> {
        if self.add.is_empty() && self.remove.is_empty() {
            return args;
        }
        let mut out: Vec<OsString> = Vec::with_capacity(args.len());
        let mut index = 0;
        'outer: while index < args.len() {
            for unit in &self.remove {
                let end = index + unit.len();
                if end <= args.len()
                    && args[index..end]
                        .iter()
                        .zip(unit)
                        .all(|(arg, text)| arg.as_os_str() == text.as_str())
                {
                    index = end;
                    continue 'outer;
                }
            }
            out.push(args[index].clone());
            index += 1;
        }
        let position = out.iter().rposition(|arg| arg == "-o").unwrap_or(out.len());
        let added: Vec<OsString> = self.add.iter().flatten().map(OsString::from).collect();
        out.splice(position..position, added);
        out
    }
}
