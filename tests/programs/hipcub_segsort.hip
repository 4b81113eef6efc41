// hipCUB's DeviceSegmentedSort (oxhip's portable hipcub): SortKeys, SortKeysDescending,
// SortPairs, SortPairsDescending and their Stable forms, with pointers and with
// DoubleBuffers, against std::stable_sort of each segment on the host. Keys with many equal
// values (the values, each item's input index, show the order equal keys keep: every form
// is stable here), negative floats and -0.0 (equal to +0.0), 64-bit and 8-bit keys; no items,
// no segments, one segment of everything, empty and one-item segments, segments longer than
// a tile, many short ones, segments with gaps between them (items outside every segment stay
// as they were in the output), offsets given as one array for both ends, and segments of
// several tiles (up to 30,000 items, the multi-block passes) among short ones, in order and
// out of order with gaps. Also
// DeviceSegmentedRadixSort over a bit range, short segments and long.
#include <algorithm>
#include <cstring>
#include <hipcub/hipcub.hpp>
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
static void upload(T* device, const std::vector<T>& host) {
  if (!host.empty())
    CHECK(hipMemcpy(device, host.data(), host.size() * sizeof(T), hipMemcpyHostToDevice));
}
template <class T>
static std::vector<T> to_host(const T* device, size_t n) {
  std::vector<T> host(n);
  if (n) CHECK(hipMemcpy(host.data(), device, n * sizeof(T), hipMemcpyDeviceToHost));
  return host;
}
// Bitwise equality, so that -0.0 and +0.0 differ and NaN-free floats compare as stored.
template <class T>
static bool same(const std::vector<T>& a, const std::vector<T>& b) {
  return a.size() == b.size() &&
         (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}
static void report(const char* what, const char* form, size_t n, int segments) {
  std::printf("%s %s: n %zu segments %d differs\n", what, form, n, segments);
  ++errors;
}

// A layout of segments over n items: [begins[i], ends[i]).
struct Segments {
  std::vector<int> begins, ends;
};

// The host's expectation: each segment stably sorted (descending: by b < a), items outside
// every segment as `outside` gives them.
template <class K>
static void host_sort(const std::vector<K>& keys, const Segments& segments, bool descending,
                      std::vector<K>& want_keys, std::vector<int>& want_values) {
  for (size_t s = 0; s < segments.begins.size(); ++s) {
    int begin = segments.begins[s], end = segments.ends[s];
    if (end <= begin) continue;
    std::vector<int> order;
    for (int i = begin; i < end; ++i) order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      return descending ? keys[b] < keys[a] : keys[a] < keys[b];
    });
    for (int i = begin; i < end; ++i) {
      want_keys[i] = keys[order[i - begin]];
      want_values[i] = order[i - begin];
    }
  }
}

enum Form { SORT, STABLE };

template <class K>
static hipError_t keys_pointers(Form form, bool descending, void* temp, size_t& bytes, const K* in,
                                K* out, int n, int segments, const int* begins, const int* ends) {
  if (form == SORT)
    return descending ? hipcub::DeviceSegmentedSort::SortKeysDescending(temp, bytes, in, out, n,
                                                                        segments, begins, ends)
                      : hipcub::DeviceSegmentedSort::SortKeys(temp, bytes, in, out, n, segments,
                                                              begins, ends);
  return descending ? hipcub::DeviceSegmentedSort::StableSortKeysDescending(temp, bytes, in, out, n,
                                                                            segments, begins, ends)
                    : hipcub::DeviceSegmentedSort::StableSortKeys(temp, bytes, in, out, n, segments,
                                                                  begins, ends);
}
template <class K>
static hipError_t keys_buffers(Form form, bool descending, void* temp, size_t& bytes,
                               hipcub::DoubleBuffer<K>& keys, int n, int segments,
                               const int* begins, const int* ends) {
  if (form == SORT)
    return descending ? hipcub::DeviceSegmentedSort::SortKeysDescending(
                            temp, bytes, keys, n, segments, begins, ends, (hipStream_t)0)
                      : hipcub::DeviceSegmentedSort::SortKeys(temp, bytes, keys, n, segments,
                                                              begins, ends);
  return descending ? hipcub::DeviceSegmentedSort::StableSortKeysDescending(temp, bytes, keys, n,
                                                                            segments, begins, ends)
                    : hipcub::DeviceSegmentedSort::StableSortKeys(temp, bytes, keys, n, segments,
                                                                  begins, ends);
}
template <class K>
static hipError_t pairs_pointers(Form form, bool descending, void* temp, size_t& bytes, const K* in,
                                 K* out, const int* values_in, int* values_out, int n, int segments,
                                 const int* begins, const int* ends) {
  if (form == SORT)
    return descending ? hipcub::DeviceSegmentedSort::SortPairsDescending(
                            temp, bytes, in, out, values_in, values_out, n, segments, begins, ends)
                      : hipcub::DeviceSegmentedSort::SortPairs(temp, bytes, in, out, values_in,
                                                               values_out, n, segments, begins,
                                                               ends, (hipStream_t)0, false);
  return descending ? hipcub::DeviceSegmentedSort::StableSortPairsDescending(
                          temp, bytes, in, out, values_in, values_out, n, segments, begins, ends)
                    : hipcub::DeviceSegmentedSort::StableSortPairs(
                          temp, bytes, in, out, values_in, values_out, n, segments, begins, ends);
}
template <class K>
static hipError_t pairs_buffers(Form form, bool descending, void* temp, size_t& bytes,
                                hipcub::DoubleBuffer<K>& keys, hipcub::DoubleBuffer<int>& values,
                                int n, int segments, const int* begins, const int* ends) {
  if (form == SORT)
    return descending ? hipcub::DeviceSegmentedSort::SortPairsDescending(temp, bytes, keys, values,
                                                                         n, segments, begins, ends)
                      : hipcub::DeviceSegmentedSort::SortPairs(temp, bytes, keys, values, n,
                                                               segments, begins, ends);
  return descending ? hipcub::DeviceSegmentedSort::StableSortPairsDescending(
                          temp, bytes, keys, values, n, segments, begins, ends)
                    : hipcub::DeviceSegmentedSort::StableSortPairs(temp, bytes, keys, values, n,
                                                                   segments, begins, ends);
}

