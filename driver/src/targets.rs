//! Offload targets as the driver sees them: parsing and canonicalising
//! `--offload-arch=` values (`gfx942`, `gfx90a:xnack+:sramecc-`, `sm_90a`).
//!
//! Pure. The driver keeps its own small type so that `args`, `plan` and `bind` do not
//! depend on the bundler's types; which processors and target-ID features exist, and the
//! PTX ISA each NVIDIA processor needs, come from the bundler's one table
//! (`bundler::amdgpu_processor`, `bundler::nvidia_processor`).

use std::fmt;

/// The bundler's entry for `sm_<sm>` (with `a` when `arch_specific`).
fn nvidia(sm: u32, arch_specific: bool) -> Option<&'static bundler::NvidiaProcessor> {
    let suffix = if arch_specific {
        bundler::SmSuffix::A
    } else {
        bundler::SmSuffix::None
    };
    bundler::nvidia_processor(sm, suffix)
}

/// The lowest PTX ISA we emit: 7.8 (CUDA 11.8), which every driver this
/// project supports can JIT.
const PTX_ISA_FLOOR: u32 = 78;
/// Never above 9.0: drivers reject a newer ISA than their own (hip-abi.md §0.11).
const PTX_ISA_CEILING: u32 = 90;

/// One offload target, canonical: features sorted by name, each at most once.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OffloadArch {
    Amdgcn {
        processor: String,
        features: Vec<(String, bool)>,
    },
    Nvptx {
        sm: u32,
        arch_specific: bool,
    },
    /// The CPU as an offload target (`--offload-arch=host` or `cpu`): the runtime
    /// runs its image when no GPU is present.
    Host,
}

impl OffloadArch {
    /// Parses and canonicalises a target ID. The error is a short reason.
    pub fn parse(text: &str) -> Result<OffloadArch, String> {
        if text == "host" || text == "cpu" {
            return Ok(OffloadArch::Host);
        }
        if let Some((base, features)) = text.split_once(':') {
            if base == "host" || base == "cpu" || base.starts_with("sm_") {
                return Err(format!(
                    "target-ID features (`:{features}`) exist only for AMD GPUs (gfx…), not for `{base}`"
                ));
            }
        }
        if let Some(number) = text.strip_prefix("sm_") {
            let (digits, arch_specific) = match number.strip_suffix('a') {
                Some(digits) => (digits, true),
                None => (number, false),
            };
            let sm: u32 = digits
                .parse()
                .map_err(|_| "not a GPU architecture".to_owned())?;
            if nvidia(sm, arch_specific).is_none() {
                return Err("unknown NVIDIA architecture".to_owned());
            }
            return Ok(OffloadArch::Nvptx { sm, arch_specific });
        }
        let mut parts = text.split(':');
        let processor = parts.next().unwrap_or_default();
        if !processor.starts_with("gfx") {
            return Err("not a GPU architecture".to_owned());
        }
        let Some(known) = bundler::amdgpu_processor(processor) else {
            return Err("unknown AMD GPU processor".to_owned());
        };
        let mut features: Vec<(String, bool)> = Vec::new();
        for part in parts {
            let (name, enabled) = match (part.strip_suffix('+'), part.strip_suffix('-')) {
                (Some(name), _) => (name, true),
                (_, Some(name)) => (name, false),
                _ => return Err(format!("feature `{part}` must end in `+` or `-`")),
            };
            let supported = match name {
                "xnack" => known.xnack,
                "sramecc" => known.sramecc,
                _ => return Err(format!("unknown target-ID feature `{name}`")),
            };
            if !supported {
                return Err(format!("`{processor}` has no `{name}` feature"));
            }
            if features.iter().any(|(seen, _)| seen == name) {
                return Err(format!("feature `{name}` given twice"));
            }
            features.push((name.to_owned(), enabled));
        }
        features.sort();
        Ok(OffloadArch::Amdgcn {
            processor: processor.to_owned(),
            features,
        })
    }

