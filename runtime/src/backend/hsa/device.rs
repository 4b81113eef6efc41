//! Finding the GPU agents and describing them: ISA names, memory pools, and the
//! `hipDeviceProp_t` fields HSA can answer (hip-abi.md §4.1–4.2).

use std::ffi::{c_char, c_void, CStr};

use super::ffi::{self, Agent, Api, MemoryPool, Status};
use crate::types::{set_c_string, DeviceProp};

/// One GPU agent as the backend uses it.
pub(crate) struct AgentInfo {
    pub(crate) agent: Agent,
    /// The full ISA name, `amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-`: what images are
    /// matched against.
    pub(crate) isa: String,
    /// The marketing name (`AMD Instinct MI300X`), or the processor when there is none.
    pub(crate) name: String,
    /// Device memory: global, coarse-grained, allocatable.
    pub(crate) device_pool: MemoryPool,
    pub(crate) device_pool_size: usize,
    /// LDS available to one work-group (the group segment pool), in bytes.
    pub(crate) lds_size: usize,
    pub(crate) compute_units: u32,
    pub(crate) wavefront_size: u32,
    pub(crate) max_waves_per_cu: u32,
    pub(crate) workgroup_max_size: u32,
    pub(crate) workgroup_max_dim: [u16; 3],
    pub(crate) grid_max_dim: [u32; 3],
    pub(crate) queue_max_size: u32,
    pub(crate) max_clock_mhz: u32,
    pub(crate) memory_clock_mhz: u32,
    pub(crate) memory_width_bits: u32,
    pub(crate) l2_size: u32,
    pub(crate) pci_bdf: u32,
    pub(crate) pci_domain: u32,
    pub(crate) asic_revision: u32,
    pub(crate) uuid: [u8; 16],
}

/// The CPU agent's pools that GPU work uses.
pub(crate) struct HostPools {
    pub(crate) cpu: Agent,
    /// Kernarg buffers (`KERNARG_INIT`).
    pub(crate) kernarg: MemoryPool,
    /// Pinned, fine-grained host memory (`hipHostMalloc`, printf buffers, managed memory).
    pub(crate) fine: MemoryPool,
}

/// What `hsa_iterate_agents` found.
pub(crate) struct Discovery {
    pub(crate) gpus: Vec<AgentInfo>,
    pub(crate) host: Option<HostPools>,
}

fn info<T: Default>(api: &Api, agent: Agent, attribute: u32) -> Option<T> {
    let mut value = T::default();
    // SAFETY: every attribute asked for through this helper is documented to write a value
    // of the type `T` the caller names (u32, u16 arrays, [u8; N] strings).
    let status = unsafe { (api.hsa_agent_get_info)(agent, attribute, (&raw mut value).cast()) };
    (status == ffi::STATUS_SUCCESS).then_some(value)
}

fn text<const N: usize>(api: &Api, agent: Agent, attribute: u32) -> Option<String> {
    let mut bytes = [0u8; N];
    // SAFETY: the string attributes asked for through this helper write at most N bytes
    // (64 for names, 21 for the UUID).
    let status = unsafe { (api.hsa_agent_get_info)(agent, attribute, bytes.as_mut_ptr().cast()) };
    if status != ffi::STATUS_SUCCESS {
        return None;
    }
    let end = bytes.iter().position(|byte| *byte == 0).unwrap_or(N);
    Some(String::from_utf8_lossy(&bytes[..end]).trim().to_owned())
}

fn pool_info<T: Default>(api: &Api, pool: MemoryPool, attribute: u32) -> Option<T> {
    let mut value = T::default();
    // SAFETY: as `info`, for `hsa_amd_memory_pool_get_info`.
    let status =
        unsafe { (api.hsa_amd_memory_pool_get_info)(pool, attribute, (&raw mut value).cast()) };
    (status == ffi::STATUS_SUCCESS).then_some(value)
}

