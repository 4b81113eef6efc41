// hipCUB's warp-level WarpLoad and WarpStore (DIRECT, STRIPED, VECTORIZE, TRANSPOSE; guarded
// with valid_items and oob_default), WarpExchange (BlockedToStriped, StripedToBlocked,
// ScatterToStriped in place and not) and WarpMergeSort (keys and pairs, equal keys in order,
// valid_items), over logical warps of 32 lanes x 4 items and 8 lanes x 3 items, several warps
// a block, each with its own storage, oxhip's portable hipcub, against the host.
#include <hipcub/hipcub.hpp>
#include <algorithm>
#include <climits>
#include <vector>

#include "check.h"

static long long errors = 0;

template <class T>
static T* to_device(const std::vector<T>& host) {
  T* device;
  CHECK(hipMalloc(&device, (host.size() + 1) * sizeof(T)));
  if (!host.empty())
    CHECK(hipMemcpy(device, host.data(), host.size() * sizeof(T), hipMemcpyHostToDevice));
  return device;
}
template <class T>
static std::vector<T> to_host(const T* device, size_t n) {
  std::vector<T> host(n);
  if (n) CHECK(hipMemcpy(host.data(), device, n * sizeof(T), hipMemcpyDeviceToHost));
  return host;
}
template <class T>
static void expect(const char* what, int width, int valid, const std::vector<T>& got,
                   const std::vector<T>& want) {
  if (got != want) {
    size_t at = 0;
    while (at < got.size() && at < want.size() && got[at] == want[at]) ++at;
    std::printf("%s (warp of %d, valid %d): differs at %zu\n", what, width, valid, at);
    ++errors;
  }
}

enum { THREADS = 64, BLOCKS = 2 };

// Thread t's items go to dump[t * N ...], in the order it holds them.
template <int W, int N, hipcub::WarpLoadAlgorithm A>
__global__ void load_kernel(const int* in, int* dump, int valid) {
  typedef hipcub::WarpLoad<int, N, A, W> Load;
  __shared__ typename Load::TempStorage storage[THREADS / W];
  int warp = threadIdx.x / W;
  int global_warp = blockIdx.x * (THREADS / W) + warp;
  const int* segment = in + global_warp * W * N;
  int items[N];
  if (valid < 0)
    Load(storage[warp]).Load(segment, items);
  else
    Load(storage[warp]).Load(segment, items, valid, -7);
  int thread = blockIdx.x * THREADS + threadIdx.x;
  for (int i = 0; i < N; ++i) dump[thread * N + i] = items[i];
}

// Thread t holds dump-ordered items in[t * N ...] and stores them; out is pre-filled.
template <int W, int N, hipcub::WarpStoreAlgorithm A>
__global__ void store_kernel(const int* in, int* out, int valid) {
  typedef hipcub::WarpStore<int, N, A, W> Store;
  __shared__ typename Store::TempStorage storage[THREADS / W];
  int warp = threadIdx.x / W;
  int global_warp = blockIdx.x * (THREADS / W) + warp;
  int thread = blockIdx.x * THREADS + threadIdx.x;
  int items[N];
  for (int i = 0; i < N; ++i) items[i] = in[thread * N + i];
  int* segment = out + global_warp * W * N;
  if (valid < 0)
    Store(storage[warp]).Store(segment, items);
  else
    Store(storage[warp]).Store(segment, items, valid);
}

// Blocked lane l, item i is the warp's rank l * N + i; striped, rank i * W + l.
static int blocked_rank(int lane, int item, int width, int items) {
  (void)width;
  return lane * items + item;
}
static int striped_rank(int lane, int item, int width, int items) {
  (void)items;
  return item * width + lane;
}

template <int W, int N, hipcub::WarpLoadAlgorithm A>
static void load_case(const char* what, const std::vector<int>& in, bool striped, int valid) {
  const int total = THREADS * BLOCKS;
  int* d_in = to_device(in);
  int* d_dump = to_device(std::vector<int>(total * N, 99));
  load_kernel<W, N, A><<<BLOCKS, THREADS>>>(d_in, d_dump, valid);
  CHECK_LAUNCH();
  std::vector<int> want(total * N);
  for (int t = 0; t < total; ++t)
    for (int i = 0; i < N; ++i) {
      int lane = t % W, warp = t / W;
      int rank = striped ? striped_rank(lane, i, W, N) : blocked_rank(lane, i, W, N);
      want[t * N + i] = valid >= 0 && rank >= valid ? -7 : in[warp * W * N + rank];
    }
  expect(what, W, valid, to_host(d_dump, want.size()), want);
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_dump));
}

