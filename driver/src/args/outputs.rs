//! What the command produces and how: the mode (`-c`, `-S`, `-E`, `-M`, nvcc's `-dc`), the
//! output and dependency files, which sides of an offload source are compiled,
//! intermediates, optimisation, debug information, sanitizers, bundle compression, and
//! the requests that print instead of compiling (`-###`, `--help`).

use std::path::PathBuf;

use super::parse::Args;
use super::table::OptId;
use super::{Invocation, Mode, OffloadScope, OptLevel, SaveTemps};
use crate::error::DriverError;

/// Reads what the command produces into `inv`.
pub(super) fn read(args: &Args, inv: &mut Invocation) -> Result<(), DriverError> {
    if let Some(opt) = args.read(&[OptId::NvccUnsupported]).next() {
        return Err(DriverError::UnsupportedNvccOption {
            option: opt.spelling.to_owned(),
            hint: nvcc_unsupported_hint(opt.spelling),
        });
    }
    // Like clang, the last of -E/-M, -S, -c that "stops earliest" wins.
    let mut modes = Vec::new();
    for opt in args.read(&[
        OptId::Compile,
        OptId::Assemble,
        OptId::Preprocess,
        OptId::DepsOnly,
        OptId::DepsOnlyUser,
        OptId::DeviceCompile,
        OptId::DeviceCompileWhole,
    ]) {
        modes.push(match opt.id {
            OptId::Assemble => Mode::Assembly,
            OptId::Preprocess => Mode::Preprocess,
            OptId::DepsOnly | OptId::DepsOnlyUser => Mode::Dependencies,
            _ => Mode::Object,
        });
    }
    inv.mode = [
        Mode::Dependencies,
        Mode::Preprocess,
        Mode::Assembly,
        Mode::Object,
    ]
    .into_iter()
    .find(|mode| modes.contains(mode))
    .unwrap_or(Mode::Link);
    for opt in args.read(&[OptId::Output]) {
        inv.output = Some(PathBuf::from(opt.value()));
    }
    read_dependencies(args, inv);
    for opt in args.read(&[OptId::SaveTemps, OptId::Keep]) {
        inv.save_temps = match (opt.id, opt.value()) {
            (OptId::Keep, _) | (_, "cwd") => SaveTemps::Cwd,
            (_, "" | "obj") => SaveTemps::OutputDir,
            (_, other) => {
                return Err(DriverError::BadValue {
                    option: "-save-temps=".to_owned(),
                    value: other.to_owned(),
                })
            }
        };
    }
    for opt in args.read(&[OptId::DeviceOnly, OptId::Genco, OptId::HostOnly]) {
        inv.scope = match opt.id {
            OptId::HostOnly => OffloadScope::HostOnly,
            _ => OffloadScope::DeviceOnly,
        };
    }
    for opt in args.read(&[OptId::Optimize]) {
        inv.opt_level = parse_opt_level(opt.value())?;
    }
    for opt in args.read(&[OptId::Debug]) {
        parse_debug(inv, opt.value())?;
    }
    inv.device_line_info = args.has(&[OptId::LineInfo]);
    inv.device_debug = args.has(&[OptId::DeviceDebug]);
    for opt in args.read(&[OptId::Sanitize, OptId::NoSanitize]) {
        for name in opt.values {
            let enabled = opt.id == OptId::Sanitize;
            match name.as_str() {
                "address" => inv.sanitizers.address = enabled,
                "undefined" => inv.sanitizers.undefined = enabled,
                _ => {
                    return Err(DriverError::UnsupportedSanitizer {
                        option: opt.spelling.to_owned(),
                        name: name.clone(),
                    })
                }
            }
        }
    }
    // Bundles embedded in objects and programs are compressed unless asked not to be: the
    // runtime that reads them unpacks them at the first launch (docs/size.md, "Compressed
    // bundles"). A bundle written as a file of its own (`--cuda-device-only`, `--genco`) stays
    // flat, as clang writes it, for the tools and older HIP runtimes that read such files.
    let mut compress = inv.scope != OffloadScope::DeviceOnly;
    let mut level = 3;
    for opt in args.read(&[
        OptId::OffloadCompress,
        OptId::NoOffloadCompress,
        OptId::OffloadCompressionLevel,
    ]) {
        match opt.id {
            OptId::OffloadCompress => compress = true,
            OptId::NoOffloadCompress => compress = false,
            _ => {
                level = opt.value().parse().map_err(|_| DriverError::BadValue {
                    option: "--offload-compression-level=".to_owned(),
                    value: opt.value().to_owned(),
                })?;
            }
        }
    }
    inv.offload_compression = compress.then_some(level);
    inv.print_jobs = args.has(&[OptId::PrintJobs]);
    inv.print_phases = args.has(&[OptId::PrintPhases]);
    inv.verbose = args.has(&[OptId::Verbose]);
    inv.version = args.has(&[OptId::Version]);
    inv.help = args.has(&[OptId::Help]);
    // Answered by clang before the command line is resolved (`lib::run`).
    args.has(&[OptId::PrintClangInfo]);
    Ok(())
}

