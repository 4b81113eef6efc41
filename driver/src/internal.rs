//! `oxhip -cc1codegen …`, `-cc1bundle …`, `-cc1hipify …` and the others: the in-process
//! jobs of a compile, run on their own from the command line that `-###` and
//! `-v` print, so that a failing job can be reproduced and reported.
//!
//! The argument forms are the ones `bind` writes; this module parses them back
//! and calls the same functions `execute` calls. It is not a user interface
//! and is not documented as one.

use std::path::{Path, PathBuf};

use crate::args::{F32Division, OptLevel};
use crate::bind::{BundleEntry, CodegenJob};
use crate::error::DriverError;
use crate::execute;
use crate::plan::Emit;
use crate::targets::OffloadArch;

/// The first argument that selects an internal job, if `argv` starts with one.
pub(crate) fn is_internal(argv: &[String]) -> bool {
    matches!(
        argv.first().map(String::as_str),
        Some(
            "-cc1codegen"
                | "-cc1bundle"
                | "-cc1hipify"
                | "-cc1package"
                | "-cc1fatbinwrapper"
                | "-cc1hostmath"
                | "-cc1runtimescript"
                | "-cc1pch"
                | "-cc1mergedeps"
                | "-cc1mergepp"
                | "-cc1selectside"
        )
    )
}

/// Runs one internal job; `stderr` receives what the job reports (hipify
/// findings), `stdout` the output when it is `-`.
pub(crate) fn run_internal(
    argv: &[String],
    stdout: &mut Vec<u8>,
    stderr: &mut Vec<u8>,
) -> Result<(), DriverError> {
    let mode = argv.first().map(String::as_str).unwrap_or_default();
    let rest = &argv[1..];
    match mode {
        "-cc1codegen" => {
            let (job, inputs, output) = parse_codegen(rest)?;
            codegen::set_process_llvm_options(execute::tuning(&job), &job.llvm_options);
            if output != Path::new("-") {
                return execute::run_codegen(&job, &inputs, &output);
            }
            let temp = tempfile::NamedTempFile::new().map_err(|err| DriverError::Io {
                message: format!("creating a temporary file: {err}"),
            })?;
            execute::run_codegen(&job, &inputs, temp.path())?;
            let bytes = std::fs::read(temp.path()).map_err(|err| DriverError::Io {
                message: format!("reading `{}`: {err}", temp.path().display()),
            })?;
            stdout.extend(bytes);
            Ok(())
        }
        "-cc1bundle" => {
            let (entries, compress, output) = parse_bundle(rest)?;
            execute::run_bundler(&entries, compress, &[], &[], &output)
        }
        "-cc1package" => {
            let image = rest
                .iter()
                .find_map(|arg| arg.strip_prefix("--image="))
                .ok_or_else(|| DriverError::MissingValue {
                    option: "--image=".to_owned(),
                })?;
            let arch = image
                .split(',')
                .find_map(|field| field.strip_prefix("arch="))
                .ok_or_else(|| bad(image))?;
            let arch = OffloadArch::parse(arch).map_err(|reason| DriverError::BadOffloadArch {
                arch: arch.to_owned(),
                reason,
            })?;
            let (input, output) = operands(rest, |arg| arg.starts_with("--"))?;
            execute::run_package(&arch, &input, &output)
        }
        "-cc1fatbinwrapper" => {
            let (inputs, output) = many_operands(rest, |_| false)?;
            execute::run_fatbin_wrapper(&inputs, &output)
        }
        "-cc1hostmath" => match rest {
            [flag, output] if flag == "-o" => execute::run_host_math(Path::new(output)),
            _ => Err(DriverError::MissingValue {
                option: "-o".to_owned(),
            }),
        },
        "-cc1runtimescript" => match rest {
            [flag, output] if flag == "-o" => execute::run_runtime_script(Path::new(output)),
            _ => Err(DriverError::MissingValue {
                option: "-o".to_owned(),
            }),
        },
        // `-cc1pch <clang> <clang's -cc1 line that writes the PCH after -o>`
        "-cc1pch" => match rest.split_first() {
            Some((clang, build)) if build.iter().any(|arg| arg == "-o") => {
                let build: Vec<std::ffi::OsString> = build.iter().map(Into::into).collect();
                let output = build
                    .iter()
                    .position(|arg| arg == "-o")
                    .and_then(|position| build.get(position + 1))
                    .map(PathBuf::from)
                    .unwrap_or_default();
                execute::ensure_pch(Path::new(clang), &build, &output);
                Ok(())
            }
            _ => Err(DriverError::MissingValue {
                option: "-o".to_owned(),
            }),
        },
        // `-cc1mergedeps [-MP] -o <output> <side's file>...`
        "-cc1mergedeps" => {
            let (inputs, output) = many_operands(rest, |arg| arg == "-MP")?;
            let text = execute::merge_dependencies(&inputs, rest.iter().any(|arg| arg == "-MP"))?;
            write_text(&output, &text, stdout)
        }
        // `-cc1mergepp -sides=<entry ID>,... -o <output> <side's text>...`
        "-cc1mergepp" => {
            let sides: Vec<String> = rest
                .iter()
                .find_map(|arg| arg.strip_prefix("-sides="))
                .ok_or_else(|| DriverError::MissingValue {
                    option: "-sides=".to_owned(),
                })?
                .split(',')
                .map(str::to_owned)
                .collect();
            let (inputs, output) = many_operands(rest, |arg| arg.starts_with("-sides="))?;
            let text = execute::merge_preprocessed(&sides, &inputs)?;
            write_text(&output, &text, stdout)
        }
        // `-cc1selectside -side=<entry ID> [-whole] -o <output> <-E output>`
        "-cc1selectside" => {
            let side = rest
                .iter()
                .find_map(|arg| arg.strip_prefix("-side="))
                .ok_or_else(|| DriverError::MissingValue {
                    option: "-side=".to_owned(),
                })?;
            let whole = rest.iter().any(|arg| arg == "-whole");
            let (input, output) =
                operands(rest, |arg| arg.starts_with("-side=") || arg == "-whole")?;
            execute::select_side(&input, side, whole, &output)
        }
        "-cc1hipify" => {
            let (search, rest) = crate::search::SearchPath::from_args(rest);
            let (input, output) = operands(&rest, |_| false)?;
            crate::overlay::translate_program(&input, &output, &search, stderr)
        }
        other => Err(DriverError::UnknownArgument {
            arg: other.to_owned(),
        }),
    }
}

