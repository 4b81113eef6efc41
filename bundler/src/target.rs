//! Offload targets: processors, AMDGPU target IDs, and bundle entry IDs.
//!
//! This file knows the processor names LLVM 22 accepts and the rules of
//! hip-abi.md §2.2 (entry ID syntax) and §2.3 (target-ID features), and it
//! decides whether an image built for one target runs on a given device.
//! It does not read or write bundles; see `flat.rs` and `compress.rs`.

use std::fmt;
use std::str::FromStr;

use crate::BundleError;

/// Triple of AMD GPU code objects (hip-abi.md §2.2).
pub const AMDGCN_TRIPLE: &str = "amdgcn-amd-amdhsa";
/// Triple of NVIDIA PTX and cubin images.
pub const NVPTX_TRIPLE: &str = "nvptx64-nvidia-cuda";
/// Triple of the host, and of a future CPU offload target.
pub const HOST_TRIPLE: &str = "x86_64-unknown-linux-gnu";

/// One AMDGPU processor LLVM 22 knows, with the target-ID features it accepts.
///
/// This table is the project's one list of AMDGPU processors: the driver's `--offload-arch`
/// check and codegen's target check derive from it ([`amdgpu_processor`]).
#[derive(Debug)]
pub struct AmdProcessor {
    pub name: &'static str,
    /// `xnack` may appear in a target ID for this processor.
    pub xnack: bool,
    /// `sramecc` may appear in a target ID for this processor.
    pub sramecc: bool,
    /// Default wavefront size: 64 up to gfx9, 32 from gfx10 on.
    pub wave: u32,
    /// For a generic processor (`gfx9-generic`, …), the processors it runs on.
    pub generic_of: &'static [&'static str],
}

const fn amd(name: &'static str, xnack: bool, sramecc: bool, wave: u32) -> AmdProcessor {
    AmdProcessor {
        name,
        xnack,
        sramecc,
        wave,
        generic_of: &[],
    }
}

const fn amd_generic(
    name: &'static str,
    xnack: bool,
    sramecc: bool,
    wave: u32,
    generic_of: &'static [&'static str],
) -> AmdProcessor {
    AmdProcessor {
        name,
        xnack,
        sramecc,
        wave,
        generic_of,
    }
}

/// Every `gfx*` processor of LLVM 22 (`llc -march=amdgcn -mcpu=help`).
///
/// The feature columns were measured with clang 22: `--offload-arch=<p>:xnack+`
/// and `:sramecc+` are accepted exactly where they are `true` here. The generic
/// families follow LLVM's AMDGPUUsage table of generic processors.
const AMD_PROCESSORS: &[AmdProcessor] = &[
    amd("gfx600", false, false, 64),
    amd("gfx601", false, false, 64),
    amd("gfx602", false, false, 64),
    amd("gfx700", false, false, 64),
    amd("gfx701", false, false, 64),
    amd("gfx702", false, false, 64),
    amd("gfx703", false, false, 64),
    amd("gfx704", false, false, 64),
    amd("gfx705", false, false, 64),
    amd("gfx801", true, false, 64),
    amd("gfx802", false, false, 64),
    amd("gfx803", false, false, 64),
    amd("gfx805", false, false, 64),
    amd("gfx810", true, false, 64),
    amd("gfx900", true, false, 64),
    amd("gfx902", true, false, 64),
    amd("gfx904", true, false, 64),
    amd("gfx906", true, true, 64),
    amd("gfx908", true, true, 64),
    amd("gfx909", true, false, 64),
    amd("gfx90a", true, true, 64),
    amd("gfx90c", true, false, 64),
    amd("gfx942", true, true, 64),
    amd("gfx950", true, true, 64),
    amd("gfx1010", true, false, 32),
    amd("gfx1011", true, false, 32),
    amd("gfx1012", true, false, 32),
    amd("gfx1013", true, false, 32),
    amd("gfx1030", false, false, 32),
    amd("gfx1031", false, false, 32),
    amd("gfx1032", false, false, 32),
    amd("gfx1033", false, false, 32),
    amd("gfx1034", false, false, 32),
    amd("gfx1035", false, false, 32),
    amd("gfx1036", false, false, 32),
    amd("gfx1100", false, false, 32),
    amd("gfx1101", false, false, 32),
    amd("gfx1102", false, false, 32),
    amd("gfx1103", false, false, 32),
    amd("gfx1150", false, false, 32),
    amd("gfx1151", false, false, 32),
    amd("gfx1152", false, false, 32),
    amd("gfx1153", false, false, 32),
    amd("gfx1200", false, false, 32),
    amd("gfx1201", false, false, 32),
    amd("gfx1250", false, false, 32),
    amd("gfx1251", false, false, 32),
    amd_generic(
        "gfx9-generic",
        true,
        false,
        64,
        &["gfx900", "gfx902", "gfx904", "gfx906", "gfx909", "gfx90c"],
    ),
    amd_generic("gfx9-4-generic", true, true, 64, &["gfx942", "gfx950"]),
    amd_generic(
        "gfx10-1-generic",
        true,
        false,
        32,
        &["gfx1010", "gfx1011", "gfx1012", "gfx1013"],
    ),
    amd_generic(
        "gfx10-3-generic",
        false,
        false,
        32,
        &[
            "gfx1030", "gfx1031", "gfx1032", "gfx1033", "gfx1034", "gfx1035", "gfx1036",
        ],
    ),
    amd_generic(
        "gfx11-generic",
        false,
        false,
        32,
        &[
            "gfx1100", "gfx1101", "gfx1102", "gfx1103", "gfx1150", "gfx1151", "gfx1152", "gfx1153",
        ],
    ),
    amd_generic("gfx12-generic", false, false, 32, &["gfx1200", "gfx1201"]),
];

