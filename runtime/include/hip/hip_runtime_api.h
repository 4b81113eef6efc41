/* hip/hip_runtime_api.h for oxhip: the HIP host API implemented by liboxhip_runtime.
 *
 * Types, enum values and struct layouts follow HIP 6.x's published API so that existing
 * HIP code compiles unchanged; the text is oxhip's own. Usable from C and C++, from
 * plain host compiles (gcc, g++, clang without -x hip) and from HIP compiles with
 * clang 22, where it also declares what clang's <<<>>> lowering needs
 * (__hipPushCallConfiguration, __hipPopCallConfiguration, hipLaunchKernel).
 */
#ifndef HIP_HIP_RUNTIME_API_H
#define HIP_HIP_RUNTIME_API_H
/* HIP's own guard as well: code tests it, and oxhipify writes it for CUDA's. */
#define HIP_INCLUDE_HIP_HIP_RUNTIME_API_H

#include <stddef.h>
#include <stdint.h>

/* HIP_VERSION, as HIP's hip_runtime_api.h gives it (oxhipify writes it for CUDART_VERSION). */
#include <hip/hip_version.h>
#include <hip/driver_types.h>

#if defined(__HIP__) || defined(__CUDA__)
#define __OXHIP_API_HD __attribute__((host, device))
#else
#define __OXHIP_API_HD
#endif

/* HIP marks hipError_t results [[nodiscard]]; CUDA does not, and code translated from CUDA
 * (the driver defines __OXHIP_CUDA_SOURCE__) gets no warning nvcc would not give. */
#if defined(__cplusplus) && __cplusplus >= 201703L && !defined(__OXHIP_CUDA_SOURCE__)
#define __OXHIP_NODISCARD [[nodiscard]]
#else
#define __OXHIP_NODISCARD
#endif

/* Default arguments where HIP's API has them (C++ only). The <<<grid, block>>> form
 * needs the ones on __hipPushCallConfiguration. */
#ifdef __cplusplus
#define __OXHIP_DEFAULT(value) = value
#else
#define __OXHIP_DEFAULT(value)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Errors ------------------------------------------------------------------------ */

typedef enum __OXHIP_NODISCARD hipError_t {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorOutOfMemory = 2,
  hipErrorMemoryAllocation = 2, /* old name */
  hipErrorNotInitialized = 3,
  hipErrorInitializationError = 3, /* old name */
  hipErrorDeinitialized = 4,
  hipErrorProfilerDisabled = 5,
  hipErrorProfilerNotInitialized = 6,
  hipErrorProfilerAlreadyStarted = 7,
  hipErrorProfilerAlreadyStopped = 8,
  hipErrorInvalidConfiguration = 9,
  hipErrorInvalidPitchValue = 12,
  hipErrorInvalidSymbol = 13,
  hipErrorInvalidDevicePointer = 17,
  hipErrorInvalidMemcpyDirection = 21,
  hipErrorInsufficientDriver = 35,
  hipErrorMissingConfiguration = 52,
  hipErrorPriorLaunchFailure = 53,
  hipErrorInvalidDeviceFunction = 98,
  hipErrorNoDevice = 100,
  hipErrorInvalidDevice = 101,
  hipErrorInvalidImage = 200,
  hipErrorInvalidContext = 201,
  hipErrorContextAlreadyCurrent = 202,
  hipErrorMapFailed = 205,
  hipErrorMapBufferObjectFailed = 205, /* old name */
  hipErrorUnmapFailed = 206,
  hipErrorArrayIsMapped = 207,
  hipErrorAlreadyMapped = 208,
  hipErrorNoBinaryForGpu = 209,
  hipErrorAlreadyAcquired = 210,
  hipErrorNotMapped = 211,
  hipErrorNotMappedAsArray = 212,
  hipErrorNotMappedAsPointer = 213,
  hipErrorECCNotCorrectable = 214,
  hipErrorUnsupportedLimit = 215,
  hipErrorContextAlreadyInUse = 216,
  hipErrorPeerAccessUnsupported = 217,
  hipErrorInvalidKernelFile = 218,
  hipErrorInvalidGraphicsContext = 219,
  hipErrorInvalidSource = 300,
  hipErrorFileNotFound = 301,
  hipErrorSharedObjectSymbolNotFound = 302,
  hipErrorSharedObjectInitFailed = 303,
  hipErrorOperatingSystem = 304,
  hipErrorInvalidHandle = 400,
  hipErrorInvalidResourceHandle = 400, /* old name */
  hipErrorIllegalState = 401,
  hipErrorNotFound = 500,
  hipErrorNotReady = 600,
  hipErrorIllegalAddress = 700,
  hipErrorLaunchOutOfResources = 701,
  hipErrorLaunchTimeOut = 702,
  hipErrorPeerAccessAlreadyEnabled = 704,
  hipErrorPeerAccessNotEnabled = 705,
  hipErrorSetOnActiveProcess = 708,
  hipErrorContextIsDestroyed = 709,
  hipErrorAssert = 710,
  hipErrorHostMemoryAlreadyRegistered = 712,
  hipErrorHostMemoryNotRegistered = 713,
  hipErrorLaunchFailure = 719,
  hipErrorCooperativeLaunchTooLarge = 720,
  hipErrorNotSupported = 801,
  hipErrorStreamCaptureUnsupported = 900,
  hipErrorStreamCaptureInvalidated = 901,
  hipErrorStreamCaptureMerge = 902,
  hipErrorStreamCaptureUnmatched = 903,
  hipErrorStreamCaptureUnjoined = 904,
  hipErrorStreamCaptureIsolation = 905,
  hipErrorStreamCaptureImplicit = 906,
  hipErrorCapturedEvent = 907,
  hipErrorStreamCaptureWrongThread = 908,
  hipErrorGraphExecUpdateFailure = 910,
  hipErrorUnknown = 999,
  hipErrorRuntimeMemory = 1052,
  hipErrorRuntimeOther = 1053,
  hipErrorTbd
} hipError_t;

/* ---- Basic types ------------------------------------------------------------------- */

/* hipMemcpyKind, hipMemoryType, hipPitchedPtr, hipExtent, hipPos and the copy
 * descriptions are in hip/driver_types.h. */

typedef struct ihipStream_t* hipStream_t;
typedef struct ihipModule_t* hipModule_t;
typedef struct ihipModuleSymbol_t* hipFunction_t;
typedef void* hipDeviceptr_t;

/* Keys of hipModuleLaunchKernel's `extra` array. */
#define HIP_LAUNCH_PARAM_BUFFER_POINTER ((void*)0x01)
#define HIP_LAUNCH_PARAM_BUFFER_SIZE ((void*)0x02)
#define HIP_LAUNCH_PARAM_END ((void*)0x03)

/* JIT options of hipModuleLoadDataEx (CUDA's CUjit_option numbers). */
typedef enum hipJitOption {
  hipJitOptionMaxRegisters = 0,
  hipJitOptionThreadsPerBlock = 1,
  hipJitOptionWallTime = 2,
  hipJitOptionInfoLogBuffer = 3,
  hipJitOptionInfoLogBufferSizeBytes = 4,
  hipJitOptionErrorLogBuffer = 5,
  hipJitOptionErrorLogBufferSizeBytes = 6,
  hipJitOptionOptimizationLevel = 7,
  hipJitOptionTargetFromContext = 8,
  hipJitOptionTarget = 9,
  hipJitOptionFallbackStrategy = 10,
  hipJitOptionGenerateDebugInfo = 11,
  hipJitOptionLogVerbose = 12,
  hipJitOptionGenerateLineInfo = 13,
  hipJitOptionCacheMode = 14
} hipJitOption;
typedef struct ihipEvent_t* hipEvent_t;

/* The per-thread default stream, and the legacy null stream by name. */
#define hipStreamPerThread ((hipStream_t)2)
#define hipStreamLegacy ((hipStream_t)1)

#define hipStreamDefault 0x00
#define hipStreamNonBlocking 0x01

#define hipEventDefault 0x0
#define hipEventBlockingSync 0x1
#define hipEventDisableTiming 0x2
#define hipEventInterprocess 0x4

/* hipEventRecordWithFlags. */
#define hipEventRecordDefault 0x0
#define hipEventRecordExternal 0x1

/* hipSetDeviceFlags: one scheduling mode, optionally with MapHost and LmemResizeToMax. */
#define hipDeviceScheduleAuto 0x0
#define hipDeviceScheduleSpin 0x1
#define hipDeviceScheduleYield 0x2
#define hipDeviceScheduleBlockingSync 0x4
#define hipDeviceScheduleMask 0x7
#define hipDeviceMapHost 0x8
#define hipDeviceLmemResizeToMax 0x10

/* hipExtMallocWithFlags. */
#define hipDeviceMallocDefault 0x0
#define hipDeviceMallocFinegrained 0x1
#define hipMallocSignalMemory 0x2
#define hipDeviceMallocUncached 0x3
#define hipDeviceMallocContiguous 0x4

/* hipHostRegister. */
#define hipHostRegisterDefault 0x0
#define hipHostRegisterPortable 0x1
#define hipHostRegisterMapped 0x2
#define hipHostRegisterIoMemory 0x4
#define hipHostRegisterReadOnly 0x8

/* hipOccupancy*WithFlags. */
#define hipOccupancyDefault 0x0
#define hipOccupancyDisableCachingOverride 0x1

/* Device numbers for managed-memory advice and prefetching. */
#define hipCpuDeviceId ((int)-1)
#define hipInvalidDeviceId ((int)-2)

/* hipStreamWaitValue* comparisons (the functions return hipErrorNotSupported). */
#define hipStreamWaitValueGte 0x0
#define hipStreamWaitValueEq 0x1
#define hipStreamWaitValueAnd 0x2
#define hipStreamWaitValueNor 0x3