/// Writes `text` to `output`, or to `stdout` when it is `-`.
fn write_text(output: &Path, text: &str, stdout: &mut Vec<u8>) -> Result<(), DriverError> {
    if output == Path::new("-") {
        stdout.extend(text.as_bytes());
        return Ok(());
    }
    std::fs::write(output, text).map_err(|err| DriverError::Io {
        message: format!("writing `{}`: {err}", output.display()),
    })
}

fn bad(arg: &str) -> DriverError {
    DriverError::UnknownArgument {
        arg: arg.to_owned(),
    }
}

/// `-o <output> <input>...`, skipping the options `is_option` accepts.
fn many_operands(
    args: &[String],
    is_option: impl Fn(&str) -> bool,
) -> Result<(Vec<PathBuf>, PathBuf), DriverError> {
    let mut output = None;
    let mut inputs = Vec::new();
    let mut index = 0;
    while index < args.len() {
        let arg = &args[index];
        if arg == "-o" {
            output = args.get(index + 1).map(PathBuf::from);
            index += 2;
            continue;
        }
        if !is_option(arg) {
            if arg.starts_with('-') {
                return Err(bad(arg));
            }
            inputs.push(PathBuf::from(arg));
        }
        index += 1;
    }
    match output {
        Some(output) if !inputs.is_empty() => Ok((inputs, output)),
        _ => Err(DriverError::MissingValue {
            option: "-o".to_owned(),
        }),
    }
}

/// `-o <output> <input>`, skipping the options `is_option` accepts.
fn operands(
    args: &[String],
    is_option: impl Fn(&str) -> bool,
) -> Result<(PathBuf, PathBuf), DriverError> {
    let mut output = None;
    let mut input = None;
    let mut index = 0;
    while index < args.len() {
        let arg = &args[index];
        if arg == "-o" {
            output = args.get(index + 1).map(PathBuf::from);
            index += 2;
            continue;
        }
        if !is_option(arg) {
            if input.is_some() || arg.starts_with('-') {
                return Err(bad(arg));
            }
            input = Some(PathBuf::from(arg));
        }
        index += 1;
    }
    match (input, output) {
        (Some(input), Some(output)) => Ok((input, output)),
        _ => Err(DriverError::MissingValue {
            option: "-o".to_owned(),
        }),
    }
}