    pub fn triple(&self) -> &'static str {
        match self {
            OffloadArch::Amdgcn { .. } => "amdgcn-amd-amdhsa",
            OffloadArch::Nvptx { .. } => "nvptx64-nvidia-cuda",
            OffloadArch::Host => "x86_64-unknown-linux-gnu",
        }
    }

    /// The PTX ISA version (×10) to emit for an NVIDIA target.
    pub fn ptx_isa(&self) -> Option<u32> {
        let OffloadArch::Nvptx { sm, arch_specific } = self else {
            return None;
        };
        let minimum = nvidia(*sm, *arch_specific).map_or(PTX_ISA_FLOOR, |it| it.min_ptx_isa);
        Some(minimum.clamp(PTX_ISA_FLOOR, PTX_ISA_CEILING))
    }

    /// `+xnack,-sramecc` form for LLVM's target features.
    pub fn llvm_features(&self) -> String {
        match self {
            OffloadArch::Amdgcn { features, .. } => features
                .iter()
                .map(|(name, enabled)| format!("{}{name}", if *enabled { '+' } else { '-' }))
                .collect::<Vec<_>>()
                .join(","),
            OffloadArch::Nvptx { .. } | OffloadArch::Host => String::new(),
        }
    }

    /// The processor alone (`gfx90a`, `sm_90a`).
    pub fn processor(&self) -> String {
        match self {
            OffloadArch::Amdgcn { processor, .. } => processor.clone(),
            OffloadArch::Nvptx { sm, arch_specific } => {
                format!("sm_{sm}{}", if *arch_specific { "a" } else { "" })
            }
            OffloadArch::Host => "host".to_owned(),
        }
    }

    /// The form used in intermediate file names: the canonical target ID, as
    /// clang names its temporaries (`gfx90a:sramecc-:xnack+`).
    pub fn file_stem(&self) -> String {
        self.to_string()
    }

    /// Bundle entry ID (hip-abi.md §2.2): `hipv4-amdgcn-amd-amdhsa--gfx942`,
    /// `hipv4-nvptx64-nvidia-cuda-unknown-sm_90` (normalised triples).
    pub fn bundle_entry_id(&self) -> String {
        match self {
            OffloadArch::Amdgcn { .. } => format!("hipv4-amdgcn-amd-amdhsa--{self}"),
            OffloadArch::Nvptx { .. } => format!("hipv4-nvptx64-nvidia-cuda-unknown-{self}"),
            OffloadArch::Host => "hipv4-x86_64-unknown-linux-gnu-".to_owned(),
        }
    }

    /// The entry ID of this target's side in the text bundle of a HIP source's `-E` output:
    /// the bundle entry ID with clang's `hip-` kind (`hip-amdgcn-amd-amdhsa--gfx942`,
    /// `hip-nvptx64-nvidia-cuda-unknown-sm_90`, `hip-x86_64-unknown-linux-gnu-`).
    pub fn preprocessed_entry_id(&self) -> String {
        self.bundle_entry_id().replacen("hipv4-", "hip-", 1)
    }

    /// The target of a device entry ID of an `-E` text bundle ([`Self::preprocessed_entry_id`],
    /// or clang's `hip-nvptx64-nvidia-cuda-sm_90`); `None` for the host entry and IDs of
    /// other kinds or triples.
    pub fn from_preprocessed_entry_id(id: &str) -> Option<OffloadArch> {
        let rest = id.strip_prefix("hip-")?;
        let name = if let Some(name) = rest.strip_prefix("amdgcn-amd-amdhsa--") {
            name
        } else if let Some(name) = rest
            .strip_prefix("nvptx64-nvidia-cuda-unknown-")
            .or_else(|| rest.strip_prefix("nvptx64-nvidia-cuda--"))
            .or_else(|| rest.strip_prefix("nvptx64-nvidia-cuda-"))
        {
            name
        } else if rest == "x86_64-unknown-linux-gnu-" {
            "host"
        } else {
            return None;
        };
        let arch = OffloadArch::parse(name).ok()?;
        (arch.preprocessed_entry_id() == id || matches!(arch, OffloadArch::Nvptx { .. }))
            .then_some(arch)
    }
}

/// The entry ID of the host side in the text bundle of a HIP source's `-E` output, as clang
/// names it.
pub const PREPROCESSED_HOST_ENTRY: &str = "host-x86_64-unknown-linux-gnu-";

impl fmt::Display for OffloadArch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OffloadArch::Amdgcn {
                processor,
                features,
            } => {
                f.write_str(processor)?;
                for (name, enabled) in features {
                    write!(f, ":{name}{}", if *enabled { '+' } else { '-' })?;
                }
                Ok(())
            }
            OffloadArch::Nvptx { .. } | OffloadArch::Host => f.write_str(&self.processor()),
        }
    }
}