template <int W, int N, hipcub::WarpStoreAlgorithm A>
static void store_case(const char* what, const std::vector<int>& in, bool striped, int valid) {
  const int total = THREADS * BLOCKS;
  int* d_in = to_device(in);
  int* d_out = to_device(std::vector<int>(total * N, 99));
  store_kernel<W, N, A><<<BLOCKS, THREADS>>>(d_in, d_out, valid);
  CHECK_LAUNCH();
  std::vector<int> want(total * N, 99);
  for (int t = 0; t < total; ++t)
    for (int i = 0; i < N; ++i) {
      int lane = t % W, warp = t / W;
      int rank = striped ? striped_rank(lane, i, W, N) : blocked_rank(lane, i, W, N);
      if (valid < 0 || rank < valid) want[warp * W * N + rank] = in[t * N + i];
    }
  expect(what, W, valid, to_host(d_out, want.size()), want);
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
}

template <int W, int N>
static void io_cases(unsigned long long* seed) {
  std::vector<int> in(THREADS * BLOCKS * N);
  for (auto& v : in) v = (int)(next_random(seed) % 100000);
  for (int valid : {-1, 0, 1, W * N / 2 + 1, W * N, W * N + 3}) {
    load_case<W, N, hipcub::WARP_LOAD_DIRECT>("WarpLoad DIRECT", in, false, valid);
    load_case<W, N, hipcub::WARP_LOAD_STRIPED>("WarpLoad STRIPED", in, true, valid);
    load_case<W, N, hipcub::WARP_LOAD_VECTORIZE>("WarpLoad VECTORIZE", in, false, valid);
    load_case<W, N, hipcub::WARP_LOAD_TRANSPOSE>("WarpLoad TRANSPOSE", in, false, valid);
    store_case<W, N, hipcub::WARP_STORE_DIRECT>("WarpStore DIRECT", in, false, valid);
    store_case<W, N, hipcub::WARP_STORE_STRIPED>("WarpStore STRIPED", in, true, valid);
    store_case<W, N, hipcub::WARP_STORE_VECTORIZE>("WarpStore VECTORIZE", in, false, valid);
    store_case<W, N, hipcub::WARP_STORE_TRANSPOSE>("WarpStore TRANSPOSE", in, false, valid);
  }
}

// ---- WarpExchange ----------------------------------------------------------------------------

// Each thread holds in[t * N ...]: out gets BlockedToStriped, StripedToBlocked, then the
// in-place scatter to striped by ranks (the warp's tile reversed), then the copying one.
template <int W, int N>
__global__ void exchange_kernel(const int* in, int* out) {
  typedef hipcub::WarpExchange<int, N, W> Exchange;
  __shared__ typename Exchange::TempStorage storage[THREADS / W];
  int warp = threadIdx.x / W, lane = threadIdx.x % W;
  int thread = blockIdx.x * THREADS + threadIdx.x;
  const int total = THREADS * BLOCKS * N;
  int items[N], result[N];
  for (int i = 0; i < N; ++i) items[i] = in[thread * N + i];
  Exchange(storage[warp]).BlockedToStriped(items, result);
  for (int i = 0; i < N; ++i) out[thread * N + i] = result[i];
  Exchange(storage[warp]).StripedToBlocked(items, result);
  for (int i = 0; i < N; ++i) out[total + thread * N + i] = result[i];
  int ranks[N];
  for (int i = 0; i < N; ++i) ranks[i] = W * N - 1 - (lane * N + i);
  int copy[N];
  for (int i = 0; i < N; ++i) copy[i] = items[i];
  Exchange(storage[warp]).ScatterToStriped(copy, ranks);
  for (int i = 0; i < N; ++i) out[2 * total + thread * N + i] = copy[i];
  long long wide[N];
  hipcub::WarpExchange<int, N, W>(storage[warp]).ScatterToStriped(items, wide, ranks);
  for (int i = 0; i < N; ++i) out[3 * total + thread * N + i] = (int)wide[i];
}

template <int W, int N>
static void exchange_cases(unsigned long long* seed) {
  const int threads = THREADS * BLOCKS, total = threads * N;
  std::vector<int> in(total);
  for (auto& v : in) v = (int)(next_random(seed) % 100000);
  int* d_in = to_device(in);
  int* d_out = to_device(std::vector<int>(4 * total, 99));
  exchange_kernel<W, N><<<BLOCKS, THREADS>>>(d_in, d_out);
  CHECK_LAUNCH();
  // The warp's tile as ranks: blocked input puts rank lane * N + i in (lane, i).
  std::vector<int> want(4 * total);
  for (int t = 0; t < threads; ++t) {
    int lane = t % W, warp = t / W, base = warp * W * N;
    for (int i = 0; i < N; ++i) {
      int striped = striped_rank(lane, i, W, N), blocked = blocked_rank(lane, i, W, N);
      // BlockedToStriped: (lane, i) gets the item of rank i * W + lane, held blocked.
      int from = striped;
      want[t * N + i] = in[base * 1 + (from / N) * N + from % N];
      // StripedToBlocked: the input is read as striped; rank lane * N + i was held by
      // lane (rank % W), item (rank / W).
      int holder = blocked % W, item = blocked / W;
      want[total + t * N + i] = in[(warp * W + holder) * N + item];
      // Reversal: rank r holds the item that was at blocked rank W * N - 1 - r.
      int source = W * N - 1 - striped;
      want[2 * total + t * N + i] = in[(warp * W + source / N) * N + source % N];
      want[3 * total + t * N + i] = want[2 * total + t * N + i];
    }
  }
  expect("WarpExchange", W, -1, to_host(d_out, want.size()), want);
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
}

