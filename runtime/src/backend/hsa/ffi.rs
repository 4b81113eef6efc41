//! ROCm's HSA runtime as the backend calls it: `libhsa-runtime64.so.1` opened with
//! `dlopen`, every entry point found with `dlsym` and typed as `hsa.h`/`hsa_ext_amd.h`
//! declare it (hip-abi.md §4). Nothing here is linked at build time.
//!
//! The enum values below are the headers' (ROCR-Runtime); the structures are written out
//! with their C layout and checked by the tests at the end.

use std::ffi::{c_char, c_int, c_void};

use libloading::Library;

pub(crate) type Status = u32;
pub(crate) const STATUS_SUCCESS: Status = 0;
/// `HSA_STATUS_ERROR_EXCEPTION`: a queue's kernel raised an exception (a trap, an
/// `assert`, a memory fault).
pub(crate) const STATUS_ERROR_EXCEPTION: Status = 0x1016;

/// Opaque HSA handles: one `uint64_t` each.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct Handle {
    pub(crate) handle: u64,
}

pub(crate) type Agent = Handle;
pub(crate) type Signal = Handle;
pub(crate) type Isa = Handle;
pub(crate) type MemoryPool = Handle;
pub(crate) type Executable = Handle;
pub(crate) type CodeObjectReader = Handle;
pub(crate) type ExecutableSymbol = Handle;

/// `hsa_queue_t`.
#[repr(C)]
pub(crate) struct Queue {
    pub(crate) queue_type: u32,
    pub(crate) features: u32,
    pub(crate) base_address: *mut c_void,
    pub(crate) doorbell_signal: Signal,
    pub(crate) size: u32,
    pub(crate) reserved1: u32,
    pub(crate) id: u64,
}

/// `hsa_amd_profiling_dispatch_time_t`: start and end in the system timestamp domain.
#[repr(C)]
#[derive(Default)]
pub(crate) struct DispatchTime {
    pub(crate) start: u64,
    pub(crate) end: u64,
}

// `hsa_system_info_t`.
pub(crate) const SYSTEM_INFO_VERSION_MAJOR: u32 = 0;
pub(crate) const SYSTEM_INFO_VERSION_MINOR: u32 = 1;
pub(crate) const SYSTEM_INFO_TIMESTAMP_FREQUENCY: u32 = 3;

// `hsa_agent_info_t` and the AMD additions (`hsa_amd_agent_info_t`).
pub(crate) const AGENT_INFO_NAME: u32 = 0;
pub(crate) const AGENT_INFO_FEATURE: u32 = 2;
pub(crate) const AGENT_INFO_WAVEFRONT_SIZE: u32 = 6;
pub(crate) const AGENT_INFO_WORKGROUP_MAX_DIM: u32 = 7;
pub(crate) const AGENT_INFO_WORKGROUP_MAX_SIZE: u32 = 8;
pub(crate) const AGENT_INFO_GRID_MAX_DIM: u32 = 9;
pub(crate) const AGENT_INFO_QUEUE_MAX_SIZE: u32 = 14;
pub(crate) const AGENT_INFO_DEVICE: u32 = 17;
/// `uint32_t[4]`: L1, L2, L3, L4 sizes in bytes.
pub(crate) const AGENT_INFO_CACHE_SIZE: u32 = 18;
pub(crate) const AMD_AGENT_INFO_COMPUTE_UNIT_COUNT: u32 = 0xA002;
/// MHz.
pub(crate) const AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY: u32 = 0xA003;
/// PCI bus/device/function, `(bus << 8) | (device << 3) | function`.
pub(crate) const AMD_AGENT_INFO_BDFID: u32 = 0xA006;
/// Bits.
pub(crate) const AMD_AGENT_INFO_MEMORY_WIDTH: u32 = 0xA007;
/// MHz.
pub(crate) const AMD_AGENT_INFO_MEMORY_MAX_FREQUENCY: u32 = 0xA008;
/// `char[64]`, the marketing name.
pub(crate) const AMD_AGENT_INFO_PRODUCT_NAME: u32 = 0xA009;
pub(crate) const AMD_AGENT_INFO_MAX_WAVES_PER_CU: u32 = 0xA00A;
pub(crate) const AMD_AGENT_INFO_DOMAIN: u32 = 0xA00F;
/// `char[21]`, `GPU-` and 16 hex digits.
pub(crate) const AMD_AGENT_INFO_UUID: u32 = 0xA011;
pub(crate) const AMD_AGENT_INFO_ASIC_REVISION: u32 = 0xA012;
pub(crate) const AMD_AGENT_INFO_MEMORY_AVAIL: u32 = 0xA015;

pub(crate) const DEVICE_TYPE_GPU: u32 = 1;
pub(crate) const AGENT_FEATURE_KERNEL_DISPATCH: u32 = 1;

