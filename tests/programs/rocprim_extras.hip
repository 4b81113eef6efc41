// rocPRIM's names added for issue 25's gaps (rocprim/rocprim.hpp), against the host: the
// intrinsics (lane_id, warp_id, device_warp_size against host_warp_size, ballot,
// masked_bit_count, the four warp shuffles of a 24-byte structure with widths), block_sort
// (keys and pairs, stable under a comparison of high bits), block_run_length_decode over
// several windows, block_exchange's gather_from_striped and scatter_to_striped_flagged,
// warp_exchange's _shuffle forms; tuple, zip_iterator and reverse_iterator through transform
// and inclusive_scan; batch_memcpy and batch_copy; adjacent_find, find_first_of and search_n
// from 0 items to 2^17 + 5.
#include "check.h"
#include <rocprim/rocprim.hpp>
#include <algorithm>
#include <vector>

static long long errors = 0;

#define TWICE(...)                              \
  do {                                          \
    size_t storage = 0;                         \
    void* temp = nullptr;                       \
    CHECK((__VA_ARGS__));                       \
    CHECK(hipMalloc(&temp, storage));           \
    CHECK((__VA_ARGS__));                       \
    CHECK(hipDeviceSynchronize());              \
    CHECK(hipFree(temp));                       \
  } while (0)

template <class T>
struct Device {
  T* ptr = nullptr;
  size_t count;
  explicit Device(size_t n) : count(n) { CHECK(hipMalloc(&ptr, (n > 0 ? n : 1) * sizeof(T))); }
  Device(const std::vector<T>& host) : Device(host.size()) { put(host); }
  ~Device() { (void)hipFree(ptr); }
  void put(const std::vector<T>& host) {
    if (!host.empty())
      CHECK(hipMemcpy(ptr, host.data(), host.size() * sizeof(T), hipMemcpyHostToDevice));
  }
  std::vector<T> get(size_t n) const {
    std::vector<T> host(n);
    if (n > 0) CHECK(hipMemcpy(host.data(), ptr, n * sizeof(T), hipMemcpyDeviceToHost));
    return host;
  }
  std::vector<T> get() const { return get(count); }
};

template <class T>
static void expect(const char* what, size_t n, const std::vector<T>& got,
                   const std::vector<T>& want) {
  if (got.size() != want.size()) {
    std::printf("%s (n=%zu): %zu items, want %zu\n", what, n, got.size(), want.size());
    ++errors;
    return;
  }
  for (size_t i = 0; i < got.size(); ++i)
    if (!(got[i] == want[i])) {
      std::printf("%s (n=%zu): item %zu is %lld, want %lld\n", what, n, i, (long long)got[i],
                  (long long)want[i]);
      ++errors;
      return;
    }
}

/* ---- intrinsics ---- */

struct Odd {
  int a;
  double b;
  char c;
};

constexpr unsigned int IntrinsicThreads = 128;
enum { Lane, Warp, WarpOf, WarpSize, LogicalLane, LogicalWarp, Count, Fields };

__global__ void intrinsics(unsigned int* ids, unsigned long long* ballots, Odd* shuffled) {
  unsigned int tid = rocprim::flat_block_thread_id();
  unsigned int* mine = ids + tid * Fields;
  mine[Lane] = rocprim::lane_id();
  mine[Warp] = rocprim::warp_id();
  mine[WarpOf] = rocprim::warp_id(IntrinsicThreads - 1 - tid);
  mine[WarpSize] = rocprim::device_warp_size();
  mine[LogicalLane] = rocprim::logical_lane_id<8>();
  mine[LogicalWarp] = rocprim::logical_warp_id<8>();
  rocprim::lane_mask_type votes = rocprim::ballot(tid % 3 == 0);
  ballots[tid] = votes;
  mine[Count] = rocprim::masked_bit_count(votes, 5);
  Odd value = {(int)tid * 3 + 1, tid * 0.5, (char)(tid & 0x7f)};
  shuffled[tid * 4 + 0] = rocprim::warp_shuffle(value, 3, 16);
  shuffled[tid * 4 + 1] = rocprim::warp_shuffle_up(value, 2, 8);
  shuffled[tid * 4 + 2] = rocprim::warp_shuffle_down(value, 5);
  shuffled[tid * 4 + 3] = rocprim::warp_shuffle_xor(value, 6, 16);
}

