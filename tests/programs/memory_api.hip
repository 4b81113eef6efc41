// The memory API: pitched and 3D allocations and copies, 2D/3D and typed fills, driver-style
// copies, symbol copies on streams (by address and by name), mapped and registered host
// memory, pointer queries, managed-memory advice and prefetching, stream-ordered allocation
// and memory pools, with the exact errors of misuse.
#include "check.h"
#include <cstdint>
#include <cstring>
#include <vector>

static long long errors = 0;

static void expect(bool ok, const char* what) {
  if (!ok) {
    std::printf("memory_api: %s\n", what);
    ++errors;
  }
}

static void expect_error(hipError_t got, hipError_t want, const char* what) {
  if (got != want) {
    std::printf("memory_api: %s: got %s, want %s\n", what, hipGetErrorName(got),
                hipGetErrorName(want));
    ++errors;
  }
  (void)hipGetLastError();
}

__device__ int table[64];

// Marks every element of a pitched 2D array with its coordinates.
__global__ void mark_2d(char* base, size_t pitch, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (x < width && y < height) base[y * pitch + x] = (char)(x * 7 + y * 3);
}

__global__ void fill_ints(int* out, int n, int base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = base + i;
}

__global__ void add_to(int* data, int n, int amount) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += amount;
}

static void pitched_memory() {
  const int width = 1000, height = 37;
  char* device = nullptr;
  size_t pitch = 0;
  CHECK(hipMallocPitch((void**)&device, &pitch, width, height));
  expect(device != nullptr && pitch >= (size_t)width, "hipMallocPitch pitch");
  mark_2d<<<dim3((width + 255) / 256, height), 256>>>(device, pitch, width, height);
  CHECK_LAUNCH();
  std::vector<char> host(width * height, 0);
  CHECK(hipMemcpy2D(host.data(), width, device, pitch, width, height, hipMemcpyDeviceToHost));
  long long bad = 0;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) bad += host[y * width + x] != (char)(x * 7 + y * 3);
  expect(bad == 0, "hipMemcpy2D device to host");

  // A 2D fill of a sub-rectangle, then an asynchronous 2D copy of the whole array.
  CHECK(hipMemset2D(device + pitch * 2 + 10, pitch, 0x5a, 100, 5));
  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));
  CHECK(hipMemcpy2DAsync(host.data(), width, device, pitch, width, height,
                         hipMemcpyDeviceToHost, stream));
  CHECK(hipStreamSynchronize(stream));
  bad = 0;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      bool filled = y >= 2 && y < 7 && x >= 10 && x < 110;
      char want = filled ? (char)0x5a : (char)(x * 7 + y * 3);
      bad += host[y * width + x] != want;
    }
  expect(bad == 0, "hipMemset2D / hipMemcpy2DAsync");
  CHECK(hipMemset2DAsync(device, pitch, 1, width, height, stream));
  CHECK(hipMemcpy2D(host.data(), width, device, pitch, width, height, hipMemcpyDefault));
  bad = 0;
  for (char c : host) bad += c != 1;
  expect(bad == 0, "hipMemset2DAsync");

  // hipMemcpyParam2D: a 20x4 block from host (at x 5, row 1) to device (at x 30, row 2).
  std::vector<char> source(64 * 8);
  for (size_t i = 0; i < source.size(); ++i) source[i] = (char)(i % 127);
  hip_Memcpy2D copy;
  std::memset(&copy, 0, sizeof copy);
  copy.srcMemoryType = hipMemoryTypeHost;
  copy.srcHost = source.data();
  copy.srcPitch = 64;
  copy.srcXInBytes = 5;
  copy.srcY = 1;
  copy.dstMemoryType = hipMemoryTypeDevice;
  copy.dstDevice = device;
  copy.dstPitch = pitch;
  copy.dstXInBytes = 30;
  copy.dstY = 2;
  copy.WidthInBytes = 20;
  copy.Height = 4;
  CHECK(hipMemcpyParam2D(&copy));
  CHECK(hipMemcpy2D(host.data(), width, device, pitch, width, height, hipMemcpyDeviceToHost));
  bad = 0;
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 20; ++x) bad += host[(y + 2) * width + 30 + x] != source[(y + 1) * 64 + 5 + x];
  expect(bad == 0, "hipMemcpyParam2D");

  expect_error(hipMemcpy2D(host.data(), 10, device, pitch, 20, 2, hipMemcpyDeviceToHost),
               hipErrorInvalidPitchValue, "hipMemcpy2D wider than the destination pitch");
  expect_error(hipMemcpy2D(host.data(), width, device, pitch, width, 2, (hipMemcpyKind)9),
               hipErrorInvalidMemcpyDirection, "hipMemcpy2D kind 9");
  expect_error(hipMemcpy2D(nullptr, width, device, pitch, width, 2, hipMemcpyDeviceToHost),
               hipErrorInvalidValue, "hipMemcpy2D to NULL");
  expect_error(hipMallocPitch(nullptr, &pitch, 10, 10), hipErrorInvalidValue,
               "hipMallocPitch(NULL)");
  void* empty = (void*)1;
  CHECK(hipMallocPitch(&empty, &pitch, 0, 10));
  expect(empty == nullptr, "a zero-width pitched allocation is NULL");
  CHECK(hipStreamDestroy(stream));
  CHECK(hipFree(device));
}

