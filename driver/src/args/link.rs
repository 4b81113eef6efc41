//! The link: libraries and linker arguments in command-line order with the inputs
//! (`-L`, `-l`, `-Wl,`, `-Xlinker`, nvcc's `--linker-options`), shared libraries and
//! position-independent code, and what the clang link driver is given (`-pthread`,
//! `-rdynamic`, `--rtlib=`, `-fopenmp`).
//!
//! An option that only the link reads is claimed only when the command links: in any other
//! mode it had no effect, and the unused-argument warning names it.

use super::parse::{Arg, Args};
use super::table::OptId;
use super::{Invocation, LinkItem, Mode};
use crate::error::DriverError;

/// The options that mean something to the link only.
const LINK_ONLY: &[OptId] = &[
    OptId::Shared,
    OptId::LibDir,
    OptId::Lib,
    OptId::LinkerComma,
    OptId::Xlinker,
    OptId::LinkerOptions,
    OptId::Rdynamic,
    OptId::LinkDriverFlag,
    OptId::UseSharedLib,
    OptId::UseStaticLib,
    OptId::Cudart,
];

/// Reads the link's options into `inv`, whose mode is known. In CUDA mode `-Xlinker`
/// splits its value at commas, as nvcc does (clang passes it whole).
pub(super) fn read(args: &Args, cuda_mode: bool, inv: &mut Invocation) -> Result<(), DriverError> {
    let mut input = 0;
    for arg in args.all() {
        let (id, spelling, values) = match arg {
            Arg::Input(name) => {
                inv.links_shared_runtime |= std::path::Path::new(name)
                    .file_name()
                    .is_some_and(|name| name == "liboxhip_runtime.so");
                inv.link_items.push(LinkItem::Input(input));
                input += 1;
                continue;
            }
            // OpenMP host code needs the OpenMP runtime at link time, as with clang and
            // hipcc: the link driver gets the flag too.
            Arg::HostPassthrough(text) => {
                if text == "-fopenmp" || text.starts_with("-fopenmp=") {
                    inv.link_driver_args.push(text.clone());
                }
                continue;
            }
            Arg::Opt {
                id,
                spelling,
                values,
            } => (*id, spelling, values),
        };
        let value = values.first().map_or("", String::as_str);
        let mut item = |args: Vec<String>| inv.link_items.push(LinkItem::Arg(args));
        match id {
            OptId::LibDir => item(vec![format!("-L{value}")]),
            OptId::Lib => {
                item(vec![format!("-l{value}")]);
                inv.links_shared_runtime |=
                    value == "oxhip_runtime" || value == ":liboxhip_runtime.so";
            }
            OptId::LinkerComma => item(vec![format!("-Wl,{}", values.join(","))]),
            OptId::Xlinker if cuda_mode => {
                for part in value.split(',').filter(|part| !part.is_empty()) {
                    item(vec!["-Xlinker".to_owned(), part.to_owned()]);
                }
            }
            OptId::Xlinker => item(vec!["-Xlinker".to_owned(), value.to_owned()]),
            OptId::LinkerOptions => item(vec![format!("-Wl,{value}")]),
            OptId::Rdynamic => inv.link_driver_args.push("-rdynamic".to_owned()),
            OptId::LinkDriverFlag => inv
                .link_driver_args
                .push(super::parse::written_form(spelling, values)),
            // The last choice counts, as with nvcc's `-cudart`.
            OptId::UseSharedLib => inv.shared_runtime = true,
            OptId::UseStaticLib => inv.shared_runtime = false,
            OptId::Cudart => match value {
                "shared" => inv.shared_runtime = true,
                "static" => inv.shared_runtime = false,
                // A HIP program cannot do without the runtime that registers its kernels.
                "none" => inv.warnings_found.push(super::ArgWarning::NvccNoEffect {
                    arg: super::parse::written_form(spelling, values),
                }),
                _ => {
                    return Err(DriverError::BadValue {
                        option: spelling.trim_end_matches('=').to_owned(),
                        value: value.to_owned(),
                    })
                }
            },
            _ => {}
        }
    }
    // `-shared` makes position-independent code even when only compiling (and is then
    // unused, as clang says).
    inv.shared = args.peek(&[OptId::Shared]);
    inv.pic = args.has(&[OptId::Pic]) || inv.shared;
    inv.pthread = args.has(&[OptId::Pthread]);
    args.has(&[OptId::HipLink]);
    if inv.mode == Mode::Link {
        args.has(LINK_ONLY);
    }
    Ok(())
}