static void check_intrinsics() {
  int device = 0;
  CHECK(hipGetDevice(&device));
  unsigned int host_size = 0, stream_size = 0;
  CHECK(rocprim::host_warp_size(device, host_size));
  CHECK(rocprim::host_warp_size((hipStream_t)0, stream_size));
  Device<unsigned int> ids(IntrinsicThreads * Fields);
  Device<unsigned long long> ballots(IntrinsicThreads);
  Device<Odd> shuffled(IntrinsicThreads * 4);
  intrinsics<<<1, IntrinsicThreads>>>(ids.ptr, ballots.ptr, shuffled.ptr);
  CHECK_LAUNCH();
  std::vector<unsigned int> got = ids.get();
  std::vector<unsigned long long> votes = ballots.get();
  std::vector<Odd> values = shuffled.get();
  unsigned int ws = got[WarpSize];
  if ((ws != 32 && ws != 64) || ws != host_size || ws != stream_size ||
      ws != rocprim::host_warp_size()) {
    std::printf("warp size: device %u, host %u, stream %u\n", ws, host_size, stream_size);
    ++errors;
    return;
  }
  // Each kind of result is reported once, so that one fault does not hide another.
  bool reported[Fields + 1 + 4] = {};
  for (unsigned int t = 0; t < IntrinsicThreads; ++t) {
    const unsigned int* mine = &got[t * Fields];
    unsigned int lane = t % ws, base = t - lane;
    unsigned long long want_votes = 0;
    for (unsigned int l = 0; l < ws; ++l)
      if ((base + l) % 3 == 0) want_votes |= 1ull << l;
    unsigned int below = 0;
    for (unsigned int l = 0; l < lane; ++l) below += (unsigned int)((want_votes >> l) & 1);
    unsigned int want[Fields] = {lane, t / ws, (IntrinsicThreads - 1 - t) / ws, ws, t % 8, t / 8,
                                 below + 5};
    for (int f = 0; f < Fields; ++f)
      if (mine[f] != want[f] && !reported[f]) {
        std::printf("intrinsics: thread %u field %d is %u, want %u\n", t, f, mine[f], want[f]);
        reported[f] = true;
        ++errors;
      }
    if (votes[t] != want_votes && !reported[Fields]) {
      std::printf("ballot: thread %u got %llx, want %llx\n", t, votes[t], want_votes);
      reported[Fields] = true;
      ++errors;
    }
    unsigned int sources[4] = {
        base + (lane & ~15u) + 3,
        lane % 8 >= 2 ? t - 2 : t,
        lane + 5 < ws ? t + 5 : t,
        (lane ^ 6u) < ws ? base + (lane ^ 6u) : t,
    };
    for (int k = 0; k < 4; ++k) {
      const Odd& v = values[t * 4 + k];
      unsigned int s = sources[k];
      if ((v.a != (int)s * 3 + 1 || v.b != s * 0.5 || v.c != (char)(s & 0x7f)) &&
          !reported[Fields + 1 + k]) {
        std::printf("shuffle %d: thread %u got %d, want lane of thread %u\n", k, t, v.a, s);
        reported[Fields + 1 + k] = true;
        ++errors;
      }
    }
  }
}

/* ---- block_sort, block_run_length_decode, block_exchange, warp_exchange ---- */

constexpr unsigned int SortThreads = 128, SortItems = 3;

// Compares only the high bits, so equal keys differ and stability shows.
struct ByHigh {
  __host__ __device__ bool operator()(int a, int b) const { return (a >> 4) < (b >> 4); }
};
struct Greater {
  __host__ __device__ bool operator()(int a, int b) const { return a > b; }
};

__global__ void sort_kernel(const int* keys, int* sorted_keys, int* sorted_values, int* singles,
                            int* singles_desc) {
  typedef rocprim::block_sort<int, SortThreads, SortItems, int> Pairs;
  __shared__ Pairs::storage_type storage;
  unsigned int t = threadIdx.x;
  int k[SortItems], v[SortItems];
  for (unsigned int i = 0; i < SortItems; ++i) {
    k[i] = keys[t * SortItems + i];
    v[i] = (int)(t * SortItems + i);
  }
  Pairs().sort(k, v, storage, ByHigh());
  for (unsigned int i = 0; i < SortItems; ++i) {
    sorted_keys[t * SortItems + i] = k[i];
    sorted_values[t * SortItems + i] = v[i];
  }
  typedef rocprim::block_sort<int, SortThreads> Single;
  int key = keys[t];
  Single().sort(key);
  singles[t] = key;
  __syncthreads();
  key = keys[t];
  Single().sort(key, Greater());
  singles_desc[t] = key;
}