/* Launch dimensions: three 32-bit counts, passed by value. */
typedef struct dim3 {
  uint32_t x;
  uint32_t y;
  uint32_t z;
#ifdef __cplusplus
  __OXHIP_API_HD constexpr dim3(uint32_t x_ = 1, uint32_t y_ = 1, uint32_t z_ = 1)
      : x(x_), y(y_), z(z_) {}
#endif
} dim3;

typedef struct hipUUID_t {
  char bytes[16];
} hipUUID;

/* A device handle of the driver-style API is the device's ordinal. */
typedef int hipDevice_t;

/* Architectural feature flags (hipDeviceProp_t::arch). */
typedef struct {
  unsigned hasGlobalInt32Atomics : 1;
  unsigned hasGlobalFloatAtomicExch : 1;
  unsigned hasSharedInt32Atomics : 1;
  unsigned hasSharedFloatAtomicExch : 1;
  unsigned hasFloatAtomicAdd : 1;
  unsigned hasGlobalInt64Atomics : 1;
  unsigned hasSharedInt64Atomics : 1;
  unsigned hasDoubles : 1;
  unsigned hasWarpVote : 1;
  unsigned hasWarpBallot : 1;
  unsigned hasWarpShuffle : 1;
  unsigned hasFunnelShift : 1;
  unsigned hasThreadFenceSystem : 1;
  unsigned hasSyncThreadsExt : 1;
  unsigned hasSurfaceFuncs : 1;
  unsigned has3dGrid : 1;
  unsigned hasDynamicParallelism : 1;
} hipDeviceArch_t;

/* Device properties, in HIP 6's field order (HIP's own headers call this layout
 * hipDeviceProp_tR0600). On NVIDIA, gcnArchName holds the SM name, e.g. "sm_90". */
typedef struct hipDeviceProp_t {
  char name[256];
  hipUUID uuid;
  char luid[8];
  unsigned int luidDeviceNodeMask;
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate; /* kHz */
  size_t totalConstMem;
  int major;
  int minor;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int deviceOverlap;
  int multiProcessorCount;
  int kernelExecTimeoutEnabled;
  int integrated;
  int canMapHostMemory;
  int computeMode;
  int maxTexture1D;
  int maxTexture1DMipmap;
  int maxTexture1DLinear;
  int maxTexture2D[2];
  int maxTexture2DMipmap[2];
  int maxTexture2DLinear[3];
  int maxTexture2DGather[2];
  int maxTexture3D[3];
  int maxTexture3DAlt[3];
  int maxTextureCubemap;
  int maxTexture1DLayered[2];
  int maxTexture2DLayered[3];
  int maxTextureCubemapLayered[2];
  int maxSurface1D;
  int maxSurface2D[2];
  int maxSurface3D[3];
  int maxSurface1DLayered[2];
  int maxSurface2DLayered[3];
  int maxSurfaceCubemap;
  int maxSurfaceCubemapLayered[2];
  size_t surfaceAlignment;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int tccDriver;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryClockRate; /* kHz */
  int memoryBusWidth;  /* bits */
  int l2CacheSize;
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  int isMultiGpuBoard;
  int multiGpuBoardGroupID;
  int hostNativeAtomicSupported;
  int singleToDoublePrecisionPerfRatio;
  int pageableMemoryAccess;
  int concurrentManagedAccess;
  int computePreemptionSupported;
  int canUseHostPointerForRegisteredMem;
  int cooperativeLaunch;
  int cooperativeMultiDeviceLaunch;
  size_t sharedMemPerBlockOptin;
  int pageableMemoryAccessUsesHostPageTables;
  int directManagedMemAccessFromHost;
  int maxBlocksPerMultiProcessor;
  int accessPolicyMaxWindowSize;
  size_t reservedSharedMemPerBlock;
  int hostRegisterSupported;
  int sparseHipArraySupported;
  int hostRegisterReadOnlySupported;
  int timelineSemaphoreInteropSupported;
  int memoryPoolsSupported;
  int gpuDirectRDMASupported;
  unsigned int gpuDirectRDMAFlushWritesOptions;
  int gpuDirectRDMAWritesOrdering;
  unsigned int memoryPoolSupportedHandleTypes;
  int deferredMappingHipArraySupported;
  int ipcEventSupported;
  int clusterLaunch;
  int unifiedFunctionPointers;
  int reserved[63];
  int hipReserved[32];
  /* HIP-only members. */
  char gcnArchName[256];
  size_t maxSharedMemoryPerMultiProcessor;
  int clockInstructionRate;
  hipDeviceArch_t arch;
  unsigned int* hdpMemFlushCntl;
  unsigned int* hdpRegFlushCntl;
  int cooperativeMultiDeviceUnmatchedFunc;
  int cooperativeMultiDeviceUnmatchedGridDim;
  int cooperativeMultiDeviceUnmatchedBlockDim;
  int cooperativeMultiDeviceUnmatchedSharedMem;
  int isLargeBar;
  int asicRevision;
} hipDeviceProp_t;

/* The name HIP 6's headers give this layout. */
typedef hipDeviceProp_t hipDeviceProp_tR0600;

/* hipDeviceProp_t::computeMode and hipDeviceAttributeComputeMode. */
typedef enum hipComputeMode {
  hipComputeModeDefault = 0,
  hipComputeModeExclusive = 1,
  hipComputeModeProhibited = 2,
  hipComputeModeExclusiveProcess = 3
} hipComputeMode;

/* Device attributes for hipDeviceGetAttribute; numbers as in HIP 6. */
typedef enum hipDeviceAttribute_t {
  hipDeviceAttributeCudaCompatibleBegin = 0,
  hipDeviceAttributeEccEnabled = 0,
  hipDeviceAttributeAccessPolicyMaxWindowSize = 1,
  hipDeviceAttributeAsyncEngineCount = 2,
  hipDeviceAttributeCanMapHostMemory = 3,
  hipDeviceAttributeCanUseHostPointerForRegisteredMem = 4,
  hipDeviceAttributeClockRate = 5,
  hipDeviceAttributeComputeMode = 6,
  hipDeviceAttributeComputePreemptionSupported = 7,
  hipDeviceAttributeConcurrentKernels = 8,
  hipDeviceAttributeConcurrentManagedAccess = 9,
  hipDeviceAttributeCooperativeLaunch = 10,
  hipDeviceAttributeCooperativeMultiDeviceLaunch = 11,
  hipDeviceAttributeDeviceOverlap = 12,
  hipDeviceAttributeDirectManagedMemAccessFromHost = 13,
  hipDeviceAttributeGlobalL1CacheSupported = 14,
  hipDeviceAttributeHostNativeAtomicSupported = 15,
  hipDeviceAttributeIntegrated = 16,
  hipDeviceAttributeIsMultiGpuBoard = 17,
  hipDeviceAttributeKernelExecTimeout = 18,
  hipDeviceAttributeL2CacheSize = 19,
  hipDeviceAttributeLocalL1CacheSupported = 20,
  hipDeviceAttributeLuid = 21,
  hipDeviceAttributeLuidDeviceNodeMask = 22,
  hipDeviceAttributeComputeCapabilityMajor = 23,
  hipDeviceAttributeManagedMemory = 24,
  hipDeviceAttributeMaxBlocksPerMultiProcessor = 25,
  hipDeviceAttributeMaxBlockDimX = 26,
  hipDeviceAttributeMaxBlockDimY = 27,
  hipDeviceAttributeMaxBlockDimZ = 28,
  hipDeviceAttributeMaxGridDimX = 29,
  hipDeviceAttributeMaxGridDimY = 30,
  hipDeviceAttributeMaxGridDimZ = 31,
  hipDeviceAttributeMaxSurface1D = 32,
  hipDeviceAttributeMaxSurface1DLayered = 33,
  hipDeviceAttributeMaxSurface2D = 34,
  hipDeviceAttributeMaxSurface2DLayered = 35,
  hipDeviceAttributeMaxSurface3D = 36,
  hipDeviceAttributeMaxSurfaceCubemap = 37,
  hipDeviceAttributeMaxSurfaceCubemapLayered = 38,
  hipDeviceAttributeMaxTexture1DWidth = 39,
  hipDeviceAttributeMaxTexture1DLayered = 40,
  hipDeviceAttributeMaxTexture1DLinear = 41,
  hipDeviceAttributeMaxTexture1DMipmap = 42,
  hipDeviceAttributeMaxTexture2DWidth = 43,
  hipDeviceAttributeMaxTexture2DHeight = 44,
  hipDeviceAttributeMaxTexture2DGather = 45,
  hipDeviceAttributeMaxTexture2DLayered = 46,
  hipDeviceAttributeMaxTexture2DLinear = 47,
  hipDeviceAttributeMaxTexture2DMipmap = 48,
  hipDeviceAttributeMaxTexture3DWidth = 49,
  hipDeviceAttributeMaxTexture3DHeight = 50,
  hipDeviceAttributeMaxTexture3DDepth = 51,
  hipDeviceAttributeMaxTexture3DAlt = 52,
  hipDeviceAttributeMaxTextureCubemap = 53,
  hipDeviceAttributeMaxTextureCubemapLayered = 54,
  hipDeviceAttributeMaxThreadsDim = 55,
  hipDeviceAttributeMaxThreadsPerBlock = 56,
  hipDeviceAttributeMaxThreadsPerMultiProcessor = 57,
  hipDeviceAttributeMaxPitch = 58,
  hipDeviceAttributeMemoryBusWidth = 59,
  hipDeviceAttributeMemoryClockRate = 60,
  hipDeviceAttributeComputeCapabilityMinor = 61,
  hipDeviceAttributeMultiGpuBoardGroupID = 62,
  hipDeviceAttributeMultiprocessorCount = 63,
  hipDeviceAttributeUnused1 = 64,
  hipDeviceAttributePageableMemoryAccess = 65,
  hipDeviceAttributePageableMemoryAccessUsesHostPageTables = 66,
  hipDeviceAttributePciBusId = 67,
  hipDeviceAttributePciDeviceId = 68,
  hipDeviceAttributePciDomainID = 69,
  hipDeviceAttributePersistingL2CacheMaxSize = 70,
  hipDeviceAttributeMaxRegistersPerBlock = 71,
  hipDeviceAttributeMaxRegistersPerMultiprocessor = 72,
  hipDeviceAttributeReservedSharedMemPerBlock = 73,
  hipDeviceAttributeMaxSharedMemoryPerBlock = 74,
  hipDeviceAttributeSharedMemPerBlockOptin = 75,
  hipDeviceAttributeSharedMemPerMultiprocessor = 76,
  hipDeviceAttributeSingleToDoublePrecisionPerfRatio = 77,
  hipDeviceAttributeStreamPrioritiesSupported = 78,
  hipDeviceAttributeSurfaceAlignment = 79,
  hipDeviceAttributeTccDriver = 80,
  hipDeviceAttributeTextureAlignment = 81,
  hipDeviceAttributeTexturePitchAlignment = 82,
  hipDeviceAttributeTotalConstantMemory = 83,
  hipDeviceAttributeTotalGlobalMem = 84,
  hipDeviceAttributeUnifiedAddressing = 85,
  hipDeviceAttributeUnused2 = 86,
  hipDeviceAttributeWarpSize = 87,
  hipDeviceAttributeMemoryPoolsSupported = 88,
  hipDeviceAttributeVirtualMemoryManagementSupported = 89,
  hipDeviceAttributeHostRegisterSupported = 90,
  hipDeviceAttributeMemoryPoolSupportedHandleTypes = 91,
  hipDeviceAttributeCudaCompatibleEnd = 9999,
  hipDeviceAttributeAmdSpecificBegin = 10000,
  hipDeviceAttributeClockInstructionRate = 10000,
  hipDeviceAttributeUnused3 = 10001,
  hipDeviceAttributeMaxSharedMemoryPerMultiprocessor = 10002,
  hipDeviceAttributeUnused4 = 10003,
  hipDeviceAttributeUnused5 = 10004,
  hipDeviceAttributeHdpMemFlushCntl = 10005,
  hipDeviceAttributeHdpRegFlushCntl = 10006,
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc = 10007,
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim = 10008,
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim = 10009,
  hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem = 10010,
  hipDeviceAttributeIsLargeBar = 10011,
  hipDeviceAttributeAsicRevision = 10012,
  hipDeviceAttributeCanUseStreamWaitValue = 10013,
  hipDeviceAttributeImageSupport = 10014,
  hipDeviceAttributePhysicalMultiProcessorCount = 10015,
  hipDeviceAttributeFineGrainSupport = 10016,
  hipDeviceAttributeWallClockRate = 10017,
  hipDeviceAttributeAmdSpecificEnd = 19999,
  hipDeviceAttributeVendorSpecificBegin = 20000
} hipDeviceAttribute_t;

