// The CPU target's benchmark kernels (benches/cpu_target/run.sh): a memory-bound triad, a
// barrier-heavy shared-memory reduction, and two shuffle-heavy kernels (a block-wide
// inclusive scan built from __shfl_up_sync warp scans, a __shfl_down_sync warp reduction),
// timed with std::chrono around launch + sync, best of several runs. Prints one line per
// kernel: "<name> <milliseconds> <checksum>".
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

constexpr int kWarp = 32;
constexpr unsigned long long kAll = 0xffffffffull;

// Inclusive scan of each 256-element block: a warp scan (five __shfl_up_sync steps), the
// warps' totals through shared memory, a scan of those by the first warp, and a barrier
// either side of it.
__global__ void block_scan(const int* in, int* out, long n) {
  __shared__ int warp_totals[kBlock / kWarp];
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % kWarp, warp = threadIdx.x / kWarp;
  int x = i < n ? in[i] : 0;
  for (int delta = 1; delta < kWarp; delta *= 2) {
    int y = __shfl_up_sync(kAll, x, delta);
    if (lane >= delta) x += y;
  }
  if (lane == kWarp - 1) warp_totals[warp] = x;
  __syncthreads();
  if (warp == 0) {
    int total = lane < kBlock / kWarp ? warp_totals[lane] : 0;
    for (int delta = 1; delta < kWarp; delta *= 2) {
      int y = __shfl_up_sync(kAll, total, delta);
      if (lane >= delta) total += y;
    }
    if (lane < kBlock / kWarp) warp_totals[lane] = total;
  }
  __syncthreads();
  if (warp > 0) x += warp_totals[warp - 1];
  if (i < n) out[i] = x;
}

// The sum of each warp's 32 values: five __shfl_down_sync steps.
__global__ void warp_sum(const int* in, long long* partial, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  int x = i < n ? in[i] : 0;
  for (int offset = kWarp / 2; offset > 0; offset /= 2) x += __shfl_down_sync(kAll, x, offset);
  if (threadIdx.x % kWarp == 0 && i < n) partial[i / kWarp] = x;
}

// Votes: each warp counts its positive values (one ballot), and loops while any of its
// lanes is still positive (a ballot per iteration).
__global__ void vote_count(const int* in, int* counts, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  int x = i < n ? in[i] : 0;
  unsigned long long votes = __ballot_sync(kAll, x > 0);
  if (threadIdx.x % kWarp == 0 && i < n) counts[i / kWarp] = __popcll(votes);
}

__global__ void vote_loop(const int* in, int* steps, long n) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  int x = i < n ? in[i] : 0;
  int count = 0;
  while (__any_sync(kAll, x > 0)) {
    x -= 1;
    ++count;
  }
  if (i < n) steps[i] = count;
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
  long scan_n = argc > 3 ? std::atol(argv[3]) : 4l << 20;
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

  int *scan_in, *scan_out;
  long long* warp_partial;
  long scan_blocks = (scan_n + kBlock - 1) / kBlock;
  CHECK(hipMalloc(&scan_in, scan_n * sizeof(int)));
  CHECK(hipMalloc(&scan_out, scan_n * sizeof(int)));
  CHECK(hipMalloc(&warp_partial, (scan_n + kWarp - 1) / kWarp * sizeof(long long)));
  for (long i = 0; i < scan_n; ++i) scan_in[i] = (int)(i % 5) - 1;
  double scan_ms =
      best_ms(3, [&] { block_scan<<<scan_blocks, kBlock>>>(scan_in, scan_out, scan_n); });
  long long scan_check = 0;
  for (long i = 0; i < scan_n; i += 97) scan_check += scan_out[i];
  std::printf("block_scan %.3f %lld\n", scan_ms, scan_check);
  double warp_ms =
      best_ms(3, [&] { warp_sum<<<scan_blocks, kBlock>>>(scan_in, warp_partial, scan_n); });
  long long warp_check = 0;
  for (long i = 0; i < (scan_n + kWarp - 1) / kWarp; ++i) warp_check += warp_partial[i] * (i % 3 + 1);
  std::printf("warp_sum %.3f %lld\n", warp_ms, warp_check);

  int* votes;
  CHECK(hipMalloc(&votes, scan_n * sizeof(int)));
  double count_ms =
      best_ms(3, [&] { vote_count<<<scan_blocks, kBlock>>>(scan_in, votes, scan_n); });
  long long count_check = 0;
  for (long i = 0; i < (scan_n + kWarp - 1) / kWarp; ++i) count_check += votes[i] * (i % 3 + 1);
  std::printf("vote_count %.3f %lld\n", count_ms, count_check);
  double loop_ms = best_ms(3, [&] { vote_loop<<<scan_blocks, kBlock>>>(scan_in, votes, scan_n); });
  long long loop_check = 0;
  for (long i = 0; i < scan_n; i += 97) loop_check += votes[i];
  std::printf("vote_loop %.3f %lld\n", loop_ms, loop_check);
  return 0;
}
