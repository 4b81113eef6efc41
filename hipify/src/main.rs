//! `oxhipify`: the command-line front of the `hipify` library. Reads files or walks trees,
//! translates in parallel, writes results (stdout, `-o`, `--o-dir`, or in place with atomic
//! renames and `.prehip` backups), and prints findings and statistics to stderr. stdout
//! carries only artifacts: translated text or the `--json` report.

use std::collections::BTreeSet;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context as _};
use clap::{CommandFactory as _, Parser};
use diagnostics::SourceMap;
use hipify::{LaunchSyntax, Options, Stats};
use rayon::prelude::*;
use serde::Serialize;

/// Translate CUDA sources to HIP.
#[derive(Parser, Debug)]
#[command(name = "oxhipify", disable_version_flag = true)]
struct Cli {
    /// CUDA source files or directories.
    inputs: Vec<PathBuf>,
    /// Output file (one input only); `-` for stdout.
    #[arg(short = 'o')]
    output: Option<PathBuf>,
    /// Output directory; directory inputs keep their layout under it.
    #[arg(long = "o-dir")]
    output_dir: Option<PathBuf>,
    /// Rewrite inputs in place (atomically), keeping `<file>.prehip` backups.
    #[arg(long)]
    inplace: bool,
    /// With `--inplace`: no `.prehip` backups.
    #[arg(long = "no-backup")]
    no_backup: bool,
    /// Translate, report, but write nothing.
    #[arg(long = "no-output")]
    no_output: bool,
    /// Print statistics to stderr.
    #[arg(long = "print-stats")]
    print_stats: bool,
    /// Print statistics as CSV (to `--o-stats` if given, else stderr).
    #[arg(long = "print-stats-csv")]
    print_stats_csv: bool,
    /// File to write CSV statistics to.
    #[arg(long = "o-stats")]
    output_stats: Option<PathBuf>,
    /// Report only: `--no-output --print-stats`.
    #[arg(long)]
    examine: bool,
    /// Do not print findings.
    #[arg(long = "quiet-warnings")]
    quiet_warnings: bool,
    /// Silence findings with this code (repeatable), e.g. `--no-warn deprecated-api`.
    #[arg(long = "no-warn", value_name = "CODE")]
    no_warn: Vec<String>,
    /// Use rocBLAS/rocRAND/rocFFT/rocSPARSE/rocSOLVER instead of hip* libraries.
    #[arg(long)]
    roc: bool,
    /// Use MIOpen instead of hipDNN for cuDNN.
    #[arg(long)]
    miopen: bool,
    /// Translate to HIP APIs that are still experimental.
    #[arg(long)]
    experimental: bool,
    /// Rewrite `<<<…>>>` launches to `hipLaunchKernelGGL`.
    #[arg(long = "hip-kernel-execution-syntax")]
    hip_kernel_execution_syntax: bool,
    /// Keep `<<<…>>>` launches (the default).
    #[arg(long = "cuda-kernel-execution-syntax")]
    cuda_kernel_execution_syntax: bool,
    /// With `--roc`: keep `hipDataType` for CUDA library data types.
    #[arg(long = "use-hip-data-types")]
    use_hip_data_types: bool,
    /// Directory names to skip in directory mode (comma-separated or repeated).
    #[arg(long = "exclude-dirs", value_delimiter = ',')]
    exclude_dirs: Vec<String>,
    /// File names to skip in directory mode (comma-separated or repeated).
    #[arg(long = "exclude-files", value_delimiter = ',')]
    exclude_files: Vec<String>,
    /// Identifiers to leave unchanged (comma-separated or repeated).
    #[arg(long, value_delimiter = ',')]
    whitelist: Vec<String>,
    /// Print a JSON report to stdout.
    #[arg(long)]
    json: bool,
    /// Do not insert `#include <hip/hip_runtime.h>`.
    #[arg(long = "no-runtime-include")]
    no_runtime_include: bool,
    /// Leave CUDA names in string literals unchanged (hipify-clang renames them).
    #[arg(long = "no-string-literals")]
    no_string_literals: bool,
    /// Keep `h.x` of a `half2` as written (hipify-clang's option of that name).
    #[arg(long = "no-undocumented-features")]
    no_undocumented_features: bool,
    /// Do not report the `half2-member` rewrites (hipify-clang's option of that name).
    #[arg(long = "no-warnings-on-undocumented-features")]
    no_warnings_on_undocumented_features: bool,
    /// Leave code in constant-false `#if` blocks untouched (hipify-clang's option).
    #[arg(
        long = "skip-excluded-preprocessor-conditional-blocks",
        alias = "default-preprocessor"
    )]
    skip_excluded_preprocessor_conditional_blocks: bool,
    /// Translate as much as possible: undoes `--skip-excluded-preprocessor-conditional-blocks`
    /// (hipify-clang's option; oxhipify translates every branch by default).
    #[arg(long)]
    amap: bool,
    /// Accepted for hipify-clang's command lines and ignored: oxhipify needs no CUDA
    /// installation, clang resource directory or temporary files.
    #[arg(long = "cuda-path", value_name = "DIR", hide = true)]
    cuda_path: Option<String>,
    #[arg(long = "cuda-gpu-arch", value_name = "ARCH", hide = true)]
    cuda_gpu_arch: Vec<String>,
    #[arg(long = "clang-resource-directory", value_name = "DIR", hide = true)]
    clang_resource_directory: Option<String>,
    #[arg(long = "temp-dir", value_name = "DIR", hide = true)]
    temp_dir: Option<String>,
    #[arg(long = "save-temps", hide = true)]
    save_temps: bool,
    /// Define a macro for `--skip-excluded-preprocessor-conditional-blocks` (`NAME` or
    /// `NAME=VALUE`; `-D` after `--` counts too).
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    defines: Vec<String>,
    /// An include directory (accepted for hipify-clang's command lines; headers are not read).
    #[arg(short = 'I', value_name = "DIR", hide = true)]
    include_dirs: Vec<String>,
    /// A compilation database's folder, and clang arguments (hipify-clang's tooling options).
    #[arg(short = 'p', value_name = "DIR", hide = true)]
    build_path: Option<String>,
    #[arg(
        long = "extra-arg",
        value_name = "ARG",
        hide = true,
        allow_hyphen_values = true
    )]
    extra_arg: Vec<String>,
    #[arg(
        long = "extra-arg-before",
        value_name = "ARG",
        hide = true,
        allow_hyphen_values = true
    )]
    extra_arg_before: Vec<String>,
    /// Run under the name `hipify-clang` (an installed link): with no `-o`, `--o-dir` or
    /// `--inplace`, each input's translation goes to `<input>.hip` beside it, as hipify-clang
    /// writes it, instead of to stdout (hipify-perl's and oxhipify's default).
    #[arg(skip)]
    as_hipify_clang: bool,
    /// Worker threads (default: all cores).
    #[arg(short = 'j', long)]
    jobs: Option<usize>,
    /// Print the version.
    #[arg(long)]
    version: bool,
    /// Print the CUDA and HIP versions the translation tables cover.
    #[arg(long)]
    versions: bool,
    /// Write the API correspondence tables as Markdown (to `--o-dir`, else the current
    /// directory), one document per API.
    #[arg(long)]
    md: bool,
    /// Write the API correspondence tables as CSV (see `--md`).
    #[arg(long)]
    csv: bool,
    /// With `--md`/`--csv`: `full` (default), `strict` or `compact`.
    #[arg(long = "doc-format", value_name = "FORMAT")]
    doc_format: Option<String>,
    /// With `--md`/`--csv`: ROC/MIOpen names `skip` (default), `separate` or `joint`.
    #[arg(long = "doc-roc", value_name = "MODE")]
    doc_roc: Option<String>,
    /// hipify-clang's generators of hipify-perl and hipify-python: not provided.
    #[arg(long, hide = true)]
    perl: bool,
    #[arg(long, hide = true)]
    python: bool,
    #[arg(long = "o-hipify-perl-dir", value_name = "DIR", hide = true)]
    output_perl_dir: Option<PathBuf>,
    #[arg(long = "o-python-map-dir", value_name = "DIR", hide = true)]
    output_python_dir: Option<PathBuf>,
    /// Say what is translated to what, and with which options, on stderr.
    #[arg(short = 'v')]
    verbose: bool,
}

