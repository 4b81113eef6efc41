// Shuffles whose kind, distance and width are constants (template arguments): every kind, at
// widths from 1 to 32 and distances from 0 to 32, on 1-D blocks of 256 and 100 threads (a
// partial last warp) and 2-D blocks of 8x12 and 5x7, with and without lanes that return
// before the shuffle; then the chains real kernels are made of (a __shfl_down reduction, an
// __shfl_xor butterfly, a __shfl_up scan at width 16), each checked against the host.
// On the CPU device a split kernel's group entry point has the runtime do such a shuffle for
// the whole group at once from its pattern (split.rs's exchange_patterned; issue 26, item 6),
// and does any other lane by lane; the results must be the same on every target.
// A lane whose source lane returned, or lies past the end of a partial warp, reads an
// undefined value on a GPU, and 0 on the CPU device: checked there only.
#include "check.h"
#include <algorithm>
#include <string>
#include <vector>

constexpr int kWarp = 32;
enum Kind { kIdx, kUp, kDown, kXor };

template <int K, int Op, int W>
__device__ long long shuffle(long long x) {
  if (K == kIdx) return __shfl(x, Op, W);
  if (K == kUp) return __shfl_up(x, Op, W);
  if (K == kDown) return __shfl_down(x, Op, W);
  return __shfl_xor(x, Op, W);
}

// Two shuffles of the same pattern, of a 64-bit and of a 32-bit value; lanes with
// `t % 7 == Skip` return first (none when Skip is 7).
template <int K, int Op, int W, int Skip>
__global__ void shuffle_once(const long long* in, long long* out, int* narrow) {
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  int g = blockIdx.x * blockDim.x * blockDim.y + t;
  if (t % 7 == Skip) return;
  long long x = in[g];
  out[g] = shuffle<K, Op, W>(x);
  narrow[g] = (int)shuffle<K, Op, W>((long long)(int)(x * 3));
}

__global__ void chains(const int* in, int* out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % kWarp;
  int x = in[g];
  int sum = x;
  for (int offset = kWarp / 2; offset > 0; offset /= 2) sum += __shfl_down(sum, offset);
  int total = x;
  for (int mask = 1; mask < kWarp; mask *= 2) total += __shfl_xor(total, mask);
  int scan = x;
  for (int delta = 1; delta < 16; delta *= 2) {
    int y = __shfl_up(scan, delta, 16);
    if (lane % 16 >= delta) scan += y;
  }
  out[g * 3 + 0] = sum;
  out[g * 3 + 1] = total;
  out[g * 3 + 2] = scan;
}

static long long errors = 0;
// On the CPU device a lane that reads a returned lane, or one past a partial warp, gets 0
// (docs/cpu-target.md); GPUs leave it undefined.
static bool on_cpu = false;

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

// The lane `lane` reads, as CUDA and HIP define it: a source outside the lane's group of
// `width` reads its own value, except that `xor` may reach into an earlier group.
static int source_lane(int kind, int operand, int width, int lane) {
  int first = lane & ~(width - 1), source;
  switch (kind) {
    case kIdx:
      return first + (operand & (width - 1));
    case kUp:
      source = lane - operand;
      return source < first ? lane : source;
    case kDown:
      source = lane + operand;
      return source >= first + width ? lane : source;
    default:
      source = lane ^ operand;
      return source >= first + width ? lane : source;
  }
}

template <int K, int Op, int W, int Skip> static void once_case(dim3 block, unsigned long long* seed) {
  const int threads = block.x * block.y, blocks = 3, n = threads * blocks;
  std::vector<long long> in(n);
  for (long long& value : in) value = ((long long)next_random(seed) << 20) ^ next_random(seed);
  long long* d_in = to_device(in);
  long long* d_out = to_device(std::vector<long long>(n, -1));
  int* d_narrow = to_device(std::vector<int>(n, -1));
  shuffle_once<K, Op, W, Skip><<<blocks, block>>>(d_in, d_out, d_narrow);
  CHECK_LAUNCH();
  std::vector<long long> out = to_host(d_out, n);
  std::vector<int> narrow = to_host(d_narrow, n);
  char what[64];
  std::snprintf(what, sizeof what, "kind %d op %d width %d skip %d block %ux%u", K, Op, W, Skip,
                block.x, block.y);
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < threads; ++t) {
      int g = b * threads + t, lane = t % kWarp, first = t - lane;
      if (t % 7 == Skip) continue;
      int source = source_lane(K, Op, W, lane);
      int source_t = first + source;
      long long want;
      if (source_t < threads && source_t % 7 != Skip)
        want = in[b * threads + source_t];
      else if (on_cpu)
        want = 0;  // the CPU device's rule: returned and missing lanes offer 0
      else
        continue;
      expect(what, g, out[g], want);
      expect(what, g, narrow[g], (int)(want * 3));
    }
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
  CHECK(hipFree(d_narrow));
}

