// rocPRIM's selection algorithms (rocprim/rocprim.hpp) against the host: select (flags,
// predicate, predicated flags), partition (flags, predicate, three ways), unique with an
// equality that is not ==, unique_by_key, run_length_encode and its non-trivial runs (also
// from a constant_iterator into a discard_iterator), histogram_even, histogram_range and
// multi_histogram_even; 0 items to 2^20 + 7.
#include "check.h"
#include <rocprim/rocprim.hpp>
#include <algorithm>
#include <vector>

static long long errors = 0;

// Runs a call twice, as rocPRIM programs do: for the storage size (temp null), then for real.
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


struct IsOdd {
  __host__ __device__ bool operator()(int x) const { return (x & 1) != 0; }
};
struct Small {
  __host__ __device__ bool operator()(int x) const { return x < -300; }
};
struct Large {
  __host__ __device__ bool operator()(int x) const { return x > 300; }
};
struct FlagIsTwo {
  __host__ __device__ bool operator()(unsigned char flag) const { return flag == 2; }
};
struct SameTen {
  __host__ __device__ bool operator()(int a, int b) const { return a / 10 == b / 10; }
};

static void check_size(size_t n, unsigned long long seed) {
  std::vector<int> in(n), runs(n);
  std::vector<unsigned char> flags(n);
  for (size_t i = 0; i < n; ++i) {
    in[i] = (int)(next_random(&seed) % 2001) - 1000;
    flags[i] = (unsigned char)(next_random(&seed) % 3);
    runs[i] = i == 0 ? 0 : runs[i - 1] + (next_random(&seed) % 4 == 0 ? 1 : 0);
  }
  Device<int> d_in(in), d_runs(runs), d_out(n), d_out2(n), d_out3(n), d_count(2);
  Device<unsigned char> d_flags(flags);

  // select: flags, predicate, and flags the predicate takes.
  {
    std::vector<int> by_flag, by_odd, by_two;
    for (size_t i = 0; i < n; ++i) {
      if (flags[i]) by_flag.push_back(in[i]);
      if (in[i] & 1) by_odd.push_back(in[i]);
      if (flags[i] == 2) by_two.push_back(in[i]);
    }
    TWICE(rocprim::select(temp, storage, d_in.ptr, d_flags.ptr, d_out.ptr, d_count.ptr, n));
    expect("select (flags): count", n, d_count.get(1), std::vector<int>{(int)by_flag.size()});
    expect("select (flags)", n, d_out.get(by_flag.size()), by_flag);
    TWICE(rocprim::select(temp, storage, d_in.ptr, d_out.ptr, d_count.ptr, n, IsOdd()));
    expect("select (predicate): count", n, d_count.get(1), std::vector<int>{(int)by_odd.size()});
    expect("select (predicate)", n, d_out.get(by_odd.size()), by_odd);
    TWICE(rocprim::select(temp, storage, d_in.ptr, d_flags.ptr, d_out.ptr, d_count.ptr, n,
                          FlagIsTwo()));
    expect("select (predicated flags): count", n, d_count.get(1),
           std::vector<int>{(int)by_two.size()});
    expect("select (predicated flags)", n, d_out.get(by_two.size()), by_two);
  }

  // partition: the selected items in order, then the rest in reverse order.
  {
    std::vector<int> want, rest;
    for (size_t i = 0; i < n; ++i) (flags[i] ? want : rest).push_back(in[i]);
    int selected = (int)want.size();
    want.insert(want.end(), rest.rbegin(), rest.rend());
    TWICE(rocprim::partition(temp, storage, d_in.ptr, d_flags.ptr, d_out.ptr, d_count.ptr, n));
    expect("partition (flags): count", n, d_count.get(1), std::vector<int>{selected});
    expect("partition (flags)", n, d_out.get(), want);
    want.clear();
    rest.clear();
    for (size_t i = 0; i < n; ++i) ((in[i] & 1) ? want : rest).push_back(in[i]);
    selected = (int)want.size();
    want.insert(want.end(), rest.rbegin(), rest.rend());
    TWICE(rocprim::partition(temp, storage, d_in.ptr, d_out.ptr, d_count.ptr, n, IsOdd()));
    expect("partition (predicate): count", n, d_count.get(1), std::vector<int>{selected});
    expect("partition (predicate)", n, d_out.get(), want);
    std::vector<int> small, large, other;
    for (int x : in) (x < -300 ? small : x > 300 ? large : other).push_back(x);
    TWICE(rocprim::partition_three_way(temp, storage, d_in.ptr, d_out.ptr, d_out2.ptr,
                                       d_out3.ptr, d_count.ptr, n, Small(), Large()));
    expect("partition_three_way: counts", n, d_count.get(2),
           std::vector<int>{(int)small.size(), (int)large.size()});
    expect("partition_three_way: first", n, d_out.get(small.size()), small);
    expect("partition_three_way: second", n, d_out2.get(large.size()), large);
    expect("partition_three_way: unselected", n, d_out3.get(other.size()), other);
  }

  // unique (equal within tens), unique_by_key, run-length encoding of the runs.
  {
    std::vector<int> sorted = in;
    std::sort(sorted.begin(), sorted.end());
    std::vector<int> firsts, first_keys, first_values, unique_runs, counts, offsets, lengths;
    for (size_t i = 0; i < n; ++i) {
      if (i == 0 || sorted[i - 1] / 10 != sorted[i] / 10) firsts.push_back(sorted[i]);
      if (i == 0 || runs[i - 1] != runs[i]) {
        first_keys.push_back(runs[i]);
        first_values.push_back(in[i]);
        counts.push_back(0);
      }
      ++counts.back();
    }
    for (size_t r = 0, at = 0; r < counts.size(); at += counts[r], ++r)
      if (counts[r] > 1) {
        offsets.push_back((int)at);
        lengths.push_back(counts[r]);
      }
    Device<int> d_sorted(sorted);
    TWICE(rocprim::unique(temp, storage, d_sorted.ptr, d_out.ptr, d_count.ptr, n, SameTen()));
    expect("unique: count", n, d_count.get(1), std::vector<int>{(int)firsts.size()});
    expect("unique", n, d_out.get(firsts.size()), firsts);
    TWICE(rocprim::unique_by_key(temp, storage, d_runs.ptr, d_in.ptr, d_out.ptr, d_out2.ptr,
                                 d_count.ptr, n));
    expect("unique_by_key: count", n, d_count.get(1), std::vector<int>{(int)first_keys.size()});
    expect("unique_by_key: keys", n, d_out.get(first_keys.size()), first_keys);
    expect("unique_by_key: values", n, d_out2.get(first_values.size()), first_values);
    TWICE(rocprim::run_length_encode(temp, storage, d_runs.ptr, (unsigned)n, d_out.ptr,
                                     d_out2.ptr, d_count.ptr));
    expect("run_length_encode: count", n, d_count.get(1), std::vector<int>{(int)counts.size()});
    expect("run_length_encode: unique", n, d_out.get(first_keys.size()), first_keys);
    expect("run_length_encode: counts", n, d_out2.get(counts.size()), counts);
    TWICE(rocprim::run_length_encode_non_trivial_runs(temp, storage, d_runs.ptr, (unsigned)n,
                                                      d_out.ptr, d_out2.ptr, d_count.ptr));
    expect("run_length_encode_non_trivial_runs: count", n, d_count.get(1),
           std::vector<int>{(int)offsets.size()});
    expect("run_length_encode_non_trivial_runs: offsets", n, d_out.get(offsets.size()), offsets);
    expect("run_length_encode_non_trivial_runs: lengths", n, d_out2.get(lengths.size()),
           lengths);
    // A discard_iterator for the unique keys, a constant_iterator as the input.
    TWICE(rocprim::run_length_encode(temp, storage, rocprim::make_constant_iterator(4),
                                     (unsigned)n, rocprim::make_discard_iterator(), d_out2.ptr,
                                     d_count.ptr));
    expect("run_length_encode (constant input): count", n, d_count.get(1),
           std::vector<int>{n > 0 ? 1 : 0});
    if (n > 0) expect("run_length_encode (constant input)", n, d_out2.get(1),
                      std::vector<int>{(int)n});
  }

  // Histograms: 40 even bins over [-1000, 1000), uneven levels, and 4 channels, 3 counted.
  {
    std::vector<unsigned int> even(40), range(5);
    std::vector<float> levels = {-1000.0f, -500.0f, 0.0f, 10.0f, 700.0f, 900.0f};
    for (int x : in) {
      int bin = (x + 1000) / 50;
      if (bin >= 0 && bin < 40) ++even[bin];
      for (int b = 0; b < 5; ++b)
        if (levels[b] <= (float)x && (float)x < levels[b + 1]) ++range[b];
    }
    Device<unsigned int> d_hist(40);
    TWICE(rocprim::histogram_even(temp, storage, d_in.ptr, (unsigned)n, d_hist.ptr, 41u, -1000,
                                  1000));
    expect("histogram_even", n, d_hist.get(40), even);
    std::vector<float> samples(in.begin(), in.end());
    Device<float> d_samples(samples), d_levels(levels);
    TWICE(rocprim::histogram_range(temp, storage, d_samples.ptr, (unsigned)n, d_hist.ptr, 6u,
                                   d_levels.ptr));
    expect("histogram_range", n, d_hist.get(5), range);

    size_t pixels = n / 4;
    std::vector<unsigned char> rgba(pixels * 4);
    for (size_t i = 0; i < rgba.size(); ++i) rgba[i] = (unsigned char)(in[i] & 255);
    std::vector<std::vector<unsigned int> > want(3, std::vector<unsigned int>(16));
    for (size_t p = 0; p < pixels; ++p)
      for (int c = 0; c < 3; ++c) ++want[c][rgba[p * 4 + c] / 16];
    Device<unsigned char> d_rgba(rgba);
    Device<unsigned int> d_r(16), d_g(16), d_b(16);
    unsigned int* histograms[3] = {d_r.ptr, d_g.ptr, d_b.ptr};
    unsigned int channel_levels[3] = {17, 17, 17};
    int lower[3] = {0, 0, 0}, upper[3] = {256, 256, 256};
    TWICE(rocprim::multi_histogram_even<4, 3>(temp, storage, d_rgba.ptr, (unsigned)pixels,
                                              histograms, channel_levels, lower, upper));
    expect("multi_histogram_even: channel 0", n, d_r.get(), want[0]);
    expect("multi_histogram_even: channel 1", n, d_g.get(), want[1]);
    expect("multi_histogram_even: channel 2", n, d_b.get(), want[2]);
  }
}

int main() {
  print_device("rocprim_select");
  const size_t sizes[] = {0, 1, 2, 1000, 4099, 100003, (1u << 20) + 7};
  unsigned long long seed = 52;
  for (size_t n : sizes) check_size(n, seed++);
  return finish("rocprim_select", errors);
}