static void three_d() {
  // A 40-byte x 6-row x 5-slice box.
  const size_t w = 40, h = 6, d = 5;
  hipPitchedPtr box;
  CHECK(hipMalloc3D(&box, make_hipExtent(w, h, d)));
  expect(box.ptr != nullptr && box.pitch >= w && box.xsize == w && box.ysize == h, "hipMalloc3D");
  CHECK(hipMemset3D(box, 0, make_hipExtent(w, h, d)));
  std::vector<unsigned char> host(w * h * d);
  for (size_t i = 0; i < host.size(); ++i) host[i] = (unsigned char)(i * 13 + 1);
  hipMemcpy3DParms up;
  std::memset(&up, 0, sizeof up);
  up.srcPtr = make_hipPitchedPtr(host.data(), w, w, h);
  up.dstPtr = box;
  up.extent = make_hipExtent(w, h, d);
  up.kind = hipMemcpyHostToDevice;
  CHECK(hipMemcpy3D(&up));
  // Back: the inner box from (x 4, y 1, z 2), 10 x 3 x 2, into a fresh host box.
  std::vector<unsigned char> back(10 * 3 * 2, 0);
  hipMemcpy3DParms down;
  std::memset(&down, 0, sizeof down);
  down.srcPtr = box;
  down.srcPos = make_hipPos(4, 1, 2);
  down.dstPtr = make_hipPitchedPtr(back.data(), 10, 10, 3);
  down.extent = make_hipExtent(10, 3, 2);
  down.kind = hipMemcpyDeviceToHost;
  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));
  CHECK(hipMemcpy3DAsync(&down, stream));
  CHECK(hipStreamSynchronize(stream));
  long long bad = 0;
  for (size_t z = 0; z < 2; ++z)
    for (size_t y = 0; y < 3; ++y)
      for (size_t x = 0; x < 10; ++x)
        bad += back[(z * 3 + y) * 10 + x] != host[((z + 2) * h + y + 1) * w + x + 4];
  expect(bad == 0, "hipMemcpy3D round trip");
  // A 3D fill of the same inner box.
  hipPitchedPtr inner = box;
  inner.ptr = (char*)box.ptr + (2 * h + 1) * box.pitch + 4;
  CHECK(hipMemset3DAsync(inner, 0x77, make_hipExtent(10, 3, 2), stream));
  CHECK(hipMemcpy3DAsync(&down, stream));
  CHECK(hipStreamSynchronize(stream));
  bad = 0;
  for (unsigned char c : back) bad += c != 0x77;
  expect(bad == 0, "hipMemset3D");

  hipMemcpy3DParms with_array = up;
  with_array.dstArray = (hipArray_t)0x1000;
  expect_error(hipMemcpy3D(&with_array), hipErrorNotSupported, "hipMemcpy3D to a hipArray");
  expect_error(hipMemcpy3D(nullptr), hipErrorInvalidValue, "hipMemcpy3D(NULL)");
  hipMemcpy3DParms too_wide = up;
  too_wide.extent.width = box.pitch + 1;
  too_wide.srcPtr.pitch = box.pitch + 1;
  expect_error(hipMemcpy3D(&too_wide), hipErrorInvalidPitchValue, "hipMemcpy3D past the pitch");
  CHECK(hipStreamDestroy(stream));
  CHECK(hipFree(box.ptr));
}

