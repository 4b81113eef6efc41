// Votes in loops: a loop while any lane of the warp still has work (__any), a loop that
// stops once every lane is done (__all), a stream compaction that ballots once per chunk
// (__ballot, popcount), values that stay untouched across every vote of a loop or are written
// on some of its iterations only, a local array of which each iteration overwrites one
// element or none, and a block-wide loop with barriers whose carried value
// changes on some iterations, and loops whose every branch is decided by a vote, a counter or
// a kernel argument. 2-D blocks and a partial last block (lanes past the end return
// before the first vote) check that each work-item's coordinates are right in every phase.
// On the CPU device each vote ends a phase of the group: codegen recomputes the global index
// in the phase that uses it instead of keeping it in the frame, and keeps in the frame only
// what a later phase may read (cpu_recompute.rs, cpu_regions.rs; issue 26 item 6); every
// target must give what the host computes warp by warp.
#include "check.h"
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

// The block is 16 x 12: its warps span rows.
constexpr int kWidth = 16, kHeight = 12, kBlock = kWidth * kHeight;

__device__ int global_index() {
  return (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}

// Each lane counts down its value; the warp loops while any lane has not reached 0.
__global__ void any_loop(const int* in, int* steps, int* left, int n) {
  int g = global_index();
  if (g >= n) return;
  int x = in[g];
  int count = 0;
  while (__any(x > 0)) {
    x -= 1;
    ++count;
  }
  steps[g] = count;
  left[g] = x;
}

// Each lane adds its value times the round; the warp stops once every lane passed `limit`.
__global__ void all_break(const int* in, int* sums, int* rounds_done, int rounds, int limit) {
  int g = global_index();
  int acc = 0, r = 0;
  for (; r < rounds; ++r) {
    acc += in[g] * r + 1;
    if (__all(acc > limit)) break;
  }
  sums[g] = acc;
  rounds_done[g] = r;
}

// A loop the warp runs in step, with a shuffle in it and the vote in its middle: each round
// every lane adds half of its neighbour's value (lane ^ 1), rounded down, plus one, and the
// warp stops after the first round in which every lane has reached kLimit, or after 64.
// Every branch is decided by the vote or the round, the same in every lane, so on the CPU
// device the whole loop is one run over the warp's lanes (codegen's cpu_warp_loops.rs); the
// values are floats, kept exact (halves of integers rounded down, sums below 2^24). Lanes past
// `n` return first: they must not hold the warp in the loop (their `v` would be 0).
constexpr float kLimit = 1000.0f;
__global__ void uniform_rounds(const int* in, float* values, int* rounds, int n) {
  int g = global_index();
  if (g >= n) return;
  float v = (float)in[g];
  int round = 0;
  while (true) {
    float other = __shfl_xor(v, 1);
    v += floorf(other * 0.5f) + 1.0f;
    ++round;
    if (__all(v >= kLimit) || round == 64) break;
  }
  values[g] = v;
  rounds[g] = round;
}

// At most `rounds` rounds, a kernel argument: each lane's value grows by half of itself plus
// one, and the warp stops early once every lane has reached kIntLimit. Lanes with a negative
// input return first, among them the first lane of some warps, so that the warp's decisions
// must come from a lane that runs the loop.
constexpr int kIntLimit = 5000;
__global__ void argument_rounds(const int* in, int* values, int* rounds_done, int n, int rounds) {
  int g = global_index();
  if (g >= n || in[g] < 0) return;
  int v = in[g];
  int r = 0;
  for (; r < rounds; ++r) {
    v += (v >> 1) + 1;
    if (__all(v >= kIntLimit)) break;
  }
  values[g] = v;
  rounds_done[g] = r;
}

// The loop runs only in the blocks whose flag is set; elsewhere the values pass through, so
// the block after the loop is also reached around it.
__global__ void optional_loop(const int* in, const int* enabled, int* out, int n) {
  int g = global_index();
  if (g >= n) return;
  int x = in[g], steps = 0;
  if (enabled[blockIdx.x]) {
    while (__any(x > 0)) {
      x -= 2;
      ++steps;
    }
  }
  out[g] = steps * 1000 + x;
}

// One warp per row: the row's multiples of 3, in order, packed at the start of its output.
__global__ void compact(const int* in, int* out, int* counts, int rows, int length) {
  int lane = threadIdx.x % warpSize;
  int row = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  if (row >= rows) return;
  unsigned long long below = (1ull << lane) - 1;
  int count = 0;
  for (int base = 0; base < length; base += warpSize) {
    int v = base + lane < length ? in[row * length + base + lane] : 1;
    bool keep = v % 3 == 0;
    unsigned long long votes = __ballot(keep);
    if (keep) out[row * length + count + __popcll(votes & below)] = v;
    count += __popcll(votes);
  }
  if (lane == 0) counts[row] = count;
}

// `keep` crosses every vote untouched; `last` is written on some iterations only.
__global__ void carried(const int* in, int* out, int n) {
  int g = global_index();
  if (g >= n) return;
  int keep = in[g] * 7 + (int)threadIdx.y;
  int limit = in[g] & 7;
  int c = 0, last = -1;
  while (__any(c < limit)) {
    if (c % 2 == 1 && c < limit) last = c * 10 + (int)threadIdx.x;
    ++c;
  }
  out[3 * g] = keep;
  out[3 * g + 1] = c;
  out[3 * g + 2] = last;
}

// A local array indexed at run time stays in memory: each iteration overwrites one of its
// elements (or none), and the others must cross the vote unchanged.
__global__ void last_seen(const int* in, int* out, int n) {
  int g = global_index();
  if (g >= n) return;
  int seen[4] = {-1, -1, -1, -1};
  int x = in[g], limit = x & 15, i = 0;
  while (__any(i < limit)) {
    if (i < limit) seen[(x >> (2 * (i % 8))) & 3] = i;
    ++i;
  }
  // A second vote between the loop and the reads: the loop's phases only pass the array on.
  int many = __popcll(__ballot(limit > 7));
  for (int k = 0; k < 4; ++k) out[5 * g + k] = seen[k];
  out[5 * g + 4] = many;
}

// Block-wide: each round, every thread looks at its neighbour's value through shared
// memory, and remembers the last round in which the neighbour's was larger than its own.
__global__ void barrier_rounds(const int* in, int* out, int rounds) {
  __shared__ int tile[kBlock];
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  int g = global_index();
  int mine = in[g];
  int best = -1;
  for (int r = 0; r < rounds; ++r) {
    tile[t] = mine + r * (t % 3);
    __syncthreads();
    if (tile[(t + 1) % kBlock] > mine + r * (t % 3)) best = r;
    __syncthreads();
  }
  out[g] = best;
}

static long long errors = 0;

static void expect(const char* what, long long index, long long got, long long want) {
  if (got == want) return;
  if (++errors <= 10)
    std::printf("%s[%lld]: got %lld, want %lld\n", what, index, got, want);
}

static std::vector<int> inputs(int n, unsigned long long seed, int range) {
  std::vector<int> values(n);
  for (int& v : values) v = (int)(next_random(&seed) % range);
  return values;
}

// The warps of a 2-D block are runs of `warp` consecutive linear thread indices; lanes past
// `n` returned before voting.
template <class Warp>
static void for_each_warp(int n, int blocks, int warp, Warp body) {
  for (int block = 0; block < blocks; ++block)
    for (int first = 0; first < kBlock; first += warp) {
      int begin = block * kBlock + first;
      int end = std::min(std::min(begin + warp, block * kBlock + kBlock), n);
      if (begin < end) body(begin, end);
    }
}

static void check_any_loop(int warp) {
  const int n = 1000, blocks = (n + kBlock - 1) / kBlock;
  std::vector<int> in = inputs(n, 11, 9);
  for (int i = 0; i < n; i += 37) in[i] = -2;
  int *d_in, *d_steps, *d_left;
  CHECK(hipMalloc(&d_in, n * sizeof(int)));
  CHECK(hipMalloc(&d_steps, n * sizeof(int)));
  CHECK(hipMalloc(&d_left, n * sizeof(int)));
  CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  any_loop<<<blocks, dim3(kWidth, kHeight)>>>(d_in, d_steps, d_left, n);
  CHECK_LAUNCH();
  std::vector<int> steps(n), left(n);
  CHECK(hipMemcpy(steps.data(), d_steps, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(left.data(), d_left, n * sizeof(int), hipMemcpyDeviceToHost));
  for_each_warp(n, blocks, warp, [&](int begin, int end) {
    int most = 0;
    for (int i = begin; i < end; ++i) most = std::max(most, in[i]);
    for (int i = begin; i < end; ++i) {
      expect("any_loop steps", i, steps[i], most);
      expect("any_loop left", i, left[i], in[i] - most);
    }
  });
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_steps));
  CHECK(hipFree(d_left));
}

