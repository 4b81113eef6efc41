// Shuffles and votes at several widths, in loops, on 3-D blocks with a partial last warp,
// with lanes that return early and warps that leave a loop at different times; checked
// against host-computed values. On the CPU device these kernels are split at their warp
// exchanges (codegen's cpu_regions): the loops over the work-items between exchanges are
// vectorised when every work-item is live, the group entry point does an exchange that the
// whole group waits at, and the runtime one that only some warps wait at.
//  - scan_widths<W>: inclusive __shfl_up scans of an int and of a 24-byte array (a frame
//    column whose pitch is larger than its size), each segment's total by __shfl, its
//    ballot, __any and __all, on a 12x4x3 block (144 threads: the last warp has 16 lanes);
//  - vote_loop: lanes 24 to 31 of each warp return at once; the others loop while
//    __any_sync says one still has work, with a ballot and a width-8 rotation each round, so
//    that warps leave the loop after different numbers of rounds (100-thread blocks);
//  - first_warp_then_all: the first warp butterflies while the others wait at a barrier,
//    then every lane scans in groups of 4.
// Assumes 32-lane warps (the program says so and passes elsewhere).
// See: issue 26, item 6.
#include "check.h"
#include <algorithm>
#include <vector>

constexpr int kWarp = 32;
constexpr int kModulus = 1000003;

template <int W>
__global__ void scan_widths(const int* in, int* out, long long* trios) {
  int threads = blockDim.x * blockDim.y * blockDim.z;
  int t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  int g = blockIdx.x * threads + t;
  int lane = t % kWarp, relative = lane % W, start = lane - relative;
  int in_warp = std::min(kWarp, threads - (t - lane));
  int x = in[g];
  long long trio[3] = {x, 2ll * x, (long long)g << 20};
  for (int delta = 1; delta < W; delta *= 2) {
    int y = __shfl_up(x, delta, W);
    if (relative >= delta) x += y;
    for (int k = 0; k < 3; ++k) {
      long long other = __shfl_up(trio[k], delta, W);
      if (relative >= delta) trio[k] += other;
    }
  }
  int last = std::min(W, in_warp - start) - 1;
  int total = __shfl(x, last, W);
  unsigned long long votes = __ballot(x & 1);
  unsigned long long segment = W == 64 ? ~0ull : (1ull << W) - 1;
  out[g * 5 + 0] = x;
  out[g * 5 + 1] = total;
  out[g * 5 + 2] = (int)((votes >> start) & segment);
  out[g * 5 + 3] = __any(x > 40);
  out[g * 5 + 4] = __all(x > -40);
  for (int k = 0; k < 3; ++k) trios[g * 3 + k] = trio[k];
}

__global__ void vote_loop(const int* work, int* out) {
  int t = threadIdx.x, lane = t % kWarp, g = blockIdx.x * blockDim.x + t;
  int in_warp = std::min(kWarp, (int)blockDim.x - (t - lane));
  int staying = std::min(24, in_warp);
  if (lane >= staying) {
    out[g * 3 + 0] = -1;
    return;
  }
  unsigned long long mask = (1ull << staying) - 1;
  int group = lane & ~7, in_group = std::min(8, staying - group);
  int remaining = work[g], rounds = 0;
  long long carried = lane;
  while (__any_sync(mask, remaining > 0)) {
    ++rounds;
    unsigned long long busy = __ballot_sync(mask, remaining > 0);
    long long next = __shfl_sync(mask, carried, (lane - group + 1) % in_group, 8);
    carried = (next * 3 + __popcll(busy)) % kModulus;
    if (remaining > 0) --remaining;
  }
  out[g * 3 + 0] = rounds;
  out[g * 3 + 1] = (int)carried;
  out[g * 3 + 2] = (int)__popcll(__ballot_sync(mask, rounds > 2));
}