static void fills_and_driver_copies() {
  const int n = 1031;
  void* device = nullptr;
  CHECK(hipMalloc(&device, n * sizeof(uint32_t)));
  std::vector<uint32_t> words(n);
  CHECK(hipMemsetD32(device, 0x12345678, n));
  CHECK(hipMemcpyDtoH(words.data(), device, n * sizeof(uint32_t)));
  long long bad = 0;
  for (uint32_t w : words) bad += w != 0x12345678u;
  expect(bad == 0, "hipMemsetD32");
  CHECK(hipMemsetD16(device, 0xbeef, 2 * n - 1));
  CHECK(hipMemcpyDtoH(words.data(), device, n * sizeof(uint32_t)));
  const uint16_t* halves = (const uint16_t*)words.data();
  bad = 0;
  for (int i = 0; i < 2 * n - 1; ++i) bad += halves[i] != 0xbeef;
  bad += halves[2 * n - 1] != 0x1234;  // the last half is the old word's high half
  expect(bad == 0, "hipMemsetD16");
  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));
  CHECK(hipMemsetD8Async(device, 0xab, 3, stream));
  CHECK(hipMemsetD32Async((char*)device + 4, 7, n - 1, stream));
  CHECK(hipMemsetD16Async((char*)device + 4, 9, 1, stream));
  CHECK(hipMemcpyDtoHAsync(words.data(), device, n * sizeof(uint32_t), stream));
  CHECK(hipStreamSynchronize(stream));
  expect((words[0] & 0xffffff) == 0xababab, "hipMemsetD8Async");
  expect(words[1] == 0x00000009, "hipMemsetD16Async over a word");
  bad = 0;
  for (int i = 2; i < n; ++i) bad += words[i] != 7;
  expect(bad == 0, "hipMemsetD32Async");

  // The driver-style copies, and hipMemcpyWithStream.
  std::vector<uint32_t> source(n), result(n, 0);
  for (int i = 0; i < n; ++i) source[i] = i * 2654435761u;
  void* other = nullptr;
  CHECK(hipMalloc(&other, n * sizeof(uint32_t)));
  CHECK(hipMemcpyHtoD(device, source.data(), n * sizeof(uint32_t)));
  CHECK(hipMemcpyDtoD(other, device, n * sizeof(uint32_t)));
  CHECK(hipMemcpyDtoH(result.data(), other, n * sizeof(uint32_t)));
  expect(result == source, "hipMemcpyHtoD/DtoD/DtoH");
  CHECK(hipMemsetD32Async(other, 0, n, stream));
  CHECK(hipMemcpyHtoDAsync(device, source.data(), n * sizeof(uint32_t), stream));
  CHECK(hipMemcpyDtoDAsync(other, device, n * sizeof(uint32_t), stream));
  std::fill(result.begin(), result.end(), 0);
  CHECK(hipMemcpyWithStream(result.data(), other, n * sizeof(uint32_t), hipMemcpyDeviceToHost,
                            stream));
  expect(result == source, "the asynchronous driver-style copies and hipMemcpyWithStream");
  expect_error(hipMemsetD32(nullptr, 0, 4), hipErrorInvalidValue, "hipMemsetD32(NULL)");
  CHECK(hipMemsetD32(nullptr, 0, 0));

  // Symbols on a stream, by address and by name.
  int values[64], read_back[64];
  for (int i = 0; i < 64; ++i) values[i] = 100 - i;
  CHECK(hipMemcpyToSymbolAsync(HIP_SYMBOL(table), values, sizeof values, 0, hipMemcpyHostToDevice,
                               stream));
  CHECK(hipMemcpyFromSymbolAsync(read_back, HIP_SYMBOL(table), 32 * sizeof(int),
                                 32 * sizeof(int), hipMemcpyDeviceToHost, stream));
  CHECK(hipStreamSynchronize(stream));
  expect(std::memcmp(read_back, values + 32, 32 * sizeof(int)) == 0, "symbol copies on a stream");
  CHECK(hipMemcpyToSymbol(table, values + 1, sizeof(int)));  // by name: the C++ overload
  CHECK(hipMemcpyFromSymbol(read_back, table, sizeof(int)));
  expect(read_back[0] == values[1], "symbol copies by name");
  void* by_name = nullptr;
  void* by_address = nullptr;
  CHECK(hipGetSymbolAddress(&by_name, table));
  CHECK(hipGetSymbolAddress(&by_address, HIP_SYMBOL(table)));
  expect(by_name != nullptr && by_name == by_address, "hipGetSymbolAddress by name and address");
  size_t symbol_size = 0;
  CHECK(hipGetSymbolSize(&symbol_size, table));
  expect(symbol_size == sizeof table, "hipGetSymbolSize by name");
  expect_error(hipMemcpyToSymbolAsync(HIP_SYMBOL(table), values, sizeof values, 8,
                                      hipMemcpyHostToDevice, stream),
               hipErrorInvalidValue, "symbol copy past the end");
  CHECK(hipStreamDestroy(stream));
  CHECK(hipFree(device));
  CHECK(hipFree(other));
}

