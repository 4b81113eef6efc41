// Cooperative groups, checked thread by thread against what the thread numbers say:
// thread_block, grid_group, multi_grid_group and thread_group (the type-erased form) on a
// 3-D launch; thread_block_tile<N> for every N up to the warp size (ranks, meta groups,
// shuffles, votes, matches, sync, reduce and the scans with every operator and a lambda,
// nested and dynamic tiles, binary and labeled partitions); coalesced groups in divergent
// code (the same, plus tiled_partition of a coalesced group); and grid-wide sync through
// grid_group, thread_group and multi_grid_group under hipLaunchCooperativeKernel.
// Works for any warpSize (32 or 64).
#include "check.h"
#include <hip/hip_cooperative_groups.h>
#include <string>
#include <vector>

namespace cg = cooperative_groups;

constexpr int kSlots = 96;

// Writes one result after another into a thread's row.
struct Row {
  unsigned long long* slot;
  __device__ void put(unsigned long long value) { *slot++ = value; }
};

__host__ __device__ inline int signed_value(int t) { return (t * 7919) % 1000 - 500; }
__host__ __device__ inline unsigned unsigned_value(int t) { return (unsigned)t * 2654435761u; }
// A value that says which thread it came from.
__host__ __device__ inline int tagged(int t) { return t * 3 + 1; }
__host__ __device__ inline long long untag(int v) { return (v - 1) % 3 == 0 ? (v - 1) / 3 : -1; }
__host__ __device__ inline unsigned long long pack(unsigned x, unsigned y, unsigned z) {
  return x + y * 1000ull + z * 1000000ull;
}

// Associative but not commutative: keeps the high half of the left operand and the low
// half of the right one, so a result shows the order in which values were combined.
struct FirstLast {
  __host__ __device__ long long operator()(long long a, long long b) const {
    return (long long)(((unsigned long long)a & 0xffffffff00000000ull) |
                       ((unsigned long long)b & 0xffffffffull));
  }
};
__host__ __device__ inline long long first_last(int t) {
  return (long long)(((unsigned long long)t << 32) | (unsigned)t);
}

// ---- blocks and grids -------------------------------------------------------------------

__global__ void blocks_and_grids(unsigned long long* out) {
  __shared__ int values[256];
  cg::thread_block block = cg::this_thread_block();
  cg::grid_group grid = cg::this_grid();
  unsigned long long t = grid.thread_rank();
  Row row{out + t * kSlots};
  row.put(block.thread_rank());
  row.put(block.size());
  row.put(block.num_threads());
  dim3 index = block.group_index();
  row.put(pack(index.x, index.y, index.z));
  dim3 thread = block.thread_index();
  row.put(pack(thread.x, thread.y, thread.z));
  dim3 dims = block.group_dim();
  row.put(pack(dims.x, dims.y, dims.z));
  dims = block.dim_threads();
  row.put(pack(dims.x, dims.y, dims.z));
  row.put(block.is_valid());
  row.put(block.meta_group_rank());
  row.put(block.meta_group_size());
  values[block.thread_rank()] = (int)block.thread_rank() * 5;
  cg::sync(block);
  row.put((unsigned long long)values[block.size() - 1 - block.thread_rank()]);
  block.sync();
  cg::thread_group erased = block;
  row.put(erased.size());
  row.put(erased.num_threads());
  row.put(erased.thread_rank());
  row.put(erased.meta_group_rank());
  row.put(erased.meta_group_size());
  row.put(erased.cg_type());
  row.put(erased.is_valid());
  erased.sync();
  row.put(cg::group_size(block));
  row.put(cg::thread_rank(block));
  row.put(cg::is_valid(block));

  row.put(grid.size());
  row.put(grid.num_threads());
  row.put(grid.thread_rank());
  row.put(grid.block_rank());
  row.put(grid.num_blocks());
  index = grid.block_index();
  row.put(pack(index.x, index.y, index.z));
  dims = grid.dim_blocks();
  row.put(pack(dims.x, dims.y, dims.z));
  dims = grid.group_dim();
  row.put(pack(dims.x, dims.y, dims.z));
  row.put(grid.is_valid());
  row.put(cg::group_size(grid));
  row.put(cg::thread_rank(grid));
  cg::thread_group erased_grid = grid;
  row.put(erased_grid.size());
  row.put(erased_grid.thread_rank());
  row.put(erased_grid.cg_type());

  cg::multi_grid_group multi = cg::this_multi_grid();
  row.put(multi.num_grids());
  row.put(multi.grid_rank());
  row.put(multi.size());
  row.put(multi.thread_rank());
  row.put(multi.is_valid());
  row.put(cg::thread_group(multi).cg_type());

  auto self = cg::this_thread();
  row.put(self.size());
  row.put(self.thread_rank());
}

