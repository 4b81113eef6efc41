// hipCUB's DeviceSelect (Flagged, If, Unique, UniqueByKey), DevicePartition (Flagged, If),
// DeviceRunLengthEncode (Encode, NonTrivialRuns), DeviceHistogram (HistogramEven with
// integer and float levels, HistogramRange, rows with a stride) and DeviceMergeSort (pairs
// and keys with a user comparator, stable; the Copy forms), oxhip's portable hipcub, against
// the host at sizes 0, 1, around the 2048-item tile (and the single pass's 4096-item one:
// a whole last tile, one item past it, two tiles of which the last is whole) and 2^20.
// Then the selections' compaction (detail/tile_scan.hpp, emit_tile), where a tile with more
// selected items than threads is compacted in shared memory before it is written and a
// sparser one written directly: flags whose density changes every 4096 items (the single
// pass's tile; two of the multi-pass engine's), around both engines' thresholds, with a
// partial last tile, 64-bit items from a counting iterator and output iterators that are not
// pointers.
// The CPU device writes selections directly unless this is defined (detail/tile_scan.hpp);
// defined here, the compaction runs there too, in both engines.
#define OXHIP_SELECT_COMPACT_ON_CPU
#include "check.h"
#include <hipcub/hipcub.hpp>
#include <algorithm>
#include <vector>

struct IsOdd {
  __host__ __device__ bool operator()(int x) const { return (x & 1) != 0; }
};
// Orders by the key's tens only, so that equal keys show whether the sort is stable.
struct ByTens {
  __host__ __device__ bool operator()(int a, int b) const { return a / 10 < b / 10; }
};

static long long errors = 0;

// Flags from bytes (a transform iterator, as HeCBench's nonzero reads its input).
struct NonZero {
  __host__ __device__ bool operator()(unsigned char x) const { return x != 0; }
};
// An output iterator that is not a pointer: out[i] = x stores 2 * x + 1.
struct OddWriter {
  long long* base;
  struct Place {
    long long* at;
    __device__ void operator=(long long x) const { *at = 2 * x + 1; }
  };
  __device__ Place operator[](long long i) const {
    Place place = {base + i};
    return place;
  }
};

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
static void* temp_for(size_t bytes) {
  void* temp;
  CHECK(hipMalloc(&temp, bytes));
  return temp;
}
template <class T>
static void expect(const char* what, int n, const std::vector<T>& got,
                   const std::vector<T>& want) {
  if (got != want) {
    size_t at = 0;
    while (at < got.size() && at < want.size() && got[at] == want[at]) ++at;
    std::printf("%s n %d: differs at %zu of %zu (want %zu items)\n", what, n, at, got.size(),
                want.size());
    ++errors;
  }
}

#define RUN(call_with_temp)                          \
  do {                                               \
    size_t bytes = 0;                                \
    void* temp = nullptr;                            \
    CHECK(call_with_temp);                           \
    temp = temp_for(bytes);                          \
    CHECK(call_with_temp);                           \
    CHECK(hipFree(temp));                            \
  } while (0)

/* The selection flag of item i: each 4096 items one kind of density, in turn all, half at
 * random, none, exactly the single pass's threshold (128, written directly), one more (129,
 * compacted), about 1 in 50 (82), and 300 (above the multi-pass engine's threshold of 256
 * in its first tile of 2048 items, none in its second). */
static bool dense_flag(int i, unsigned long long* seed) {
  int chunk = i / 4096, at = i % 4096;
  switch (chunk % 7) {
    case 0: return true;
    case 1: return next_random(seed) % 2 == 0;
    case 2: return false;
    case 3: return at < 128;
    case 4: return at < 129;
    case 5: return next_random(seed) % 50 == 0;
    default: return at < 300;
  }
}