static void host_memory() {
  const int n = 4096;
  int* host = nullptr;
  CHECK(hipHostMalloc(&host, n * sizeof(int), hipHostMallocMapped | hipHostMallocPortable));
  unsigned flags = 0;
  CHECK(hipHostGetFlags(&flags, host));
  expect((flags & (hipHostMallocMapped | hipHostMallocPortable)) ==
             (hipHostMallocMapped | hipHostMallocPortable),
         "hipHostGetFlags");
  int* mapped = nullptr;
  CHECK(hipHostGetDevicePointer((void**)&mapped, host, 0));
  fill_ints<<<(n + 255) / 256, 256>>>(mapped, n, 11);
  CHECK_LAUNCH();
  long long bad = 0;
  for (int i = 0; i < n; ++i) bad += host[i] != 11 + i;
  expect(bad == 0, "a kernel writes mapped pinned memory");

  hipPointerAttribute_t attributes;
  CHECK(hipPointerGetAttributes(&attributes, host));
  expect(attributes.type == hipMemoryTypeHost && attributes.hostPointer == host,
         "pointer attributes of pinned memory");
  expect_error(hipHostGetDevicePointer((void**)&mapped, host, 1), hipErrorInvalidValue,
               "hipHostGetDevicePointer flags");
  expect_error(hipHostMalloc((void**)&mapped, 64, hipHostMallocCoherent | hipHostMallocNonCoherent),
               hipErrorInvalidValue, "coherent and non-coherent");
  expect_error(hipHostMalloc((void**)&mapped, 64, 0x100), hipErrorInvalidValue,
               "an unknown hipHostMalloc flag");
  int local[4] = {0, 0, 0, 0};
  expect_error(hipHostGetFlags(&flags, local), hipErrorInvalidValue, "flags of pageable memory");
  expect_error(hipPointerGetAttributes(&attributes, local), hipErrorInvalidValue,
               "attributes of pageable memory");
  expect_error(hipPointerGetAttributes(&attributes, nullptr), hipErrorInvalidValue,
               "attributes of NULL");
  CHECK(hipHostFree(host));

  // Registering the program's own memory.
  const size_t bytes = 1 << 16;
  int* own = (int*)std::aligned_alloc(4096, bytes);
  std::memset(own, 0, bytes);
  CHECK(hipHostRegister(own, bytes, hipHostRegisterMapped));
  expect_error(hipHostRegister(own, bytes, hipHostRegisterMapped),
               hipErrorHostMemoryAlreadyRegistered, "registering twice");
  int* own_device = nullptr;
  CHECK(hipHostGetDevicePointer((void**)&own_device, own, 0));
  fill_ints<<<(n + 255) / 256, 256>>>(own_device, n, -5);
  CHECK_LAUNCH();
  bad = 0;
  for (int i = 0; i < n; ++i) bad += own[i] != i - 5;
  expect(bad == 0, "a kernel writes registered memory");
  CHECK(hipPointerGetAttributes(&attributes, own));
  expect(attributes.type == hipMemoryTypeHost, "registered memory is host memory");
  CHECK(hipHostUnregister(own));
  expect_error(hipHostUnregister(own), hipErrorHostMemoryNotRegistered, "unregistering twice");
  expect_error(hipHostRegister(nullptr, bytes, 0), hipErrorInvalidValue, "registering NULL");
  expect_error(hipHostRegister(own, bytes, 0x40), hipErrorInvalidValue, "a bad register flag");
  std::free(own);

  int* more = nullptr;
  CHECK(hipMemAllocHost((void**)&more, 64));
  CHECK(hipHostFree(more));
  CHECK(hipHostAlloc(&more, 64, hipHostAllocDefault));
  CHECK(hipHostFree(more));
}