// ---- tiles ------------------------------------------------------------------------------

constexpr int kTileBlock = 128;
constexpr int kTileBlocks = 2;

template <unsigned int N>
__global__ void tiles(unsigned long long* out) {
  __shared__ int exchanged[kTileBlock];
  constexpr unsigned int kHalf = N > 1 ? N / 2 : 1;
  cg::thread_block block = cg::this_thread_block();
  int t = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  Row row{out + (unsigned long long)t * kSlots};
  cg::thread_block_tile<N, cg::thread_block> tile = cg::tiled_partition<N>(block);
  unsigned int rank = tile.thread_rank();
  row.put(rank);
  row.put(tile.size());
  row.put(tile.num_threads());
  row.put(tile.meta_group_rank());
  row.put(tile.meta_group_size());

  int v = tagged(t);
  row.put(untag(tile.shfl(v, (int)(rank * 3 + 1))));
  row.put(untag(tile.shfl_up(v, 1)));
  row.put(untag(tile.shfl_down(v, 2)));
  row.put(untag(tile.shfl_xor(v, N / 2)));
  row.put((unsigned long long)(long long)tile.shfl(first_last(t), 0));
  row.put(tile.ballot(rank % 3 == 0));
  row.put(tile.any(rank == N - 1));
  row.put(tile.any(rank == N));
  row.put(tile.all(rank < N));
  row.put(tile.all(rank != 0));
  row.put(tile.match_any(rank % 2));
  row.put(tile.match_any((long long)(rank % 2) << 40));
  int predicate = -1;
  row.put(tile.match_all(7, predicate));
  row.put((unsigned long long)predicate);
  row.put(tile.match_all(rank, predicate));
  row.put((unsigned long long)predicate);

  int s = signed_value(t);
  unsigned u = unsigned_value(t);
  row.put((unsigned long long)(long long)cg::reduce(tile, s, cg::plus<int>()));
  row.put((unsigned long long)(long long)cg::reduce(tile, s, cg::less<int>()));
  row.put((unsigned long long)(long long)cg::reduce(tile, s, cg::greater<int>()));
  row.put(cg::reduce(tile, u, cg::bit_and<unsigned>()));
  row.put(cg::reduce(tile, u, cg::bit_or<unsigned>()));
  row.put(cg::reduce(tile, u, cg::bit_xor<unsigned>()));
  row.put(cg::reduce(tile, u, cg::plus<unsigned>()));
  row.put((unsigned long long)(cg::reduce(tile, t + 0.5, cg::plus<double>()) * 2.0));
  row.put((unsigned long long)cg::reduce(tile, first_last(t), FirstLast()));
  row.put((unsigned long long)(long long)cg::reduce(tile, s, [](int a, int b) { return a > b ? a : b; }));

  row.put((unsigned long long)(long long)cg::inclusive_scan(tile, s));
  row.put((unsigned long long)(long long)cg::inclusive_scan(tile, s, cg::less<int>()));
  row.put((unsigned long long)cg::inclusive_scan(tile, first_last(t), FirstLast()));
  row.put((unsigned long long)(long long)cg::exclusive_scan(tile, s));
  row.put((unsigned long long)(long long)cg::exclusive_scan(tile, s, cg::greater<int>()));
  row.put(cg::exclusive_scan(tile, u, cg::bit_and<unsigned>()));
  row.put(cg::exclusive_scan(tile, u, cg::plus<unsigned>()));

  exchanged[block.thread_rank()] = t;
  tile.sync();
  row.put((unsigned long long)exchanged[block.thread_rank() - rank + (rank + 1) % N]);
  tile.sync();

  cg::thread_group dynamic = cg::tiled_partition(block, N);
  row.put(dynamic.size());
  row.put(dynamic.thread_rank());
  row.put(dynamic.meta_group_rank());
  row.put(dynamic.meta_group_size());
  row.put(dynamic.cg_type());
  dynamic.sync();

  auto nested = cg::tiled_partition<kHalf>(tile);
  row.put(nested.thread_rank());
  row.put(nested.meta_group_rank());
  row.put(nested.meta_group_size());
  row.put(untag(nested.shfl(v, 0)));

  cg::thread_block_tile<N> plain = tile;
  row.put(untag(plain.shfl(v, 0)));
  row.put(plain.meta_group_rank());
  cg::thread_group erased = tile;
  row.put(erased.size());
  row.put(erased.thread_rank());
  row.put(erased.cg_type());
  erased.sync();
  cg::thread_group erased_half = cg::tiled_partition(erased, kHalf);
  row.put(erased_half.size());
  row.put(erased_half.thread_rank());
  row.put(erased_half.meta_group_rank());
  row.put(erased_half.meta_group_size());

  cg::coalesced_group parity = cg::binary_partition(tile, rank & 1);
  row.put(parity.size());
  row.put(parity.thread_rank());
  row.put((unsigned long long)(long long)cg::reduce(parity, s, cg::plus<int>()));
  cg::coalesced_group thirds = cg::labeled_partition(tile, (int)(rank % 3));
  row.put(thirds.size());
  row.put(thirds.thread_rank());
  row.put((unsigned long long)(long long)cg::reduce(thirds, s, cg::plus<int>()));
  row.put((unsigned long long)(long long)cg::exclusive_scan(thirds, s));
  row.put(untag(thirds.shfl(v, 0)));
}