/// Collects every item an HSA iteration hands to its callback.
unsafe extern "C" fn collect(item: ffi::Handle, data: *mut c_void) -> Status {
    // SAFETY: every iteration in this module passes a live `Vec<Handle>` as `data`.
    let items = unsafe { &mut *data.cast::<Vec<ffi::Handle>>() };
    items.push(item);
    ffi::STATUS_SUCCESS
}

fn agents(api: &Api) -> Result<Vec<Agent>, Status> {
    let mut agents: Vec<Agent> = Vec::new();
    // SAFETY: `collect` matches the callback type and `data` is the live vector.
    let status = unsafe { (api.hsa_iterate_agents)(collect, (&raw mut agents).cast()) };
    if status == ffi::STATUS_SUCCESS {
        Ok(agents)
    } else {
        Err(status)
    }
}

fn pools(api: &Api, agent: Agent) -> Vec<MemoryPool> {
    let mut pools: Vec<MemoryPool> = Vec::new();
    // SAFETY: as in `agents`.
    let status = unsafe {
        (api.hsa_amd_agent_iterate_memory_pools)(agent, collect, (&raw mut pools).cast())
    };
    if status == ffi::STATUS_SUCCESS {
        pools
    } else {
        Vec::new()
    }
}

/// The first ISA the agent reports, by name.
fn isa_name(api: &Api, agent: Agent) -> Option<String> {
    let mut isas: Vec<ffi::Isa> = Vec::new();
    // SAFETY: as in `agents`.
    let status = unsafe { (api.hsa_agent_iterate_isas)(agent, collect, (&raw mut isas).cast()) };
    if status != ffi::STATUS_SUCCESS {
        return None;
    }
    let isa = *isas.first()?;
    let mut length: u32 = 0;
    // SAFETY: NAME_LENGTH writes one u32.
    let status = unsafe {
        (api.hsa_isa_get_info_alt)(isa, ffi::ISA_INFO_NAME_LENGTH, (&raw mut length).cast())
    };
    if status != ffi::STATUS_SUCCESS || length == 0 || length > 4096 {
        return None;
    }
    let mut name = vec![0u8; usize::try_from(length).ok()? + 1];
    // SAFETY: NAME writes `length` bytes, and the buffer has one more.
    let status =
        unsafe { (api.hsa_isa_get_info_alt)(isa, ffi::ISA_INFO_NAME, name.as_mut_ptr().cast()) };
    if status != ffi::STATUS_SUCCESS {
        return None;
    }
    let end = name
        .iter()
        .position(|byte| *byte == 0)
        .unwrap_or(name.len());
    Some(String::from_utf8_lossy(&name[..end]).into_owned())
}

/// Walks the agents: GPUs that take kernel dispatches, and the CPU agent's pools.
/// `Err` carries the status of a failed iteration.
pub(crate) fn discover(api: &Api) -> Result<Discovery, Status> {
    let mut gpus = Vec::new();
    let mut host = None;
    for agent in agents(api)? {
        let device_type: u32 = info(api, agent, ffi::AGENT_INFO_DEVICE).unwrap_or(u32::MAX);
        if device_type == ffi::DEVICE_TYPE_GPU {
            let features: u32 = info(api, agent, ffi::AGENT_INFO_FEATURE).unwrap_or(0);
            if features & ffi::AGENT_FEATURE_KERNEL_DISPATCH == 0 {
                continue;
            }
            if let Some(gpu) = describe_gpu(api, agent) {
                gpus.push(gpu);
            }
        } else if device_type == 0 && host.is_none() {
            host = host_pools(api, agent);
        }
    }
    Ok(Discovery { gpus, host })
}

fn host_pools(api: &Api, cpu: Agent) -> Option<HostPools> {
    let mut kernarg = None;
    let mut fine = None;
    for pool in pools(api, cpu) {
        let segment: u32 = pool_info(api, pool, ffi::POOL_INFO_SEGMENT)?;
        let allowed: bool = pool_info(api, pool, ffi::POOL_INFO_RUNTIME_ALLOC_ALLOWED)?;
        if segment != ffi::SEGMENT_GLOBAL || !allowed {
            continue;
        }
        let flags: u32 = pool_info(api, pool, ffi::POOL_INFO_GLOBAL_FLAGS).unwrap_or(0);
        if flags & ffi::GLOBAL_FLAG_KERNARG_INIT != 0 {
            kernarg.get_or_insert(pool);
        }
        if flags & ffi::GLOBAL_FLAG_FINE_GRAINED != 0 {
            fine.get_or_insert(pool);
        }
    }
    Some(HostPools {
        cpu,
        kernarg: kernarg.or(fine)?,
        fine: fine?,
    })
}

