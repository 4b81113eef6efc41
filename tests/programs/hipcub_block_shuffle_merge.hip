// hipCUB's BlockShuffle (Offset forwards, backwards and out of range, Rotate, Up and Down with
// and without the block's suffix or prefix, in place, a 2-D block), BlockMergeSort (Sort and
// StableSort of keys and of pairs, ascending and descending, equal keys kept in order, with
// valid_items from 0 to a whole tile and oob_default, tiles of 128 x 4 and 96 x 3 items) and
// BlockRunLengthDecode (from lengths with empty runs, from offsets, windows past the end),
// oxhip's portable hipcub, against the host.
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
static void expect(const char* what, long long n, const std::vector<T>& got,
                   const std::vector<T>& want) {
  if (got != want) {
    size_t at = 0;
    while (at < got.size() && at < want.size() && got[at] == want[at]) ++at;
    std::printf("%s (%lld): differs at %zu\n", what, n, at);
    ++errors;
  }
}

// ---- BlockShuffle ------------------------------------------------------------------------

enum { SX = 32, SY = 3, ST = SX * SY, SN = 3 };
enum { SHUFFLE_OUTPUTS = 7 + 4 * SN + 2 };

// Each thread writes SHUFFLE_OUTPUTS values, in a block of 32 x 3 threads; one TempStorage
// serves every call back to back.
__global__ void shuffle_kernel(const int* in, int* out) {
  typedef hipcub::BlockShuffle<int, SX, SY> Shuffle;
  __shared__ typename Shuffle::TempStorage storage;
  int rank = threadIdx.y * SX + threadIdx.x;
  int* mine = out + rank * SHUFFLE_OUTPUTS;
  int x = in[rank];
  int got = -1;
  Shuffle(storage).Offset(x, got);
  mine[0] = got;
  got = -1;
  Shuffle(storage).Offset(x, got, -5);
  mine[1] = got;
  got = -1;
  Shuffle(storage).Offset(x, got, ST + 1);
  mine[2] = got;
  got = -1;
  Shuffle(storage).Rotate(x, got);
  mine[3] = got;
  got = -1;
  Shuffle(storage).Rotate(x, got, 37);
  mine[4] = got;
  int items[SN], shifted[SN];
  for (int i = 0; i < SN; ++i) items[i] = in[rank * SN + i + ST];
  for (int i = 0; i < SN; ++i) shifted[i] = -1;
  int suffix = -1, prefix = -1;
  Shuffle(storage).Up(items, shifted, suffix);
  for (int i = 0; i < SN; ++i) mine[5 + i] = shifted[i];
  for (int i = 0; i < SN; ++i) shifted[i] = -1;
  Shuffle(storage).Down(items, shifted, prefix);
  for (int i = 0; i < SN; ++i) mine[5 + SN + i] = shifted[i];
  mine[5 + 2 * SN] = suffix;
  mine[6 + 2 * SN] = prefix;
  // In place, and through the constructor with private storage.
  int again[SN];
  for (int i = 0; i < SN; ++i) again[i] = items[i];
  Shuffle().Up(again, again);
  for (int i = 0; i < SN; ++i) mine[7 + 2 * SN + i] = again[i];
  for (int i = 0; i < SN; ++i) again[i] = items[i];
  Shuffle(storage).Down(again, again);
  for (int i = 0; i < SN; ++i) mine[7 + 3 * SN + i] = again[i];
  got = -1;
  Shuffle(storage).Offset(x, got, 0);
  mine[7 + 4 * SN] = got;
  got = -1;
  Shuffle(storage).Offset(x, got, -ST);
  mine[8 + 4 * SN] = got;
}

