// Warp functions, checked lane by lane against what the lane numbers say: every shuffle
// (__shfl, __shfl_up, __shfl_down, __shfl_xor and the _sync forms) for every arithmetic
// type, _Float16 and a 12-byte structure, at three widths; ballots, votes, __activemask,
// lane masks, matches (32- and 64-bit values), the __reduce_*_sync family and __syncwarp,
// with full warps, with warps whose other lanes have exited, and with two halves of a
// warp using different masks side by side. Works for any warpSize (32 or 64).
#include "check.h"
#include <cstring>
#include <string>
#include <vector>

constexpr int kBlock = 128;
constexpr int kBlocks = 2;
constexpr int kThreads = kBlock * kBlocks;

// ---- values that say which thread they came from --------------------------------------

struct Trip {
  int a, b, c;
};

__host__ __device__ inline void encode(int t, int* v) { *v = t * 3 + 1; }
__host__ __device__ inline void encode(int t, unsigned* v) { *v = (unsigned)t * 3u + 1u; }
__host__ __device__ inline void encode(int t, short* v) { *v = (short)(t * 3 + 1); }
template <class T>
__host__ __device__ inline void encode_wide(int t, T* v) {
  *v = (T)(((unsigned long long)t << 32) | (unsigned long long)(t * 3 + 1));
}
__host__ __device__ inline void encode(int t, long* v) { encode_wide(t, v); }
__host__ __device__ inline void encode(int t, unsigned long* v) { encode_wide(t, v); }
__host__ __device__ inline void encode(int t, long long* v) { encode_wide(t, v); }
__host__ __device__ inline void encode(int t, unsigned long long* v) { encode_wide(t, v); }
__host__ __device__ inline void encode(int t, float* v) { *v = (float)t + 0.25f; }
__host__ __device__ inline void encode(int t, double* v) { *v = t * 4294967296.0 + t * 3 + 1; }
__host__ __device__ inline void encode(int t, _Float16* v) { *v = (_Float16)(float)t; }
__host__ __device__ inline void encode(int t, Trip* v) { *v = Trip{t, ~t, t * 7}; }

// The thread a value came from, or -1 when its parts disagree.
__host__ __device__ inline long long decode(int v) { return (v - 1) % 3 == 0 ? (v - 1) / 3 : -1; }
__host__ __device__ inline long long decode(unsigned v) { return decode((int)v); }
template <class T>
__host__ __device__ inline long long decode_wide(T v) {
  unsigned long long bits = (unsigned long long)v;
  long long high = (long long)(bits >> 32), low = (long long)(bits & 0xffffffffull);
  return high * 3 + 1 == low ? high : -1;
}
__host__ __device__ inline long long decode(long v) { return decode_wide(v); }
__host__ __device__ inline long long decode(unsigned long v) { return decode_wide(v); }
__host__ __device__ inline long long decode(long long v) { return decode_wide(v); }
__host__ __device__ inline long long decode(unsigned long long v) { return decode_wide(v); }
__host__ __device__ inline long long decode(float v) {
  long long t = (long long)v;
  return (float)t + 0.25f == v ? t : -1;
}
__host__ __device__ inline long long decode(double v) {
  long long high = (long long)(v / 4294967296.0);
  double low = v - high * 4294967296.0;
  return low == high * 3.0 + 1.0 ? high : -1;
}
__host__ __device__ inline long long decode(_Float16 v) { return (long long)(float)v; }
__host__ __device__ inline long long decode(Trip v) {
  return v.b == ~v.a && v.c == v.a * 7 ? v.a : -1;
}

// ---- shuffles ---------------------------------------------------------------------------

// Per width: the four kinds without a mask, then with one.
constexpr int kWidths = 3;
constexpr int kShuffleCases = kWidths * 8;
constexpr int kTypes = 11;
constexpr int kShuffleSlots = kTypes * kShuffleCases;
__host__ __device__ inline int width_of(int which, int warp) {
  return which == 0 ? warp : which == 1 ? 16 : 4;
}
__host__ __device__ inline int idx_operand(int lane) { return (lane * 5 + 3) % 70; }
__host__ __device__ inline unsigned delta_operand(int lane) { return 1u + (unsigned)lane % 3u; }
__host__ __device__ inline int xor_operand(int lane) { return 1 + lane % 3; }

