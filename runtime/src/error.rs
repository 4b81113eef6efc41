//! `hipError_t` values, their names and descriptions, the mapping from CUDA driver
//! `CUresult` codes, and the crate's internal error type.
//!
//! The numeric values follow HIP's published `hip_runtime_api.h` (HIP 6.x).
//! Nothing here talks to a driver.

use std::ffi::CStr;

/// `hipError_t` as returned across the C ABI.
///
/// Only values this runtime can produce, or that a caller may reasonably pass to
/// `hipGetErrorName`, are listed; `hipGetErrorName` accepts any `int`.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HipError {
    Success = 0,
    ErrorInvalidValue = 1,
    ErrorOutOfMemory = 2,
    ErrorNotInitialized = 3,
    ErrorDeinitialized = 4,
    ErrorProfilerDisabled = 5,
    ErrorProfilerNotInitialized = 6,
    ErrorProfilerAlreadyStarted = 7,
    ErrorProfilerAlreadyStopped = 8,
    ErrorInvalidConfiguration = 9,
    ErrorInvalidPitchValue = 12,
    ErrorInvalidSymbol = 13,
    ErrorInvalidDevicePointer = 17,
    ErrorInvalidMemcpyDirection = 21,
    ErrorInsufficientDriver = 35,
    ErrorMissingConfiguration = 52,
    ErrorPriorLaunchFailure = 53,
    ErrorInvalidDeviceFunction = 98,
    ErrorNoDevice = 100,
    ErrorInvalidDevice = 101,
    ErrorInvalidImage = 200,
    ErrorInvalidContext = 201,
    ErrorContextAlreadyCurrent = 202,
    ErrorMapFailed = 205,
    ErrorUnmapFailed = 206,
    ErrorArrayIsMapped = 207,
    ErrorAlreadyMapped = 208,
    ErrorNoBinaryForGpu = 209,
    ErrorAlreadyAcquired = 210,
    ErrorNotMapped = 211,
    ErrorNotMappedAsArray = 212,
    ErrorNotMappedAsPointer = 213,
    ErrorECCNotCorrectable = 214,
    ErrorUnsupportedLimit = 215,
    ErrorContextAlreadyInUse = 216,
    ErrorPeerAccessUnsupported = 217,
    ErrorInvalidKernelFile = 218,
    ErrorInvalidGraphicsContext = 219,
    ErrorInvalidSource = 300,
    ErrorFileNotFound = 301,
    ErrorSharedObjectSymbolNotFound = 302,
    ErrorSharedObjectInitFailed = 303,
    ErrorOperatingSystem = 304,
    ErrorInvalidHandle = 400,
    ErrorIllegalState = 401,
    ErrorNotFound = 500,
    ErrorNotReady = 600,
    ErrorIllegalAddress = 700,
    ErrorLaunchOutOfResources = 701,
    ErrorLaunchTimeOut = 702,
    ErrorPeerAccessAlreadyEnabled = 704,
    ErrorPeerAccessNotEnabled = 705,
    ErrorSetOnActiveProcess = 708,
    ErrorContextIsDestroyed = 709,
    ErrorAssert = 710,
    ErrorHostMemoryAlreadyRegistered = 712,
    ErrorHostMemoryNotRegistered = 713,
    ErrorLaunchFailure = 719,
    ErrorCooperativeLaunchTooLarge = 720,
    ErrorNotSupported = 801,
    ErrorStreamCaptureUnsupported = 900,
    ErrorStreamCaptureInvalidated = 901,
    ErrorStreamCaptureMerge = 902,
    ErrorStreamCaptureUnmatched = 903,
    ErrorStreamCaptureUnjoined = 904,
    ErrorStreamCaptureIsolation = 905,
    ErrorStreamCaptureImplicit = 906,
    ErrorCapturedEvent = 907,
    ErrorStreamCaptureWrongThread = 908,
    ErrorGraphExecUpdateFailure = 910,
    ErrorUnknown = 999,
    ErrorRuntimeMemory = 1052,
    ErrorRuntimeOther = 1053,
}