/* Compiled properties of a kernel (hipFuncGetAttributes). */
typedef struct hipFuncAttributes {
  int binaryVersion;
  int cacheModeCA;
  size_t constSizeBytes;
  size_t localSizeBytes;
  int maxDynamicSharedSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int preferredShmemCarveout;
  int ptxVersion;
  size_t sharedSizeBytes;
} hipFuncAttributes;

typedef enum hipFuncAttribute {
  hipFuncAttributeMaxDynamicSharedMemorySize = 8,
  hipFuncAttributePreferredSharedMemoryCarveout = 9,
  hipFuncAttributeMax
} hipFuncAttribute;

typedef enum hipFuncCache_t {
  hipFuncCachePreferNone = 0,
  hipFuncCachePreferShared = 1,
  hipFuncCachePreferL1 = 2,
  hipFuncCachePreferEqual = 3
} hipFuncCache_t;

typedef enum hipSharedMemConfig {
  hipSharedMemBankSizeDefault = 0,
  hipSharedMemBankSizeFourByte = 1,
  hipSharedMemBankSizeEightByte = 2
} hipSharedMemConfig;

/* hipFuncGetAttribute (CUDA's CUfunction_attribute numbers). */
typedef enum hipFunction_attribute {
  HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
  HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1,
  HIP_FUNC_ATTRIBUTE_CONST_SIZE_BYTES = 2,
  HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3,
  HIP_FUNC_ATTRIBUTE_NUM_REGS = 4,
  HIP_FUNC_ATTRIBUTE_PTX_VERSION = 5,
  HIP_FUNC_ATTRIBUTE_BINARY_VERSION = 6,
  HIP_FUNC_ATTRIBUTE_CACHE_MODE_CA = 7,
  HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
  HIP_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT = 9,
  HIP_FUNC_ATTRIBUTE_MAX
} hipFunction_attribute;

/* hipDeviceGetLimit / hipDeviceSetLimit. */
typedef enum hipLimit_t {
  hipLimitStackSize = 0x0,
  hipLimitPrintfFifoSize = 0x1,
  hipLimitMallocHeapSize = 0x2,
  hipLimitRange
} hipLimit_t;

typedef enum hipDeviceP2PAttr {
  hipDevP2PAttrPerformanceRank = 0,
  hipDevP2PAttrAccessSupported = 1,
  hipDevP2PAttrNativeAtomicSupported = 2,
  hipDevP2PAttrHipArrayAccessSupported = 3
} hipDeviceP2PAttr;

/* A context is a device's primary context here. */
typedef struct ihipCtx_t* hipCtx_t;

/* ---- Memory description types -------------------------------------------------------- */

/* hipPointerGetAttributes (HIP 6 layout: the memory type first). */
typedef struct hipPointerAttribute_t {
  enum hipMemoryType type;
  int device;
  void* devicePointer;
  void* hostPointer;
  int isManaged;
  unsigned allocationFlags;
} hipPointerAttribute_t;

typedef enum hipMemoryAdvise {
  hipMemAdviseSetReadMostly = 1,
  hipMemAdviseUnsetReadMostly = 2,
  hipMemAdviseSetPreferredLocation = 3,
  hipMemAdviseUnsetPreferredLocation = 4,
  hipMemAdviseSetAccessedBy = 5,
  hipMemAdviseUnsetAccessedBy = 6,
  hipMemAdviseSetCoarseGrain = 100,
  hipMemAdviseUnsetCoarseGrain = 101
} hipMemoryAdvise;

typedef enum hipMemRangeCoherencyMode {
  hipMemRangeCoherencyModeFineGrain = 0,
  hipMemRangeCoherencyModeCoarseGrain = 1,
  hipMemRangeCoherencyModeIndeterminate = 2
} hipMemRangeCoherencyMode;

/* hipMemRangeGetAttribute: int values (device numbers, hipCpuDeviceId for the host,
 * hipInvalidDeviceId for none); AccessedBy fills an array of them. */
typedef enum hipMemRangeAttribute {
  hipMemRangeAttributeReadMostly = 1,
  hipMemRangeAttributePreferredLocation = 2,
  hipMemRangeAttributeAccessedBy = 3,
  hipMemRangeAttributeLastPrefetchLocation = 4,
  hipMemRangeAttributeCoherencyMode = 100
} hipMemRangeAttribute;

/* Memory pools (stream-ordered allocation). */
typedef struct ihipMemPoolHandle_t* hipMemPool_t;

typedef enum hipMemPoolAttr {
  hipMemPoolReuseFollowEventDependencies = 0x1,   /* int */
  hipMemPoolReuseAllowOpportunistic = 0x2,        /* int */
  hipMemPoolReuseAllowInternalDependencies = 0x3, /* int */
  hipMemPoolAttrReleaseThreshold = 0x4,           /* uint64_t */
  hipMemPoolAttrReservedMemCurrent = 0x5,         /* uint64_t, read only */
  hipMemPoolAttrReservedMemHigh = 0x6,            /* uint64_t, reset by setting 0 */
  hipMemPoolAttrUsedMemCurrent = 0x7,             /* uint64_t, read only */
  hipMemPoolAttrUsedMemHigh = 0x8                 /* uint64_t, reset by setting 0 */
} hipMemPoolAttr;

typedef enum hipMemLocationType {
  hipMemLocationTypeInvalid = 0,
  hipMemLocationTypeDevice = 1
} hipMemLocationType;

typedef struct hipMemLocation {
  hipMemLocationType type;
  int id;
} hipMemLocation;

typedef enum hipMemAccessFlags {
  hipMemAccessFlagsProtNone = 0,
  hipMemAccessFlagsProtRead = 1,
  hipMemAccessFlagsProtReadWrite = 3
} hipMemAccessFlags;

typedef struct hipMemAccessDesc {
  hipMemLocation location;
  hipMemAccessFlags flags;
} hipMemAccessDesc;

typedef enum hipMemAllocationType {
  hipMemAllocationTypeInvalid = 0x0,
  hipMemAllocationTypePinned = 0x1,
  hipMemAllocationTypeMax = 0x7FFFFFFF
} hipMemAllocationType;

typedef enum hipMemAllocationHandleType {
  hipMemHandleTypeNone = 0x0,
  hipMemHandleTypePosixFileDescriptor = 0x1,
  hipMemHandleTypeWin32 = 0x2,
  hipMemHandleTypeWin32Kmt = 0x4
} hipMemAllocationHandleType;

typedef struct hipMemPoolProps {
  hipMemAllocationType allocType;
  hipMemAllocationHandleType handleTypes;
  hipMemLocation location;
  void* win32SecurityAttributes;
  size_t maxSize;
  unsigned char reserved[56];
} hipMemPoolProps;