static void check_block_sort() {
  unsigned long long seed = 5;
  const unsigned int n = SortThreads * SortItems;
  std::vector<int> keys(n);
  for (auto& key : keys) key = (int)(next_random(&seed) % 400) - 200;
  Device<int> d_keys(keys), sorted_keys(n), sorted_values(n), singles(SortThreads),
      singles_desc(SortThreads);
  sort_kernel<<<1, SortThreads>>>(d_keys.ptr, sorted_keys.ptr, sorted_values.ptr, singles.ptr,
                                  singles_desc.ptr);
  CHECK_LAUNCH();
  std::vector<int> order(n);
  for (unsigned int i = 0; i < n; ++i) order[i] = (int)i;
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return ByHigh()(keys[a], keys[b]) || (!ByHigh()(keys[b], keys[a]) && a < b);
  });
  std::vector<int> want_keys(n);
  for (unsigned int i = 0; i < n; ++i) want_keys[i] = keys[order[i]];
  expect("block_sort keys (stable)", n, sorted_keys.get(), want_keys);
  expect("block_sort values (stable)", n, sorted_values.get(), order);
  std::vector<int> first(keys.begin(), keys.begin() + SortThreads);
  std::sort(first.begin(), first.end());
  expect("block_sort one key", SortThreads, singles.get(), first);
  std::reverse(first.begin(), first.end());
  expect("block_sort one key, greater", SortThreads, singles_desc.get(), first);
}

constexpr unsigned int RunThreads = 64, RunsPer = 2, DecodedPer = 3;

__global__ void decode_kernel(const int* values, const int* lengths, int* decoded,
                              unsigned int* offsets, unsigned int* total_out) {
  typedef rocprim::block_run_length_decode<int, RunThreads, RunsPer, DecodedPer> Decode;
  __shared__ Decode::storage_type storage;
  int run_values[RunsPer], run_lengths[RunsPer];
  for (unsigned int i = 0; i < RunsPer; ++i) {
    run_values[i] = values[threadIdx.x * RunsPer + i];
    run_lengths[i] = lengths[threadIdx.x * RunsPer + i];
  }
  unsigned int total = 0;
  Decode decode(storage, run_values, run_lengths, total);
  if (threadIdx.x == 0) *total_out = total;
  for (unsigned int window = 0; window < total; window += RunThreads * DecodedPer) {
    int items[DecodedPer];
    unsigned int relative[DecodedPer];
    decode.run_length_decode(items, relative, window);
    for (unsigned int i = 0; i < DecodedPer; ++i) {
      unsigned int at = window + threadIdx.x * DecodedPer + i;
      if (at < total) {
        decoded[at] = items[i];
        offsets[at] = relative[i];
      }
    }
  }
}

static void check_run_length_decode() {
  unsigned long long seed = 9;
  const unsigned int runs = RunThreads * RunsPer;
  std::vector<int> values(runs), lengths(runs);
  std::vector<int> want;
  std::vector<unsigned int> want_offsets;
  for (unsigned int r = 0; r < runs; ++r) {
    values[r] = (int)(next_random(&seed) % 1000);
    lengths[r] = (int)(next_random(&seed) % 6);  // empty runs among them
    for (int k = 0; k < lengths[r]; ++k) {
      want.push_back(values[r]);
      want_offsets.push_back((unsigned int)k);
    }
  }
  Device<int> d_values(values), d_lengths(lengths), decoded(want.size());
  Device<unsigned int> offsets(want.size()), total(1);
  decode_kernel<<<1, RunThreads>>>(d_values.ptr, d_lengths.ptr, decoded.ptr, offsets.ptr,
                                   total.ptr);
  CHECK_LAUNCH();
  expect("block_run_length_decode total", 1, total.get(),
         std::vector<unsigned int>{(unsigned int)want.size()});
  expect("block_run_length_decode items", want.size(), decoded.get(), want);
  expect("block_run_length_decode offsets", want.size(), offsets.get(), want_offsets);
}

constexpr unsigned int ExThreads = 128, ExItems = 4, ExTile = ExThreads * ExItems;