static void compaction() {
  unsigned long long seed = 11;
  for (int n : {7 * 4096 + 1234, 14 * 4096, (1 << 18) + 3}) {
    std::vector<unsigned char> flags(n);
    std::vector<int> in(n), keys(n), values(n);
    for (int i = 0; i < n; ++i) {
      flags[i] = dense_flag(i, &seed) ? (unsigned char)(1 + next_random(&seed) % 200) : 0;
      in[i] = (int)(next_random(&seed) % 100000);
      // Each selected item starts a run of equal keys (and the first item does).
      keys[i] = (i > 0 ? keys[i - 1] : 0) + (flags[i] != 0);
      values[i] = -i;
    }
    unsigned char* d_flags = to_device(flags);
    int *d_in = to_device(in), *d_keys = to_device(keys), *d_values = to_device(values);
    int *d_out, *d_out2, *d_count;
    long long* d_wide;
    CHECK(hipMalloc(&d_out, (n + 1) * sizeof(int)));
    CHECK(hipMalloc(&d_out2, (n + 1) * sizeof(int)));
    CHECK(hipMalloc(&d_wide, (n + 1) * sizeof(long long)));
    CHECK(hipMalloc(&d_count, sizeof(int)));
    hipcub::TransformInputIterator<bool, NonZero, unsigned char*> d_nonzero(d_flags, NonZero());
    hipcub::CountingInputIterator<long long> counting(5000000000ll);

    std::vector<int> want, want_keys, want_values;
    std::vector<long long> want_wide, want_odd;
    for (int i = 0; i < n; ++i)
      if (flags[i]) {
        want.push_back(in[i]);
        want_wide.push_back(5000000000ll + i);
        want_odd.push_back(2 * (5000000000ll + i) + 1);
      }
    for (int i = 0; i < n; ++i)
      if (i == 0 || keys[i] != keys[i - 1]) {
        want_keys.push_back(keys[i]);
        want_values.push_back(values[i]);
      }
    int count;
    RUN(hipcub::DeviceSelect::Flagged(temp, bytes, d_in, d_nonzero, d_out, d_count, n));
    count = to_host(d_count, 1)[0];
    expect("compaction Select::Flagged", n, to_host(d_out, count), want);
    RUN(hipcub::DeviceSelect::Flagged(temp, bytes, counting, d_nonzero, d_wide, d_count, n));
    count = to_host(d_count, 1)[0];
    expect("compaction Select::Flagged counting", n, to_host(d_wide, count), want_wide);
    OddWriter odd = {d_wide};
    RUN(hipcub::DeviceSelect::Flagged(temp, bytes, counting, d_nonzero, odd, d_count, n));
    count = to_host(d_count, 1)[0];
    expect("compaction Select::Flagged OddWriter", n, to_host(d_wide, count), want_odd);
    RUN(hipcub::DeviceSelect::Flagged(temp, bytes, counting, d_nonzero,
                                      hipcub::DiscardOutputIterator<>(), d_count, n));
    if (to_host(d_count, 1)[0] != (int)want.size()) {
      std::printf("compaction Select::Flagged discard n %d: count %d, want %zu\n", n,
                  to_host(d_count, 1)[0], want.size());
      ++errors;
    }
    RUN(hipcub::DeviceSelect::Unique(temp, bytes, d_keys, d_out, d_count, n));
    count = to_host(d_count, 1)[0];
    expect("compaction Select::Unique", n, to_host(d_out, count), want_keys);
    RUN(hipcub::DeviceSelect::UniqueByKey(temp, bytes, d_keys, d_values, d_out, d_out2, d_count,
                                          n));
    count = to_host(d_count, 1)[0];
    expect("compaction Select::UniqueByKey keys", n, to_host(d_out, count), want_keys);
    expect("compaction Select::UniqueByKey values", n, to_host(d_out2, count), want_values);
    for (int i = n - 1; i >= 0; --i)
      if (!flags[i]) want.push_back(in[i]);
    RUN(hipcub::DevicePartition::Flagged(temp, bytes, d_in, d_nonzero, d_out, d_count, n));
    expect("compaction Partition::Flagged", n, to_host(d_out, n), want);

    CHECK(hipFree(d_flags));
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_keys));
    CHECK(hipFree(d_values));
    CHECK(hipFree(d_out));
    CHECK(hipFree(d_out2));
    CHECK(hipFree(d_wide));
    CHECK(hipFree(d_count));
  }
}