/* ---- Host functions, stream capture and graphs ---------------------------------------- */

typedef void (*hipHostFn_t)(void* userData);
/* hipStreamAddCallback: called with the stream, hipSuccess and the user's pointer. */
typedef void (*hipStreamCallback_t)(hipStream_t stream, hipError_t status, void* userData);

typedef enum hipStreamCaptureStatus {
  hipStreamCaptureStatusNone = 0,
  hipStreamCaptureStatusActive = 1,
  hipStreamCaptureStatusInvalidated = 2
} hipStreamCaptureStatus;

typedef enum hipStreamCaptureMode {
  hipStreamCaptureModeGlobal = 0,
  hipStreamCaptureModeThreadLocal = 1,
  hipStreamCaptureModeRelaxed = 2
} hipStreamCaptureMode;

typedef enum hipStreamUpdateCaptureDependenciesFlags {
  hipStreamAddCaptureDependencies = 0,
  hipStreamSetCaptureDependencies = 1
} hipStreamUpdateCaptureDependenciesFlags;

typedef struct ihipGraph* hipGraph_t;
typedef struct hipGraphNode* hipGraphNode_t;
typedef struct hipGraphExec* hipGraphExec_t;

typedef enum hipGraphNodeType {
  hipGraphNodeTypeKernel = 0,
  hipGraphNodeTypeMemcpy = 1,
  hipGraphNodeTypeMemset = 2,
  hipGraphNodeTypeHost = 3,
  hipGraphNodeTypeGraph = 4,
  hipGraphNodeTypeEmpty = 5,
  hipGraphNodeTypeWaitEvent = 6,
  hipGraphNodeTypeEventRecord = 7,
  hipGraphNodeTypeExtSemaphoreSignal = 8,
  hipGraphNodeTypeExtSemaphoreWait = 9,
  hipGraphNodeTypeMemAlloc = 10,
  hipGraphNodeTypeMemFree = 11,
  hipGraphNodeTypeMemcpyFromSymbol = 12,
  hipGraphNodeTypeMemcpyToSymbol = 13,
  hipGraphNodeTypeCount
} hipGraphNodeType;

/* A kernel node: the arguments (kernelParams, or a packed `extra` buffer) are copied when
 * the node is made or its parameters are set. */
typedef struct hipKernelNodeParams {
  dim3 blockDim;
  void** extra;
  void* func;
  dim3 gridDim;
  void** kernelParams;
  unsigned int sharedMemBytes;
} hipKernelNodeParams;

/* A memset node: `height` rows of `width` elements of `elementSize` (1, 2 or 4) bytes,
 * rows `pitch` bytes apart. */
typedef struct hipMemsetParams {
  void* dst;
  unsigned int elementSize;
  size_t height;
  size_t pitch;
  unsigned int value;
  size_t width;
} hipMemsetParams;

typedef struct hipHostNodeParams {
  hipHostFn_t fn;
  void* userData;
} hipHostNodeParams;

typedef enum hipGraphInstantiateFlags {
  hipGraphInstantiateFlagAutoFreeOnLaunch = 1,
  hipGraphInstantiateFlagUpload = 2,
  hipGraphInstantiateFlagDeviceLaunch = 4, /* not supported */
  hipGraphInstantiateFlagUseNodePriority = 8
} hipGraphInstantiateFlags;

typedef enum hipGraphExecUpdateResult {
  hipGraphExecUpdateSuccess = 0x0,
  hipGraphExecUpdateError = 0x1,
  hipGraphExecUpdateErrorTopologyChanged = 0x2,
  hipGraphExecUpdateErrorNodeTypeChanged = 0x3,
  hipGraphExecUpdateErrorFunctionChanged = 0x4,
  hipGraphExecUpdateErrorParametersChanged = 0x5,
  hipGraphExecUpdateErrorNotSupported = 0x6,
  hipGraphExecUpdateErrorUnsupportedFunctionChange = 0x7
} hipGraphExecUpdateResult;

/* ---- Device management ------------------------------------------------------------- */

hipError_t hipInit(unsigned int flags);
/* No device: returns hipErrorNoDevice and sets *count to 0. */
hipError_t hipGetDeviceCount(int* count);
hipError_t hipSetDevice(int device);
hipError_t hipGetDevice(int* device);
hipError_t hipGetDeviceProperties(hipDeviceProp_t* prop, int device);
hipError_t hipGetDevicePropertiesR0600(hipDeviceProp_t* prop, int device);
hipError_t hipDeviceGetAttribute(int* value, hipDeviceAttribute_t attribute, int device);
hipError_t hipDeviceGetName(char* name, int length, int device);
hipError_t hipDeviceSynchronize(void);
hipError_t hipDeviceReset(void);
hipError_t hipMemGetInfo(size_t* free, size_t* total);
hipError_t hipRuntimeGetVersion(int* runtimeVersion);
hipError_t hipDriverGetVersion(int* driverVersion);

/* ---- Errors ------------------------------------------------------------------------ */

hipError_t hipGetLastError(void);
hipError_t hipPeekAtLastError(void);
const char* hipGetErrorName(hipError_t error);
const char* hipGetErrorString(hipError_t error);
/* oxhip extension: the detailed reason for this thread's last failure, or "". */
const char* oxhipGetLastErrorMessage(void);

/* ---- Memory ------------------------------------------------------------------------ */

hipError_t hipMalloc(void** ptr, size_t size);
hipError_t hipFree(void* ptr);

#define hipHostMallocDefault 0x0
#define hipHostMallocPortable 0x1
#define hipHostMallocMapped 0x2
#define hipHostMallocWriteCombined 0x4
#define hipHostMallocNumaUser 0x20000000
#define hipHostMallocCoherent 0x40000000
#define hipHostMallocNonCoherent 0x80000000
#define hipHostAllocDefault hipHostMallocDefault
#define hipHostAllocPortable hipHostMallocPortable
#define hipHostAllocMapped hipHostMallocMapped
#define hipHostAllocWriteCombined hipHostMallocWriteCombined
#define hipMemAttachGlobal 0x01
#define hipMemAttachHost 0x02
#define hipMemAttachSingle 0x04

/* Page-locked host memory (flags: hipHostMalloc*), freed with hipHostFree. */
hipError_t hipHostMalloc(void** ptr, size_t size, unsigned int flags __OXHIP_DEFAULT(0));
hipError_t hipMallocHost(void** ptr, size_t size); /* deprecated spelling, flags 0 */
hipError_t hipHostFree(void* ptr);
hipError_t hipFreeHost(void* ptr); /* deprecated spelling */
/* Managed (unified) memory, freed with hipFree. */
hipError_t hipMallocManaged(void** devPtr, size_t size,
                            unsigned int flags __OXHIP_DEFAULT(hipMemAttachGlobal));
hipError_t hipMemcpy(void* dst, const void* src, size_t sizeBytes, hipMemcpyKind kind);
hipError_t hipMemcpyAsync(void* dst, const void* src, size_t sizeBytes, hipMemcpyKind kind,
                          hipStream_t stream __OXHIP_DEFAULT(0));
hipError_t hipMemset(void* dst, int value, size_t sizeBytes);
hipError_t hipMemsetAsync(void* dst, int value, size_t sizeBytes,
                          hipStream_t stream __OXHIP_DEFAULT(0));

/* Device variables, named by the address of their host shadow (HIP_SYMBOL(x) = &x). */
hipError_t hipGetSymbolAddress(void** devPtr, const void* symbol);
hipError_t hipGetSymbolSize(size_t* size, const void* symbol);
hipError_t hipMemcpyToSymbol(const void* symbol, const void* src, size_t sizeBytes,
                             size_t offset __OXHIP_DEFAULT(0),
                             hipMemcpyKind kind __OXHIP_DEFAULT(hipMemcpyHostToDevice));
hipError_t hipMemcpyFromSymbol(void* dst, const void* symbol, size_t sizeBytes,
                               size_t offset __OXHIP_DEFAULT(0),
                               hipMemcpyKind kind __OXHIP_DEFAULT(hipMemcpyDeviceToHost));

/* ---- Streams and events ------------------------------------------------------------ */

hipError_t hipStreamCreate(hipStream_t* stream);
hipError_t hipStreamCreateWithFlags(hipStream_t* stream, unsigned int flags);
hipError_t hipStreamDestroy(hipStream_t stream);
hipError_t hipStreamSynchronize(hipStream_t stream);
hipError_t hipStreamQuery(hipStream_t stream);
/* Makes later work on `stream` wait for `event`; flags must be 0. */
hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event,
                              unsigned int flags __OXHIP_DEFAULT(0));

hipError_t hipEventCreate(hipEvent_t* event);
hipError_t hipEventCreateWithFlags(hipEvent_t* event, unsigned int flags);
hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream __OXHIP_DEFAULT(0));
hipError_t hipEventSynchronize(hipEvent_t event);
hipError_t hipEventQuery(hipEvent_t event);
hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop);
hipError_t hipEventDestroy(hipEvent_t event);

/* ---- Kernel launch ----------------------------------------------------------------- */

/* function_address is the kernel's host handle (&kernel in HIP host code); args holds
 * one pointer per kernel parameter, in order. */
hipError_t hipLaunchKernel(const void* function_address, dim3 numBlocks, dim3 dimBlocks,
                           void** args, size_t sharedMemBytes __OXHIP_DEFAULT(0),
                           hipStream_t stream __OXHIP_DEFAULT(0));
/* As hipLaunchKernel; a null stream means the per-thread default stream. */
hipError_t hipLaunchKernel_spt(const void* function_address, dim3 numBlocks, dim3 dimBlocks,
                               void** args, size_t sharedMemBytes __OXHIP_DEFAULT(0),
                               hipStream_t stream __OXHIP_DEFAULT(0));