fn describe_gpu(api: &Api, agent: Agent) -> Option<AgentInfo> {
    let isa = isa_name(api, agent)?;
    let processor = text::<64>(api, agent, ffi::AGENT_INFO_NAME).unwrap_or_default();
    let name = text::<64>(api, agent, ffi::AMD_AGENT_INFO_PRODUCT_NAME)
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| processor.clone());
    let mut device_pool = None;
    let mut lds_size = 0;
    for pool in pools(api, agent) {
        let segment: u32 = pool_info(api, pool, ffi::POOL_INFO_SEGMENT).unwrap_or(u32::MAX);
        let size: usize = pool_info(api, pool, ffi::POOL_INFO_SIZE).unwrap_or(0);
        if segment == ffi::SEGMENT_GROUP {
            lds_size = size;
            continue;
        }
        let flags: u32 = pool_info(api, pool, ffi::POOL_INFO_GLOBAL_FLAGS).unwrap_or(0);
        let allowed: bool =
            pool_info(api, pool, ffi::POOL_INFO_RUNTIME_ALLOC_ALLOWED).unwrap_or(false);
        if segment == ffi::SEGMENT_GLOBAL
            && allowed
            && flags & ffi::GLOBAL_FLAG_COARSE_GRAINED != 0
            && device_pool.is_none()
        {
            device_pool = Some((pool, size));
        }
    }
    let (device_pool, device_pool_size) = device_pool?;
    let caches: [u32; 4] = info(api, agent, ffi::AGENT_INFO_CACHE_SIZE).unwrap_or_default();
    let uuid_text = text::<32>(api, agent, ffi::AMD_AGENT_INFO_UUID).unwrap_or_default();
    Some(AgentInfo {
        agent,
        isa,
        name,
        device_pool,
        device_pool_size,
        lds_size: if lds_size == 0 { 64 * 1024 } else { lds_size },
        compute_units: info(api, agent, ffi::AMD_AGENT_INFO_COMPUTE_UNIT_COUNT).unwrap_or(1),
        wavefront_size: info(api, agent, ffi::AGENT_INFO_WAVEFRONT_SIZE).unwrap_or(64),
        max_waves_per_cu: info(api, agent, ffi::AMD_AGENT_INFO_MAX_WAVES_PER_CU).unwrap_or(32),
        workgroup_max_size: info(api, agent, ffi::AGENT_INFO_WORKGROUP_MAX_SIZE).unwrap_or(1024),
        workgroup_max_dim: info(api, agent, ffi::AGENT_INFO_WORKGROUP_MAX_DIM)
            .unwrap_or([1024, 1024, 1024]),
        grid_max_dim: info(api, agent, ffi::AGENT_INFO_GRID_MAX_DIM).unwrap_or([
            u32::MAX,
            u32::MAX,
            u32::MAX,
        ]),
        queue_max_size: info(api, agent, ffi::AGENT_INFO_QUEUE_MAX_SIZE).unwrap_or(4096),
        max_clock_mhz: info(api, agent, ffi::AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY).unwrap_or(0),
        memory_clock_mhz: info(api, agent, ffi::AMD_AGENT_INFO_MEMORY_MAX_FREQUENCY).unwrap_or(0),
        memory_width_bits: info(api, agent, ffi::AMD_AGENT_INFO_MEMORY_WIDTH).unwrap_or(0),
        l2_size: caches[1],
        pci_bdf: info(api, agent, ffi::AMD_AGENT_INFO_BDFID).unwrap_or(0),
        pci_domain: info(api, agent, ffi::AMD_AGENT_INFO_DOMAIN).unwrap_or(0),
        asic_revision: info(api, agent, ffi::AMD_AGENT_INFO_ASIC_REVISION).unwrap_or(0),
        uuid: uuid_bytes(&uuid_text),
    })
}