static void check_uniform_rounds(int warp) {
  // Even, so that a lane and its neighbour are both in range; the last block is partial.
  const int n = 700, blocks = (n + kBlock - 1) / kBlock;
  std::vector<int> in = inputs(n, 23, 20);
  int *d_in, *d_rounds;
  float* d_values;
  CHECK(hipMalloc(&d_in, n * sizeof(int)));
  CHECK(hipMalloc(&d_values, n * sizeof(float)));
  CHECK(hipMalloc(&d_rounds, n * sizeof(int)));
  CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  uniform_rounds<<<blocks, dim3(kWidth, kHeight)>>>(d_in, d_values, d_rounds, n);
  CHECK_LAUNCH();
  std::vector<float> values(n);
  std::vector<int> rounds(n);
  CHECK(hipMemcpy(values.data(), d_values, n * sizeof(float), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(rounds.data(), d_rounds, n * sizeof(int), hipMemcpyDeviceToHost));
  for_each_warp(n, blocks, warp, [&](int begin, int end) {
    std::vector<float> v(in.begin() + begin, in.begin() + end), next(v.size());
    int round = 0;
    while (true) {
      for (size_t j = 0; j < v.size(); ++j) next[j] = v[j] + (std::floor(v[j ^ 1] * 0.5f) + 1.0f);
      v = next;
      ++round;
      if (std::all_of(v.begin(), v.end(), [&](float x) { return x >= kLimit; }) || round == 64)
        break;
    }
    for (int i = begin; i < end; ++i) {
      expect("uniform_rounds value", i, (long long)values[i], (long long)v[i - begin]);
      expect("uniform_rounds rounds", i, rounds[i], round);
    }
  });
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_values));
  CHECK(hipFree(d_rounds));
}

