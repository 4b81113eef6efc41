// Chains of shuffles with constant patterns and the arithmetic between them: warp
// reductions of int, long long, float and double (__shfl_down_sync), scans at widths 32 and
// 16 on full and partial warps (__shfl_up), a butterfly maximum then a broadcast
// (__shfl_xor, fmaxf, __shfl), a scan inside a loop, a block scan whose second level runs on
// one warp, then on two warps that are not neighbours, while the others wait at a barrier,
// and a chain that carries more than 64 bits between its shuffles. On the CPU device each
// chain that fits is computed for a whole warp at once (codegen's cpu_warp_runs.rs, issue
// 26 item 6); every target must give what the host computes step by step.
// Lanes that returned before a reduction: on the CPU device every shuffle of the chain reads
// 0 from them (docs/cpu-target.md); GPUs leave it undefined, so that part is checked on the
// CPU device only.
#include "check.h"
#include <algorithm>
#include <string>
#include <vector>

constexpr int kWarp = 32;

template <class T>
__global__ void reduce_down(const T* in, T* out, int n) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  T x = g < n ? in[g] : T(0);
  for (int offset = kWarp / 2; offset > 0; offset /= 2) x += __shfl_down_sync(~0u, x, offset);
  if (threadIdx.x % kWarp == 0) out[g / kWarp] = x;
}

template <int W>
__global__ void scan_up(const int* in, int* out, int n) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % W;
  int x = g < n ? in[g] : 0;
  for (int delta = 1; delta < W; delta *= 2) {
    int y = __shfl_up(x, delta, W);
    if (lane >= delta) x += y;
  }
  if (g < n) out[g] = x;
}

__global__ void butterfly(const float* in, float* maxima, int* firsts) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % kWarp;
  float m = in[g];
  for (int mask = kWarp / 2; mask > 0; mask /= 2) m = fmaxf(m, __shfl_xor(m, mask));
  int first = __shfl((int)(m * 4.0f) + lane * 3, 0);
  maxima[g] = m;
  firsts[g] = first;
}

// `rounds` is not a constant: the loop stays, and the chain is its body's.
__global__ void looped(const int* in, int* out, int rounds) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int x = in[g];
  for (int r = 0; r < rounds; ++r) {
    for (int offset = 1; offset < kWarp; offset *= 2) x ^= __shfl_xor(x, offset) + offset;
    x = x / 3 + r;
  }
  out[g] = x;
}

// A block scan (256 threads): each warp scans, the warps' totals go through shared memory,
// and the warps whose bit is set in `scanners` scan the totals while the others wait.
__global__ void block_scan(const int* in, int* out, int* second, unsigned scanners) {
  __shared__ int totals[8];
  int t = threadIdx.x, lane = t % kWarp, warp = t / kWarp;
  int g = blockIdx.x * blockDim.x + t;
  int x = in[g];
  for (int delta = 1; delta < kWarp; delta *= 2) {
    int y = __shfl_up_sync(~0u, x, delta);
    if (lane >= delta) x += y;
  }
  if (lane == kWarp - 1) totals[warp] = x;
  __syncthreads();
  if ((scanners >> warp) & 1) {
    int total = lane < 8 ? totals[lane] : 0;
    for (int delta = 1; delta < kWarp; delta *= 2) {
      int y = __shfl_up_sync(~0u, total, delta);
      if (lane >= delta) total += y;
    }
    if (lane < 8) second[blockIdx.x * 64 + warp * 8 + lane] = total;
  }
  __syncthreads();
  out[g] = x;
}

// Two 64-bit values cross each step: more than a word, so the chain stays one exchange per
// shuffle on the CPU device.
__global__ void wide_pair(const long long* in, long long* out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  long long a = in[g], b = in[g] * 7 + 1;
  for (int offset = 1; offset < kWarp; offset *= 2) {
    a += __shfl_xor(b, offset);
    b ^= __shfl_xor(a, offset);
  }
  out[2 * g] = a;
  out[2 * g + 1] = b;
}