// ---- coalesced groups ----------------------------------------------------------------------

__host__ __device__ inline bool joins(int lane) { return lane % 5 != 2; }

__global__ void coalesced(unsigned long long* out) {
  int t = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  int lane = (int)(threadIdx.x % warpSize);
  // The other lanes do no more warp operations: they go straight to the end.
  if (joins(lane)) {
    Row row{out + (unsigned long long)t * kSlots};
    cg::coalesced_group group = cg::coalesced_threads();
    unsigned int rank = group.thread_rank();
    unsigned int size = group.size();
    row.put(size);
    row.put(group.num_threads());
    row.put(rank);
    row.put(group.meta_group_rank());
    row.put(group.meta_group_size());
    int v = tagged(t);
    row.put(untag(group.shfl(v, 0)));
    row.put(untag(group.shfl(v, (int)size - 1)));
    row.put(untag(group.shfl(v, (int)rank + 1)));
    row.put(untag(group.shfl_up(v, 1)));
    row.put(untag(group.shfl_down(v, 2)));
    row.put(untag(group.shfl_xor(v, 1)));
    row.put(group.ballot(rank % 2 == 0));
    row.put(group.any(rank == 3));
    row.put(group.any(rank == size));
    row.put(group.all(1));
    row.put(group.all(rank != 0));
    row.put(group.match_any(rank % 3));
    row.put(group.match_any((unsigned long long)(rank / 4) << 35));
    int predicate = -1;
    row.put(group.match_all(5, predicate));
    row.put((unsigned long long)predicate);
    row.put(group.match_all(rank, predicate));
    row.put((unsigned long long)predicate);

    int s = signed_value(t);
    unsigned u = unsigned_value(t);
    row.put((unsigned long long)(long long)cg::reduce(group, s, cg::plus<int>()));
    row.put((unsigned long long)(long long)cg::reduce(group, s, cg::less<int>()));
    row.put((unsigned long long)(long long)cg::reduce(group, s, cg::greater<int>()));
    row.put(cg::reduce(group, u, cg::bit_and<unsigned>()));
    row.put(cg::reduce(group, u, cg::bit_or<unsigned>()));
    row.put(cg::reduce(group, u, cg::bit_xor<unsigned>()));
    row.put((unsigned long long)cg::reduce(group, first_last(t), FirstLast()));
    row.put((unsigned long long)(long long)cg::inclusive_scan(group, s));
    row.put((unsigned long long)cg::inclusive_scan(group, first_last(t), FirstLast()));
    row.put((unsigned long long)(long long)cg::exclusive_scan(group, s));
    row.put((unsigned long long)(long long)cg::exclusive_scan(group, s, cg::less<int>()));

    cg::coalesced_group quads = cg::tiled_partition(group, 4);
    row.put(quads.size());
    row.put(quads.thread_rank());
    row.put(quads.meta_group_rank());
    row.put(quads.meta_group_size());
    row.put(untag(quads.shfl(v, 0)));
    row.put((unsigned long long)(long long)cg::reduce(quads, s, cg::plus<int>()));

    cg::coalesced_group parity = cg::binary_partition(group, rank & 1);
    row.put(parity.size());
    row.put(parity.thread_rank());
    row.put((unsigned long long)(long long)cg::reduce(parity, s, cg::plus<int>()));
    cg::coalesced_group thirds = cg::labeled_partition(group, (int)(rank % 3));
    row.put(thirds.size());
    row.put(thirds.thread_rank());
    row.put((unsigned long long)(long long)cg::reduce(thirds, s, cg::plus<int>()));
    row.put((unsigned long long)(long long)cg::inclusive_scan(thirds, s));

    cg::thread_group erased = group;
    row.put(erased.size());
    row.put(erased.thread_rank());
    row.put(erased.cg_type());
    erased.sync();
    cg::thread_group erased_quads = cg::tiled_partition(erased, 4);
    row.put(erased_quads.size());
    row.put(erased_quads.thread_rank());
    row.put(erased_quads.meta_group_rank());
    cg::sync(group);
    row.put(1);
  }
}