static void shuffle_cases(unsigned long long* seed) {
  std::vector<int> in(ST + ST * SN);
  for (auto& v : in) v = (int)(next_random(seed) % 100000);
  int* d_in = to_device(in);
  int* d_out;
  CHECK(hipMalloc(&d_out, ST * SHUFFLE_OUTPUTS * sizeof(int)));
  shuffle_kernel<<<1, dim3(SX, SY)>>>(d_in, d_out);
  CHECK_LAUNCH();
  std::vector<int> want(ST * SHUFFLE_OUTPUTS);
  const int* blocked = in.data() + ST;
  for (int t = 0; t < ST; ++t) {
    int* w = &want[t * SHUFFLE_OUTPUTS];
    w[0] = t + 1 < ST ? in[t + 1] : -1;
    w[1] = t - 5 >= 0 ? in[t - 5] : -1;
    w[2] = -1;
    w[3] = in[(t + 1) % ST];
    w[4] = in[(t + 37) % ST];
    for (int i = 0; i < SN; ++i) {
      int at = t * SN + i;
      w[5 + i] = at > 0 ? blocked[at - 1] : -1;
      w[5 + SN + i] = at + 1 < ST * SN ? blocked[at + 1] : -1;
      w[7 + 2 * SN + i] = at > 0 ? blocked[at - 1] : blocked[0];
      w[7 + 3 * SN + i] = at + 1 < ST * SN ? blocked[at + 1] : blocked[ST * SN - 1];
    }
    w[5 + 2 * SN] = blocked[ST * SN - 1];
    w[6 + 2 * SN] = blocked[0];
    w[7 + 4 * SN] = in[t];
    w[8 + 4 * SN] = -1;
  }
  expect("BlockShuffle", ST, to_host(d_out, want.size()), want);
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
}

// ---- BlockMergeSort --------------------------------------------------------------------------

struct Less {
  __host__ __device__ bool operator()(int a, int b) const { return a < b; }
};
struct Greater {
  __host__ __device__ bool operator()(float a, float b) const { return a > b; }
};
// Orders by the low four bits only, so many keys are equal and stability shows.
struct LowBits {
  __host__ __device__ bool operator()(int a, int b) const { return (a & 15) < (b & 15); }
};

// Keys only, blocked tiles of THREADS x ITEMS, one a block; valid < 0 means the whole tile.
template <class Key, int THREADS, int ITEMS, class Compare, bool Stable>
__global__ void merge_keys_kernel(Key* keys, int valid, Key oob_default) {
  typedef hipcub::BlockMergeSort<Key, THREADS, ITEMS> Sort;
  __shared__ typename Sort::TempStorage storage;
  Key items[ITEMS];
  Key* tile = keys + blockIdx.x * THREADS * ITEMS;
  for (int i = 0; i < ITEMS; ++i) items[i] = tile[threadIdx.x * ITEMS + i];
  if (valid < 0) {
    if (Stable)
      Sort(storage).StableSort(items, Compare());
    else
      Sort(storage).Sort(items, Compare());
  } else {
    if (Stable)
      Sort(storage).StableSort(items, Compare(), valid, oob_default);
    else
      Sort(storage).Sort(items, Compare(), valid, oob_default);
  }
  for (int i = 0; i < ITEMS; ++i) tile[threadIdx.x * ITEMS + i] = items[i];
}

template <int THREADS, int ITEMS, bool Stable>
__global__ void merge_pairs_kernel(int* keys, int* values, int valid) {
  typedef hipcub::BlockMergeSort<int, THREADS, ITEMS, int> Sort;
  __shared__ typename Sort::TempStorage storage;
  int k[ITEMS], v[ITEMS];
  int first = blockIdx.x * THREADS * ITEMS + threadIdx.x * ITEMS;
  for (int i = 0; i < ITEMS; ++i) {
    k[i] = keys[first + i];
    v[i] = values[first + i];
  }
  if (valid < 0) {
    if (Stable)
      Sort(storage).StableSort(k, v, LowBits());
    else
      Sort(storage).Sort(k, v, LowBits());
  } else {
    if (Stable)
      Sort(storage).StableSort(k, v, LowBits(), valid, INT_MAX);
    else
      Sort(storage).Sort(k, v, LowBits(), valid, INT_MAX);
  }
  for (int i = 0; i < ITEMS; ++i) {
    keys[first + i] = k[i];
    values[first + i] = v[i];
  }
}