/// Suffix of an NVIDIA processor name (`sm_90`, `sm_90a`, `sm_100f`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SmSuffix {
    None,
    A,
    F,
}

/// One NVIDIA processor LLVM 22 knows, with the lowest PTX ISA version (× 10) LLVM 22
/// emits for it (`llc-22 -mcpu=sm_NN -mattr=+ptx32` asks for it).
///
/// This table is the project's one list of NVIDIA processors: the driver's `--offload-arch`
/// check and the PTX ISA it asks codegen for, and codegen's target check, derive from it
/// ([`nvidia_processor`]).
#[derive(Debug)]
pub struct NvidiaProcessor {
    /// The compute capability × 10 (`90` for `sm_90a`).
    pub sm: u32,
    pub suffix: SmSuffix,
    pub min_ptx_isa: u32,
}

const fn nv(sm: u32, suffix: SmSuffix, min_ptx_isa: u32) -> NvidiaProcessor {
    NvidiaProcessor {
        sm,
        suffix,
        min_ptx_isa,
    }
}

/// Every `sm_*` processor from sm_50 on that LLVM 22's NVPTX backend knows
/// (`llc -march=nvptx64 -mcpu=help`); clang 22's own offload-arch table lacks
/// the `f` variants, see [`OffloadArch::parse`]. Older processors (sm_2x, sm_3x) are
/// left out on purpose: no supported CUDA release runs them.
const NVIDIA_PROCESSORS: &[NvidiaProcessor] = &[
    nv(50, SmSuffix::None, 40),
    nv(52, SmSuffix::None, 41),
    nv(53, SmSuffix::None, 42),
    nv(60, SmSuffix::None, 50),
    nv(61, SmSuffix::None, 50),
    nv(62, SmSuffix::None, 50),
    nv(70, SmSuffix::None, 60),
    nv(72, SmSuffix::None, 61),
    nv(75, SmSuffix::None, 63),
    nv(80, SmSuffix::None, 70),
    nv(86, SmSuffix::None, 71),
    nv(87, SmSuffix::None, 74),
    nv(88, SmSuffix::None, 90),
    nv(89, SmSuffix::None, 78),
    nv(90, SmSuffix::None, 78),
    nv(90, SmSuffix::A, 80),
    nv(100, SmSuffix::None, 86),
    nv(100, SmSuffix::A, 86),
    nv(100, SmSuffix::F, 86),
    nv(101, SmSuffix::None, 86),
    nv(101, SmSuffix::A, 86),
    nv(101, SmSuffix::F, 86),
    nv(103, SmSuffix::None, 88),
    nv(103, SmSuffix::A, 88),
    nv(103, SmSuffix::F, 88),
    nv(110, SmSuffix::None, 90),
    nv(110, SmSuffix::A, 90),
    nv(110, SmSuffix::F, 90),
    nv(120, SmSuffix::None, 87),
    nv(120, SmSuffix::A, 87),
    nv(120, SmSuffix::F, 87),
    nv(121, SmSuffix::None, 88),
    nv(121, SmSuffix::A, 88),
    nv(121, SmSuffix::F, 88),
];

/// The AMDGPU processor called `name` (`gfx942`, `gfx9-4-generic`), if LLVM 22 knows it.
pub fn amdgpu_processor(name: &str) -> Option<&'static AmdProcessor> {
    amd_processor(name)
}

/// Every AMDGPU processor of the table.
pub fn amdgpu_processors() -> &'static [AmdProcessor] {
    AMD_PROCESSORS
}

/// Every NVIDIA processor of the table.
pub fn nvidia_processors() -> &'static [NvidiaProcessor] {
    NVIDIA_PROCESSORS
}

/// The NVIDIA processor `sm_<sm>` with `suffix`, if LLVM 22 knows it.
pub fn nvidia_processor(sm: u32, suffix: SmSuffix) -> Option<&'static NvidiaProcessor> {
    NVIDIA_PROCESSORS
        .iter()
        .find(|it| it.sm == sm && it.suffix == suffix)
}

fn amd_processor(name: &str) -> Option<&'static AmdProcessor> {
    AMD_PROCESSORS.iter().find(|it| it.name == name)
}

/// Splits `sm_90a` into `(90, A)`; `None` for names that are not in the table.
fn parse_sm(name: &str) -> Option<(u32, SmSuffix)> {
    let rest = name.strip_prefix("sm_")?;
    let (digits, suffix) = match rest.as_bytes().last()? {
        b'a' => (&rest[..rest.len() - 1], SmSuffix::A),
        b'f' => (&rest[..rest.len() - 1], SmSuffix::F),
        _ => (rest, SmSuffix::None),
    };
    if digits.is_empty() || !digits.bytes().all(|it| it.is_ascii_digit()) || digits.starts_with('0')
    {
        return None;
    }
    let sm: u32 = digits.parse().ok()?;
    nvidia_processor(sm, suffix).map(|_| (sm, suffix))
}

/// True when `name` is a processor this crate knows (used to find where the
/// target ID starts inside an entry ID, hip-abi.md §2.2).
fn is_known_processor(name: &str) -> bool {
    amd_processor(name).is_some() || parse_sm(name).is_some()
}