// Every form and direction over one layout; `aliased`: the ends are begins + 1.
template <class K>
static void check_layout(const char* what, const std::vector<K>& keys, const Segments& layout,
                         bool aliased) {
  int n = (int)keys.size(), segments = (int)layout.begins.size();
  std::vector<int> values(n);
  for (int i = 0; i < n; ++i) values[i] = i;
  std::vector<int> offsets = layout.begins;
  if (aliased && segments > 0) offsets.push_back(layout.ends.back());
  int* d_begins = to_device(aliased ? offsets : layout.begins);
  int* d_ends = aliased ? d_begins + 1 : to_device(layout.ends);
  K* d_keys = to_device(keys);
  int* d_values = to_device(values);
  K *d_keys_out, *d_keys_alt;
  int *d_values_out, *d_values_alt;
  CHECK(hipMalloc(&d_keys_out, (n + 1) * sizeof(K)));
  CHECK(hipMalloc(&d_keys_alt, (n + 1) * sizeof(K)));
  CHECK(hipMalloc(&d_values_out, (n + 1) * sizeof(int)));
  CHECK(hipMalloc(&d_values_alt, (n + 1) * sizeof(int)));
  // Items outside every segment: the output starts as a copy of the keys reversed (and the
  // values negated), and must keep those there.
  std::vector<K> fill_keys(keys.rbegin(), keys.rend());
  std::vector<int> fill_values(n);
  for (int i = 0; i < n; ++i) fill_values[i] = -1 - i;
  for (int direction = 0; direction < 2; ++direction) {
    bool descending = direction == 1;
    std::vector<K> want_keys = fill_keys;
    std::vector<int> want_values = fill_values;
    host_sort(keys, layout, descending, want_keys, want_values);
    for (Form form : {SORT, STABLE}) {
      const char* name = form == SORT ? (descending ? "SortDescending" : "Sort")
                                      : (descending ? "StableSortDescending" : "StableSort");
      size_t bytes = 0, bytes_pairs = 0;
      CHECK(keys_pointers(form, descending, nullptr, bytes, d_keys, d_keys_out, n, segments,
                          d_begins, d_ends));
      CHECK(pairs_pointers(form, descending, nullptr, bytes_pairs, d_keys, d_keys_out, d_values,
                           d_values_out, n, segments, d_begins, d_ends));
      if (bytes_pairs > bytes) bytes = bytes_pairs;
      void* temp;
      CHECK(hipMalloc(&temp, bytes));

      // Keys, pointers.
      upload(d_keys_out, fill_keys);
      CHECK(keys_pointers(form, descending, temp, bytes, d_keys, d_keys_out, n, segments, d_begins,
                          d_ends));
      if (!same(to_host(d_keys_out, n), want_keys)) report(what, name, n, segments);
      if (!same(to_host(d_keys, n), keys)) report(what, "(input changed)", n, segments);

      // Pairs, pointers.
      upload(d_keys_out, fill_keys);
      upload(d_values_out, fill_values);
      CHECK(pairs_pointers(form, descending, temp, bytes, d_keys, d_keys_out, d_values,
                           d_values_out, n, segments, d_begins, d_ends));
      if (!same(to_host(d_keys_out, n), want_keys) || !same(to_host(d_values_out, n), want_values))
        report(what, name, n, segments);

      // DoubleBuffers: the sorted segments are in the buffer `selector` names (items
      // outside every segment are not checked there).
      std::vector<K> scratch_keys = keys;
      K* d_current;
      CHECK(hipMalloc(&d_current, (n + 1) * sizeof(K)));
      upload(d_current, keys);
      hipcub::DoubleBuffer<K> key_buffers(d_current, d_keys_alt);
      size_t buffer_bytes = 0;
      CHECK(keys_buffers(form, descending, nullptr, buffer_bytes, key_buffers, n, segments,
                         d_begins, d_ends));
      void* buffer_temp;
      CHECK(hipMalloc(&buffer_temp, buffer_bytes));
      CHECK(keys_buffers(form, descending, buffer_temp, buffer_bytes, key_buffers, n, segments,
                         d_begins, d_ends));
      std::vector<K> got = to_host(key_buffers.Current(), n);
      for (int s = 0; s < segments; ++s)
        for (int i = layout.begins[s]; i < layout.ends[s]; ++i)
          if (std::memcmp(&got[i], &want_keys[i], sizeof(K)) != 0) {
            report(what, "keys DoubleBuffer", n, segments);
            s = segments;
            break;
          }
      CHECK(hipFree(buffer_temp));

      int* d_values_current;
      CHECK(hipMalloc(&d_values_current, (n + 1) * sizeof(int)));
      upload(d_current, keys);
      upload(d_values_current, values);
      hipcub::DoubleBuffer<K> pair_keys(d_current, d_keys_alt);
      hipcub::DoubleBuffer<int> pair_values(d_values_current, d_values_alt);
      buffer_bytes = 0;
      CHECK(pairs_buffers(form, descending, nullptr, buffer_bytes, pair_keys, pair_values, n,
                          segments, d_begins, d_ends));
      CHECK(hipMalloc(&buffer_temp, buffer_bytes));
      CHECK(pairs_buffers(form, descending, buffer_temp, buffer_bytes, pair_keys, pair_values, n,
                          segments, d_begins, d_ends));
      got = to_host(pair_keys.Current(), n);
      std::vector<int> got_values = to_host(pair_values.Current(), n);
      for (int s = 0; s < segments; ++s)
        for (int i = layout.begins[s]; i < layout.ends[s]; ++i)
          if (std::memcmp(&got[i], &want_keys[i], sizeof(K)) != 0 ||
              got_values[i] != want_values[i]) {
            report(what, "pairs DoubleBuffer", n, segments);
            s = segments;
            break;
          }
      CHECK(hipFree(buffer_temp));
      CHECK(hipFree(d_current));
      CHECK(hipFree(d_values_current));
      CHECK(hipFree(temp));
    }
  }
  CHECK(hipFree(d_begins));
  if (!aliased) CHECK(hipFree(d_ends));
  CHECK(hipFree(d_keys));
  CHECK(hipFree(d_values));
  CHECK(hipFree(d_keys_out));
  CHECK(hipFree(d_keys_alt));
  CHECK(hipFree(d_values_out));
  CHECK(hipFree(d_values_alt));
}