int main() {
  print_device("hipcub_select");
  unsigned long long seed = 3;
  for (int n : {0, 1, 2, 2047, 2048, 2049, 4096, 4097, 8192, 10000, 1 << 20}) {
    std::vector<int> in(n), runs(n), values(n);
    std::vector<char> flags(n);
    for (int i = 0; i < n; ++i) {
      in[i] = (int)(next_random(&seed) % 1000);
      flags[i] = (char)(next_random(&seed) % 3 == 0);
      runs[i] = (int)(next_random(&seed) % 4 == 0) + (i > 0 ? runs[i - 1] : 0);
      runs[i] = (i / 5 + (runs[i] & 1)) / 2;
      values[i] = i;
    }
    int *d_in = to_device(in), *d_runs = to_device(runs), *d_values = to_device(values);
    char* d_flags = to_device(flags);
    int *d_out, *d_out2, *d_count;
    CHECK(hipMalloc(&d_out, (n + 16) * sizeof(int)));  // and room for the histograms
    CHECK(hipMalloc(&d_out2, (n + 1) * sizeof(int)));
    CHECK(hipMalloc(&d_count, sizeof(int)));

    // Select.
    std::vector<int> want, want2, rejected;
    for (int i = 0; i < n; ++i)
      if (flags[i]) want.push_back(in[i]);
    RUN(hipcub::DeviceSelect::Flagged(temp, bytes, d_in, d_flags, d_out, d_count, n));
    int count = to_host(d_count, 1)[0];
    expect("Select::Flagged", n, to_host(d_out, count), want);
    want.clear();
    for (int i = 0; i < n; ++i)
      if (in[i] & 1) want.push_back(in[i]);
    RUN(hipcub::DeviceSelect::If(temp, bytes, d_in, d_out, d_count, n, IsOdd()));
    count = to_host(d_count, 1)[0];
    expect("Select::If", n, to_host(d_out, count), want);
    want.clear();
    for (int i = 0; i < n; ++i)
      if (i == 0 || runs[i] != runs[i - 1]) {
        want.push_back(runs[i]);
        want2.push_back(i);
      }
    RUN(hipcub::DeviceSelect::Unique(temp, bytes, d_runs, d_out, d_count, n));
    count = to_host(d_count, 1)[0];
    expect("Select::Unique", n, to_host(d_out, count), want);
    RUN(hipcub::DeviceSelect::UniqueByKey(temp, bytes, d_runs, d_values, d_out, d_out2, d_count,
                                          n));
    count = to_host(d_count, 1)[0];
    expect("Select::UniqueByKey keys", n, to_host(d_out, count), want);
    expect("Select::UniqueByKey values", n, to_host(d_out2, count), want2);

    // Partition: the rejected items follow, in reverse order.
    want.clear();
    for (int i = 0; i < n; ++i)
      if (flags[i]) want.push_back(in[i]);
    for (int i = n - 1; i >= 0; --i)
      if (!flags[i]) want.push_back(in[i]);
    RUN(hipcub::DevicePartition::Flagged(temp, bytes, d_in, d_flags, d_out, d_count, n));
    expect("Partition::Flagged", n, to_host(d_out, n), want);
    int selected = 0;
    for (int i = 0; i < n; ++i) selected += flags[i] != 0;
    if (to_host(d_count, 1)[0] != selected) ++errors;
    want.clear();
    for (int i = 0; i < n; ++i)
      if (in[i] & 1) want.push_back(in[i]);
    for (int i = n - 1; i >= 0; --i)
      if (!(in[i] & 1)) want.push_back(in[i]);
    RUN(hipcub::DevicePartition::If(temp, bytes, d_in, d_out, d_count, n, IsOdd()));
    expect("Partition::If", n, to_host(d_out, n), want);

    // Run-length encoding.
    want.clear();
    want2.clear();
    std::vector<int> offsets, lengths;
    for (int i = 0; i < n; ++i) {
      if (i == 0 || runs[i] != runs[i - 1]) {
        want.push_back(runs[i]);
        want2.push_back(0);
      }
      ++want2.back();
    }
    for (int i = 0, at = 0; i < (int)want2.size(); at += want2[i], ++i)
      if (want2[i] > 1) {
        offsets.push_back(at);
        lengths.push_back(want2[i]);
      }
    RUN(hipcub::DeviceRunLengthEncode::Encode(temp, bytes, d_runs, d_out, d_out2, d_count, n));
    count = to_host(d_count, 1)[0];
    expect("RunLengthEncode::Encode", n, to_host(d_out, count), want);
    expect("RunLengthEncode::Encode lengths", n, to_host(d_out2, count), want2);
    RUN(hipcub::DeviceRunLengthEncode::NonTrivialRuns(temp, bytes, d_runs, d_out, d_out2,
                                                      d_count, n));
    count = to_host(d_count, 1)[0];
    expect("RunLengthEncode::NonTrivialRuns offsets", n, to_host(d_out, count), offsets);
    expect("RunLengthEncode::NonTrivialRuns lengths", n, to_host(d_out2, count), lengths);

    // Histograms: 10 bins over [100, 900) of the ints; 7 over floats; uneven levels.
    std::vector<int> histogram(10), float_histogram(7), range_histogram(4);
    std::vector<float> samples(n);
    std::vector<float> levels = {0.0f, 10.5f, 200.0f, 640.0f, 999.0f};
    for (int i = 0; i < n; ++i) {
      samples[i] = in[i] * 0.25f - 20.0f;
      if (in[i] >= 100 && in[i] < 900) ++histogram[(in[i] - 100) * 10 / 800];
      if (samples[i] >= -10.0f && samples[i] < 200.0f)
        ++float_histogram[std::min(6, (int)((samples[i] + 10.0f) / 210.0f * 7))];
      for (int b = 0; b < 4; ++b)
        if (in[i] >= levels[b] && in[i] < levels[b + 1]) ++range_histogram[b];
    }
    float *d_samples = to_device(samples), *d_levels = to_device(levels);
    RUN(hipcub::DeviceHistogram::HistogramEven(temp, bytes, d_in, d_out, 11, 100, 900, n));
    expect("HistogramEven", n, to_host(d_out, 10), histogram);
    RUN(hipcub::DeviceHistogram::HistogramEven(temp, bytes, d_samples, d_out, 8, -10.0f, 200.0f,
                                               n));
    expect("HistogramEven float", n, to_host(d_out, 7), float_histogram);
    RUN(hipcub::DeviceHistogram::HistogramRange(temp, bytes, d_in, d_out, 5, d_levels, n));
    expect("HistogramRange", n, to_host(d_out, 4), range_histogram);
    if (n >= 2048) {
      // The first 100 of each row of 1000 (rows 4000 bytes apart).
      int rows = n / 1000;
      std::vector<int> row_histogram(10);
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < 100; ++c) {
          int x = in[r * 1000 + c];
          if (x >= 100 && x < 900) ++row_histogram[(x - 100) * 10 / 800];
        }
      RUN(hipcub::DeviceHistogram::HistogramEven(temp, bytes, d_in, d_out, 11, 100, 900, 100,
                                                 rows, (size_t)1000 * sizeof(int)));
      expect("HistogramEven rows", n, to_host(d_out, 10), row_histogram);
    }
    CHECK(hipFree(d_samples));
    CHECK(hipFree(d_levels));

    // Merge sort: stable, by tens only.
    if (n <= 300000) {
      std::vector<int> order(n);
      for (int i = 0; i < n; ++i) order[i] = i;
      std::stable_sort(order.begin(), order.end(),
                       [&](int x, int y) { return ByTens()(in[x], in[y]); });
      want.clear();
      for (int i = 0; i < n; ++i) want.push_back(in[order[i]]);
      int* d_keys = to_device(in);
      RUN(hipcub::DeviceMergeSort::SortPairs(temp, bytes, d_keys, d_values, n, ByTens()));
      expect("MergeSort::SortPairs keys", n, to_host(d_keys, n), want);
      expect("MergeSort::SortPairs values", n, to_host(d_values, n), order);
      CHECK(hipMemcpy(d_keys, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
      RUN(hipcub::DeviceMergeSort::StableSortKeys(temp, bytes, d_keys, n, ByTens()));
      expect("MergeSort::StableSortKeys", n, to_host(d_keys, n), want);
      RUN(hipcub::DeviceMergeSort::SortKeysCopy(temp, bytes, d_in, d_out, n, ByTens()));
      expect("MergeSort::SortKeysCopy", n, to_host(d_out, n), want);
      CHECK(hipFree(d_keys));
    }

    CHECK(hipFree(d_in));
    CHECK(hipFree(d_runs));
    CHECK(hipFree(d_values));
    CHECK(hipFree(d_flags));
    CHECK(hipFree(d_out));
    CHECK(hipFree(d_out2));
    CHECK(hipFree(d_count));
  }
  compaction();
  return finish("hipcub_select", errors);
}