/* A launch whose blocks may wait for each other (cooperative_groups::grid_group::sync):
 * all blocks must be resident at once, else hipErrorCooperativeLaunchTooLarge. */
hipError_t hipLaunchCooperativeKernel(const void* f, dim3 gridDim, dim3 blockDimX,
                                      void** kernelParams, unsigned int sharedMemBytes,
                                      hipStream_t stream);

/* Attributes of the kernel whose host handle is `func` (&kernel), on the current device;
 * loads the kernel's image if needed. */
hipError_t hipFuncGetAttributes(hipFuncAttributes* attr, const void* func);
hipError_t hipFuncSetAttribute(const void* func, hipFuncAttribute attr, int value);
/* A hint; accepted and ignored. */
hipError_t hipFuncSetCacheConfig(const void* func, hipFuncCache_t config);

/* ---- Modules ----------------------------------------------------------------------- */

/* A module is a code object the program loads itself: an offload bundle (what
 * `oxhip --genco` writes), an NVIDIA fatbinary, a cubin, NUL-terminated PTX text, or a
 * CPU image (the x86-64 shared object of --offload-arch=host). JIT options are accepted
 * and ignored. */
hipError_t hipModuleLoad(hipModule_t* module, const char* fname);
hipError_t hipModuleLoadData(hipModule_t* module, const void* image);
hipError_t hipModuleLoadDataEx(hipModule_t* module, const void* image, unsigned int numOptions,
                               hipJitOption* options, void** optionValues);
hipError_t hipModuleUnload(hipModule_t module);
hipError_t hipModuleGetFunction(hipFunction_t* function, hipModule_t module, const char* kname);
/* Either output may be NULL. */
hipError_t hipModuleGetGlobal(hipDeviceptr_t* dptr, size_t* bytes, hipModule_t hmod,
                              const char* name);
/* Arguments come as kernelParams (one pointer per parameter) or packed in extra
 * ({HIP_LAUNCH_PARAM_BUFFER_POINTER, buf, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size,
 * HIP_LAUNCH_PARAM_END}), never both. The CPU device takes only kernelParams. */
hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY,
                                 unsigned int gridDimZ, unsigned int blockDimX,
                                 unsigned int blockDimY, unsigned int blockDimZ,
                                 unsigned int sharedMemBytes, hipStream_t stream,
                                 void** kernelParams, void** extra);

/* ---- More device management ---------------------------------------------------------- */

hipError_t hipDeviceGet(hipDevice_t* device, int ordinal);
hipError_t hipDeviceGetUuid(hipUUID* uuid, hipDevice_t device);
hipError_t hipDeviceComputeCapability(int* major, int* minor, hipDevice_t device);
hipError_t hipDeviceTotalMem(size_t* bytes, hipDevice_t device);
/* "domain:bus:device.function" in hex; `len` must leave room for it and the NUL (13). */
hipError_t hipDeviceGetPCIBusId(char* pciBusId, int len, int device);
hipError_t hipDeviceGetByPCIBusId(int* device, const char* pciBusId);
hipError_t hipDeviceGetLimit(size_t* pValue, enum hipLimit_t limit);
hipError_t hipDeviceSetLimit(enum hipLimit_t limit, size_t value);
/* Preferences, kept per device and read back; passed to the CUDA driver. */
hipError_t hipDeviceGetCacheConfig(hipFuncCache_t* cacheConfig);
hipError_t hipDeviceSetCacheConfig(hipFuncCache_t cacheConfig);
hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig* pConfig);
hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config);
hipError_t hipSetDeviceFlags(unsigned flags);
hipError_t hipGetDeviceFlags(unsigned int* flags);
hipError_t hipChooseDevice(int* device, const hipDeviceProp_t* prop);
hipError_t hipDeviceGetStreamPriorityRange(int* leastPriority, int* greatestPriority);
hipError_t hipDeviceCanAccessPeer(int* canAccessPeer, int deviceId, int peerDeviceId);
hipError_t hipDeviceEnablePeerAccess(int peerDeviceId, unsigned int flags);
hipError_t hipDeviceDisablePeerAccess(int peerDeviceId);
hipError_t hipDeviceGetP2PAttribute(int* value, hipDeviceP2PAttr attr, int srcDevice,
                                    int dstDevice);
/* Not supported: oxhip always uses every visible device (see OXHIP_VISIBLE_DEVICES). */
hipError_t hipSetValidDevices(int* device_arr, int len);
hipError_t hipProfilerStart(void);
hipError_t hipProfilerStop(void);

/* Contexts: each device has one, its primary context. */
hipError_t hipCtxCreate(hipCtx_t* ctx, unsigned int flags, hipDevice_t device);
hipError_t hipCtxDestroy(hipCtx_t ctx);
hipError_t hipCtxGetCurrent(hipCtx_t* ctx);
hipError_t hipCtxSetCurrent(hipCtx_t ctx);
hipError_t hipCtxPushCurrent(hipCtx_t ctx);
hipError_t hipCtxPopCurrent(hipCtx_t* ctx);
hipError_t hipCtxGetDevice(hipDevice_t* device);
hipError_t hipCtxSynchronize(void);
hipError_t hipCtxGetApiVersion(hipCtx_t ctx, int* apiVersion);
hipError_t hipCtxGetFlags(unsigned int* flags);
hipError_t hipCtxGetCacheConfig(hipFuncCache_t* cacheConfig);
hipError_t hipCtxSetCacheConfig(hipFuncCache_t cacheConfig);
hipError_t hipCtxGetSharedMemConfig(hipSharedMemConfig* pConfig);
hipError_t hipCtxSetSharedMemConfig(hipSharedMemConfig config);
hipError_t hipCtxEnablePeerAccess(hipCtx_t peerCtx, unsigned int flags);
hipError_t hipCtxDisablePeerAccess(hipCtx_t peerCtx);
hipError_t hipDevicePrimaryCtxRetain(hipCtx_t* pctx, hipDevice_t dev);
hipError_t hipDevicePrimaryCtxRelease(hipDevice_t dev);
hipError_t hipDevicePrimaryCtxGetState(hipDevice_t dev, unsigned int* flags, int* active);
hipError_t hipDevicePrimaryCtxSetFlags(hipDevice_t dev, unsigned int flags);
hipError_t hipDevicePrimaryCtxReset(hipDevice_t dev);

/* ---- More memory ----------------------------------------------------------------------- */

hipError_t hipHostAlloc(void** ptr, size_t size, unsigned int flags);
hipError_t hipMemAllocHost(void** ptr, size_t size);
/* flags: hipDeviceMallocDefault, Finegrained, Uncached, Contiguous, or
 * hipMallocSignalMemory (8 bytes); all are ordinary device memory here. */
hipError_t hipExtMallocWithFlags(void** ptr, size_t sizeBytes, unsigned int flags);
hipError_t hipMallocPitch(void** ptr, size_t* pitch, size_t width, size_t height);
hipError_t hipMemAllocPitch(hipDeviceptr_t* dptr, size_t* pitch, size_t widthInBytes,
                            size_t height, unsigned int elementSizeBytes);
hipError_t hipMalloc3D(hipPitchedPtr* pitchedDevPtr, hipExtent extent);
hipError_t hipMemPtrGetInfo(void* ptr, size_t* size);
hipError_t hipMemGetAddressRange(hipDeviceptr_t* pbase, size_t* psize, hipDeviceptr_t dptr);
/* Memory the runtime did not allocate or register gives hipErrorInvalidValue. */
hipError_t hipPointerGetAttributes(hipPointerAttribute_t* attributes, const void* ptr);

/* Page-locked host memory the program allocated itself (flags: hipHostRegister*). */
hipError_t hipHostRegister(void* hostPtr, size_t sizeBytes, unsigned int flags);
hipError_t hipHostUnregister(void* hostPtr);
hipError_t hipHostGetDevicePointer(void** devPtr, void* hstPtr, unsigned int flags);
hipError_t hipHostGetFlags(unsigned int* flagsPtr, void* hostPtr);

hipError_t hipMemcpyWithStream(void* dst, const void* src, size_t sizeBytes, hipMemcpyKind kind,
                               hipStream_t stream);
hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void* src, size_t sizeBytes);
hipError_t hipMemcpyDtoH(void* dst, hipDeviceptr_t src, size_t sizeBytes);
hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes);
hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, void* src, size_t sizeBytes,
                              hipStream_t stream);
hipError_t hipMemcpyDtoHAsync(void* dst, hipDeviceptr_t src, size_t sizeBytes,
                              hipStream_t stream);
hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes,
                              hipStream_t stream);
hipError_t hipMemcpyToSymbolAsync(const void* symbol, const void* src, size_t sizeBytes,
                                  size_t offset, hipMemcpyKind kind,
                                  hipStream_t stream __OXHIP_DEFAULT(0));
hipError_t hipMemcpyFromSymbolAsync(void* dst, const void* symbol, size_t sizeBytes,
                                    size_t offset, hipMemcpyKind kind,
                                    hipStream_t stream __OXHIP_DEFAULT(0));
/* 2D and 3D copies of pitched memory; a width beyond a pitch is hipErrorInvalidPitchValue.
 * hipArray copies are not supported. */