// Lanes with `t % 7 == 3` return first; the others reduce.
__global__ void reduce_after_returns(const int* in, int* out) {
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  int g = blockIdx.x * blockDim.x * blockDim.y + t;
  if (t % 7 == 3) return;
  int x = in[g];
  for (int offset = kWarp / 2; offset > 0; offset /= 2) x += __shfl_down(x, offset);
  out[g] = x;
}

static long long errors = 0;

template <class T>
static void expect(const char* what, long long index, T got, T want) {
  if (got == want) return;
  if (++errors <= 10)
    std::printf("%s[%lld]: got %s, want %s\n", what, index, std::to_string(got).c_str(),
                std::to_string(want).c_str());
}

// The source lane of `lane` for each kind (CUDA's rules at width `w`).
static int down(int lane, int offset, int w) {
  int end = (lane / w + 1) * w;
  return lane + offset < end ? lane + offset : lane;
}
static int up(int lane, int delta, int w) {
  int first = lane / w * w;
  return lane - delta >= first ? lane - delta : lane;
}

template <class T>
static void check_reduce(const char* name, int n) {
  int blocks = (n + 255) / 256;
  std::vector<T> in(blocks * 256, T(0));
  unsigned long long seed = 11;
  for (int i = 0; i < n; ++i) in[i] = T((int)(next_random(&seed) % 2001) - 1000) / T(8);
  T *d_in, *d_out;
  CHECK(hipMalloc(&d_in, in.size() * sizeof(T)));
  CHECK(hipMalloc(&d_out, blocks * 8 * sizeof(T)));
  CHECK(hipMemcpy(d_in, in.data(), in.size() * sizeof(T), hipMemcpyHostToDevice));
  reduce_down<T><<<blocks, 256>>>(d_in, d_out, n);
  CHECK_LAUNCH();
  std::vector<T> out(blocks * 8);
  CHECK(hipMemcpy(out.data(), d_out, out.size() * sizeof(T), hipMemcpyDeviceToHost));
  for (int w = 0; w < blocks * 8; ++w) {
    T x[kWarp];
    for (int l = 0; l < kWarp; ++l) x[l] = in[w * kWarp + l];
    for (int offset = kWarp / 2; offset > 0; offset /= 2) {
      T next[kWarp];
      for (int l = 0; l < kWarp; ++l) next[l] = x[l] + x[down(l, offset, kWarp)];
      for (int l = 0; l < kWarp; ++l) x[l] = next[l];
    }
    expect(name, w, out[w], x[0]);
  }
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
}