/// Every variant, for lookups by number.
const ALL: &[HipError] = &[
    HipError::Success,
    HipError::ErrorInvalidValue,
    HipError::ErrorOutOfMemory,
    HipError::ErrorNotInitialized,
    HipError::ErrorDeinitialized,
    HipError::ErrorProfilerDisabled,
    HipError::ErrorProfilerNotInitialized,
    HipError::ErrorProfilerAlreadyStarted,
    HipError::ErrorProfilerAlreadyStopped,
    HipError::ErrorInvalidConfiguration,
    HipError::ErrorInvalidPitchValue,
    HipError::ErrorInvalidSymbol,
    HipError::ErrorInvalidDevicePointer,
    HipError::ErrorInvalidMemcpyDirection,
    HipError::ErrorInsufficientDriver,
    HipError::ErrorMissingConfiguration,
    HipError::ErrorPriorLaunchFailure,
    HipError::ErrorInvalidDeviceFunction,
    HipError::ErrorNoDevice,
    HipError::ErrorInvalidDevice,
    HipError::ErrorInvalidImage,
    HipError::ErrorInvalidContext,
    HipError::ErrorContextAlreadyCurrent,
    HipError::ErrorMapFailed,
    HipError::ErrorUnmapFailed,
    HipError::ErrorArrayIsMapped,
    HipError::ErrorAlreadyMapped,
    HipError::ErrorNoBinaryForGpu,
    HipError::ErrorAlreadyAcquired,
    HipError::ErrorNotMapped,
    HipError::ErrorNotMappedAsArray,
    HipError::ErrorNotMappedAsPointer,
    HipError::ErrorECCNotCorrectable,
    HipError::ErrorUnsupportedLimit,
    HipError::ErrorContextAlreadyInUse,
    HipError::ErrorPeerAccessUnsupported,
    HipError::ErrorInvalidKernelFile,
    HipError::ErrorInvalidGraphicsContext,
    HipError::ErrorInvalidSource,
    HipError::ErrorFileNotFound,
    HipError::ErrorSharedObjectSymbolNotFound,
    HipError::ErrorSharedObjectInitFailed,
    HipError::ErrorOperatingSystem,
    HipError::ErrorInvalidHandle,
    HipError::ErrorIllegalState,
    HipError::ErrorNotFound,
    HipError::ErrorNotReady,
    HipError::ErrorIllegalAddress,
    HipError::ErrorLaunchOutOfResources,
    HipError::ErrorLaunchTimeOut,
    HipError::ErrorPeerAccessAlreadyEnabled,
    HipError::ErrorPeerAccessNotEnabled,
    HipError::ErrorSetOnActiveProcess,
    HipError::ErrorContextIsDestroyed,
    HipError::ErrorAssert,
    HipError::ErrorHostMemoryAlreadyRegistered,
    HipError::ErrorHostMemoryNotRegistered,
    HipError::ErrorLaunchFailure,
    HipError::ErrorCooperativeLaunchTooLarge,
    HipError::ErrorNotSupported,
    HipError::ErrorStreamCaptureUnsupported,
    HipError::ErrorStreamCaptureInvalidated,
    HipError::ErrorStreamCaptureMerge,
    HipError::ErrorStreamCaptureUnmatched,
    HipError::ErrorStreamCaptureUnjoined,
    HipError::ErrorStreamCaptureIsolation,
    HipError::ErrorStreamCaptureImplicit,
    HipError::ErrorCapturedEvent,
    HipError::ErrorStreamCaptureWrongThread,
    HipError::ErrorGraphExecUpdateFailure,
    HipError::ErrorUnknown,
    HipError::ErrorRuntimeMemory,
    HipError::ErrorRuntimeOther,
];

impl HipError {
    /// The variant with this number, if HIP defines one.
    pub fn from_code(code: i32) -> Option<HipError> {
        ALL.iter().copied().find(|error| *error as i32 == code)
    }

