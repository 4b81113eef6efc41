//! C-layout types shared with `include/hip/hip_runtime_api.h`: `dim3`, `hipDeviceProp_t`
//! and the `hipMemcpyKind` values.
//!
//! Layouts follow HIP 6.x's published field list (`hipDeviceProp_tR0600`); the header
//! declares the same fields in the same order, and a test compiles a C file against the
//! header to compare offsets.

use std::ffi::{c_char, c_void};

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

/// `hipFuncAttributes` (HIP 6 layout).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[expect(non_snake_case, reason = "field names are HIP's")]
pub struct FuncAttributes {
    pub binaryVersion: i32,
    pub cacheModeCA: i32,
    pub constSizeBytes: usize,
    pub localSizeBytes: usize,
    pub maxDynamicSharedSizeBytes: i32,
    pub maxThreadsPerBlock: i32,
    pub numRegs: i32,
    pub preferredShmemCarveout: i32,
    pub ptxVersion: i32,
    pub sharedSizeBytes: usize,
}

/// `hipPointerAttribute_t` (HIP 6 layout: the memory type comes first).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[expect(non_snake_case, reason = "field names are HIP's")]
pub struct PointerAttribute {
    pub type_: i32,
    pub device: i32,
    pub devicePointer: *mut c_void,
    pub hostPointer: *mut c_void,
    pub isManaged: i32,
    pub allocationFlags: u32,
}

/// `hipMemoryType` (0 is `hipMemoryTypeUnregistered`, which this runtime reports as an error).
pub(crate) mod memory_type {
    pub(crate) const HOST: i32 = 1;
    pub(crate) const DEVICE: i32 = 2;
    pub(crate) const MANAGED: i32 = 3;
    pub(crate) const ARRAY: i32 = 10;
    pub(crate) const UNIFIED: i32 = 11;
}

/// `hipPitchedPtr`: a pitched allocation (`pitch` bytes per row, `ysize` rows per slice).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PitchedPtr {
    pub ptr: *mut c_void,
    pub pitch: usize,
    pub xsize: usize,
    pub ysize: usize,
}

/// `hipExtent`: width in bytes (for linear memory), height in rows, depth in slices.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Extent {
    pub width: usize,
    pub height: usize,
    pub depth: usize,
}

/// `hipPos`: x in bytes, y in rows, z in slices.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pos {
    pub x: usize,
    pub y: usize,
    pub z: usize,
}

/// `hipMemcpy3DParms`. The array members are `hipArray_t`, which this runtime does not
/// implement; a non-null array is `hipErrorNotSupported`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[expect(non_snake_case, reason = "field names are HIP's")]
pub struct Memcpy3DParms {
    pub srcArray: *mut c_void,
    pub srcPos: Pos,
    pub srcPtr: PitchedPtr,
    pub dstArray: *mut c_void,
    pub dstPos: Pos,
    pub dstPtr: PitchedPtr,
    pub extent: Extent,
    pub kind: i32,
}

/// `hip_Memcpy2D` (`hipMemcpyParam2D`): CUDA's `CUDA_MEMCPY2D` field order with HIP's
/// `hipMemoryType` (0 is `hipMemoryTypeUnregistered`, which this runtime reports as an error).numbers.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[expect(non_snake_case, reason = "field names are HIP's")]
pub struct Memcpy2DParam {
    pub srcXInBytes: usize,
    pub srcY: usize,
    pub srcMemoryType: i32,
    pub srcHost: *const c_void,
    pub srcDevice: *mut c_void,
    pub srcArray: *mut c_void,
    pub srcPitch: usize,
    pub dstXInBytes: usize,
    pub dstY: usize,
    pub dstMemoryType: i32,
    pub dstHost: *mut c_void,
    pub dstDevice: *mut c_void,
    pub dstArray: *mut c_void,
    pub dstPitch: usize,
    pub WidthInBytes: usize,
    pub Height: usize,
}

/// `hipKernelNodeParams`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[expect(non_snake_case, reason = "field names are HIP's")]
pub struct KernelNodeParams {
    pub blockDim: Dim3,
    pub extra: *mut *mut c_void,
    pub func: *mut c_void,
    pub gridDim: Dim3,
    pub kernelParams: *mut *mut c_void,
    pub sharedMemBytes: u32,
}

/// `hipMemsetParams`: `width` and `pitch` count elements and bytes respectively.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[expect(non_snake_case, reason = "field names are HIP's")]
pub struct MemsetParams {
    pub dst: *mut c_void,
    pub elementSize: u32,
    pub height: usize,
    pub pitch: usize,
    pub value: u32,
    pub width: usize,
}

