// Occupancy and kernel attributes: blocks per multiprocessor, the best block size (fixed and
// per-block dynamic shared memory, C and C++ forms, module forms), hipFuncGetAttributes and
// hipFuncGetAttribute, and a launch with more than 48 KiB of dynamic shared memory after
// hipFuncSetAttribute, with the errors of misuse. Every expectation is relative to what the
// device reports.
#include "check.h"
#include <vector>

static long long errors = 0;

static void expect(bool ok, const char* what) {
  if (!ok) {
    std::printf("occupancy: %s\n", what);
    ++errors;
  }
}

static void expect_error(hipError_t got, hipError_t want, const char* what) {
  if (got != want) {
    std::printf("occupancy: %s: got %s, want %s\n", what, hipGetErrorName(got),
                hipGetErrorName(want));
    ++errors;
  }
  (void)hipGetLastError();
}

__global__ void triple(float* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= 3.0f;
}

// Fills `words` ints of dynamic shared memory, then reads them back in reverse.
__global__ void reverse_through_shared(int* out, int words) {
  extern __shared__ int buffer[];
  for (int i = threadIdx.x; i < words; i += blockDim.x) buffer[i] = i * 5 + 1;
  __syncthreads();
  for (int i = threadIdx.x; i < words; i += blockDim.x) out[i] = buffer[words - 1 - i];
}

static int attribute(hipDeviceAttribute_t which) {
  int device = 0, value = 0;
  CHECK(hipGetDevice(&device));
  CHECK(hipDeviceGetAttribute(&value, which, device));
  return value;
}