/// The kind part of a bundle entry ID (hip-abi.md §2.2).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum OffloadKind {
    /// `host`: the host placeholder entry.
    Host,
    /// `hip`: RDC bitcode, or the new offload driver's code objects.
    Hip,
    /// `hipv4`: a code object whose entry ID carries the full target ID.
    HipV4,
    /// `hcc`: legacy kind the HIP runtime still accepts.
    Hcc,
    /// `openmp`.
    Openmp,
    /// Any other kind; readers keep such entries and ignore them.
    Other(String),
}

impl OffloadKind {
    /// The spelling in an entry ID.
    pub fn as_str(&self) -> &str {
        match self {
            OffloadKind::Host => "host",
            OffloadKind::Hip => "hip",
            OffloadKind::HipV4 => "hipv4",
            OffloadKind::Hcc => "hcc",
            OffloadKind::Openmp => "openmp",
            OffloadKind::Other(kind) => kind,
        }
    }

    fn from_name(name: &str) -> OffloadKind {
        match name {
            "host" => OffloadKind::Host,
            "hip" => OffloadKind::Hip,
            "hipv4" => OffloadKind::HipV4,
            "hcc" => OffloadKind::Hcc,
            "openmp" => OffloadKind::Openmp,
            other => OffloadKind::Other(other.to_owned()),
        }
    }

    /// True for the kinds whose images the HIP runtime loads (hip-abi.md §2.5).
    pub fn is_hip(&self) -> bool {
        matches!(
            self,
            OffloadKind::Hip | OffloadKind::HipV4 | OffloadKind::Hcc
        )
    }
}

impl fmt::Display for OffloadKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An AMDGPU target ID: a processor and the `xnack`/`sramecc` settings it
/// pins (hip-abi.md §2.3).
///
/// A feature absent from `features` means "any". [`TargetId::parse`] keeps
/// `features` sorted by name, which is the order clang writes and the order the
/// HIP runtime's parser requires (hip-abi.md §0.7).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct TargetId {
    pub processor: String,
    pub features: Vec<(String, bool)>,
}

impl TargetId {
    /// Parses `gfx942`, `gfx90a:xnack+`, `gfx90a:xnack+:sramecc-` (any order in,
    /// sorted out).
    ///
    /// Errors: unknown processor, a feature other than `xnack`/`sramecc`, a
    /// feature the processor does not support (for example `gfx1100:xnack+`), a
    /// feature given twice, or a feature without its `+`/`-`.
    pub fn parse(text: &str) -> Result<TargetId, BundleError> {
        let mut parts = text.split(':');
        let processor = parts.next().unwrap_or_default();
        let Some(info) = amd_processor(processor) else {
            return Err(BundleError::UnknownProcessor {
                name: processor.to_owned(),
            });
        };
        let mut features: Vec<(String, bool)> = Vec::new();
        for part in parts {
            let (name, enabled) = match part.as_bytes().last() {
                Some(b'+') => (&part[..part.len() - 1], true),
                Some(b'-') => (&part[..part.len() - 1], false),
                _ => {
                    return Err(BundleError::MalformedTargetId {
                        text: text.to_owned(),
                    })
                }
            };
            let supported = match name {
                "xnack" => info.xnack,
                "sramecc" => info.sramecc,
                _ => {
                    return Err(BundleError::UnknownFeature {
                        target_id: text.to_owned(),
                        feature: name.to_owned(),
                    })
                }
            };
            if !supported {
                return Err(BundleError::UnsupportedFeature {
                    processor: processor.to_owned(),
                    feature: name.to_owned(),
                });
            }
            if features.iter().any(|(seen, _)| seen == name) {
                return Err(BundleError::DuplicateFeature {
                    target_id: text.to_owned(),
                    feature: name.to_owned(),
                });
            }
            features.push((name.to_owned(), enabled));
        }
        features.sort();
        Ok(TargetId {
            processor: processor.to_owned(),
            features,
        })
    }

    /// The setting of one feature: `Some(true)` for `+`, `Some(false)` for
    /// `-`, `None` when the target ID leaves it open ("any").
    pub fn feature(&self, name: &str) -> Option<bool> {
        self.features
            .iter()
            .find(|(feature, _)| feature == name)
            .map(|(_, enabled)| *enabled)
    }

    /// The features as LLVM target features: `+sramecc,-xnack`; empty when none.
    pub fn llvm_features(&self) -> String {
        let mut sorted = self.features.clone();
        sorted.sort();
        sorted
            .iter()
            .map(|(name, enabled)| format!("{}{name}", if *enabled { '+' } else { '-' }))
            .collect::<Vec<_>>()
            .join(",")
    }
}

impl fmt::Display for TargetId {
    /// Writes the processor and then the features sorted by name, like clang.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.processor)?;
        let mut sorted: Vec<&(String, bool)> = self.features.iter().collect();
        sorted.sort();
        for (name, enabled) in sorted {
            write!(f, ":{name}{}", if *enabled { '+' } else { '-' })?;
        }
        Ok(())
    }
}

impl FromStr for TargetId {
    type Err = BundleError;

    fn from_str(text: &str) -> Result<TargetId, BundleError> {
        TargetId::parse(text)
    }
}

/// One offload target: what `--offload-arch=` names.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum OffloadArch {
    /// An AMD GPU, `gfx942` or `gfx90a:sramecc-:xnack+`.
    Amdgcn(TargetId),
    /// An NVIDIA GPU, `sm_90` (PTX or cubin).
    ///
    /// `arch_specific` is the `a` suffix (`sm_90a`: only for exactly that
    /// processor); `family_specific` is the `f` suffix (`sm_100f`: for the
    /// processors of one family from this one on). At most one of them is true.
    Nvptx {
        sm: u32,
        arch_specific: bool,
        family_specific: bool,
    },
    /// Device code compiled for the host CPU (a later CPU offload target).
    Host,
}