/// `GPU-0123456789abcdef` → the 16 bytes HIP reports: the 16 characters after `GPU-`
/// (clr copies the text, not decoded hex). An agent without a UUID gives zeros.
pub(crate) fn uuid_bytes(text: &str) -> [u8; 16] {
    let mut bytes = [0u8; 16];
    if let Some(rest) = text.strip_prefix("GPU-") {
        for (slot, byte) in bytes.iter_mut().zip(rest.bytes()) {
            *slot = byte;
        }
    }
    bytes
}

/// The processor part of an ISA name: `amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-` →
/// `gfx942:sramecc+:xnack-` (what HIP reports as `gcnArchName`).
pub(crate) fn arch_name(isa: &str) -> &str {
    isa.strip_prefix("amdgcn-amd-amdhsa--").unwrap_or(isa)
}

/// `gfx942` → (9, 4): HIP's `major`/`minor` for an AMD GPU (the digits after `gfx`, the
/// last two being minor and stepping in hex).
pub(crate) fn version_of(arch: &str) -> (i32, i32) {
    let processor = arch.split(':').next().unwrap_or(arch);
    let digits = processor.strip_prefix("gfx").unwrap_or("");
    if digits.len() < 3 || digits.contains('-') {
        return (0, 0);
    }
    let (major, rest) = digits.split_at(digits.len() - 2);
    let minor = rest
        .chars()
        .next()
        .and_then(|digit| digit.to_digit(16))
        .unwrap_or(0);
    (
        major.parse().unwrap_or(0),
        i32::try_from(minor).unwrap_or(0),
    )
}

/// `hipDeviceProp_t` for one agent, as far as HSA answers.
pub(crate) fn properties(gpu: &AgentInfo) -> DeviceProp {
    let mut prop = DeviceProp::zeroed();
    let arch = arch_name(&gpu.isa);
    set_c_string(&mut prop.name, &gpu.name);
    set_c_string(&mut prop.gcnArchName, arch);
    for (slot, byte) in prop.uuid.iter_mut().zip(gpu.uuid) {
        *slot = byte as c_char;
    }
    let (major, minor) = version_of(arch);
    prop.major = major;
    prop.minor = minor;
    let int = |value: u32| i32::try_from(value).unwrap_or(i32::MAX);
    let int_size = |value: usize| i32::try_from(value).unwrap_or(i32::MAX);
    prop.totalGlobalMem = gpu.device_pool_size;
    prop.sharedMemPerBlock = gpu.lds_size;
    prop.sharedMemPerBlockOptin = gpu.lds_size;
    prop.sharedMemPerMultiprocessor = gpu.lds_size;
    prop.maxSharedMemoryPerMultiProcessor = gpu.lds_size;
    prop.warpSize = int(gpu.wavefront_size);
    prop.maxThreadsPerBlock = int(gpu.workgroup_max_size);
    prop.maxThreadsDim = gpu.workgroup_max_dim.map(i32::from);
    prop.maxGridSize = gpu.grid_max_dim.map(int);
    prop.multiProcessorCount = int(gpu.compute_units);
    prop.maxThreadsPerMultiProcessor = int(gpu.max_waves_per_cu * gpu.wavefront_size);
    // HIP reports clocks in kHz.
    prop.clockRate = int(gpu.max_clock_mhz.saturating_mul(1000));
    prop.memoryClockRate = int(gpu.memory_clock_mhz.saturating_mul(1000));
    prop.memoryBusWidth = int(gpu.memory_width_bits);
    prop.l2CacheSize = int(gpu.l2_size);
    prop.pciBusID = int((gpu.pci_bdf >> 8) & 0xff);
    prop.pciDeviceID = int((gpu.pci_bdf >> 3) & 0x1f);
    prop.pciDomainID = int(gpu.pci_domain);
    prop.asicRevision = int(gpu.asic_revision);
    // Every VGPR of a SIMD: 512 per lane with unified AGPRs (gfx90a, gfx94x), else 256,
    // × wave size × 4 SIMDs — what clr reports as registers per block and CU.
    let vgprs = if unified_vgprs(arch) { 512 } else { 256 };
    prop.regsPerBlock = int(vgprs * gpu.wavefront_size);
    prop.regsPerMultiprocessor = prop.regsPerBlock;
    prop.totalConstMem = gpu.device_pool_size.min(i32::MAX as usize);
    prop.memPitch = prop.totalConstMem;
    prop.textureAlignment = 256;
    prop.texturePitchAlignment = 256;
    prop.surfaceAlignment = 256;
    prop.concurrentKernels = 1;
    prop.canMapHostMemory = 1;
    prop.unifiedAddressing = 1;
    prop.managedMemory = 1;
    prop.hostRegisterSupported = 1;
    prop.canUseHostPointerForRegisteredMem = 1;
    prop.asyncEngineCount = 2;
    // The grid barrier is oxhip's own (hip_cooperative_groups.h); it needs only co-residency,
    // which the launch checks.
    prop.cooperativeLaunch = 1;
    prop.cooperativeMultiDeviceLaunch = 0;
    prop.maxBlocksPerMultiProcessor = int(gpu.max_waves_per_cu);
    prop.memoryPoolsSupported = 1;
    prop.clockInstructionRate = prop.clockRate;
    prop.computeMode = 0;
    prop.ECCEnabled = 0;
    prop.streamPrioritiesSupported = 0;
    prop.hostNativeAtomicSupported = 1;
    prop.isLargeBar = 0;
    prop.reservedSharedMemPerBlock = 0;
    prop.maxTexture1D = 16384;
    prop.maxTexture2D = [16384, 16384];
    prop.maxTexture3D = [16384, 16384, 8192];
    prop.maxTexture1DLinear = int_size(gpu.device_pool_size.min(i32::MAX as usize));
    // The hipDeviceArch_t flags every GCN/CDNA/RDNA GPU HIP supports has: global and shared
    // 32- and 64-bit atomics, doubles, warp vote and shuffle, funnel shift, sync, surfaces,
    // dynamic parallelism left out.
    prop.arch = 0x0_f7ff;
    prop
}

