//! The CUDA → HIP/ROC identifier table, generated at build time from `data/*.tsv` by
//! `build.rs`, and its lookup (one FNV-1a hash, then linear probing).
//! This module only answers "what does the data say about this name"; the decision of what
//! to write (HIP or ROC name, whether to warn) is `translate`'s.

/// The API group a CUDA identifier belongs to (the `group` column of the data).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Group {
    /// CUDA runtime API (`cuda*`).
    Runtime,
    /// CUDA driver API (`cu*`).
    Driver,
    /// Device functions and types.
    Device,
    /// NVRTC.
    Nvrtc,
    /// cuComplex.
    CuComplex,
    /// cuBLAS and cuBLASLt.
    Cublas,
    /// cuRAND.
    Curand,
    /// cuFFT.
    Cufft,
    /// cuSPARSE.
    Cusparse,
    /// cuSOLVER.
    Cusolver,
    /// cuDNN.
    Cudnn,
    /// CUB.
    Cub,
    /// Caffe2's CUDA names, which hipify-clang renames too.
    Caffe2,
}

impl Group {
    /// The API name hipify's statistics use for this group.
    pub fn api_name(self) -> &'static str {
        match self {
            Group::Runtime => "CUDA RT API",
            Group::Driver => "CUDA Driver API",
            Group::Device => "CUDA Device API",
            Group::Nvrtc => "CUDA RTC API",
            Group::CuComplex => "cuComplex API",
            Group::Cublas => "cuBLAS API",
            Group::Curand => "cuRAND API",
            Group::Cufft => "cuFFT API",
            Group::Cusparse => "cuSPARSE API",
            Group::Cusolver => "cuSOLVER API",
            Group::Cudnn => "cuDNN API",
            Group::Cub => "CUB API",
            Group::Caffe2 => "CAFFE2 API",
        }
    }
}

/// One row of the mapping data. Empty strings mean "not applicable" / "none".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// API group.
    pub group: Group,
    /// Section of the CUDA documentation the name belongs to.
    pub section: &'static str,
    /// The CUDA identifier.
    pub cuda: &'static str,
    /// The HIP identifier, or `""` where HIP has none.
    pub hip: &'static str,
    /// The rocBLAS/rocRAND/…/MIOpen identifier, or `""`.
    pub roc: &'static str,
    /// CUDA version that added the name.
    pub cuda_added: &'static str,
    /// CUDA version that deprecated the name.
    pub cuda_deprecated: &'static str,
    /// CUDA version that changed the name's signature or meaning.
    pub cuda_changed: &'static str,
    /// CUDA version that removed the name.
    pub cuda_removed: &'static str,
    /// HIP version that added the HIP name.
    pub hip_added: &'static str,
    /// HIP version that deprecated the HIP name.
    pub hip_deprecated: &'static str,
    /// HIP version that changed the HIP name's signature or meaning.
    pub hip_changed: &'static str,
    /// HIP version that removed the HIP name.
    pub hip_removed: &'static str,
    /// HIP version since which the HIP name is experimental (still experimental).
    pub hip_experimental: &'static str,
    /// hipify-clang's `HIP_SUPPORTED_V2_ONLY`: a legacy cuBLAS name that is translated
    /// (to its `_v2` counterpart) only in a file that includes `cublas_v2.h`.
    pub v2_only: bool,
}

/// The section of `data/cuda2hip-extra.tsv` that holds the include guards and version
/// macros of CUDA's headers (`__DRIVER_TYPES_H__`, `CUDART_VERSION`), written as the guards
/// of the HIP headers that stand in for them (`HIP_INCLUDE_HIP_DRIVER_TYPES_H`) and
/// `HIP_VERSION`.
pub(crate) const GUARD_SECTION: &str = "Header guards and version macros";

impl Entry {
    /// Whether the name is a header guard or version macro (`GUARD_SECTION`): testing
    /// one is not using CUDA.
    pub fn is_guard(&self) -> bool {
        self.section == GUARD_SECTION
    }

    /// The statistics "type" of the identifier: `type` for data types, enum values and macros,
    /// else the documentation section in lower case.
    pub fn kind(&self) -> String {
        let lower = self.section.to_ascii_lowercase();
        if lower.contains("data types")
            || lower.contains("types reference")
            || lower.ends_with("types")
        {
            "type".to_owned()
        } else {
            lower
        }
    }
}

include!(concat!(env!("OUT_DIR"), "/table.rs"));

/// Must stay identical to `fnv1a` in `build.rs`.
fn fnv1a(bytes: &[u8]) -> u32 {
    let mut hash: u32 = 0x811c_9dc5;
    for byte in bytes {
        hash ^= u32::from(*byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    hash
}

/// Looks a CUDA identifier up in the table.
pub fn lookup(name: &str) -> Option<&'static Entry> {
    let mask = SLOTS.len() - 1;
    let mut slot = fnv1a(name.as_bytes()) as usize & mask;
    loop {
        let index = SLOTS[slot];
        if index == u16::MAX {
            return None;
        }
        let entry = &ENTRIES[usize::from(index)];
        if entry.cuda == name {
            return Some(entry);
        }
        slot = (slot + 1) & mask;
    }
}

/// Every entry, in data-file order.
pub fn entries() -> &'static [Entry] {
    &ENTRIES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_is_found_by_its_name() {
        for entry in entries() {
            assert_eq!(lookup(entry.cuda).map(|it| it.cuda), Some(entry.cuda));
        }
        assert!(lookup("notACudaName").is_none());
    }

    #[test]
    fn table_has_the_documented_size() {
        // 8,932 rows, some names listed in two groups, plus the extra rows.
        assert!(entries().len() > 8_800, "{}", entries().len());
        let with_hip = entries().iter().filter(|it| !it.hip.is_empty()).count();
        assert!(with_hip > 4_800, "{with_hip}");
        assert_eq!(lookup("cudaMalloc").map(|it| it.hip), Some("hipMalloc"));
        assert_eq!(lookup("__shfl_sync").map(|it| it.hip), Some("__shfl_sync"));
    }
}
