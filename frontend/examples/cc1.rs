//! Prints the clang command `frontend` builds, one shell word per argument, for trying
//! the pipeline by hand: `cargo run -p frontend --example cc1 -- <target> <input> <output> [bundle]`
//! where `<target>` is `gfx942`, `gfx90a:xnack+`, `sm_90`, `sm_90a` or `host-amdgcn`/`host-nvptx`.
//! Not part of the library; the driver builds the real jobs.

use std::path::PathBuf;
use std::process::ExitCode;

use frontend::{cc1_args, find_clang, CompileOptions, DeviceTarget, Lang, OptLevel, Output, Side};

#[expect(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a command-line example"
)]
fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [target, input, output, rest @ ..] = args.as_slice() else {
        eprintln!("usage: cc1 <gfx942|gfx90a:xnack+|sm_90|host-amdgcn|host-nvptx> <input> <output> [bundle]");
        return ExitCode::FAILURE;
    };
    let clang = match find_clang(&|name| std::env::var_os(name)) {
        Ok(clang) => clang,
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::FAILURE;
        }
    };
    let cuid = "oxhipmanual".to_owned();
    let (side, output_kind) = if let Some(aux) = target.strip_prefix("host-") {
        let aux_triple = if aux == "nvptx" {
            "nvptx64-nvidia-cuda"
        } else {
            "amdgcn-amd-amdhsa"
        };
        let side = Side::Host {
            aux_triple: aux_triple.to_owned(),
            gpubinary: rest.first().map(PathBuf::from),
            cuid,
        };
        (side, Output::Object)
    } else if let Some(sm) = target.strip_prefix("sm_") {
        let arch_specific = sm.ends_with('a');
        let sm = sm.trim_end_matches('a').parse().unwrap_or(90);
        (
            Side::Device {
                target: DeviceTarget::Nvptx { sm, arch_specific },
                cuid,
            },
            Output::Bitcode,
        )
    } else {
        let mut parts = target.split(':');
        let cpu = parts.next().unwrap_or_default().to_owned();
        let features = parts
            .filter_map(|feature| {
                let (name, sign) = feature.split_at(feature.len().checked_sub(1)?);
                Some((name.to_owned(), sign == "+"))
            })
            .collect();
        (
            Side::Device {
                target: DeviceTarget::Amdgcn { cpu, features },
                cuid,
            },
            Output::Bitcode,
        )
    };
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let options = CompileOptions {
        lang: Lang::Hip,
        side,
        output: output_kind,
        opt_level: OptLevel::O2,
        debug: false,
        debug_line_tables_only: false,
        dwarf_version: None,
        pic: false,
        std: None,
        preprocessor: Vec::new(),
        warnings: Vec::new(),
        dependencies: None,
        hip_include_dir: std::fs::canonicalize(repo.join("runtime/include"))
            .unwrap_or(repo.join("runtime/include")),
        runtime_header: true,
        preprocessed: false,
        main_file_name: None,
        extra_cc1: Vec::new(),
    };
    let line = cc1_args(&clang, &options, input.as_ref(), output.as_ref());
    let words: Vec<String> = std::iter::once(clang.path.into_os_string())
        .chain(line)
        .map(|word| format!("'{}'", word.to_string_lossy().replace('\'', "'\\''")))
        .collect();
    println!("{}", words.join(" "));
    ExitCode::SUCCESS
}
