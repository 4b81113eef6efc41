//! Turns a [`Plan`] into [`Job`]s: a tool, its input and output files and its
//! arguments. Pure: no file system, no processes, no environment; the caller
//! hands in the discovered [`Toolchain`] and the directory for temporaries.
//!
//! The text form of the jobs is what `-###` prints (one line per job, each
//! argument double-quoted as clang does), and tests assert on that text.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use md5::{Digest, Md5};

use crate::args::{F32Division, InputLang, Invocation, Mode, OptLevel, SaveTemps};
use crate::compile::{compile_args, CompileOutput, CompileRequest};
use crate::error::DriverError;
use crate::plan::{Action, ActionId, Emit, FileType, LinkPart, Plan, Side};
use crate::targets::OffloadArch;
use crate::toolchain::Toolchain;

/// The host triple of this build of oxhip.
pub const HOST_TRIPLE: &str = frontend::HOST_TRIPLE;

/// The file name of the device library's host-family bitcode (`devicelibs::Family::Host`),
/// which a [`Tool::HostMath`] job writes among the intermediates: host compiles of HIP and
/// CUDA link it with `-mlink-builtin-bitcode`, so that host code reaches CUDA's
/// host-and-device math functions (`normcdf`, `sinpi`, …) that the C library lacks
/// (docs/math.md, "Host code").
pub const HOST_MATH_BITCODE: &str = "oxhip-devicelibs-host.bc";

/// The file name of the linker script that a [`Tool::RuntimeScript`] job writes among the
/// intermediates, for an executable linked with the static runtime and without `-g`.
pub const RUNTIME_SCRIPT: &str = "oxhip-runtime-nodebug.ld";

/// That linker script: it drops the debug information of every member of
/// `liboxhip_runtime.a` (the runtime's, and that of the Rust standard library inside it),
/// about 20 MB, and keeps the debug information of the program's own objects. `INSERT`
/// keeps the linker's default script (GNU ld and lld); a section goes to the first
/// statement that matches it, and this one comes right after `.text`, before every debug
/// section's (docs/size.md, "Debug information").
pub const RUNTIME_SCRIPT_TEXT: &str = "\
/* Written by oxhip: the runtime's debug information stays out of a program linked
   without -g (docs/size.md). */
SECTIONS
{
  /DISCARD/ : { *liboxhip_runtime.a:*(.debug_* .zdebug_*) }
}
INSERT AFTER .text;
";

/// Native libraries the runtime needs (docs/crate-apis.md, runtime section).
pub const RUNTIME_NATIVE_LIBS: &[&str] = &[
    "-lstdc++",
    "-lpthread",
    "-ldl",
    "-lm",
    "-lrt",
    "-lutil",
    "-lgcc_s",
];

/// The runtime's C ABI (`hip…`, `__hip…`, `oxhip…`), exported from executables.
pub const RUNTIME_EXPORTS: &[&str] = &[
    "-Wl,--export-dynamic-symbol=hip*,--export-dynamic-symbol=__hip*,--export-dynamic-symbol=oxhip*",
];

/// Options for in-process device code generation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodegenJob {
    pub arch: OffloadArch,
    /// `-fgpu-rdc` link: the inputs are objects and archives whose embedded device bitcode
    /// for `arch` is linked together (`rdc::device_bitcode`), not one bitcode file.
    pub rdc_link: bool,
    pub opt_level: OptLevel,
    pub emit: Emit,
    pub link_devicelibs: bool,
    pub fast_math: bool,
    pub flush_denormals: bool,
    /// nvcc's `-prec-div`: how single-precision `/` in the inputs is computed.
    pub f32_division: F32Division,
    /// nvcc's `-prec-sqrt`: `false` allows the approximate square root for `sqrtf`.
    pub prec_sqrt: bool,
    /// AddressSanitizer for a CPU image (`-fsanitize=address` with `--offload-arch=host`).
    pub sanitize_address: bool,
    /// `-mllvm`'s arguments: LLVM options for the process that generates the code.
    pub llvm_options: Vec<String>,
}

/// One device image of a bundle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BundleEntry {
    pub arch: OffloadArch,
    pub path: PathBuf,
    /// A cubin that `ptxas` made from the PTX of the same `arch` ([`Tool::Ptxas`]); stored
    /// under the `hip-` kind beside the PTX's `hipv4-` entry, and left out when `ptxas` could
    /// not make it (an empty file).
    pub cubin: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tool {
    /// clang 22, as `-cc1` or as a compiler/link driver (subprocess).
    Clang(PathBuf),
    /// ld.lld (subprocess).
    Lld(PathBuf),
    /// `codegen::compile` (in-process).
    Codegen(CodegenJob),
    /// `bundler::write` (in-process), host entry first, align 4096;
    /// `compress` is the zstd level of `--offload-compress`.
    Bundler {
        entries: Vec<BundleEntry>,
        compress: Option<i32>,
    },
    /// `hipify::translate` (in-process): CUDA source → HIP source.
    Hipify,
    /// `-fgpu-rdc`: one device's bitcode as an OffloadBinary (in-process, `rdc::package`).
    Package { arch: OffloadArch },
    /// `-fgpu-rdc` link: assembly defining the objects' fat binary and handle symbols
    /// (in-process, `rdc::wrapper_assembly`); the first input is the bundle.
    FatbinWrapper,
    /// Writes the device library's host bitcode ([`HOST_MATH_BITCODE`]) for the host
    /// compiles (in-process; no inputs).
    HostMath,
    /// Writes [`RUNTIME_SCRIPT_TEXT`] for the link (in-process; no inputs).
    RuntimeScript,
    /// NVIDIA's `ptxas` (subprocess): one target's PTX → its cubin, which the bundle carries
    /// beside the PTX. Where `ptxas` cannot assemble it (an older toolkit than the PTX ISA or
    /// the `sm`), the job warns and writes an empty file: the program then JITs the PTX.
    Ptxas { path: PathBuf, arch: OffloadArch },
    /// Makes sure the prelude PCH `output` is in the cache: when it is not, runs `clang`
    /// with `build` (which writes it to a temporary name first) and renames it into place.
    /// It never fails: a PCH that cannot be made leaves the compiles to the plain
    /// `-include` (`pch::PchUse::fallback`).
    Pch {
        clang: PathBuf,
        build: Vec<OsString>,
    },
    /// One dependency file from those of every side of a compile, the first's targets and
    /// files first (in-process, `sides::merge`); `phony` is `-MP`.
    MergeDependencies { phony: bool },
    /// One `-E` output from the preprocessed text of every side, as a text bundle whose
    /// entries `sides` names, host first (in-process, `sides::join_preprocessed`).
    MergePreprocessed { sides: Vec<String> },
    /// The entry `side` of a HIP source's `-E` output, for that side's compile (in-process,
    /// `sides::select_side`); with `whole`, a text that is no bundle is taken whole (the
    /// compile has one side only).
    SelectSide { side: String, whole: bool },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    pub tool: Tool,
    /// The program `-###` shows: clang, ld.lld, or `oxhip` itself for in-process jobs.
    pub program: PathBuf,
    pub inputs: Vec<PathBuf>,
    pub output: PathBuf,
    /// Arguments after the program; what `-###` prints.
    pub args: Vec<OsString>,
    /// Jobs that must finish first (indices into the job list).
    pub deps: Vec<usize>,
    /// True when `output` is a result the user asked for: `execute` writes it
    /// through a temporary file and a rename. `-` means stdout.
    pub is_result: bool,
    /// A clang compile that reads the prelude from a PCH (`args` has `-include-pch`).
    pub pch: Option<crate::pch::PchUse>,
}

