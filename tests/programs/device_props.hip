// Device management: every hipDeviceAttribute_t against hipDeviceProp_t, PCI identity,
// limits, cache and shared-memory preferences, device flags, device choice, peer access and
// peer copies, contexts, versions, and the exact errors of misuse. Nothing here assumes a
// particular device: values are compared with what the runtime itself reports.
#include "check.h"
#include <cstring>
#include <vector>

static long long errors = 0;

static void expect(bool ok, const char* what) {
  if (!ok) {
    std::printf("device_props: %s\n", what);
    ++errors;
  }
}

static void expect_error(hipError_t got, hipError_t want, const char* what) {
  if (got != want) {
    std::printf("device_props: %s: got %s, want %s\n", what, hipGetErrorName(got),
                hipGetErrorName(want));
    ++errors;
  }
  (void)hipGetLastError();
}

static int attribute(hipDeviceAttribute_t which, int device) {
  int value = -12345;
  CHECK(hipDeviceGetAttribute(&value, which, device));
  return value;
}

static int clamp_int(size_t value) { return value > 0x7fffffff ? 0x7fffffff : (int)value; }

static void check_attributes(int device) {
  hipDeviceProp_t p;
  CHECK(hipGetDeviceProperties(&p, device));
  struct Pair {
    hipDeviceAttribute_t attribute;
    int value;
    const char* name;
  } pairs[] = {
      {hipDeviceAttributeMaxThreadsPerBlock, p.maxThreadsPerBlock, "MaxThreadsPerBlock"},
      {hipDeviceAttributeMaxBlockDimX, p.maxThreadsDim[0], "MaxBlockDimX"},
      {hipDeviceAttributeMaxBlockDimY, p.maxThreadsDim[1], "MaxBlockDimY"},
      {hipDeviceAttributeMaxBlockDimZ, p.maxThreadsDim[2], "MaxBlockDimZ"},
      {hipDeviceAttributeMaxGridDimX, p.maxGridSize[0], "MaxGridDimX"},
      {hipDeviceAttributeMaxGridDimY, p.maxGridSize[1], "MaxGridDimY"},
      {hipDeviceAttributeMaxGridDimZ, p.maxGridSize[2], "MaxGridDimZ"},
      {hipDeviceAttributeWarpSize, p.warpSize, "WarpSize"},
      {hipDeviceAttributeMultiprocessorCount, p.multiProcessorCount, "MultiprocessorCount"},
      {hipDeviceAttributeComputeCapabilityMajor, p.major, "ComputeCapabilityMajor"},
      {hipDeviceAttributeComputeCapabilityMinor, p.minor, "ComputeCapabilityMinor"},
      {hipDeviceAttributeClockRate, p.clockRate, "ClockRate"},
      {hipDeviceAttributeL2CacheSize, p.l2CacheSize, "L2CacheSize"},
      {hipDeviceAttributeMaxSharedMemoryPerBlock, clamp_int(p.sharedMemPerBlock),
       "MaxSharedMemoryPerBlock"},
      {hipDeviceAttributeSharedMemPerBlockOptin, clamp_int(p.sharedMemPerBlockOptin),
       "SharedMemPerBlockOptin"},
      {hipDeviceAttributeTotalConstantMemory, clamp_int(p.totalConstMem), "TotalConstantMemory"},
      {hipDeviceAttributeTotalGlobalMem, clamp_int(p.totalGlobalMem), "TotalGlobalMem"},
      {hipDeviceAttributeMaxRegistersPerBlock, p.regsPerBlock, "MaxRegistersPerBlock"},
      {hipDeviceAttributeMaxThreadsPerMultiProcessor, p.maxThreadsPerMultiProcessor,
       "MaxThreadsPerMultiProcessor"},
      {hipDeviceAttributeMaxBlocksPerMultiProcessor, p.maxBlocksPerMultiProcessor,
       "MaxBlocksPerMultiProcessor"},
      {hipDeviceAttributeIntegrated, p.integrated, "Integrated"},
      {hipDeviceAttributeCanMapHostMemory, p.canMapHostMemory, "CanMapHostMemory"},
      {hipDeviceAttributeComputeMode, p.computeMode, "ComputeMode"},
      {hipDeviceAttributeConcurrentKernels, p.concurrentKernels, "ConcurrentKernels"},
      {hipDeviceAttributeManagedMemory, p.managedMemory, "ManagedMemory"},
      {hipDeviceAttributeCooperativeLaunch, p.cooperativeLaunch, "CooperativeLaunch"},
      {hipDeviceAttributePciBusId, p.pciBusID, "PciBusId"},
      {hipDeviceAttributePciDeviceId, p.pciDeviceID, "PciDeviceId"},
      {hipDeviceAttributePciDomainID, p.pciDomainID, "PciDomainID"},
      {hipDeviceAttributeMemoryPoolsSupported, p.memoryPoolsSupported, "MemoryPoolsSupported"},
      {hipDeviceAttributeHostRegisterSupported, p.hostRegisterSupported, "HostRegisterSupported"},
      {hipDeviceAttributeStreamPrioritiesSupported, p.streamPrioritiesSupported,
       "StreamPrioritiesSupported"},
      {hipDeviceAttributeMaxTexture2DLayered, p.maxTexture2DLayered[0], "MaxTexture2DLayered"},
      {hipDeviceAttributeMaxSurface3D, p.maxSurface3D[0], "MaxSurface3D"},
      {hipDeviceAttributeMaxSharedMemoryPerMultiprocessor,
       clamp_int(p.maxSharedMemoryPerMultiProcessor), "MaxSharedMemoryPerMultiprocessor"},
      {hipDeviceAttributeClockInstructionRate, p.clockInstructionRate, "ClockInstructionRate"},
      {hipDeviceAttributePhysicalMultiProcessorCount, p.multiProcessorCount,
       "PhysicalMultiProcessorCount"},
  };
  for (const Pair& pair : pairs) {
    if (attribute(pair.attribute, device) != pair.value) {
      std::printf("device_props: device %d: attribute %s is %d, the property %d\n", device,
                  pair.name, attribute(pair.attribute, device), pair.value);
      ++errors;
    }
  }
  // Every defined number answers; the removed ones and unknown ones are invalid.
  const int unused[] = {hipDeviceAttributeUnused1, hipDeviceAttributeUnused2,
                        hipDeviceAttributeUnused3, hipDeviceAttributeUnused4,
                        hipDeviceAttributeUnused5};
  for (int number = hipDeviceAttributeCudaCompatibleBegin;
       number <= hipDeviceAttributeMemoryPoolSupportedHandleTypes; ++number) {
    bool removed = false;
    for (int u : unused) removed |= u == number;
    int value = 0;
    hipError_t status = hipDeviceGetAttribute(&value, (hipDeviceAttribute_t)number, device);
    expect_error(status, removed ? hipErrorInvalidValue : hipSuccess, "a CUDA-compatible attribute");
  }
  for (int number = hipDeviceAttributeAmdSpecificBegin; number <= hipDeviceAttributeWallClockRate;
       ++number) {
    bool removed = false;
    for (int u : unused) removed |= u == number;
    int value = 0;
    hipError_t status = hipDeviceGetAttribute(&value, (hipDeviceAttribute_t)number, device);
    expect_error(status, removed ? hipErrorInvalidValue : hipSuccess, "an AMD attribute");
  }
  expect(attribute(hipDeviceAttributeWallClockRate, device) > 0, "WallClockRate is 0");
  int value = 0;
  expect_error(hipDeviceGetAttribute(&value, hipDeviceAttributeCudaCompatibleEnd, device),
               hipErrorInvalidValue, "attribute 9999");
  expect_error(hipDeviceGetAttribute(nullptr, hipDeviceAttributeWarpSize, device),
               hipErrorInvalidValue, "attribute into NULL");
  expect(p.computeMode != hipComputeModeProhibited, "a prohibited device was listed");

  // The driver-style queries agree with the properties.
  size_t total = 0;
  CHECK(hipDeviceTotalMem(&total, device));
  expect(total == p.totalGlobalMem, "hipDeviceTotalMem");
  int major = -1, minor = -1;
  CHECK(hipDeviceComputeCapability(&major, &minor, device));
  expect(major == p.major && minor == p.minor, "hipDeviceComputeCapability");
  hipDevice_t handle = -1;
  CHECK(hipDeviceGet(&handle, device));
  expect(handle == device, "hipDeviceGet");
  hipUUID uuid;
  CHECK(hipDeviceGetUuid(&uuid, handle));
  expect(std::memcmp(uuid.bytes, p.uuid.bytes, 16) == 0, "hipDeviceGetUuid");
  char name[256];
  CHECK(hipDeviceGetName(name, sizeof name, device));
  expect(std::strcmp(name, p.name) == 0, "hipDeviceGetName");

  // PCI identity round trip.
  char bus_id[32];
  CHECK(hipDeviceGetPCIBusId(bus_id, sizeof bus_id, device));
  expect(std::strlen(bus_id) == 12 && bus_id[4] == ':' && bus_id[10] == '.', "PCI bus id form");
  int found = -1;
  CHECK(hipDeviceGetByPCIBusId(&found, bus_id));
  char found_id[32];
  CHECK(hipDeviceGetPCIBusId(found_id, sizeof found_id, found));
  expect(std::strcmp(found_id, bus_id) == 0, "hipDeviceGetByPCIBusId");
  expect_error(hipDeviceGetPCIBusId(bus_id, 5, device), hipErrorInvalidValue, "short bus id");
  expect_error(hipDeviceGetByPCIBusId(&found, "not a bus id"), hipErrorInvalidValue, "bad bus id");
  expect_error(hipDeviceGetByPCIBusId(&found, "fffe:fe:1e.0"), hipErrorInvalidDevice,
               "absent bus id");
}