template <class Key, int THREADS, int ITEMS, class Compare, bool Stable>
static void merge_keys(const char* what, unsigned long long* seed, int valid, Key oob_default) {
  const int tile = THREADS * ITEMS, blocks = 3;
  std::vector<Key> keys(tile * blocks);
  for (auto& k : keys) k = (Key)((int)(next_random(seed) % 2001) - 1000);
  Key* d_keys = to_device(keys);
  merge_keys_kernel<Key, THREADS, ITEMS, Compare, Stable><<<blocks, THREADS>>>(d_keys, valid,
                                                                               oob_default);
  CHECK_LAUNCH();
  std::vector<Key> want = keys;
  int sorted = valid < 0 ? tile : std::min(valid, tile);
  for (int b = 0; b < blocks; ++b) {
    auto begin = want.begin() + b * tile;
    std::stable_sort(begin, begin + sorted, Compare());
    std::fill(begin + sorted, begin + tile, oob_default);
  }
  expect(what, valid, to_host(d_keys, keys.size()), want);
  CHECK(hipFree(d_keys));
}

template <int THREADS, int ITEMS, bool Stable>
static void merge_pairs(const char* what, unsigned long long* seed, int valid) {
  const int tile = THREADS * ITEMS, blocks = 2;
  std::vector<int> keys(tile * blocks), values(tile * blocks);
  for (size_t i = 0; i < keys.size(); ++i) {
    keys[i] = (int)(next_random(seed) % 1000);
    values[i] = (int)i;
  }
  int* d_keys = to_device(keys);
  int* d_values = to_device(values);
  merge_pairs_kernel<THREADS, ITEMS, Stable><<<blocks, THREADS>>>(d_keys, d_values, valid);
  CHECK_LAUNCH();
  // The host's stable sort of (key, value) pairs by the keys' low bits; past valid_items the
  // keys are INT_MAX and the values stay.
  int sorted = valid < 0 ? tile : std::min(valid, tile);
  std::vector<int> want_keys = keys, want_values = values;
  for (int b = 0; b < blocks; ++b) {
    std::vector<std::pair<int, int>> pairs;
    for (int i = 0; i < sorted; ++i) pairs.push_back({keys[b * tile + i], values[b * tile + i]});
    std::stable_sort(pairs.begin(), pairs.end(),
                     [](const std::pair<int, int>& a, const std::pair<int, int>& b) {
                       return LowBits()(a.first, b.first);
                     });
    for (int i = 0; i < sorted; ++i) {
      want_keys[b * tile + i] = pairs[i].first;
      want_values[b * tile + i] = pairs[i].second;
    }
    for (int i = sorted; i < tile; ++i) want_keys[b * tile + i] = INT_MAX;
  }
  expect(what, valid, to_host(d_keys, keys.size()), want_keys);
  expect(what, valid, to_host(d_values, values.size()), want_values);
  CHECK(hipFree(d_keys));
  CHECK(hipFree(d_values));
}

static void merge_cases(unsigned long long* seed) {
  for (int valid : {-1, 0, 1, 5, 300, 511, 512, 600}) {
    merge_keys<int, 128, 4, Less, false>("BlockMergeSort Sort keys", seed, valid, INT_MAX);
    merge_keys<int, 128, 4, Less, true>("BlockMergeSort StableSort keys", seed, valid, INT_MAX);
    // oxhip keeps the keys past valid_items in place even where oob_default is the smallest.
    merge_keys<int, 128, 4, Less, true>("BlockMergeSort small oob_default", seed, valid, INT_MIN);
    merge_pairs<128, 4, true>("BlockMergeSort StableSort pairs", seed, valid);
  }
  for (int valid : {-1, 0, 7, 200, 288}) {
    merge_keys<float, 96, 3, Greater, true>("BlockMergeSort descending float", seed, valid,
                                            -1e30f);
    merge_pairs<96, 3, false>("BlockMergeSort Sort pairs 96x3", seed, valid);
  }
}

// ---- BlockRunLengthDecode ----------------------------------------------------------------------

enum { RT = 64, RUNS = 2, DECODED = 3, WINDOW = RT * DECODED };

