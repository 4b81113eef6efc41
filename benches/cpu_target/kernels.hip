// The CPU target's benchmark kernels (benches/cpu_target/run.sh): a memory-bound triad and
// a barrier-heavy shared-memory reduction, timed with std::chrono around launch + sync,
// best of several runs. Prints one line per kernel: "<name> <milliseconds> <checksum>".
#include <hip/hip_runtime.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>

constexpr int kBlock = 256;

__global__ void triad(float* a, const float* b, const float* c, float scale, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = b[i] + scale * c[i];
}

// Eight barriers per block: a shared-memory tree reduction of 256 values.
__global__ void block_sum(const int* in, long long* partial, long n) {
  __shared__ int values[kBlock];
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  values[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = kBlock / 2; stride > 0; stride /= 2) {
    if ((int)threadIdx.x < stride) values[threadIdx.x] += values[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = values[0];
}

#define CHECK(call)                                                                            \
  do {                                                                                         \
    hipError_t status_ = (call);                                                               \
    if (status_ != hipSuccess) {                                                               \
      std::fprintf(stderr, "%s failed: %s\n", #call, hipGetErrorString(status_));              \
      std::exit(1);                                                                            \
    }                                                                                          \
  } while (0)

template <class Launch> static double best_ms(int runs, Launch launch) {
  double best = 1e30;
  for (int run = 0; run < runs; ++run) {
    auto start = std::chrono::steady_clock::now();
    launch();
    CHECK(hipDeviceSynchronize());
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (ms < best) best = ms;
  }
  return best;
}

int main(int argc, char** argv) {
  long n = argc > 1 ? std::atol(argv[1]) : 64l << 20;
  long reduce_n = argc > 2 ? std::atol(argv[2]) : 16l << 20;
  float *a, *b, *c;
  CHECK(hipMalloc(&a, n * sizeof(float)));
  CHECK(hipMalloc(&b, n * sizeof(float)));
  CHECK(hipMalloc(&c, n * sizeof(float)));
  // First touch on the host, as the C++ loop's arrays are.
  for (long i = 0; i < n; ++i) { a[i] = 0.0f; b[i] = (float)(i % 1000); c[i] = 1.0f; }
  long blocks = (n + kBlock - 1) / kBlock;
  double triad_ms = best_ms(5, [&] { triad<<<blocks, kBlock>>>(a, b, c, 3.0f, n); });
  double checksum = 0;
  for (long i = 0; i < n; i += 4099) checksum += a[i];
  std::printf("triad %.3f %.1f\n", triad_ms, checksum);

  int* in;
  long long* partial;
  long reduce_blocks = (reduce_n + kBlock - 1) / kBlock;
  CHECK(hipMalloc(&in, reduce_n * sizeof(int)));
  CHECK(hipMalloc(&partial, reduce_blocks * sizeof(long long)));
  for (long i = 0; i < reduce_n; ++i) in[i] = (int)(i % 7) - 3;
  double reduce_ms =
      best_ms(5, [&] { block_sum<<<reduce_blocks, kBlock>>>(in, partial, reduce_n); });
  long long total = 0;
  for (long i = 0; i < reduce_blocks; ++i) total += partial[i];
  std::printf("block_sum %.3f %lld\n", reduce_ms, total);
  return 0;
}
