//! Choosing the device image for one NVIDIA device from the entries of a fat binary.
//!
//! Pure functions over borrowed entries: no driver, no registry. The order of preference
//! (DESIGN.md "Targets"): a cubin (or NVIDIA fatbinary) built for exactly the device's
//! SM, then PTX for the highest SM not above the device's. `sm_XXa` images use
//! architecture-specific features and only run on exactly that SM.

/// One bundle entry as the selector sees it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Candidate<'a> {
    /// Offload kind: `hip`, `hipv4`, `host`, ...
    pub(crate) kind: &'a str,
    pub(crate) triple: &'a str,
    pub(crate) target_id: &'a str,
    pub(crate) data: &'a [u8],
}

/// What an NVIDIA image's bytes are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ImageFormat {
    /// An ELF cubin (SASS for one SM).
    Cubin,
    /// An NVIDIA fatbinary (magic `0xBA55ED50`); the driver picks inside it.
    NvidiaFatbin,
    /// PTX assembly text.
    Ptx,
}

/// The chosen entry and how to load it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Selection {
    pub(crate) index: usize,
    pub(crate) format: ImageFormat,
}

const ELF_MAGIC: &[u8] = b"\x7fELF";
/// NVIDIA fatbinary magic 0xBA55ED50, little endian (hip-abi.md §1.10).
pub(crate) const NVIDIA_FATBIN_MAGIC: &[u8] = &[0x50, 0xed, 0x55, 0xba];

pub(crate) fn classify(data: &[u8]) -> ImageFormat {
    if data.starts_with(ELF_MAGIC) {
        ImageFormat::Cubin
    } else if data.starts_with(NVIDIA_FATBIN_MAGIC) {
        ImageFormat::NvidiaFatbin
    } else {
        ImageFormat::Ptx
    }
}

/// Parses `sm_90` → `(90, false)`, `sm_90a` → `(90, true)`, `sm_120` → `(120, false)`.
pub(crate) fn parse_sm(target_id: &str) -> Option<(u32, bool)> {
    let digits = target_id.strip_prefix("sm_")?;
    let (digits, arch_specific) = match digits.strip_suffix('a') {
        Some(rest) => (rest, true),
        None => (digits, false),
    };
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    Some((digits.parse().ok()?, arch_specific))
}

fn is_nvptx_device_entry(candidate: &Candidate<'_>) -> bool {
    matches!(candidate.kind, "hip" | "hipv4" | "hcc") && candidate.triple.starts_with("nvptx64")
}