static void pointer_queries() {
  int device = 0;
  CHECK(hipGetDevice(&device));
  char* memory = nullptr;
  CHECK(hipMalloc(&memory, 1000));
  hipPointerAttribute_t attributes;
  CHECK(hipPointerGetAttributes(&attributes, memory + 100));
  expect(attributes.type == hipMemoryTypeDevice, "device memory type");
  expect(attributes.device == device, "device memory's device");
  expect(attributes.devicePointer == memory + 100, "an interior device pointer");
  expect(attributes.isManaged == 0, "device memory is not managed");
  size_t size = 0;
  CHECK(hipMemPtrGetInfo(memory, &size));
  expect(size >= 1000, "hipMemPtrGetInfo");
  hipDeviceptr_t base = nullptr;
  CHECK(hipMemGetAddressRange(&base, &size, memory + 10));
  expect(base == memory && size >= 1000, "hipMemGetAddressRange");

  char* managed = nullptr;
  CHECK(hipMallocManaged(&managed, 4096));
  CHECK(hipPointerGetAttributes(&attributes, managed));
  expect(attributes.type == hipMemoryTypeManaged && attributes.isManaged == 1, "managed memory");
  CHECK(hipFree(managed));
  CHECK(hipFree(memory));

  size_t free_bytes = 0, total = 0;
  CHECK(hipMemGetInfo(&free_bytes, &total));
  expect(total > 0 && free_bytes <= total, "hipMemGetInfo");
  void* fine = nullptr;
  CHECK(hipExtMallocWithFlags(&fine, 256, hipDeviceMallocFinegrained));
  CHECK(hipFree(fine));
  expect_error(hipExtMallocWithFlags(&fine, 256, 9), hipErrorInvalidValue,
               "hipExtMallocWithFlags flags");
}

