// The runtime given what it should refuse: unknown and out-of-range pointers, freed and
// invented handles, overflowing sizes, corrupted code objects. Every case must return the
// error HIP documents for it (and never crash); docs/reliability.md has the table.
// Each line printed is "<case>: ok" or "<case>: got X, expected Y".
#include "check.h"

#include <cstdint>
#include <cstring>
#include <vector>

__global__ void touch(int* data) { data[threadIdx.x] = threadIdx.x; }

static long long errors = 0;
static int cases = 0;

static void expect(const char* name, hipError_t got, hipError_t expected) {
  ++cases;
  std::fflush(stdout);
  if (got == expected) {
    std::printf("  %s: ok\n", name);
  } else {
    std::printf("  %s: got %s, expected %s\n", name, hipGetErrorName(got),
                hipGetErrorName(expected));
    ++errors;
  }
}

// Either of two codes HIP documents for the same call (ROCm and CUDA differ).
static void expect_either(const char* name, hipError_t got, hipError_t first,
                          hipError_t second) {
  expect(name, got == second ? first : got, first);
}

#define EXPECT(call, expected) expect(#call, (call), (expected))

static void put64(std::vector<unsigned char>& bytes, size_t at, uint64_t value) {
  if (bytes.size() < at + 8) bytes.resize(at + 8);
  std::memcpy(bytes.data() + at, &value, 8);
}

// A flat offload bundle header with one entry (hip-abi.md §2.1).
static std::vector<unsigned char> flat_bundle(uint64_t count, uint64_t offset, uint64_t size,
                                              const char* id) {
  std::vector<unsigned char> bytes(24);
  std::memcpy(bytes.data(), "__CLANG_OFFLOAD_BUNDLE__", 24);
  put64(bytes, 24, count);
  put64(bytes, 32, offset);
  put64(bytes, 40, size);
  put64(bytes, 48, std::strlen(id));
  bytes.insert(bytes.end(), id, id + std::strlen(id));
  bytes.resize(bytes.size() + 64, 0);
  return bytes;
}

// A CCOB v3 header (hip-abi.md §2.4) claiming `total` and `uncompressed` bytes.
static std::vector<unsigned char> ccob_v3(uint64_t total, uint64_t uncompressed) {
  std::vector<unsigned char> bytes(32, 0);
  std::memcpy(bytes.data(), "CCOB", 4);
  bytes[4] = 3;  // version 3
  bytes[6] = 1;  // zstd
  put64(bytes, 8, total);
  put64(bytes, 16, uncompressed);
  bytes.resize(bytes.size() + 64, 0);
  return bytes;
}

// An ELF64 header whose section and program header tables lie far outside the file.
static std::vector<unsigned char> wild_elf(uint16_t machine) {
  std::vector<unsigned char> bytes(64, 0);
  std::memcpy(bytes.data(), "\x7f" "ELF", 4);
  bytes[4] = 2;  // ELFCLASS64
  bytes[5] = 1;  // little endian
  bytes[6] = 1;
  bytes[16] = 3;  // ET_DYN
  std::memcpy(bytes.data() + 18, &machine, 2);
  put64(bytes, 0x20, 0x7fffffff0000ull);  // e_phoff
  put64(bytes, 0x28, 0x10000000000ull);   // e_shoff
  uint16_t phentsize = 56, phnum = 4, shentsize = 64, shnum = 9;
  std::memcpy(bytes.data() + 0x36, &phentsize, 2);
  std::memcpy(bytes.data() + 0x38, &phnum, 2);
  std::memcpy(bytes.data() + 0x3a, &shentsize, 2);
  std::memcpy(bytes.data() + 0x3c, &shnum, 2);
  bytes.resize(bytes.size() + 64, 0);
  return bytes;
}

static hipError_t load(const std::vector<unsigned char>& bytes) {
  hipModule_t module = nullptr;
  hipError_t status = hipModuleLoadData(&module, bytes.data());
  if (status == hipSuccess) (void)hipModuleUnload(module);
  return status;
}

