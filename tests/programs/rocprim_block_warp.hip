// rocPRIM's block and warp primitives (rocprim/rocprim.hpp) in kernels, against the host:
// block_load and block_store in every method with guarded tiles, the direct functions,
// block_exchange, block_radix_sort (pairs ascending, keys descending to striped),
// block_discontinuity, block_adjacent_difference, block_histogram, block_shuffle, and
// warp_load, warp_sort, warp_exchange and warp_store over logical warps of 16. Blocks of 128
// threads x 4 items; 3 blocks, the last one's tile cut short.
#include "check.h"
#include <rocprim/rocprim.hpp>
#include <algorithm>
#include <vector>

constexpr unsigned int Threads = 128, Items = 4, Tile = Threads * Items, Blocks = 3;
constexpr unsigned int Total = Tile * Blocks - 77;  // the last tile has 435 valid items

static long long errors = 0;

static unsigned int valid_in(unsigned int block) {
  return std::min(Tile, Total - std::min(Total, block * Tile));
}
static __device__ unsigned int device_valid(unsigned int block) {
  unsigned int start = block * Tile;
  return start >= Total ? 0 : (Total - start < Tile ? Total - start : Tile);
}

// Loads with Method (past the valid items: -1), writes the items blocked; then stores items
// read blocked with the same method into out2.
template <rocprim::block_load_method Load, rocprim::block_store_method Store>
__global__ void load_store(const int* in, int* out, int* out2) {
  typedef rocprim::block_load<int, Threads, Items, Load> Loader;
  typedef rocprim::block_store<int, Threads, Items, Store> Storer;
  __shared__ typename Loader::storage_type load_storage;
  __shared__ typename Storer::storage_type store_storage;
  unsigned int valid = device_valid(blockIdx.x), base = blockIdx.x * Tile;
  int items[Items];
  Loader().load(in + base, items, valid, -1, load_storage);
  rocprim::block_store_direct_blocked(rocprim::flat_block_thread_id(), out + base, items);
  int blocked[Items];
  rocprim::block_load_direct_blocked(threadIdx.x, in + base, blocked, valid, -2);
  __syncthreads();
  Storer().store(out2 + base, blocked, valid, store_storage);
}

__global__ void exchange(const int* in, int* out) {
  typedef rocprim::block_exchange<int, Threads, Items> Exchange;
  __shared__ typename Exchange::storage_type storage;
  int items[Items], striped[Items], back[Items], warp_striped[Items], scattered[Items];
  unsigned int ranks[Items];
  rocprim::block_load_direct_blocked(threadIdx.x, in, items);
  Exchange().blocked_to_striped(items, striped, storage);
  __syncthreads();
  Exchange().striped_to_blocked(striped, back, storage);
  __syncthreads();
  Exchange().blocked_to_warp_striped(items, warp_striped, storage);
  __syncthreads();
  for (unsigned int i = 0; i < Items; ++i) ranks[i] = Tile - 1 - (threadIdx.x * Items + i);
  for (unsigned int i = 0; i < Items; ++i) {
    out[(threadIdx.x * Items + i) * 4 + 0] = striped[i];
    out[(threadIdx.x * Items + i) * 4 + 1] = back[i];
    out[(threadIdx.x * Items + i) * 4 + 2] = warp_striped[i];
  }
  __syncthreads();
  Exchange().scatter_to_blocked(items, scattered, ranks, storage);
  for (unsigned int i = 0; i < Items; ++i) out[(threadIdx.x * Items + i) * 4 + 3] = scattered[i];
}

__global__ void sort_pairs(const int* in, int* keys_out, int* values_out) {
  typedef rocprim::block_radix_sort<int, Threads, Items, int> Sort;
  __shared__ typename Sort::storage_type storage;
  int keys[Items], values[Items];
  rocprim::block_load_direct_blocked(threadIdx.x, in + blockIdx.x * Tile, keys);
  for (unsigned int i = 0; i < Items; ++i) values[i] = (int)(threadIdx.x * Items + i);
  Sort().sort(keys, values, storage);
  rocprim::block_store_direct_blocked(threadIdx.x, keys_out + blockIdx.x * Tile, keys);
  rocprim::block_store_direct_blocked(threadIdx.x, values_out + blockIdx.x * Tile, values);
}