__global__ void first_warp_then_all(const int* in, int* out) {
  __shared__ int total;
  int t = threadIdx.x, lane = t % kWarp, g = blockIdx.x * blockDim.x + t;
  int x = in[g];
  if (t < kWarp) {
    int sum = x;
    for (int mask = 1; mask < kWarp; mask *= 2) sum += __shfl_xor(sum, mask);
    if (t == 0) total = sum;
  }
  __syncthreads();
  x += total;
  for (int delta = 1; delta < 4; delta *= 2) {
    int y = __shfl_up(x, delta, 4);
    if (lane % 4 >= delta) x += y;
  }
  out[g] = x;
}

static long long errors = 0;

static void expect(const char* what, int index, long long got, long long want) {
  if (got != want && ++errors <= 10)
    std::printf("%s[%d]: got %lld, expected %lld\n", what, index, got, want);
}

template <class T> static T* to_device(const std::vector<T>& host) {
  T* device = nullptr;
  CHECK(hipMalloc(&device, host.size() * sizeof(T)));
  CHECK(hipMemcpy(device, host.data(), host.size() * sizeof(T), hipMemcpyHostToDevice));
  return device;
}

template <class T> static std::vector<T> to_host(const T* device, size_t count) {
  std::vector<T> host(count);
  CHECK(hipMemcpy(host.data(), device, count * sizeof(T), hipMemcpyDeviceToHost));
  return host;
}

template <int W> static void scan_case(unsigned long long* seed) {
  const dim3 block(12, 4, 3);
  const int threads = 12 * 4 * 3, blocks = 3, n = threads * blocks;
  std::vector<int> in(n);
  for (int& value : in) value = (int)(next_random(seed) % 21) - 10;
  int* d_in = to_device(in);
  int* d_out = to_device(std::vector<int>(n * 5, 0));
  long long* d_trios = to_device(std::vector<long long>(n * 3, 0));
  scan_widths<W><<<blocks, block>>>(d_in, d_out, d_trios);
  CHECK_LAUNCH();
  std::vector<int> out = to_host(d_out, n * 5);
  std::vector<long long> trios = to_host(d_trios, n * 3);
  for (int b = 0; b < blocks; ++b) {
    for (int first = 0; first < threads; first += kWarp) {
      int in_warp = std::min(kWarp, threads - first);
      std::vector<int> scan(in_warp);
      std::vector<long long> trio(in_warp * 3);
      for (int lane = 0; lane < in_warp; ++lane) {
        int g = b * threads + first + lane, relative = lane % W;
        int value = in[g];
        long long previous[3] = {0, 0, 0};
        if (relative > 0)
          for (int k = 0; k < 3; ++k) previous[k] = trio[(lane - 1) * 3 + k];
        scan[lane] = (relative > 0 ? scan[lane - 1] : 0) + value;
        trio[lane * 3 + 0] = previous[0] + value;
        trio[lane * 3 + 1] = previous[1] + 2ll * value;
        trio[lane * 3 + 2] = previous[2] + ((long long)g << 20);
      }
      bool any = false, all = true;
      unsigned long long odd = 0;
      for (int lane = 0; lane < in_warp; ++lane) {
        any |= scan[lane] > 40;
        all &= scan[lane] > -40;
        odd |= (unsigned long long)(scan[lane] & 1) << lane;
      }
      for (int lane = 0; lane < in_warp; ++lane) {
        int g = b * threads + first + lane, start = lane - lane % W;
        int last = std::min(start + W, in_warp) - 1;
        unsigned long long segment = W == 64 ? ~0ull : (1ull << W) - 1;
        expect("scan", g, out[g * 5 + 0], scan[lane]);
        expect("scan total", g, out[g * 5 + 1], scan[last]);
        expect("scan ballot", g, out[g * 5 + 2], (int)((odd >> start) & segment));
        expect("scan any", g, out[g * 5 + 3], any);
        expect("scan all", g, out[g * 5 + 4], all);
        for (int k = 0; k < 3; ++k) expect("scan trio", g * 3 + k, trios[g * 3 + k], trio[lane * 3 + k]);
      }
    }
  }
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
  CHECK(hipFree(d_trios));
}