static void managed_memory() {
  int device = 0;
  CHECK(hipGetDevice(&device));
  const int n = 1 << 14;
  int* data = nullptr;
  CHECK(hipMallocManaged(&data, n * sizeof(int)));
  for (int i = 0; i < n; ++i) data[i] = i;
  const size_t bytes = n * sizeof(int);
  CHECK(hipMemAdvise(data, bytes, hipMemAdviseSetReadMostly, device));
  int value = -7;
  CHECK(hipMemRangeGetAttribute(&value, sizeof value, hipMemRangeAttributeReadMostly, data, bytes));
  expect(value == 1, "ReadMostly after the advice");
  CHECK(hipMemAdvise(data, bytes, hipMemAdviseUnsetReadMostly, device));
  CHECK(hipMemRangeGetAttribute(&value, sizeof value, hipMemRangeAttributeReadMostly, data, bytes));
  expect(value == 0, "ReadMostly after unsetting it");
  CHECK(hipMemAdvise(data, bytes, hipMemAdviseSetPreferredLocation, device));
  CHECK(hipMemRangeGetAttribute(&value, sizeof value, hipMemRangeAttributePreferredLocation, data,
                                bytes));
  expect(value == device, "PreferredLocation");
  CHECK(hipMemAdvise(data, bytes, hipMemAdviseSetAccessedBy, device));
  int accessed[4] = {-9, -9, -9, -9};
  CHECK(hipMemRangeGetAttribute(accessed, sizeof accessed, hipMemRangeAttributeAccessedBy, data,
                                bytes));
  bool listed = false;
  for (int a : accessed) listed |= a == device;
  expect(listed && accessed[3] == hipInvalidDeviceId, "AccessedBy");

  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));
  CHECK(hipMemPrefetchAsync(data, bytes, device, stream));
  add_to<<<(n + 255) / 256, 256, 0, stream>>>(data, n, 5);
  CHECK(hipStreamSynchronize(stream));
  CHECK(hipMemRangeGetAttribute(&value, sizeof value, hipMemRangeAttributeLastPrefetchLocation,
                                data, bytes));
  expect(value == device, "LastPrefetchLocation after a prefetch to the device");
  CHECK(hipMemPrefetchAsync(data, bytes, hipCpuDeviceId, stream));
  CHECK(hipStreamSynchronize(stream));
  CHECK(hipMemRangeGetAttribute(&value, sizeof value, hipMemRangeAttributeLastPrefetchLocation,
                                data, bytes));
  expect(value == hipCpuDeviceId, "LastPrefetchLocation after a prefetch to the host");
  long long bad = 0;
  for (int i = 0; i < n; ++i) bad += data[i] != i + 5;
  expect(bad == 0, "a kernel on prefetched managed memory");
  CHECK(hipStreamAttachMemAsync(stream, data, 0, hipMemAttachSingle));
  expect_error(hipStreamAttachMemAsync(stream, data, 0, 3), hipErrorInvalidValue,
               "hipStreamAttachMemAsync flags");

  int* plain = nullptr;
  CHECK(hipMalloc(&plain, 4096));
  expect_error(hipMemAdvise(plain, 4096, hipMemAdviseSetReadMostly, device), hipErrorInvalidValue,
               "advice on device memory");
  expect_error(hipMemAdvise(data, bytes, (hipMemoryAdvise)42, device), hipErrorInvalidValue,
               "advice 42");
  expect_error(hipMemAdvise(nullptr, bytes, hipMemAdviseSetReadMostly, device),
               hipErrorInvalidValue, "advice on NULL");
  expect_error(hipMemRangeGetAttribute(&value, 2, hipMemRangeAttributeReadMostly, data, bytes),
               hipErrorInvalidValue, "a range attribute into 2 bytes");
  expect_error(hipMemPrefetchAsync(data, bytes, 12345, stream), hipErrorInvalidDevice,
               "prefetch to a missing device");
  CHECK(hipFree(plain));
  CHECK(hipStreamDestroy(stream));
  CHECK(hipFree(data));
}

static uint64_t pool_value(hipMemPool_t pool, hipMemPoolAttr attribute) {
  uint64_t value = 12345;
  CHECK(hipMemPoolGetAttribute(pool, attribute, &value));
  return value;
}