__global__ void sort_keys_desc_striped(const int* in, int* out) {
  typedef rocprim::block_radix_sort<int, Threads, Items> Sort;
  int keys[Items];
  rocprim::block_load_direct_blocked(threadIdx.x, in + blockIdx.x * Tile, keys);
  Sort().sort_desc_to_striped(keys);
  rocprim::block_store_direct_striped<Threads>(threadIdx.x, out + blockIdx.x * Tile, keys);
}

struct Differs {
  __device__ bool operator()(int a, int b) const { return a / 8 != b / 8; }
};

// Fields per item: head flag (the predecessor equal to the first item, so not a head), tail flag, heads and tails (both flags, no
// neighbours), subtract_left, subtract_right with successor 5.
__global__ void discontinuity(const int* in, int* out) {
  typedef rocprim::block_discontinuity<int, Threads> Flags;
  typedef rocprim::block_adjacent_difference<int, Threads> Difference;
  __shared__ typename Flags::storage_type flag_storage;
  __shared__ typename Difference::storage_type difference_storage;
  int items[Items], heads[Items], tails[Items], both_heads[Items], both_tails[Items];
  int left[Items], right[Items];
  rocprim::block_load_direct_blocked(threadIdx.x, in, items);
  Flags().flag_heads(heads, in[0], items, Differs(), flag_storage);
  __syncthreads();
  Flags().flag_tails(tails, items, Differs(), flag_storage);
  __syncthreads();
  Flags().flag_heads_and_tails(both_heads, both_tails, items, Differs());
  Difference().subtract_left(items, left, rocprim::minus<int>(), difference_storage);
  __syncthreads();
  Difference().subtract_right(items, right, rocprim::minus<int>(), 5, difference_storage);
  for (unsigned int i = 0; i < Items; ++i) {
    int* field = out + (threadIdx.x * Items + i) * 6;
    field[0] = heads[i];
    field[1] = tails[i];
    field[2] = both_heads[i];
    field[3] = both_tails[i];
    field[4] = left[i];
    field[5] = right[i];
  }
}

// A 32-bin histogram of the items' low bits; shuffles of each thread's first item.
__global__ void histogram_shuffle(const int* in, unsigned int* bins, int* out) {
  typedef rocprim::block_histogram<unsigned int, Threads, Items, 32> Histogram;
  typedef rocprim::block_shuffle<int, Threads> Shuffle;
  __shared__ unsigned int hist[32];
  __shared__ typename Shuffle::storage_type shuffle_storage;
  unsigned int values[Items];
  for (unsigned int i = 0; i < Items; ++i) values[i] = (unsigned int)in[threadIdx.x * Items + i] & 31u;
  Histogram().histogram(values, hist);
  __syncthreads();
  if (threadIdx.x < 32) bins[threadIdx.x] = hist[threadIdx.x];
  int items[Items], prev[Items], offset_value = -7, rotated = -7, suffix = 0;
  rocprim::block_load_direct_blocked(threadIdx.x, in, items);
  Shuffle().offset(items[0], offset_value, -3);
  Shuffle().rotate(threadIdx.x, items[0], rotated, 5, shuffle_storage);
  for (unsigned int i = 0; i < Items; ++i) prev[i] = -9;
  Shuffle().up(items, prev, suffix);
  out[threadIdx.x * 6 + 0] = offset_value;
  out[threadIdx.x * 6 + 1] = rotated;
  out[threadIdx.x * 6 + 2] = prev[0];
  out[threadIdx.x * 6 + 3] = prev[Items - 1];
  out[threadIdx.x * 6 + 4] = suffix;
  out[threadIdx.x * 6 + 5] = 0;
}