/// Picks the image for a device of compute capability `device_sm` (major × 10 + minor).
pub(crate) fn select_nvptx(candidates: &[Candidate<'_>], device_sm: u32) -> Option<Selection> {
    // Rank: lower is better. (tier, distance below the device's SM, generic before specific).
    let mut best: Option<((u8, u32, u8), Selection)> = None;
    for (index, candidate) in candidates.iter().enumerate() {
        if !is_nvptx_device_entry(candidate) {
            continue;
        }
        let format = classify(candidate.data);
        let rank = match (parse_sm(candidate.target_id), format) {
            (Some((sm, specific)), ImageFormat::Cubin | ImageFormat::NvidiaFatbin) => {
                if sm != device_sm {
                    continue;
                }
                (0, 0, u8::from(!specific))
            }
            (Some((sm, specific)), ImageFormat::Ptx) => {
                if sm > device_sm || (specific && sm != device_sm) {
                    continue;
                }
                (1, device_sm - sm, u8::from(!specific))
            }
            // No usable target ID: a whole-program NVIDIA fatbinary or cubin from another
            // tool. Let the driver judge it, after everything we can judge ourselves.
            (None, ImageFormat::Cubin | ImageFormat::NvidiaFatbin) => (2, 0, 0),
            (None, ImageFormat::Ptx) => continue,
        };
        if best.as_ref().is_none_or(|(best_rank, _)| rank < *best_rank) {
            best = Some((rank, Selection { index, format }));
        }
    }
    best.map(|(_, selection)| selection)
}

/// Picks the code object for an AMD GPU whose HSA ISA name is `device_isa`
/// (`amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-`), by the target-ID rules (hip-abi.md §2.3,
/// `bundler::matches`): the processor must be the device's or a generic family holding it,
/// and each feature the image names must equal the device's setting. Among those that run:
/// the device's own processor before a generic one, then the image that names more
/// features (built for exactly this setting) before one that leaves them to "any".
pub(crate) fn select_amdgcn(candidates: &[Candidate<'_>], device_isa: &str) -> Option<usize> {
    let mut best: Option<((u8, usize), usize)> = None;
    for (index, candidate) in candidates.iter().enumerate() {
        if !candidate.triple.starts_with("amdgcn") {
            continue;
        }
        let text = format!(
            "{}-{}-{}",
            candidate.kind, candidate.triple, candidate.target_id
        );
        let Ok(entry) = bundler::EntryId::parse(&text) else {
            continue;
        };
        if !bundler::matches(&entry, device_isa) {
            continue;
        }
        let Ok(bundler::OffloadArch::Amdgcn(target)) = entry.offload_arch() else {
            continue;
        };
        let generic = bundler::amdgpu_processor(&target.processor)
            .is_some_and(|processor| !processor.generic_of.is_empty());
        // Lower is better: generic last, then fewer named features last.
        let rank = (u8::from(generic), usize::MAX - target.features.len());
        if best.as_ref().is_none_or(|(best_rank, _)| rank < *best_rank) {
            best = Some((rank, index));
        }
    }
    best.map(|(_, index)| index)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PTX: &[u8] = b"//\n.version 7.8\n.target sm_90\n";
    const CUBIN: &[u8] = b"\x7fELF\x02\x01\x01";
    const FATBIN: &[u8] = &[0x50, 0xed, 0x55, 0xba, 1, 0, 16, 0];

    fn entry<'a>(target_id: &'a str, data: &'a [u8]) -> Candidate<'a> {
        Candidate {
            kind: "hipv4",
            triple: "nvptx64-nvidia-cuda-unknown",
            target_id,
            data,
        }
    }

    fn host() -> Candidate<'static> {
        Candidate {
            kind: "host",
            triple: "x86_64-unknown-linux-gnu",
            target_id: "",
            data: &[],
        }
    }

    /// Returns the target ID and format chosen for `device_sm`, or "none".
    fn check(candidates: &[Candidate<'_>], device_sm: u32) -> String {
        match select_nvptx(candidates, device_sm) {
            Some(selection) => format!(
                "{} {:?}",
                candidates[selection.index].target_id, selection.format
            ),
            None => "none".to_owned(),
        }
    }

    #[test]
    fn parses_sm_names() {
        assert_eq!(parse_sm("sm_90"), Some((90, false)));
        assert_eq!(parse_sm("sm_90a"), Some((90, true)));
        assert_eq!(parse_sm("sm_120"), Some((120, false)));
        assert_eq!(parse_sm("sm_"), None);
        assert_eq!(parse_sm("gfx942"), None);
        assert_eq!(parse_sm("sm_9x"), None);
    }

    #[test]
    fn exact_cubin_beats_ptx() {
        let candidates = [host(), entry("sm_90", PTX), entry("sm_90", CUBIN)];
        assert_eq!(check(&candidates, 90), "sm_90 Cubin");
    }

    #[test]
    fn cubin_for_another_sm_is_skipped() {
        let candidates = [entry("sm_80", CUBIN), entry("sm_70", PTX)];
        assert_eq!(check(&candidates, 90), "sm_70 Ptx");
        assert_eq!(check(&candidates, 80), "sm_80 Cubin");
    }

    #[test]
    fn highest_ptx_not_above_the_device() {
        let candidates = [
            entry("sm_70", PTX),
            entry("sm_86", PTX),
            entry("sm_100", PTX),
        ];
        assert_eq!(check(&candidates, 90), "sm_86 Ptx");
        assert_eq!(check(&candidates, 120), "sm_100 Ptx");
        assert_eq!(check(&candidates, 60), "none");
    }

    #[test]
    fn arch_specific_only_on_exactly_that_sm() {
        let candidates = [entry("sm_80", PTX), entry("sm_90a", PTX)];
        assert_eq!(check(&candidates, 90), "sm_90a Ptx");
        assert_eq!(check(&candidates, 100), "sm_80 Ptx");
        let both = [entry("sm_90", PTX), entry("sm_90a", PTX)];
        assert_eq!(check(&both, 90), "sm_90a Ptx");
    }

    #[test]
    fn amd_and_host_entries_are_ignored() {
        let amd = Candidate {
            kind: "hipv4",
            triple: "amdgcn-amd-amdhsa-",
            target_id: "gfx942",
            data: b"\x7fELF",
        };
        assert_eq!(check(&[host(), amd], 90), "none");
    }

    #[test]
    fn untagged_fatbinary_is_the_last_resort() {
        let candidates = [entry("", FATBIN)];
        assert_eq!(check(&candidates, 90), " NvidiaFatbin");
        let with_ptx = [entry("", FATBIN), entry("sm_80", PTX)];
        assert_eq!(check(&with_ptx, 90), "sm_80 Ptx");
    }

    fn amd<'a>(target_id: &'a str) -> Candidate<'a> {
        Candidate {
            kind: "hipv4",
            triple: "amdgcn-amd-amdhsa-",
            target_id,
            data: b"\x7fELF",
        }
    }

    /// The target ID chosen for an AMD device, or "none".
    fn amd_choice(candidates: &[Candidate<'_>], device_isa: &str) -> String {
        select_amdgcn(candidates, device_isa).map_or("none".to_owned(), |index| {
            candidates[index].target_id.to_owned()
        })
    }

    #[test]
    fn amd_images_follow_the_target_id_rules() {
        let mi300 = "amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-";
        // A plain image runs whatever the device's feature settings are.
        assert_eq!(
            amd_choice(&[host(), amd("gfx90a"), amd("gfx942")], mi300),
            "gfx942"
        );
        // A named feature must equal the device's.
        assert_eq!(amd_choice(&[amd("gfx942:xnack+")], mi300), "none");
        assert_eq!(amd_choice(&[amd("gfx942:sramecc-")], mi300), "none");
        assert_eq!(
            amd_choice(&[amd("gfx942"), amd("gfx942:sramecc+:xnack-")], mi300),
            "gfx942:sramecc+:xnack-"
        );
        assert_eq!(
            amd_choice(&[amd("gfx942:xnack-"), amd("gfx942")], mi300),
            "gfx942:xnack-"
        );
        // A generic image runs on the family, after the device's own processor.
        assert_eq!(
            amd_choice(&[amd("gfx9-4-generic")], mi300),
            "gfx9-4-generic"
        );
        assert_eq!(
            amd_choice(&[amd("gfx9-4-generic"), amd("gfx942")], mi300),
            "gfx942"
        );
        assert_eq!(
            amd_choice(
                &[amd("gfx9-4-generic")],
                "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-"
            ),
            "none"
        );
        assert_eq!(
            amd_choice(&[amd("gfx11-generic")], "amdgcn-amd-amdhsa--gfx1100"),
            "gfx11-generic"
        );
        // Other processors and NVIDIA images never match.
        assert_eq!(
            amd_choice(&[amd("gfx90a"), entry("sm_90", PTX)], mi300),
            "none"
        );
    }
}