/// Two targets that cannot both be built: the same processor once with and once
/// without a feature setting (clang: "invalid offload arch combinations").
pub fn conflicting(archs: &[OffloadArch]) -> Option<(&OffloadArch, &OffloadArch)> {
    for (index, first) in archs.iter().enumerate() {
        for second in &archs[index + 1..] {
            if let (
                OffloadArch::Amdgcn {
                    processor: first_processor,
                    features: first_features,
                },
                OffloadArch::Amdgcn {
                    processor: second_processor,
                    features: second_features,
                },
            ) = (first, second)
            {
                if first_processor == second_processor && first_features != second_features {
                    let names = |features: &[(String, bool)]| {
                        features
                            .iter()
                            .map(|(name, _)| name.clone())
                            .collect::<Vec<_>>()
                    };
                    if names(first_features) != names(second_features) {
                        return Some((first, second));
                    }
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str) -> String {
        match OffloadArch::parse(text) {
            Ok(arch) => format!(
                "{arch} {} ptx={:?} features={:?}",
                arch.bundle_entry_id(),
                arch.ptx_isa(),
                arch.llvm_features()
            ),
            Err(reason) => format!("error: {reason}"),
        }
    }

    #[test]
    fn preprocessed_entry_ids_name_their_targets_back() {
        for name in [
            "gfx942",
            "gfx90a:sramecc-:xnack+",
            "sm_90",
            "sm_90a",
            "sm_120",
            "host",
        ] {
            let arch = OffloadArch::parse(name).unwrap();
            let id = arch.preprocessed_entry_id();
            assert!(id.starts_with("hip-"), "{id}");
            assert_eq!(
                OffloadArch::from_preprocessed_entry_id(&id),
                Some(arch),
                "{id}"
            );
        }
        // clang's spelling of an NVIDIA entry.
        assert_eq!(
            OffloadArch::from_preprocessed_entry_id("hip-nvptx64-nvidia-cuda-sm_80"),
            OffloadArch::parse("sm_80").ok()
        );
        for other in [
            PREPROCESSED_HOST_ENTRY,
            "hipv4-amdgcn-amd-amdhsa--gfx942",
            "hip-amdgcn-amd-amdhsa--gfx9999",
            "hip-spirv64-amd-amdhsa--amdgcnspirv",
            "hip-x86_64-unknown-linux-gnu-extra",
            "",
        ] {
            assert_eq!(
                OffloadArch::from_preprocessed_entry_id(other),
                None,
                "{other}"
            );
        }
    }

    #[test]
    fn amd_targets_are_canonicalised() {
        insta::assert_snapshot!(check("gfx942"), @r#"gfx942 hipv4-amdgcn-amd-amdhsa--gfx942 ptx=None features="""#);
        insta::assert_snapshot!(check("gfx90a:xnack+:sramecc-"), @r#"gfx90a:sramecc-:xnack+ hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack+ ptx=None features="-sramecc,+xnack""#);
        insta::assert_snapshot!(check("gfx1100:xnack+"), @"error: `gfx1100` has no `xnack` feature");
        insta::assert_snapshot!(check("gfx942:xnack"), @"error: feature `xnack` must end in `+` or `-`");
        insta::assert_snapshot!(check("gfx942:xnack+:xnack-"), @"error: feature `xnack` given twice");
        insta::assert_snapshot!(check("gfx9999"), @"error: unknown AMD GPU processor");
    }

    #[test]
    fn nvidia_targets_get_a_bounded_ptx_isa() {
        insta::assert_snapshot!(check("sm_90"), @r#"sm_90 hipv4-nvptx64-nvidia-cuda-unknown-sm_90 ptx=Some(78) features="""#);
        insta::assert_snapshot!(check("sm_90a"), @r#"sm_90a hipv4-nvptx64-nvidia-cuda-unknown-sm_90a ptx=Some(80) features="""#);
        insta::assert_snapshot!(check("sm_70"), @r#"sm_70 hipv4-nvptx64-nvidia-cuda-unknown-sm_70 ptx=Some(78) features="""#);
        insta::assert_snapshot!(check("sm_120"), @r#"sm_120 hipv4-nvptx64-nvidia-cuda-unknown-sm_120 ptx=Some(87) features="""#);
        insta::assert_snapshot!(check("sm_80a"), @"error: unknown NVIDIA architecture");
        insta::assert_snapshot!(check("pentium"), @"error: not a GPU architecture");
        insta::assert_snapshot!(
            check("sm_90:xnack+"),
            @"error: target-ID features (`:xnack+`) exist only for AMD GPUs (gfx…), not for `sm_90`"
        );
        insta::assert_snapshot!(
            check("host:sramecc-"),
            @"error: target-ID features (`:sramecc-`) exist only for AMD GPUs (gfx…), not for `host`"
        );
    }

    #[test]
    fn the_cpu_is_a_target() {
        insta::assert_snapshot!(check("host"), @r#"host hipv4-x86_64-unknown-linux-gnu- ptx=None features="""#);
        insta::assert_snapshot!(check("cpu"), @r#"host hipv4-x86_64-unknown-linux-gnu- ptx=None features="""#);
    }

    #[test]
    fn mixed_feature_settings_conflict() {
        let archs = ["gfx90a", "gfx90a:xnack+", "gfx942"]
            .map(|text| OffloadArch::parse(text).unwrap_or_else(|_| unreachable!()));
        assert_eq!(
            conflicting(&archs).map(|(a, b)| format!("{a} {b}")),
            Some("gfx90a gfx90a:xnack+".to_owned())
        );
        let archs = ["gfx90a:xnack-", "gfx90a:xnack+"]
            .map(|text| OffloadArch::parse(text).unwrap_or_else(|_| unreachable!()));
        assert_eq!(conflicting(&archs), None);
    }
}
