// Peer access between two AMD GPUs (the HSA stand-in with OXHIP_STANDIN_GPUS=2, which copies
// bytes but runs no kernel): hipDeviceCanAccessPeer, enabling and disabling access with
// their errors, and hipMemcpyPeer/hipMemcpyPeerAsync moving data from one GPU's memory to
// the other's. Exits 0 and prints "peer: PASSED".
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstring>

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
  int count = 0;
  EXPECT(hipGetDeviceCount(&count), hipSuccess);
  if (count != 2) {
    std::printf("%d devices, want the stand-in's 2 GPUs\n", count);
    return 1;
  }
  int can = -1;
  EXPECT(hipDeviceCanAccessPeer(&can, 0, 1), hipSuccess);
  if (can != 1) ++failures;
  EXPECT(hipDeviceCanAccessPeer(&can, 1, 0), hipSuccess);
  if (can != 1) ++failures;
  EXPECT(hipDeviceCanAccessPeer(&can, 0, 0), hipSuccess);
  if (can != 0) ++failures;

  const size_t size = 4096;
  unsigned char host[size], back[size];
  for (size_t i = 0; i < size; ++i) host[i] = (unsigned char)(i * 7 + 3);
  void *on_zero = nullptr, *on_one = nullptr;
  EXPECT(hipSetDevice(1), hipSuccess);
  EXPECT(hipMalloc(&on_one, size), hipSuccess);
  EXPECT(hipSetDevice(0), hipSuccess);
  EXPECT(hipMalloc(&on_zero, size), hipSuccess);
  EXPECT(hipMemcpy(on_zero, host, size, hipMemcpyHostToDevice), hipSuccess);

  // Device 0 may now reach device 1's memory, the allocation made before included.
  EXPECT(hipDeviceEnablePeerAccess(1, 0), hipSuccess);
  EXPECT(hipDeviceEnablePeerAccess(1, 0), hipErrorPeerAccessAlreadyEnabled);
  EXPECT(hipDeviceEnablePeerAccess(0, 0), hipErrorInvalidDevice);
  EXPECT(hipMemcpyPeer(on_one, 1, on_zero, 0, size), hipSuccess);
  std::memset(back, 0, size);
  EXPECT(hipSetDevice(1), hipSuccess);
  EXPECT(hipMemcpy(back, on_one, size, hipMemcpyDeviceToHost), hipSuccess);
  if (std::memcmp(back, host, size) != 0) {
    std::printf("hipMemcpyPeer: the bytes on device 1 differ\n");
    ++failures;
  }

  // Back the other way, asynchronously on a stream of device 1, half of it.
  hipStream_t stream;
  EXPECT(hipStreamCreate(&stream), hipSuccess);
  EXPECT(hipMemset(on_zero, 0, size), hipSuccess);
  EXPECT(hipMemcpyPeerAsync(on_zero, 0, on_one, 1, size / 2, stream), hipSuccess);
  EXPECT(hipStreamSynchronize(stream), hipSuccess);
  EXPECT(hipMemcpy(back, on_zero, size, hipMemcpyDeviceToHost), hipSuccess);
  if (std::memcmp(back, host, size / 2) != 0 || back[size / 2] != 0 || back[size - 1] != 0) {
    std::printf("hipMemcpyPeerAsync: device 0 holds the wrong bytes\n");
    ++failures;
  }
  EXPECT(hipStreamDestroy(stream), hipSuccess);

  EXPECT(hipSetDevice(0), hipSuccess);
  EXPECT(hipDeviceDisablePeerAccess(1), hipSuccess);
  EXPECT(hipDeviceDisablePeerAccess(1), hipErrorPeerAccessNotEnabled);
  EXPECT(hipFree(on_zero), hipSuccess);
  EXPECT(hipFree(on_one), hipSuccess);
  std::printf("peer: %s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