/// `hipHostFn_t`.
pub type HostFn = Option<unsafe extern "C" fn(*mut c_void)>;

/// `hipHostNodeParams`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[expect(non_snake_case, reason = "field names are HIP's")]
pub struct HostNodeParams {
    pub r#fn: HostFn,
    pub userData: *mut c_void,
}

/// `hipMemLocation`: `type` 1 is a device, whose ordinal is `id`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemLocation {
    pub type_: i32,
    pub id: i32,
}

/// `hipMemPoolProps`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[expect(non_snake_case, reason = "field names are HIP's")]
pub struct MemPoolProps {
    pub allocType: i32,
    pub handleTypes: i32,
    pub location: MemLocation,
    pub win32SecurityAttributes: *mut c_void,
    pub maxSize: usize,
    pub reserved: [u8; 56],
}

/// `hipMemAccessDesc`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct MemAccessDesc {
    pub location: MemLocation,
    pub flags: i32,
}

impl DeviceProp {
    /// All fields zero (null pointers, empty strings).
    pub fn zeroed() -> DeviceProp {
        // SAFETY: every field is an integer, an array of integers or a raw pointer, for
        // which the all-zero bit pattern is a valid value.
        unsafe { std::mem::zeroed() }
    }
}

/// What `hipDeviceGetAttribute` reports that `hipDeviceProp_t` has no field for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct DeviceExtras {
    /// `hipDeviceAttributeVirtualMemoryManagementSupported`.
    pub(crate) virtual_memory_management: i32,
    /// `hipDeviceAttributeWallClockRate`: the rate of `wall_clock64()`, in kHz.
    pub(crate) wall_clock_rate: i32,
    /// `hipDeviceAttributeFineGrainSupport`: host-coherent memory is available.
    pub(crate) fine_grain: i32,
}