impl Job {
    /// The program name `-###` shows.
    pub fn program(&self) -> String {
        self.program.display().to_string()
    }

    /// One `-###` line.
    pub fn to_line(&self) -> String {
        let mut line = format!(" {}", quote(&self.program()));
        for arg in &self.args {
            line.push(' ');
            line.push_str(&quote(&arg.to_string_lossy()));
        }
        line
    }
}

/// clang's `-###` quoting: always double quotes; `"`, `\` and `$` escaped.
pub fn quote(arg: &str) -> String {
    let mut quoted = String::with_capacity(arg.len() + 2);
    quoted.push('"');
    for ch in arg.chars() {
        if matches!(ch, '"' | '\\' | '$') {
            quoted.push('\\');
        }
        quoted.push(ch);
    }
    quoted.push('"');
    quoted
}

/// The `-###` text of a job list.
pub fn jobs_to_text(jobs: &[Job]) -> String {
    let mut text = String::new();
    for job in jobs {
        let _ = writeln!(text, "{}", job.to_line());
    }
    text
}

struct Binder<'a> {
    invocation: &'a Invocation,
    plan: &'a Plan,
    toolchain: &'a Toolchain,
    /// Where intermediates go: the temp directory, or with `-save-temps` the
    /// output's directory.
    intermediate_dir: PathBuf,
    paths: Vec<PathBuf>,
    job_of: BTreeMap<ActionId, usize>,
    jobs: Vec<Job>,
    /// Per Input action, a unique stem for file names.
    stems: BTreeMap<ActionId, String>,
    /// Per Hipify action, the overlay (`-ivfsoverlay`) that puts its translations in place
    /// of the originals; the action's path is the original source.
    overlays: BTreeMap<ActionId, PathBuf>,
    /// The [`Tool::HostMath`] job, once a host compile needs it.
    host_math_job: Option<usize>,
    /// The [`Tool::Ptxas`] jobs of the bundle being bound, which it waits on.
    pending_ptxas: Vec<usize>,
    /// The [`Tool::Pch`] job of each PCH file, once a compile needs it.
    pch_jobs: BTreeMap<PathBuf, usize>,
    /// Per source (its Input action), the device compiles that write a dependency file
    /// for the [`Tool::MergeDependencies`] job of the source: the job and the file.
    device_dependencies: BTreeMap<ActionId, Vec<(usize, PathBuf)>>,
    /// `-E` with `-MD`: per side's preprocess action whose text is merged with the others',
    /// the job and the dependency file it writes.
    preprocess_dependencies: BTreeMap<ActionId, (usize, PathBuf)>,
}

/// [`Plan`] → jobs. `temp_dir` holds intermediates unless `-save-temps`.
pub fn bind(
    invocation: &Invocation,
    plan: &Plan,
    toolchain: &Toolchain,
    temp_dir: &Path,
) -> Result<Vec<Job>, DriverError> {
    let intermediate_dir = match invocation.save_temps {
        SaveTemps::Off => temp_dir.to_path_buf(),
        SaveTemps::Cwd => PathBuf::new(),
        SaveTemps::OutputDir => invocation
            .output
            .as_deref()
            .filter(|output| *output != Path::new("-"))
            .and_then(Path::parent)
            .map(Path::to_path_buf)
            .unwrap_or_default(),
    };
    let mut binder = Binder {
        invocation,
        plan,
        toolchain,
        intermediate_dir,
        paths: Vec::new(),
        job_of: BTreeMap::new(),
        jobs: Vec::new(),
        stems: BTreeMap::new(),
        overlays: BTreeMap::new(),
        host_math_job: None,
        pending_ptxas: Vec::new(),
        pch_jobs: BTreeMap::new(),
        device_dependencies: BTreeMap::new(),
        preprocess_dependencies: BTreeMap::new(),
    };
    let mut seen_stems: BTreeMap<String, usize> = BTreeMap::new();
    for (id, node) in plan.nodes.iter().enumerate() {
        if let Action::Input { path, .. } = &node.action {
            let stem = path
                .file_stem()
                .map(|stem| stem.to_string_lossy().into_owned())
                .unwrap_or_else(|| "input".to_owned());
            let count = seen_stems.entry(stem.clone()).or_insert(0);
            *count += 1;
            let unique = if *count == 1 {
                stem
            } else {
                format!("{stem}-{count}")
            };
            binder.stems.insert(id, unique);
        }
    }
    for id in 0..plan.nodes.len() {
        binder.bind_node(id)?;
    }
    binder.merge_device_only_dependencies();
    Ok(binder.jobs)
}

