//! C-layout types shared with `include/hip/hip_runtime_api.h`: `dim3`, `hipDeviceProp_t`
//! and the `hipMemcpyKind` values.
//!
//! Layouts follow HIP 6.x's published field list (`hipDeviceProp_tR0600`); the header
//! declares the same fields in the same order, and a test compiles a C file against the
//! header to compare offsets.

use std::ffi::c_char;

/// `dim3`: three `uint32_t`, passed by value (two integer registers on x86-64 SysV).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dim3 {
    pub x: u32,
    pub y: u32,
    pub z: u32,
}

impl Dim3 {
    pub(crate) fn count(self) -> u64 {
        u64::from(self.x) * u64::from(self.y) * u64::from(self.z)
    }
}

/// `hipMemcpyKind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemcpyKind {
    HostToHost,
    HostToDevice,
    DeviceToHost,
    DeviceToDevice,
    Default,
}

impl MemcpyKind {
    /// Decodes the C value; `None` for values HIP does not define.
    pub fn from_raw(kind: i32) -> Option<MemcpyKind> {
        match kind {
            0 => Some(MemcpyKind::HostToHost),
            1 => Some(MemcpyKind::HostToDevice),
            2 => Some(MemcpyKind::DeviceToHost),
            3 => Some(MemcpyKind::DeviceToDevice),
            4 => Some(MemcpyKind::Default),
            _ => None,
        }
    }
}

/// `hipDeviceProp_t` (HIP 6.x, exported as both `hipGetDeviceProperties` and
/// `hipGetDevicePropertiesR0600`).
#[repr(C)]
#[derive(Clone, Copy)]
#[expect(non_snake_case, reason = "field names are HIP's")]
pub struct DeviceProp {
    pub name: [c_char; 256],
    pub uuid: [c_char; 16],
    pub luid: [c_char; 8],
    pub luidDeviceNodeMask: u32,
    pub totalGlobalMem: usize,
    pub sharedMemPerBlock: usize,
    pub regsPerBlock: i32,
    pub warpSize: i32,
    pub memPitch: usize,
    pub maxThreadsPerBlock: i32,
    pub maxThreadsDim: [i32; 3],
    pub maxGridSize: [i32; 3],
    pub clockRate: i32,
    pub totalConstMem: usize,
    pub major: i32,
    pub minor: i32,
    pub textureAlignment: usize,
    pub texturePitchAlignment: usize,
    pub deviceOverlap: i32,
    pub multiProcessorCount: i32,
    pub kernelExecTimeoutEnabled: i32,
    pub integrated: i32,
    pub canMapHostMemory: i32,
    pub computeMode: i32,
    pub maxTexture1D: i32,
    pub maxTexture1DMipmap: i32,
    pub maxTexture1DLinear: i32,
    pub maxTexture2D: [i32; 2],
    pub maxTexture2DMipmap: [i32; 2],
    pub maxTexture2DLinear: [i32; 3],
    pub maxTexture2DGather: [i32; 2],
    pub maxTexture3D: [i32; 3],
    pub maxTexture3DAlt: [i32; 3],
    pub maxTextureCubemap: i32,
    pub maxTexture1DLayered: [i32; 2],
    pub maxTexture2DLayered: [i32; 3],
    pub maxTextureCubemapLayered: [i32; 2],
    pub maxSurface1D: i32,
    pub maxSurface2D: [i32; 2],
    pub maxSurface3D: [i32; 3],
    pub maxSurface1DLayered: [i32; 2],
    pub maxSurface2DLayered: [i32; 3],
    pub maxSurfaceCubemap: i32,
    pub maxSurfaceCubemapLayered: [i32; 2],
    pub surfaceAlignment: usize,
    pub concurrentKernels: i32,
    pub ECCEnabled: i32,
    pub pciBusID: i32,
    pub pciDeviceID: i32,
    pub pciDomainID: i32,
    pub tccDriver: i32,
    pub asyncEngineCount: i32,
    pub unifiedAddressing: i32,
    pub memoryClockRate: i32,
    pub memoryBusWidth: i32,
    pub l2CacheSize: i32,
    pub persistingL2CacheMaxSize: i32,
    pub maxThreadsPerMultiProcessor: i32,
    pub streamPrioritiesSupported: i32,
    pub globalL1CacheSupported: i32,
    pub localL1CacheSupported: i32,
    pub sharedMemPerMultiprocessor: usize,
    pub regsPerMultiprocessor: i32,
    pub managedMemory: i32,
    pub isMultiGpuBoard: i32,
    pub multiGpuBoardGroupID: i32,
    pub hostNativeAtomicSupported: i32,
    pub singleToDoublePrecisionPerfRatio: i32,
    pub pageableMemoryAccess: i32,
    pub concurrentManagedAccess: i32,
    pub computePreemptionSupported: i32,
    pub canUseHostPointerForRegisteredMem: i32,
    pub cooperativeLaunch: i32,
    pub cooperativeMultiDeviceLaunch: i32,
    pub sharedMemPerBlockOptin: usize,
    pub pageableMemoryAccessUsesHostPageTables: i32,
    pub directManagedMemAccessFromHost: i32,
    pub maxBlocksPerMultiProcessor: i32,
    pub accessPolicyMaxWindowSize: i32,
    pub reservedSharedMemPerBlock: usize,
    pub hostRegisterSupported: i32,
    pub sparseHipArraySupported: i32,
    pub hostRegisterReadOnlySupported: i32,
    pub timelineSemaphoreInteropSupported: i32,
    pub memoryPoolsSupported: i32,
    pub gpuDirectRDMASupported: i32,
    pub gpuDirectRDMAFlushWritesOptions: u32,
    pub gpuDirectRDMAWritesOrdering: i32,
    pub memoryPoolSupportedHandleTypes: u32,
    pub deferredMappingHipArraySupported: i32,
    pub ipcEventSupported: i32,
    pub clusterLaunch: i32,
    pub unifiedFunctionPointers: i32,
    pub reserved: [i32; 63],
    pub hipReserved: [i32; 32],
    pub gcnArchName: [c_char; 256],
    pub maxSharedMemoryPerMultiProcessor: usize,
    pub clockInstructionRate: i32,
    /// `hipDeviceArch_t`: 17 one-bit feature flags in one `unsigned`.
    pub arch: u32,
    pub hdpMemFlushCntl: *mut u32,
    pub hdpRegFlushCntl: *mut u32,
    pub cooperativeMultiDeviceUnmatchedFunc: i32,
    pub cooperativeMultiDeviceUnmatchedGridDim: i32,
    pub cooperativeMultiDeviceUnmatchedBlockDim: i32,
    pub cooperativeMultiDeviceUnmatchedSharedMem: i32,
    pub isLargeBar: i32,
    pub asicRevision: i32,
}