    /// The enumerator's name as HIP spells it (`hipErrorInvalidValue`).
    pub fn name(self) -> &'static CStr {
        match self {
            HipError::Success => c"hipSuccess",
            HipError::ErrorInvalidValue => c"hipErrorInvalidValue",
            HipError::ErrorOutOfMemory => c"hipErrorOutOfMemory",
            HipError::ErrorNotInitialized => c"hipErrorNotInitialized",
            HipError::ErrorDeinitialized => c"hipErrorDeinitialized",
            HipError::ErrorProfilerDisabled => c"hipErrorProfilerDisabled",
            HipError::ErrorProfilerNotInitialized => c"hipErrorProfilerNotInitialized",
            HipError::ErrorProfilerAlreadyStarted => c"hipErrorProfilerAlreadyStarted",
            HipError::ErrorProfilerAlreadyStopped => c"hipErrorProfilerAlreadyStopped",
            HipError::ErrorInvalidConfiguration => c"hipErrorInvalidConfiguration",
            HipError::ErrorInvalidPitchValue => c"hipErrorInvalidPitchValue",
            HipError::ErrorInvalidSymbol => c"hipErrorInvalidSymbol",
            HipError::ErrorInvalidDevicePointer => c"hipErrorInvalidDevicePointer",
            HipError::ErrorInvalidMemcpyDirection => c"hipErrorInvalidMemcpyDirection",
            HipError::ErrorInsufficientDriver => c"hipErrorInsufficientDriver",
            HipError::ErrorMissingConfiguration => c"hipErrorMissingConfiguration",
            HipError::ErrorPriorLaunchFailure => c"hipErrorPriorLaunchFailure",
            HipError::ErrorInvalidDeviceFunction => c"hipErrorInvalidDeviceFunction",
            HipError::ErrorNoDevice => c"hipErrorNoDevice",
            HipError::ErrorInvalidDevice => c"hipErrorInvalidDevice",
            HipError::ErrorInvalidImage => c"hipErrorInvalidImage",
            HipError::ErrorInvalidContext => c"hipErrorInvalidContext",
            HipError::ErrorContextAlreadyCurrent => c"hipErrorContextAlreadyCurrent",
            HipError::ErrorMapFailed => c"hipErrorMapFailed",
            HipError::ErrorUnmapFailed => c"hipErrorUnmapFailed",
            HipError::ErrorArrayIsMapped => c"hipErrorArrayIsMapped",
            HipError::ErrorAlreadyMapped => c"hipErrorAlreadyMapped",
            HipError::ErrorNoBinaryForGpu => c"hipErrorNoBinaryForGpu",
            HipError::ErrorAlreadyAcquired => c"hipErrorAlreadyAcquired",
            HipError::ErrorNotMapped => c"hipErrorNotMapped",
            HipError::ErrorNotMappedAsArray => c"hipErrorNotMappedAsArray",
            HipError::ErrorNotMappedAsPointer => c"hipErrorNotMappedAsPointer",
            HipError::ErrorECCNotCorrectable => c"hipErrorECCNotCorrectable",
            HipError::ErrorUnsupportedLimit => c"hipErrorUnsupportedLimit",
            HipError::ErrorContextAlreadyInUse => c"hipErrorContextAlreadyInUse",
            HipError::ErrorPeerAccessUnsupported => c"hipErrorPeerAccessUnsupported",
            HipError::ErrorInvalidKernelFile => c"hipErrorInvalidKernelFile",
            HipError::ErrorInvalidGraphicsContext => c"hipErrorInvalidGraphicsContext",
            HipError::ErrorInvalidSource => c"hipErrorInvalidSource",
            HipError::ErrorFileNotFound => c"hipErrorFileNotFound",
            HipError::ErrorSharedObjectSymbolNotFound => c"hipErrorSharedObjectSymbolNotFound",
            HipError::ErrorSharedObjectInitFailed => c"hipErrorSharedObjectInitFailed",
            HipError::ErrorOperatingSystem => c"hipErrorOperatingSystem",
            HipError::ErrorInvalidHandle => c"hipErrorInvalidHandle",
            HipError::ErrorIllegalState => c"hipErrorIllegalState",
            HipError::ErrorNotFound => c"hipErrorNotFound",
            HipError::ErrorNotReady => c"hipErrorNotReady",
            HipError::ErrorIllegalAddress => c"hipErrorIllegalAddress",
            HipError::ErrorLaunchOutOfResources => c"hipErrorLaunchOutOfResources",
            HipError::ErrorLaunchTimeOut => c"hipErrorLaunchTimeOut",
            HipError::ErrorPeerAccessAlreadyEnabled => c"hipErrorPeerAccessAlreadyEnabled",
            HipError::ErrorPeerAccessNotEnabled => c"hipErrorPeerAccessNotEnabled",
            HipError::ErrorSetOnActiveProcess => c"hipErrorSetOnActiveProcess",
            HipError::ErrorContextIsDestroyed => c"hipErrorContextIsDestroyed",
            HipError::ErrorAssert => c"hipErrorAssert",
            HipError::ErrorHostMemoryAlreadyRegistered => c"hipErrorHostMemoryAlreadyRegistered",
            HipError::ErrorHostMemoryNotRegistered => c"hipErrorHostMemoryNotRegistered",
            HipError::ErrorLaunchFailure => c"hipErrorLaunchFailure",
            HipError::ErrorCooperativeLaunchTooLarge => c"hipErrorCooperativeLaunchTooLarge",
            HipError::ErrorNotSupported => c"hipErrorNotSupported",
            HipError::ErrorStreamCaptureUnsupported => c"hipErrorStreamCaptureUnsupported",
            HipError::ErrorStreamCaptureInvalidated => c"hipErrorStreamCaptureInvalidated",
            HipError::ErrorStreamCaptureMerge => c"hipErrorStreamCaptureMerge",
            HipError::ErrorStreamCaptureUnmatched => c"hipErrorStreamCaptureUnmatched",
            HipError::ErrorStreamCaptureUnjoined => c"hipErrorStreamCaptureUnjoined",
            HipError::ErrorStreamCaptureIsolation => c"hipErrorStreamCaptureIsolation",
            HipError::ErrorStreamCaptureImplicit => c"hipErrorStreamCaptureImplicit",
            HipError::ErrorCapturedEvent => c"hipErrorCapturedEvent",
            HipError::ErrorStreamCaptureWrongThread => c"hipErrorStreamCaptureWrongThread",
            HipError::ErrorGraphExecUpdateFailure => c"hipErrorGraphExecUpdateFailure",
            HipError::ErrorUnknown => c"hipErrorUnknown",
            HipError::ErrorRuntimeMemory => c"hipErrorRuntimeMemory",
            HipError::ErrorRuntimeOther => c"hipErrorRuntimeOther",
        }
    }

    /// A one-line description in our own words, for `hipGetErrorString`.
    pub fn description(self) -> &'static CStr {
        match self {
            HipError::Success => c"no error",
            HipError::ErrorInvalidValue => c"invalid argument",
            HipError::ErrorOutOfMemory => c"out of memory",
            HipError::ErrorNotInitialized => c"initialization error",
            HipError::ErrorDeinitialized => c"driver shutting down",
            HipError::ErrorProfilerDisabled => c"profiler disabled",
            HipError::ErrorProfilerNotInitialized => c"profiler not initialized",
            HipError::ErrorProfilerAlreadyStarted => c"profiler already started",
            HipError::ErrorProfilerAlreadyStopped => c"profiler already stopped",
            HipError::ErrorInvalidConfiguration => c"invalid launch configuration",
            HipError::ErrorInvalidPitchValue => c"invalid pitch value",
            HipError::ErrorInvalidSymbol => c"invalid device symbol",
            HipError::ErrorInvalidDevicePointer => c"invalid device pointer",
            HipError::ErrorInvalidMemcpyDirection => c"invalid copy direction for memcpy",
            HipError::ErrorInsufficientDriver => c"driver version is insufficient",
            HipError::ErrorMissingConfiguration => c"missing launch configuration",
            HipError::ErrorPriorLaunchFailure => c"an earlier launch failed",
            HipError::ErrorInvalidDeviceFunction => c"invalid device function",
            HipError::ErrorNoDevice => c"no GPU device is available",
            HipError::ErrorInvalidDevice => c"invalid device ordinal",
            HipError::ErrorInvalidImage => c"device kernel image is invalid",
            HipError::ErrorInvalidContext => c"invalid device context",
            HipError::ErrorContextAlreadyCurrent => c"context is already current",
            HipError::ErrorMapFailed => c"mapping of buffer object failed",
            HipError::ErrorUnmapFailed => c"unmapping of buffer object failed",
            HipError::ErrorArrayIsMapped => c"array is mapped",
            HipError::ErrorAlreadyMapped => c"resource already mapped",
            HipError::ErrorNoBinaryForGpu => {
                c"no kernel image is available for execution on the device"
            }
            HipError::ErrorAlreadyAcquired => c"resource already acquired",
            HipError::ErrorNotMapped => c"resource not mapped",
            HipError::ErrorNotMappedAsArray => c"resource not mapped as array",
            HipError::ErrorNotMappedAsPointer => c"resource not mapped as pointer",
            HipError::ErrorECCNotCorrectable => c"uncorrectable ECC error encountered",
            HipError::ErrorUnsupportedLimit => c"limit is not supported on this device",
            HipError::ErrorContextAlreadyInUse => c"context already in use",
            HipError::ErrorPeerAccessUnsupported => {
                c"peer access is not supported between these devices"
            }
            HipError::ErrorInvalidKernelFile => c"device kernel source or PTX is invalid",
            HipError::ErrorInvalidGraphicsContext => c"invalid graphics context",
            HipError::ErrorInvalidSource => c"device kernel source is invalid",
            HipError::ErrorFileNotFound => c"file not found",
            HipError::ErrorSharedObjectSymbolNotFound => c"shared object symbol not found",
            HipError::ErrorSharedObjectInitFailed => c"shared object initialization failed",
            HipError::ErrorOperatingSystem => {
                c"OS call failed or operation not supported on this OS"
            }
            HipError::ErrorInvalidHandle => c"invalid resource handle",
            HipError::ErrorIllegalState => {
                c"the resource is not in a valid state for this operation"
            }
            HipError::ErrorNotFound => c"named symbol not found",
            HipError::ErrorNotReady => c"device not ready",
            HipError::ErrorIllegalAddress => c"an illegal memory access was encountered",
            HipError::ErrorLaunchOutOfResources => c"too many resources requested for launch",
            HipError::ErrorLaunchTimeOut => c"the launch timed out and was terminated",
            HipError::ErrorPeerAccessAlreadyEnabled => c"peer access is already enabled",
            HipError::ErrorPeerAccessNotEnabled => c"peer access has not been enabled",
            HipError::ErrorSetOnActiveProcess => {
                c"cannot set while device is active in this process"
            }
            HipError::ErrorContextIsDestroyed => c"context is destroyed",
            HipError::ErrorAssert => c"device-side assert triggered",
            HipError::ErrorHostMemoryAlreadyRegistered => c"host memory is already registered",
            HipError::ErrorHostMemoryNotRegistered => c"host memory is not registered",
            HipError::ErrorLaunchFailure => c"unspecified launch failure",
            HipError::ErrorCooperativeLaunchTooLarge => c"too many blocks in cooperative launch",
            HipError::ErrorNotSupported => c"operation not supported",
            HipError::ErrorStreamCaptureUnsupported => {
                c"operation not permitted while the stream is capturing"
            }
            HipError::ErrorStreamCaptureInvalidated => {
                c"stream capture was invalidated by an earlier error"
            }
            HipError::ErrorStreamCaptureMerge => {
                c"operation would merge two independent stream captures"
            }
            HipError::ErrorStreamCaptureUnmatched => c"capture was not started in this stream",
            HipError::ErrorStreamCaptureUnjoined => c"stream capture has an unjoined fork",
            HipError::ErrorStreamCaptureIsolation => {
                c"dependency would cross the stream capture boundary"
            }
            HipError::ErrorStreamCaptureImplicit => {
                c"operation would create an implicit dependency on a capture"
            }
            HipError::ErrorCapturedEvent => {
                c"operation not permitted on an event recorded in a capturing stream"
            }
            HipError::ErrorStreamCaptureWrongThread => {
                c"stream capture ended in a different thread"
            }
            HipError::ErrorGraphExecUpdateFailure => c"graph update was not performed",
            HipError::ErrorUnknown => c"unknown error",
            HipError::ErrorRuntimeMemory => c"runtime memory call failed",
            HipError::ErrorRuntimeOther => c"runtime call failed",
        }
    }

    /// The `hipError_t` for a CUDA driver `CUresult`.
    ///
    /// Most driver codes have the same number in HIP; the others are mapped by meaning:
    /// PTX problems become `hipErrorInvalidKernelFile`, kernel exceptions
    /// `hipErrorLaunchFailure`, and anything without a HIP counterpart `hipErrorUnknown`.
    pub fn from_cu_result(code: i32) -> HipError {
        match code {
            // CUDA_ERROR_STUB_LIBRARY (34): the process found a stub libcuda.
            34 => HipError::ErrorInsufficientDriver,
            // CUDA_ERROR_NVLINK_UNCORRECTABLE (220).
            220 => HipError::ErrorECCNotCorrectable,
            // CUDA_ERROR_JIT_COMPILER_NOT_FOUND (221), UNSUPPORTED_PTX_VERSION (222),
            // JIT_COMPILATION_DISABLED (223).
            221..=223 => HipError::ErrorInvalidKernelFile,
            // HARDWARE_STACK_ERROR, ILLEGAL_INSTRUCTION, MISALIGNED_ADDRESS,
            // INVALID_ADDRESS_SPACE, INVALID_PC (714..=718).
            714..=718 => HipError::ErrorLaunchFailure,
            // CUDA_ERROR_NOT_PERMITTED (800), SYSTEM_NOT_READY (802).
            800 | 802 => HipError::ErrorNotSupported,
            // CUDA_ERROR_SYSTEM_DRIVER_MISMATCH (803), COMPAT_NOT_SUPPORTED_ON_DEVICE (804).
            803 | 804 => HipError::ErrorInsufficientDriver,
            // HIP's 35 and 52/53 are CUDA runtime codes; the driver never returns them,
            // and HIP's 1052/1053 are HSA codes.
            35 | 52 | 53 | 1052 | 1053 => HipError::ErrorUnknown,
            _ => HipError::from_code(code).unwrap_or(HipError::ErrorUnknown),
        }
    }
}