// ---- grid-wide sync --------------------------------------------------------------------------

// Each round every thread writes its slot, the grid synchronises (through grid_group,
// thread_group and multi_grid_group in turn), then reads a slot of another block.
__global__ void grid_rounds(int* a, long long* sums, int rounds) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_group erased = grid;
  cg::multi_grid_group multi = cg::this_multi_grid();
  unsigned long long me = grid.thread_rank();
  unsigned long long n = grid.size();
  long long total = 0;
  for (int round = 1; round <= rounds; ++round) {
    a[me] = (int)me * round + 1;
    if (round % 3 == 0)
      grid.sync();
    else if (round % 3 == 1)
      erased.sync();
    else
      multi.sync();
    total += a[(me + blockDim.x) % n];
    cg::sync(grid);
  }
  sums[me] = total;
}

// ---- host ------------------------------------------------------------------------------------

struct Expected {
  std::vector<std::pair<std::string, unsigned long long>> items;
  void add(const char* name, unsigned long long value) { items.emplace_back(name, value); }
};

struct Checker {
  std::string kernel;
  long long errors = 0;
  void check(int t, const unsigned long long* row, const Expected& expected) {
    if (expected.items.size() > (size_t)kSlots) {
      std::printf("cooperative_groups: %s: %zu expectations for %d slots\n", kernel.c_str(),
                  expected.items.size(), kSlots);
      ++errors;
      return;
    }
    for (size_t k = 0; k < expected.items.size(); ++k) {
      if (row[k] == expected.items[k].second) continue;
      if (errors < 20)
        std::printf("cooperative_groups: %s: thread %d: %s: got %#llx, expected %#llx\n",
                    kernel.c_str(), t, expected.items[k].first.c_str(), row[k],
                    expected.items[k].second);
      ++errors;
    }
  }
};

template <class F>
static std::vector<unsigned long long> run(F launch, size_t threads) {
  std::vector<unsigned long long> host(threads * kSlots, 0);
  unsigned long long* out;
  CHECK(hipMalloc(&out, host.size() * sizeof(unsigned long long)));
  CHECK(hipMemset(out, 0, host.size() * sizeof(unsigned long long)));
  launch(out);
  CHECK_LAUNCH();
  CHECK(hipMemcpy(host.data(), out, host.size() * sizeof(unsigned long long),
                  hipMemcpyDeviceToHost));
  CHECK(hipFree(out));
  return host;
}