template <class T>
__device__ void shuffle_cases(long long* slot, int t) {
  T value;
  encode(t, &value);
  int lane = (int)(threadIdx.x % warpSize);
  unsigned long long all = ~0ull;
  for (int which = 0; which < kWidths; ++which) {
    int width = width_of(which, warpSize);
    *slot++ = decode(__shfl(value, idx_operand(lane), width));
    *slot++ = decode(__shfl_up(value, delta_operand(lane), width));
    *slot++ = decode(__shfl_down(value, delta_operand(lane), width));
    *slot++ = decode(__shfl_xor(value, xor_operand(lane), width));
    *slot++ = decode(__shfl_sync(all, value, idx_operand(lane), width));
    *slot++ = decode(__shfl_up_sync(all, value, delta_operand(lane), width));
    *slot++ = decode(__shfl_down_sync(all, value, delta_operand(lane), width));
    *slot++ = decode(__shfl_xor_sync(all, value, xor_operand(lane), width));
  }
}

__global__ void shuffles(long long* out) {
  int t = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  long long* slot = out + (long long)t * kShuffleSlots;
  shuffle_cases<int>(slot + 0 * kShuffleCases, t);
  shuffle_cases<unsigned>(slot + 1 * kShuffleCases, t);
  shuffle_cases<long>(slot + 2 * kShuffleCases, t);
  shuffle_cases<unsigned long>(slot + 3 * kShuffleCases, t);
  shuffle_cases<long long>(slot + 4 * kShuffleCases, t);
  shuffle_cases<unsigned long long>(slot + 5 * kShuffleCases, t);
  shuffle_cases<float>(slot + 6 * kShuffleCases, t);
  shuffle_cases<double>(slot + 7 * kShuffleCases, t);
  shuffle_cases<short>(slot + 8 * kShuffleCases, t);
  shuffle_cases<_Float16>(slot + 9 * kShuffleCases, t);
  shuffle_cases<Trip>(slot + 10 * kShuffleCases, t);
}

// HIP's rule for the source lane of each kind: sub-groups of `width` lanes, and a source
// outside the caller's sub-group means the caller's own value.
static int expected_source(int kind, int lane, int width) {
  int first = lane & ~(width - 1);
  int source;
  switch (kind) {
    case 0:
      return first + (idx_operand(lane) & (width - 1));
    case 1:
      source = lane - (int)delta_operand(lane);
      return source < first ? lane : source;
    case 2:
      source = lane + (int)delta_operand(lane);
      return source >= first + width ? lane : source;
    default:
      source = lane ^ xor_operand(lane);
      return source >= first + width ? lane : source;
  }
}

// ---- votes, matches, reductions on full warps ------------------------------------------

constexpr int kFullSlots = 40;

__host__ __device__ inline int signed_value(int lane) { return (lane * 37 - 500) ^ (lane << 3); }
__host__ __device__ inline unsigned unsigned_value(int lane) { return (unsigned)lane * 2654435761u; }

