// The runtime API around the kernels: every hipMemcpy kind, hipMemset,
// device properties, and errors reported for misuse.
#include "check.h"
#include <cstring>
#include <vector>

__global__ void add_one(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}

int main() {
  print_device("runtime_api");
  long long errors = 0;
  auto expect = [&](bool ok, const char* what) {
    if (!ok) {
      std::printf("runtime_api: %s\n", what);
      ++errors;
    }
  };

  int count = 0;
  CHECK(hipGetDeviceCount(&count));
  expect(count >= 1, "hipGetDeviceCount gave no device");
  CHECK(hipSetDevice(0));
  expect(hipSetDevice(count) == hipErrorInvalidDevice, "hipSetDevice(count) is not invalid");
  // The failed call is also the last error; take it so that CHECK_LAUNCH sees only launches.
  expect(hipGetLastError() == hipErrorInvalidDevice, "hipGetLastError after hipSetDevice(count)");
  CHECK(hipSetDevice(0));
  hipDeviceProp_t props;
  CHECK(hipGetDeviceProperties(&props, 0));
  expect(props.totalGlobalMem > (1ull << 30), "totalGlobalMem too small");
  expect(props.warpSize == 32 || props.warpSize == 64, "warpSize");
  expect(props.maxThreadsPerBlock >= 256, "maxThreadsPerBlock");
  expect(props.sharedMemPerBlock >= 16384, "sharedMemPerBlock");
  expect(props.major >= 1, "major");
  expect(std::strlen(props.name) > 0, "name empty");
  expect(std::strlen(props.gcnArchName) > 0, "gcnArchName empty");
  std::printf("runtime_api: totalGlobalMem %zu MiB, warpSize %d, maxThreadsPerBlock %d, "
              "sharedMemPerBlock %zu, compute %d.%d\n",
              props.totalGlobalMem >> 20, props.warpSize, props.maxThreadsPerBlock,
              props.sharedMemPerBlock, props.major, props.minor);

  const int n = 4099;
  std::vector<int> host(n), back(n, 0), staged(n, 0);
  for (int i = 0; i < n; ++i) host[i] = i * 7 - 3;
  int *d1, *d2;
  CHECK(hipMalloc(&d1, n * sizeof(int)));
  CHECK(hipMalloc(&d2, n * sizeof(int)));
  CHECK(hipMemcpy(d1, host.data(), n * sizeof(int), hipMemcpyHostToDevice));
  CHECK(hipMemcpy(d2, d1, n * sizeof(int), hipMemcpyDeviceToDevice));
  add_one<<<(n + 127) / 128, 128>>>(d2, n);
  CHECK_LAUNCH();
  CHECK(hipMemcpy(back.data(), d2, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    if (back[i] != host[i] + 1) ++errors;
  CHECK(hipMemcpy(staged.data(), host.data(), n * sizeof(int), hipMemcpyHostToHost));
  expect(staged == host, "hipMemcpyHostToHost");
  // hipMemcpyDefault infers the direction from the pointers.
  CHECK(hipMemcpy(d1, back.data(), n * sizeof(int), hipMemcpyDefault));
  CHECK(hipMemcpy(staged.data(), d1, n * sizeof(int), hipMemcpyDefault));
  expect(staged == back, "hipMemcpyDefault");
  CHECK(hipMemset(d1, 0x01, n * sizeof(int)));
  CHECK(hipMemcpy(staged.data(), d1, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    if (staged[i] != 0x01010101) ++errors;

  // Misuse returns errors and does not crash.
  expect(hipMemcpy(d1, host.data(), 4, (hipMemcpyKind)42) != hipSuccess, "bad memcpy kind accepted");
  expect(hipMalloc(nullptr, 16) == hipErrorInvalidValue, "hipMalloc(nullptr)");
  // A launch with too many threads per block fails and is reported once.
  add_one<<<1, 4096>>>(d2, n);
  hipError_t launch = hipGetLastError();
  expect(launch != hipSuccess, "oversized block accepted");
  expect(hipGetLastError() == hipSuccess, "hipGetLastError did not reset");
  std::printf("runtime_api: oversized launch -> %s\n", hipGetErrorName(launch));
  expect(std::strcmp(hipGetErrorName(hipErrorInvalidValue), "hipErrorInvalidValue") == 0,
         "hipGetErrorName");
  CHECK(hipFree(d1));
  CHECK(hipFree(d2));
  CHECK(hipFree(nullptr));
  CHECK(hipDeviceSynchronize());
  return finish("runtime_api", errors);
}
