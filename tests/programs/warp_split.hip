// Warp operations in loops, between barriers and in divergent code: the patterns that the
// CPU device runs as loops split at warp exchanges (codegen's cpu_regions) instead of one
// fiber per work-item. Checked against host-computed values; works for any warpSize.
//  - block_scan: a block-wide inclusive scan from __shfl_up_sync warp scans, with the
//    first warp scanning the warps' totals between two barriers;
//  - reduce_2d: a __shfl_down_sync reduction of doubles and a __shfl_xor_sync butterfly of
//    floats on a 2-D block;
//  - votes_after_exit: lanes that return early, and a loop that runs while __any_sync
//    says some lane of the mask still has work, with ballots and shuffles among the rest;
//  - side_by_side: even and odd lanes reduce with their own masks in different branches;
//  - pairs_and_syncwarp: a 16-byte structure shuffled in a loop (two exchanges per
//    shuffle on the CPU device) and a shared-memory rotation ordered by __syncwarp.
// See: issue 26, item 6.
#include "check.h"
#include <algorithm>
#include <vector>

constexpr int kBlock = 256;
constexpr int kMaxWarps = kBlock / 32;

__global__ void block_scan(const int* in, int* out, int n) {
  __shared__ int totals[kMaxWarps];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
  int warps = blockDim.x / warpSize;
  unsigned long long all = __activemask();
  int x = i < n ? in[i] : 0;
  for (int delta = 1; delta < warpSize; delta *= 2) {
    int y = __shfl_up_sync(all, x, delta);
    if (lane >= delta) x += y;
  }
  if (lane == warpSize - 1) totals[warp] = x;
  __syncthreads();
  if (warp == 0) {
    int total = lane < warps ? totals[lane] : 0;
    for (int delta = 1; delta < warpSize; delta *= 2) {
      int y = __shfl_up_sync(all, total, delta);
      if (lane >= delta) total += y;
    }
    if (lane < warps) totals[lane] = total;
  }
  __syncthreads();
  if (warp > 0) x += totals[warp - 1];
  if (i < n) out[i] = x;
}

// Block (16, 8): each warp spans two or four rows.
__global__ void reduce_2d(const double* in, double* sums, float* butterflies) {
  int linear = threadIdx.y * blockDim.x + threadIdx.x;
  int global = blockIdx.x * blockDim.x * blockDim.y + linear;
  unsigned long long all = __activemask();
  double sum = in[global];
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    sum += __shfl_down_sync(all, sum, offset);
  if (linear % warpSize == 0) sums[global / warpSize] = sum;
  float value = (float)(linear % warpSize);
  for (int mask = 1; mask < warpSize; mask *= 2) value += __shfl_xor_sync(all, value, mask);
  butterflies[global] = value;
}

constexpr int kKeep = 20;  // lanes of each warp that stay; the others return at once
constexpr int kVoteChecks = 4;

__global__ void votes_after_exit(const int* work, int* out) {
  int lane = threadIdx.x % warpSize;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (lane >= kKeep) return;
  unsigned long long mask = (1ull << kKeep) - 1;
  int remaining = work[t];
  int rounds = 0, carried = lane;
  while (__any_sync(mask, remaining > 0)) {
    ++rounds;
    unsigned long long busy = __ballot_sync(mask, remaining > 0);
    // Rotate a value among the staying lanes; the count of busy lanes joins it.
    carried = __shfl_sync(mask, carried, (lane + 1) % kKeep) + __popcll(busy);
    if (remaining > 0) --remaining;
  }
  out[t * kVoteChecks + 0] = rounds;
  out[t * kVoteChecks + 1] = carried;
  out[t * kVoteChecks + 2] = __all_sync(mask, rounds > 0);
  out[t * kVoteChecks + 3] = (int)__popcll(__activemask());
}

__global__ void side_by_side(const int* in, int* out) {
  int lane = threadIdx.x % warpSize;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long even = 0;
  for (int l = 0; l < warpSize; l += 2) even |= 1ull << l;
  unsigned long long odd = even << 1;
  int value = in[t];
  if (lane % 2 == 0) {
    out[t] = __reduce_add_sync(even, value);
  } else {
    out[t] = __reduce_max_sync(odd, value) * 1000;
  }
}