__global__ void exchange_kernel(const int* in, int* gathered, int* scattered) {
  typedef rocprim::block_exchange<int, ExThreads, ExItems> Exchange;
  __shared__ Exchange::storage_type storage;
  unsigned int t = threadIdx.x;
  int striped[ExItems], out[ExItems];
  unsigned int ranks[ExItems];
  for (unsigned int i = 0; i < ExItems; ++i) {
    striped[i] = in[i * ExThreads + t];
    ranks[i] = ((t * ExItems + i) * 7u) % ExTile;
  }
  Exchange().gather_from_striped(striped, out, ranks, storage);
  for (unsigned int i = 0; i < ExItems; ++i) gathered[t * ExItems + i] = out[i];
  int blocked[ExItems];
  bool valid[ExItems];
  for (unsigned int i = 0; i < ExItems; ++i) {
    blocked[i] = in[t * ExItems + i];
    // Every third item is not valid and names the rank of a valid one, which must win: the
    // item before it (written before it in the same thread), or for item 0 the item after.
    unsigned int index = t * ExItems + i;
    valid[i] = index % 3 != 0;
    unsigned int target = valid[i] ? index : index == 0 ? 1 : index - 1;
    ranks[i] = ExTile - 1 - target;
    out[i] = -1;
  }
  Exchange().scatter_to_striped_flagged(blocked, out, ranks, valid);
  for (unsigned int i = 0; i < ExItems; ++i) scattered[i * ExThreads + t] = out[i];
}

static void check_block_exchange() {
  std::vector<int> in(ExTile);
  for (unsigned int i = 0; i < ExTile; ++i) in[i] = (int)(i * 13 + 5);
  Device<int> d_in(in), gathered(ExTile), scattered(ExTile);
  exchange_kernel<<<1, ExThreads>>>(d_in.ptr, gathered.ptr, scattered.ptr);
  CHECK_LAUNCH();
  std::vector<int> want(ExTile);
  for (unsigned int i = 0; i < ExTile; ++i) want[i] = in[(i * 7u) % ExTile];
  expect("gather_from_striped", ExTile, gathered.get(), want);
  std::vector<int> got = scattered.get();
  // Striped rank r holds the item whose rank maps to r, where that item was flagged.
  for (unsigned int r = 0; r < ExTile; ++r) {
    unsigned int source = ExTile - 1 - r;
    if (source % 3 != 0 && got[r] != in[source]) {
      std::printf("scatter_to_striped_flagged: rank %u is %d, want %d\n", r, got[r], in[source]);
      ++errors;
      return;
    }
  }
}

template <unsigned int Items, unsigned int Width>
__global__ void warp_exchange_kernel(const int* in, int* striped_out, int* blocked_out) {
  typedef rocprim::warp_exchange<int, Items, Width> Exchange;
  unsigned int t = threadIdx.x, lane = t % Width, base = (t - lane) * Items;
  int blocked[Items], striped[Items], back[Items];
  for (unsigned int i = 0; i < Items; ++i) blocked[i] = in[base + lane * Items + i];
  Exchange().blocked_to_striped_shuffle(blocked, striped);
  Exchange().striped_to_blocked_shuffle(striped, back);
  for (unsigned int i = 0; i < Items; ++i) {
    striped_out[t * Items + i] = striped[i];
    blocked_out[t * Items + i] = back[i];
  }
}

template <unsigned int Items, unsigned int Width>
static void check_warp_exchange(const char* what) {
  const unsigned int threads = 64, n = threads * Items;
  std::vector<int> in(n);
  for (unsigned int i = 0; i < n; ++i) in[i] = (int)(i * 31 + 2);
  Device<int> d_in(in), striped(n), blocked(n);
  warp_exchange_kernel<Items, Width><<<1, threads>>>(d_in.ptr, striped.ptr, blocked.ptr);
  CHECK_LAUNCH();
  std::vector<int> want(n), want_back(n);
  for (unsigned int t = 0; t < threads; ++t) {
    unsigned int lane = t % Width, base = (t - lane) * Items;
    for (unsigned int i = 0; i < Items; ++i) {
      want[t * Items + i] = in[base + i * Width + lane];
      want_back[t * Items + i] = in[base + lane * Items + i];
    }
  }
  expect(what, n, striped.get(), want);
  expect(what, n, blocked.get(), want_back);
}

/* ---- tuple, zip_iterator, reverse_iterator ---- */

struct Combine {
  __host__ __device__ rocprim::tuple<int, long long> operator()(
      const rocprim::tuple<int, short>& pair) const {
    int a = rocprim::get<0>(pair);
    short b = rocprim::get<1>(pair);
    return rocprim::make_tuple(3 * a + b, (long long)a * b);
  }
};
struct Negate {
  __host__ __device__ int operator()(int x) const { return -x; }
};