impl OffloadArch {
    /// Parses an offload arch as written on the command line: `gfx942`,
    /// `gfx90a:xnack+`, `gfx9-4-generic`, `sm_90`, `sm_90a`, `sm_100f`, or
    /// `host`/`cpu` (both mean [`OffloadArch::Host`]).
    ///
    /// The `sm_*f` variants are known to LLVM 22's NVPTX backend but not to
    /// clang 22's offload-arch table: `clang --offload-arch=sm_100f` is
    /// rejected, and `clang-offload-bundler` drops such a target ID when it
    /// bundles (it still lists and unbundles an entry we wrote).
    pub fn parse(text: &str) -> Result<OffloadArch, BundleError> {
        if text == "host" || text == "cpu" {
            return Ok(OffloadArch::Host);
        }
        if text.starts_with("sm_") {
            let Some((sm, suffix)) = parse_sm(text) else {
                return Err(BundleError::UnknownProcessor {
                    name: text.to_owned(),
                });
            };
            return Ok(OffloadArch::Nvptx {
                sm,
                arch_specific: suffix == SmSuffix::A,
                family_specific: suffix == SmSuffix::F,
            });
        }
        TargetId::parse(text).map(OffloadArch::Amdgcn)
    }

    /// The target triple: `amdgcn-amd-amdhsa`, `nvptx64-nvidia-cuda` or
    /// `x86_64-unknown-linux-gnu`.
    pub fn triple(&self) -> &'static str {
        match self {
            OffloadArch::Amdgcn(_) => AMDGCN_TRIPLE,
            OffloadArch::Nvptx { .. } => NVPTX_TRIPLE,
            OffloadArch::Host => HOST_TRIPLE,
        }
    }

    /// The entry ID clang writes for this target (hip-abi.md §2.2):
    /// `hipv4-amdgcn-amd-amdhsa--gfx942`,
    /// `hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack+`,
    /// `hipv4-nvptx64-nvidia-cuda-unknown-sm_90` (four-component triple), and
    /// for [`OffloadArch::Host`] `hipv4-x86_64-unknown-linux-gnu-` (empty
    /// target ID, which is what clang-offload-bundler itself writes for a CPU
    /// target; the host placeholder is [`EntryId::host`] instead).
    pub fn bundle_entry_id(&self) -> EntryId {
        let (triple, target_id) = match self {
            OffloadArch::Amdgcn(target_id) => (format!("{AMDGCN_TRIPLE}-"), target_id.to_string()),
            OffloadArch::Nvptx { .. } => (format!("{NVPTX_TRIPLE}-unknown"), self.processor()),
            OffloadArch::Host => (HOST_TRIPLE.to_owned(), String::new()),
        };
        EntryId {
            kind: OffloadKind::HipV4,
            triple,
            target_id,
        }
    }

    pub fn is_amdgcn(&self) -> bool {
        matches!(self, OffloadArch::Amdgcn(_))
    }

    pub fn is_nvptx(&self) -> bool {
        matches!(self, OffloadArch::Nvptx { .. })
    }

    pub fn is_host(&self) -> bool {
        matches!(self, OffloadArch::Host)
    }

    /// The processor name without features: `gfx90a`, `sm_90a`, `host`
    /// (what `-target-cpu` takes for the GPUs).
    pub fn processor(&self) -> String {
        match self {
            OffloadArch::Amdgcn(target_id) => target_id.processor.clone(),
            OffloadArch::Nvptx {
                sm,
                arch_specific,
                family_specific,
            } => {
                let suffix = if *arch_specific {
                    "a"
                } else if *family_specific {
                    "f"
                } else {
                    ""
                };
                format!("sm_{sm}{suffix}")
            }
            OffloadArch::Host => "host".to_owned(),
        }
    }

    /// The AMDGPU target ID, `None` for other targets.
    pub fn target_id(&self) -> Option<&TargetId> {
        match self {
            OffloadArch::Amdgcn(target_id) => Some(target_id),
            _ => None,
        }
    }

    /// The default wavefront (warp) size: 64 up to gfx9 (and the gfx9 generic
    /// targets), 32 from gfx10 on and on NVIDIA; `None` for the host.
    pub fn wavefront_size(&self) -> Option<u32> {
        match self {
            OffloadArch::Amdgcn(target_id) => {
                amd_processor(&target_id.processor).map(|info| info.wave)
            }
            OffloadArch::Nvptx { .. } => Some(32),
            OffloadArch::Host => None,
        }
    }

    /// The SM number (`90` for `sm_90a`), `None` for other targets.
    pub fn sm(&self) -> Option<u32> {
        match self {
            OffloadArch::Nvptx { sm, .. } => Some(*sm),
            _ => None,
        }
    }

    /// True when `self` is a generic AMDGPU processor (`gfx9-generic`, …).
    pub fn is_generic(&self) -> bool {
        match self {
            OffloadArch::Amdgcn(target_id) => {
                amd_processor(&target_id.processor).is_some_and(|info| !info.generic_of.is_empty())
            }
            _ => false,
        }
    }
}

impl fmt::Display for OffloadArch {
    /// Writes the `--offload-arch=` spelling: `gfx90a:sramecc-:xnack+`,
    /// `sm_90a`, `host`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OffloadArch::Amdgcn(target_id) => write!(f, "{target_id}"),
            _ => f.write_str(&self.processor()),
        }
    }
}

