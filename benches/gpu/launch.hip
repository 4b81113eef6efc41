// GPU micro-benchmark: launch overhead and a memory-bound kernel, built by oxhip
// (HIP) here and by nvcc (the same code as CUDA, launch.cu) on the GPU machine.
// Prints one line per measure: "<measure> <value> <unit>"; first_launch_ms is the first
// kernel's launch and completion, module load included.
#if defined(__CUDACC__)
#include <cuda_runtime.h>
#define hipMalloc cudaMalloc
#define hipFree cudaFree
#define hipMemset cudaMemset
#define hipDeviceSynchronize cudaDeviceSynchronize
#define hipEvent_t cudaEvent_t
#define hipEventCreate cudaEventCreate
#define hipEventRecord cudaEventRecord
#define hipEventSynchronize cudaEventSynchronize
#define hipEventElapsedTime cudaEventElapsedTime
#define hipGetLastError cudaGetLastError
#define hipError_t cudaError_t
#define hipSuccess cudaSuccess
#else
#include <hip/hip_runtime.h>
#endif
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

__global__ void empty_kernel(int*) {}

__global__ void triad(const float* a, const float* b, float* c, float s, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + s * b[i];
}

#define CK(call)                                                    \
  do {                                                              \
    if ((call) != hipSuccess) {                                     \
      std::printf("launch.hip:%d: %s failed\n", __LINE__, #call);  \
      return 1;                                                     \
    }                                                               \
  } while (0)

static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

int main() {
  int* dummy;
  CK(hipMalloc((void**)&dummy, 4));
  // The first launch in the process, once the context exists: it also pays for loading the
  // module (and JIT-compiling PTX, where the executable has no code for this GPU).
  auto first_start = std::chrono::steady_clock::now();
  empty_kernel<<<1, 1>>>(dummy);
  CK(hipDeviceSynchronize());
  auto first_end = std::chrono::steady_clock::now();
  std::printf("first_launch_ms %.3f ms\n",
              std::chrono::duration<double, std::milli>(first_end - first_start).count());
  // Host-side cost of a launch: back-to-back empty launches, then one sync.
  std::vector<double> per_launch;
  for (int rep = 0; rep < 7; ++rep) {
    const int launches = 20000;
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < launches; ++i) empty_kernel<<<1, 64>>>(dummy);
    CK(hipDeviceSynchronize());
    auto end = std::chrono::steady_clock::now();
    per_launch.push_back(std::chrono::duration<double, std::micro>(end - start).count() / launches);
  }
  std::printf("launch_us %.3f us\n", median(per_launch));

  const long n = 1l << 28;  // 3 x 1 GiB of floats
  float *a, *b, *c;
  CK(hipMalloc((void**)&a, n * sizeof(float)));
  CK(hipMalloc((void**)&b, n * sizeof(float)));
  CK(hipMalloc((void**)&c, n * sizeof(float)));
  CK(hipMemset(a, 0x3f, n * sizeof(float)));  // 0x3f3f3f3f ~ 0.75, not zeros
  CK(hipMemset(b, 0x40, n * sizeof(float)));
  hipEvent_t e0, e1;
  CK(hipEventCreate(&e0));
  CK(hipEventCreate(&e1));
  std::vector<double> ms;
  for (int rep = 0; rep < 11; ++rep) {
    CK(hipEventRecord(e0, 0));
    triad<<<(unsigned)((n + 255) / 256), 256>>>(a, b, c, 1.5f, n);
    CK(hipEventRecord(e1, 0));
    CK(hipEventSynchronize(e1));
    float t = 0;
    CK(hipEventElapsedTime(&t, e0, e1));
    if (rep > 0) ms.push_back(t);
  }
  double t = median(ms);
  std::printf("triad_ms %.3f ms\n", t);
  std::printf("triad_GBps %.1f GB/s\n", 3.0 * n * sizeof(float) / (t * 1e6));
  std::printf("status %s\n", hipGetLastError() == hipSuccess ? "ok" : "error");
  CK(hipFree(a));
  CK(hipFree(b));
  CK(hipFree(c));
  CK(hipFree(dummy));
  return 0;
}