static void check_iterators(size_t n) {
  std::vector<int> a(n);
  std::vector<short> b(n);
  for (size_t i = 0; i < n; ++i) {
    a[i] = (int)(i % 1000) - 300;
    b[i] = (short)(i % 17);
  }
  Device<int> d_a(a), sums(n), reversed(n), scanned(n);
  Device<short> d_b(b);
  Device<long long> products(n);
  CHECK(rocprim::transform(
      rocprim::make_zip_iterator(rocprim::make_tuple(d_a.ptr, d_b.ptr)),
      rocprim::make_zip_iterator(rocprim::make_tuple(sums.ptr, products.ptr)), n, Combine()));
  CHECK(rocprim::transform(rocprim::make_reverse_iterator(d_a.ptr + n), reversed.ptr, n,
                           Negate()));
  CHECK(hipDeviceSynchronize());
  TWICE(rocprim::inclusive_scan(temp, storage, rocprim::make_reverse_iterator(d_a.ptr + n),
                                scanned.ptr, n, rocprim::plus<int>()));
  std::vector<int> want_sums(n), want_reversed(n), want_scanned(n);
  std::vector<long long> want_products(n);
  int running = 0;
  for (size_t i = 0; i < n; ++i) {
    want_sums[i] = 3 * a[i] + b[i];
    want_products[i] = (long long)a[i] * b[i];
    want_reversed[i] = -a[n - 1 - i];
    running += a[n - 1 - i];
    want_scanned[i] = running;
  }
  expect("zip_iterator transform, first", n, sums.get(), want_sums);
  expect("zip_iterator transform, second", n, products.get(), want_products);
  expect("reverse_iterator transform", n, reversed.get(), want_reversed);
  expect("reverse_iterator inclusive_scan", n, scanned.get(), want_scanned);
}

/* ---- batch_memcpy, batch_copy ---- */

static void check_batches() {
  const std::vector<unsigned int> sizes = {0, 1, 3, 16, 17, 1000, 4093, 0, 65536 + 5};
  size_t total = 0;
  for (unsigned int size : sizes) total += size;
  std::vector<unsigned char> bytes(total + 7);
  unsigned long long seed = 3;
  for (auto& byte : bytes) byte = (unsigned char)next_random(&seed);
  Device<unsigned char> source(bytes), destination(total + 7);
  CHECK(hipMemset(destination.ptr, 0, total + 7));
  // Sources at odd offsets, destinations packed from 7, so alignments differ.
  std::vector<void*> sources, destinations;
  size_t at = 0;
  for (unsigned int size : sizes) {
    sources.push_back(source.ptr + at + (size % 2));
    destinations.push_back(destination.ptr + 7 + at);
    at += size;
  }
  Device<void*> d_sources(sources), d_destinations(destinations);
  Device<unsigned int> d_sizes(sizes);
  TWICE(rocprim::batch_memcpy(temp, storage, d_sources.ptr, d_destinations.ptr, d_sizes.ptr,
                              (uint32_t)sizes.size()));
  std::vector<unsigned char> got = destination.get(), want(total + 7, 0);
  at = 0;
  for (unsigned int size : sizes) {
    for (unsigned int k = 0; k < size; ++k) want[7 + at + k] = bytes[at + (size % 2) + k];
    at += size;
  }
  expect("batch_memcpy", total, got, want);

  std::vector<int> items(total);
  for (size_t i = 0; i < total; ++i) items[i] = (int)(i * 7 + 1);
  Device<int> from(items), to(total);
  CHECK(hipMemset(to.ptr, 0, total * sizeof(int)));
  std::vector<int*> froms, tos;
  at = 0;
  for (unsigned int size : sizes) {
    froms.push_back(from.ptr + at);
    tos.push_back(to.ptr + (total - at - size));  // ranges land in reverse order
    at += size;
  }
  Device<int*> d_froms(froms), d_tos(tos);
  TWICE(rocprim::batch_copy(temp, storage, d_froms.ptr, d_tos.ptr, d_sizes.ptr,
                            (uint32_t)sizes.size()));
  std::vector<int> want_items(total);
  at = 0;
  for (unsigned int size : sizes) {
    for (unsigned int k = 0; k < size; ++k) want_items[total - at - size + k] = items[at + k];
    at += size;
  }
  expect("batch_copy", total, to.get(), want_items);
}