// ---- WarpMergeSort -----------------------------------------------------------------------------

// Orders by the low four bits only, so many keys are equal and stability shows.
struct LowBits {
  __host__ __device__ bool operator()(int a, int b) const { return (a & 15) < (b & 15); }
};

template <int W, int N>
__global__ void warp_sort_kernel(int* keys, int* values, int valid, bool pairs) {
  typedef hipcub::WarpMergeSort<int, N, W, int> Sort;
  typedef hipcub::WarpMergeSort<int, N, W> KeySort;
  __shared__ typename Sort::TempStorage storage[THREADS / W];
  __shared__ typename KeySort::TempStorage key_storage[THREADS / W];
  int warp = threadIdx.x / W;
  int thread = blockIdx.x * THREADS + threadIdx.x;
  int k[N], v[N];
  for (int i = 0; i < N; ++i) {
    k[i] = keys[thread * N + i];
    v[i] = values[thread * N + i];
  }
  if (pairs) {
    if (valid < 0)
      Sort(storage[warp]).StableSort(k, v, LowBits());
    else
      Sort(storage[warp]).Sort(k, v, LowBits(), valid, INT_MAX);
  } else {
    if (valid < 0)
      KeySort(key_storage[warp]).Sort(k, LowBits());
    else
      KeySort(key_storage[warp]).StableSort(k, LowBits(), valid, INT_MAX);
  }
  for (int i = 0; i < N; ++i) {
    keys[thread * N + i] = k[i];
    values[thread * N + i] = v[i];
  }
}

template <int W, int N>
static void warp_sort_cases(unsigned long long* seed) {
  const int total = THREADS * BLOCKS * N, tile = W * N;
  for (int valid : {-1, 0, 1, tile / 3, tile - 1, tile}) {
    for (bool pairs : {false, true}) {
      std::vector<int> keys(total), values(total);
      for (int i = 0; i < total; ++i) {
        keys[i] = (int)(next_random(seed) % 1000);
        values[i] = i;
      }
      int* d_keys = to_device(keys);
      int* d_values = to_device(values);
      warp_sort_kernel<W, N><<<BLOCKS, THREADS>>>(d_keys, d_values, valid, pairs);
      CHECK_LAUNCH();
      int sorted = valid < 0 ? tile : valid;
      std::vector<int> want_keys = keys, want_values = values;
      for (int base = 0; base < total; base += tile) {
        std::vector<std::pair<int, int>> items;
        for (int i = 0; i < sorted; ++i) items.push_back({keys[base + i], values[base + i]});
        std::stable_sort(items.begin(), items.end(),
                         [](const std::pair<int, int>& a, const std::pair<int, int>& b) {
                           return LowBits()(a.first, b.first);
                         });
        for (int i = 0; i < sorted; ++i) {
          want_keys[base + i] = items[i].first;
          if (pairs) want_values[base + i] = items[i].second;
        }
        for (int i = sorted; i < tile; ++i) want_keys[base + i] = INT_MAX;
      }
      expect(pairs ? "WarpMergeSort pairs keys" : "WarpMergeSort keys", W, valid,
             to_host(d_keys, total), want_keys);
      expect(pairs ? "WarpMergeSort pairs values" : "WarpMergeSort keys' values", W, valid,
             to_host(d_values, total), want_values);
      CHECK(hipFree(d_keys));
      CHECK(hipFree(d_values));
    }
  }
}

int main() {
  print_device("hipcub_warp_io");
  unsigned long long seed = 4242;
  io_cases<32, 4>(&seed);
  io_cases<8, 3>(&seed);
  std::printf("WarpLoad and WarpStore checked\n");
  exchange_cases<32, 4>(&seed);
  exchange_cases<8, 3>(&seed);
  std::printf("WarpExchange checked\n");
  warp_sort_cases<32, 4>(&seed);
  warp_sort_cases<8, 3>(&seed);
  std::printf("WarpMergeSort checked\n");
  return finish("hipcub_warp_io", errors);
}