/// `--md`/`--csv`: the correspondence tables, one document per API, in `--o-dir` or the
/// current directory (each written atomically).
fn write_docs(cli: &Cli) -> anyhow::Result<ExitCode> {
    use hipify::docs::{documents, DocFormat, DocKind, DocRoc};
    let format = match cli.doc_format.as_deref().unwrap_or("full") {
        "full" => DocFormat::Full,
        "strict" => DocFormat::Strict,
        "compact" => DocFormat::Compact,
        other => bail!("unsupported documentation format `{other}`; supported formats: `full`, `strict`, `compact`"),
    };
    let roc = match cli.doc_roc.as_deref().unwrap_or("skip") {
        "skip" => DocRoc::Skip,
        "separate" => DocRoc::Separate,
        "joint" => DocRoc::Joint,
        other => bail!("unsupported `--doc-roc` value `{other}`; supported values: `skip`, `separate`, `joint`"),
    };
    if !cli.inputs.is_empty() {
        bail!("`--md` and `--csv` write documentation and take no input files");
    }
    let dir = cli.output_dir.clone().unwrap_or_else(|| PathBuf::from("."));
    std::fs::create_dir_all(&dir).with_context(|| format!("creating `{}`", dir.display()))?;
    let mut kinds = Vec::new();
    if cli.md {
        kinds.push(DocKind::Markdown);
    }
    if cli.csv {
        kinds.push(DocKind::Csv);
    }
    let mut written = 0;
    for kind in kinds {
        for document in documents(kind, format, roc) {
            let path = dir.join(&document.file_name);
            let temporary = dir.join(format!(".{}.oxhipify-tmp", document.file_name));
            std::fs::write(&temporary, &document.text)
                .with_context(|| format!("writing `{}`", temporary.display()))?;
            std::fs::rename(&temporary, &path)
                .with_context(|| format!("writing `{}`", path.display()))?;
            written += 1;
            if cli.verbose {
                let _ = writeln!(std::io::stderr(), "oxhipify: wrote `{}`", path.display());
            }
        }
    }
    let _ = writeln!(
        std::io::stderr(),
        "oxhipify: {written} documents written to `{}`",
        dir.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// The newest CUDA and HIP versions named in the tables (`12.6`, `6.3.0`).
fn table_versions() -> (String, String) {
    fn newest<'a>(versions: impl Iterator<Item = &'a str>) -> String {
        versions
            .filter(|it| !it.is_empty())
            .max_by_key(|it| {
                it.split('.')
                    .map(|part| part.parse::<u32>().unwrap_or(0))
                    .collect::<Vec<_>>()
            })
            .unwrap_or("?")
            .to_owned()
    }
    let entries = hipify::entries();
    let cuda = newest(
        entries
            .iter()
            .flat_map(|it| [it.cuda_added, it.cuda_deprecated, it.cuda_removed]),
    );
    let hip = newest(
        entries
            .iter()
            .flat_map(|it| [it.hip_added, it.hip_deprecated, it.hip_removed]),
    );
    (cuda, hip)
}

/// Extensions translated in directory mode.
const SOURCE_EXTENSIONS: &[&str] = &[
    "cu", "cuh", "h", "hh", "hpp", "hxx", "c", "cc", "cpp", "cxx", "inl", "inc",
];

/// Rewrites hipify-perl/hipify-clang single-dash long options (`-inplace`, `-o-dir=x`)
/// into clap's double-dash form. `-o` and `-j` stay short.
fn normalize_args(args: Vec<String>) -> Vec<String> {
    let command = Cli::command();
    let long_names: BTreeSet<String> = command
        .get_arguments()
        .filter_map(|it| it.get_long().map(str::to_owned))
        .collect();
    let mut after_separator = false;
    args.into_iter()
        .enumerate()
        .map(|(position, arg)| {
            if position == 0
                || after_separator
                || arg.starts_with("--")
                || !arg.starts_with('-')
                || arg.len() < 3
            {
                after_separator |= arg == "--";
                return arg;
            }
            let name = arg[1..].split('=').next().unwrap_or_default();
            if long_names.contains(name) {
                format!("-{arg}")
            } else {
                arg
            }
        })
        .collect()
}

#[derive(Serialize)]
struct JsonFinding {
    code: &'static str,
    severity: &'static str,
    message: String,
    line: usize,
    column: usize,
}

#[derive(Serialize)]
struct FileReport {
    input: PathBuf,
    output: Option<PathBuf>,
    changed: bool,
    skipped: Option<String>,
    findings: Vec<JsonFinding>,
    stats: Stats,
    #[serde(skip)]
    rendered: String,
    #[serde(skip)]
    stdout_text: Option<Vec<u8>>,
}

#[derive(Serialize)]
struct Report {
    files: Vec<FileReport>,
    total: Stats,
    seconds: f64,
}

/// One unit of work: an input file and where its output goes.
struct Job {
    input: PathBuf,
    display: String,
    output: Output,
}

enum Output {
    Stdout,
    File(PathBuf),
    InPlace,
    Nowhere,
}

fn main() -> ExitCode {
    // As in hipify-clang, what follows `--` is the compiler's command line (`-x cuda`,
    // `-I…`, `-D…`); a translation without a compiler uses only its `-D`s.
    let mut args: Vec<String> = std::env::args().collect();
    let compiler_args = match args.iter().position(|it| it == "--") {
        Some(separator) => args.split_off(separator),
        None => Vec::new(),
    };
    let mut args = normalize_args(args);
    // The compiler's `-D`s define macros for `--skip-excluded-preprocessor-conditional-blocks`.
    let mut compiler_args = compiler_args.into_iter().skip(1);
    while let Some(arg) = compiler_args.next() {
        if arg == "-D" {
            if let Some(define) = compiler_args.next() {
                args.push(format!("-D{define}"));
            }
        } else if let Some(define) = arg.strip_prefix("-D") {
            args.push(format!("-D{define}"));
        }
    }
    let as_hipify_clang = args
        .first()
        .and_then(|it| Path::new(it).file_name())
        .is_some_and(|name| name == "hipify-clang");
    let cli = match Cli::try_parse_from(args) {
        Ok(mut cli) => {
            cli.as_hipify_clang = as_hipify_clang;
            cli
        }
        Err(error) => {
            let _ = error.print();
            return if error.use_stderr() {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match run(&cli) {
        Ok(code) => code,
        Err(error) => {
            let _ = writeln!(std::io::stderr(), "oxhipify: error: {error:#}");
            ExitCode::from(1)
        }
    }
}

fn run(cli: &Cli) -> anyhow::Result<ExitCode> {
    if cli.version {
        let mut stdout = std::io::stdout();
        let _ = writeln!(
            stdout,
            "oxhipify {} (HIP 6.3 tables, {} CUDA names)",
            env!("CARGO_PKG_VERSION"),
            hipify::entries().len()
        );
        return Ok(ExitCode::SUCCESS);
    }
    if cli.versions {
        let mut stdout = std::io::stdout();
        let (cuda, hip) = table_versions();
        let _ = writeln!(
            stdout,
            "oxhipify {}: CUDA names up to CUDA {cuda} (runtime, driver, cuBLAS, cuRAND, cuFFT, cuSPARSE, cuSOLVER, cuDNN, CUB, NVRTC), HIP names up to HIP {hip}; no CUDA installation is used",
            env!("CARGO_PKG_VERSION")
        );
        return Ok(ExitCode::SUCCESS);
    }
    if cli.perl || cli.python || cli.output_perl_dir.is_some() || cli.output_python_dir.is_some() {
        bail!("oxhipify does not generate hipify-perl or hipify-python scripts: it replaces them (`oxhipify FILE` translates as hipify-perl does, with hipify-clang's rules)");
    }
    if cli.md || cli.csv {
        return write_docs(cli);
    }
    if cli.doc_format.is_some() || cli.doc_roc.is_some() {
        bail!("`--doc-format` and `--doc-roc` need `--md` or `--csv`");
    }
    if cli.inputs.is_empty() {
        bail!("no input files");
    }
    if cli.hip_kernel_execution_syntax && cli.cuda_kernel_execution_syntax {
        bail!("`--hip-kernel-execution-syntax` and `--cuda-kernel-execution-syntax` exclude each other");
    }
    if let Some(jobs) = cli.jobs {
        // Fails only if the pool is already built, which cannot happen this early.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs.max(1))
            .build_global();
    }
    let options = Options {
        roc: cli.roc,
        miopen: cli.miopen,
        experimental: cli.experimental,
        use_hip_data_types: cli.use_hip_data_types,
        launch_syntax: if cli.hip_kernel_execution_syntax {
            LaunchSyntax::HipLaunchKernelGgl
        } else {
            LaunchSyntax::Chevrons
        },
        add_runtime_include: !cli.no_runtime_include,
        // Set per file, from its extension.
        cuda_source: false,
        string_literals: !cli.no_string_literals,
        half2_members: !cli.no_undocumented_features,
        caffe2: true,
        skip_excluded_blocks: cli.skip_excluded_preprocessor_conditional_blocks && !cli.amap,
        defines: cli.defines.clone(),
        whitelist: cli.whitelist.iter().cloned().collect(),
        file: diagnostics::FileId::SINGLE,
    };
    let jobs = plan_jobs(cli)?;
    if cli.verbose {
        let mut stderr = std::io::stderr().lock();
        let _ = writeln!(
            stderr,
            "oxhipify: {} file(s); to {}, launches as {}, experimental APIs {}, runtime include {}, excluded #if blocks {}",
            jobs.len(),
            match (options.roc, options.miopen) {
                (false, false) => "HIP",
                (true, false) => "ROC (MIOpen for cuDNN)",
                (false, true) => "MIOpen and ROC",
                (true, true) => "ROC and MIOpen",
            },
            match options.launch_syntax {
                LaunchSyntax::HipLaunchKernelGgl => "hipLaunchKernelGGL",
                LaunchSyntax::Chevrons => "<<<>>>",
            },
            if options.experimental { "translated" } else { "kept" },
            if options.add_runtime_include { "added" } else { "not added" },
            if options.skip_excluded_blocks { "kept" } else { "translated" },
        );
        for job in &jobs {
            let target = match &job.output {
                Output::Stdout => "stdout".to_owned(),
                Output::File(path) => format!("`{}`", path.display()),
                Output::InPlace => "in place".to_owned(),
                Output::Nowhere => "nowhere (no output)".to_owned(),
            };
            let _ = writeln!(stderr, "oxhipify: `{}` -> {target}", job.input.display());
        }
    }
    let started = Instant::now();
    let progress = if jobs.len() > 1 && !cli.json {
        indicatif::ProgressBar::new(jobs.len() as u64)
    } else {
        indicatif::ProgressBar::hidden()
    };
    progress.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} files {elapsed}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let results: Vec<anyhow::Result<FileReport>> = jobs
        .par_iter()
        .map(|job| {
            let res = process(job, &options, cli);
            progress.inc(1);
            res
        })
        .collect();
    progress.finish_and_clear();
    let mut reports = Vec::new();
    let mut failed = false;
    let mut stderr = std::io::stderr().lock();
    for res in results {
        match res {
            Ok(report) => reports.push(report),
            Err(error) => {
                failed = true;
                let _ = writeln!(stderr, "oxhipify: error: {error:#}");
            }
        }
    }
    let mut total = Stats::default();
    for report in &reports {
        total.merge(&report.stats);
        if let Some(reason) = &report.skipped {
            let _ = writeln!(
                stderr,
                "warning[skipped-file]: `{}` skipped: {reason}",
                report.input.display()
            );
        }
        if !cli.quiet_warnings && !cli.json {
            let _ = stderr.write_all(report.rendered.as_bytes());
        }
    }
    let mut stdout = std::io::stdout().lock();
    for report in &reports {
        if let Some(text) = &report.stdout_text {
            if stdout.write_all(text).is_err() {
                // A closed pipe is not an error.
                return Ok(ExitCode::SUCCESS);
            }
        }
    }
    if cli.print_stats || cli.examine {
        for report in reports.iter().filter(|it| it.skipped.is_none()) {
            let _ = stderr.write_all(
                hipify::render_stats(&report.input.display().to_string(), &report.stats).as_bytes(),
            );
        }
        if reports.len() > 1 {
            let _ = stderr.write_all(hipify::render_stats("GLOBAL", &total).as_bytes());
        }
    }
    if cli.print_stats_csv || cli.output_stats.is_some() {
        let mut blocks: Vec<(String, &Stats)> = reports
            .iter()
            .filter(|it| it.skipped.is_none())
            .map(|it| (it.input.display().to_string(), &it.stats))
            .collect();
        if reports.len() > 1 {
            blocks.push(("GLOBAL".to_owned(), &total));
        }
        let csv = hipify::render_stats_csv(&blocks);
        match &cli.output_stats {
            Some(path) => std::fs::write(path, csv)
                .with_context(|| format!("writing `{}`", path.display()))?,
            None => {
                let _ = stderr.write_all(csv.as_bytes());
            }
        }
    }
    if cli.json {
        let report = Report {
            files: reports,
            total,
            seconds: started.elapsed().as_secs_f64(),
        };
        let text = serde_json::to_string_pretty(&report).context("encoding the JSON report")?;
        let _ = writeln!(stdout, "{text}");
    }
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn plan_jobs(cli: &Cli) -> anyhow::Result<Vec<Job>> {
    let writes = !(cli.no_output || cli.examine);
    let has_directory = cli.inputs.iter().any(|it| it.is_dir());
    if cli.output.is_some() && (cli.inputs.len() > 1 || has_directory) {
        bail!("`-o` takes one input file; use `--o-dir` for several");
    }
    if writes
        && cli.output.is_none()
        && cli.output_dir.is_none()
        && !cli.inplace
        && (cli.inputs.len() > 1 || has_directory)
    {
        bail!("several inputs need `--inplace`, `--o-dir` or `--no-output`");
    }
    let mut jobs = Vec::new();
    for input in &cli.inputs {
        if input.is_dir() {
            let mut walker = ignore::WalkBuilder::new(input);
            let exclude_dirs = cli.exclude_dirs.clone();
            walker.filter_entry(move |entry| {
                let is_dir = entry.file_type().is_some_and(|it| it.is_dir());
                !(is_dir
                    && exclude_dirs
                        .iter()
                        .any(|name| entry.file_name() == name.as_str()))
            });
            for entry in walker.build() {
                let entry = entry.with_context(|| format!("walking `{}`", input.display()))?;
                let path = entry.path();
                let is_source = path
                    .extension()
                    .and_then(|it| it.to_str())
                    .is_some_and(|it| SOURCE_EXTENSIONS.contains(&it));
                let excluded = path
                    .file_name()
                    .and_then(|it| it.to_str())
                    .is_some_and(|name| cli.exclude_files.iter().any(|it| it == name));
                if !entry.file_type().is_some_and(|it| it.is_file()) || !is_source || excluded {
                    continue;
                }
                let relative = path.strip_prefix(input).unwrap_or(path);
                let output = output_for(cli, writes, path, Some(relative));
                jobs.push(Job {
                    input: path.to_path_buf(),
                    display: path.display().to_string(),
                    output,
                });
            }
        } else {
            let output = output_for(cli, writes, input, None);
            jobs.push(Job {
                input: input.clone(),
                display: input.display().to_string(),
                output,
            });
        }
    }
    Ok(jobs)
}

fn output_for(cli: &Cli, writes: bool, input: &Path, relative: Option<&Path>) -> Output {
    if !writes {
        return Output::Nowhere;
    }
    if cli.inplace {
        return Output::InPlace;
    }
    if let Some(output) = &cli.output {
        return if output.as_os_str() == "-" {
            Output::Stdout
        } else {
            Output::File(output.clone())
        };
    }
    if let Some(directory) = &cli.output_dir {
        let name = relative.map_or_else(
            || PathBuf::from(input.file_name().unwrap_or_default()),
            Path::to_path_buf,
        );
        return Output::File(directory.join(name));
    }
    if cli.as_hipify_clang {
        let mut name = input.as_os_str().to_owned();
        name.push(".hip");
        return Output::File(PathBuf::from(name));
    }
    Output::Stdout
}

fn process(job: &Job, options: &Options, cli: &Cli) -> anyhow::Result<FileReport> {
    let bytes =
        std::fs::read(&job.input).with_context(|| format!("reading `{}`", job.input.display()))?;
    let mut report = FileReport {
        input: job.input.clone(),
        output: None,
        changed: false,
        skipped: None,
        findings: Vec::new(),
        stats: Stats::default(),
        rendered: String::new(),
        stdout_text: None,
    };
    if bytes.iter().take(8192).any(|it| *it == 0) {
        report.skipped = Some("binary file".to_owned());
        return Ok(report);
    }
    let source = hipify::Source::decode(bytes);
    let text = source.text.as_str();
    let encode = |text: &str| source.encode(text);
    let cuda_source = job
        .input
        .extension()
        .is_some_and(|it| it == "cu" || it == "cuh");
    let options = Options {
        cuda_source,
        ..options.clone()
    };
    let translation = hipify::translate(text, &options);
    let mut map = SourceMap::new();
    let wants_findings = cli.json || !cli.quiet_warnings;
    let file = map.add(
        job.display.clone(),
        if wants_findings {
            text.to_owned()
        } else {
            String::new()
        },
    );
    for finding in translation.findings.iter().filter(|_| wants_findings) {
        if cli.no_warn.iter().any(|it| it == finding.code())
            || (cli.no_warnings_on_undocumented_features && finding.code() == "half2-member")
        {
            continue;
        }
        let diagnostic = finding.to_diagnostic();
        let position = map
            .line_col(file, finding.span.range.start)
            .unwrap_or(diagnostics::LineCol { line: 0, column: 0 });
        report.findings.push(JsonFinding {
            code: finding.code(),
            severity: "warning",
            message: diagnostic.message.clone(),
            line: position.line,
            column: position.column,
        });
        if !cli.json {
            report.rendered.push_str(&map.render(&diagnostic));
        }
    }
    report.changed = translation.text != text;
    report.stats = translation.stats;
    match &job.output {
        Output::Nowhere => {}
        Output::Stdout => report.stdout_text = Some(encode(&translation.text)),
        Output::File(path) => {
            if let Some(parent) = path.parent().filter(|it| !it.as_os_str().is_empty()) {
                std::fs::create_dir_all(parent)
                    .with_context(|| format!("creating `{}`", parent.display()))?;
            }
            write_atomically(path, &encode(&translation.text), false)?;
            report.output = Some(path.clone());
        }
        Output::InPlace => {
            if report.changed {
                if !cli.no_backup {
                    let mut backup = job.input.clone().into_os_string();
                    backup.push(".prehip");
                    std::fs::write(&backup, encode(text))
                        .with_context(|| format!("writing `{}`", Path::new(&backup).display()))?;
                }
                write_atomically(&job.input, &encode(&translation.text), true)?;
            }
            report.output = Some(job.input.clone());
        }
    }
    Ok(report)
}

/// Writes through a temporary file in the same directory and renames it over `path`, so a
/// crash leaves either the old or the new file, never half of one. Keeps the permissions of
/// an existing file. `durable` also flushes the data to disk before the rename, so that an
/// in-place rewrite survives a power loss too (new outputs need not).
///
/// An existing output that is not a regular file (`/dev/null`, a FIFO, a terminal) is
/// written in place: renaming over it would replace the device node with a plain file.
fn write_atomically(path: &Path, text: &[u8], durable: bool) -> anyhow::Result<()> {
    if std::fs::metadata(path).is_ok_and(|metadata| !metadata.is_file()) {
        return std::fs::write(path, text).with_context(|| format!("writing `{}`", path.display()));
    }
    let directory = path
        .parent()
        .filter(|it| !it.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut temporary = tempfile::NamedTempFile::new_in(directory)
        .with_context(|| format!("creating a temporary file in `{}`", directory.display()))?;
    temporary
        .write_all(text)
        .with_context(|| format!("writing `{}`", path.display()))?;
    if durable {
        temporary
            .as_file()
            .sync_all()
            .with_context(|| format!("writing `{}`", path.display()))?;
    }
    if let Ok(metadata) = std::fs::metadata(path) {
        let _ = std::fs::set_permissions(temporary.path(), metadata.permissions());
    }
    temporary
        .persist(path)
        .with_context(|| format!("replacing `{}`", path.display()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normalized(args: &[&str]) -> Vec<String> {
        normalize_args(args.iter().map(|it| (*it).to_owned()).collect())
    }

    #[test]
    fn single_dash_long_options_become_double_dash() {
        assert_eq!(
            normalized(&[
                "oxhipify",
                "-inplace",
                "-o-dir=out",
                "-o",
                "x.hip",
                "-print-stats",
                "--roc",
                "a.cu"
            ]),
            [
                "oxhipify",
                "--inplace",
                "--o-dir=out",
                "-o",
                "x.hip",
                "--print-stats",
                "--roc",
                "a.cu"
            ]
        );
        // Unknown single-dash words and everything after `--` are left alone.
        assert_eq!(
            normalized(&["oxhipify", "-frobnicate", "--", "-inplace"]),
            ["oxhipify", "-frobnicate", "--", "-inplace"]
        );
    }

    #[test]
    fn hipify_perl_flags_parse() {
        let args = normalized(&[
            "oxhipify",
            "-hip-kernel-execution-syntax",
            "-exclude-dirs=build,third_party",
            "-whitelist=cudaMalloc",
            "-no-backup",
            "-quiet-warnings",
            "src",
        ]);
        let cli = Cli::try_parse_from(args).unwrap_or_else(|error| unreachable!("{error}"));
        assert!(cli.hip_kernel_execution_syntax && cli.no_backup && cli.quiet_warnings);
        assert_eq!(cli.exclude_dirs, ["build", "third_party"]);
        assert_eq!(cli.whitelist, ["cudaMalloc"]);
    }
}