static void stream_ordered_allocation() {
  int device = 0;
  CHECK(hipGetDevice(&device));
  hipMemPool_t pool = nullptr, current = nullptr;
  CHECK(hipDeviceGetDefaultMemPool(&pool, device));
  CHECK(hipDeviceGetMemPool(&current, device));
  expect(pool != nullptr && pool == current, "the default pool is the current one");
  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));
  const int n = 5000;
  int* data = nullptr;
  CHECK(hipMallocAsync(&data, n * sizeof(int), stream));
  expect(pool_value(pool, hipMemPoolAttrUsedMemCurrent) >= n * sizeof(int), "UsedMemCurrent");
  fill_ints<<<(n + 255) / 256, 256, 0, stream>>>(data, n, 3);
  std::vector<int> host(n);
  CHECK(hipMemcpyAsync(host.data(), data, n * sizeof(int), hipMemcpyDeviceToHost, stream));
  CHECK(hipFreeAsync(data, stream));
  CHECK(hipStreamSynchronize(stream));
  long long bad = 0;
  for (int i = 0; i < n; ++i) bad += host[i] != 3 + i;
  expect(bad == 0, "memory from hipMallocAsync");
  expect(pool_value(pool, hipMemPoolAttrUsedMemCurrent) == 0, "UsedMemCurrent after the free");
  // With the default release threshold (0) the freed block went back at the synchronisation.
  expect(pool_value(pool, hipMemPoolAttrReservedMemCurrent) == 0, "released at synchronisation");

  // A high threshold keeps freed blocks for reuse.
  uint64_t threshold = UINT64_MAX;
  CHECK(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &threshold));
  expect(pool_value(pool, hipMemPoolAttrReleaseThreshold) == UINT64_MAX, "ReleaseThreshold");
  int* first = nullptr;
  CHECK(hipMallocAsync(&first, 4096, stream));
  CHECK(hipFreeAsync(first, stream));
  CHECK(hipStreamSynchronize(stream));
  expect(pool_value(pool, hipMemPoolAttrReservedMemCurrent) >= 4096, "kept above the threshold");
  int* second = nullptr;
  CHECK(hipMallocAsync(&second, 4000, stream));
  expect(second == first, "a freed block is reused");
  CHECK(hipFreeAsync(second, stream));
  CHECK(hipStreamSynchronize(stream));
  CHECK(hipMemPoolTrimTo(pool, 0));
  expect(pool_value(pool, hipMemPoolAttrReservedMemCurrent) == 0, "hipMemPoolTrimTo");
  expect(pool_value(pool, hipMemPoolAttrUsedMemHigh) >= n * sizeof(int), "UsedMemHigh");
  uint64_t zero = 0;
  CHECK(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemHigh, &zero));
  expect(pool_value(pool, hipMemPoolAttrUsedMemHigh) == 0, "resetting UsedMemHigh");
  expect_error(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemCurrent, &zero),
               hipErrorInvalidValue, "setting a read-only pool attribute");
  CHECK(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &zero));
  int reuse = -1;
  CHECK(hipMemPoolGetAttribute(pool, hipMemPoolReuseAllowOpportunistic, &reuse));
  expect(reuse == 0 || reuse == 1, "a reuse switch");

  // An explicit pool.
  hipMemPoolProps props;
  std::memset(&props, 0, sizeof props);
  props.allocType = hipMemAllocationTypePinned;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = device;
  hipMemPool_t own = nullptr;
  CHECK(hipMemPoolCreate(&own, &props));
  int* from_pool = nullptr;
  CHECK(hipMallocFromPoolAsync((void**)&from_pool, 256 * sizeof(int), own, stream));
  fill_ints<<<1, 256, 0, stream>>>(from_pool, 256, 40);
  CHECK(hipMemcpyAsync(host.data(), from_pool, 256 * sizeof(int), hipMemcpyDeviceToHost, stream));
  CHECK(hipFreeAsync(from_pool, stream));
  CHECK(hipStreamSynchronize(stream));
  expect(host[255] == 295, "memory from an explicit pool");
  CHECK(hipDeviceSetMemPool(device, own));
  CHECK(hipDeviceGetMemPool(&current, device));
  expect(current == own, "hipDeviceSetMemPool");
  CHECK(hipMallocAsync(&from_pool, 64, own, stream));  // the C++ pool overload
  CHECK(hipFreeAsync(from_pool, stream));
  CHECK(hipStreamSynchronize(stream));
  CHECK(hipDeviceSetMemPool(device, pool));
  hipMemAccessDesc access;
  access.location = props.location;
  access.flags = hipMemAccessFlagsProtReadWrite;
  CHECK(hipMemPoolSetAccess(own, &access, 1));
  hipMemAccessFlags granted = hipMemAccessFlagsProtNone;
  CHECK(hipMemPoolGetAccess(&granted, own, &props.location));
  expect(granted == hipMemAccessFlagsProtReadWrite, "the owner's pool access");
  CHECK(hipMemPoolDestroy(own));
  expect_error(hipMemPoolDestroy(pool), hipErrorInvalidValue, "destroying a default pool");
  expect_error(hipMemPoolTrimTo(own, 0), hipErrorInvalidValue, "a destroyed pool");
  props.handleTypes = hipMemHandleTypePosixFileDescriptor;
  expect_error(hipMemPoolCreate(&own, &props), hipErrorNotSupported, "a pool with export handles");
  props.handleTypes = hipMemHandleTypeNone;
  props.allocType = hipMemAllocationTypeInvalid;
  expect_error(hipMemPoolCreate(&own, &props), hipErrorInvalidValue, "an invalid pool type");
  expect_error(hipMallocAsync((void**)nullptr, 64, stream), hipErrorInvalidValue,
               "hipMallocAsync(NULL)");
  CHECK(hipStreamDestroy(stream));
}

int main() {
  print_device("memory_api");
  pitched_memory();
  three_d();
  fills_and_driver_copies();
  host_memory();
  pointer_queries();
  managed_memory();
  stream_ordered_allocation();
  CHECK(hipDeviceSynchronize());
  return finish("memory_api", errors);
}