static void check_argument_rounds(int warp) {
  const int n = 700, blocks = (n + kBlock - 1) / kBlock;
  std::vector<int> in = inputs(n, 29, 30);
  for (int i = 0; i < n; i += 96) in[i] = -1;
  for (int i = 5; i < n; i += 41) in[i] = -1;
  int *d_in, *d_values, *d_rounds;
  CHECK(hipMalloc(&d_in, n * sizeof(int)));
  CHECK(hipMalloc(&d_values, n * sizeof(int)));
  CHECK(hipMalloc(&d_rounds, n * sizeof(int)));
  CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  for (int rounds : {4, 40}) {
    CHECK(hipMemset(d_values, 0xff, n * sizeof(int)));
    CHECK(hipMemset(d_rounds, 0xff, n * sizeof(int)));
    argument_rounds<<<blocks, dim3(kWidth, kHeight)>>>(d_in, d_values, d_rounds, n, rounds);
    CHECK_LAUNCH();
    std::vector<int> values(n), done(n);
    CHECK(hipMemcpy(values.data(), d_values, n * sizeof(int), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(done.data(), d_rounds, n * sizeof(int), hipMemcpyDeviceToHost));
    for_each_warp(n, blocks, warp, [&](int begin, int end) {
      std::vector<int> v;
      for (int i = begin; i < end; ++i)
        if (in[i] >= 0) v.push_back(in[i]);
      int r = 0;
      for (; r < rounds; ++r) {
        for (int& x : v) x += (x >> 1) + 1;
        if (std::all_of(v.begin(), v.end(), [](int x) { return x >= kIntLimit; })) break;
      }
      size_t k = 0;
      for (int i = begin; i < end; ++i) {
        if (in[i] < 0) {
          expect("argument_rounds untouched", i, values[i], -1);
          continue;
        }
        expect("argument_rounds value", i, values[i], v[k++]);
        expect("argument_rounds rounds", i, done[i], r);
      }
    });
  }
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_values));
  CHECK(hipFree(d_rounds));
}