impl Binder<'_> {
    /// The Input action a node derives from (for file names).
    fn source_of(&self, mut id: ActionId) -> ActionId {
        loop {
            match &self.plan.nodes[id].action {
                Action::Input { .. } => return id,
                Action::Bundle { devices } => match devices.first() {
                    Some(first) => id = *first,
                    None => return id,
                },
                Action::Link { .. } => return id,
                _ => id = self.plan.inputs_of(id)[0],
            }
        }
    }

    fn stem(&self, id: ActionId) -> String {
        self.stems
            .get(&self.source_of(id))
            .cloned()
            .unwrap_or_else(|| "a".to_owned())
    }

    /// The file name of a node's output: the user's name for results, a
    /// clang-style temporary name otherwise.
    fn output_path(&self, id: ActionId) -> PathBuf {
        let node = &self.plan.nodes[id];
        let stem = self.stem(id);
        let device_name = |arch: &OffloadArch, extension: &str| {
            format!(
                "{stem}-hip-{}-{}.{extension}",
                arch.triple(),
                arch.file_stem()
            )
        };
        let is_result = self.plan.results.contains(&id);
        if is_result {
            if let Some(output) = &self.invocation.output {
                return output.clone();
            }
            let name = match (&node.action, node.ty) {
                (Action::Link { .. }, _) => "a.out".to_owned(),
                (_, FileType::Dependencies) => match &self.invocation.dependencies.file {
                    Some(file) => return file.clone(),
                    None => "-".to_owned(),
                },
                (_, FileType::Preprocessed) => "-".to_owned(),
                (Action::Backend { arch, .. }, _) => device_name(arch, "s"),
                (Action::Bundle { .. }, _) => format!("{stem}.hipfb"),
                (Action::Package { arch, .. }, _) => device_name(arch, "offload"),
                (_, FileType::Assembly) => format!("{stem}.s"),
                _ => format!("{stem}.o"),
            };
            return PathBuf::from(name);
        }
        let name = match &node.action {
            Action::Hipify { .. } => format!("{stem}-hipify.yaml"),
            Action::SelectSide {
                side: Side::Host, ..
            } => format!("{stem}-host-{HOST_TRIPLE}.hipi"),
            Action::SelectSide {
                side: Side::Device(arch),
                ..
            } => device_name(arch, "hipi"),
            Action::Compile {
                side: Side::Device(arch),
                ..
            } => device_name(arch, "bc"),
            Action::Backend { arch, emit, .. } => device_name(arch, emit.extension()),
            Action::Lld { arch, .. } => device_name(arch, "out"),
            Action::Package { arch, .. } => device_name(arch, "offload"),
            Action::DeviceLink { arch, emit, .. } => {
                device_name(arch, &format!("rdc.{}", emit.extension()))
            }
            Action::FatbinWrapper { .. } => format!("{stem}-hip-fatbin.s"),
            Action::Assemble { .. } => format!("{stem}-hip-fatbin.o"),
            Action::Bundle { .. } => format!("{stem}-hip.hipfb"),
            Action::HostCompile { .. } => format!("{stem}-host-{HOST_TRIPLE}.o"),
            Action::Compile {
                side: Side::Host, ..
            } => format!("{stem}-host-{HOST_TRIPLE}.o"),
            Action::Preprocess { side, .. } => {
                let extension = if node.ty == FileType::Dependencies {
                    "d"
                } else {
                    "ii"
                };
                match side {
                    Side::Host => format!("{stem}-host-{HOST_TRIPLE}.{extension}"),
                    Side::Device(arch) => device_name(arch, extension),
                }
            }
            Action::MergeSides { .. } | Action::Input { .. } | Action::Link { .. } => {
                format!("{stem}.tmp")
            }
        };
        self.intermediate_dir.join(name)
    }

    /// The CUID of one source: stable across runs, distinct per input, output and
    /// target set. A translated `.cu` source is named by its original, so that the
    /// objects of two CUDA files linked into one program never share a CUID.
    ///
    /// It must not depend on where the build happens (docs/cmake.md, "Compiler caches"):
    /// the object of one source in two build trees must be the same bytes, and the CUID is
    /// in its symbol names. So a path enters as the command line gives it when relative (as
    /// in a Makefile), and by its last two components when absolute (CMake names every
    /// source by its absolute path, and every object by a path relative to the build tree
    /// that already tells the sources of one target apart).
    fn cuid(&self, input: ActionId) -> String {
        let mut hasher = Md5::new();
        let mut source = input;
        while let Action::Hipify { input: original }
        | Action::SelectSide {
            input: original, ..
        } = &self.plan.nodes[source].action
        {
            source = *original;
        }
        if let Action::Input { path, .. } = &self.plan.nodes[source].action {
            hash_path_for_cuid(&mut hasher, path);
        }
        hasher.update([0]);
        if let Some(output) = &self.invocation.output {
            hash_path_for_cuid(&mut hasher, output);
        }
        hasher.update([0]);
        for arch in &self.invocation.offload_archs {
            hasher.update(arch.to_string().as_bytes());
            hasher.update([0]);
        }
        let digest = hasher.finalize();
        digest[..8]
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect()
    }

    /// The source a side's compile is named after (clang's `-main-file-name`, which names
    /// the object's static initialisers): for one side of an `-E` output, the file the
    /// command line gave, so that the object is the one a compile of the source makes.
    fn main_file(&self, input: ActionId) -> Option<PathBuf> {
        match &self.plan.nodes[input].action {
            Action::SelectSide { input: source, .. } => Some(self.paths[*source].clone()),
            _ => None,
        }
    }

    fn aux_triple(&self) -> String {
        self.invocation
            .offload_archs
            .first()
            .map_or("amdgcn-amd-amdhsa", OffloadArch::triple)
            .to_owned()
    }

    fn lang_of(&self, input: ActionId) -> InputLang {
        match self.plan.nodes[input].ty {
            FileType::Source(lang) => lang,
            _ => InputLang::Cxx,
        }
    }

    /// For a source translated by hipify: the overlay that puts the translations of the
    /// source and of the user headers it includes in place of the originals, and the
    /// macros CUDA's headers and nvcc define (docs/driver.md, "CUDA sources").
    fn overlay_args(&self, input: ActionId) -> Vec<String> {
        let Some(overlay) = self.overlays.get(&input) else {
            return Vec::new();
        };
        let mut args = vec!["-ivfsoverlay".to_owned(), overlay.display().to_string()];
        args.extend(
            crate::cuda_headers::defines()
                .iter()
                .map(|define| format!("-D{define}")),
        );
        // The HIP headers leave out what CUDA's do not have (`[[nodiscard]]` on hipError_t)
        // and define the guards of the CUDA headers they stand in for.
        args.push("-D__OXHIP_CUDA_SOURCE__=1".to_owned());
        args
    }

    /// Where the hipify job looks for the user files a source includes.
    fn search_path(&self) -> crate::search::SearchPath {
        let mut search = crate::search::SearchPath::default();
        for arg in &self.invocation.preprocessor {
            match arg {
                crate::args::PreprocessorArg::Include(path) => search.angled.push(path.clone()),
                crate::args::PreprocessorArg::ISystem(path) => search.system.push(path.clone()),
                _ => {}
            }
        }
        search.system.push(self.toolchain.hip_include_dir.clone());
        search
    }

    /// The dependency file of a compile that writes `output` (`-MD`, `-M`, …).
    fn dependencies(&self, output: &Path) -> Option<frontend::DependencyOptions> {
        let deps = &self.invocation.dependencies;
        if !deps.enabled {
            return None;
        }
        let file = if self.invocation.mode == Mode::Dependencies {
            output.to_path_buf()
        } else {
            deps.file
                .clone()
                .unwrap_or_else(|| output.with_extension("d"))
        };
        let targets = if deps.targets.is_empty() {
            let object = match &self.invocation.output {
                Some(out) if matches!(self.invocation.mode, Mode::Object | Mode::Preprocess) => {
                    out.display().to_string()
                }
                _ => format!(
                    "{}.o",
                    self.stems.values().next().cloned().unwrap_or_default()
                ),
            };
            vec![object]
        } else {
            deps.targets.clone()
        };
        Some(frontend::DependencyOptions {
            file,
            targets,
            system_headers: !deps.user_only,
            phony_targets: deps.phony,
        })
    }

    /// The dependency file of `-E` text written to `output` (`-MD` with `-E`, as clang writes
    /// one): named after `output`, or after the source's object when the text goes to
    /// standard output.
    fn preprocessed_dependencies(&self, output: &Path) -> Option<frontend::DependencyOptions> {
        self.dependencies(&self.preprocessed_dependencies_base(output))
    }

    /// The path an `-E` result's dependency file is named after ([`Self::dependencies`]).
    fn preprocessed_dependencies_base(&self, output: &Path) -> PathBuf {
        if output == Path::new("-") {
            let stem = self.stems.values().next().cloned().unwrap_or_default();
            return PathBuf::from(format!("{stem}.o"));
        }
        output.to_path_buf()
    }

    /// The dependency file of one side of a compile whose sides' files are merged
    /// ([`Tool::MergeDependencies`]): `file`, among the intermediates, without `-MP`.
    fn side_dependencies(&self, file: PathBuf) -> Option<frontend::DependencyOptions> {
        let mut deps = self.dependencies(&file)?;
        deps.file = file;
        deps.phony_targets = false;
        Some(deps)
    }

    /// Pushes the [`Tool::MergeDependencies`] job that writes `merged` from the dependency
    /// files of `sides` (job, file), the first side's first.
    fn push_dependency_merge(
        &mut self,
        merged: &frontend::DependencyOptions,
        sides: Vec<(usize, PathBuf)>,
    ) {
        let (deps, inputs): (Vec<usize>, Vec<PathBuf>) = sides.into_iter().unzip();
        let phony = self.invocation.dependencies.phony;
        let mut args: Vec<OsString> = vec!["-cc1mergedeps".into()];
        if phony {
            args.push("-MP".into());
        }
        args.extend(["-o".into(), merged.file.clone().into_os_string()]);
        args.extend(inputs.iter().map(|path| path.clone().into_os_string()));
        self.jobs.push(Job {
            tool: Tool::MergeDependencies { phony },
            program: self.toolchain.exe.clone(),
            inputs,
            output: merged.file.clone(),
            args,
            deps,
            is_result: true,
            pch: None,
        });
    }

    /// The dependency merges of sources compiled without a host side
    /// (`--cuda-device-only -MD`): the first device's file leads, and the merged file is
    /// named after the source's result as a host compile's is after its object.
    fn merge_device_only_dependencies(&mut self) {
        let pending = std::mem::take(&mut self.device_dependencies);
        for (source, sides) in pending {
            let Some(result) = self
                .plan
                .results
                .iter()
                .copied()
                .find(|result| self.source_of(*result) == source)
            else {
                continue;
            };
            let output = self.paths[result].clone();
            if let Some(merged) = self.dependencies(&output) {
                self.push_dependency_merge(&merged, sides);
            }
        }
    }

    /// The same as clang driver arguments, for plain C/C++ compiles.
    fn dependency_args(&self, output: &Path) -> Vec<String> {
        let Some(deps) = self.dependencies(output) else {
            return Vec::new();
        };
        let mut args = vec![
            if deps.system_headers { "-MD" } else { "-MMD" }.to_owned(),
            "-MF".to_owned(),
            deps.file.display().to_string(),
        ];
        for target in deps.targets {
            args.extend(["-MT".to_owned(), target]);
        }
        if deps.phony_targets {
            args.push("-MP".to_owned());
        }
        args
    }

    fn push(
        &mut self,
        id: ActionId,
        tool: Tool,
        inputs: Vec<PathBuf>,
        output: PathBuf,
        args: Vec<OsString>,
    ) {
        let deps = self
            .plan
            .inputs_of(id)
            .iter()
            .filter_map(|input| self.job_of.get(input).copied())
            .collect();
        let is_result = self.plan.results.contains(&id);
        let program = match &tool {
            Tool::Clang(path) | Tool::Lld(path) | Tool::Ptxas { path, .. } => path.clone(),
            Tool::Codegen(_)
            | Tool::Bundler { .. }
            | Tool::Hipify
            | Tool::Package { .. }
            | Tool::FatbinWrapper
            | Tool::HostMath
            | Tool::RuntimeScript
            | Tool::Pch { .. }
            | Tool::MergeDependencies { .. }
            | Tool::MergePreprocessed { .. }
            | Tool::SelectSide { .. } => self.toolchain.exe.clone(),
        };
        self.job_of.insert(id, self.jobs.len());
        self.jobs.push(Job {
            tool,
            program,
            inputs,
            output,
            args,
            deps,
            is_result,
            pch: None,
        });
    }

    /// A [`Tool::Ptxas`] job that assembles the PTX `ptx` (the output of plan node `device`)
    /// for `arch`, when `arch` is an NVIDIA target and `ptxas` was found; returns the cubin's
    /// path and records the job in `pending_ptxas` for the bundle to wait on.
    fn ptxas_job(
        &mut self,
        arch: &OffloadArch,
        device: ActionId,
        ptx: &Path,
        bundle: &Path,
    ) -> Option<PathBuf> {
        let ptxas = self.toolchain.ptxas.clone()?;
        if !matches!(arch, OffloadArch::Nvptx { .. }) {
            return None;
        }
        let stem = bundle.file_stem().unwrap_or_default().to_string_lossy();
        let output = self
            .intermediate_dir
            .join(format!("{stem}-{}.cubin", arch.file_stem()));
        // `-v`: each kernel's registers, for the register-limited copies (execute.rs,
        // `run_ptxas`), which the user does not see.
        let mut args: Vec<OsString> = vec!["-v".into(), format!("-arch={arch}").into()];
        // nvcc's -G: no optimisation, and the PTX's debug information carried into the cubin.
        if self.invocation.device_opt_level() == OptLevel::O0 {
            args.extend(["-O0".into(), "-g".into()]);
        }
        args.extend([
            "-o".into(),
            output.clone().into_os_string(),
            ptx.as_os_str().to_owned(),
        ]);
        let deps = self.job_of.get(&device).copied().into_iter().collect();
        self.pending_ptxas.push(self.jobs.len());
        self.jobs.push(Job {
            tool: Tool::Ptxas {
                path: ptxas.clone(),
                arch: arch.clone(),
            },
            program: ptxas,
            inputs: vec![ptx.to_path_buf()],
            output: output.clone(),
            args,
            deps,
            is_result: false,
            pch: None,
        });
        Some(output)
    }

    /// The [`Tool::HostMath`] job and the file it writes, pushed the first time.
    fn host_math_job(&mut self) -> (usize, PathBuf) {
        let output = self.intermediate_dir.join(HOST_MATH_BITCODE);
        if let Some(job) = self.host_math_job {
            return (job, output);
        }
        self.host_math_job = Some(self.jobs.len());
        self.jobs.push(Job {
            tool: Tool::HostMath,
            program: self.toolchain.exe.clone(),
            inputs: Vec::new(),
            output: output.clone(),
            args: vec![
                "-cc1hostmath".into(),
                "-o".into(),
                output.clone().into_os_string(),
            ],
            deps: Vec::new(),
            is_result: false,
            pch: None,
        });
        (self.jobs.len() - 1, output)
    }

    /// The [`Tool::RuntimeScript`] job and the file it writes (a program has one link).
    fn runtime_script_job(&mut self) -> (usize, PathBuf) {
        let output = self.intermediate_dir.join(RUNTIME_SCRIPT);
        self.jobs.push(Job {
            tool: Tool::RuntimeScript,
            program: self.toolchain.exe.clone(),
            inputs: Vec::new(),
            output: output.clone(),
            args: vec![
                "-cc1runtimescript".into(),
                "-o".into(),
                output.clone().into_os_string(),
            ],
            deps: Vec::new(),
            is_result: false,
            pch: None,
        });
        (self.jobs.len() - 1, output)
    }

    /// Pushes the compile job of `id` with `args`; when the prelude can come from a PCH, the
    /// job reads it (`-include-pch`) after the [`Tool::Pch`] job that makes it, which one
    /// job per PCH file serves for all compiles of the run (docs/compile-time.md).
    fn push_compile(
        &mut self,
        id: ActionId,
        inputs: Vec<PathBuf>,
        output: PathBuf,
        args: Vec<OsString>,
    ) {
        let clang = self.toolchain.clang.path.clone();
        let planned = match &self.toolchain.pch {
            Some(cache) if !self.invocation.no_pch => crate::pch::plan(&args, cache),
            _ => None,
        };
        let Some(planned) = planned else {
            self.push(id, Tool::Clang(clang), inputs, output, args);
            return;
        };
        let pch_job = match self.pch_jobs.get(&planned.pch) {
            Some(job) => *job,
            None => {
                let mut job_args: Vec<OsString> =
                    vec!["-cc1pch".into(), clang.clone().into_os_string()];
                job_args.extend(planned.build.iter().cloned());
                self.jobs.push(Job {
                    tool: Tool::Pch {
                        clang: clang.clone(),
                        build: planned.build.clone(),
                    },
                    program: self.toolchain.exe.clone(),
                    inputs: Vec::new(),
                    output: planned.pch.clone(),
                    args: job_args,
                    deps: Vec::new(),
                    is_result: false,
                    pch: None,
                });
                self.pch_jobs
                    .insert(planned.pch.clone(), self.jobs.len() - 1);
                self.jobs.len() - 1
            }
        };
        self.push(id, Tool::Clang(clang), inputs, output, planned.compile);
        if let Some(last) = self.jobs.last_mut() {
            last.deps.push(pch_job);
            last.pch = Some(planned.usage);
        }
    }

    fn bind_node(&mut self, id: ActionId) -> Result<(), DriverError> {
        let node = &self.plan.nodes[id];
        let output = match &node.action {
            Action::Input { path, .. } => path.clone(),
            _ => self.output_path(id),
        };
        self.paths.push(output.clone());
        let input_paths: Vec<PathBuf> = self
            .plan
            .inputs_of(id)
            .iter()
            .map(|input| self.paths[*input].clone())
            .collect();
        let clang = Tool::Clang(self.toolchain.clang.path.clone());
        match node.action.clone() {
            Action::Input { .. } => {}
            Action::Hipify { .. } => {
                let mut args = vec!["-cc1hipify".into()];
                args.extend(self.search_path().to_args());
                args.extend([
                    "-o".into(),
                    output.clone().into_os_string(),
                    input_paths[0].clone().into_os_string(),
                ]);
                let original = input_paths[0].clone();
                self.push(id, Tool::Hipify, input_paths, output.clone(), args);
                // Later jobs compile the original, through the overlay.
                self.overlays.insert(id, output);
                self.paths[id] = original;
            }
            Action::SelectSide { input, side } => {
                let entry = match &side {
                    Side::Host => crate::targets::PREPROCESSED_HOST_ENTRY.to_owned(),
                    Side::Device(arch) => arch.preprocessed_entry_id(),
                };
                // A compile of one side may read one side's `-E` text, which is no bundle.
                let sides = self
                    .plan
                    .nodes
                    .iter()
                    .filter(|node| {
                        matches!(&node.action, Action::SelectSide { input: other, .. } if *other == input)
                    })
                    .count();
                let whole = sides == 1;
                let mut args: Vec<OsString> =
                    vec!["-cc1selectside".into(), format!("-side={entry}").into()];
                if whole {
                    args.push("-whole".into());
                }
                args.extend([
                    "-o".into(),
                    output.clone().into_os_string(),
                    input_paths[0].clone().into_os_string(),
                ]);
                self.push(
                    id,
                    Tool::SelectSide { side: entry, whole },
                    input_paths,
                    output,
                    args,
                );
            }
            Action::Preprocess { input, side } => {
                let lang = self.lang_of(input);
                let dependencies_only = node.ty == FileType::Dependencies;
                if lang.is_offload() {
                    let request = CompileRequest {
                        lang,
                        side: side.clone(),
                        aux_triple: self.aux_triple(),
                        gpubinary: None,
                        cuid: self.cuid(input),
                        main_file: self.main_file(input),
                        output: if dependencies_only {
                            CompileOutput::DependencyOnly
                        } else {
                            CompileOutput::Preprocessed
                        },
                        dependencies: match (&side, dependencies_only) {
                            // `-E -MD`: the text of a lone side is the result; several sides'
                            // lists are merged beside their texts (`MergeSides`).
                            (_, false) if self.plan.results.contains(&id) => {
                                self.preprocessed_dependencies(&output)
                            }
                            (_, false) => self.side_dependencies(output.with_extension("d")),
                            (Side::Host, true) => self.dependencies(&output),
                            (Side::Device(_), true) => self.side_dependencies(output.clone()),
                        },
                        extra: self.overlay_args(input),
                    };
                    let args = compile_args(
                        self.toolchain,
                        self.invocation,
                        &request,
                        &input_paths[0],
                        &output,
                    );
                    let args = if side == Side::Host {
                        self.toolchain.host_flags.apply(args)
                    } else {
                        self.toolchain.device_flags.apply(args)
                    };
                    let merged_later = !dependencies_only && !self.plan.results.contains(&id);
                    let side_file = request.dependencies.map(|deps| deps.file);
                    self.push(id, clang, input_paths, output, args);
                    if let (true, Some(file)) = (merged_later, side_file) {
                        self.preprocess_dependencies
                            .insert(id, (self.jobs.len() - 1, file));
                    }
                } else {
                    let mut args = self.host_driver_args(input);
                    if dependencies_only {
                        args.push("-M".into());
                        if self.invocation.dependencies.user_only {
                            args.push("-MM".into());
                        }
                    } else {
                        args.push("-E".into());
                        let named_after = self.preprocessed_dependencies_base(&output);
                        args.extend(
                            self.dependency_args(&named_after)
                                .into_iter()
                                .map(OsString::from),
                        );
                    }
                    args.extend([
                        "-o".into(),
                        output.clone().into_os_string(),
                        input_paths[0].clone().into_os_string(),
                    ]);
                    self.push(id, clang, input_paths, output, args);
                }
            }
            Action::MergeSides { sides } => {
                let (tool, mut args): (Tool, Vec<OsString>) = if node.ty == FileType::Dependencies {
                    let phony = self.invocation.dependencies.phony;
                    let mut args = vec!["-cc1mergedeps".into()];
                    if phony {
                        args.push("-MP".into());
                    }
                    (Tool::MergeDependencies { phony }, args)
                } else {
                    // The entry IDs of clang's `-E` text bundles: `hip-` for the devices.
                    let ids: Vec<String> = sides
                        .iter()
                        .map(|side| match &self.plan.nodes[*side].action {
                            Action::Preprocess {
                                side: Side::Device(arch),
                                ..
                            } => arch.preprocessed_entry_id(),
                            _ => crate::targets::PREPROCESSED_HOST_ENTRY.to_owned(),
                        })
                        .collect();
                    let args = vec![
                        "-cc1mergepp".into(),
                        format!("-sides={}", ids.join(",")).into(),
                    ];
                    (Tool::MergePreprocessed { sides: ids }, args)
                };
                args.extend(["-o".into(), output.clone().into_os_string()]);
                args.extend(input_paths.iter().map(|path| path.clone().into_os_string()));
                let side_lists: Vec<(usize, PathBuf)> = sides
                    .iter()
                    .filter_map(|side| self.preprocess_dependencies.remove(side))
                    .collect();
                let merged = self.preprocessed_dependencies(&output);
                self.push(id, tool, input_paths, output, args);
                if let (false, Some(merged)) = (side_lists.is_empty(), merged) {
                    self.push_dependency_merge(&merged, side_lists);
                }
            }
            Action::Compile {
                input,
                side: Side::Device(arch),
            } => {
                // `-MD`: each device front end lists the headers it read, which the host's
                // may lack; the source's merge job adds them to the host's list.
                let dependencies = self.side_dependencies(output.with_extension("d"));
                let request = CompileRequest {
                    lang: self.lang_of(input),
                    side: Side::Device(arch),
                    aux_triple: HOST_TRIPLE.to_owned(),
                    gpubinary: None,
                    cuid: self.cuid(input),
                    main_file: self.main_file(input),
                    output: CompileOutput::Bitcode,
                    dependencies: dependencies.clone(),
                    extra: self.overlay_args(input),
                };
                let args = compile_args(
                    self.toolchain,
                    self.invocation,
                    &request,
                    &input_paths[0],
                    &output,
                );
                let args = self.toolchain.device_flags.apply(args);
                self.push_compile(id, input_paths, output, args);
                if let Some(dependencies) = dependencies {
                    let source = self.source_of(id);
                    let job = self.jobs.len() - 1;
                    self.device_dependencies
                        .entry(source)
                        .or_default()
                        .push((job, dependencies.file));
                }
            }
            Action::Compile {
                input,
                side: Side::Host,
            } => {
                let mut args = self.host_driver_args(input);
                args.push(
                    if node.ty == FileType::Assembly {
                        "-S"
                    } else {
                        "-c"
                    }
                    .into(),
                );
                args.extend(
                    self.dependency_args(&output)
                        .into_iter()
                        .map(OsString::from),
                );
                args.extend([
                    "-o".into(),
                    output.clone().into_os_string(),
                    input_paths[0].clone().into_os_string(),
                ]);
                self.push(id, clang, input_paths, output, args);
            }
            Action::Backend { arch, emit, .. } => {
                let (job, args) = self.codegen_job(&arch, emit, false, &input_paths, &output);
                self.push(id, Tool::Codegen(job), input_paths, output, args);
            }
            Action::DeviceLink { arch, emit, .. } => {
                let (job, args) = self.codegen_job(&arch, emit, true, &input_paths, &output);
                self.push(id, Tool::Codegen(job), input_paths, output, args);
            }
            Action::Package { arch, .. } => {
                let args = vec![
                    "-cc1package".into(),
                    format!("--image=triple={},arch={},kind=hip", arch.triple(), arch).into(),
                    "-o".into(),
                    output.clone().into_os_string(),
                    input_paths[0].clone().into_os_string(),
                ];
                self.push(id, Tool::Package { arch }, input_paths, output, args);
            }
            Action::FatbinWrapper { .. } => {
                let mut args: Vec<OsString> = vec![
                    "-cc1fatbinwrapper".into(),
                    "-o".into(),
                    output.clone().into_os_string(),
                ];
                args.extend(input_paths.iter().map(|path| path.clone().into_os_string()));
                self.push(id, Tool::FatbinWrapper, input_paths, output, args);
            }
            Action::Assemble { .. } => {
                let args: Vec<OsString> = vec![
                    "-c".into(),
                    "-x".into(),
                    "assembler".into(),
                    "-o".into(),
                    output.clone().into_os_string(),
                    input_paths[0].clone().into_os_string(),
                ];
                self.push(id, clang, input_paths, output, args);
            }
            Action::Lld { arch, .. } => {
                let lld = self
                    .toolchain
                    .lld
                    .clone()
                    .ok_or_else(|| DriverError::ToolNotFound {
                        tool: "ld.lld".to_owned(),
                        hint: "install the `lld-22` package or set `OXHIP_LLD`".to_owned(),
                    })?;
                // The input is a relocatable ELF object, not bitcode: no LTO options.
                // A CPU image may call libc, whose symbols dlopen resolves in the
                // user's process, so only AMD images are linked `--no-undefined`.
                let flags: &[&str] = match arch {
                    OffloadArch::Host => &["-shared", "-m", "elf_x86_64"],
                    _ => &["-shared", "-m", "elf64_amdgpu", "--no-undefined"],
                };
                let mut args: Vec<OsString> = flags.iter().map(OsString::from).collect();
                args.extend([
                    "-o".into(),
                    output.clone().into_os_string(),
                    input_paths[0].clone().into_os_string(),
                ]);
                self.push(id, Tool::Lld(lld), input_paths, output, args);
            }
            Action::Bundle { devices } => {
                let mut entries = Vec::new();
                let mut args: Vec<OsString> = vec![
                    "-cc1bundle".into(),
                    "-type=o".into(),
                    "-bundle-align=4096".into(),
                ];
                let mut targets = vec![format!("host-{HOST_TRIPLE}")];
                let mut inputs_arg = vec!["/dev/null".to_owned()];
                for (device, path) in devices.iter().zip(&input_paths) {
                    let arch = match &self.plan.nodes[*device].action {
                        Action::Lld { arch, .. }
                        | Action::Backend { arch, .. }
                        | Action::DeviceLink { arch, .. } => arch.clone(),
                        other => {
                            return Err(DriverError::Internal {
                                message: format!("bundle input is not a device image: {other:?}"),
                            })
                        }
                    };
                    targets.push(arch.bundle_entry_id());
                    inputs_arg.push(path.display().to_string());
                    entries.push(BundleEntry {
                        arch: arch.clone(),
                        path: path.clone(),
                        cubin: false,
                    });
                    if let Some(cubin) = self.ptxas_job(&arch, *device, path, &output) {
                        targets.push(arch.bundle_entry_id().replacen("hipv4-", "hip-", 1));
                        inputs_arg.push(cubin.display().to_string());
                        entries.push(BundleEntry {
                            arch,
                            path: cubin,
                            cubin: true,
                        });
                    }
                }
                let ptxas_jobs = self.pending_ptxas.split_off(0);
                args.push(format!("-targets={}", targets.join(",")).into());
                args.push(format!("-input={}", inputs_arg.join(",")).into());
                args.push(format!("-output={}", output.display()).into());
                let compress = self.invocation.offload_compression;
                if let Some(level) = compress {
                    args.extend([
                        "-compress".into(),
                        format!("-compression-level={level}").into(),
                    ]);
                }
                self.push(
                    id,
                    Tool::Bundler { entries, compress },
                    input_paths,
                    output,
                    args,
                );
                if let Some(last) = self.jobs.last_mut() {
                    last.deps.extend(ptxas_jobs);
                }
            }
            Action::HostCompile {
                input,
                bundle,
                embed,
            } => {
                let mut extra = self.overlay_args(input);
                extra.extend(embed.iter().map(|package| {
                    format!("-fembed-offload-object={}", self.paths[*package].display())
                }));
                let lang = self.lang_of(input);
                let mut input_paths = input_paths;
                let mut host_math_job = None;
                if lang.is_offload() {
                    // Only the functions the host code calls are linked, and internalised.
                    let (job, bitcode) = self.host_math_job();
                    extra.extend([
                        "-mlink-builtin-bitcode".to_owned(),
                        bitcode.display().to_string(),
                    ]);
                    input_paths.push(bitcode);
                    host_math_job = Some(job);
                }
                // With device compiles that wrote dependency files, the host's goes among the
                // intermediates too, and a merge job writes the one the user asked for.
                let merged = self.dependencies(&output);
                let devices = self
                    .device_dependencies
                    .remove(&self.source_of(id))
                    .filter(|_| merged.is_some());
                let dependencies = match devices {
                    Some(_) => self.side_dependencies(
                        self.intermediate_dir
                            .join(format!("{}-host-{HOST_TRIPLE}.d", self.stem(id))),
                    ),
                    None => merged.clone(),
                };
                let request = CompileRequest {
                    lang,
                    side: Side::Host,
                    aux_triple: self.aux_triple(),
                    gpubinary: bundle.map(|bundle| self.paths[bundle].clone()),
                    cuid: self.cuid(input),
                    main_file: self.main_file(input),
                    output: if node.ty == FileType::Assembly {
                        CompileOutput::Assembly
                    } else {
                        CompileOutput::Object
                    },
                    dependencies: dependencies.clone(),
                    extra,
                };
                let args = compile_args(
                    self.toolchain,
                    self.invocation,
                    &request,
                    &input_paths[0],
                    &output,
                );
                let args = self.toolchain.host_flags.apply(args);
                self.push_compile(id, input_paths, output, args);
                if let (Some(job), Some(last)) = (host_math_job, self.jobs.last_mut()) {
                    last.deps.push(job);
                }
                if let (Some(merged), Some(devices), Some(host)) = (merged, devices, dependencies) {
                    let mut sides = vec![(self.jobs.len() - 1, host.file)];
                    sides.extend(devices);
                    self.push_dependency_merge(&merged, sides);
                }
            }
            Action::Link { parts } => {
                // One runtime per process (docs/driver.md, "Shared libraries"): a shared
                // library links the shared runtime, which finds it through its run path; an
                // executable links the static runtime, whose C ABI is one object of the
                // archive, and exports it, so that the HIP libraries it loads or links use it.
                // A link that names the shared runtime itself (CMake's `hip::amdhip64`), or
                // asks for it (`-use-sharedlib`), gets its directory as a shared library does.
                let invocation = self.invocation;
                let shared_runtime = invocation.shared
                    || invocation.links_shared_runtime
                    || invocation.shared_runtime;
                // Without `-g`, the static runtime's debug information is dropped
                // (docs/size.md); the program's own is kept.
                let script_job =
                    (!shared_runtime && !invocation.debug).then(|| self.runtime_script_job());
                let mut args: Vec<OsString> = Vec::new();
                // With `-v` the link driver shows the real linker line too (CMake
                // reads the implicit link directories from it).
                if invocation.verbose {
                    args.push("-v".into());
                }
                if invocation.shared {
                    args.push("-shared".into());
                }
                if invocation.pthread {
                    args.push("-pthread".into());
                }
                // clang links the sanitizer runtimes and exports their entry points from the
                // executable, where a CPU image's `__asan_*` and `__ubsan_*` calls find them
                // when the runtime loads it.
                if let Some(flag) = invocation.sanitizers.link_flag() {
                    args.push(flag.into());
                }
                // The linker: LLVM's lld, which oxhip needs anyway, unless the user chose one
                // (`-fuse-ld=`, `--ld-path=`). GNU ld spends 0.4 s reading the static runtime's
                // archive where lld takes 0.1 s (docs/compile-time.md).
                let user_linker = invocation
                    .link_driver_args
                    .iter()
                    .any(|arg| arg.starts_with("-fuse-ld=") || arg.starts_with("--ld-path="));
                if let (false, Some(lld)) = (user_linker, &self.toolchain.lld) {
                    args.push(format!("--ld-path={}", lld.display()).into());
                }
                args.extend(invocation.link_driver_args.iter().map(OsString::from));
                // Sections nothing reaches are left out, as rustc links every program; before
                // the user's linker arguments, so that `-Wl,--no-gc-sections` overrides it.
                args.push("-Wl,--gc-sections".into());
                // `-Xlinker`, not `-Wl,`: the path may hold a comma (`-save-temps` puts the
                // script next to the output).
                if let Some((_, script)) = &script_job {
                    args.push("-Xlinker".into());
                    args.push(format!("--script={}", script.display()).into());
                }
                args.extend(["-o".into(), output.clone().into_os_string()]);
                for part in parts {
                    match part {
                        LinkPart::Object(object) => {
                            args.push(self.paths[object].clone().into_os_string())
                        }
                        LinkPart::Arg(items) => args.extend(items.into_iter().map(OsString::from)),
                    }
                }
                let runtime_lib_dir = self.toolchain.runtime_lib_dir.display();
                args.push(format!("-L{runtime_lib_dir}").into());
                if shared_runtime {
                    if !invocation.links_shared_runtime {
                        args.push("-l:liboxhip_runtime.so".into());
                    }
                    args.push(format!("-Wl,-rpath,{runtime_lib_dir}").into());
                } else {
                    args.push("-l:liboxhip_runtime.a".into());
                    args.extend(RUNTIME_EXPORTS.iter().map(OsString::from));
                }
                args.extend(RUNTIME_NATIVE_LIBS.iter().map(OsString::from));
                self.push(id, clang, input_paths, output, args);
                if let (Some((job, _)), Some(last)) = (script_job, self.jobs.last_mut()) {
                    last.deps.push(job);
                }
            }
        }
        Ok(())
    }

    /// An in-process codegen job for `arch` and its `-###` arguments.
    fn codegen_job(
        &self,
        arch: &OffloadArch,
        emit: Emit,
        rdc_link: bool,
        input_paths: &[PathBuf],
        output: &Path,
    ) -> (CodegenJob, Vec<OsString>) {
        let job = CodegenJob {
            rdc_link,
            arch: arch.clone(),
            opt_level: self.invocation.device_opt_level(),
            emit,
            link_devicelibs: !self.invocation.no_gpu_lib,
            fast_math: self.invocation.fast_math,
            flush_denormals: self.invocation.flush_denormals,
            f32_division: self.invocation.f32_division,
            prec_sqrt: !self.invocation.approx_sqrt,
            sanitize_address: self.invocation.sanitizers.address
                && matches!(arch, OffloadArch::Host),
            llvm_options: self.invocation.llvm_options.clone(),
        };
        let mut args: Vec<OsString> = vec![
            "-cc1codegen".into(),
            format!("--target={}", arch.triple()).into(),
            format!("--cpu={}", arch.processor()).into(),
        ];
        if let Some(isa) = arch.ptx_isa() {
            args.push(format!("--ptx-isa={isa}").into());
        }
        let features = arch.llvm_features();
        if !features.is_empty() {
            args.push(format!("--features={features}").into());
        }
        args.push(job.opt_level.flag().into());
        args.push(format!("--emit={}", emit.flag()).into());
        if job.link_devicelibs {
            args.push("--link-devicelibs".into());
        }
        if job.fast_math {
            args.push("--fast-math".into());
        }
        if job.flush_denormals {
            args.push("--flush-denormals".into());
        }
        match job.f32_division {
            F32Division::Ieee => {}
            F32Division::Full => args.push("--f32-div=full".into()),
            F32Division::Approx => args.push("--f32-div=approx".into()),
        }
        if !job.prec_sqrt {
            args.push("--approx-sqrt".into());
        }
        if job.sanitize_address {
            args.push("--sanitize-address".into());
        }
        if rdc_link {
            args.push("--rdc-link".into());
        }
        for option in &job.llvm_options {
            args.push(format!("--llvm-option={option}").into());
        }
        args.extend(["-o".into(), output.to_path_buf().into_os_string()]);
        args.extend(input_paths.iter().map(|path| path.clone().into_os_string()));
        (job, args)
    }

    /// clang driver arguments for a plain C/C++ host compile of `input` (a source, or
    /// the translation of a CUDA program's host source).
    fn host_driver_args(&self, input: ActionId) -> Vec<OsString> {
        let invocation = self.invocation;
        let lang = self.lang_of(input);
        let language = match lang {
            InputLang::C | InputLang::CudaC => "c",
            InputLang::CPreprocessed => "cpp-output",
            InputLang::CxxPreprocessed => "c++-cpp-output",
            InputLang::Hip
            | InputLang::Cuda
            | InputLang::HipPreprocessed
            | InputLang::Cxx
            | InputLang::CudaCxx => "c++",
        };
        let mut args: Vec<OsString> = vec!["-x".into(), language.into()];
        args.push(invocation.opt_level.flag().into());
        if invocation.debug {
            args.push("-g".into());
        }
        if invocation.pic {
            args.push("-fPIC".into());
        }
        if let Some(std) = &invocation.std {
            args.push(format!("-std={std}").into());
        }
        if invocation.pthread {
            args.push("-pthread".into());
        }
        if invocation.fast_math {
            args.push("-ffast-math".into());
        }
        if let Some(flag) = invocation.sanitizers.link_flag() {
            args.push(flag.into());
        }
        for arg in &invocation.preprocessor {
            match arg {
                crate::args::PreprocessorArg::Define(text) => args.push(format!("-D{text}").into()),
                crate::args::PreprocessorArg::Undefine(text) => {
                    args.push(format!("-U{text}").into())
                }
                crate::args::PreprocessorArg::Include(path) => {
                    args.push(format!("-I{}", path.display()).into())
                }
                crate::args::PreprocessorArg::ISystem(path) => {
                    args.extend(["-isystem".into(), path.clone().into_os_string()]);
                }
                crate::args::PreprocessorArg::PreInclude(path) => {
                    args.extend(["-include".into(), path.clone().into_os_string()]);
                }
            }
        }
        // The HIP headers, so that plain C++ files can include `hip/hip_runtime_api.h`
        // (preprocessed inputs are past that: clang would call them unused).
        if !lang.is_preprocessed() {
            args.push(format!("-I{}", self.toolchain.hip_include_dir.display()).into());
            args.push("-D__HIP_PLATFORM_AMD__=1".into());
        }
        args.extend(self.overlay_args(input).into_iter().map(OsString::from));
        args.extend(invocation.warnings.iter().map(OsString::from));
        args.extend(invocation.host_passthrough.iter().map(OsString::from));
        args
    }
}