// `hsa_isa_info_t`.
pub(crate) const ISA_INFO_NAME_LENGTH: u32 = 0;
pub(crate) const ISA_INFO_NAME: u32 = 1;

// `hsa_amd_memory_pool_info_t` and its values.
pub(crate) const POOL_INFO_SEGMENT: u32 = 0;
pub(crate) const POOL_INFO_GLOBAL_FLAGS: u32 = 1;
pub(crate) const POOL_INFO_SIZE: u32 = 2;
pub(crate) const POOL_INFO_RUNTIME_ALLOC_ALLOWED: u32 = 5;
pub(crate) const SEGMENT_GLOBAL: u32 = 0;
pub(crate) const SEGMENT_GROUP: u32 = 3;
pub(crate) const GLOBAL_FLAG_KERNARG_INIT: u32 = 1;
pub(crate) const GLOBAL_FLAG_FINE_GRAINED: u32 = 2;
pub(crate) const GLOBAL_FLAG_COARSE_GRAINED: u32 = 4;
/// `hsa_amd_agent_memory_pool_info_t`: `HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS`.
pub(crate) const AGENT_POOL_INFO_ACCESS: u32 = 0;
pub(crate) const POOL_ACCESS_NEVER_ALLOWED: u32 = 0;

// `hsa_executable_symbol_info_t`.
pub(crate) const SYMBOL_INFO_VARIABLE_SIZE: u32 = 9;
pub(crate) const SYMBOL_INFO_VARIABLE_ADDRESS: u32 = 21;
pub(crate) const SYMBOL_INFO_KERNEL_OBJECT: u32 = 22;

/// `HSA_PROFILE_FULL`, `HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT` (what clr passes).
pub(crate) const PROFILE_FULL: u32 = 1;
pub(crate) const ROUNDING_MODE_DEFAULT: u32 = 0;
/// `HSA_QUEUE_TYPE_MULTI`.
pub(crate) const QUEUE_TYPE_MULTI: u32 = 0;

// `hsa_signal_condition_t`, `hsa_wait_state_t`.
pub(crate) const SIGNAL_CONDITION_LT: u32 = 2;
pub(crate) const WAIT_STATE_BLOCKED: u32 = 0;

pub(crate) type QueueCallback = unsafe extern "C" fn(Status, *mut Queue, *mut c_void);
pub(crate) type AgentCallback = unsafe extern "C" fn(Agent, *mut c_void) -> Status;
pub(crate) type IsaCallback = unsafe extern "C" fn(Isa, *mut c_void) -> Status;
pub(crate) type PoolCallback = unsafe extern "C" fn(MemoryPool, *mut c_void) -> Status;

/// Declares the table of entry points, each found by its own name with `dlsym`.
macro_rules! hsa_api {
    ($($name:ident: fn($($arg:ty),* $(,)?) -> $ret:ty;)*) => {
        /// The HSA entry points the backend uses.
        pub(crate) struct Api {
            $(pub(crate) $name: unsafe extern "C" fn($($arg),*) -> $ret,)*
            /// Kept open for the life of the process; the function pointers point into it.
            _library: Library,
        }

        impl Api {
            /// # Safety
            /// `library` must be an HSA runtime whose exports have the C signatures of
            /// `hsa.h` and `hsa_ext_amd.h`.
            unsafe fn resolve(library: Library) -> Result<Api, String> {
                Ok(Api {
                    $($name: {
                        // SAFETY: forwarded from this function's contract: the export named
                        // like the field has the signature written for it.
                        let symbol = unsafe {
                            library.get::<unsafe extern "C" fn($($arg),*) -> $ret>(
                                concat!(stringify!($name), "\0").as_bytes(),
                            )
                        };
                        *symbol.map_err(|error| {
                            format!("the HSA runtime has no `{}`: {error}", stringify!($name))
                        })?
                    },)*
                    _library: library,
                })
            }
        }
    };
}