/// Processors whose VGPR file includes the accumulation registers (512 per lane).
fn unified_vgprs(arch: &str) -> bool {
    let processor = arch.split(':').next().unwrap_or(arch);
    processor == "gfx90a" || processor.starts_with("gfx94") || processor.starts_with("gfx95")
}

/// Reads a C string the HSA runtime returned (status strings).
///
/// # Safety
/// `text` is null or a NUL-terminated string that lives for the program.
pub(crate) unsafe fn static_text(text: *const c_char) -> String {
    if text.is_null() {
        return String::new();
    }
    // SAFETY: forwarded from the contract.
    unsafe { CStr::from_ptr(text) }
        .to_string_lossy()
        .into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arch_names_and_versions() {
        assert_eq!(
            arch_name("amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-"),
            "gfx942:sramecc+:xnack-"
        );
        assert_eq!(version_of("gfx942:sramecc+:xnack-"), (9, 4));
        assert_eq!(version_of("gfx90a"), (9, 0));
        assert_eq!(version_of("gfx1100"), (11, 0));
        assert_eq!(version_of("gfx1201"), (12, 0));
        assert_eq!(version_of("gfx9-4-generic"), (0, 0));
    }

    #[test]
    fn uuids_are_the_text_after_gpu() {
        assert_eq!(&uuid_bytes("GPU-5a1b2c3d4e5f6a7b")[..], b"5a1b2c3d4e5f6a7b");
        assert_eq!(uuid_bytes(""), [0; 16]);
    }

    #[test]
    fn registers_follow_the_vgpr_file() {
        assert!(unified_vgprs("gfx942:sramecc+:xnack-"));
        assert!(unified_vgprs("gfx90a"));
        assert!(!unified_vgprs("gfx908"));
        assert!(!unified_vgprs("gfx1100"));
    }
}