__global__ void full_warps(unsigned long long* out) {
  __shared__ int exchanged[kBlock];
  int t = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  int lane = (int)(threadIdx.x % warpSize);
  unsigned long long all = ~0ull;
  unsigned long long* slot = out + (long long)t * kFullSlots;
  int k = 0;
  slot[k++] = __ballot(lane % 3 == 0);
  slot[k++] = __ballot_sync(all, lane % 3 == 0);
  slot[k++] = __activemask();
  slot[k++] = (unsigned long long)__any(lane == 7);
  slot[k++] = (unsigned long long)__any(0);
  slot[k++] = (unsigned long long)__all(lane < warpSize);
  slot[k++] = (unsigned long long)__all(lane != 5);
  slot[k++] = (unsigned long long)__any_sync(all, lane == 7);
  slot[k++] = (unsigned long long)__all_sync(all, lane != 5);
  slot[k++] = __lanemask_lt();
  slot[k++] = __lanemask_gt();
  slot[k++] = __lanemask_eq();
  slot[k++] = __match_any_sync(all, lane % 3);
  slot[k++] = __match_any_sync(all, (unsigned)(lane % 5));
  slot[k++] = __match_any_sync(all, ((long long)(lane % 3) << 40) | 7);
  slot[k++] = __match_any_sync(all, (unsigned long long)(lane / 4) << 33);
  slot[k++] = __match_any_sync(all, (long)(lane % 2));
  slot[k++] = __match_any_sync(all, (unsigned long)(lane % 2));
  slot[k++] = __match_any_sync(all, (float)(lane % 4) * 0.5f);
  slot[k++] = __match_any_sync(all, (double)(lane % 4) * 1e100);
  int predicate = -1;
  slot[k++] = __match_all_sync(all, 42, &predicate);
  slot[k++] = (unsigned long long)predicate;
  slot[k++] = __match_all_sync(all, lane / 2, &predicate);
  slot[k++] = (unsigned long long)predicate;
  slot[k++] = __match_all_sync(all, lane == 3 ? 1ll << 40 : 0ll, &predicate);
  slot[k++] = (unsigned long long)predicate;
  slot[k++] = __match_all_sync(all, 2.5, &predicate);
  slot[k++] = (unsigned long long)predicate;
  int s = signed_value(lane);
  unsigned u = unsigned_value(lane);
  slot[k++] = (unsigned long long)(long long)__reduce_add_sync(all, s);
  slot[k++] = (unsigned long long)(long long)__reduce_min_sync(all, s);
  slot[k++] = (unsigned long long)(long long)__reduce_max_sync(all, s);
  slot[k++] = (unsigned long long)(long long)__reduce_and_sync(all, s);
  slot[k++] = (unsigned long long)(long long)__reduce_or_sync(all, s);
  slot[k++] = (unsigned long long)(long long)__reduce_xor_sync(all, s);
  slot[k++] = __reduce_add_sync(all, u);
  slot[k++] = __reduce_min_sync(all, u);
  slot[k++] = __reduce_max_sync(all, u);
  slot[k++] = __reduce_and_sync(all, u | 1u);
  slot[k++] = __reduce_or_sync(all, u);
  // Shared memory written before __syncwarp is read after it by another lane.
  exchanged[threadIdx.x] = t * 2;
  __syncwarp();
  int warp_first = (int)threadIdx.x - lane;
  slot[k++] = (unsigned long long)exchanged[warp_first + (lane + 1) % warpSize];
}

// ---- warps whose other lanes have exited --------------------------------------------------

constexpr int kPartialSlots = 24;

// Lanes with lane % 3 == 1 return at once.
__host__ __device__ inline bool stays(int lane) { return lane % 3 != 1; }

__global__ void partial_warps(unsigned long long* out) {
  int t = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  int lane = (int)(threadIdx.x % warpSize);
  if (!stays(lane)) return;
  unsigned long long all = ~0ull;
  unsigned long long* slot = out + (long long)t * kPartialSlots;
  int k = 0;
  unsigned long long active = __activemask();
  slot[k++] = active;
  slot[k++] = __ballot(1);
  slot[k++] = __ballot_sync(all, lane & 1);
  slot[k++] = (unsigned long long)__any_sync(all, lane == 1);
  slot[k++] = (unsigned long long)__all_sync(all, 1);
  slot[k++] = (unsigned long long)__all(lane != 0);
  slot[k++] = __lanemask_lt();
  slot[k++] = __lanemask_gt();
  int s = signed_value(lane);
  unsigned u = unsigned_value(lane);
  slot[k++] = (unsigned long long)(long long)__reduce_add_sync(all, s);
  slot[k++] = (unsigned long long)(long long)__reduce_min_sync(active, s);
  slot[k++] = (unsigned long long)(long long)__reduce_max_sync(all, s);
  slot[k++] = (unsigned long long)(long long)__reduce_xor_sync(active, s);
  slot[k++] = __reduce_add_sync(active, u);
  slot[k++] = __reduce_max_sync(all, u);
  slot[k++] = __reduce_or_sync(all, u);
  slot[k++] = __match_any_sync(all, lane % 2);
  slot[k++] = __match_any_sync(active, (long long)(lane % 2) << 36);
  int predicate = -1;
  slot[k++] = __match_all_sync(all, 5, &predicate);
  slot[k++] = (unsigned long long)predicate;
  slot[k++] = __match_all_sync(active, lane > 0 ? 5u : 6u, &predicate);
  slot[k++] = (unsigned long long)predicate;
  // Lane 3 * (lane / 3) stays, whatever the lane.
  slot[k++] = (unsigned long long)decode(__shfl_sync(all, t * 3 + 1, 3 * (lane / 3)));
  __syncwarp(active);
  slot[k++] = (unsigned long long)decode(__shfl_down_sync(active, t * 3 + 1, 3u));
  slot[k++] = 1;
}