int main() {
  print_device("misuse");
  int device_count = 0;
  CHECK(hipGetDeviceCount(&device_count));
  int* device = nullptr;
  CHECK(hipMalloc(&device, 64 * sizeof(int)));
  int host[128] = {};
  void* const bogus = reinterpret_cast<void*>(0x1234);
  const size_t huge = SIZE_MAX;

  std::printf("memory\n");
  EXPECT(hipMemcpy(host, bogus, 16, hipMemcpyDeviceToHost), hipErrorInvalidValue);
  EXPECT(hipMemcpy(bogus, host, 16, hipMemcpyHostToDevice), hipErrorInvalidValue);
  EXPECT(hipMemcpy(device, bogus, 16, hipMemcpyDeviceToDevice), hipErrorInvalidValue);
  EXPECT(hipMemcpy(host, device, 128 * sizeof(int), hipMemcpyDeviceToHost), hipErrorInvalidValue);
  EXPECT(hipMemcpy(device + 60, host, 8 * sizeof(int), hipMemcpyHostToDevice),
         hipErrorInvalidValue);
  EXPECT(hipMemcpy(host, device, huge, hipMemcpyDeviceToHost), hipErrorInvalidValue);
  EXPECT(hipMemcpy(host, device, 16, static_cast<hipMemcpyKind>(42)),
         hipErrorInvalidMemcpyDirection);
  EXPECT(hipMemcpy(nullptr, device, 16, hipMemcpyDeviceToHost), hipErrorInvalidValue);
  EXPECT(hipMemcpyAsync(host, bogus, 16, hipMemcpyDeviceToHost, nullptr), hipErrorInvalidValue);
  EXPECT(hipMemcpyDtoH(host, reinterpret_cast<hipDeviceptr_t>(bogus), 16), hipErrorInvalidValue);
  EXPECT(hipMemcpyHtoD(reinterpret_cast<hipDeviceptr_t>(bogus), host, 16), hipErrorInvalidValue);
  EXPECT(hipMemcpy2D(bogus, 64, host, 64, 16, 2, hipMemcpyHostToDevice), hipErrorInvalidValue);
  EXPECT(hipMemcpy2D(device, 16, host, 64, 32, 2, hipMemcpyHostToDevice),
         hipErrorInvalidPitchValue);
  EXPECT(hipMemcpy2D(device, huge / 2, host, huge / 2, 16, 4, hipMemcpyHostToDevice),
         hipErrorInvalidValue);
  EXPECT(hipMemset(bogus, 0, 16), hipErrorInvalidValue);
  EXPECT(hipMemset(device, 0, 65 * sizeof(int)), hipErrorInvalidValue);
  EXPECT(hipMemsetAsync(bogus, 0, 16, nullptr), hipErrorInvalidValue);
  EXPECT(hipMemsetD32(reinterpret_cast<hipDeviceptr_t>(bogus), 0, 4), hipErrorInvalidValue);
  EXPECT(hipMemsetD32(reinterpret_cast<hipDeviceptr_t>(device), 0, huge / 2),
         hipErrorInvalidValue);
  EXPECT(hipMemset2D(bogus, 64, 0, 16, 2), hipErrorInvalidValue);
  EXPECT(hipMemset3D(make_hipPitchedPtr(device, 64, 16, 1), 0, make_hipExtent(16, 1, huge / 2)),
         hipErrorInvalidValue);
  EXPECT(hipMemcpyPeer(device, 0, bogus, 0, 16), hipErrorInvalidValue);
  EXPECT(hipMemcpyPeer(device, 0, device, device_count, 16), hipErrorInvalidDevice);
  EXPECT(hipFree(bogus), hipErrorInvalidValue);
  EXPECT(hipFree(device + 1), hipErrorInvalidValue);
  EXPECT(hipHostFree(bogus), hipErrorInvalidValue);
  EXPECT(hipMalloc(nullptr, 16), hipErrorInvalidValue);
  {
    void* too_big = nullptr;
    EXPECT(hipMalloc(&too_big, huge), hipErrorOutOfMemory);
    EXPECT(hipHostMalloc(&too_big, huge), hipErrorOutOfMemory);
  }
  {
    int* freed = nullptr;
    CHECK(hipMalloc(&freed, 16));
    CHECK(hipFree(freed));
    EXPECT(hipFree(freed), hipErrorInvalidValue);
    EXPECT(hipMemcpy(host, freed, 16, hipMemcpyDeviceToHost), hipErrorInvalidValue);
  }
  EXPECT(hipHostUnregister(host), hipErrorHostMemoryNotRegistered);
  CHECK(hipHostRegister(host, sizeof host, hipHostRegisterDefault));
  EXPECT(hipHostRegister(host, sizeof host, hipHostRegisterDefault),
         hipErrorHostMemoryAlreadyRegistered);
  CHECK(hipHostUnregister(host));
  {
    hipPointerAttribute_t attributes;
    EXPECT(hipPointerGetAttributes(&attributes, bogus), hipErrorInvalidValue);
    size_t size = 0;
    EXPECT(hipMemPtrGetInfo(bogus, &size), hipErrorInvalidValue);
  }

  std::printf("streams and events\n");
  hipStream_t const bogus_stream = reinterpret_cast<hipStream_t>(0x1234);
  hipEvent_t const bogus_event = reinterpret_cast<hipEvent_t>(0x1234);
  EXPECT(hipStreamCreate(nullptr), hipErrorInvalidValue);
  EXPECT(hipStreamSynchronize(bogus_stream), hipErrorInvalidHandle);
  EXPECT(hipStreamQuery(bogus_stream), hipErrorInvalidHandle);
  EXPECT(hipStreamDestroy(bogus_stream), hipErrorInvalidHandle);
  EXPECT(hipMemcpyAsync(host, device, 16, hipMemcpyDeviceToHost, bogus_stream),
         hipErrorInvalidHandle);
  {
    hipStream_t stream = nullptr;
    CHECK(hipStreamCreate(&stream));
    CHECK(hipStreamDestroy(stream));
    EXPECT(hipStreamDestroy(stream), hipErrorInvalidHandle);
    EXPECT(hipStreamSynchronize(stream), hipErrorInvalidHandle);
  }
  EXPECT(hipStreamWaitEvent(nullptr, bogus_event, 0), hipErrorInvalidHandle);
  EXPECT(hipEventCreate(nullptr), hipErrorInvalidValue);
  EXPECT(hipEventRecord(bogus_event, nullptr), hipErrorInvalidHandle);
  EXPECT(hipEventSynchronize(bogus_event), hipErrorInvalidHandle);
  EXPECT(hipEventQuery(bogus_event), hipErrorInvalidHandle);
  EXPECT(hipEventDestroy(bogus_event), hipErrorInvalidHandle);
  {
    hipEvent_t start = nullptr, stop = nullptr;
    CHECK(hipEventCreate(&start));
    CHECK(hipEventCreate(&stop));
    float ms = 0;
    EXPECT(hipEventElapsedTime(&ms, start, stop), hipErrorInvalidHandle);
    EXPECT(hipEventElapsedTime(nullptr, start, stop), hipErrorInvalidValue);
    CHECK(hipEventDestroy(start));
    CHECK(hipEventDestroy(stop));
    EXPECT(hipEventDestroy(start), hipErrorInvalidHandle);
  }

  std::printf("devices\n");
  EXPECT(hipSetDevice(device_count), hipErrorInvalidDevice);
  EXPECT(hipSetDevice(-1), hipErrorInvalidDevice);
  {
    hipDeviceProp_t props;
    EXPECT(hipGetDeviceProperties(&props, device_count), hipErrorInvalidDevice);
    EXPECT(hipGetDeviceProperties(nullptr, 0), hipErrorInvalidValue);
    int value = 0;
    EXPECT(hipDeviceGetAttribute(&value, static_cast<hipDeviceAttribute_t>(-5), 0),
           hipErrorInvalidValue);
  }
  EXPECT(hipGetDeviceCount(nullptr), hipErrorInvalidValue);

  std::printf("launches\n");
  {
    touch<<<1, 2048>>>(device);
    EXPECT(hipGetLastError(), hipErrorInvalidConfiguration);
    touch<<<0, 32>>>(device);
    EXPECT(hipGetLastError(), hipErrorInvalidConfiguration);
    void* args[] = {&device};
    EXPECT(hipLaunchKernel(bogus, dim3(1), dim3(1), args, 0, nullptr),
           hipErrorInvalidDeviceFunction);
    EXPECT(hipLaunchKernel(reinterpret_cast<const void*>(touch), dim3(1), dim3(32), args, 0,
                           bogus_stream),
           hipErrorInvalidHandle);
  }

  std::printf("modules\n");
  {
    hipModule_t module = nullptr;
    hipFunction_t function = nullptr;
    EXPECT(hipModuleLoad(&module, "/nonexistent/kernels.hipfb"), hipErrorFileNotFound);
    EXPECT(hipModuleLoadData(&module, nullptr), hipErrorInvalidValue);
    EXPECT(hipModuleLoadData(nullptr, "x"), hipErrorInvalidValue);
    EXPECT(load(std::vector<unsigned char>(1, 0)), hipErrorInvalidImage);
    std::vector<unsigned char> garbage(256, 0xa5);
    garbage.push_back(0);
    EXPECT(load(garbage), hipErrorInvalidImage);
    // An entry whose data would lie a terabyte away.
    EXPECT(load(flat_bundle(1, 1ull << 40, 4096, "hipv4-x86_64-unknown-linux-gnu--host")),
           hipErrorInvalidImage);
    // An entry count far beyond what follows.
    EXPECT(load(flat_bundle(1ull << 40, 4096, 16, "host-x86_64-unknown-linux-gnu-")),
           hipErrorInvalidImage);
    // A size whose end overflows.
    EXPECT(load(flat_bundle(1, 4096, ~0ull - 100, "hipv4-x86_64-unknown-linux-gnu--host")),
           hipErrorInvalidImage);
    // A compressed bundle claiming a terabyte of data, and one claiming less than its header.
    EXPECT(load(ccob_v3(1ull << 40, 1ull << 40)), hipErrorInvalidImage);
    EXPECT(load(ccob_v3(8, 64)), hipErrorInvalidImage);
    // ELF files whose header tables lie outside any memory.
    EXPECT(load(wild_elf(62)), hipErrorInvalidImage);
    EXPECT(load(wild_elf(190)), hipErrorInvalidImage);
    // An NVIDIA fatbinary header claiming a terabyte.
    {
      std::vector<unsigned char> fatbin = {0x50, 0xed, 0x55, 0xba, 1, 0, 16, 0};
      put64(fatbin, 8, 1ull << 40);
      fatbin.resize(64, 0);
      EXPECT(load(fatbin), hipErrorInvalidImage);
    }
    hipModule_t const bogus_module = reinterpret_cast<hipModule_t>(0x1234);
    hipFunction_t const bogus_function = reinterpret_cast<hipFunction_t>(0x1234);
    expect_either("hipModuleGetFunction(&function, bogus_module, \"k\")",
                  hipModuleGetFunction(&function, bogus_module, "k"), hipErrorInvalidHandle,
                  hipErrorInvalidValue);
    expect_either("hipModuleUnload(bogus_module)", hipModuleUnload(bogus_module),
                  hipErrorInvalidHandle, hipErrorInvalidValue);
    void* args[] = {&device};
    expect_either("hipModuleLaunchKernel(bogus_function, ...)",
                  hipModuleLaunchKernel(bogus_function, 1, 1, 1, 1, 1, 1, 0, nullptr, args,
                                        nullptr),
                  hipErrorInvalidHandle, hipErrorInvalidResourceHandle);
  }

  std::printf("graphs\n");
  {
    hipGraph_t graph = nullptr;
    hipGraphExec_t exec = nullptr;
    hipGraphNode_t node = nullptr;
    EXPECT(hipGraphCreate(nullptr, 0), hipErrorInvalidValue);
    EXPECT(hipGraphInstantiate(&exec, nullptr, nullptr, nullptr, 0), hipErrorInvalidValue);
    EXPECT(hipGraphDestroy(reinterpret_cast<hipGraph_t>(0x1234)), hipErrorInvalidValue);
    EXPECT(hipGraphLaunch(reinterpret_cast<hipGraphExec_t>(0x1234), nullptr),
           hipErrorInvalidValue);
    EXPECT(hipGraphExecDestroy(reinterpret_cast<hipGraphExec_t>(0x1234)), hipErrorInvalidValue);
    CHECK(hipGraphCreate(&graph, 0));
    EXPECT(hipGraphAddMemcpyNode1D(&node, graph, nullptr, 0, host, bogus, 16,
                                   hipMemcpyDeviceToHost),
           hipErrorInvalidValue);
    EXPECT(hipGraphAddMemsetNode(&node, graph, nullptr, 0, nullptr), hipErrorInvalidValue);
    CHECK(hipGraphDestroy(graph));
    EXPECT(hipGraphDestroy(graph), hipErrorInvalidValue);
  }

  // The device still works after all of that (the last misuse's error cleared first).
  (void)hipGetLastError();
  touch<<<1, 64>>>(device);
  CHECK_LAUNCH();
  CHECK(hipMemcpy(host, device, 64 * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i)
    if (host[i] != i) ++errors;
  CHECK(hipFree(device));
  std::printf("misuse: %d cases\n", cases);
  return finish("misuse", errors);
}