/// Parses what `bind` writes for a codegen job.
pub(crate) fn parse_codegen(
    args: &[String],
) -> Result<(CodegenJob, Vec<PathBuf>, PathBuf), DriverError> {
    let mut cpu = None;
    let mut features = String::new();
    let mut opt_level = OptLevel::O3;
    let mut emit = Emit::Object;
    let (mut link_devicelibs, mut fast_math, mut flush_denormals) = (false, false, false);
    let mut sanitize_address = false;
    let mut rdc_link = false;
    let mut f32_division = F32Division::Ieee;
    let mut prec_sqrt = true;
    let mut llvm_options = Vec::new();
    for arg in args {
        if let Some(value) = arg.strip_prefix("--llvm-option=") {
            llvm_options.push(value.to_owned());
        } else if let Some(value) = arg.strip_prefix("--cpu=") {
            cpu = Some(value.to_owned());
        } else if let Some(value) = arg.strip_prefix("--features=") {
            features = value.to_owned();
        } else if let Some(value) = arg.strip_prefix("--emit=") {
            // `llvm` and `bc`: the optimised module as the backend would get it (for a CPU
            // image, before its `x86-64-v3` copy is made), to read what codegen made of a
            // kernel.
            emit = Emit::from_flag(value).ok_or_else(|| bad(arg))?;
        } else if let Some(level) = arg.strip_prefix("-O") {
            opt_level = match level {
                "0" => OptLevel::O0,
                "1" => OptLevel::O1,
                "2" => OptLevel::O2,
                "s" => OptLevel::Os,
                "z" => OptLevel::Oz,
                _ => OptLevel::O3,
            };
        } else {
            match arg.as_str() {
                "--link-devicelibs" => link_devicelibs = true,
                "--fast-math" => fast_math = true,
                "--flush-denormals" => flush_denormals = true,
                "--f32-div=full" => f32_division = F32Division::Full,
                "--f32-div=approx" => f32_division = F32Division::Approx,
                "--approx-sqrt" => prec_sqrt = false,
                "--sanitize-address" => sanitize_address = true,
                "--rdc-link" => rdc_link = true,
                _ => {}
            }
        }
    }
    let cpu = cpu.ok_or_else(|| DriverError::MissingValue {
        option: "--cpu=".to_owned(),
    })?;
    // `+xnack,-sramecc` back to the target-ID form `gfx90a:sramecc-:xnack+`.
    let mut target_id = cpu.clone();
    for feature in features.split(',').filter(|feature| !feature.is_empty()) {
        let (sign, name) = feature.split_at(1);
        target_id.push_str(&format!(":{name}{sign}"));
    }
    let arch = OffloadArch::parse(&target_id).map_err(|reason| DriverError::BadOffloadArch {
        arch: target_id,
        reason,
    })?;
    let is_option = |arg: &str| arg.starts_with("--") || arg.starts_with("-O");
    let (inputs, output) = many_operands(args, is_option)?;
    Ok((
        CodegenJob {
            rdc_link,
            arch,
            opt_level,
            emit,
            link_devicelibs,
            fast_math,
            flush_denormals,
            f32_division,
            prec_sqrt,
            sanitize_address,
            llvm_options,
        },
        inputs,
        output,
    ))
}