int main() {
  print_device("device_props");
  int count = 0;
  CHECK(hipGetDeviceCount(&count));
  for (int device = 0; device < count; ++device) check_attributes(device);
  int value = 0;
  expect_error(hipDeviceGetAttribute(&value, hipDeviceAttributeWarpSize, count),
               hipErrorInvalidDevice, "attribute of a missing device");
  expect_error(hipDeviceGet(&value, count), hipErrorInvalidDevice, "hipDeviceGet(count)");
  CHECK(hipSetDevice(0));

  // Limits, before any kernel runs (CUDA fixes some of them at the first launch).
  size_t limit = 0;
  CHECK(hipDeviceGetLimit(&limit, hipLimitStackSize));
  expect(limit > 0, "stack size limit");
  CHECK(hipDeviceGetLimit(&limit, hipLimitPrintfFifoSize));
  expect(limit > 0, "printf FIFO limit");
  CHECK(hipDeviceSetLimit(hipLimitMallocHeapSize, 32u << 20));
  CHECK(hipDeviceGetLimit(&limit, hipLimitMallocHeapSize));
  expect(limit >= (32u << 20), "malloc heap limit as set");
  CHECK(hipDeviceSetLimit(hipLimitStackSize, 4096));
  CHECK(hipDeviceGetLimit(&limit, hipLimitStackSize));
  expect(limit >= 4096, "stack size limit as set");
  expect_error(hipDeviceGetLimit(&limit, (hipLimit_t)7), hipErrorUnsupportedLimit, "limit 7");
  expect_error(hipDeviceSetLimit((hipLimit_t)7, 1), hipErrorUnsupportedLimit, "set limit 7");
  expect_error(hipDeviceGetLimit(nullptr, hipLimitStackSize), hipErrorInvalidValue, "limit NULL");

  // Preferences read back as set.
  hipFuncCache_t cache;
  CHECK(hipDeviceSetCacheConfig(hipFuncCachePreferShared));
  CHECK(hipDeviceGetCacheConfig(&cache));
  expect(cache == hipFuncCachePreferShared, "cache config");
  CHECK(hipDeviceSetCacheConfig(hipFuncCachePreferNone));
  expect_error(hipDeviceSetCacheConfig((hipFuncCache_t)9), hipErrorInvalidValue, "cache config 9");
  hipSharedMemConfig banks;
  CHECK(hipDeviceSetSharedMemConfig(hipSharedMemBankSizeEightByte));
  CHECK(hipDeviceGetSharedMemConfig(&banks));
  expect(banks == hipSharedMemBankSizeEightByte, "shared memory config");
  CHECK(hipDeviceSetSharedMemConfig(hipSharedMemBankSizeDefault));
  expect_error(hipDeviceSetSharedMemConfig((hipSharedMemConfig)5), hipErrorInvalidValue,
               "shared memory config 5");
  unsigned flags = 99;
  CHECK(hipSetDeviceFlags(hipDeviceScheduleBlockingSync));
  CHECK(hipGetDeviceFlags(&flags));
  expect((flags & hipDeviceScheduleMask) == hipDeviceScheduleBlockingSync, "device flags");
  expect_error(hipSetDeviceFlags(3), hipErrorInvalidValue, "two schedule modes");
  expect_error(hipSetDeviceFlags(0x100), hipErrorInvalidValue, "unknown device flag");
  expect_error(hipGetDeviceFlags(nullptr), hipErrorInvalidValue, "device flags into NULL");
  CHECK(hipSetDeviceFlags(hipDeviceScheduleAuto));

  // Choosing a device by properties gives one that exists.
  hipDeviceProp_t wanted;
  std::memset(&wanted, 0, sizeof wanted);
  wanted.major = 1;
  int chosen = -1;
  CHECK(hipChooseDevice(&chosen, &wanted));
  expect(chosen >= 0 && chosen < count, "hipChooseDevice");
  expect_error(hipChooseDevice(&chosen, nullptr), hipErrorInvalidValue, "hipChooseDevice(NULL)");

  int least = 0, greatest = 0;
  CHECK(hipDeviceGetStreamPriorityRange(&least, &greatest));
  expect(greatest <= least, "priority range order");

  // Peer access: a device is not its own peer; pairs follow hipDeviceCanAccessPeer.
  int can = -1;
  CHECK(hipDeviceCanAccessPeer(&can, 0, 0));
  expect(can == 0, "a device is its own peer");
  expect_error(hipDeviceCanAccessPeer(&can, 0, count), hipErrorInvalidDevice, "missing peer");
  expect_error(hipDeviceCanAccessPeer(nullptr, 0, 0), hipErrorInvalidValue, "peer into NULL");
  expect_error(hipDeviceEnablePeerAccess(0, 0), hipErrorInvalidDevice, "self peer access");
  expect_error(hipDeviceEnablePeerAccess(count, 0), hipErrorInvalidDevice, "missing peer access");
  expect_error(hipDeviceDisablePeerAccess(0), hipErrorPeerAccessNotEnabled, "disable unenabled");
  for (int peer = 1; peer < count; ++peer) {
    CHECK(hipDeviceCanAccessPeer(&can, 0, peer));
    if (can) {
      expect_error(hipDeviceEnablePeerAccess(peer, 1), hipErrorInvalidValue, "peer flags");
      CHECK(hipDeviceEnablePeerAccess(peer, 0));
      expect_error(hipDeviceEnablePeerAccess(peer, 0), hipErrorPeerAccessAlreadyEnabled,
                   "enable twice");
      CHECK(hipDeviceDisablePeerAccess(peer));
    } else {
      expect_error(hipDeviceEnablePeerAccess(peer, 0), hipErrorPeerAccessUnsupported,
                   "peer without access");
    }
    expect_error(hipDeviceDisablePeerAccess(peer), hipErrorPeerAccessNotEnabled, "disable twice");
    int attribute_value = -1;
    CHECK(hipDeviceGetP2PAttribute(&attribute_value, hipDevP2PAttrAccessSupported, 0, peer));
    expect(attribute_value == can, "hipDevP2PAttrAccessSupported");
  }
  expect_error(hipDeviceGetP2PAttribute(&value, hipDevP2PAttrAccessSupported, 0, 0),
               hipErrorInvalidDevice, "P2P attribute of one device");

  // Peer copies between every device and device 0 (through host memory when one is the CPU).
  const int n = 1000;
  std::vector<int> host(n), back(n);
  for (int i = 0; i < n; ++i) host[i] = i * 3 + 1;
  int* on_zero = nullptr;
  CHECK(hipMalloc(&on_zero, n * sizeof(int)));
  CHECK(hipMemcpy(on_zero, host.data(), n * sizeof(int), hipMemcpyHostToDevice));
  for (int peer = 0; peer < count; ++peer) {
    CHECK(hipSetDevice(peer));
    int* on_peer = nullptr;
    CHECK(hipMalloc(&on_peer, n * sizeof(int)));
    CHECK(hipMemcpyPeer(on_peer, peer, on_zero, 0, n * sizeof(int)));
    std::fill(back.begin(), back.end(), 0);
    CHECK(hipMemcpy(back.data(), on_peer, n * sizeof(int), hipMemcpyDeviceToHost));
    expect(back == host, "hipMemcpyPeer");
    CHECK(hipMemset(on_peer, 0, n * sizeof(int)));
    CHECK(hipMemcpyPeerAsync(on_peer, peer, on_zero, 0, n * sizeof(int), 0));
    CHECK(hipDeviceSynchronize());
    std::fill(back.begin(), back.end(), 0);
    CHECK(hipMemcpy(back.data(), on_peer, n * sizeof(int), hipMemcpyDeviceToHost));
    expect(back == host, "hipMemcpyPeerAsync");
    CHECK(hipFree(on_peer));
  }
  CHECK(hipSetDevice(0));
  expect_error(hipMemcpyPeer(on_zero, count, on_zero, 0, 4), hipErrorInvalidDevice,
               "peer copy to a missing device");
  CHECK(hipFree(on_zero));

  // Versions, the profiler switches, contexts.
  int runtime = 0, driver = -1;
  CHECK(hipRuntimeGetVersion(&runtime));
  CHECK(hipDriverGetVersion(&driver));
  expect(runtime > 0 && driver >= 0, "versions");
  CHECK(hipProfilerStart());
  CHECK(hipProfilerStop());
  hipCtx_t context = nullptr;
  CHECK(hipCtxGetCurrent(&context));
  expect(context != nullptr, "hipCtxGetCurrent");
  hipDevice_t context_device = -1;
  CHECK(hipCtxGetDevice(&context_device));
  expect(context_device == 0, "hipCtxGetDevice");
  CHECK(hipCtxSetCurrent(context));
  CHECK(hipCtxSynchronize());
  hipCtx_t primary = nullptr;
  CHECK(hipDevicePrimaryCtxRetain(&primary, 0));
  expect(primary == context, "the primary context is the current one");
  CHECK(hipDevicePrimaryCtxRelease(0));
  expect_error(hipCtxSetCurrent((hipCtx_t)0x1234), hipErrorInvalidContext, "a bad context");
  expect_error(hipSetValidDevices(nullptr, 0), hipErrorNotSupported, "hipSetValidDevices");
  CHECK(hipDeviceSynchronize());
  return finish("device_props", errors);
}
