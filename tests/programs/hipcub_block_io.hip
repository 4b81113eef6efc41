// hipCUB's block-level primitives (oxhip's portable hipcub) against the host: BlockLoad and
// BlockStore with every algorithm (blocked or striped arrangement as CUB gives, full and
// partial tiles), BlockExchange (striped, blocked, warp-striped, scatter), BlockRadixSort
// (keys and pairs, descending, bit ranges, blocked-to-striped), BlockDiscontinuity (heads,
// tails, with a predecessor) and BlockHistogram, for a 128-thread block of 4 items each and
// a 96-thread one; and that each TempStorage has the host's size in the device pass.
#include "check.h"
#include <hipcub/hipcub.hpp>
#include <algorithm>
#include <vector>

enum { ITEMS = 4 };

// Each thread writes its items, in order, to out[rank * ITEMS + i].
template <int Threads, hipcub::BlockLoadAlgorithm Algorithm>
__global__ void load_kernel(const int* in, int* out, int valid) {
  typedef hipcub::BlockLoad<int, Threads, ITEMS, Algorithm> Load;
  __shared__ typename Load::TempStorage storage;
  int items[ITEMS];
  if (valid < 0)
    Load(storage).Load(in, items);
  else
    Load(storage).Load(in, items, valid, -1);
  for (int i = 0; i < ITEMS; ++i) out[threadIdx.x * ITEMS + i] = items[i];
}

// Each thread holds the ranks its arrangement gives it and stores them.
template <int Threads, hipcub::BlockStoreAlgorithm Algorithm>
__global__ void store_kernel(int* out, int valid) {
  typedef hipcub::BlockStore<int, Threads, ITEMS, Algorithm> Store;
  __shared__ typename Store::TempStorage storage;
  int items[ITEMS];
  for (int i = 0; i < ITEMS; ++i)
    items[i] = Algorithm == hipcub::BLOCK_STORE_STRIPED ? i * Threads + threadIdx.x
                                                        : threadIdx.x * ITEMS + i;
  if (valid < 0)
    Store(storage).Store(out, items);
  else
    Store(storage).Store(out, items, valid);
}

// Exchanges: 0 striped to blocked, 1 blocked to striped, 2 warp-striped to blocked,
// 3 blocked to warp-striped, 4 scatter to blocked (reversed ranks), 5 scatter to striped.
template <int Threads>
__global__ void exchange_kernel(int* out, int kind) {
  typedef hipcub::BlockExchange<int, Threads, ITEMS> Exchange;
  __shared__ typename Exchange::TempStorage storage;
  int rank = threadIdx.x;
  int items[ITEMS], ranks[ITEMS];
  for (int i = 0; i < ITEMS; ++i) {
    int striped = i * Threads + rank, blocked = rank * ITEMS + i;
    int warp_striped = (rank / 32) * 32 * ITEMS + i * 32 + (rank & 31);
    items[i] = kind == 0 ? striped : kind == 2 ? warp_striped : blocked;
    ranks[i] = Threads * ITEMS - 1 - blocked;
  }
  Exchange exchange(storage);
  if (kind == 0) exchange.StripedToBlocked(items, items);
  if (kind == 1) exchange.BlockedToStriped(items, items);
  if (kind == 2) exchange.WarpStripedToBlocked(items);
  if (kind == 3) exchange.BlockedToWarpStriped(items);
  if (kind == 4) exchange.ScatterToBlocked(items, ranks);
  if (kind == 5) exchange.ScatterToStriped(items, items, ranks);
  for (int i = 0; i < ITEMS; ++i) out[rank * ITEMS + i] = items[i];
}

