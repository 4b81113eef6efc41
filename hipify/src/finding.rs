//! Findings: what the translator could not translate or wants a person to look at, each with
//! a stable kebab-case code (so that it can be silenced) and a span, and its conversion to a
//! codespan diagnostic. Rendering to text is the caller's job (`diagnostics::SourceMap`).

use diagnostics::{Diagnostic, FileId, Label, Span};

/// Something the translator reports about a place in the source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// What was found.
    pub kind: FindingKind,
    /// Where.
    pub span: Span,
}

/// The kinds of finding, one stable code each (see [`Finding::code`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FindingKind {
    /// HIP (or ROC, with `--roc`/`--miopen`) has no equivalent; left unchanged.
    UnsupportedApi { name: String, target: &'static str },
    /// The HIP equivalent is experimental; translated only with `--experimental`.
    ExperimentalApi { name: String, hip: String },
    /// A legacy cuBLAS name whose HIP counterpart is its `_v2` form, in a file that does not
    /// include `cublas_v2.h`; left unchanged, as hipify-clang leaves it.
    CublasV2Only { name: String },
    /// CUDA deprecated the name (it is still translated).
    DeprecatedApi { name: String, version: String },
    /// CUDA removed the name (it is still translated where HIP has it).
    RemovedApi { name: String, version: String },
    /// HIP deprecated or removed its equivalent.
    HipDeprecatedApi {
        name: String,
        hip: String,
        version: String,
    },
    /// Inline assembly: PTX does not assemble for AMD GPUs.
    InlineAsm,
    /// A `0xffffffff` lane mask assumes 32 lanes; AMD wavefronts have 64.
    FullWarpMask,
    /// A literal 32 (or 31, 5) used as warp width, lane mask or shift.
    WarpSize { literal: String },
    /// `__activemask` returns a 64-bit mask on 64-wide wavefronts.
    ActiveMask,
    /// HIP provides the API, but it behaves differently.
    BehaviorDiffers { name: String, note: &'static str },
    /// `h.x` of a `half2` rewritten to `reinterpret_cast<half&>(h.x)` (hipify-clang's
    /// undocumented-feature rule).
    Half2Member { expression: String },
    /// A `<<<…>>>` launch that could not be rewritten (unbalanced or unusual syntax).
    LaunchNotRewritten,
    /// An argument HIP's counterpart has no parameter for was removed (1-based position).
    ArgumentRemoved { name: String, position: usize },
}

impl Finding {
    /// The stable code of the finding, as shown in `warning[code]` and accepted by
    /// `--no-warn`.
    pub fn code(&self) -> &'static str {
        match self.kind {
            FindingKind::UnsupportedApi { .. } => "unsupported-api",
            FindingKind::ExperimentalApi { .. } => "experimental-api",
            FindingKind::CublasV2Only { .. } => "cublas-v2-only",
            FindingKind::DeprecatedApi { .. } => "deprecated-api",
            FindingKind::RemovedApi { .. } => "removed-api",
            FindingKind::HipDeprecatedApi { .. } => "hip-deprecated-api",
            FindingKind::InlineAsm => "inline-asm",
            FindingKind::FullWarpMask => "full-warp-mask",
            FindingKind::WarpSize { .. } => "warp-size",
            FindingKind::ActiveMask => "activemask",
            FindingKind::BehaviorDiffers { .. } => "behavior-differs",
            FindingKind::LaunchNotRewritten => "launch-not-rewritten",
            FindingKind::Half2Member { .. } => "half2-member",
            FindingKind::ArgumentRemoved { .. } => "argument-removed",
        }
    }

    /// The finding as a diagnostic pointing into `self.span.file`.
    pub fn to_diagnostic(&self) -> Diagnostic<FileId> {
        let (message, label) = match &self.kind {
            FindingKind::UnsupportedApi { name, target } => (
                format!("`{name}` has no {target} equivalent"),
                "left unchanged".to_owned(),
            ),
            FindingKind::ExperimentalApi { name, hip } => (
                format!("`{name}` maps to `{hip}`, which is experimental in HIP"),
                "left unchanged; pass `--experimental` to translate".to_owned(),
            ),
            FindingKind::CublasV2Only { name } => (
                format!("only the `_v2` form of `{name}` has a HIP equivalent"),
                "left unchanged; include `cublas_v2.h` to translate".to_owned(),
            ),
            FindingKind::DeprecatedApi { name, version } => (
                format!("`{name}` is deprecated since CUDA {version}"),
                "translated".to_owned(),
            ),
            FindingKind::RemovedApi { name, version } => (
                format!("`{name}` was removed in CUDA {version}"),
                "translated where HIP has it".to_owned(),
            ),
            FindingKind::HipDeprecatedApi { name, hip, version } => (
                format!(
                    "`{name}` maps to `{hip}`, which is deprecated or removed since HIP {version}"
                ),
                "translated".to_owned(),
            ),
            FindingKind::InlineAsm => (
                "inline assembly does not port to AMD GPUs".to_owned(),
                "PTX here; rewrite with builtins or guard with `__HIP_PLATFORM_NVIDIA__`"
                    .to_owned(),
            ),
            FindingKind::FullWarpMask => (
                "full-warp mask assumes 32 lanes".to_owned(),
                "AMD wavefronts have 64 lanes; use a 64-bit mask or `__activemask()`".to_owned(),
            ),
            FindingKind::WarpSize { literal } => (
                format!("`{literal}` looks like a warp-size assumption"),
                "use `warpSize`: AMD wavefronts have 64 lanes".to_owned(),
            ),
            FindingKind::ActiveMask => (
                "`__activemask` returns a 64-bit mask on AMD GPUs".to_owned(),
                "store it in a 64-bit integer".to_owned(),
            ),
            FindingKind::BehaviorDiffers { name, note } => (
                format!("`{name}` behaves differently in HIP"),
                (*note).to_owned(),
            ),
            FindingKind::Half2Member { expression } => (
                format!("`{expression}` reads a member of `half2` that CUDA does not document"),
                "rewritten as `reinterpret_cast<half&>(…)`, as hipify-clang does".to_owned(),
            ),
            FindingKind::LaunchNotRewritten => (
                "kernel launch not rewritten".to_owned(),
                "could not find the launch's parts; `<<<…>>>` kept".to_owned(),
            ),
            FindingKind::ArgumentRemoved { name, position } => (
                format!("argument {position} of `{name}` has no HIP counterpart"),
                "removed: what it passed is lost".to_owned(),
            ),
        };
        Diagnostic::warning()
            .with_code(self.code())
            .with_message(message)
            .with_labels(vec![Label::primary(
                self.span.file,
                self.span.range.clone(),
            )
            .with_message(label)])
    }
}