struct Pair {
  long long key;
  double weight;
};

constexpr int kRotations = 5;

__global__ void pairs_and_syncwarp(long long* keys, double* weights, int* rotated) {
  __shared__ int ring[kBlock];
  int lane = threadIdx.x % warpSize;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int first = threadIdx.x - lane;
  Pair pair{(long long)t << 33, t * 0.25};
  for (int step = 0; step < kRotations; ++step) pair = __shfl_down(pair, 1);
  keys[t] = pair.key;
  weights[t] = pair.weight;
  int value = t;
  for (int step = 0; step < kRotations; ++step) {
    ring[threadIdx.x] = value;
    __syncwarp();
    value = ring[first + (lane + 1) % warpSize];
    __syncwarp();
  }
  rotated[t] = value;
}

int main() {
  print_device("warp_split");
  int device = 0;
  CHECK(hipGetDevice(&device));
  hipDeviceProp_t props;
  CHECK(hipGetDeviceProperties(&props, device));
  const int warp = props.warpSize;
  long long errors = 0;
  auto expect = [&](const char* what, int index, double got, double want) {
    if (got != want && ++errors <= 10)
      std::printf("%s[%d]: got %g, expected %g\n", what, index, got, want);
  };
  unsigned long long seed = 26;

  {  // block_scan
    const int n = 5 * kBlock + 77, blocks = (n + kBlock - 1) / kBlock;
    std::vector<int> in(n), out(n);
    for (int& value : in) value = (int)(next_random(&seed) % 19) - 9;
    int *d_in, *d_out;
    CHECK(hipMalloc(&d_in, n * sizeof(int)));
    CHECK(hipMalloc(&d_out, n * sizeof(int)));
    CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
    block_scan<<<blocks, kBlock>>>(d_in, d_out, n);
    CHECK_LAUNCH();
    CHECK(hipMemcpy(out.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
    int running = 0;
    for (int i = 0; i < n; ++i) {
      running = (i % kBlock == 0 ? 0 : running) + in[i];
      expect("block_scan", i, out[i], running);
    }
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_out));
  }

  {  // reduce_2d
    const int blocks = 3, per_block = 16 * 8, n = blocks * per_block;
    std::vector<double> in(n), sums(n / warp);
    std::vector<float> butterflies(n);
    for (double& value : in) value = (double)(next_random(&seed) % 1000) / 8;
    double* d_in;
    double* d_sums;
    float* d_butterflies;
    CHECK(hipMalloc(&d_in, n * sizeof(double)));
    CHECK(hipMalloc(&d_sums, sums.size() * sizeof(double)));
    CHECK(hipMalloc(&d_butterflies, n * sizeof(float)));
    CHECK(hipMemcpy(d_in, in.data(), n * sizeof(double), hipMemcpyHostToDevice));
    reduce_2d<<<blocks, dim3(16, 8)>>>(d_in, d_sums, d_butterflies);
    CHECK_LAUNCH();
    CHECK(hipMemcpy(sums.data(), d_sums, sums.size() * sizeof(double), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(butterflies.data(), d_butterflies, n * sizeof(float), hipMemcpyDeviceToHost));
    for (int w = 0; w < n / warp; ++w) {
      double sum = 0;  // eighths: exact in any order
      for (int l = 0; l < warp; ++l) sum += in[w * warp + l];
      expect("reduce_2d sums", w, sums[w], sum);
    }
    for (int i = 0; i < n; ++i) expect("reduce_2d butterflies", i, butterflies[i], warp * (warp - 1) / 2);
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_sums));
    CHECK(hipFree(d_butterflies));
  }

  {  // votes_after_exit
    const int blocks = 2, n = blocks * kBlock;
    std::vector<int> work(n), out(n * kVoteChecks, -1);
    for (int& value : work) value = (int)(next_random(&seed) % 9);
    int *d_work, *d_out;
    CHECK(hipMalloc(&d_work, n * sizeof(int)));
    CHECK(hipMalloc(&d_out, out.size() * sizeof(int)));
    CHECK(hipMemcpy(d_work, work.data(), n * sizeof(int), hipMemcpyHostToDevice));
    CHECK(hipMemcpy(d_out, out.data(), out.size() * sizeof(int), hipMemcpyHostToDevice));
    votes_after_exit<<<blocks, kBlock>>>(d_work, d_out);
    CHECK_LAUNCH();
    CHECK(hipMemcpy(out.data(), d_out, out.size() * sizeof(int), hipMemcpyDeviceToHost));
    for (int first = 0; first < n; first += warp) {
      int rounds = 0;
      for (int l = 0; l < kKeep; ++l) rounds = std::max(rounds, work[first + l]);
      std::vector<int> carried(kKeep);
      for (int l = 0; l < kKeep; ++l) carried[l] = l;
      for (int round = 0; round < rounds; ++round) {
        int busy = 0;
        for (int l = 0; l < kKeep; ++l) busy += work[first + l] > round;
        std::vector<int> next(kKeep);
        for (int l = 0; l < kKeep; ++l) next[l] = carried[(l + 1) % kKeep] + busy;
        carried = next;
      }
      for (int l = 0; l < warp; ++l) {
        const int* got = &out[(first + l) * kVoteChecks];
        if (l >= kKeep) {
          expect("votes_after_exit (returned lane)", first + l, got[0], -1);
          continue;
        }
        expect("votes_after_exit rounds", first + l, got[0], rounds);
        expect("votes_after_exit carried", first + l, got[1], carried[l]);
        expect("votes_after_exit all", first + l, got[2], rounds > 0);
        expect("votes_after_exit active", first + l, got[3], kKeep);
      }
    }
    CHECK(hipFree(d_work));
    CHECK(hipFree(d_out));
  }

  {  // side_by_side
    const int blocks = 2, n = blocks * kBlock;
    std::vector<int> in(n), out(n);
    for (int& value : in) value = (int)(next_random(&seed) % 100);
    int *d_in, *d_out;
    CHECK(hipMalloc(&d_in, n * sizeof(int)));
    CHECK(hipMalloc(&d_out, n * sizeof(int)));
    CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
    side_by_side<<<blocks, kBlock>>>(d_in, d_out);
    CHECK_LAUNCH();
    CHECK(hipMemcpy(out.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
    for (int first = 0; first < n; first += warp) {
      int even_sum = 0, odd_max = 0;
      for (int l = 0; l < warp; l += 2) even_sum += in[first + l];
      for (int l = 1; l < warp; l += 2) odd_max = std::max(odd_max, in[first + l]);
      for (int l = 0; l < warp; ++l)
        expect("side_by_side", first + l, out[first + l], l % 2 == 0 ? even_sum : odd_max * 1000);
    }
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_out));
  }

  {  // pairs_and_syncwarp
    const int blocks = 2, n = blocks * kBlock;
    std::vector<long long> keys(n);
    std::vector<double> weights(n);
    std::vector<int> rotated(n);
    long long* d_keys;
    double* d_weights;
    int* d_rotated;
    CHECK(hipMalloc(&d_keys, n * sizeof(long long)));
    CHECK(hipMalloc(&d_weights, n * sizeof(double)));
    CHECK(hipMalloc(&d_rotated, n * sizeof(int)));
    pairs_and_syncwarp<<<blocks, kBlock>>>(d_keys, d_weights, d_rotated);
    CHECK_LAUNCH();
    CHECK(hipMemcpy(keys.data(), d_keys, n * sizeof(long long), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(weights.data(), d_weights, n * sizeof(double), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(rotated.data(), d_rotated, n * sizeof(int), hipMemcpyDeviceToHost));
    for (int t = 0; t < n; ++t) {
      int lane = t % warp, first = t - lane;
      // Five shuffles down by one: lanes near the top keep the last lane's pair.
      int source = first + std::min(lane + kRotations, warp - 1);
      expect("pairs key", t, (double)(keys[t] >> 33), source);
      expect("pairs weight", t, weights[t], source * 0.25);
      expect("rotated", t, rotated[t], first + (lane + kRotations) % warp);
    }
    CHECK(hipFree(d_keys));
    CHECK(hipFree(d_weights));
    CHECK(hipFree(d_rotated));
  }

  if (errors != 0) {
    std::printf("warp_split: FAILED (%lld errors)\n", errors);
    return 1;
  }
  std::printf("warp_split: PASSED\n");
  return 0;
}