/// Why a runtime operation failed. Every variant maps to one `hipError_t`.
#[derive(Clone, Debug, thiserror::Error)]
pub enum RuntimeError {
    #[error("invalid argument `{argument}`")]
    InvalidValue { argument: &'static str },
    #[error("no GPU device is available: {reason}")]
    NoDevice { reason: String },
    #[error("device {device} does not exist ({count} present)")]
    InvalidDevice { device: i32, count: usize },
    #[error("invalid {what} handle")]
    InvalidHandle { what: &'static str },
    #[error("invalid memcpy kind {kind}")]
    InvalidMemcpyKind { kind: i32 },
    #[error("invalid launch configuration: {detail}")]
    InvalidConfiguration { detail: String },
    #[error("no launch configuration was pushed (`__hipPopCallConfiguration` on an empty stack)")]
    MissingConfiguration,
    #[error("kernel handle {handle:#x} was never registered")]
    UnknownKernel { handle: usize },
    #[error("{address:#x} is not a registered device variable")]
    UnknownSymbol { address: usize },
    #[error("fat binary at {address:#x} is not a valid offload bundle: {reason}")]
    InvalidFatBinary { address: usize, reason: String },
    #[error("the image `{image}` is invalid: {reason}")]
    InvalidImage { image: String, reason: String },
    #[error("no image for `{arch}` in the fat binary; it holds: {available}")]
    NoBinaryForGpu { arch: String, available: String },
    #[error("`{call}` failed with {code} ({name}){detail}")]
    Driver {
        call: &'static str,
        code: i32,
        name: String,
        detail: String,
    },
    #[error("the runtime hit an internal error: {reason}")]
    Internal { reason: String },
    #[error("no {what} named `{name}`")]
    NotFound { what: &'static str, name: String },
    #[error("cannot read `{path}`: {reason}")]
    FileNotFound { path: String, reason: String },
    #[error("a cooperative launch of {blocks} blocks cannot be co-resident (at most {limit})")]
    CooperativeLaunchTooLarge { blocks: u64, limit: u64 },
    #[error("{what} is not supported{detail}")]
    NotSupported { what: &'static str, detail: String },
    #[error("work is still pending")]
    NotReady,
    /// A failure whose `hipError_t` is named directly (capture states, peer access, limits,
    /// pitches, registered host memory): `detail` says what was wrong.
    #[error("{detail}")]
    Status { code: HipError, detail: String },
}

impl RuntimeError {
    /// A failure reported as `code`, with `detail` for the log and `oxhipGetLastErrorMessage`.
    pub(crate) fn status(code: HipError, detail: impl Into<String>) -> RuntimeError {
        RuntimeError::Status {
            code,
            detail: detail.into(),
        }
    }

    /// The `hipError_t` this failure is reported as.
    pub fn code(&self) -> HipError {
        match self {
            RuntimeError::InvalidValue { .. } => HipError::ErrorInvalidValue,
            RuntimeError::NoDevice { .. } => HipError::ErrorNoDevice,
            RuntimeError::InvalidDevice { .. } => HipError::ErrorInvalidDevice,
            RuntimeError::InvalidHandle { .. } => HipError::ErrorInvalidHandle,
            RuntimeError::InvalidMemcpyKind { .. } => HipError::ErrorInvalidMemcpyDirection,
            RuntimeError::InvalidConfiguration { .. } => HipError::ErrorInvalidConfiguration,
            RuntimeError::MissingConfiguration => HipError::ErrorMissingConfiguration,
            RuntimeError::UnknownKernel { .. } => HipError::ErrorInvalidDeviceFunction,
            RuntimeError::UnknownSymbol { .. } => HipError::ErrorInvalidSymbol,
            RuntimeError::InvalidFatBinary { .. } | RuntimeError::InvalidImage { .. } => {
                HipError::ErrorInvalidImage
            }
            RuntimeError::NoBinaryForGpu { .. } => HipError::ErrorNoBinaryForGpu,
            RuntimeError::Driver { code, .. } => HipError::from_cu_result(*code),
            RuntimeError::Internal { .. } => HipError::ErrorUnknown,
            RuntimeError::NotFound { .. } => HipError::ErrorNotFound,
            RuntimeError::FileNotFound { .. } => HipError::ErrorFileNotFound,
            RuntimeError::CooperativeLaunchTooLarge { .. } => {
                HipError::ErrorCooperativeLaunchTooLarge
            }
            RuntimeError::NotSupported { .. } => HipError::ErrorNotSupported,
            RuntimeError::NotReady => HipError::ErrorNotReady,
            RuntimeError::Status { code, .. } => *code,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_match_hip() {
        assert_eq!(HipError::ErrorInvalidValue as i32, 1);
        assert_eq!(HipError::ErrorOutOfMemory as i32, 2);
        assert_eq!(HipError::ErrorNotInitialized as i32, 3);
        assert_eq!(HipError::ErrorInvalidConfiguration as i32, 9);
        assert_eq!(HipError::ErrorInvalidMemcpyDirection as i32, 21);
        assert_eq!(HipError::ErrorInvalidDeviceFunction as i32, 98);
        assert_eq!(HipError::ErrorNoDevice as i32, 100);
        assert_eq!(HipError::ErrorInvalidDevice as i32, 101);
        assert_eq!(HipError::ErrorInvalidImage as i32, 200);
        assert_eq!(HipError::ErrorNoBinaryForGpu as i32, 209);
        assert_eq!(HipError::ErrorInvalidHandle as i32, 400);
        assert_eq!(HipError::ErrorNotFound as i32, 500);
        assert_eq!(HipError::ErrorNotReady as i32, 600);
        assert_eq!(HipError::ErrorIllegalAddress as i32, 700);
        assert_eq!(HipError::ErrorLaunchOutOfResources as i32, 701);
        assert_eq!(HipError::ErrorLaunchFailure as i32, 719);
        assert_eq!(HipError::ErrorUnknown as i32, 999);
    }

    #[test]
    fn every_variant_has_a_matching_name() {
        for error in ALL {
            let name = error.name().to_str().unwrap();
            assert!(
                name == "hipSuccess" || name.starts_with("hipError"),
                "{name}"
            );
            assert_eq!(HipError::from_code(*error as i32), Some(*error));
            assert!(!error.description().to_bytes().is_empty());
        }
        assert_eq!(HipError::from_code(11), None);
        assert_eq!(HipError::ErrorNoDevice.name(), c"hipErrorNoDevice");
    }

    #[test]
    fn cu_results_map_by_meaning() {
        let check = |cu: i32| HipError::from_cu_result(cu).name().to_str().unwrap();
        assert_eq!(check(0), "hipSuccess");
        assert_eq!(check(1), "hipErrorInvalidValue");
        assert_eq!(check(2), "hipErrorOutOfMemory");
        assert_eq!(check(100), "hipErrorNoDevice");
        assert_eq!(check(209), "hipErrorNoBinaryForGpu");
        assert_eq!(check(218), "hipErrorInvalidKernelFile");
        assert_eq!(check(222), "hipErrorInvalidKernelFile");
        assert_eq!(check(400), "hipErrorInvalidHandle");
        assert_eq!(check(700), "hipErrorIllegalAddress");
        assert_eq!(check(716), "hipErrorLaunchFailure");
        assert_eq!(check(719), "hipErrorLaunchFailure");
        assert_eq!(check(35), "hipErrorUnknown");
        assert_eq!(check(12345), "hipErrorUnknown");
    }
}