hsa_api! {
    hsa_init: fn() -> Status;
    hsa_shut_down: fn() -> Status;
    hsa_status_string: fn(Status, *mut *const c_char) -> Status;
    hsa_system_get_info: fn(u32, *mut c_void) -> Status;
    hsa_iterate_agents: fn(AgentCallback, *mut c_void) -> Status;
    hsa_agent_get_info: fn(Agent, u32, *mut c_void) -> Status;
    hsa_agent_iterate_isas: fn(Agent, IsaCallback, *mut c_void) -> Status;
    hsa_isa_get_info_alt: fn(Isa, u32, *mut c_void) -> Status;
    hsa_amd_agent_iterate_memory_pools: fn(Agent, PoolCallback, *mut c_void) -> Status;
    hsa_amd_memory_pool_get_info: fn(MemoryPool, u32, *mut c_void) -> Status;
    hsa_amd_agent_memory_pool_get_info: fn(Agent, MemoryPool, u32, *mut c_void) -> Status;
    hsa_amd_memory_pool_allocate: fn(MemoryPool, usize, u32, *mut *mut c_void) -> Status;
    hsa_amd_memory_pool_free: fn(*mut c_void) -> Status;
    hsa_amd_agents_allow_access: fn(u32, *const Agent, *const u32, *const c_void) -> Status;
    hsa_amd_memory_lock: fn(*mut c_void, usize, *mut Agent, c_int, *mut *mut c_void) -> Status;
    hsa_amd_memory_unlock: fn(*mut c_void) -> Status;
    hsa_amd_memory_fill: fn(*mut c_void, u32, usize) -> Status;
    hsa_amd_memory_async_copy: fn(
        *mut c_void, Agent, *const c_void, Agent, usize, u32, *const Signal, Signal,
    ) -> Status;
    hsa_queue_create: fn(
        Agent, u32, u32, Option<QueueCallback>, *mut c_void, u32, u32, *mut *mut Queue,
    ) -> Status;
    hsa_queue_destroy: fn(*mut Queue) -> Status;
    hsa_queue_add_write_index_scacq_screl: fn(*const Queue, u64) -> u64;
    hsa_queue_load_read_index_scacquire: fn(*const Queue) -> u64;
    hsa_amd_profiling_set_profiler_enabled: fn(*mut Queue, c_int) -> Status;
    hsa_amd_profiling_get_dispatch_time: fn(Agent, Signal, *mut DispatchTime) -> Status;
    hsa_signal_create: fn(i64, u32, *const Agent, *mut Signal) -> Status;
    hsa_signal_destroy: fn(Signal) -> Status;
    hsa_signal_store_screlease: fn(Signal, i64) -> ();
    hsa_signal_load_scacquire: fn(Signal) -> i64;
    hsa_signal_wait_scacquire: fn(Signal, u32, i64, u64, u32) -> i64;
    hsa_code_object_reader_create_from_memory: fn(
        *const c_void, usize, *mut CodeObjectReader,
    ) -> Status;
    hsa_code_object_reader_destroy: fn(CodeObjectReader) -> Status;
    hsa_executable_create_alt: fn(u32, u32, *const c_char, *mut Executable) -> Status;
    hsa_executable_load_agent_code_object: fn(
        Executable, Agent, CodeObjectReader, *const c_char, *mut c_void,
    ) -> Status;
    hsa_executable_freeze: fn(Executable, *const c_char) -> Status;
    hsa_executable_destroy: fn(Executable) -> Status;
    hsa_executable_get_symbol_by_name: fn(
        Executable, *const c_char, *const Agent, *mut ExecutableSymbol,
    ) -> Status;
    hsa_executable_symbol_get_info: fn(ExecutableSymbol, u32, *mut c_void) -> Status;
}

/// The library names tried, in order: ROCm's soname, then the unversioned development link.
/// `OXHIP_HSA_LIBRARY` replaces both with one path (for testing against another HSA
/// implementation).
pub(crate) fn library_names() -> Vec<String> {
    match named_library() {
        Some(path) => vec![path],
        None => vec![
            "libhsa-runtime64.so.1".to_owned(),
            "libhsa-runtime64.so".to_owned(),
        ],
    }
}

/// The library `OXHIP_HSA_LIBRARY` names, if it names one.
pub(crate) fn named_library() -> Option<String> {
    std::env::var("OXHIP_HSA_LIBRARY")
        .ok()
        .filter(|path| !path.is_empty())
}

/// Opens the first HSA runtime that loads and resolves every entry point; the error says
/// why each failed.
pub(crate) fn open() -> Result<(Api, String), String> {
    let mut reasons = Vec::new();
    for name in library_names() {
        // SAFETY: loading the system HSA runtime runs its initialisers, which have no
        // preconditions on our side.
        match unsafe { Library::new(&name) } {
            // SAFETY: a library that calls itself the HSA runtime has hsa.h's signatures.
            Ok(library) => match unsafe { Api::resolve(library) } {
                Ok(api) => return Ok((api, name)),
                Err(reason) => reasons.push(format!("`{name}`: {reason}")),
            },
            Err(error) => reasons.push(format!("cannot load `{name}`: {error}")),
        }
    }
    Err(reasons.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn structures_have_the_c_layout() {
        // hsa.h: hsa_queue_t is 40 bytes on LP64, the doorbell at 16, the size at 24.
        assert_eq!(std::mem::size_of::<Queue>(), 40);
        assert_eq!(std::mem::offset_of!(Queue, base_address), 8);
        assert_eq!(std::mem::offset_of!(Queue, doorbell_signal), 16);
        assert_eq!(std::mem::offset_of!(Queue, size), 24);
        assert_eq!(std::mem::offset_of!(Queue, id), 32);
        assert_eq!(std::mem::size_of::<DispatchTime>(), 16);
        assert_eq!(std::mem::size_of::<Handle>(), 8);
    }
}