constexpr unsigned int Warp = 16, WarpItems = 3, WarpTile = Warp * WarpItems;

// Each logical warp of 16: loads its 48 items transposed (blocked), guarded to 40; sorts the
// first item of each lane across the warp; exchanges the items to striped; stores them striped.
__global__ void warp_primitives(const int* in, int* sorted, int* out) {
  typedef rocprim::warp_load<int, WarpItems, Warp, rocprim::warp_load_method::warp_load_transpose>
      Load;
  typedef rocprim::warp_sort<int, Warp> Sort;
  typedef rocprim::warp_exchange<int, WarpItems, Warp> Exchange;
  typedef rocprim::warp_store<int, WarpItems, Warp, rocprim::warp_store_method::warp_store_striped>
      Store;
  constexpr unsigned int Warps = Threads / Warp;
  __shared__ typename Load::storage_type load_storage[Warps];
  __shared__ typename Sort::storage_type sort_storage[Warps];
  __shared__ typename Exchange::storage_type exchange_storage[Warps];
  __shared__ typename Store::storage_type store_storage[Warps];
  unsigned int warp = threadIdx.x / Warp, lane = threadIdx.x % Warp;
  int items[WarpItems], striped[WarpItems];
  Load().load(in + warp * WarpTile, items, 40u, -1, load_storage[warp]);
  int key = items[0];
  Sort().sort(key, sort_storage[warp]);
  sorted[threadIdx.x] = key;
  Exchange().blocked_to_striped(items, striped, exchange_storage[warp]);
  Store().store(out + warp * WarpTile, striped, store_storage[warp]);
  (void)lane;
}

template <class T>
static void expect(const char* what, const std::vector<T>& got, const std::vector<T>& want) {
  for (size_t i = 0; i < want.size(); ++i)
    if (!(got[i] == want[i])) {
      std::printf("%s: item %zu is %lld, want %lld\n", what, i, (long long)got[i],
                  (long long)want[i]);
      ++errors;
      return;
    }
}