// ---- two halves of a warp with their own masks ---------------------------------------------

constexpr int kHalfSlots = 10;

__global__ void halves(unsigned long long* out) {
  int t = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  int lane = (int)(threadIdx.x % warpSize);
  int half = warpSize / 2;
  unsigned long long low = (1ull << half) - 1ull;
  unsigned long long mask = lane < half ? low : low << half;
  unsigned long long* slot = out + (long long)t * kHalfSlots;
  int s = signed_value(lane);
  int k = 0;
  if (lane < half) {
    slot[k++] = (unsigned long long)(long long)__reduce_add_sync(mask, s);
    slot[k++] = (unsigned long long)(long long)__reduce_min_sync(mask, s);
    slot[k++] = __ballot_sync(mask, lane & 1);
    slot[k++] = (unsigned long long)__all_sync(mask, lane < half);
    slot[k++] = (unsigned long long)decode(__shfl_sync(mask, t * 3 + 1, 1));
    slot[k++] = (unsigned long long)decode(__shfl_xor_sync(mask, t * 3 + 1, 1));
  } else {
    slot[k++] = (unsigned long long)(long long)__reduce_add_sync(mask, s);
    slot[k++] = (unsigned long long)(long long)__reduce_min_sync(mask, s);
    slot[k++] = __ballot_sync(mask, lane & 1);
    slot[k++] = (unsigned long long)__all_sync(mask, lane < half);
    slot[k++] = (unsigned long long)decode(__shfl_sync(mask, t * 3 + 1, half + 2));
    slot[k++] = (unsigned long long)decode(__shfl_xor_sync(mask, t * 3 + 1, 1));
  }
  // Back together: full-warp operations after the halves (with a mask, so that NVIDIA
  // reconverges the warp first).
  slot[k++] = __ballot_sync(~0ull, lane % 4 == 0);
  slot[k++] = (unsigned long long)(long long)__reduce_add_sync(~0ull, s);
}

// ---- host --------------------------------------------------------------------------------

struct Checker {
  const char* kernel;
  long long errors = 0;
  void expect(int thread, const std::string& what, unsigned long long got,
              unsigned long long expected) {
    if (got == expected) return;
    if (errors < 20)
      std::printf("warp_functions: %s: thread %d: %s: got %#llx, expected %#llx\n", kernel, thread,
                  what.c_str(), got, expected);
    ++errors;
  }
};

static unsigned long long bits_where(int warp, unsigned long long lanes, bool (*test)(int, int),
                                     int arg) {
  unsigned long long result = 0;
  for (int l = 0; l < warp; ++l)
    if ((lanes >> l & 1) && test(l, arg)) result |= 1ull << l;
  return result;
}

