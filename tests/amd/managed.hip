// Managed memory advice on the AMD backend (against the HSA stand-in): advice and prefetches
// on a managed allocation are accepted and read back with hipMemRangeGetAttribute, the host
// reads and writes the memory in place, and advice on memory that is not managed is
// hipErrorInvalidValue. Exits 0 and prints "managed: PASSED".
#include <hip/hip_runtime.h>
#include <cstdio>

static int failures = 0;

#define EXPECT(call, want)                                                                 \
  do {                                                                                     \
    hipError_t status_ = (call);                                                           \
    if (status_ != (want)) {                                                               \
      std::printf("%s: %s, want %s\n", #call, hipGetErrorName(status_), hipGetErrorName(want)); \
      ++failures;                                                                          \
    }                                                                                      \
  } while (0)

int main() {
  const size_t size = 1 << 16;
  float* managed = nullptr;
  EXPECT(hipMallocManaged(&managed, size), hipSuccess);
  for (size_t i = 0; i < size / sizeof(float); ++i) managed[i] = (float)i;
  hipStream_t stream;
  EXPECT(hipStreamCreate(&stream), hipSuccess);

  EXPECT(hipMemAdvise(managed, size, hipMemAdviseSetReadMostly, 0), hipSuccess);
  EXPECT(hipMemAdvise(managed, size / 2, hipMemAdviseSetPreferredLocation, 0), hipSuccess);
  EXPECT(hipMemAdvise(managed, size, hipMemAdviseSetAccessedBy, hipCpuDeviceId), hipSuccess);
  EXPECT(hipMemPrefetchAsync(managed, size, 0, stream), hipSuccess);
  EXPECT(hipStreamSynchronize(stream), hipSuccess);

  int read_mostly = -1, preferred = -7, last_prefetch = -7;
  int accessed_by[4] = {-7, -7, -7, -7};
  EXPECT(hipMemRangeGetAttribute(&read_mostly, sizeof read_mostly,
                                 hipMemRangeAttributeReadMostly, managed, size), hipSuccess);
  EXPECT(hipMemRangeGetAttribute(&preferred, sizeof preferred,
                                 hipMemRangeAttributePreferredLocation, managed, size), hipSuccess);
  EXPECT(hipMemRangeGetAttribute(&last_prefetch, sizeof last_prefetch,
                                 hipMemRangeAttributeLastPrefetchLocation, managed, size), hipSuccess);
  EXPECT(hipMemRangeGetAttribute(accessed_by, sizeof accessed_by,
                                 hipMemRangeAttributeAccessedBy, managed, size), hipSuccess);
  if (read_mostly != 1 || preferred != 0 || last_prefetch != 0 || accessed_by[0] != hipCpuDeviceId) {
    std::printf("attributes: read mostly %d, preferred %d, last prefetch %d, accessed by %d\n",
                read_mostly, preferred, last_prefetch, accessed_by[0]);
    ++failures;
  }
  EXPECT(hipMemAdvise(managed, size, hipMemAdviseUnsetReadMostly, 0), hipSuccess);
  EXPECT(hipMemPrefetchAsync(managed, size, hipCpuDeviceId, 0), hipSuccess);
  EXPECT(hipMemRangeGetAttribute(&read_mostly, sizeof read_mostly,
                                 hipMemRangeAttributeReadMostly, managed, size), hipSuccess);
  EXPECT(hipMemRangeGetAttribute(&last_prefetch, sizeof last_prefetch,
                                 hipMemRangeAttributeLastPrefetchLocation, managed, size), hipSuccess);
  if (read_mostly != 0 || last_prefetch != hipCpuDeviceId) {
    std::printf("after unset: read mostly %d, last prefetch %d\n", read_mostly, last_prefetch);
    ++failures;
  }
  // The memory stayed where it was, with its contents.
  for (size_t i = 0; i < size / sizeof(float); ++i)
    if (managed[i] != (float)i) {
      ++failures;
      break;
    }

  // Not managed memory, a range past the allocation, an unknown advice.
  float* device = nullptr;
  EXPECT(hipMalloc(&device, size), hipSuccess);
  EXPECT(hipMemAdvise(device, size, hipMemAdviseSetReadMostly, 0), hipErrorInvalidValue);
  EXPECT(hipMemPrefetchAsync(device, size, 0, 0), hipErrorInvalidValue);
  EXPECT(hipMemAdvise(managed, 2 * size, hipMemAdviseSetReadMostly, 0), hipErrorInvalidValue);
  EXPECT(hipMemAdvise(managed, size, (hipMemoryAdvise)77, 0), hipErrorInvalidValue);

  EXPECT(hipFree(device), hipSuccess);
  EXPECT(hipStreamDestroy(stream), hipSuccess);
  EXPECT(hipFree(managed), hipSuccess);
  std::printf("managed: %s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