// Every block shape, with no lane returning and with lanes 3, 10, 17... returning.
template <int K, int Op, int W> static void pattern_case(unsigned long long* seed) {
  for (dim3 block : {dim3(256), dim3(100), dim3(8, 12), dim3(5, 7)}) {
    once_case<K, Op, W, 7>(block, seed);
    once_case<K, Op, W, 3>(block, seed);
  }
}

static void chains_case(unsigned long long* seed) {
  const int threads = 256, blocks = 5, n = threads * blocks;
  std::vector<int> in(n);
  for (int& value : in) value = (int)(next_random(seed) % 2001) - 1000;
  int* d_in = to_device(in);
  int* d_out = to_device(std::vector<int>(n * 3, 0));
  chains<<<blocks, threads>>>(d_in, d_out);
  CHECK_LAUNCH();
  std::vector<int> out = to_host(d_out, n * 3);
  for (int warp = 0; warp < n / kWarp; ++warp) {
    const int* x = &in[warp * kWarp];
    std::vector<int> sum(x, x + kWarp), scan(x, x + kWarp);
    for (int offset = kWarp / 2; offset > 0; offset /= 2) {
      std::vector<int> next(sum);
      // A lane whose source is past the warp reads, and adds, its own value.
      for (int lane = 0; lane < kWarp; ++lane)
        next[lane] += sum[lane + offset < kWarp ? lane + offset : lane];
      sum = next;
    }
    for (int delta = 1; delta < 16; delta *= 2) {
      std::vector<int> next(scan);
      for (int lane = 0; lane < kWarp; ++lane)
        if (lane % 16 >= delta) next[lane] += scan[lane - delta];
      scan = next;
    }
    int total = 0;
    for (int lane = 0; lane < kWarp; ++lane) total += x[lane];
    for (int lane = 0; lane < kWarp; ++lane) {
      int g = warp * kWarp + lane;
      expect("reduction", g, out[g * 3 + 0], sum[lane]);
      expect("butterfly", g, out[g * 3 + 1], total);
      expect("scan", g, out[g * 3 + 2], scan[lane]);
    }
  }
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
}

int main() {
  print_device("warp_patterns");
  hipDeviceProp_t props;
  CHECK(hipGetDeviceProperties(&props, 0));
  on_cpu = std::string(props.gcnArchName) == "host";
  unsigned long long seed = 26;
  pattern_case<kDown, 1, 32>(&seed);
  pattern_case<kDown, 5, 32>(&seed);
  pattern_case<kDown, 16, 32>(&seed);
  pattern_case<kDown, 32, 32>(&seed);
  pattern_case<kDown, 3, 4>(&seed);
  pattern_case<kDown, 2, 8>(&seed);
  pattern_case<kDown, 0, 16>(&seed);
  pattern_case<kDown, 1, 1>(&seed);
  pattern_case<kUp, 1, 32>(&seed);
  pattern_case<kUp, 16, 32>(&seed);
  pattern_case<kUp, 31, 32>(&seed);
  pattern_case<kUp, 2, 8>(&seed);
  pattern_case<kUp, 1, 2>(&seed);
  pattern_case<kXor, 1, 32>(&seed);
  pattern_case<kXor, 2, 32>(&seed);
  pattern_case<kXor, 3, 32>(&seed);
  pattern_case<kXor, 4, 32>(&seed);
  pattern_case<kXor, 12, 32>(&seed);
  pattern_case<kXor, 16, 32>(&seed);
  pattern_case<kXor, 31, 32>(&seed);
  pattern_case<kXor, 6, 8>(&seed);
  pattern_case<kXor, 8, 4>(&seed);
  pattern_case<kIdx, 0, 32>(&seed);
  pattern_case<kIdx, 5, 32>(&seed);
  pattern_case<kIdx, 31, 32>(&seed);
  pattern_case<kIdx, 11, 8>(&seed);
  pattern_case<kIdx, 37, 16>(&seed);
  chains_case(&seed);
  return finish("warp_patterns", errors);
}