/* ---- adjacent_find, find_first_of, search_n ---- */

struct SameTens {
  __host__ __device__ bool operator()(int a, int b) const { return a / 10 == b / 10; }
};

static void check_found(const char* what, size_t n, const Device<size_t>& found, size_t want) {
  size_t got = found.get(1)[0];
  if (got != want) {
    std::printf("%s (n=%zu): %zu, want %zu\n", what, n, got, want);
    ++errors;
  }
}

static void check_searches(size_t n) {
  // Strictly increasing by 10s (no adjacent pair of the same tens), then planted pairs.
  std::vector<int> in(n);
  for (size_t i = 0; i < n; ++i) in[i] = (int)(i * 10);
  Device<size_t> found(1);
  {
    Device<int> d_in(in);
    TWICE(rocprim::adjacent_find(temp, storage, d_in.ptr, found.ptr, n));
    check_found("adjacent_find, none", n, found, n);
  }
  if (n >= 2) {
    std::vector<int> planted = in;
    size_t first = n * 2 / 3, second = n / 2;  // two pairs; the earlier one counts
    planted[first + 1 < n ? first + 1 : first] = planted[first];
    if (second > 0) planted[second] = planted[second - 1] + 3;
    Device<int> d_in(planted);
    size_t want = n;
    for (size_t i = 0; i + 1 < n; ++i)
      if (SameTens()(planted[i], planted[i + 1])) {
        want = i;
        break;
      }
    TWICE(rocprim::adjacent_find(temp, storage, d_in.ptr, found.ptr, n, SameTens()));
    check_found("adjacent_find, SameTens", n, found, want);
    size_t want_equal = n;
    for (size_t i = 0; i + 1 < n; ++i)
      if (planted[i] == planted[i + 1]) {
        want_equal = i;
        break;
      }
    TWICE(rocprim::adjacent_find(temp, storage, d_in.ptr, found.ptr, n));
    check_found("adjacent_find, equal_to", n, found, want_equal);
  }

  // find_first_of: keys that occur late, never, or not at all (no keys).
  {
    Device<int> d_in(in);
    std::vector<std::vector<int>> key_sets = {
        {},
        {-5},
        {(int)(n / 3) * 10},
        {-5, 7, (int)(n / 2) * 10, (int)(n - 1) * 10},
        {(int)(n - 1) * 10, 0}};
    for (const auto& keys : key_sets) {
      Device<int> d_keys(keys);
      size_t want = n;
      for (size_t i = 0; i < n && want == n; ++i)
        if (std::find(keys.begin(), keys.end(), in[i]) != keys.end()) want = i;
      TWICE(rocprim::find_first_of(temp, storage, d_in.ptr, d_keys.ptr, found.ptr, n,
                                   keys.size()));
      check_found("find_first_of", n, found, want);
    }
  }

  // search_n: runs of 4 of different lengths, a long one last.
  {
    std::vector<int> runs(n);
    unsigned long long seed = n + 1;
    for (size_t i = 0; i < n; ++i) runs[i] = next_random(&seed) % 3 == 0 ? 4 : 1;
    for (size_t i = n > 40 ? n - 40 : 0; i < n; ++i) runs[i] = 4;
    Device<int> d_runs(runs), value(std::vector<int>{4});
    for (size_t count : {(size_t)0, (size_t)1, (size_t)3, (size_t)6, (size_t)40, n + 1}) {
      size_t want = count == 0 ? 0 : n;
      for (size_t i = 0; count > 0 && i + count <= n && want == n; ++i) {
        size_t k = 0;
        while (k < count && runs[i + k] == 4) ++k;
        if (k == count) want = i;
      }
      TWICE(rocprim::search_n(temp, storage, d_runs.ptr, found.ptr, n, count, value.ptr));
      check_found("search_n", n, found, want);
    }
  }
}

int main() {
  print_device("rocprim_extras");
  check_intrinsics();
  check_block_sort();
  check_run_length_decode();
  check_block_exchange();
  check_warp_exchange<4, 16>("warp_exchange shuffle 4 x 16");
  check_warp_exchange<3, 8>("warp_exchange shuffle 3 x 8");
  check_warp_exchange<5, 32>("warp_exchange shuffle 5 x 32");
  for (size_t n : {(size_t)0, (size_t)1, (size_t)2, (size_t)7, (size_t)1000, (size_t)131077}) {
    check_iterators(n);
    check_searches(n);
  }
  check_batches();
  return finish("rocprim_extras", errors);
}