impl FromStr for OffloadArch {
    type Err = BundleError;

    fn from_str(text: &str) -> Result<OffloadArch, BundleError> {
        OffloadArch::parse(text)
    }
}

/// A bundle entry ID, `<kind>-<triple>-<target-id>` (hip-abi.md §2.2).
///
/// The fields hold the text exactly as found, so that `Display` gives back
/// the same bytes: `triple` keeps clang's normalised spelling, which for
/// `amdhsa` ends in a `-` (empty environment: `amdgcn-amd-amdhsa-`), for NVPTX
/// has four components (`nvptx64-nvidia-cuda-unknown`), and for the host is
/// `x86_64-unknown-linux-gnu`. `target_id` is empty for the host entry.
/// Use [`EntryId::offload_arch`] for the meaning.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct EntryId {
    pub kind: OffloadKind,
    pub triple: String,
    pub target_id: String,
}

impl EntryId {
    /// The host placeholder entry the driver always writes first:
    /// `host-x86_64-unknown-linux-gnu-`.
    pub fn host() -> EntryId {
        EntryId {
            kind: OffloadKind::Host,
            triple: HOST_TRIPLE.to_owned(),
            target_id: String::new(),
        }
    }

    /// Parses an entry ID.
    ///
    /// The kind ends at the first `-`. The target ID is the longest suffix
    /// after a `-` that starts with a known processor (`gfx9-4-generic`
    /// contains dashes itself); when there is none, it is whatever follows the
    /// last `-` (often empty). The triple is the text in between.
    pub fn parse(text: &str) -> Result<EntryId, BundleError> {
        let malformed = || BundleError::MalformedEntryId {
            text: text.to_owned(),
        };
        let (kind, rest) = text.split_once('-').ok_or_else(malformed)?;
        if kind.is_empty() {
            return Err(malformed());
        }
        // Features follow the first `:`; the processor and triple precede it.
        let before_features = rest.split(':').next().unwrap_or_default();
        let split_at = before_features
            .match_indices('-')
            .map(|(index, _)| index)
            .find(|index| is_known_processor(&before_features[index + 1..]))
            .or_else(|| before_features.rfind('-'))
            .ok_or_else(malformed)?;
        let (triple, target_id) = (&rest[..split_at], &rest[split_at + 1..]);
        if triple.is_empty() {
            return Err(malformed());
        }
        Ok(EntryId {
            kind: OffloadKind::from_name(kind),
            triple: triple.to_owned(),
            target_id: target_id.to_owned(),
        })
    }

    /// The triple's architecture component: `amdgcn`, `nvptx64`, `x86_64`.
    pub fn arch_name(&self) -> &str {
        self.triple.split('-').next().unwrap_or_default()
    }

    /// What this entry was built for.
    ///
    /// `amdgcn` entries need a valid target ID, `nvptx`/`nvptx64` entries a
    /// known `sm_*`; an `x86_64` entry with an empty target ID is
    /// [`OffloadArch::Host`]. The kind is not looked at: the host placeholder
    /// also gives [`OffloadArch::Host`].
    pub fn offload_arch(&self) -> Result<OffloadArch, BundleError> {
        match self.arch_name() {
            "amdgcn" => TargetId::parse(&self.target_id).map(OffloadArch::Amdgcn),
            "nvptx64" | "nvptx" if self.target_id.starts_with("sm_") => {
                OffloadArch::parse(&self.target_id)
            }
            "x86_64" if self.target_id.is_empty() || self.target_id == "host" => {
                Ok(OffloadArch::Host)
            }
            _ => Err(BundleError::UnknownTarget {
                entry_id: self.to_string(),
            }),
        }
    }
}

impl fmt::Display for EntryId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}-{}", self.kind, self.triple, self.target_id)
    }
}

impl FromStr for EntryId {
    type Err = BundleError;

    fn from_str(text: &str) -> Result<EntryId, BundleError> {
        EntryId::parse(text)
    }
}

/// Parses a device ISA name as the runtime gets it: HSA's
/// `amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-` or a bare `gfx90a:sramecc+:xnack-`,
/// `sm_90` (from the compute capability; a `nvptx64-nvidia-cuda--` prefix is
/// allowed), or `host`.
pub fn parse_device_isa(device_isa: &str) -> Result<OffloadArch, BundleError> {
    let bare = [AMDGCN_TRIPLE, NVPTX_TRIPLE]
        .iter()
        .find_map(|triple| {
            device_isa
                .strip_prefix(triple)
                .map(|rest| rest.trim_start_matches('-'))
        })
        .unwrap_or(device_isa);
    OffloadArch::parse(bare)
}

/// Whether the image in `entry` can run on the device named `device_isa`
/// (see [`parse_device_isa`] for the spellings), judged from the entry ID alone.
///
/// * Only HIP kinds (`hipv4`, `hip`, `hcc`) match; the host placeholder never does.
/// * AMD (hip-abi.md §2.3): the processors must be equal, or the entry's
///   processor is a generic one whose family holds the device's. A feature the
///   entry leaves unspecified matches any device setting; a specified one must
///   equal the device's setting (a device that does not report it does not
///   match).
/// * NVIDIA, with PTX rules (JIT-compiled by the driver): `sm_X` runs on any
///   device with `sm >= X`; `sm_Xa` only on `sm_X`; `sm_Xf` on devices of the
///   same major version with `sm >= X`. A cubin is stricter, see
///   [`matches_image`].
/// * [`OffloadArch::Host`] matches the device `host`.
///
/// An entry or device name that does not parse does not match.
pub fn matches(entry: &EntryId, device_isa: &str) -> bool {
    if !entry.kind.is_hip() {
        return false;
    }
    let (Ok(image), Ok(device)) = (entry.offload_arch(), parse_device_isa(device_isa)) else {
        return false;
    };
    arch_runs_on(&image, &device, false)
}