/// The `-M` family: which dependency file, for which targets.
fn read_dependencies(args: &Args, inv: &mut Invocation) {
    let deps = &mut inv.dependencies;
    for opt in args.read(&[
        OptId::DepsOnly,
        OptId::DepsOnlyUser,
        OptId::DepsFile,
        OptId::DepsFileUser,
        OptId::DepsOutput,
        OptId::DepsTarget,
        OptId::DepsPhony,
    ]) {
        match opt.id {
            OptId::DepsOnly | OptId::DepsOnlyUser | OptId::DepsFile | OptId::DepsFileUser => {
                deps.enabled = true;
                deps.user_only = matches!(opt.id, OptId::DepsOnlyUser | OptId::DepsFileUser);
            }
            OptId::DepsOutput => deps.file = Some(PathBuf::from(opt.value())),
            OptId::DepsTarget if opt.spelling == "-MQ" => {
                deps.targets.push(quote_make_target(opt.value()));
            }
            OptId::DepsTarget => deps.targets.push(opt.value().to_owned()),
            _ => deps.phony = true,
        }
    }
}

/// A `-MQ` target as clang's driver quotes it for make (`QuoteTarget`): `$` doubled, `#`
/// and blanks escaped with a backslash (and the backslashes before a blank doubled).
fn quote_make_target(target: &str) -> String {
    let chars: Vec<char> = target.chars().collect();
    let mut quoted = String::with_capacity(target.len());
    for (index, ch) in chars.iter().enumerate() {
        match ch {
            ' ' | '\t' => {
                let mut back = index;
                while back > 0 && chars[back - 1] == '\\' {
                    quoted.push('\\');
                    back -= 1;
                }
                quoted.push('\\');
            }
            '$' => quoted.push('$'),
            '#' => quoted.push('\\'),
            _ => {}
        }
        quoted.push(*ch);
    }
    quoted
}

/// One `-g…` option, as clang reads it: later ones refine or override earlier ones.
fn parse_debug(inv: &mut Invocation, value: &str) -> Result<(), DriverError> {
    match value {
        "0" => {
            inv.debug = false;
            inv.debug_line_tables_only = false;
        }
        "" | "2" | "3" | "gdb" | "gdb2" | "gdb3" | "full" => {
            inv.debug = true;
            inv.debug_line_tables_only = false;
        }
        "1" | "line-tables-only" | "mlt" | "gdb1" => {
            inv.debug = true;
            inv.debug_line_tables_only = true;
        }
        "dwarf" => inv.debug = true,
        other => {
            let version = other
                .strip_prefix("dwarf-")
                .and_then(|version| version.parse::<u8>().ok())
                .filter(|version| (2..=5).contains(version))
                .ok_or_else(|| DriverError::BadValue {
                    option: "-g".to_owned(),
                    value: other.to_owned(),
                })?;
            inv.debug = true;
            inv.dwarf_version = Some(version);
        }
    }
    Ok(())
}

fn parse_opt_level(value: &str) -> Result<OptLevel, DriverError> {
    match value {
        "0" => Ok(OptLevel::O0),
        "1" => Ok(OptLevel::O1),
        "" | "2" => Ok(OptLevel::O2),
        "3" | "4" | "fast" => Ok(OptLevel::O3),
        "s" => Ok(OptLevel::Os),
        "z" => Ok(OptLevel::Oz),
        other => Err(DriverError::BadOptLevel {
            level: other.to_owned(),
        }),
    }
}

/// What to do instead of an nvcc mode oxhip does not have.
fn nvcc_unsupported_hint(spelling: &str) -> &'static str {
    match spelling.trim_start_matches('-') {
        "dlink" | "device-link" => {
            "link the objects with `oxhip -rdc=true` (or `-fgpu-rdc`): the device link happens there"
        }
        "lib" => {
            "make the archive with `ar rcs`; objects compiled with `-dc` keep their device code for an `-rdc=true` link"
        }
        "ptx" | "cubin" | "fatbin" => {
            "`--cuda-device-only -S --offload-arch=sm_XX` writes PTX; `--cuda-device-only` writes an offload bundle"
        }
        _ => "see docs/driver.md, \"nvcc's command line\"",
    }
}