static void check_optional_loop(int warp) {
  const int n = 900, blocks = (n + kBlock - 1) / kBlock;
  std::vector<int> in = inputs(n, 31, 25);
  std::vector<int> enabled = {1, 0, 1, 1, 0};
  int *d_in, *d_enabled, *d_out;
  CHECK(hipMalloc(&d_in, n * sizeof(int)));
  CHECK(hipMalloc(&d_enabled, blocks * sizeof(int)));
  CHECK(hipMalloc(&d_out, n * sizeof(int)));
  CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  CHECK(hipMemcpy(d_enabled, enabled.data(), blocks * sizeof(int), hipMemcpyHostToDevice));
  optional_loop<<<blocks, dim3(kWidth, kHeight)>>>(d_in, d_enabled, d_out, n);
  CHECK_LAUNCH();
  std::vector<int> out(n);
  CHECK(hipMemcpy(out.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
  for_each_warp(n, blocks, warp, [&](int begin, int end) {
    int steps = 0;
    if (enabled[begin / kBlock]) {
      int most = 0;
      for (int i = begin; i < end; ++i) most = std::max(most, in[i]);
      steps = (most + 1) / 2;
    }
    for (int i = begin; i < end; ++i)
      expect("optional_loop", i, out[i], steps * 1000 + in[i] - 2 * steps);
  });
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_enabled));
  CHECK(hipFree(d_out));
}

static void check_all_break(int warp) {
  const int blocks = 4, n = blocks * kBlock, rounds = 40, limit = 300;
  std::vector<int> in = inputs(n, 5, 20);
  int *d_in, *d_sums, *d_rounds;
  CHECK(hipMalloc(&d_in, n * sizeof(int)));
  CHECK(hipMalloc(&d_sums, n * sizeof(int)));
  CHECK(hipMalloc(&d_rounds, n * sizeof(int)));
  CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  all_break<<<blocks, dim3(kWidth, kHeight)>>>(d_in, d_sums, d_rounds, rounds, limit);
  CHECK_LAUNCH();
  std::vector<int> sums(n), done(n);
  CHECK(hipMemcpy(sums.data(), d_sums, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(done.data(), d_rounds, n * sizeof(int), hipMemcpyDeviceToHost));
  for_each_warp(n, blocks, warp, [&](int begin, int end) {
    std::vector<int> acc(end - begin, 0);
    int r = 0;
    for (; r < rounds; ++r) {
      bool all = true;
      for (int i = begin; i < end; ++i) {
        acc[i - begin] += in[i] * r + 1;
        all = all && acc[i - begin] > limit;
      }
      if (all) break;
    }
    for (int i = begin; i < end; ++i) {
      expect("all_break sum", i, sums[i], acc[i - begin]);
      expect("all_break rounds", i, done[i], r);
    }
  });
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_sums));
  CHECK(hipFree(d_rounds));
}