template <rocprim::block_load_method Load, rocprim::block_store_method Store>
static void check_load_store(const char* name, bool striped, const std::vector<int>& in,
                             const int* d_in, int* d_out, int* d_out2) {
  size_t n = Tile * Blocks;
  CHECK(hipMemset(d_out, 0x7f, n * sizeof(int)));
  CHECK(hipMemset(d_out2, 0x7f, n * sizeof(int)));
  load_store<Load, Store><<<Blocks, Threads>>>(d_in, d_out, d_out2);
  CHECK_LAUNCH();
  std::vector<int> got(n), got2(n), want(n), want2(n);
  CHECK(hipMemcpy(got.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(got2.data(), d_out2, n * sizeof(int), hipMemcpyDeviceToHost));
  for (unsigned int b = 0; b < Blocks; ++b)
    for (unsigned int t = 0; t < Threads; ++t)
      for (unsigned int i = 0; i < Items; ++i) {
        unsigned int blocked = t * Items + i, stripe = t + i * Threads;
        unsigned int from = striped ? stripe : blocked;
        want[b * Tile + blocked] = from < valid_in(b) ? in[b * Tile + from] : -1;
        // The store writes item i of thread t to `from`, guarded by the valid count.
        unsigned int to = striped ? stripe : blocked;
        int item = blocked < valid_in(b) ? in[b * Tile + blocked] : -2;
        want2[b * Tile + to] = to < valid_in(b) ? item : 0x7f7f7f7f;
      }
  char what[96];
  std::snprintf(what, sizeof what, "block_load (%s)", name);
  expect(what, got, want);
  std::snprintf(what, sizeof what, "block_store (%s)", name);
  expect(what, got2, want2);
}

int main() {
  print_device("rocprim_block_warp");
  unsigned long long seed = 77;
  size_t n = Tile * Blocks;
  std::vector<int> in(n);
  for (size_t i = 0; i < n; ++i) in[i] = (int)(next_random(&seed) % 200) - 100;
  int *d_in, *d_out, *d_out2;
  CHECK(hipMalloc(&d_in, n * sizeof(int)));
  CHECK(hipMalloc(&d_out, n * 6 * sizeof(int)));
  CHECK(hipMalloc(&d_out2, n * sizeof(int)));
  CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));

  using rocprim::block_load_method;
  using rocprim::block_store_method;
  check_load_store<block_load_method::block_load_direct, block_store_method::block_store_direct>(
      "direct", false, in, d_in, d_out, d_out2);
  check_load_store<block_load_method::block_load_striped,
                   block_store_method::block_store_striped>("striped", true, in, d_in, d_out,
                                                            d_out2);
  check_load_store<block_load_method::block_load_vectorize,
                   block_store_method::block_store_vectorize>("vectorize", false, in, d_in,
                                                              d_out, d_out2);
  check_load_store<block_load_method::block_load_transpose,
                   block_store_method::block_store_transpose>("transpose", false, in, d_in,
                                                              d_out, d_out2);
  check_load_store<block_load_method::block_load_warp_transpose,
                   block_store_method::block_store_warp_transpose>("warp_transpose", false, in,
                                                                   d_in, d_out, d_out2);

  std::vector<int> got(n * 6);
  exchange<<<1, Threads>>>(d_in, d_out);
  CHECK_LAUNCH();
  CHECK(hipMemcpy(got.data(), d_out, Tile * 4 * sizeof(int), hipMemcpyDeviceToHost));
  {
    std::vector<int> want(Tile * 4);
    for (unsigned int t = 0; t < Threads; ++t)
      for (unsigned int i = 0; i < Items; ++i) {
        unsigned int at = t * Items + i;
        unsigned int warp_first = (t / 32) * 32 * Items + t % 32;
        want[at * 4 + 0] = in[t + i * Threads];     // blocked_to_striped: item i is rank t + iT
        want[at * 4 + 1] = in[at];                  // and back
        want[at * 4 + 2] = in[warp_first + i * 32];  // warp-striped, warps of 32
        want[at * 4 + 3] = in[Tile - 1 - at];       // scattered to the reversed ranks
      }
    expect("block_exchange", got, want);
  }

  {
    sort_pairs<<<Blocks, Threads>>>(d_in, d_out, d_out2);
    CHECK_LAUNCH();
    std::vector<int> keys(n), values(n);
    CHECK(hipMemcpy(keys.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(values.data(), d_out2, n * sizeof(int), hipMemcpyDeviceToHost));
    std::vector<int> want_keys(n), want_values(n);
    for (unsigned int b = 0; b < Blocks; ++b) {
      std::vector<int> order(Tile);
      for (unsigned int i = 0; i < Tile; ++i) order[i] = (int)i;
      std::stable_sort(order.begin(), order.end(),
                       [&](int x, int y) { return in[b * Tile + x] < in[b * Tile + y]; });
      for (unsigned int i = 0; i < Tile; ++i) {
        want_keys[b * Tile + i] = in[b * Tile + order[i]];
        want_values[b * Tile + i] = order[i];
      }
    }
    expect("block_radix_sort (pairs): keys", keys, want_keys);
    expect("block_radix_sort (pairs): values", values, want_values);
    sort_keys_desc_striped<<<Blocks, Threads>>>(d_in, d_out);
    CHECK_LAUNCH();
    CHECK(hipMemcpy(keys.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
    for (unsigned int b = 0; b < Blocks; ++b)
      std::sort(want_keys.begin() + b * Tile, want_keys.begin() + (b + 1) * Tile,
                [](int x, int y) { return x > y; });
    expect("block_radix_sort (sort_desc_to_striped)", keys, want_keys);
  }

  {
    discontinuity<<<1, Threads>>>(d_in, d_out);
    CHECK_LAUNCH();
    CHECK(hipMemcpy(got.data(), d_out, Tile * 6 * sizeof(int), hipMemcpyDeviceToHost));
    std::vector<int> want(Tile * 6);
    for (unsigned int i = 0; i < Tile; ++i) {
      int previous = i == 0 ? in[0] : in[i - 1];
      want[i * 6 + 0] = previous / 8 != in[i] / 8;
      want[i * 6 + 1] = i + 1 == Tile || in[i] / 8 != in[i + 1] / 8;
      want[i * 6 + 2] = i == 0 || in[i - 1] / 8 != in[i] / 8;
      want[i * 6 + 3] = want[i * 6 + 1];
      want[i * 6 + 4] = i == 0 ? in[0] : in[i] - in[i - 1];
      want[i * 6 + 5] = in[i] - (i + 1 == Tile ? 5 : in[i + 1]);
    }
    expect("block_discontinuity and block_adjacent_difference", got, want);
  }

  {
    unsigned int* d_bins;
    CHECK(hipMalloc(&d_bins, 32 * sizeof(unsigned int)));
    histogram_shuffle<<<1, Threads>>>(d_in, d_bins, d_out);
    CHECK_LAUNCH();
    std::vector<unsigned int> bins(32), want_bins(32);
    CHECK(hipMemcpy(bins.data(), d_bins, 32 * sizeof(unsigned int), hipMemcpyDeviceToHost));
    for (unsigned int i = 0; i < Tile; ++i) ++want_bins[(unsigned int)in[i] & 31u];
    expect("block_histogram", bins, want_bins);
    CHECK(hipFree(d_bins));
    CHECK(hipMemcpy(got.data(), d_out, Threads * 6 * sizeof(int), hipMemcpyDeviceToHost));
    std::vector<int> want(Threads * 6);
    for (unsigned int t = 0; t < Threads; ++t) {
      int from = (int)t - 3;
      want[t * 6 + 0] = from >= 0 ? in[from * Items] : -7;
      want[t * 6 + 1] = in[((t + 5) % Threads) * Items];
      want[t * 6 + 2] = t == 0 ? -9 : in[t * Items - 1];
      want[t * 6 + 3] = in[t * Items + Items - 2];
      want[t * 6 + 4] = in[Tile - 1];
      want[t * 6 + 5] = 0;
    }
    expect("block_shuffle", got, want);
  }

  {
    warp_primitives<<<1, Threads>>>(d_in, d_out, d_out2);
    CHECK_LAUNCH();
    std::vector<int> sorted(Threads), stored(Threads * WarpItems);
    CHECK(hipMemcpy(sorted.data(), d_out, Threads * sizeof(int), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(stored.data(), d_out2, stored.size() * sizeof(int), hipMemcpyDeviceToHost));
    std::vector<int> want_sorted(Threads), want_stored(Threads * WarpItems);
    for (unsigned int w = 0; w < Threads / Warp; ++w) {
      std::vector<int> firsts;
      for (unsigned int lane = 0; lane < Warp; ++lane) {
        unsigned int at = lane * WarpItems;
        firsts.push_back(at < 40 ? in[w * WarpTile + at] : -1);
      }
      std::sort(firsts.begin(), firsts.end());
      for (unsigned int lane = 0; lane < Warp; ++lane) want_sorted[w * Warp + lane] = firsts[lane];
      // Loaded blocked (guarded to 40, -1 past), exchanged to striped, stored striped: the
      // warp's items in order.
      for (unsigned int k = 0; k < WarpTile; ++k)
        want_stored[w * WarpTile + k] = k < 40 ? in[w * WarpTile + k] : -1;
    }
    expect("warp_sort", sorted, want_sorted);
    expect("warp_load, warp_exchange, warp_store", stored, want_stored);
  }

  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
  CHECK(hipFree(d_out2));
  return finish("rocprim_block_warp", errors);
}