/// `hipDeviceAttribute_t` → its value on the device described by `prop` and `extras` (HIP 6
/// numbering). Attributes HIP describes as several numbers (the layered, gather and
/// alternate texture sizes, `MaxThreadsDim`) give the first, the width; the removed
/// `Unused` numbers and anything unknown give `None` (`hipErrorInvalidValue`).
pub(crate) fn device_attribute(
    prop: &DeviceProp,
    extras: &DeviceExtras,
    attribute: i32,
) -> Option<i32> {
    let size = |value: usize| i32::try_from(value).unwrap_or(i32::MAX);
    Some(match attribute {
        0 => prop.ECCEnabled,                        // EccEnabled
        1 => prop.accessPolicyMaxWindowSize,         // AccessPolicyMaxWindowSize
        2 => prop.asyncEngineCount,                  // AsyncEngineCount
        3 => prop.canMapHostMemory,                  // CanMapHostMemory
        4 => prop.canUseHostPointerForRegisteredMem, // CanUseHostPointerForRegisteredMem
        5 => prop.clockRate,                         // ClockRate
        6 => prop.computeMode,                       // ComputeMode
        7 => prop.computePreemptionSupported,        // ComputePreemptionSupported
        8 => prop.concurrentKernels,                 // ConcurrentKernels
        9 => prop.concurrentManagedAccess,           // ConcurrentManagedAccess
        10 => prop.cooperativeLaunch,                // CooperativeLaunch
        11 => prop.cooperativeMultiDeviceLaunch,     // CooperativeMultiDeviceLaunch
        12 => prop.deviceOverlap,                    // DeviceOverlap
        13 => prop.directManagedMemAccessFromHost,   // DirectManagedMemAccessFromHost
        14 => prop.globalL1CacheSupported,           // GlobalL1CacheSupported
        15 => prop.hostNativeAtomicSupported,        // HostNativeAtomicSupported
        16 => prop.integrated,                       // Integrated
        17 => prop.isMultiGpuBoard,                  // IsMultiGpuBoard
        18 => prop.kernelExecTimeoutEnabled,         // KernelExecTimeout
        19 => prop.l2CacheSize,                      // L2CacheSize
        20 => prop.localL1CacheSupported,            // LocalL1CacheSupported
        // Luid: the first four bytes of the (Windows-only) LUID, zero on Linux.
        21 => i32::from_le_bytes([
            prop.luid[0] as u8,
            prop.luid[1] as u8,
            prop.luid[2] as u8,
            prop.luid[3] as u8,
        ]),
        22 => prop.luidDeviceNodeMask as i32, // LuidDeviceNodeMask
        23 => prop.major,                     // ComputeCapabilityMajor
        24 => prop.managedMemory,             // ManagedMemory
        25 => prop.maxBlocksPerMultiProcessor, // MaxBlocksPerMultiProcessor
        26 => prop.maxThreadsDim[0],          // MaxBlockDimX
        27 => prop.maxThreadsDim[1],          // MaxBlockDimY
        28 => prop.maxThreadsDim[2],          // MaxBlockDimZ
        29 => prop.maxGridSize[0],            // MaxGridDimX
        30 => prop.maxGridSize[1],            // MaxGridDimY
        31 => prop.maxGridSize[2],            // MaxGridDimZ
        32 => prop.maxSurface1D,              // MaxSurface1D
        33 => prop.maxSurface1DLayered[0],    // MaxSurface1DLayered
        34 => prop.maxSurface2D[0],           // MaxSurface2D
        35 => prop.maxSurface2DLayered[0],    // MaxSurface2DLayered
        36 => prop.maxSurface3D[0],           // MaxSurface3D
        37 => prop.maxSurfaceCubemap,         // MaxSurfaceCubemap
        38 => prop.maxSurfaceCubemapLayered[0], // MaxSurfaceCubemapLayered
        39 => prop.maxTexture1D,              // MaxTexture1DWidth
        40 => prop.maxTexture1DLayered[0],    // MaxTexture1DLayered
        41 => prop.maxTexture1DLinear,        // MaxTexture1DLinear
        42 => prop.maxTexture1DMipmap,        // MaxTexture1DMipmap
        43 => prop.maxTexture2D[0],           // MaxTexture2DWidth
        44 => prop.maxTexture2D[1],           // MaxTexture2DHeight
        45 => prop.maxTexture2DGather[0],     // MaxTexture2DGather
        46 => prop.maxTexture2DLayered[0],    // MaxTexture2DLayered
        47 => prop.maxTexture2DLinear[0],     // MaxTexture2DLinear
        48 => prop.maxTexture2DMipmap[0],     // MaxTexture2DMipmap
        49 => prop.maxTexture3D[0],           // MaxTexture3DWidth
        50 => prop.maxTexture3D[1],           // MaxTexture3DHeight
        51 => prop.maxTexture3D[2],           // MaxTexture3DDepth
        52 => prop.maxTexture3DAlt[0],        // MaxTexture3DAlt
        53 => prop.maxTextureCubemap,         // MaxTextureCubemap
        54 => prop.maxTextureCubemapLayered[0], // MaxTextureCubemapLayered
        55 => prop.maxThreadsDim[0],          // MaxThreadsDim
        56 => prop.maxThreadsPerBlock,        // MaxThreadsPerBlock
        57 => prop.maxThreadsPerMultiProcessor, // MaxThreadsPerMultiProcessor
        58 => size(prop.memPitch),            // MaxPitch
        59 => prop.memoryBusWidth,            // MemoryBusWidth
        60 => prop.memoryClockRate,           // MemoryClockRate
        61 => prop.minor,                     // ComputeCapabilityMinor
        62 => prop.multiGpuBoardGroupID,      // MultiGpuBoardGroupID
        63 => prop.multiProcessorCount,       // MultiprocessorCount
        65 => prop.pageableMemoryAccess,      // PageableMemoryAccess
        66 => prop.pageableMemoryAccessUsesHostPageTables, // ...UsesHostPageTables
        67 => prop.pciBusID,                  // PciBusId
        68 => prop.pciDeviceID,               // PciDeviceId
        69 => prop.pciDomainID,               // PciDomainID
        70 => prop.persistingL2CacheMaxSize,  // PersistingL2CacheMaxSize
        71 => prop.regsPerBlock,              // MaxRegistersPerBlock
        72 => prop.regsPerMultiprocessor,     // MaxRegistersPerMultiprocessor
        73 => size(prop.reservedSharedMemPerBlock), // ReservedSharedMemPerBlock
        74 => size(prop.sharedMemPerBlock),   // MaxSharedMemoryPerBlock
        75 => size(prop.sharedMemPerBlockOptin), // SharedMemPerBlockOptin
        76 => size(prop.sharedMemPerMultiprocessor), // SharedMemPerMultiprocessor
        77 => prop.singleToDoublePrecisionPerfRatio, // SingleToDoublePrecisionPerfRatio
        78 => prop.streamPrioritiesSupported, // StreamPrioritiesSupported
        79 => size(prop.surfaceAlignment),    // SurfaceAlignment
        80 => prop.tccDriver,                 // TccDriver
        81 => size(prop.textureAlignment),    // TextureAlignment
        82 => size(prop.texturePitchAlignment), // TexturePitchAlignment
        83 => size(prop.totalConstMem),       // TotalConstantMemory
        84 => size(prop.totalGlobalMem),      // TotalGlobalMem
        85 => prop.unifiedAddressing,         // UnifiedAddressing
        87 => prop.warpSize,                  // WarpSize
        88 => prop.memoryPoolsSupported,      // MemoryPoolsSupported
        89 => extras.virtual_memory_management, // VirtualMemoryManagementSupported
        90 => prop.hostRegisterSupported,     // HostRegisterSupported
        91 => prop.memoryPoolSupportedHandleTypes as i32, // MemoryPoolSupportedHandleTypes
        10000 => prop.clockInstructionRate,   // ClockInstructionRate
        10002 => size(prop.maxSharedMemoryPerMultiProcessor), // MaxSharedMemoryPerMultiprocessor
        // HdpMemFlushCntl, HdpRegFlushCntl: AMD register addresses; none on these devices.
        10005 | 10006 => 0,
        10007 => prop.cooperativeMultiDeviceUnmatchedFunc,
        10008 => prop.cooperativeMultiDeviceUnmatchedGridDim,
        10009 => prop.cooperativeMultiDeviceUnmatchedBlockDim,
        10010 => prop.cooperativeMultiDeviceUnmatchedSharedMem,
        10011 => prop.isLargeBar,   // IsLargeBar
        10012 => prop.asicRevision, // AsicRevision
        // CanUseStreamWaitValue, ImageSupport: hipStreamWaitValue* and images are not
        // implemented by this runtime.
        10013 | 10014 => 0,
        10015 => prop.multiProcessorCount, // PhysicalMultiProcessorCount
        10016 => extras.fine_grain,        // FineGrainSupport
        10017 => extras.wall_clock_rate,   // WallClockRate
        _ => return None,
    })
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
    fn api_structs_have_hip_6_layouts() {
        use std::mem::{offset_of, size_of};
        assert_eq!(size_of::<PointerAttribute>(), 32);
        assert_eq!(offset_of!(PointerAttribute, isManaged), 24);
        assert_eq!(size_of::<PitchedPtr>(), 32);
        assert_eq!(size_of::<Memcpy3DParms>(), 160);
        assert_eq!(offset_of!(Memcpy3DParms, dstArray), 64);
        assert_eq!(offset_of!(Memcpy3DParms, kind), 152);
        assert_eq!(size_of::<Memcpy2DParam>(), 128);
        assert_eq!(offset_of!(Memcpy2DParam, dstXInBytes), 56);
        assert_eq!(size_of::<KernelNodeParams>(), 64);
        assert_eq!(offset_of!(KernelNodeParams, gridDim), 32);
        assert_eq!(offset_of!(KernelNodeParams, sharedMemBytes), 56);
        assert_eq!(size_of::<MemsetParams>(), 48);
        assert_eq!(offset_of!(MemsetParams, value), 32);
        assert_eq!(size_of::<HostNodeParams>(), 16);
        assert_eq!(size_of::<MemPoolProps>(), 88);
        assert_eq!(offset_of!(MemPoolProps, maxSize), 24);
    }

    #[test]
    fn attributes_read_the_matching_fields() {
        let mut prop = DeviceProp::zeroed();
        prop.multiProcessorCount = 132;
        prop.maxThreadsDim = [1024, 1024, 64];
        prop.totalGlobalMem = 80 << 30;
        prop.major = 9;
        prop.warpSize = 32;
        prop.maxTexture2DLayered = [16384, 8192, 2048];
        let extras = DeviceExtras {
            wall_clock_rate: 100_000,
            ..DeviceExtras::default()
        };
        let get = |attribute| device_attribute(&prop, &extras, attribute);
        assert_eq!(get(63), Some(132));
        assert_eq!(get(28), Some(64));
        assert_eq!(get(23), Some(9));
        assert_eq!(get(87), Some(32));
        assert_eq!(get(46), Some(16384));
        assert_eq!(get(10017), Some(100_000));
        // Larger than an int: saturates, as HIP's int-valued attribute must.
        assert_eq!(get(84), Some(i32::MAX));
        // The removed numbers and unknown ones are invalid.
        for invalid in [64, 86, 10001, 10003, 10004, 5000, 9999, 20000] {
            assert_eq!(get(invalid), None, "{invalid}");
        }
        // Every other number up to the CUDA-compatible end and in the AMD range answers.
        for valid in (0..=91).chain(10000..=10017) {
            if ![64, 86, 10001, 10003, 10004].contains(&valid) {
                assert!(get(valid).is_some(), "{valid}");
            }
        }
    }

    #[test]
    fn c_strings_are_truncated_and_terminated() {
        let mut field = [1 as c_char; 4];
        set_c_string(&mut field, "sm_90");
        assert_eq!(field, [b's' as c_char, b'm' as c_char, b'_' as c_char, 0]);
    }
}