// Reductions and scans over a list of thread numbers, in order.
struct Over {
  std::vector<int> threads;
  long long sum() const {
    long long r = 0;
    for (int t : threads) r += signed_value(t);
    return (long long)(int)(unsigned)r;
  }
  int min() const {
    int r = signed_value(threads[0]);
    for (int t : threads) r = signed_value(t) < r ? signed_value(t) : r;
    return r;
  }
  int max() const {
    int r = signed_value(threads[0]);
    for (int t : threads) r = signed_value(t) > r ? signed_value(t) : r;
    return r;
  }
  unsigned bits(int which) const {
    unsigned r = which == 0 ? ~0u : 0u;
    for (int t : threads) {
      unsigned u = unsigned_value(t);
      r = which == 0 ? r & u : which == 1 ? r | u : which == 2 ? r ^ u : r + u;
    }
    return r;
  }
  unsigned long long first_last_of() const {
    return ((unsigned long long)threads.front() << 32) | (unsigned)threads.back();
  }
  Over upto(size_t n) const { return Over{std::vector<int>(threads.begin(), threads.begin() + n)}; }
};

static unsigned long long ranks_where(unsigned count, bool (*test)(unsigned, unsigned),
                                      unsigned arg) {
  unsigned long long bits = 0;
  for (unsigned r = 0; r < count; ++r)
    if (test(r, arg)) bits |= 1ull << r;
  return bits;
}

static Expected expect_tile(unsigned n, int t, int block_rank) {
  Expected e;
  unsigned rank = (unsigned)block_rank % n;
  int base = t - (int)rank;
  unsigned half = n > 1 ? n / 2 : 1;
  Over tile;
  for (unsigned r = 0; r < n; ++r) tile.threads.push_back(base + (int)r);
  Over upto = tile.upto(rank + 1), before = tile.upto(rank);
  unsigned long long ones = n >= 64 ? ~0ull : (1ull << n) - 1ull;
  e.add("thread_rank", rank);
  e.add("size", n);
  e.add("num_threads", n);
  e.add("meta_group_rank", (unsigned)block_rank / n);
  e.add("meta_group_size", kTileBlock / n);
  e.add("shfl", (unsigned)(base + (int)((rank * 3 + 1) & (n - 1))));
  e.add("shfl_up", (unsigned)(rank >= 1 ? t - 1 : t));
  e.add("shfl_down", (unsigned)(rank + 2 < n ? t + 2 : t));
  e.add("shfl_xor", (unsigned)(base + (int)(rank ^ (n / 2))));
  e.add("shfl 64-bit", ((unsigned long long)base << 32) | (unsigned)base);
  e.add("ballot", ranks_where(n, [](unsigned r, unsigned) { return r % 3 == 0; }, 0));
  e.add("any(last)", 1);
  e.add("any(none)", 0);
  e.add("all(rank < N)", 1);
  e.add("all(rank != 0)", 0);
  e.add("match_any int", ranks_where(n, [](unsigned r, unsigned mine) { return r % 2 == mine; },
                                      rank % 2));
  e.add("match_any long long", ranks_where(n, [](unsigned r, unsigned mine) { return r % 2 == mine; },
                                            rank % 2));
  e.add("match_all equal", ones);
  e.add("match_all equal predicate", 1);
  e.add("match_all rank", n == 1 ? 1 : 0);
  e.add("match_all rank predicate", n == 1 ? 1 : 0);
  e.add("reduce plus", (unsigned long long)tile.sum());
  e.add("reduce less", (unsigned long long)(long long)tile.min());
  e.add("reduce greater", (unsigned long long)(long long)tile.max());
  e.add("reduce bit_and", tile.bits(0));
  e.add("reduce bit_or", tile.bits(1));
  e.add("reduce bit_xor", tile.bits(2));
  e.add("reduce plus unsigned", tile.bits(3));
  e.add("reduce plus double", (unsigned long long)(2 * (long long)base * n + (long long)n * (n - 1) + n));
  e.add("reduce first/last", tile.first_last_of());
  e.add("reduce lambda", (unsigned long long)(long long)tile.max());
  e.add("inclusive_scan", (unsigned long long)upto.sum());
  e.add("inclusive_scan less", (unsigned long long)(long long)upto.min());
  e.add("inclusive_scan first/last", upto.first_last_of());
  e.add("exclusive_scan", rank == 0 ? 0ull : (unsigned long long)before.sum());
  e.add("exclusive_scan greater",
        rank == 0 ? (unsigned long long)(long long)(-0x7fffffff - 1)
                  : (unsigned long long)(long long)before.max());
  e.add("exclusive_scan bit_and", rank == 0 ? ~0u : before.bits(0));
  e.add("exclusive_scan plus unsigned", rank == 0 ? 0u : before.bits(3));
  e.add("sync shared exchange", (unsigned)(base + (int)((rank + 1) % n)));
  e.add("dynamic size", n);
  e.add("dynamic thread_rank", rank);
  e.add("dynamic meta_group_rank", (unsigned)block_rank / n);
  e.add("dynamic meta_group_size", kTileBlock / n);
  e.add("dynamic cg_type", 3);
  e.add("nested thread_rank", rank % half);
  e.add("nested meta_group_rank", rank / half);
  e.add("nested meta_group_size", n / half);
  e.add("nested shfl", (unsigned)(t - (int)(rank % half)));
  e.add("plain shfl", (unsigned)base);
  e.add("plain meta_group_rank", (unsigned)block_rank / n);
  e.add("erased size", n);
  e.add("erased thread_rank", rank);
  e.add("erased cg_type", 3);
  // A tile partitioned into tiles no smaller than itself stays what it was.
  e.add("erased half size", half);
  e.add("erased half thread_rank", rank % half);
  e.add("erased half meta_group_rank", n > 1 ? rank / half : (unsigned)block_rank);
  e.add("erased half meta_group_size", n > 1 ? n / half : kTileBlock);
  Over parity, thirds;
  for (unsigned r = 0; r < n; ++r) {
    if (r % 2 == rank % 2) parity.threads.push_back(base + (int)r);
    if (r % 3 == rank % 3) thirds.threads.push_back(base + (int)r);
  }
  e.add("binary_partition size", parity.threads.size());
  e.add("binary_partition thread_rank", rank / 2);
  e.add("binary_partition reduce", (unsigned long long)parity.sum());
  e.add("labeled_partition size", thirds.threads.size());
  e.add("labeled_partition thread_rank", rank / 3);
  e.add("labeled_partition reduce", (unsigned long long)thirds.sum());
  e.add("labeled_partition exclusive_scan",
        rank / 3 == 0 ? 0ull : (unsigned long long)thirds.upto(rank / 3).sum());
  e.add("labeled_partition shfl", (unsigned)(base + (int)(rank % 3)));
  return e;
}

