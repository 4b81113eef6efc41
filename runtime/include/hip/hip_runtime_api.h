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

#include <stddef.h>
#include <stdint.h>

#if defined(__HIP__) || defined(__CUDA__)
#define __OXHIP_API_HD __attribute__((host, device))
#else
#define __OXHIP_API_HD
#endif

#if defined(__cplusplus) && __cplusplus >= 201703L
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

typedef enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4 /* direction inferred from the pointers */
} hipMemcpyKind;

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

/* The per-thread default stream. */
#define hipStreamPerThread ((hipStream_t)2)

#define hipStreamDefault 0x00
#define hipStreamNonBlocking 0x01

#define hipEventDefault 0x0
#define hipEventBlockingSync 0x1
#define hipEventDisableTiming 0x2
#define hipEventInterprocess 0x4

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
#define hipMemAttachGlobal 0x01
#define hipMemAttachHost 0x02

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
#endif

#undef __OXHIP_NODISCARD
#undef __OXHIP_DEFAULT

#endif /* HIP_HIP_RUNTIME_API_H */