/// Parses what `bind` writes for a bundle job.
pub(crate) fn parse_bundle(
    args: &[String],
) -> Result<(Vec<BundleEntry>, Option<i32>, PathBuf), DriverError> {
    let mut targets: Vec<String> = Vec::new();
    let mut inputs: Vec<String> = Vec::new();
    let mut output = None;
    let mut compress = false;
    let mut level = 3;
    for arg in args {
        if let Some(value) = arg.strip_prefix("-targets=") {
            targets = value.split(',').map(str::to_owned).collect();
        } else if let Some(value) = arg.strip_prefix("-input=") {
            inputs = value.split(',').map(str::to_owned).collect();
        } else if let Some(value) = arg.strip_prefix("-output=") {
            output = Some(PathBuf::from(value));
        } else if arg == "-compress" {
            compress = true;
        } else if let Some(value) = arg.strip_prefix("-compression-level=") {
            level = value.parse().map_err(|_| bad(arg))?;
        } else if !matches!(arg.as_str(), "-type=o" | "-bundle-align=4096") {
            return Err(bad(arg));
        }
    }
    let mut entries = Vec::new();
    // The first target is the host placeholder, whose input is /dev/null.
    for (target, input) in targets.iter().zip(&inputs).skip(1) {
        let arch = bundler::EntryId::parse(target)
            .and_then(|id| id.offload_arch())
            .map_err(|err| DriverError::Bundle {
                message: err.to_string(),
            })?;
        let arch = OffloadArch::parse(&arch.to_string()).map_err(|reason| {
            DriverError::BadOffloadArch {
                arch: target.clone(),
                reason,
            }
        })?;
        // `hip-` beside `hipv4-` for an NVIDIA target: the cubin ptxas made (bind::BundleEntry).
        let cubin = target.starts_with("hip-") && matches!(arch, OffloadArch::Nvptx { .. });
        entries.push(BundleEntry {
            arch,
            path: PathBuf::from(input),
            cubin,
        });
    }
    let output = output.ok_or_else(|| DriverError::MissingValue {
        option: "-output=".to_owned(),
    })?;
    Ok((entries, compress.then_some(level), output))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|arg| (*arg).to_owned()).collect()
    }

    #[test]
    fn codegen_arguments_round_trip() {
        let args = strings(&[
            "--target=amdgcn-amd-amdhsa",
            "--cpu=gfx90a",
            "--features=-sramecc,+xnack",
            "-O2",
            "--emit=obj",
            "--link-devicelibs",
            "--fast-math",
            "-o",
            "out.o",
            "in.bc",
        ]);
        let (job, input, output) = parse_codegen(&args).unwrap_or_else(|err| panic!("{err}"));
        assert_eq!(job.arch.to_string(), "gfx90a:sramecc-:xnack+");
        assert_eq!(
            (
                job.opt_level,
                job.emit,
                job.link_devicelibs,
                job.fast_math,
                job.flush_denormals
            ),
            (OptLevel::O2, Emit::Object, true, true, false)
        );
        assert_eq!(
            (input, output),
            (vec![PathBuf::from("in.bc")], PathBuf::from("out.o"))
        );
        let args = strings(&[
            "--target=nvptx64-nvidia-cuda",
            "--cpu=sm_90a",
            "--ptx-isa=80",
            "-O3",
            "--emit=asm",
            "--flush-denormals",
            "--f32-div=full",
            "--approx-sqrt",
            "-o",
            "-",
            "x.bc",
        ]);
        let (job, _, output) = parse_codegen(&args).unwrap_or_else(|err| panic!("{err}"));
        assert_eq!(
            (job.arch.to_string(), job.emit, output),
            ("sm_90a".to_owned(), Emit::Assembly, PathBuf::from("-"))
        );
        assert_eq!(
            (job.flush_denormals, job.f32_division, job.prec_sqrt),
            (true, F32Division::Full, false)
        );
        let args = strings(&[
            "--target=x86_64-unknown-linux-gnu",
            "--cpu=host",
            "-O2",
            "--emit=obj",
            "--sanitize-address",
            "-o",
            "x.o",
            "x.bc",
        ]);
        let (job, _, _) = parse_codegen(&args).unwrap_or_else(|err| panic!("{err}"));
        assert_eq!(
            (job.arch.to_string(), job.sanitize_address),
            ("host".to_owned(), true)
        );
    }

    #[test]
    fn bundle_arguments_round_trip() {
        let args = strings(&[
            "-type=o", "-bundle-align=4096",
            "-targets=host-x86_64-unknown-linux-gnu,hipv4-amdgcn-amd-amdhsa--gfx942,hipv4-nvptx64-nvidia-cuda-unknown-sm_90",
            "-input=/dev/null,a.out,b.s", "-output=x.hipfb", "-compress", "-compression-level=5",
        ]);
        let (entries, compress, output) = parse_bundle(&args).unwrap_or_else(|err| panic!("{err}"));
        let names: Vec<String> = entries
            .iter()
            .map(|entry| format!("{}={}", entry.arch, entry.path.display()))
            .collect();
        assert_eq!(names, ["gfx942=a.out", "sm_90=b.s"]);
        assert_eq!((compress, output), (Some(5), PathBuf::from("x.hipfb")));
    }
}