// Kind 0: keys ascending; 1: pairs descending; 2: keys over bits [4, 12); 3: pairs
// blocked to striped; 4: float keys descending, blocked to striped. One kernel per kind:
// the CPU device's compile of a kernel with all five sorts takes minutes (it splits the
// kernel at every barrier; FIXME(#25)).
template <int Threads, int kind>
__global__ void radix_kernel(const unsigned* keys_in, unsigned* keys_out, int* values_out,
                             float* floats) {
  typedef hipcub::BlockRadixSort<unsigned, Threads, ITEMS, int> Sort;
  typedef hipcub::BlockRadixSort<float, Threads, ITEMS> FloatSort;
  __shared__ typename Sort::TempStorage storage;
  __shared__ typename FloatSort::TempStorage float_storage;
  int rank = threadIdx.x;
  unsigned keys[ITEMS];
  int values[ITEMS];
  float float_keys[ITEMS];
  for (int i = 0; i < ITEMS; ++i) {
    keys[i] = keys_in[rank * ITEMS + i];
    values[i] = rank * ITEMS + i;
    float_keys[i] = floats[rank * ITEMS + i];
  }
  if (kind == 0) Sort(storage).Sort(keys);
  if (kind == 1) Sort(storage).SortDescending(keys, values);
  if (kind == 2) Sort(storage).Sort(keys, 4, 12);
  if (kind == 3) Sort(storage).SortBlockedToStriped(keys, values);
  if (kind == 4) FloatSort(float_storage).SortDescendingBlockedToStriped(float_keys);
  for (int i = 0; i < ITEMS; ++i) {
    keys_out[rank * ITEMS + i] = keys[i];
    values_out[rank * ITEMS + i] = values[i];
    floats[rank * ITEMS + i] = float_keys[i];
  }
}

struct Different {
  __device__ bool operator()(int a, int b) const { return a != b; }
};
struct DifferentAt {  // the three-argument form
  __device__ bool operator()(int a, int b, int) const { return a != b; }
};

template <int Threads>
__global__ void discontinuity_kernel(const int* in, int* heads, int* tails, int* with_pred,
                                     int* histogram_out) {
  typedef hipcub::BlockDiscontinuity<int, Threads> Discontinuity;
  typedef hipcub::BlockHistogram<unsigned char, Threads, ITEMS, 64> Histogram;
  __shared__ typename Discontinuity::TempStorage storage;
  __shared__ typename Histogram::TempStorage histogram_storage;
  __shared__ unsigned int histogram[64];
  int rank = threadIdx.x;
  int items[ITEMS], head_flags[ITEMS], tail_flags[ITEMS], pred_flags[ITEMS];
  unsigned char samples[ITEMS];
  for (int i = 0; i < ITEMS; ++i) {
    items[i] = in[rank * ITEMS + i];
    samples[i] = (unsigned char)(items[i] & 63);
  }
  Discontinuity(storage).FlagHeads(head_flags, items, Different());
  Discontinuity(storage).FlagTails(tail_flags, items, DifferentAt());
  Discontinuity(storage).FlagHeads(pred_flags, items, Different(), items[0]);
  Histogram(histogram_storage).Histogram(samples, histogram);
  for (int i = 0; i < ITEMS; ++i) {
    heads[rank * ITEMS + i] = head_flags[i];
    tails[rank * ITEMS + i] = tail_flags[i];
    with_pred[rank * ITEMS + i] = pred_flags[i];
  }
  for (int bin = rank; bin < 64; bin += Threads) histogram_out[bin] = (int)histogram[bin];
}

// The TempStorage sizes host code sees (dynamic shared memory is sized from them) must be
// the ones each device pass uses.
typedef hipcub::BlockRadixSort<unsigned, 128, ITEMS, int> SizeSort;
typedef hipcub::BlockScan<double, 96> SizeScan;
typedef hipcub::BlockReduce<long long, 256> SizeReduce;
typedef hipcub::BlockLoad<int, 128, ITEMS, hipcub::BLOCK_LOAD_TRANSPOSE> SizeLoad;
typedef hipcub::BlockExchange<float, 96, ITEMS> SizeExchange;
typedef hipcub::BlockDiscontinuity<int, 128> SizeDiscontinuity;
typedef hipcub::WarpScan<int, 16> SizeWarpScan;