// Contiguous segments of the given lengths (0 for an empty one).
static Segments contiguous(const std::vector<int>& lengths) {
  Segments layout;
  int at = 0;
  for (int length : lengths) {
    layout.begins.push_back(at);
    at += length;
    layout.ends.push_back(at);
  }
  return layout;
}
static int total(const Segments& layout) {
  return layout.ends.empty() ? 0 : *std::max_element(layout.ends.begin(), layout.ends.end());
}

template <class K, class Make>
static void check_key_type(const char* what, Make make, unsigned long long& seed) {
  std::vector<Segments> layouts;
  layouts.push_back(Segments());             // no segments, no items
  layouts.push_back(contiguous({0, 0, 0}));  // only empty segments
  layouts.push_back(contiguous({1}));        // one item
  layouts.push_back(contiguous({5000}));     // one segment of everything
  layouts.push_back(contiguous({0, 3, 0, 1, 17, 0, 2, 1000, 1, 0}));
  {
    std::vector<int> lengths;  // many short segments, some empty
    for (int s = 0; s < 700; ++s) lengths.push_back((int)(next_random(&seed) % 12));
    layouts.push_back(contiguous(lengths));
  }
  {
    Segments gaps;  // gaps between segments, and one segment given out of order
    gaps.begins = {5, 40, 32, 300};
    gaps.ends = {30, 290, 33, 320};
    layouts.push_back(gaps);
  }
  // Segments of several tiles (2,048 items of these keys), sorted by many blocks, among
  // short and empty ones, the tile's size and one either side of it.
  layouts.push_back(contiguous({4097, 3, 0, 2049, 2048, 30000, 1, 2047, 6000}));
  {
    Segments large;  // out of order, with gaps, one short segment between long ones
    large.begins = {9000, 0, 5000, 5010};
    large.ends = {21000, 4000, 5003, 8999};
    layouts.push_back(large);
  }
  for (size_t l = 0; l < layouts.size(); ++l) {
    int n = total(layouts[l]);
    std::vector<K> keys(n);
    for (int i = 0; i < n; ++i) keys[i] = make(next_random(&seed));
    bool aliased = l != 6 && l % 2 == 1;
    check_layout(what, keys, layouts[l], aliased);
  }
}

