//! The `oxhip` binary: hands argv and the real environment to [`driver::run`].
//! Everything else lives in the library so that tests can run it in-process.

use std::ffi::OsString;
use std::io::Write as _;
use std::process::ExitCode;

fn main() -> ExitCode {
    codegen_fatal_handler();
    let argv: Vec<OsString> = std::env::args_os().skip(1).collect();
    let exe = std::env::current_exe().unwrap_or_else(|_| std::path::PathBuf::from("oxhip"));
    let var = |name: &str| std::env::var_os(name);
    let program_name = std::env::args_os()
        .next()
        .and_then(|it| {
            std::path::Path::new(&it)
                .file_name()
                .map(|name| name.to_string_lossy().into_owned())
        })
        .unwrap_or_else(|| "oxhip".to_owned());
    let system = driver::System {
        var: &var,
        exe,
        detect_gpus: &driver::execute::detect_gpus,
        program_name,
    };
    let mut stdout = std::io::stdout().lock();
    // Not locked for the whole run, as stdout is: the jobs run on threads of their own, and
    // a line a job thread wrote to stderr (a debugging `eprintln!`, a library's warning)
    // would wait for ever on a lock this thread holds while it joins them.
    let mut stderr = std::io::stderr();
    let mut printer = driver::Printer {
        stdout: &mut stdout,
        stderr: &mut stderr,
    };
    // A panic is our bug: say so and exit 101 (STYLE.md §3).
    let status = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| driver::run(&argv, &system, &mut printer)))
        .unwrap_or_else(|_| {
            let _ = writeln!(std::io::stderr(), "error: internal error in oxhip\n  = note: this is a bug; please report it with the command line");
            101
        });
    ExitCode::from(u8::try_from(status).unwrap_or(1))
}

/// LLVM fatal errors become an `error:` line and exit 1 instead of an abort.
fn codegen_fatal_handler() {
    driver::install_fatal_error_handler();
}