hipError_t hipMemcpy2D(void* dst, size_t dpitch, const void* src, size_t spitch, size_t width,
                       size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DAsync(void* dst, size_t dpitch, const void* src, size_t spitch,
                            size_t width, size_t height, hipMemcpyKind kind,
                            hipStream_t stream __OXHIP_DEFAULT(0));
hipError_t hipMemcpyParam2D(const hip_Memcpy2D* pCopy);
hipError_t hipMemcpyParam2DAsync(const hip_Memcpy2D* pCopy,
                                 hipStream_t stream __OXHIP_DEFAULT(0));
hipError_t hipMemcpy3D(const struct hipMemcpy3DParms* p);
hipError_t hipMemcpy3DAsync(const struct hipMemcpy3DParms* p,
                            hipStream_t stream __OXHIP_DEFAULT(0));
/* Between two devices' memory (a GPU and the CPU device: through host memory). */
hipError_t hipMemcpyPeer(void* dst, int dstDeviceId, const void* src, int srcDeviceId,
                         size_t sizeBytes);
hipError_t hipMemcpyPeerAsync(void* dst, int dstDeviceId, const void* src, int srcDevice,
                              size_t sizeBytes, hipStream_t stream __OXHIP_DEFAULT(0));

/* Fills: bytes, 16-bit and 32-bit values, 2D and 3D regions. */
hipError_t hipMemsetD8(hipDeviceptr_t dest, unsigned char value, size_t count);
hipError_t hipMemsetD8Async(hipDeviceptr_t dest, unsigned char value, size_t count,
                            hipStream_t stream __OXHIP_DEFAULT(0));
hipError_t hipMemsetD16(hipDeviceptr_t dest, unsigned short value, size_t count);
hipError_t hipMemsetD16Async(hipDeviceptr_t dest, unsigned short value, size_t count,
                             hipStream_t stream __OXHIP_DEFAULT(0));
hipError_t hipMemsetD32(hipDeviceptr_t dest, int value, size_t count);
hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count,
                             hipStream_t stream __OXHIP_DEFAULT(0));
hipError_t hipMemset2D(void* dst, size_t pitch, int value, size_t width, size_t height);
hipError_t hipMemset2DAsync(void* dst, size_t pitch, int value, size_t width, size_t height,
                            hipStream_t stream __OXHIP_DEFAULT(0));
hipError_t hipMemset3D(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent);
hipError_t hipMemset3DAsync(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent,
                            hipStream_t stream __OXHIP_DEFAULT(0));

/* Managed memory: advice and prefetching (device: an ordinal or hipCpuDeviceId). */
hipError_t hipMemAdvise(const void* dev_ptr, size_t count, hipMemoryAdvise advice, int device);
hipError_t hipMemPrefetchAsync(const void* dev_ptr, size_t count, int device,
                               hipStream_t stream __OXHIP_DEFAULT(0));
hipError_t hipMemRangeGetAttribute(void* data, size_t data_size, hipMemRangeAttribute attribute,
                                   const void* dev_ptr, size_t count);
hipError_t hipMemRangeGetAttributes(void** data, size_t* data_sizes,
                                    hipMemRangeAttribute* attributes, size_t num_attributes,
                                    const void* dev_ptr, size_t count);
/* A hint with no effect on these devices (flags: hipMemAttach*). */
hipError_t hipStreamAttachMemAsync(hipStream_t stream, void* dev_ptr,
                                   size_t length __OXHIP_DEFAULT(0),
                                   unsigned int flags __OXHIP_DEFAULT(hipMemAttachSingle));

/* Stream-ordered allocation from memory pools kept by the runtime. Freed blocks are cached
 * and reused; above the release threshold they go back at the next synchronisation. */
hipError_t hipMallocAsync(void** dev_ptr, size_t size, hipStream_t stream);
hipError_t hipFreeAsync(void* dev_ptr, hipStream_t stream);
hipError_t hipMallocFromPoolAsync(void** dev_ptr, size_t size, hipMemPool_t mem_pool,
                                  hipStream_t stream);
hipError_t hipDeviceGetDefaultMemPool(hipMemPool_t* mem_pool, int device);
hipError_t hipDeviceGetMemPool(hipMemPool_t* mem_pool, int device);
hipError_t hipDeviceSetMemPool(int device, hipMemPool_t mem_pool);
/* Pinned device memory of one device, without export handle types. */
hipError_t hipMemPoolCreate(hipMemPool_t* mem_pool, const hipMemPoolProps* pool_props);
hipError_t hipMemPoolDestroy(hipMemPool_t mem_pool);
hipError_t hipMemPoolTrimTo(hipMemPool_t mem_pool, size_t min_bytes_to_hold);
hipError_t hipMemPoolSetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr, void* value);
hipError_t hipMemPoolGetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr, void* value);
hipError_t hipMemPoolSetAccess(hipMemPool_t mem_pool, const hipMemAccessDesc* desc_list,
                               size_t count);
hipError_t hipMemPoolGetAccess(hipMemAccessFlags* flags, hipMemPool_t mem_pool,
                               hipMemLocation* location);

/* Interprocess sharing: not supported (hipErrorNotSupported). */
#define HIP_IPC_HANDLE_SIZE 64
#define hipIpcMemLazyEnablePeerAccess 0x01
typedef struct hipIpcMemHandle_st {
  char reserved[HIP_IPC_HANDLE_SIZE];
} hipIpcMemHandle_t;
typedef struct hipIpcEventHandle_st {
  char reserved[HIP_IPC_HANDLE_SIZE];
} hipIpcEventHandle_t;
hipError_t hipIpcGetMemHandle(hipIpcMemHandle_t* handle, void* devPtr);
hipError_t hipIpcOpenMemHandle(void** devPtr, hipIpcMemHandle_t handle, unsigned int flags);
hipError_t hipIpcCloseMemHandle(void* devPtr);
hipError_t hipIpcGetEventHandle(hipIpcEventHandle_t* handle, hipEvent_t event);
hipError_t hipIpcOpenEventHandle(hipEvent_t* event, hipIpcEventHandle_t handle);
hipError_t hipMemPoolExportToShareableHandle(void* shared_handle, hipMemPool_t mem_pool,
                                             hipMemAllocationHandleType handle_type,
                                             unsigned int flags);
hipError_t hipMemPoolImportFromShareableHandle(hipMemPool_t* mem_pool, void* shared_handle,
                                               hipMemAllocationHandleType handle_type,
                                               unsigned int flags);

/* ---- More streams and events ------------------------------------------------------------ */

/* Priorities are clamped to hipDeviceGetStreamPriorityRange's range. */
hipError_t hipStreamCreateWithPriority(hipStream_t* stream, unsigned int flags, int priority);
hipError_t hipStreamGetPriority(hipStream_t stream, int* priority);
hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int* flags);
hipError_t hipStreamGetDevice(hipStream_t stream, hipDevice_t* device);
/* The stream's device, or -1. */
int hipGetStreamDeviceId(hipStream_t stream);
/* fn(userData) runs when the stream gets there; it must not call the runtime. */
hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn, void* userData);
/* flags must be 0; not allowed while the stream captures (use hipLaunchHostFunc). */
hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback, void* userData,
                                unsigned int flags);
hipError_t hipEventRecordWithFlags(hipEvent_t event, hipStream_t stream __OXHIP_DEFAULT(0),
                                   unsigned int flags __OXHIP_DEFAULT(0));
/* Not supported (hipDeviceAttributeCanUseStreamWaitValue is 0). */
hipError_t hipStreamWaitValue32(hipStream_t stream, void* ptr, uint32_t value, unsigned int flags,
                                uint32_t mask __OXHIP_DEFAULT(0xFFFFFFFF));
hipError_t hipStreamWaitValue64(hipStream_t stream, void* ptr, uint64_t value, unsigned int flags,
                                uint64_t mask __OXHIP_DEFAULT(0xFFFFFFFFFFFFFFFF));
hipError_t hipStreamWriteValue32(hipStream_t stream, void* ptr, uint32_t value,
                                 unsigned int flags);
hipError_t hipStreamWriteValue64(hipStream_t stream, void* ptr, uint64_t value,
                                 unsigned int flags);

/* ---- More launches and kernel queries --------------------------------------------------- */

/* hipLaunchKernel between two optional event records. */
hipError_t hipExtLaunchKernel(const void* function_address, dim3 numBlocks, dim3 dimBlocks,
                              void** args, size_t sharedMemBytes, hipStream_t stream,
                              hipEvent_t startEvent, hipEvent_t stopEvent, int flags);
hipError_t hipFuncGetAttribute(int* value, hipFunction_attribute attrib, hipFunction_t hfunc);
hipError_t hipFuncSetSharedMemConfig(const void* func, hipSharedMemConfig config);
/* The hipFunction_t of a kernel given by its host handle (&kernel). */
hipError_t hipGetFuncBySymbol(hipFunction_t* functionPtr, const void* symbolPtr);

/* Occupancy: blocks per multiprocessor, and the block size that maximises them. */
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, const void* f,
                                                        int blockSize, size_t dynSharedMemPerBlk);
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, const void* f, int blockSize, size_t dynSharedMemPerBlk,
    unsigned int flags __OXHIP_DEFAULT(hipOccupancyDefault));
hipError_t hipOccupancyMaxPotentialBlockSize(int* gridSize, int* blockSize, const void* f,
                                             size_t dynSharedMemPerBlk, int blockSizeLimit);
hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, hipFunction_t f,
                                                              int blockSize,
                                                              size_t dynSharedMemPerBlk);
hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, hipFunction_t f, int blockSize, size_t dynSharedMemPerBlk, unsigned int flags);
hipError_t hipModuleOccupancyMaxPotentialBlockSize(int* gridSize, int* blockSize, hipFunction_t f,
                                                   size_t dynSharedMemPerBlk, int blockSizeLimit);
hipError_t hipModuleOccupancyMaxPotentialBlockSizeWithFlags(int* gridSize, int* blockSize,
                                                            hipFunction_t f,
                                                            size_t dynSharedMemPerBlk,
                                                            int blockSizeLimit,
                                                            unsigned int flags);
/* oxhip: what the C++ hipOccupancyMaxPotentialBlockSizeVariableSMem templates call;
 * sharedFor(context, blockSize) gives the dynamic shared memory for a block size. */