template <int W>
static void check_scan(int block, int n) {
  int blocks = (n + block - 1) / block;
  std::vector<int> in(n);
  unsigned long long seed = 5 + W;
  for (int& v : in) v = (int)(next_random(&seed) % 100) - 30;
  int *d_in, *d_out;
  CHECK(hipMalloc(&d_in, n * sizeof(int)));
  CHECK(hipMalloc(&d_out, n * sizeof(int)));
  CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  scan_up<W><<<blocks, block>>>(d_in, d_out, n);
  CHECK_LAUNCH();
  std::vector<int> out(n);
  CHECK(hipMemcpy(out.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
  std::string what = "scan_up<" + std::to_string(W) + "> block " + std::to_string(block);
  for (int i = 0; i < n; ++i) {
    int t = i % block;
    // An inclusive scan within the lane's group of W lanes (of its warp, in its block).
    int first = t - (t % kWarp) % W;
    int want = 0;
    for (int k = first; k <= t; ++k) want += in[i - t + k];
    expect(what.c_str(), i, out[i], want);
  }
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
}

static void check_butterfly() {
  const int n = 4 * 96;
  std::vector<float> in(n);
  unsigned long long seed = 3;
  for (float& v : in) v = (float)((int)(next_random(&seed) % 4001) - 2000) / 16.0f;
  float *d_in, *d_max;
  int* d_first;
  CHECK(hipMalloc(&d_in, n * sizeof(float)));
  CHECK(hipMalloc(&d_max, n * sizeof(float)));
  CHECK(hipMalloc(&d_first, n * sizeof(int)));
  CHECK(hipMemcpy(d_in, in.data(), n * sizeof(float), hipMemcpyHostToDevice));
  butterfly<<<4, 96>>>(d_in, d_max, d_first);
  CHECK_LAUNCH();
  std::vector<float> maxima(n);
  std::vector<int> firsts(n);
  CHECK(hipMemcpy(maxima.data(), d_max, n * sizeof(float), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(firsts.data(), d_first, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int w = 0; w < n / kWarp; ++w) {
    float m = in[w * kWarp];
    for (int l = 1; l < kWarp; ++l) m = std::max(m, in[w * kWarp + l]);
    for (int l = 0; l < kWarp; ++l) {
      expect("butterfly max", w * kWarp + l, maxima[w * kWarp + l], m);
      expect("butterfly broadcast", w * kWarp + l, firsts[w * kWarp + l], (int)(m * 4.0f));
    }
  }
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_max));
  CHECK(hipFree(d_first));
}

static void check_looped() {
  const int n = 128, rounds = 5;
  std::vector<int> in(n);
  unsigned long long seed = 9;
  for (int& v : in) v = (int)(next_random(&seed) % 100000);
  int *d_in, *d_out;
  CHECK(hipMalloc(&d_in, n * sizeof(int)));
  CHECK(hipMalloc(&d_out, n * sizeof(int)));
  CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  looped<<<2, 64>>>(d_in, d_out, rounds);
  CHECK_LAUNCH();
  std::vector<int> out(n);
  CHECK(hipMemcpy(out.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
  std::vector<int> x = in;
  for (int r = 0; r < rounds; ++r) {
    for (int offset = 1; offset < kWarp; offset *= 2) {
      std::vector<int> next = x;
      for (int i = 0; i < n; ++i) next[i] = x[i] ^ (x[(i / kWarp) * kWarp + ((i % kWarp) ^ offset)] + offset);
      x = next;
    }
    for (int& v : x) v = v / 3 + r;
  }
  for (int i = 0; i < n; ++i) expect("looped", i, out[i], x[i]);
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
}

static void check_block_scan(unsigned scanners) {
  const int blocks = 3, n = blocks * 256;
  std::vector<int> in(n);
  unsigned long long seed = 21 + scanners;
  for (int& v : in) v = (int)(next_random(&seed) % 50) - 10;
  int *d_in, *d_out, *d_second;
  CHECK(hipMalloc(&d_in, n * sizeof(int)));
  CHECK(hipMalloc(&d_out, n * sizeof(int)));
  CHECK(hipMalloc(&d_second, blocks * 64 * sizeof(int)));
  CHECK(hipMemset(d_second, 0, blocks * 64 * sizeof(int)));
  CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  block_scan<<<blocks, 256>>>(d_in, d_out, d_second, scanners);
  CHECK_LAUNCH();
  std::vector<int> out(n), second(blocks * 64);
  CHECK(hipMemcpy(out.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(second.data(), d_second, second.size() * sizeof(int), hipMemcpyDeviceToHost));
  std::string what = "block_scan scanners " + std::to_string(scanners);
  for (int b = 0; b < blocks; ++b) {
    int totals[8];
    for (int w = 0; w < 8; ++w) {
      int sum = 0;
      for (int l = 0; l < kWarp; ++l) {
        int i = b * 256 + w * kWarp + l;
        sum += in[i];
        expect(what.c_str(), i, out[i], sum);
      }
      totals[w] = sum;
    }
    for (int w = 0; w < 8; ++w) {
      int running = 0;
      for (int l = 0; l < 8; ++l) {
        running += totals[l];
        int want = ((scanners >> w) & 1) ? running : 0;
        expect((what + " second").c_str(), b * 64 + w * 8 + l, second[b * 64 + w * 8 + l], want);
      }
    }
  }
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
  CHECK(hipFree(d_second));
}

static void check_wide_pair() {
  const int n = 64;
  std::vector<long long> in(n);
  unsigned long long seed = 77;
  for (long long& v : in) v = ((long long)next_random(&seed) << 20) ^ next_random(&seed);
  long long *d_in, *d_out;
  CHECK(hipMalloc(&d_in, n * sizeof(long long)));
  CHECK(hipMalloc(&d_out, 2 * n * sizeof(long long)));
  CHECK(hipMemcpy(d_in, in.data(), n * sizeof(long long), hipMemcpyHostToDevice));
  wide_pair<<<1, n>>>(d_in, d_out);
  CHECK_LAUNCH();
  std::vector<long long> out(2 * n);
  CHECK(hipMemcpy(out.data(), d_out, out.size() * sizeof(long long), hipMemcpyDeviceToHost));
  std::vector<long long> a(n), b(n);
  for (int i = 0; i < n; ++i) {
    a[i] = in[i];
    b[i] = in[i] * 7 + 1;
  }
  for (int offset = 1; offset < kWarp; offset *= 2) {
    std::vector<long long> next_a(n), next_b(n);
    for (int i = 0; i < n; ++i) next_a[i] = a[i] + b[(i / kWarp) * kWarp + ((i % kWarp) ^ offset)];
    for (int i = 0; i < n; ++i) next_b[i] = b[i] ^ next_a[(i / kWarp) * kWarp + ((i % kWarp) ^ offset)];
    a = next_a;
    b = next_b;
  }
  for (int i = 0; i < n; ++i) {
    expect("wide_pair a", i, out[2 * i], a[i]);
    expect("wide_pair b", i, out[2 * i + 1], b[i]);
  }
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
}

// A 5x7 block (35 threads: a warp and a partial warp of 3 lanes), two blocks.
static void check_returns(bool on_cpu) {
  const int per_block = 35, blocks = 2, n = per_block * blocks;
  std::vector<int> in(n);
  unsigned long long seed = 31;
  for (int& v : in) v = (int)(next_random(&seed) % 1000);
  int *d_in, *d_out;
  CHECK(hipMalloc(&d_in, n * sizeof(int)));
  CHECK(hipMalloc(&d_out, n * sizeof(int)));
  CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  CHECK(hipMemset(d_out, 0xff, n * sizeof(int)));
  reduce_after_returns<<<blocks, dim3(5, 7)>>>(d_in, d_out);
  CHECK_LAUNCH();
  std::vector<int> out(n);
  CHECK(hipMemcpy(out.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    for (int w = 0; w * kWarp < per_block; ++w) {
      int x[kWarp];
      bool live[kWarp];
      for (int l = 0; l < kWarp; ++l) {
        int t = w * kWarp + l;
        live[l] = t < per_block && t % 7 != 3;
        x[l] = live[l] ? in[b * per_block + t] : 0;
      }
      for (int offset = kWarp / 2; offset > 0; offset /= 2) {
        int next[kWarp];
        for (int l = 0; l < kWarp; ++l) {
          int source = down(l, offset, kWarp);
          next[l] = x[l] + (live[source] ? x[source] : 0);
        }
        for (int l = 0; l < kWarp; ++l) x[l] = next[l];
      }
      for (int l = 0; l < kWarp; ++l) {
        int t = w * kWarp + l;
        if (t >= per_block) continue;
        int i = b * per_block + t;
        if (!live[l]) expect("returned lane wrote", i, out[i], -1);
        else if (on_cpu) expect("reduce_after_returns", i, out[i], x[l]);
      }
    }
  }
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
}

int main() {
  print_device("warp_runs");
  int device = 0;
  CHECK(hipGetDevice(&device));
  hipDeviceProp_t props;
  CHECK(hipGetDeviceProperties(&props, device));
  bool on_cpu = std::string(props.gcnArchName) == "host";
  check_reduce<int>("reduce_down<int>", 1000);
  check_reduce<long long>("reduce_down<long long>", 512);
  check_reduce<float>("reduce_down<float>", 700);
  check_reduce<double>("reduce_down<double>", 256);
  check_scan<32>(256, 1000);
  check_scan<32>(100, 300);
  check_scan<16>(96, 192);
  check_butterfly();
  check_looped();
  check_block_scan(1);
  check_block_scan(0x0a);
  check_block_scan(0xff);
  check_wide_pair();
  check_returns(on_cpu);
  return finish("warp_runs", errors);
}