impl DeviceProp {
    /// All fields zero (null pointers, empty strings).
    pub fn zeroed() -> DeviceProp {
        // SAFETY: every field is an integer, an array of integers or a raw pointer, for
        // which the all-zero bit pattern is a valid value.
        unsafe { std::mem::zeroed() }
    }
}

/// Copies `text` into a fixed C string field, truncating and NUL-terminating.
pub(crate) fn set_c_string(field: &mut [c_char], text: &str) {
    let length = text.len().min(field.len().saturating_sub(1));
    for (slot, byte) in field.iter_mut().zip(text.as_bytes()[..length].iter()) {
        *slot = *byte as c_char;
    }
    if let Some(terminator) = field.get_mut(length) {
        *terminator = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_matches_hip_6() {
        assert_eq!(std::mem::size_of::<Dim3>(), 12);
        assert_eq!(std::mem::offset_of!(DeviceProp, uuid), 256);
        assert_eq!(std::mem::offset_of!(DeviceProp, totalGlobalMem), 288);
        assert_eq!(std::mem::offset_of!(DeviceProp, gcnArchName), 1160);
        assert_eq!(std::mem::size_of::<DeviceProp>(), 1472);
    }

    #[test]
    fn c_strings_are_truncated_and_terminated() {
        let mut field = [1 as c_char; 4];
        set_c_string(&mut field, "sm_90");
        assert_eq!(field, [b's' as c_char, b'm' as c_char, b'_' as c_char, 0]);
    }
}