/// Like [`matches()`], but also looks at the image bytes: an NVIDIA image that
/// starts with the ELF magic is a cubin, which runs only on devices of the
/// same major version with `sm >= X` (no forward compatibility across majors,
/// unlike PTX). PTX text (stored with a trailing NUL, see the crate docs) gets
/// the PTX rules.
pub fn matches_image(entry: &EntryId, image: &[u8], device_isa: &str) -> bool {
    if !entry.kind.is_hip() {
        return false;
    }
    let (Ok(image_arch), Ok(device)) = (entry.offload_arch(), parse_device_isa(device_isa)) else {
        return false;
    };
    let is_cubin = image.starts_with(b"\x7fELF");
    arch_runs_on(&image_arch, &device, is_cubin)
}

/// Sort key among compatible entries for one device: lower is better.
pub(crate) fn preference(entry: &crate::Entry, device: &OffloadArch) -> (u8, u32) {
    match (entry.id.offload_arch(), device) {
        (Ok(OffloadArch::Amdgcn(image)), OffloadArch::Amdgcn(device)) => {
            (u8::from(image.processor != device.processor), 0)
        }
        (Ok(OffloadArch::Nvptx { sm: image_sm, .. }), OffloadArch::Nvptx { sm: device_sm, .. }) => {
            let is_cubin = entry.data.starts_with(b"\x7fELF");
            (u8::from(!is_cubin), device_sm.saturating_sub(image_sm))
        }
        _ => (0, 0),
    }
}