/// Feeds a path into a CUID hash (`Binder::cuid`): a relative path as written, an absolute
/// one by its last two components, so that the build tree's location does not count.
fn hash_path_for_cuid(hasher: &mut Md5, path: &Path) {
    if path.is_absolute() {
        let components: Vec<_> = path.components().collect();
        let tail = &components[components.len().saturating_sub(2)..];
        let tail: PathBuf = tail.iter().collect();
        hasher.update(tail.as_os_str().as_encoded_bytes());
    } else {
        hasher.update(path.as_os_str().as_encoded_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digest(path: &str) -> Vec<u8> {
        let mut hasher = Md5::new();
        hash_path_for_cuid(&mut hasher, Path::new(path));
        hasher.finalize().to_vec()
    }

    #[test]
    fn cuid_paths_ignore_the_build_location() {
        // See: issue 11 (the same object bytes from two build trees).
        assert_eq!(
            digest("/tmp/a/src/kernels.hip"),
            digest("/home/b/c/src/kernels.hip")
        );
        assert_eq!(digest("/tmp/a/src/kernels.hip"), digest("src/kernels.hip"));
        assert_ne!(
            digest("/tmp/a/src/kernels.hip"),
            digest("/tmp/a/lib/kernels.hip")
        );
        assert_ne!(digest("one/src/kernels.hip"), digest("two/src/kernels.hip"));
    }
}