static void check_compact(int warp) {
  const int rows = 37, length = 200, threads = 128;
  const int blocks = (rows * warp + threads - 1) / threads;
  std::vector<int> in = inputs(rows * length, 17, 1000);
  int *d_in, *d_out, *d_counts;
  CHECK(hipMalloc(&d_in, rows * length * sizeof(int)));
  CHECK(hipMalloc(&d_out, rows * length * sizeof(int)));
  CHECK(hipMalloc(&d_counts, rows * sizeof(int)));
  CHECK(hipMemcpy(d_in, in.data(), rows * length * sizeof(int), hipMemcpyHostToDevice));
  CHECK(hipMemset(d_out, 0xff, rows * length * sizeof(int)));
  compact<<<blocks, threads>>>(d_in, d_out, d_counts, rows, length);
  CHECK_LAUNCH();
  std::vector<int> out(rows * length), counts(rows);
  CHECK(hipMemcpy(out.data(), d_out, rows * length * sizeof(int), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(counts.data(), d_counts, rows * sizeof(int), hipMemcpyDeviceToHost));
  for (int row = 0; row < rows; ++row) {
    int count = 0;
    for (int i = 0; i < length; ++i) {
      int v = in[row * length + i];
      if (v % 3 != 0) continue;
      expect("compact out", row * length + count, out[row * length + count], v);
      ++count;
    }
    expect("compact count", row, counts[row], count);
  }
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
  CHECK(hipFree(d_counts));
}

static void check_carried(int warp) {
  const int n = 700, blocks = (n + kBlock - 1) / kBlock;
  std::vector<int> in = inputs(n, 23, 1 << 20);
  int *d_in, *d_out;
  CHECK(hipMalloc(&d_in, n * sizeof(int)));
  CHECK(hipMalloc(&d_out, 3 * n * sizeof(int)));
  CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  carried<<<blocks, dim3(kWidth, kHeight)>>>(d_in, d_out, n);
  CHECK_LAUNCH();
  std::vector<int> out(3 * n);
  CHECK(hipMemcpy(out.data(), d_out, 3 * n * sizeof(int), hipMemcpyDeviceToHost));
  for_each_warp(n, blocks, warp, [&](int begin, int end) {
    int most = 0;
    for (int i = begin; i < end; ++i) most = std::max(most, in[i] & 7);
    for (int i = begin; i < end; ++i) {
      int x = i % kWidth, y = (i % kBlock) / kWidth;
      int limit = in[i] & 7, last = -1;
      for (int c = 0; c < most; ++c)
        if (c % 2 == 1 && c < limit) last = c * 10 + x;
      expect("carried keep", i, out[3 * i], in[i] * 7 + y);
      expect("carried count", i, out[3 * i + 1], most);
      expect("carried last", i, out[3 * i + 2], last);
    }
  });
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
}

static void check_last_seen(int warp) {
  const int n = 900, blocks = (n + kBlock - 1) / kBlock;
  std::vector<int> in = inputs(n, 29, 1 << 20);
  int *d_in, *d_out;
  CHECK(hipMalloc(&d_in, n * sizeof(int)));
  CHECK(hipMalloc(&d_out, 5 * n * sizeof(int)));
  CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  last_seen<<<blocks, dim3(kWidth, kHeight)>>>(d_in, d_out, n);
  CHECK_LAUNCH();
  std::vector<int> out(5 * n);
  CHECK(hipMemcpy(out.data(), d_out, 5 * n * sizeof(int), hipMemcpyDeviceToHost));
  for_each_warp(n, blocks, warp, [&](int begin, int end) {
    int many = 0;
    for (int i = begin; i < end; ++i) many += (in[i] & 15) > 7;
    for (int i = begin; i < end; ++i) {
      int x = in[i], limit = x & 15, seen[4] = {-1, -1, -1, -1};
      for (int j = 0; j < limit; ++j) seen[(x >> (2 * (j % 8))) & 3] = j;
      for (int k = 0; k < 4; ++k) expect("last_seen", 5 * i + k, out[5 * i + k], seen[k]);
      expect("last_seen many", i, out[5 * i + 4], many);
    }
  });
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
}

static void check_barrier_rounds() {
  const int blocks = 3, n = blocks * kBlock, rounds = 9;
  std::vector<int> in = inputs(n, 31, 50);
  int *d_in, *d_out;
  CHECK(hipMalloc(&d_in, n * sizeof(int)));
  CHECK(hipMalloc(&d_out, n * sizeof(int)));
  CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  barrier_rounds<<<blocks, dim3(kWidth, kHeight)>>>(d_in, d_out, rounds);
  CHECK_LAUNCH();
  std::vector<int> out(n);
  CHECK(hipMemcpy(out.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int block = 0; block < blocks; ++block)
    for (int t = 0; t < kBlock; ++t) {
      int g = block * kBlock + t, u = (t + 1) % kBlock, best = -1;
      for (int r = 0; r < rounds; ++r)
        if (in[block * kBlock + u] + r * (u % 3) > in[g] + r * (t % 3)) best = r;
      expect("barrier_rounds", g, out[g], best);
    }
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
}

int main() {
  print_device("warp_vote_loops");
  int device = 0;
  CHECK(hipGetDevice(&device));
  hipDeviceProp_t props;
  CHECK(hipGetDeviceProperties(&props, device));
  int warp = props.warpSize;
  check_any_loop(warp);
  check_all_break(warp);
  check_uniform_rounds(warp);
  check_argument_rounds(warp);
  check_optional_loop(warp);
  check_compact(warp);
  check_carried(warp);
  check_last_seen(warp);
  check_barrier_rounds();
  return finish("warp_vote_loops", errors);
}
