//! The driver's failures, as data, and their rendering as diagnostics.
//!
//! Three channels (STYLE.md §3): a user error is a [`DriverError`] rendered as a
//! diagnostic with exit 1; a failing tool is [`DriverError::ToolFailed`] (its
//! stderr was already passed through) with the tool's own status; a bug of ours
//! is [`DriverError::Internal`], exit 101.

use std::path::PathBuf;

use diagnostics::{Diagnostic, FileId};

#[derive(Debug, thiserror::Error)]
pub enum DriverError {
    #[error("unknown argument '{arg}'")]
    UnknownArgument { arg: String },
    #[error("argument to '{option}' is missing (expected 1 value)")]
    MissingValue { option: String },
    #[error("invalid value '{value}' in '{option}'")]
    BadValue { option: String, value: String },
    #[error("language not recognized: '{lang}'")]
    UnknownLanguage { lang: String },
    #[error("invalid optimization level '-O{level}'")]
    BadOptLevel { level: String },
    #[error("invalid offload arch '{arch}': {reason}")]
    BadOffloadArch { arch: String, reason: String },
    #[error("invalid offload arch combinations: '{first}' and '{second}'")]
    ConflictingOffloadArchs { first: String, second: String },
    #[error("`--offload-arch=native` found no GPU")]
    NoNativeGpu,
    #[error("no input files")]
    NoInputFiles,
    #[error("reading source from stdin (`-`) is not supported")]
    StdinInput,
    #[error("no such file or directory: '{}'", path.display())]
    MissingInput { path: PathBuf },
    #[error("'{}' is a directory, not an input file", path.display())]
    InputIsDirectory { path: PathBuf },
    /// A `.o` or `.a` input whose first bytes are not an object file's or an archive's.
    #[error("'{}' is not {what}: it does not start with {expected}", path.display())]
    InputNotItsKind {
        path: PathBuf,
        what: &'static str,
        expected: &'static str,
    },
    #[error("output file '{}' is also an input", path.display())]
    OutputIsInput { path: PathBuf },
    #[error("cannot specify -o when generating multiple output files")]
    OutputWithMultipleFiles,
    /// A HIP source's `-E` output (`-x hip-cpp-output`) without the text of a side the
    /// compile needs; `found` lists the sides it has (empty: the text is one side's alone).
    #[error("`{}` holds no preprocessed text for {side}{}", path.display(), if found.is_empty() { ": it is one side's `-E` output, not a bundle of every side's".to_owned() } else { format!(" (it has {})", found.join(", ")) })]
    PreprocessedSideMissing {
        path: PathBuf,
        side: String,
        found: Vec<String>,
    },
    /// `-fgpu-rdc` link: no input object holds device code for a target.
    #[error("no relocatable device code for `{arch}` in the link inputs")]
    NoRdcCode { arch: String },
    #[error("unsupported argument '{name}' to option '{option}'")]
    UnsupportedSanitizer { option: String, name: String },
    /// An nvcc option for a mode or output oxhip does not have (`-dlink`, `-lib`, `-ptx`).
    #[error("nvcc option '{option}' is not supported")]
    UnsupportedNvccOption { option: String, hint: &'static str },
    #[error("cannot find `{tool}`: {hint}")]
    ToolNotFound { tool: String, hint: String },
    #[error("{message}")]
    Io { message: String },
    #[error("{message}")]
    Codegen { message: String },
    /// Inline assembly the target cannot assemble, at `location` when it is known.
    #[error("{message}")]
    InlineAsm {
        message: String,
        /// The statement, as codegen quoted it.
        statement: String,
        location: Option<codegen::SourceLine>,
    },
    #[error("{message}")]
    Bundle { message: String },
    /// A subprocess failed; its stderr has been passed through already.
    #[error("`{command}` failed with exit status {status} (use -v to see the invocation)")]
    ToolFailed { command: String, status: i32 },
    #[error("internal error: {message}")]
    Internal { message: String },
}

impl DriverError {
    /// The process exit status for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            DriverError::ToolFailed { status, .. } => *status,
            DriverError::Internal { .. } => 101,
            _ => 1,
        }
    }

    /// A stable kebab-case code for the diagnostic.
    pub fn code(&self) -> &'static str {
        match self {
            DriverError::UnknownArgument { .. } => "unknown-argument",
            DriverError::MissingValue { .. } | DriverError::BadValue { .. } => "bad-argument",
            DriverError::UnknownLanguage { .. } => "unknown-language",
            DriverError::BadOptLevel { .. } => "bad-opt-level",
            DriverError::BadOffloadArch { .. }
            | DriverError::ConflictingOffloadArchs { .. }
            | DriverError::NoNativeGpu => "bad-offload-arch",
            DriverError::NoInputFiles
            | DriverError::StdinInput
            | DriverError::MissingInput { .. }
            | DriverError::InputIsDirectory { .. }
            | DriverError::InputNotItsKind { .. } => "input",
            DriverError::OutputIsInput { .. } | DriverError::OutputWithMultipleFiles => "output",
            DriverError::UnsupportedSanitizer { .. }
            | DriverError::UnsupportedNvccOption { .. } => "unsupported",
            DriverError::NoRdcCode { .. } => "rdc",
            DriverError::PreprocessedSideMissing { .. } => "preprocessed-side",
            DriverError::ToolNotFound { .. } => "tool-not-found",
            DriverError::Io { .. } => "io",
            DriverError::Codegen { .. } => "codegen",
            DriverError::InlineAsm { .. } => "inline-asm",
            DriverError::Bundle { .. } => "bundle",
            DriverError::ToolFailed { .. } => "tool-failed",
            DriverError::Internal { .. } => "internal",
        }
    }

    pub fn to_diagnostic(&self) -> Diagnostic<FileId> {
        let diagnostic = Diagnostic::error().with_message(self.to_string());
        match self {
            DriverError::Internal { .. } => diagnostic.with_notes(vec![
                "this is a bug in oxhip; please report it with the command line (`-v` shows it)"
                    .to_owned(),
            ]),
            DriverError::NoRdcCode { .. } => diagnostic.with_notes(vec![
                "compile the objects with `-fgpu-rdc` and the same `--offload-arch` list as the link"
                    .to_owned(),
            ]),
            DriverError::PreprocessedSideMissing { .. } => diagnostic.with_notes(vec![
                "preprocess with the same `--offload-arch` list as the compile (`-E` writes a side for the host and one for each target), or leave `--offload-arch` out to compile the sides the file has".to_owned(),
            ]),
            DriverError::UnsupportedSanitizer { .. } => diagnostic.with_notes(vec![
                "oxhip supports `-fsanitize=address` and `-fsanitize=undefined`".to_owned(),
            ]),
            DriverError::UnsupportedNvccOption { hint, .. } => {
                diagnostic.with_notes(vec![(*hint).to_owned()])
            }
            DriverError::InlineAsm { .. } => diagnostic.with_notes(vec![
                "keep assembly for one GPU vendor under `#if defined(__gfx942__)`-style or `__CUDA_ARCH__` guards; `--offload-arch` compiles every kernel for every target".to_owned(),
            ]),
            DriverError::ToolFailed { .. } => diagnostic,
            _ => diagnostic,
        }
    }
}