// Decodes the block's runs window by window into out (item, offset in run); from_offsets
// takes the runs' offsets rather than their lengths. total gets the decoded size.
__global__ void decode_kernel(const int* values, const int* lengths, const unsigned* offsets,
                              int* out_items, int* out_offsets, unsigned* total, int windows,
                              bool from_offsets) {
  typedef hipcub::BlockRunLengthDecode<int, RT, RUNS, DECODED> Decode;
  __shared__ typename Decode::TempStorage storage;
  int run_values[RUNS], run_lengths[RUNS];
  unsigned run_offsets[RUNS];
  for (int i = 0; i < RUNS; ++i) {
    run_values[i] = values[threadIdx.x * RUNS + i];
    run_lengths[i] = lengths[threadIdx.x * RUNS + i];
    run_offsets[i] = offsets[threadIdx.x * RUNS + i];
  }
  unsigned size = 0;
  if (from_offsets) {
    Decode decode(storage, run_values, run_offsets);
    for (int w = 0; w < windows; ++w) {
      int items[DECODED];
      decode.RunLengthDecode(items, (unsigned)(w * WINDOW));
      for (int i = 0; i < DECODED; ++i)
        out_items[w * WINDOW + threadIdx.x * DECODED + i] = items[i];
    }
  } else {
    Decode decode(storage, run_values, run_lengths, size);
    for (int w = 0; w < windows; ++w) {
      int items[DECODED];
      unsigned char relative[DECODED];
      decode.RunLengthDecode(items, relative, (unsigned)(w * WINDOW));
      for (int i = 0; i < DECODED; ++i) {
        out_items[w * WINDOW + threadIdx.x * DECODED + i] = items[i];
        out_offsets[w * WINDOW + threadIdx.x * DECODED + i] = relative[i];
      }
    }
    if (threadIdx.x == RT - 1) *total = size;
  }
}

static void decode_cases(unsigned long long* seed) {
  std::vector<int> values(RT * RUNS), lengths(RT * RUNS);
  std::vector<unsigned> offsets(RT * RUNS);
  unsigned total = 0;
  std::vector<int> want_items, want_offsets;
  for (int r = 0; r < RT * RUNS; ++r) {
    values[r] = (int)(next_random(seed) % 1000) - 500;
    lengths[r] = r % 5 == 2 ? 0 : (int)(next_random(seed) % 9);
    offsets[r] = total;
    total += lengths[r];
    for (int j = 0; j < lengths[r]; ++j) {
      want_items.push_back(values[r]);
      want_offsets.push_back(j);
    }
  }
  int windows = (int)(total + WINDOW - 1) / WINDOW;
  int* d_values = to_device(values);
  int* d_lengths = to_device(lengths);
  unsigned* d_offsets = to_device(offsets);
  int *d_items, *d_relative;
  unsigned* d_total;
  CHECK(hipMalloc(&d_items, windows * WINDOW * sizeof(int)));
  CHECK(hipMalloc(&d_relative, windows * WINDOW * sizeof(int)));
  CHECK(hipMalloc(&d_total, sizeof(unsigned)));
  decode_kernel<<<1, RT>>>(d_values, d_lengths, d_offsets, d_items, d_relative, d_total, windows,
                           false);
  CHECK_LAUNCH();
  // Only the decoded positions are compared; the window's last positions lie past the end.
  std::vector<int> items = to_host(d_items, total), relative = to_host(d_relative, total);
  expect("BlockRunLengthDecode items", total, items, want_items);
  expect("BlockRunLengthDecode offsets", total, relative, want_offsets);
  expect("BlockRunLengthDecode total", total, to_host(d_total, 1), std::vector<unsigned>{total});
  decode_kernel<<<1, RT>>>(d_values, d_lengths, d_offsets, d_items, d_relative, d_total, windows,
                           true);
  CHECK_LAUNCH();
  expect("BlockRunLengthDecode from offsets", total, to_host(d_items, total), want_items);
  CHECK(hipFree(d_values));
  CHECK(hipFree(d_lengths));
  CHECK(hipFree(d_offsets));
  CHECK(hipFree(d_items));
  CHECK(hipFree(d_relative));
  CHECK(hipFree(d_total));
}

int main() {
  print_device("hipcub_block_shuffle_merge");
  unsigned long long seed = 77;
  shuffle_cases(&seed);
  std::printf("BlockShuffle checked\n");
  merge_cases(&seed);
  std::printf("BlockMergeSort checked\n");
  decode_cases(&seed);
  std::printf("BlockRunLengthDecode checked\n");
  return finish("hipcub_block_shuffle_merge", errors);
}