static void vote_case(unsigned long long* seed) {
  const int threads = 100, blocks = 3, n = threads * blocks;
  std::vector<int> work(n);
  for (int& value : work) value = (int)(next_random(seed) % 9);
  int* d_work = to_device(work);
  int* d_out = to_device(std::vector<int>(n * 3, 7));
  vote_loop<<<blocks, threads>>>(d_work, d_out);
  CHECK_LAUNCH();
  std::vector<int> out = to_host(d_out, n * 3);
  for (int b = 0; b < blocks; ++b) {
    for (int first = 0; first < threads; first += kWarp) {
      int staying = std::min(24, std::min(kWarp, threads - first));
      std::vector<int> remaining(staying);
      std::vector<long long> carried(staying);
      for (int lane = 0; lane < staying; ++lane) {
        remaining[lane] = work[b * threads + first + lane];
        carried[lane] = lane;
      }
      int rounds = 0;
      while (std::any_of(remaining.begin(), remaining.end(), [](int r) { return r > 0; })) {
        ++rounds;
        int busy = (int)std::count_if(remaining.begin(), remaining.end(), [](int r) { return r > 0; });
        std::vector<long long> next(staying);
        for (int lane = 0; lane < staying; ++lane) {
          int group = lane & ~7, in_group = std::min(8, staying - group);
          next[lane] = (carried[group + (lane - group + 1) % in_group] * 3 + busy) % kModulus;
        }
        carried = next;
        for (int& r : remaining)
          if (r > 0) --r;
      }
      for (int lane = 0; lane < std::min(kWarp, threads - first); ++lane) {
        int g = b * threads + first + lane;
        if (lane >= staying) {
          expect("vote_loop (returned lane)", g, out[g * 3 + 0], -1);
          continue;
        }
        expect("vote_loop rounds", g, out[g * 3 + 0], rounds);
        expect("vote_loop carried", g, out[g * 3 + 1], carried[lane]);
        expect("vote_loop ballot", g, out[g * 3 + 2], rounds > 2 ? staying : 0);
      }
    }
  }
  CHECK(hipFree(d_work));
  CHECK(hipFree(d_out));
}

static void first_warp_case(unsigned long long* seed) {
  const int threads = 100, blocks = 3, n = threads * blocks;
  std::vector<int> in(n);
  for (int& value : in) value = (int)(next_random(seed) % 100);
  int* d_in = to_device(in);
  int* d_out = to_device(std::vector<int>(n, 0));
  first_warp_then_all<<<blocks, threads>>>(d_in, d_out);
  CHECK_LAUNCH();
  std::vector<int> out = to_host(d_out, n);
  for (int b = 0; b < blocks; ++b) {
    int total = 0;
    for (int t = 0; t < kWarp; ++t) total += in[b * threads + t];
    int running = 0;
    for (int t = 0; t < threads; ++t) {
      int g = b * threads + t;
      running = (t % 4 == 0 ? 0 : running) + in[g] + total;
      expect("first_warp_then_all", g, out[g], running);
    }
  }
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
}

int main() {
  print_device("warp_widths");
  int device = 0;
  CHECK(hipGetDevice(&device));
  hipDeviceProp_t props;
  CHECK(hipGetDeviceProperties(&props, device));
  if (props.warpSize != kWarp) {
    std::printf("warp_widths: %d-lane warps, not checked\n", props.warpSize);
    return finish("warp_widths", 0);
  }
  unsigned long long seed = 26;
  scan_case<4>(&seed);
  scan_case<8>(&seed);
  scan_case<16>(&seed);
  scan_case<32>(&seed);
  vote_case(&seed);
  first_warp_case(&seed);
  return finish("warp_widths", errors);
}