hipError_t oxhipOccupancyMaxPotentialBlockSizeVariableSMem(
    int* gridSize, int* blockSize, const void* f,
    size_t (*sharedFor)(const void* context, int blockSize), const void* context,
    int blockSizeLimit, unsigned int flags);

/* ---- Stream capture and graphs ------------------------------------------------------------
 * Graphs are the runtime's own on every backend: a launch runs the nodes in dependency
 * order on the launch stream. The legacy null stream and the per-thread default stream
 * cannot be captured. */

hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode);
hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t* pGraph);
hipError_t hipStreamIsCapturing(hipStream_t stream, hipStreamCaptureStatus* pCaptureStatus);
hipError_t hipStreamGetCaptureInfo(hipStream_t stream, hipStreamCaptureStatus* pCaptureStatus,
                                   unsigned long long* pId);
/* The dependency array stays valid until this thread's next call of this function. */
hipError_t hipStreamGetCaptureInfo_v2(hipStream_t stream,
                                      hipStreamCaptureStatus* captureStatus_out,
                                      unsigned long long* id_out __OXHIP_DEFAULT(0),
                                      hipGraph_t* graph_out __OXHIP_DEFAULT(0),
                                      const hipGraphNode_t** dependencies_out __OXHIP_DEFAULT(0),
                                      size_t* numDependencies_out __OXHIP_DEFAULT(0));
hipError_t hipStreamUpdateCaptureDependencies(hipStream_t stream, hipGraphNode_t* dependencies,
                                              size_t numDependencies,
                                              unsigned int flags __OXHIP_DEFAULT(0));
hipError_t hipThreadExchangeStreamCaptureMode(hipStreamCaptureMode* mode);

hipError_t hipGraphCreate(hipGraph_t* pGraph, unsigned int flags);
hipError_t hipGraphDestroy(hipGraph_t graph);
hipError_t hipGraphClone(hipGraph_t* pGraphClone, hipGraph_t originalGraph);
hipError_t hipGraphNodeFindInClone(hipGraphNode_t* pNode, hipGraphNode_t originalNode,
                                   hipGraph_t clonedGraph);
hipError_t hipGraphAddKernelNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                 const hipGraphNode_t* pDependencies, size_t numDependencies,
                                 const hipKernelNodeParams* pNodeParams);
hipError_t hipGraphAddMemcpyNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                 const hipGraphNode_t* pDependencies, size_t numDependencies,
                                 const hipMemcpy3DParms* pCopyParams);
hipError_t hipGraphAddMemcpyNode1D(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                   const hipGraphNode_t* pDependencies, size_t numDependencies,
                                   void* dst, const void* src, size_t count, hipMemcpyKind kind);
hipError_t hipGraphAddMemsetNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                 const hipGraphNode_t* pDependencies, size_t numDependencies,
                                 const hipMemsetParams* pMemsetParams);
hipError_t hipGraphAddHostNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                               const hipGraphNode_t* pDependencies, size_t numDependencies,
                               const hipHostNodeParams* pNodeParams);
hipError_t hipGraphAddEmptyNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                const hipGraphNode_t* pDependencies, size_t numDependencies);
/* The child graph is copied as it is now. */
hipError_t hipGraphAddChildGraphNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                     const hipGraphNode_t* pDependencies, size_t numDependencies,
                                     hipGraph_t childGraph);
hipError_t hipGraphAddEventRecordNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                      const hipGraphNode_t* pDependencies,
                                      size_t numDependencies, hipEvent_t event);
hipError_t hipGraphAddEventWaitNode(hipGraphNode_t* pGraphNode, hipGraph_t graph,
                                    const hipGraphNode_t* pDependencies, size_t numDependencies,
                                    hipEvent_t event);
hipError_t hipGraphAddDependencies(hipGraph_t graph, const hipGraphNode_t* from,
                                   const hipGraphNode_t* to, size_t numDependencies);
hipError_t hipGraphRemoveDependencies(hipGraph_t graph, const hipGraphNode_t* from,
                                      const hipGraphNode_t* to, size_t numDependencies);
/* With a NULL array, only the count; otherwise up to *num entries (NULL-filled beyond the
 * real count, which *num then holds). */
hipError_t hipGraphGetNodes(hipGraph_t graph, hipGraphNode_t* nodes, size_t* numNodes);
hipError_t hipGraphGetRootNodes(hipGraph_t graph, hipGraphNode_t* pRootNodes,
                                size_t* pNumRootNodes);
hipError_t hipGraphGetEdges(hipGraph_t graph, hipGraphNode_t* from, hipGraphNode_t* to,
                            size_t* numEdges);
hipError_t hipGraphNodeGetType(hipGraphNode_t node, hipGraphNodeType* pType);
hipError_t hipGraphNodeGetDependencies(hipGraphNode_t node, hipGraphNode_t* pDependencies,
                                       size_t* pNumDependencies);
hipError_t hipGraphNodeGetDependentNodes(hipGraphNode_t node, hipGraphNode_t* pDependentNodes,
                                         size_t* pNumDependentNodes);
hipError_t hipGraphDestroyNode(hipGraphNode_t node);
hipError_t hipGraphKernelNodeGetParams(hipGraphNode_t node, hipKernelNodeParams* pNodeParams);
hipError_t hipGraphKernelNodeSetParams(hipGraphNode_t node,
                                       const hipKernelNodeParams* pNodeParams);
hipError_t hipGraphMemcpyNodeGetParams(hipGraphNode_t node, hipMemcpy3DParms* pNodeParams);
hipError_t hipGraphMemcpyNodeSetParams(hipGraphNode_t node, const hipMemcpy3DParms* pNodeParams);
hipError_t hipGraphMemcpyNodeSetParams1D(hipGraphNode_t node, void* dst, const void* src,
                                         size_t count, hipMemcpyKind kind);
hipError_t hipGraphMemsetNodeGetParams(hipGraphNode_t node, hipMemsetParams* pNodeParams);
hipError_t hipGraphMemsetNodeSetParams(hipGraphNode_t node, const hipMemsetParams* pNodeParams);
hipError_t hipGraphHostNodeGetParams(hipGraphNode_t node, hipHostNodeParams* pNodeParams);
hipError_t hipGraphHostNodeSetParams(hipGraphNode_t node, const hipHostNodeParams* pNodeParams);
hipError_t hipGraphInstantiate(hipGraphExec_t* pGraphExec, hipGraph_t graph,
                               hipGraphNode_t* pErrorNode, char* pLogBuffer, size_t bufferSize);
hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t* pGraphExec, hipGraph_t graph,
                                        unsigned long long flags);
hipError_t hipGraphLaunch(hipGraphExec_t graphExec, hipStream_t stream);
hipError_t hipGraphUpload(hipGraphExec_t graphExec, hipStream_t stream);
hipError_t hipGraphExecDestroy(hipGraphExec_t graphExec);
hipError_t hipGraphExecGetFlags(hipGraphExec_t graphExec, unsigned long long* flags);
hipError_t hipGraphExecKernelNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                           const hipKernelNodeParams* pNodeParams);
hipError_t hipGraphExecMemcpyNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                           hipMemcpy3DParms* pNodeParams);
hipError_t hipGraphExecMemcpyNodeSetParams1D(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                             void* dst, const void* src, size_t count,
                                             hipMemcpyKind kind);
hipError_t hipGraphExecMemsetNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                           const hipMemsetParams* pNodeParams);
hipError_t hipGraphExecHostNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                         const hipHostNodeParams* pNodeParams);
hipError_t hipGraphNodeSetEnabled(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
                                  unsigned int isEnabled);
hipError_t hipGraphNodeGetEnabled(hipGraphExec_t hGraphExec, hipGraphNode_t hNode,
                                  unsigned int* isEnabled);
/* Takes over the parameters of a graph of the same shape (node kinds in dependency order). */
hipError_t hipGraphExecUpdate(hipGraphExec_t hGraphExec, hipGraph_t hGraph,
                              hipGraphNode_t* hErrorNode_out,
                              hipGraphExecUpdateResult* updateResult_out);
/* Graphviz text of the graph (flags are ignored). */
hipError_t hipGraphDebugDotPrint(hipGraph_t graph, const char* path, unsigned int flags);
/* Not supported: the embedded copy is kept as operations, not as a graph. */
hipError_t hipGraphChildGraphNodeGetGraph(hipGraphNode_t node, hipGraph_t* pGraph);

/* Used by clang's lowering of kernel<<<grid, block, shared, stream>>>(...). */
hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                      size_t sharedMem __OXHIP_DEFAULT(0),
                                      hipStream_t stream __OXHIP_DEFAULT(0));
hipError_t __hipPopCallConfiguration(dim3* gridDim, dim3* blockDim, size_t* sharedMem,
                                     hipStream_t* stream);

#ifdef __cplusplus
} /* extern "C" */
#endif

/* C++ conveniences HIP code relies on: allocation functions that take any T** (so that
 * `int* p; hipMalloc(&p, n)` compiles without a cast). Define
 * __HIP_DISABLE_CPP_FUNCTIONS__ to leave them out. */