template <unsigned int N>
static long long check_tiles(int warp) {
  if ((int)N > warp) return 0;
  std::vector<unsigned long long> host = run(
      [](unsigned long long* out) { tiles<N><<<kTileBlocks, kTileBlock>>>(out); },
      kTileBlocks * kTileBlock);
  Checker checker{"tiles<" + std::to_string(N) + ">"};
  for (int t = 0; t < kTileBlocks * kTileBlock; ++t)
    checker.check(t, &host[(size_t)t * kSlots], expect_tile(N, t, t % kTileBlock));
  return checker.errors;
}

static Expected expect_coalesced(int warp, int t, int lane) {
  Expected e;
  int warp_first = t - lane;
  Over group;
  for (int l = 0; l < warp; ++l)
    if (joins(l)) group.threads.push_back(warp_first + l);
  unsigned size = (unsigned)group.threads.size();
  unsigned rank = 0;
  while (group.threads[rank] != t) ++rank;
  auto at = [&](unsigned r) { return (unsigned long long)group.threads[r]; };
  Over upto = group.upto(rank + 1), before = group.upto(rank);
  e.add("size", size);
  e.add("num_threads", size);
  e.add("thread_rank", rank);
  e.add("meta_group_rank", 0);
  e.add("meta_group_size", 1);
  e.add("shfl 0", at(0));
  e.add("shfl last", at(size - 1));
  e.add("shfl next (wraps)", at((rank + 1) % size));
  e.add("shfl_up", at(rank >= 1 ? rank - 1 : rank));
  e.add("shfl_down", at(rank + 2 < size ? rank + 2 : rank));
  e.add("shfl_xor", at((rank ^ 1) < size ? rank ^ 1 : rank));
  e.add("ballot", ranks_where(size, [](unsigned r, unsigned) { return r % 2 == 0; }, 0));
  e.add("any(rank == 3)", 1);
  e.add("any(none)", 0);
  e.add("all(1)", 1);
  e.add("all(rank != 0)", 0);
  e.add("match_any", ranks_where(size, [](unsigned r, unsigned mine) { return r % 3 == mine; },
                                 rank % 3));
  e.add("match_any 64-bit",
        ranks_where(size, [](unsigned r, unsigned mine) { return r / 4 == mine; }, rank / 4));
  e.add("match_all equal", size >= 64 ? ~0ull : (1ull << size) - 1ull);
  e.add("match_all equal predicate", 1);
  e.add("match_all rank", 0);
  e.add("match_all rank predicate", 0);
  e.add("reduce plus", (unsigned long long)group.sum());
  e.add("reduce less", (unsigned long long)(long long)group.min());
  e.add("reduce greater", (unsigned long long)(long long)group.max());
  e.add("reduce bit_and", group.bits(0));
  e.add("reduce bit_or", group.bits(1));
  e.add("reduce bit_xor", group.bits(2));
  e.add("reduce first/last", group.first_last_of());
  e.add("inclusive_scan", (unsigned long long)upto.sum());
  e.add("inclusive_scan first/last", upto.first_last_of());
  e.add("exclusive_scan", rank == 0 ? 0ull : (unsigned long long)before.sum());
  e.add("exclusive_scan less",
        rank == 0 ? 0x7fffffffull : (unsigned long long)(long long)before.min());
  unsigned quad = rank / 4;
  Over quads;
  for (unsigned r = quad * 4; r < size && r < quad * 4 + 4; ++r) quads.threads.push_back(group.threads[r]);
  e.add("quads size", quads.threads.size());
  e.add("quads thread_rank", rank % 4);
  e.add("quads meta_group_rank", quad);
  e.add("quads meta_group_size", (size + 3) / 4);
  e.add("quads shfl", (unsigned long long)quads.threads[0]);
  e.add("quads reduce", (unsigned long long)quads.sum());
  Over parity, thirds;
  for (unsigned r = 0; r < size; ++r) {
    if (r % 2 == rank % 2) parity.threads.push_back(group.threads[r]);
    if (r % 3 == rank % 3) thirds.threads.push_back(group.threads[r]);
  }
  e.add("binary_partition size", parity.threads.size());
  e.add("binary_partition thread_rank", rank / 2);
  e.add("binary_partition reduce", (unsigned long long)parity.sum());
  e.add("labeled_partition size", thirds.threads.size());
  e.add("labeled_partition thread_rank", rank / 3);
  e.add("labeled_partition reduce", (unsigned long long)thirds.sum());
  e.add("labeled_partition inclusive_scan", (unsigned long long)thirds.upto(rank / 3 + 1).sum());
  e.add("erased size", size);
  e.add("erased thread_rank", rank);
  e.add("erased cg_type", 4);
  e.add("erased quads size", quads.threads.size());
  e.add("erased quads thread_rank", rank % 4);
  e.add("erased quads meta_group_rank", quad);
  e.add("reached the end", 1);
  return e;
}