__global__ void storage_sizes(unsigned long long* out) {
  out[0] = sizeof(SizeSort::TempStorage);
  out[1] = sizeof(SizeScan::TempStorage);
  out[2] = sizeof(SizeReduce::TempStorage);
  out[3] = sizeof(SizeLoad::TempStorage);
  out[4] = sizeof(SizeExchange::TempStorage);
  out[5] = sizeof(SizeDiscontinuity::TempStorage);
  out[6] = sizeof(SizeWarpScan::TempStorage);
}

static long long errors = 0;

static void expect(const char* what, int threads, const std::vector<int>& got,
                   const std::vector<int>& want) {
  for (size_t i = 0; i < want.size(); ++i)
    if (got[i] != want[i]) {
      std::printf("%s (%d threads): item %zu is %d, want %d\n", what, threads, i, got[i],
                  want[i]);
      ++errors;
      return;
    }
}

template <int Threads>
static void run() {
  const int tile = Threads * ITEMS;
  int *d_in, *d_out, *d_a, *d_b, *d_c;
  CHECK(hipMalloc(&d_in, tile * sizeof(int)));
  CHECK(hipMalloc(&d_out, tile * sizeof(int)));
  CHECK(hipMalloc(&d_a, tile * sizeof(int)));
  CHECK(hipMalloc(&d_b, tile * sizeof(int)));
  CHECK(hipMalloc(&d_c, tile * sizeof(int)));
  std::vector<int> in(tile), got(tile), want(tile);
  for (int i = 0; i < tile; ++i) in[i] = i * 3 + 1;
  CHECK(hipMemcpy(d_in, in.data(), tile * sizeof(int), hipMemcpyHostToDevice));

  // Loads: thread r's item i.
  for (int valid : {-1, tile - 37}) {
    for (int algorithm = 0; algorithm < 5; ++algorithm) {
      switch (algorithm) {
        case 0: load_kernel<Threads, hipcub::BLOCK_LOAD_DIRECT><<<1, Threads>>>(d_in, d_out, valid); break;
        case 1: load_kernel<Threads, hipcub::BLOCK_LOAD_STRIPED><<<1, Threads>>>(d_in, d_out, valid); break;
        case 2: load_kernel<Threads, hipcub::BLOCK_LOAD_VECTORIZE><<<1, Threads>>>(d_in, d_out, valid); break;
        case 3: load_kernel<Threads, hipcub::BLOCK_LOAD_TRANSPOSE><<<1, Threads>>>(d_in, d_out, valid); break;
        default: load_kernel<Threads, hipcub::BLOCK_LOAD_WARP_TRANSPOSE><<<1, Threads>>>(d_in, d_out, valid); break;
      }
      CHECK_LAUNCH();
      CHECK(hipMemcpy(got.data(), d_out, tile * sizeof(int), hipMemcpyDeviceToHost));
      for (int r = 0; r < Threads; ++r)
        for (int i = 0; i < ITEMS; ++i) {
          int index = algorithm == 1 ? i * Threads + r : r * ITEMS + i;
          want[r * ITEMS + i] = valid < 0 || index < valid ? in[index] : -1;
        }
      expect("BlockLoad", Threads, got, want);
    }
  }
  // Stores: memory ends in rank order; past valid_items it is untouched.
  for (int valid : {-1, tile - 37}) {
    for (int algorithm = 0; algorithm < 5; ++algorithm) {
      CHECK(hipMemset(d_out, 0xff, tile * sizeof(int)));
      switch (algorithm) {
        case 0: store_kernel<Threads, hipcub::BLOCK_STORE_DIRECT><<<1, Threads>>>(d_out, valid); break;
        case 1: store_kernel<Threads, hipcub::BLOCK_STORE_STRIPED><<<1, Threads>>>(d_out, valid); break;
        case 2: store_kernel<Threads, hipcub::BLOCK_STORE_VECTORIZE><<<1, Threads>>>(d_out, valid); break;
        case 3: store_kernel<Threads, hipcub::BLOCK_STORE_TRANSPOSE><<<1, Threads>>>(d_out, valid); break;
        default: store_kernel<Threads, hipcub::BLOCK_STORE_WARP_TRANSPOSE><<<1, Threads>>>(d_out, valid); break;
      }
      CHECK_LAUNCH();
      CHECK(hipMemcpy(got.data(), d_out, tile * sizeof(int), hipMemcpyDeviceToHost));
      for (int j = 0; j < tile; ++j) want[j] = valid < 0 || j < valid ? j : -1;
      expect("BlockStore", Threads, got, want);
    }
  }
  // Exchanges.
  for (int kind = 0; kind < 6; ++kind) {
    exchange_kernel<Threads><<<1, Threads>>>(d_out, kind);
    CHECK_LAUNCH();
    CHECK(hipMemcpy(got.data(), d_out, tile * sizeof(int), hipMemcpyDeviceToHost));
    for (int r = 0; r < Threads; ++r)
      for (int i = 0; i < ITEMS; ++i) {
        int striped = i * Threads + r, blocked = r * ITEMS + i;
        int warp_striped = (r / 32) * 32 * ITEMS + i * 32 + (r & 31);
        int value = kind == 0 || kind == 2 ? blocked
                    : kind == 1            ? striped
                    : kind == 3            ? warp_striped
                    : kind == 4            ? tile - 1 - blocked
                                           : tile - 1 - striped;
        want[r * ITEMS + i] = value;
      }
    expect("BlockExchange", Threads, got, want);
  }
  // Radix sorts.
  unsigned long long seed = Threads;
  std::vector<unsigned> keys(tile);
  std::vector<float> floats(tile);
  for (int i = 0; i < tile; ++i) {
    keys[i] = next_random(&seed) % 5000;
    floats[i] = (float)((int)(next_random(&seed) % 2001) - 1000) * 0.25f;
  }
  unsigned *d_keys, *d_sorted;
  float* d_floats;
  CHECK(hipMalloc(&d_keys, tile * sizeof(unsigned)));
  CHECK(hipMalloc(&d_sorted, tile * sizeof(unsigned)));
  CHECK(hipMalloc(&d_floats, tile * sizeof(float)));
  CHECK(hipMemcpy(d_keys, keys.data(), tile * sizeof(unsigned), hipMemcpyHostToDevice));
  for (int kind = 0; kind < 5; ++kind) {
    CHECK(hipMemcpy(d_floats, floats.data(), tile * sizeof(float), hipMemcpyHostToDevice));
    switch (kind) {
      case 0: radix_kernel<Threads, 0><<<1, Threads>>>(d_keys, d_sorted, d_out, d_floats); break;
      case 1: radix_kernel<Threads, 1><<<1, Threads>>>(d_keys, d_sorted, d_out, d_floats); break;
      case 2: radix_kernel<Threads, 2><<<1, Threads>>>(d_keys, d_sorted, d_out, d_floats); break;
      case 3: radix_kernel<Threads, 3><<<1, Threads>>>(d_keys, d_sorted, d_out, d_floats); break;
      default: radix_kernel<Threads, 4><<<1, Threads>>>(d_keys, d_sorted, d_out, d_floats); break;
    }
    CHECK_LAUNCH();
    std::vector<int> order(tile);
    for (int i = 0; i < tile; ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
      if (kind == 1) return keys[y] < keys[x];
      if (kind == 2) return ((keys[x] >> 4) & 0xff) < ((keys[y] >> 4) & 0xff);
      if (kind == 4) return floats[y] < floats[x];
      return keys[x] < keys[y];
    });
    std::vector<unsigned> got_keys(tile);
    std::vector<float> got_floats(tile);
    CHECK(hipMemcpy(got_keys.data(), d_sorted, tile * sizeof(unsigned), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(got.data(), d_out, tile * sizeof(int), hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(got_floats.data(), d_floats, tile * sizeof(float), hipMemcpyDeviceToHost));
    for (int r = 0; r < Threads; ++r)
      for (int i = 0; i < ITEMS; ++i) {
        int position = kind >= 3 ? i * Threads + r : r * ITEMS + i;
        int at = r * ITEMS + i;
        bool ok = kind == 4 ? got_floats[at] == floats[order[position]]
                            : got_keys[at] == keys[order[position]] &&
                                  (kind % 2 == 0 || got[at] == order[position]);
        if (!ok) {
          std::printf("BlockRadixSort kind %d (%d threads): thread %d item %d wrong\n", kind,
                      Threads, r, i);
          ++errors;
          r = Threads;
          break;
        }
      }
  }
  // Discontinuities and histogram: runs of equal values.
  std::vector<int> runs(tile);
  for (int i = 0; i < tile; ++i) runs[i] = (i / 3 + (int)(next_random(&seed) % 2)) * 5;
  CHECK(hipMemcpy(d_in, runs.data(), tile * sizeof(int), hipMemcpyHostToDevice));
  discontinuity_kernel<Threads><<<1, Threads>>>(d_in, d_a, d_b, d_c, d_out);
  CHECK_LAUNCH();
  std::vector<int> heads(tile), tails(tile), with_pred(tile), histogram(64);
  CHECK(hipMemcpy(heads.data(), d_a, tile * sizeof(int), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(tails.data(), d_b, tile * sizeof(int), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(with_pred.data(), d_c, tile * sizeof(int), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(histogram.data(), d_out, 64 * sizeof(int), hipMemcpyDeviceToHost));
  std::vector<int> want_heads(tile), want_tails(tile), want_pred(tile), want_histogram(64);
  for (int i = 0; i < tile; ++i) {
    want_heads[i] = i == 0 || runs[i] != runs[i - 1];
    want_pred[i] = i == 0 ? 0 : runs[i] != runs[i - 1];
    want_tails[i] = i == tile - 1 || runs[i] != runs[i + 1];
    ++want_histogram[runs[i] & 63];
  }
  expect("FlagHeads", Threads, heads, want_heads);
  expect("FlagTails", Threads, tails, want_tails);
  expect("FlagHeads with predecessor", Threads, with_pred, want_pred);
  expect("BlockHistogram", Threads, histogram, want_histogram);

  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
  CHECK(hipFree(d_a));
  CHECK(hipFree(d_b));
  CHECK(hipFree(d_c));
  CHECK(hipFree(d_keys));
  CHECK(hipFree(d_sorted));
  CHECK(hipFree(d_floats));
}

int main() {
  print_device("hipcub_block_io");
  run<128>();
  run<96>();
  unsigned long long* d_sizes;
  CHECK(hipMalloc(&d_sizes, 7 * sizeof(unsigned long long)));
  storage_sizes<<<1, 1>>>(d_sizes);
  CHECK_LAUNCH();
  unsigned long long sizes[7];
  CHECK(hipMemcpy(sizes, d_sizes, sizeof sizes, hipMemcpyDeviceToHost));
  unsigned long long host_sizes[7] = {
      sizeof(SizeSort::TempStorage),     sizeof(SizeScan::TempStorage),
      sizeof(SizeReduce::TempStorage),   sizeof(SizeLoad::TempStorage),
      sizeof(SizeExchange::TempStorage), sizeof(SizeDiscontinuity::TempStorage),
      sizeof(SizeWarpScan::TempStorage)};
  for (int i = 0; i < 7; ++i)
    if (sizes[i] != host_sizes[i]) {
      std::printf("TempStorage %d: %llu bytes on the device, %llu on the host\n", i, sizes[i],
                  host_sizes[i]);
      ++errors;
    }
  CHECK(hipFree(d_sizes));
  return finish("hipcub_block_io", errors);
}