fn arch_runs_on(image: &OffloadArch, device: &OffloadArch, is_cubin: bool) -> bool {
    match (image, device) {
        (OffloadArch::Amdgcn(image), OffloadArch::Amdgcn(device)) => {
            let same_processor = image.processor == device.processor
                || amd_processor(&image.processor)
                    .is_some_and(|info| info.generic_of.contains(&device.processor.as_str()));
            same_processor
                && image
                    .features
                    .iter()
                    .all(|(name, enabled)| device.feature(name) == Some(*enabled))
        }
        (
            OffloadArch::Nvptx {
                sm: image_sm,
                arch_specific,
                family_specific,
            },
            OffloadArch::Nvptx { sm: device_sm, .. },
        ) => {
            if *arch_specific {
                device_sm == image_sm
            } else if *family_specific || is_cubin {
                device_sm / 10 == image_sm / 10 && device_sm >= image_sm
            } else {
                device_sm >= image_sm
            }
        }
        (OffloadArch::Host, OffloadArch::Host) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_arch(text: &str) -> String {
        match OffloadArch::parse(text) {
            Ok(arch) => format!(
                "{arch} | {} | {} | wave {:?} | sm {:?}",
                arch.bundle_entry_id(),
                arch.processor(),
                arch.wavefront_size(),
                arch.sm()
            ),
            Err(error) => format!("error: {error}"),
        }
    }

    fn check_all(texts: &[&str], check: fn(&str) -> String) -> String {
        texts
            .iter()
            .map(|text| format!("{text} => {}\n", check(text)))
            .collect()
    }

    #[test]
    fn offload_arch_parse_and_display() {
        let texts = [
            "gfx942",
            "gfx90a:xnack+",
            "gfx90a:xnack+:sramecc-",
            "gfx90a:sramecc-:xnack+",
            "gfx1100",
            "gfx1100:xnack+",
            "gfx1010:xnack-",
            "gfx1030:sramecc+",
            "gfx900:sramecc+",
            "gfx9-4-generic:xnack+",
            "gfx12-generic",
            "gfx90a:xnack",
            "gfx90a:xnack+:xnack-",
            "gfx90a:foo+",
            "gfx9999",
            "sm_90",
            "sm_90a",
            "sm_100f",
            "sm_120",
            "sm_35",
            "sm_91",
            "sm_090",
            "sm_",
            "host",
            "cpu",
            "",
        ];
        insta::assert_snapshot!(check_all(&texts, check_arch), @r"
        gfx942 => gfx942 | hipv4-amdgcn-amd-amdhsa--gfx942 | gfx942 | wave Some(64) | sm None
        gfx90a:xnack+ => gfx90a:xnack+ | hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+ | gfx90a | wave Some(64) | sm None
        gfx90a:xnack+:sramecc- => gfx90a:sramecc-:xnack+ | hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack+ | gfx90a | wave Some(64) | sm None
        gfx90a:sramecc-:xnack+ => gfx90a:sramecc-:xnack+ | hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack+ | gfx90a | wave Some(64) | sm None
        gfx1100 => gfx1100 | hipv4-amdgcn-amd-amdhsa--gfx1100 | gfx1100 | wave Some(32) | sm None
        gfx1100:xnack+ => error: processor `gfx1100` does not support target-id feature `xnack`
        gfx1010:xnack- => gfx1010:xnack- | hipv4-amdgcn-amd-amdhsa--gfx1010:xnack- | gfx1010 | wave Some(32) | sm None
        gfx1030:sramecc+ => error: processor `gfx1030` does not support target-id feature `sramecc`
        gfx900:sramecc+ => error: processor `gfx900` does not support target-id feature `sramecc`
        gfx9-4-generic:xnack+ => gfx9-4-generic:xnack+ | hipv4-amdgcn-amd-amdhsa--gfx9-4-generic:xnack+ | gfx9-4-generic | wave Some(64) | sm None
        gfx12-generic => gfx12-generic | hipv4-amdgcn-amd-amdhsa--gfx12-generic | gfx12-generic | wave Some(32) | sm None
        gfx90a:xnack => error: malformed target id `gfx90a:xnack`
        gfx90a:xnack+:xnack- => error: target-id feature `xnack` given twice in `gfx90a:xnack+:xnack-`
        gfx90a:foo+ => error: unknown target-id feature `foo` in `gfx90a:foo+`
        gfx9999 => error: unknown processor `gfx9999`
        sm_90 => sm_90 | hipv4-nvptx64-nvidia-cuda-unknown-sm_90 | sm_90 | wave Some(32) | sm Some(90)
        sm_90a => sm_90a | hipv4-nvptx64-nvidia-cuda-unknown-sm_90a | sm_90a | wave Some(32) | sm Some(90)
        sm_100f => sm_100f | hipv4-nvptx64-nvidia-cuda-unknown-sm_100f | sm_100f | wave Some(32) | sm Some(100)
        sm_120 => sm_120 | hipv4-nvptx64-nvidia-cuda-unknown-sm_120 | sm_120 | wave Some(32) | sm Some(120)
        sm_35 => error: unknown processor `sm_35`
        sm_91 => error: unknown processor `sm_91`
        sm_090 => error: unknown processor `sm_090`
        sm_ => error: unknown processor `sm_`
        host => host | hipv4-x86_64-unknown-linux-gnu- | host | wave None | sm None
        cpu => host | hipv4-x86_64-unknown-linux-gnu- | host | wave None | sm None
         => error: unknown processor ``
        ");
    }

    fn check_entry(text: &str) -> String {
        match EntryId::parse(text) {
            Ok(id) => {
                let arch = match id.offload_arch() {
                    Ok(arch) => arch.to_string(),
                    Err(error) => format!("error: {error}"),
                };
                let round_trip = if id.to_string() == text {
                    "same"
                } else {
                    "DIFFERENT"
                };
                format!(
                    "kind {:?} | triple {:?} | target {:?} | arch {arch} | display {round_trip}",
                    id.kind, id.triple, id.target_id
                )
            }
            Err(error) => format!("error: {error}"),
        }
    }

    #[test]
    fn entry_id_parse() {
        let texts = [
            "hipv4-amdgcn-amd-amdhsa--gfx942",
            "hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack+",
            "hip-amdgcn-amd-amdhsa--gfx9-4-generic:xnack+",
            "hipv4-amdgcn-amd-amdhsa-unknown-gfx1100",
            "hipv4-nvptx64-nvidia-cuda-unknown-sm_90",
            "hipv4-nvptx64-nvidia-cuda--sm_90a",
            "hipv4-nvptx64-nvidia-cuda-unknown-",
            "host-x86_64-unknown-linux-gnu-",
            "hipv4-x86_64-unknown-linux-gnu-",
            "openmp-x86_64-unknown-linux-gnu-",
            "hcc-amdgcn-amd-amdhsa--gfx906",
            "weird-amdgcn-amd-amdhsa--gfx942",
            "hipv4-amdgcn-amd-amdhsa--gfx1100:xnack+",
            "hipv4-spirv64-amd-amdhsa--amdgcnspirv",
            "hipv4",
            "-amdgcn-amd-amdhsa--gfx942",
            "hipv4--gfx942",
        ];
        insta::assert_snapshot!(check_all(&texts, check_entry), @r#"
        hipv4-amdgcn-amd-amdhsa--gfx942 => kind HipV4 | triple "amdgcn-amd-amdhsa-" | target "gfx942" | arch gfx942 | display same
        hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack+ => kind HipV4 | triple "amdgcn-amd-amdhsa-" | target "gfx90a:sramecc-:xnack+" | arch gfx90a:sramecc-:xnack+ | display same
        hip-amdgcn-amd-amdhsa--gfx9-4-generic:xnack+ => kind Hip | triple "amdgcn-amd-amdhsa-" | target "gfx9-4-generic:xnack+" | arch gfx9-4-generic:xnack+ | display same
        hipv4-amdgcn-amd-amdhsa-unknown-gfx1100 => kind HipV4 | triple "amdgcn-amd-amdhsa-unknown" | target "gfx1100" | arch gfx1100 | display same
        hipv4-nvptx64-nvidia-cuda-unknown-sm_90 => kind HipV4 | triple "nvptx64-nvidia-cuda-unknown" | target "sm_90" | arch sm_90 | display same
        hipv4-nvptx64-nvidia-cuda--sm_90a => kind HipV4 | triple "nvptx64-nvidia-cuda-" | target "sm_90a" | arch sm_90a | display same
        hipv4-nvptx64-nvidia-cuda-unknown- => kind HipV4 | triple "nvptx64-nvidia-cuda-unknown" | target "" | arch error: no offload target known for entry `hipv4-nvptx64-nvidia-cuda-unknown-` | display same
        host-x86_64-unknown-linux-gnu- => kind Host | triple "x86_64-unknown-linux-gnu" | target "" | arch host | display same
        hipv4-x86_64-unknown-linux-gnu- => kind HipV4 | triple "x86_64-unknown-linux-gnu" | target "" | arch host | display same
        openmp-x86_64-unknown-linux-gnu- => kind Openmp | triple "x86_64-unknown-linux-gnu" | target "" | arch host | display same
        hcc-amdgcn-amd-amdhsa--gfx906 => kind Hcc | triple "amdgcn-amd-amdhsa-" | target "gfx906" | arch gfx906 | display same
        weird-amdgcn-amd-amdhsa--gfx942 => kind Other("weird") | triple "amdgcn-amd-amdhsa-" | target "gfx942" | arch gfx942 | display same
        hipv4-amdgcn-amd-amdhsa--gfx1100:xnack+ => kind HipV4 | triple "amdgcn-amd-amdhsa-" | target "gfx1100:xnack+" | arch error: processor `gfx1100` does not support target-id feature `xnack` | display same
        hipv4-spirv64-amd-amdhsa--amdgcnspirv => kind HipV4 | triple "spirv64-amd-amdhsa-" | target "amdgcnspirv" | arch error: no offload target known for entry `hipv4-spirv64-amd-amdhsa--amdgcnspirv` | display same
        hipv4 => error: malformed bundle entry id `hipv4`
        -amdgcn-amd-amdhsa--gfx942 => error: malformed bundle entry id `-amdgcn-amd-amdhsa--gfx942`
        hipv4--gfx942 => error: malformed bundle entry id `hipv4--gfx942`
        "#);
    }

    fn check_matches(entry: &str, devices: &[&str]) -> String {
        let entry_id = EntryId::parse(entry).expect("test entry ids are valid");
        let on: Vec<&str> = devices
            .iter()
            .copied()
            .filter(|device| matches(&entry_id, device))
            .collect();
        format!("{entry} runs on [{}]\n", on.join(", "))
    }

    #[test]
    fn compatibility() {
        let amd_devices = [
            "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-",
            "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack+",
            "gfx90a:sramecc-:xnack-",
            "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-",
            "amdgcn-amd-amdhsa--gfx1100",
            "amdgcn-amd-amdhsa--gfx1101",
            "sm_90",
        ];
        let nvidia_devices = [
            "sm_75", "sm_80", "sm_89", "sm_90", "sm_100", "sm_103", "sm_120",
        ];
        let mut out = String::new();
        for entry in [
            "hipv4-amdgcn-amd-amdhsa--gfx90a",
            "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+",
            "hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-",
            "hip-amdgcn-amd-amdhsa--gfx942",
            "hipv4-amdgcn-amd-amdhsa--gfx9-4-generic",
            "hipv4-amdgcn-amd-amdhsa--gfx11-generic",
            "host-x86_64-unknown-linux-gnu-",
        ] {
            out += &check_matches(entry, &amd_devices);
        }
        for entry in [
            "hipv4-nvptx64-nvidia-cuda-unknown-sm_80",
            "hipv4-nvptx64-nvidia-cuda-unknown-sm_90a",
            "hipv4-nvptx64-nvidia-cuda-unknown-sm_100f",
        ] {
            out += &check_matches(entry, &nvidia_devices);
        }
        insta::assert_snapshot!(out, @r"
        hipv4-amdgcn-amd-amdhsa--gfx90a runs on [amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-, amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack+, gfx90a:sramecc-:xnack-]
        hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+ runs on [amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack+]
        hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack- runs on [amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-]
        hip-amdgcn-amd-amdhsa--gfx942 runs on [amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-]
        hipv4-amdgcn-amd-amdhsa--gfx9-4-generic runs on [amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-]
        hipv4-amdgcn-amd-amdhsa--gfx11-generic runs on [amdgcn-amd-amdhsa--gfx1100, amdgcn-amd-amdhsa--gfx1101]
        host-x86_64-unknown-linux-gnu- runs on []
        hipv4-nvptx64-nvidia-cuda-unknown-sm_80 runs on [sm_80, sm_89, sm_90, sm_100, sm_103, sm_120]
        hipv4-nvptx64-nvidia-cuda-unknown-sm_90a runs on [sm_90]
        hipv4-nvptx64-nvidia-cuda-unknown-sm_100f runs on [sm_100, sm_103]
        ");
    }

    #[test]
    fn cubin_is_not_forward_compatible_across_majors() {
        let entry = EntryId::parse("hipv4-nvptx64-nvidia-cuda-unknown-sm_80").expect("valid id");
        let cubin = b"\x7fELF\x02\x01\x01";
        let ptx = b".version 7.8\n\0";
        let verdicts: Vec<String> = ["sm_80", "sm_86", "sm_90"]
            .iter()
            .map(|device| {
                format!(
                    "{device}: cubin {} ptx {}",
                    matches_image(&entry, cubin, device),
                    matches_image(&entry, ptx, device)
                )
            })
            .collect();
        insta::assert_snapshot!(verdicts.join("\n"), @r"
        sm_80: cubin true ptx true
        sm_86: cubin true ptx true
        sm_90: cubin false ptx true
        ");
    }

    #[test]
    fn llvm_features_are_sorted() {
        let target_id = TargetId::parse("gfx942:xnack-:sramecc+").expect("valid target id");
        assert_eq!(target_id.llvm_features(), "+sramecc,-xnack");
        assert_eq!(target_id.feature("xnack"), Some(false));
        assert_eq!(target_id.feature("sramecc"), Some(true));
        let unsorted = TargetId {
            processor: "gfx90a".to_owned(),
            features: vec![("xnack".to_owned(), true), ("sramecc".to_owned(), false)],
        };
        assert_eq!(unsorted.to_string(), "gfx90a:sramecc-:xnack+");
    }
}