int main() {
  print_device("cooperative_groups");
  int device = 0;
  CHECK(hipGetDevice(&device));
  hipDeviceProp_t props;
  CHECK(hipGetDeviceProperties(&props, device));
  const int warp = props.warpSize;
  long long errors = 0;

  // Blocks and grids: a 3-D grid of 3-D blocks.
  {
    const dim3 grid(2, 3, 1), block(8, 4, 2);
    const int block_size = 64, blocks = 6, threads = blocks * block_size;
    std::vector<unsigned long long> host = run(
        [&](unsigned long long* out) { blocks_and_grids<<<grid, block>>>(out); }, threads);
    Checker checker{"blocks_and_grids"};
    for (int t = 0; t < threads; ++t) {
      int b = t / block_size, r = t % block_size;
      unsigned bx = b % 2, by = b / 2;
      unsigned tx = r % 8, ty = (r / 8) % 4, tz = r / 32;
      Expected e;
      e.add("block thread_rank", r);
      e.add("block size", block_size);
      e.add("block num_threads", block_size);
      e.add("block group_index", pack(bx, by, 0));
      e.add("block thread_index", pack(tx, ty, tz));
      e.add("block group_dim", pack(8, 4, 2));
      e.add("block dim_threads", pack(8, 4, 2));
      e.add("block is_valid", 1);
      e.add("block meta_group_rank", 0);
      e.add("block meta_group_size", 1);
      e.add("block sync shared exchange", (unsigned)(block_size - 1 - r) * 5);
      e.add("erased block size", block_size);
      e.add("erased block num_threads", block_size);
      e.add("erased block thread_rank", r);
      e.add("erased block meta_group_rank", 0);
      e.add("erased block meta_group_size", 1);
      e.add("erased block cg_type", 2);
      e.add("erased block is_valid", 1);
      e.add("group_size(block)", block_size);
      e.add("thread_rank(block)", r);
      e.add("is_valid(block)", 1);
      e.add("grid size", threads);
      e.add("grid num_threads", threads);
      e.add("grid thread_rank", t);
      e.add("grid block_rank", b);
      e.add("grid num_blocks", blocks);
      e.add("grid block_index", pack(bx, by, 0));
      e.add("grid dim_blocks", pack(2, 3, 1));
      e.add("grid group_dim", pack(2, 3, 1));
      e.add("grid is_valid", 1);
      e.add("group_size(grid)", threads);
      e.add("thread_rank(grid)", t);
      e.add("erased grid size", threads);
      e.add("erased grid thread_rank", t);
      e.add("erased grid cg_type", 1);
      e.add("multi_grid num_grids", 1);
      e.add("multi_grid grid_rank", 0);
      e.add("multi_grid size", threads);
      e.add("multi_grid thread_rank", t);
      e.add("multi_grid is_valid", 1);
      e.add("multi_grid cg_type", 0);
      e.add("this_thread size", 1);
      e.add("this_thread thread_rank", 0);
      checker.check(t, &host[(size_t)t * kSlots], e);
    }
    errors += checker.errors;
  }

  // Tiles of every size up to the warp.
  errors += check_tiles<1>(warp);
  errors += check_tiles<2>(warp);
  errors += check_tiles<4>(warp);
  errors += check_tiles<8>(warp);
  errors += check_tiles<16>(warp);
  errors += check_tiles<32>(warp);
  errors += check_tiles<64>(warp);

  // Coalesced groups: the lanes with lane % 5 != 2 of every warp.
  {
    const int blocks = 2, block_size = 128, threads = blocks * block_size;
    std::vector<unsigned long long> host = run(
        [&](unsigned long long* out) { coalesced<<<blocks, block_size>>>(out); }, threads);
    Checker checker{"coalesced"};
    for (int t = 0; t < threads; ++t) {
      int lane = (t % block_size) % warp;
      if (!joins(lane)) {
        for (int k = 0; k < kSlots; ++k)
          if (host[(size_t)t * kSlots + k] != 0) {
            std::printf("cooperative_groups: coalesced: thread %d outside the group wrote\n", t);
            ++checker.errors;
            break;
          }
        continue;
      }
      checker.check(t, &host[(size_t)t * kSlots], expect_coalesced(warp, t, lane));
    }
    errors += checker.errors;
  }

  // Grid-wide sync in a cooperative launch.
  {
    const int blocks = 4, threads = 64, rounds = 6, n = blocks * threads;
    int* a;
    long long* sums;
    CHECK(hipMalloc(&a, n * sizeof(int)));
    CHECK(hipMalloc(&sums, n * sizeof(long long)));
    CHECK(hipMemset(a, 0, n * sizeof(int)));
    int round_count = rounds;
    void* args[] = {&a, &sums, &round_count};
    CHECK(hipLaunchCooperativeKernel(grid_rounds, dim3(blocks), dim3(threads), args, 0, 0));
    CHECK_LAUNCH();
    std::vector<long long> host(n);
    CHECK(hipMemcpy(host.data(), sums, n * sizeof(long long), hipMemcpyDeviceToHost));
    for (int me = 0; me < n; ++me) {
      long long other = (me + threads) % n, expected = 0;
      for (int round = 1; round <= rounds; ++round) expected += other * round + 1;
      if (host[me] != expected) {
        if (errors < 20)
          std::printf("cooperative_groups: grid_rounds: thread %d: got %lld, expected %lld\n", me,
                      host[me], expected);
        ++errors;
      }
    }
    CHECK(hipFree(a));
    CHECK(hipFree(sums));
  }

  return finish("cooperative_groups", errors);
}