#if defined(__cplusplus) && !defined(__HIP_DISABLE_CPP_FUNCTIONS__)
template <class T>
static inline hipError_t hipMalloc(T** ptr, size_t size) {
  return hipMalloc(reinterpret_cast<void**>(ptr), size);
}
template <class T>
static inline hipError_t hipHostMalloc(T** ptr, size_t size,
                                       unsigned int flags = hipHostMallocDefault) {
  return hipHostMalloc(reinterpret_cast<void**>(ptr), size, flags);
}
template <class F>
static inline hipError_t hipLaunchCooperativeKernel(F* f, dim3 gridDim, dim3 blockDim,
                                                    void** kernelParams,
                                                    unsigned int sharedMemBytes,
                                                    hipStream_t stream) {
  return hipLaunchCooperativeKernel(reinterpret_cast<const void*>(f), gridDim, blockDim,
                                    kernelParams, sharedMemBytes, stream);
}
template <class T>
static inline hipError_t hipMallocManaged(T** ptr, size_t size,
                                          unsigned int flags = hipMemAttachGlobal) {
  return hipMallocManaged(reinterpret_cast<void**>(ptr), size, flags);
}
template <class T>
static inline hipError_t hipHostAlloc(T** ptr, size_t size,
                                      unsigned int flags = hipHostMallocDefault) {
  return hipHostAlloc(reinterpret_cast<void**>(ptr), size, flags);
}
template <class T>
static inline hipError_t hipMallocPitch(T** ptr, size_t* pitch, size_t width, size_t height) {
  return hipMallocPitch(reinterpret_cast<void**>(ptr), pitch, width, height);
}
template <class T>
static inline hipError_t hipMallocAsync(T** ptr, size_t size, hipStream_t stream) {
  return hipMallocAsync(reinterpret_cast<void**>(ptr), size, stream);
}
static inline hipError_t hipMallocAsync(void** ptr, size_t size, hipMemPool_t pool,
                                        hipStream_t stream) {
  return hipMallocFromPoolAsync(ptr, size, pool, stream);
}
template <class T>
static inline hipError_t hipMallocAsync(T** ptr, size_t size, hipMemPool_t pool,
                                        hipStream_t stream) {
  return hipMallocFromPoolAsync(reinterpret_cast<void**>(ptr), size, pool, stream);
}
template <class T>
static inline hipError_t hipMallocFromPoolAsync(T** ptr, size_t size, hipMemPool_t pool,
                                                hipStream_t stream) {
  return hipMallocFromPoolAsync(reinterpret_cast<void**>(ptr), size, pool, stream);
}

/* The CUDA 12 shapes of two calls whose HIP forms differ. */
static inline hipError_t hipGraphInstantiate(hipGraphExec_t* pGraphExec, hipGraph_t graph,
                                             unsigned long long flags) {
  return hipGraphInstantiateWithFlags(pGraphExec, graph, flags);
}
static inline hipError_t hipStreamGetCaptureInfo(hipStream_t stream,
                                                 hipStreamCaptureStatus* captureStatus_out,
                                                 unsigned long long* id_out,
                                                 hipGraph_t* graph_out,
                                                 const hipGraphNode_t** dependencies_out,
                                                 size_t* numDependencies_out = 0) {
  return hipStreamGetCaptureInfo_v2(stream, captureStatus_out, id_out, graph_out,
                                    dependencies_out, numDependencies_out);
}

/* Kernels named directly (`kernel`, not `(const void*)kernel`). */
template <class F>
static inline hipError_t hipFuncGetAttributes(hipFuncAttributes* attr, F* kernel) {
  return hipFuncGetAttributes(attr, reinterpret_cast<const void*>(kernel));
}
template <class F>
static inline hipError_t hipFuncSetAttribute(F* kernel, hipFuncAttribute attr, int value) {
  return hipFuncSetAttribute(reinterpret_cast<const void*>(kernel), attr, value);
}
template <class F>
static inline hipError_t hipFuncSetCacheConfig(F* kernel, hipFuncCache_t config) {
  return hipFuncSetCacheConfig(reinterpret_cast<const void*>(kernel), config);
}
template <class F>
static inline hipError_t hipFuncSetSharedMemConfig(F* kernel, hipSharedMemConfig config) {
  return hipFuncSetSharedMemConfig(reinterpret_cast<const void*>(kernel), config);
}
template <class F>
static inline hipError_t hipGetFuncBySymbol(hipFunction_t* function, F* kernel) {
  return hipGetFuncBySymbol(function, reinterpret_cast<const void*>(kernel));
}
template <class F>
static inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessor(int* numBlocks, F* kernel,
                                                                      int blockSize,
                                                                      size_t dynSharedMemPerBlk) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessor(
      numBlocks, reinterpret_cast<const void*>(kernel), blockSize, dynSharedMemPerBlk);
}
template <class F>
static inline hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* numBlocks, F* kernel, int blockSize, size_t dynSharedMemPerBlk, unsigned int flags) {
  return hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      numBlocks, reinterpret_cast<const void*>(kernel), blockSize, dynSharedMemPerBlk, flags);
}
template <class F>
static inline hipError_t hipOccupancyMaxPotentialBlockSize(int* gridSize, int* blockSize,
                                                           F* kernel,
                                                           size_t dynSharedMemPerBlk = 0,
                                                           int blockSizeLimit = 0) {
  return hipOccupancyMaxPotentialBlockSize(gridSize, blockSize,
                                           reinterpret_cast<const void*>(kernel),
                                           dynSharedMemPerBlk, blockSizeLimit);
}
template <class F>
static inline hipError_t hipOccupancyMaxPotentialBlockSizeWithFlags(
    int* gridSize, int* blockSize, F* kernel, size_t dynSharedMemPerBlk = 0,
    int blockSizeLimit = 0, unsigned int flags = 0) {
  return hipModuleOccupancyMaxPotentialBlockSizeWithFlags(
      gridSize, blockSize, reinterpret_cast<hipFunction_t>(kernel), dynSharedMemPerBlk,
      blockSizeLimit, flags);
}

/* Calls the functor the VariableSMem templates were given. */
template <class UnaryFunction>
static size_t __oxhip_shared_for_block(const void* context, int blockSize) {
  return static_cast<size_t>((*static_cast<const UnaryFunction*>(context))(blockSize));
}
/* block_size_to_dynamic_smem_size(blockSize) gives the dynamic shared memory of a block. */
template <class UnaryFunction, class F>
static inline hipError_t hipOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
    int* min_grid_size, int* block_size, F kernel, UnaryFunction block_size_to_dynamic_smem_size,
    int block_size_limit = 0, unsigned int flags = 0) {
  return oxhipOccupancyMaxPotentialBlockSizeVariableSMem(
      min_grid_size, block_size, reinterpret_cast<const void*>(kernel),
      &__oxhip_shared_for_block<UnaryFunction>, &block_size_to_dynamic_smem_size,
      block_size_limit, flags);
}
template <class UnaryFunction, class F>
static inline hipError_t hipOccupancyMaxPotentialBlockSizeVariableSMem(
    int* min_grid_size, int* block_size, F kernel, UnaryFunction block_size_to_dynamic_smem_size,
    int block_size_limit = 0) {
  return hipOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
      min_grid_size, block_size, kernel, block_size_to_dynamic_smem_size, block_size_limit, 0u);
}

/* Device variables named directly (`hipMemcpyToSymbol(table, ...)`, as CUDA code writes
 * them). Only an lvalue that is not itself a void pointer is taken as the variable; an
 * address (`HIP_SYMBOL(table)`, `&table`) goes to the C functions. */
template <class T>
struct __oxhip_is_symbol {
  static const bool value = true;
};
template <>
struct __oxhip_is_symbol<void*> {
  static const bool value = false;
};
template <>
struct __oxhip_is_symbol<const void*> {
  static const bool value = false;
};
template <>
struct __oxhip_is_symbol<void* const> {
  static const bool value = false;
};
template <>
struct __oxhip_is_symbol<const void* const> {
  static const bool value = false;
};
template <bool Condition>
struct __oxhip_enable_if {};
template <>
struct __oxhip_enable_if<true> {
  typedef hipError_t type;
};
template <class T>
static inline typename __oxhip_enable_if<__oxhip_is_symbol<T>::value>::type hipGetSymbolAddress(
    void** devPtr, T& symbol) {
  return hipGetSymbolAddress(devPtr, static_cast<const void*>(&symbol));
}
template <class T>
static inline typename __oxhip_enable_if<__oxhip_is_symbol<T>::value>::type hipGetSymbolSize(
    size_t* size, T& symbol) {
  return hipGetSymbolSize(size, static_cast<const void*>(&symbol));
}
template <class T>
static inline typename __oxhip_enable_if<__oxhip_is_symbol<T>::value>::type hipMemcpyToSymbol(
    T& symbol, const void* src, size_t sizeBytes, size_t offset = 0,
    hipMemcpyKind kind = hipMemcpyHostToDevice) {
  return hipMemcpyToSymbol(static_cast<const void*>(&symbol), src, sizeBytes, offset, kind);
}
template <class T>
static inline typename __oxhip_enable_if<__oxhip_is_symbol<T>::value>::type
hipMemcpyToSymbolAsync(T& symbol, const void* src, size_t sizeBytes, size_t offset,
                       hipMemcpyKind kind, hipStream_t stream = 0) {
  return hipMemcpyToSymbolAsync(static_cast<const void*>(&symbol), src, sizeBytes, offset, kind,
                                stream);
}
template <class T>
static inline typename __oxhip_enable_if<__oxhip_is_symbol<T>::value>::type hipMemcpyFromSymbol(
    void* dst, T& symbol, size_t sizeBytes, size_t offset = 0,
    hipMemcpyKind kind = hipMemcpyDeviceToHost) {
  return hipMemcpyFromSymbol(dst, static_cast<const void*>(&symbol), sizeBytes, offset, kind);
}
template <class T>
static inline typename __oxhip_enable_if<__oxhip_is_symbol<T>::value>::type
hipMemcpyFromSymbolAsync(void* dst, T& symbol, size_t sizeBytes, size_t offset,
                         hipMemcpyKind kind, hipStream_t stream = 0) {
  return hipMemcpyFromSymbolAsync(dst, static_cast<const void*>(&symbol), sizeBytes, offset,
                                  kind, stream);
}
#endif

#undef __OXHIP_NODISCARD
#undef __OXHIP_DEFAULT

#endif /* HIP_HIP_RUNTIME_API_H */