int main() {
  print_device("occupancy");
  const int warp = attribute(hipDeviceAttributeWarpSize);
  const int per_mp = attribute(hipDeviceAttributeMaxThreadsPerMultiProcessor);
  const int blocks_per_mp = attribute(hipDeviceAttributeMaxBlocksPerMultiProcessor);
  const int mps = attribute(hipDeviceAttributeMultiprocessorCount);
  const int max_block = attribute(hipDeviceAttributeMaxThreadsPerBlock);

  hipFuncAttributes attributes;
  CHECK(hipFuncGetAttributes(&attributes, (const void*)triple));
  expect(attributes.maxThreadsPerBlock > 0 && attributes.maxThreadsPerBlock <= max_block,
         "maxThreadsPerBlock");
  expect(attributes.numRegs >= 0 && attributes.maxDynamicSharedSizeBytes >= 0,
         "registers and dynamic shared size");
  hipFuncAttributes by_name;
  CHECK(hipFuncGetAttributes(&by_name, triple));  // the C++ overload
  expect(by_name.maxThreadsPerBlock == attributes.maxThreadsPerBlock, "attributes by name");
  hipFunction_t function = nullptr;
  CHECK(hipGetFuncBySymbol(&function, (const void*)triple));
  int value = -1;
  CHECK(hipFuncGetAttribute(&value, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, function));
  expect(value == attributes.maxThreadsPerBlock, "hipFuncGetAttribute");
  CHECK(hipFuncGetAttribute(&value, HIP_FUNC_ATTRIBUTE_NUM_REGS, function));
  expect(value == attributes.numRegs, "hipFuncGetAttribute(NUM_REGS)");
  expect_error(hipFuncGetAttribute(&value, HIP_FUNC_ATTRIBUTE_MAX, function), hipErrorInvalidValue,
               "attribute MAX");

  // Blocks per multiprocessor.
  int blocks = -1;
  CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (const void*)triple, 128, 0));
  expect(blocks >= 1, "at least one block of 128 threads fits");
  expect(blocks * 128 <= per_mp, "no more threads than a multiprocessor holds");
  expect(blocks_per_mp <= 0 || blocks <= blocks_per_mp, "no more blocks than the limit");
  int by_template = -1;
  CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&by_template, triple, 128, 0));
  expect(by_template == blocks, "the C++ form");
  int with_flags = -1;
  CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      &with_flags, (const void*)triple, 128, 0, hipOccupancyDisableCachingOverride));
  expect(with_flags >= 1, "WithFlags");
  int module_blocks = -1;
  CHECK(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&module_blocks, function, 128, 0));
  expect(module_blocks == blocks, "the module form");
  expect_error(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (const void*)triple, 0, 0),
               hipErrorInvalidValue, "block size 0");
  expect_error(hipOccupancyMaxActiveBlocksPerMultiprocessor(nullptr, (const void*)triple, 64, 0),
               hipErrorInvalidValue, "into NULL");
  expect_error(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, nullptr, 64, 0),
               hipErrorInvalidDeviceFunction, "no kernel");
  expect_error(hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, (const void*)triple,
                                                                     64, 0, 0x40),
               hipErrorInvalidValue, "unknown occupancy flags");

  // The best block size fills the device.
  int grid = 0, block = 0;
  CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &block, (const void*)triple, 0, 0));
  expect(block > 0 && block <= attributes.maxThreadsPerBlock, "a potential block size");
  expect(block % warp == 0 || block == attributes.maxThreadsPerBlock, "a whole number of warps");
  CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (const void*)triple, block, 0));
  expect(grid == blocks * mps, "the minimum grid fills every multiprocessor");
  int limited_grid = 0, limited = 0;
  CHECK(hipOccupancyMaxPotentialBlockSize(&limited_grid, &limited, triple, 0, 64));
  expect(limited > 0 && limited <= 64, "a block size limit");
  int module_grid = 0, module_block = 0;
  CHECK(hipModuleOccupancyMaxPotentialBlockSize(&module_grid, &module_block, function, 0, 0));
  expect(module_grid == grid && module_block == block, "the module form of the block size");
  CHECK(hipOccupancyMaxPotentialBlockSize(&module_grid, &module_block, triple));
  expect(module_block == block, "the C++ form with default arguments");
  expect_error(hipOccupancyMaxPotentialBlockSize(nullptr, &block, (const void*)triple, 0, 0),
               hipErrorInvalidValue, "potential block size into NULL");

  // Dynamic shared memory that grows with the block.
  int variable_grid = 0, variable_block = 0;
  CHECK(hipOccupancyMaxPotentialBlockSizeVariableSMem(
      &variable_grid, &variable_block, reverse_through_shared,
      [](int threads) { return (size_t)threads * 8; }));
  expect(variable_block > 0 && variable_grid > 0, "a block size with per-thread shared memory");
  CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, reverse_through_shared,
                                                     variable_block, variable_block * 8));
  expect(blocks >= 1 && variable_grid == blocks * mps, "consistent with the per-block query");

  // More than 48 KiB of dynamic shared memory, where the device offers it.
  hipFuncAttributes shared_attributes;
  CHECK(hipFuncGetAttributes(&shared_attributes, reverse_through_shared));
  const int optin = attribute(hipDeviceAttributeSharedMemPerBlockOptin);
  const int available = optin - (int)shared_attributes.sharedSizeBytes;
  CHECK(hipFuncSetAttribute(reverse_through_shared, hipFuncAttributeMaxDynamicSharedMemorySize,
                            available));
  CHECK(hipFuncGetAttributes(&shared_attributes, reverse_through_shared));
  expect(shared_attributes.maxDynamicSharedSizeBytes == available,
         "the maximum dynamic shared size as set");
  expect_error(hipFuncSetAttribute((const void*)reverse_through_shared,
                                   hipFuncAttributeMaxDynamicSharedMemorySize, optin + (1 << 20)),
               hipErrorInvalidValue, "more dynamic shared memory than the device has");
  const int bytes = available < 96 * 1024 ? available : 96 * 1024;
  const int words = bytes / 4;
  int* out = nullptr;
  CHECK(hipMalloc(&out, words * sizeof(int)));
  reverse_through_shared<<<1, 256, bytes>>>(out, words);
  CHECK_LAUNCH();
  std::vector<int> host(words);
  CHECK(hipMemcpy(host.data(), out, words * sizeof(int), hipMemcpyDeviceToHost));
  long long bad = 0;
  for (int i = 0; i < words; ++i) bad += host[i] != (words - 1 - i) * 5 + 1;
  expect(bad == 0, "a launch with the opted-in dynamic shared memory");
  std::printf("occupancy: %d blocks of %d threads per multiprocessor, %d bytes of dynamic shared "
              "memory\n",
              blocks, variable_block, bytes);

  CHECK(hipFuncSetSharedMemConfig(reverse_through_shared, hipSharedMemBankSizeFourByte));
  expect_error(hipFuncSetSharedMemConfig((const void*)reverse_through_shared,
                                         (hipSharedMemConfig)9),
               hipErrorInvalidValue, "shared memory config 9");
  CHECK(hipFuncSetCacheConfig(triple, hipFuncCachePreferL1));
  expect_error(hipFuncSetSharedMemConfig(nullptr, hipSharedMemBankSizeDefault),
               hipErrorInvalidDeviceFunction, "a config for no kernel");
  CHECK(hipFree(out));
  CHECK(hipDeviceSynchronize());
  return finish("occupancy", errors);
}