int main() {
  print_device("warp_functions");
  int device = 0;
  CHECK(hipGetDevice(&device));
  hipDeviceProp_t props;
  CHECK(hipGetDeviceProperties(&props, device));
  const int warp = props.warpSize;
  const unsigned long long full = warp == 64 ? ~0ull : (1ull << warp) - 1ull;
  long long errors = 0;

  // Shuffles.
  {
    std::vector<long long> host((size_t)kThreads * kShuffleSlots);
    long long* out;
    CHECK(hipMalloc(&out, host.size() * sizeof(long long)));
    shuffles<<<kBlocks, kBlock>>>(out);
    CHECK_LAUNCH();
    CHECK(hipMemcpy(host.data(), out, host.size() * sizeof(long long), hipMemcpyDeviceToHost));
    CHECK(hipFree(out));
    const char* types[kTypes] = {"int",    "unsigned", "long",  "unsigned long",
                                 "long long", "unsigned long long", "float", "double",
                                 "short", "_Float16", "struct"};
    const char* kinds[8] = {"shfl", "shfl_up", "shfl_down", "shfl_xor",
                            "shfl_sync", "shfl_up_sync", "shfl_down_sync", "shfl_xor_sync"};
    Checker check{"shuffles"};
    for (int t = 0; t < kThreads; ++t) {
      int lane = (t % kBlock) % warp;
      int warp_first = t - lane;
      for (int type = 0; type < kTypes; ++type) {
        for (int which = 0; which < kWidths; ++which) {
          int width = width_of(which, warp);
          for (int kind = 0; kind < 8; ++kind) {
            long long got = host[(size_t)t * kShuffleSlots + type * kShuffleCases + which * 8 + kind];
            long long expected = warp_first + expected_source(kind % 4, lane, width);
            check.expect(t, std::string(types[type]) + " " + kinds[kind] + " width " +
                                std::to_string(width),
                         (unsigned long long)got, (unsigned long long)expected);
          }
        }
      }
    }
    errors += check.errors;
  }

  // Full warps.
  {
    std::vector<unsigned long long> host((size_t)kThreads * kFullSlots);
    unsigned long long* out;
    CHECK(hipMalloc(&out, host.size() * sizeof(unsigned long long)));
    full_warps<<<kBlocks, kBlock>>>(out);
    CHECK_LAUNCH();
    CHECK(hipMemcpy(host.data(), out, host.size() * sizeof(unsigned long long),
                    hipMemcpyDeviceToHost));
    CHECK(hipFree(out));
    Checker check{"full_warps"};
    for (int t = 0; t < kThreads; ++t) {
      int lane = (t % kBlock) % warp;
      auto same = [&](int (*key)(int)) {
        unsigned long long m = 0;
        for (int l = 0; l < warp; ++l)
          if (key(l) == key(lane)) m |= 1ull << l;
        return m;
      };
      long long sum = 0;
      int mn = signed_value(0), mx = signed_value(0), all_and = -1, all_or = 0, all_xor = 0;
      unsigned long long usum = 0;
      unsigned umin = ~0u, umax = 0, uand = ~0u, uor = 0;
      for (int l = 0; l < warp; ++l) {
        int s = signed_value(l);
        unsigned u = unsigned_value(l);
        sum += s;
        mn = s < mn ? s : mn;
        mx = s > mx ? s : mx;
        all_and &= s;
        all_or |= s;
        all_xor ^= s;
        usum += u;
        umin = u < umin ? u : umin;
        umax = u > umax ? u : umax;
        uand &= u | 1u;
        uor |= u;
      }
      unsigned long long expected[] = {
          bits_where(warp, full, [](int l, int) { return l % 3 == 0; }, 0),
          bits_where(warp, full, [](int l, int) { return l % 3 == 0; }, 0),
          full,
          1,
          0,
          1,
          0,
          1,
          0,
          (1ull << lane) - 1ull,
          full & ~((1ull << lane) | ((1ull << lane) - 1ull)),
          1ull << lane,
          same([](int l) { return l % 3; }),
          same([](int l) { return l % 5; }),
          same([](int l) { return l % 3; }),
          same([](int l) { return l / 4; }),
          same([](int l) { return l % 2; }),
          same([](int l) { return l % 2; }),
          same([](int l) { return l % 4; }),
          same([](int l) { return l % 4; }),
          full,
          1,
          0,
          0,
          0,
          0,
          full,
          1,
          (unsigned long long)(long long)(int)(unsigned)sum,
          (unsigned long long)(long long)mn,
          (unsigned long long)(long long)mx,
          (unsigned long long)(long long)all_and,
          (unsigned long long)(long long)all_or,
          (unsigned long long)(long long)all_xor,
          (unsigned)usum,
          umin,
          umax,
          uand,
          uor,
          (unsigned long long)((t - lane + (lane + 1) % warp) * 2),
      };
      const char* names[] = {"ballot", "ballot_sync", "activemask", "any(lane == 7)", "any(0)",
                             "all(lane < warpSize)", "all(lane != 5)", "any_sync", "all_sync",
                             "lanemask_lt", "lanemask_gt", "lanemask_eq", "match_any int",
                             "match_any unsigned", "match_any long long (high half)",
                             "match_any unsigned long long", "match_any long",
                             "match_any unsigned long", "match_any float", "match_any double",
                             "match_all equal", "match_all equal predicate", "match_all int",
                             "match_all int predicate", "match_all long long",
                             "match_all long long predicate", "match_all double",
                             "match_all double predicate", "reduce_add int", "reduce_min int",
                             "reduce_max int", "reduce_and int", "reduce_or int",
                             "reduce_xor int", "reduce_add unsigned", "reduce_min unsigned",
                             "reduce_max unsigned", "reduce_and unsigned", "reduce_or unsigned",
                             "syncwarp shared exchange"};
      static_assert(sizeof(expected) / sizeof(expected[0]) == kFullSlots, "one per slot");
      static_assert(sizeof(names) / sizeof(names[0]) == kFullSlots, "one per slot");
      for (int k = 0; k < kFullSlots; ++k)
        check.expect(t, names[k], host[(size_t)t * kFullSlots + k], expected[k]);
    }
    errors += check.errors;
  }

  // Warps whose other lanes have exited.
  {
    std::vector<unsigned long long> host((size_t)kThreads * kPartialSlots, 0);
    unsigned long long* out;
    CHECK(hipMalloc(&out, host.size() * sizeof(unsigned long long)));
    CHECK(hipMemset(out, 0, host.size() * sizeof(unsigned long long)));
    partial_warps<<<kBlocks, kBlock>>>(out);
    CHECK_LAUNCH();
    CHECK(hipMemcpy(host.data(), out, host.size() * sizeof(unsigned long long),
                    hipMemcpyDeviceToHost));
    CHECK(hipFree(out));
    Checker check{"partial_warps"};
    unsigned long long staying = 0;
    for (int l = 0; l < warp; ++l)
      if (stays(l)) staying |= 1ull << l;
    for (int t = 0; t < kThreads; ++t) {
      int lane = (t % kBlock) % warp;
      if (!stays(lane)) {
        for (int k = 0; k < kPartialSlots; ++k)
          check.expect(t, "exited lane's slot", host[(size_t)t * kPartialSlots + k], 0);
        continue;
      }
      long long sum = 0;
      int mn = 0x7fffffff, mx = -0x7fffffff - 1, x = 0;
      unsigned usum = 0, umax = 0, uor = 0;
      for (int l = 0; l < warp; ++l) {
        if (!stays(l)) continue;
        int s = signed_value(l);
        unsigned u = unsigned_value(l);
        sum += s;
        mn = s < mn ? s : mn;
        mx = s > mx ? s : mx;
        x ^= s;
        usum += u;
        umax = u > umax ? u : umax;
        uor |= u;
      }
      unsigned long long parity = 0;
      for (int l = 0; l < warp; ++l)
        if (stays(l) && l % 2 == lane % 2) parity |= 1ull << l;
      // lane + 3 stays whenever lane does.
      int down = lane + 3 < warp ? lane + 3 : lane;
      unsigned long long expected[] = {
          staying,
          staying,
          staying & bits_where(warp, full, [](int l, int) { return (l & 1) != 0; }, 0),
          0,
          1,
          0,
          staying & ((1ull << lane) - 1ull),
          staying & ~((1ull << lane) | ((1ull << lane) - 1ull)),
          (unsigned long long)(long long)(int)(unsigned)sum,
          (unsigned long long)(long long)mn,
          (unsigned long long)(long long)mx,
          (unsigned long long)(long long)x,
          usum,
          umax,
          uor,
          parity,
          parity,
          staying,  // exited lanes are not in match_all's result (as NVIDIA hardware answers)
          1,
          0,
          0,
          (unsigned long long)(t - lane + 3 * (lane / 3)),
          (unsigned long long)(t - lane + down),
          1,
      };
      const char* names[] = {"activemask", "ballot(1)", "ballot_sync(odd)", "any_sync(lane == 1)",
                             "all_sync(1)", "all(lane != 0)", "lanemask_lt", "lanemask_gt",
                             "reduce_add int", "reduce_min int (active mask)", "reduce_max int",
                             "reduce_xor int (active mask)", "reduce_add unsigned (active mask)",
                             "reduce_max unsigned", "reduce_or unsigned", "match_any int",
                             "match_any long long (active mask)", "match_all equal",
                             "match_all predicate", "match_all unsigned (active mask)",
                             "match_all unsigned predicate", "shfl_sync from a staying lane",
                             "shfl_down_sync (active mask)", "reached the end"};
      static_assert(sizeof(expected) / sizeof(expected[0]) == kPartialSlots, "one per slot");
      static_assert(sizeof(names) / sizeof(names[0]) == kPartialSlots, "one per slot");
      for (int k = 0; k < kPartialSlots; ++k)
        check.expect(t, names[k], host[(size_t)t * kPartialSlots + k], expected[k]);
    }
    errors += check.errors;
  }

  // Two halves with their own masks.
  {
    std::vector<unsigned long long> host((size_t)kThreads * kHalfSlots, 0);
    unsigned long long* out;
    CHECK(hipMalloc(&out, host.size() * sizeof(unsigned long long)));
    CHECK(hipMemset(out, 0, host.size() * sizeof(unsigned long long)));
    halves<<<kBlocks, kBlock>>>(out);
    CHECK_LAUNCH();
    CHECK(hipMemcpy(host.data(), out, host.size() * sizeof(unsigned long long),
                    hipMemcpyDeviceToHost));
    CHECK(hipFree(out));
    Checker check{"halves"};
    int half = warp / 2;
    for (int t = 0; t < kThreads; ++t) {
      int lane = (t % kBlock) % warp;
      int first = lane < half ? 0 : half;
      long long sum = 0, whole = 0;
      int mn = 0x7fffffff;
      unsigned long long odd = 0, quarter = 0;
      for (int l = 0; l < warp; ++l) {
        whole += signed_value(l);
        if (l % 4 == 0) quarter |= 1ull << l;
        if (l < first || l >= first + half) continue;
        sum += signed_value(l);
        mn = signed_value(l) < mn ? signed_value(l) : mn;
        if (l & 1) odd |= 1ull << l;
      }
      unsigned long long expected[] = {
          (unsigned long long)(long long)(int)(unsigned)sum,
          (unsigned long long)(long long)mn,
          odd,
          (unsigned long long)(lane < half),
          (unsigned long long)(t - lane + (lane < half ? 1 : half + 2)),
          (unsigned long long)(t - lane + (lane ^ 1)),
          quarter,
          (unsigned long long)(long long)(int)(unsigned)whole,
          0,
          0,
      };
      const char* names[] = {"reduce_add", "reduce_min", "ballot_sync", "all_sync", "shfl_sync",
                             "shfl_xor_sync", "ballot after the halves",
                             "reduce_add after the halves", "unused", "unused"};
      for (int k = 0; k < kHalfSlots; ++k)
        check.expect(t, names[k], host[(size_t)t * kHalfSlots + k], expected[k]);
    }
    errors += check.errors;
  }

  return finish("warp_functions", errors);
}
