//! Runs [`codegen::compile`] on bitcode files, for manual pipelines and debugging:
//! `cargo run -p codegen --example compile -- host O3 obj|ll in.bc... -o out`.
//! Targets: `host`, `gfx942` (or another gfx processor), `sm_90`.

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(target), Some(level), Some(emit)) = (args.first(), args.get(1), args.get(2)) else {
        return usage();
    };
    let Some(output_at) = args.iter().position(|arg| arg == "-o") else {
        return usage();
    };
    let Some(output) = args.get(output_at + 1) else {
        return usage();
    };
    let target = if target == "host" {
        codegen::Target::Host {
            triple: "x86_64-unknown-linux-gnu".to_owned(),
        }
    } else if let Some(sm) = target.strip_prefix("sm_") {
        codegen::Target::Nvptx {
            sm: sm.parse().unwrap_or(90),
            arch_specific: false,
            ptx_isa: 78,
        }
    } else {
        codegen::Target::Amdgcn {
            cpu: target.clone(),
            features: String::new(),
        }
    };
    let opt_level = match level.as_str() {
        "O0" => codegen::OptLevel::O0,
        "O1" => codegen::OptLevel::O1,
        "O2" => codegen::OptLevel::O2,
        _ => codegen::OptLevel::O3,
    };
    let emit = match emit.as_str() {
        "ll" => codegen::Emit::LlvmIr,
        "s" => codegen::Emit::Assembly,
        "bc" => codegen::Emit::Bitcode,
        _ => codegen::Emit::Object,
    };
    let inputs: Vec<Vec<u8>> = match args[3..output_at].iter().map(std::fs::read).collect() {
        Ok(inputs) => inputs,
        Err(error) => return fail(&error),
    };
    let inputs: Vec<&[u8]> = inputs.iter().map(Vec::as_slice).collect();
    let options = codegen::Options {
        target,
        opt_level,
        emit,
        link_devicelibs: true,
        fast_math: false,
        flush_denormals: false,
        f32_division: codegen::F32Division::Ieee,
        prec_sqrt: true,
        sanitize_address: false,
    };
    match codegen::compile(&inputs, &options) {
        Ok(bytes) => match std::fs::write(output, bytes) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => fail(&error),
        },
        Err(error) => fail(&error),
    }
}

#[expect(
    clippy::print_stderr,
    reason = "a command-line example reports to stderr"
)]
fn fail(error: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("error: {error}");
    ExitCode::FAILURE
}

#[expect(
    clippy::print_stderr,
    reason = "a command-line example reports to stderr"
)]
fn usage() -> ExitCode {
    eprintln!("usage: compile <host|gfxNNN|sm_NN> <O0..O3> <obj|ll|s|bc> <in.bc>... -o <out>");
    ExitCode::from(2)
}