// DeviceSegmentedRadixSort over bits [4, 12) of int keys, both directions: segments short
// enough for one item a thread (ranked with no passes) and longer ones (4-bit passes).
static void check_bit_range(unsigned long long& seed) {
  Segments layout = contiguous({3, 200, 0, 256, 257, 1000, 1, 40});
  int n = total(layout), segments = (int)layout.begins.size();
  std::vector<int> keys(n), values(n);
  for (int i = 0; i < n; ++i) {
    keys[i] = (int)next_random(&seed) - (1 << 30);
    values[i] = i;
  }
  auto digits = [](int key) { return ((unsigned)key >> 4) & 0xffu; };
  int *d_keys = to_device(keys), *d_values = to_device(values);
  int *d_begins = to_device(layout.begins), *d_ends = to_device(layout.ends);
  int *d_keys_out, *d_values_out;
  CHECK(hipMalloc(&d_keys_out, n * sizeof(int)));
  CHECK(hipMalloc(&d_values_out, n * sizeof(int)));
  for (int descending = 0; descending < 2; ++descending) {
    std::vector<int> order(n);
    for (int i = 0; i < n; ++i) order[i] = i;
    for (int s = 0; s < segments; ++s)
      std::stable_sort(order.begin() + layout.begins[s], order.begin() + layout.ends[s],
                       [&](int a, int b) {
                         return descending ? digits(keys[b]) < digits(keys[a])
                                           : digits(keys[a]) < digits(keys[b]);
                       });
    std::vector<int> want_keys(n);
    for (int i = 0; i < n; ++i) want_keys[i] = keys[order[i]];
    size_t bytes = 0;
    CHECK(hipcub::DeviceSegmentedRadixSort::SortPairs(nullptr, bytes, d_keys, d_keys_out, d_values,
                                                      d_values_out, n, segments, d_begins, d_ends,
                                                      4, 12));
    void* temp;
    CHECK(hipMalloc(&temp, bytes));
    if (descending)
      CHECK(hipcub::DeviceSegmentedRadixSort::SortPairsDescending(
          temp, bytes, d_keys, d_keys_out, d_values, d_values_out, n, segments, d_begins, d_ends, 4,
          12));
    else
      CHECK(hipcub::DeviceSegmentedRadixSort::SortPairs(temp, bytes, d_keys, d_keys_out, d_values,
                                                        d_values_out, n, segments, d_begins, d_ends,
                                                        4, 12));
    if (to_host(d_keys_out, n) != want_keys || to_host(d_values_out, n) != order)
      report("bits [4, 12)", descending ? "descending" : "ascending", n, segments);
    CHECK(hipFree(temp));
  }
  CHECK(hipFree(d_keys));
  CHECK(hipFree(d_values));
  CHECK(hipFree(d_begins));
  CHECK(hipFree(d_ends));
  CHECK(hipFree(d_keys_out));
  CHECK(hipFree(d_values_out));
}

int main() {
  print_device("hipcub_segsort");
  unsigned long long seed = 7;
  // Few distinct values, so that equal keys are common.
  check_key_type<int>(
      "int", [](unsigned r) { return (int)(r % 41) - 20; }, seed);
  check_key_type<float>(
      "float",
      [](unsigned r) {
        int pick = (int)(r % 23);
        return pick == 0 ? -0.0f : pick == 1 ? 0.0f : (float)(pick - 11) * 0.75f;
      },
      seed);
  check_key_type<unsigned long long>(
      "u64", [](unsigned r) { return (unsigned long long)(r % 7) << (r % 5 * 13); }, seed);
  check_key_type<double>(
      "double", [](unsigned r) { return (double)((int)(r % 9) - 4) / 3.0; }, seed);
  check_key_type<signed char>(
      "i8", [](unsigned r) { return (signed char)(r % 256); }, seed);
  check_bit_range(seed);
  return finish("hipcub_segsort", errors);
}
