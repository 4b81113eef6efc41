// hipCUB's DeviceSegmentedRadixSort and DeviceSegmentedReduce (oxhip's portable hipcub)
// against the host: empty segments, one-item segments, segments longer than a tile, many
// short ones; pairs with pointers and keys with DoubleBuffers, ascending and descending;
// Sum, Min, Max, ArgMin, ArgMax and Reduce with an initial value.
#include "check.h"
#include <hipcub/hipcub.hpp>
#include <algorithm>
#include <vector>

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

int main() {
  print_device("hipcub_segmented");
  long long errors = 0;
  unsigned long long seed = 5;
  // Segment lengths: empty, one, a tile and more, and many short.
  std::vector<int> lengths = {0, 1, 5000, 0, 2048, 2049, 3};
  for (int i = 0; i < 300; ++i) lengths.push_back((int)(next_random(&seed) % 40));
  lengths.push_back(70000);
  std::vector<int> begins, ends;
  int n = 0;
  for (int length : lengths) {
    begins.push_back(n);
    n += length;
    ends.push_back(n);
  }
  int segments = (int)lengths.size();
  std::vector<int> keys(n), values(n);
  for (int i = 0; i < n; ++i) {
    keys[i] = (int)(next_random(&seed) % 1001) - 500;
    values[i] = i;
  }
  int *d_keys = to_device(keys), *d_values = to_device(values);
  int *d_begins = to_device(begins), *d_ends = to_device(ends);
  int *d_keys_out, *d_values_out;
  CHECK(hipMalloc(&d_keys_out, n * sizeof(int)));
  CHECK(hipMalloc(&d_values_out, n * sizeof(int)));

  for (int descending = 0; descending < 2; ++descending) {
    // The host's stable sort per segment.
    std::vector<int> order(n);
    for (int i = 0; i < n; ++i) order[i] = i;
    for (int s = 0; s < segments; ++s)
      std::stable_sort(order.begin() + begins[s], order.begin() + ends[s], [&](int x, int y) {
        return descending ? keys[y] < keys[x] : keys[x] < keys[y];
      });
    size_t bytes = 0;
    CHECK(hipcub::DeviceSegmentedRadixSort::SortPairs(nullptr, bytes, d_keys, d_keys_out,
                                                      d_values, d_values_out, n, segments,
                                                      d_begins, d_ends));
    void* temp;
    CHECK(hipMalloc(&temp, bytes));
    if (descending)
      CHECK(hipcub::DeviceSegmentedRadixSort::SortPairsDescending(
          temp, bytes, d_keys, d_keys_out, d_values, d_values_out, n, segments, d_begins,
          d_ends));
    else
      CHECK(hipcub::DeviceSegmentedRadixSort::SortPairs(temp, bytes, d_keys, d_keys_out,
                                                        d_values, d_values_out, n, segments,
                                                        d_begins, d_ends));
    std::vector<int> got_keys = to_host(d_keys_out, n), got_values = to_host(d_values_out, n);
    for (int i = 0; i < n; ++i)
      if (got_keys[i] != keys[order[i]] || got_values[i] != order[i]) {
        std::printf("pairs (descending %d): item %d is (%d, %d), want (%d, %d)\n", descending,
                    i, got_keys[i], got_values[i], keys[order[i]], order[i]);
        ++errors;
        break;
      }
    CHECK(hipFree(temp));
    // Keys in DoubleBuffers.
    int* d_a = to_device(keys);
    int* d_b;
    CHECK(hipMalloc(&d_b, n * sizeof(int)));
    hipcub::DoubleBuffer<int> buffers(d_a, d_b);
    bytes = 0;
    CHECK(hipcub::DeviceSegmentedRadixSort::SortKeys(nullptr, bytes, buffers, n, segments,
                                                     d_begins, d_ends));
    CHECK(hipMalloc(&temp, bytes));
    if (descending)
      CHECK(hipcub::DeviceSegmentedRadixSort::SortKeysDescending(temp, bytes, buffers, n,
                                                                 segments, d_begins, d_ends));
    else
      CHECK(hipcub::DeviceSegmentedRadixSort::SortKeys(temp, bytes, buffers, n, segments,
                                                       d_begins, d_ends));
    got_keys = to_host(buffers.Current(), n);
    for (int i = 0; i < n; ++i)
      if (got_keys[i] != keys[order[i]]) {
        std::printf("keys (descending %d): item %d is %d, want %d\n", descending, i,
                    got_keys[i], keys[order[i]]);
        ++errors;
        break;
      }
    CHECK(hipFree(temp));
    CHECK(hipFree(d_a));
    CHECK(hipFree(d_b));
  }

  // Reductions.
  int* d_sums;
  hipcub::KeyValuePair<int, int>* d_pairs;
  CHECK(hipMalloc(&d_sums, 4 * segments * sizeof(int)));
  CHECK(hipMalloc(&d_pairs, 2 * segments * sizeof(*d_pairs)));
  size_t bytes = 0;
  CHECK(hipcub::DeviceSegmentedReduce::Sum(nullptr, bytes, d_keys, d_sums, segments, d_begins,
                                           d_ends));
  void* temp;
  CHECK(hipMalloc(&temp, bytes));
  CHECK(hipcub::DeviceSegmentedReduce::Sum(temp, bytes, d_keys, d_sums, segments, d_begins,
                                           d_ends));
  CHECK(hipcub::DeviceSegmentedReduce::Min(temp, bytes, d_keys, d_sums + segments, segments,
                                           d_begins, d_ends));
  CHECK(hipcub::DeviceSegmentedReduce::Max(temp, bytes, d_keys, d_sums + 2 * segments, segments,
                                           d_begins, d_ends));
  CHECK(hipcub::DeviceSegmentedReduce::Reduce(temp, bytes, d_keys, d_sums + 3 * segments,
                                              segments, d_begins, d_ends, hipcub::Max(), 400));
  CHECK(hipcub::DeviceSegmentedReduce::ArgMin(temp, bytes, d_keys, d_pairs, segments, d_begins,
                                              d_ends));
  CHECK(hipcub::DeviceSegmentedReduce::ArgMax(temp, bytes, d_keys, d_pairs + segments, segments,
                                              d_begins, d_ends));
  std::vector<int> sums = to_host(d_sums, 4 * segments);
  std::vector<hipcub::KeyValuePair<int, int> > pairs = to_host(d_pairs, 2 * segments);
  for (int s = 0; s < segments; ++s) {
    int sum = 0, low = 2147483647, high = -2147483647 - 1, capped = 400, low_at = 1, high_at = 1;
    for (int i = begins[s]; i < ends[s]; ++i) {
      sum += keys[i];
      if (keys[i] < low) low = keys[i], low_at = i - begins[s];
      if (keys[i] > high) high = keys[i], high_at = i - begins[s];
      capped = std::max(capped, keys[i]);
    }
    if (sums[s] != sum || sums[segments + s] != low || sums[2 * segments + s] != high ||
        sums[3 * segments + s] != capped || pairs[s].key != low_at || pairs[s].value != low ||
        pairs[segments + s].key != high_at || pairs[segments + s].value != high) {
      std::printf("segment %d: sum %d min %d max %d reduce %d argmin (%d, %d) argmax (%d, %d); "
                  "want %d %d %d %d (%d, %d) (%d, %d)\n",
                  s, sums[s], sums[segments + s], sums[2 * segments + s],
                  sums[3 * segments + s], pairs[s].key, pairs[s].value, pairs[segments + s].key,
                  pairs[segments + s].value, sum, low, high, capped, low_at, low, high_at, high);
      if (++errors > 10) break;
    }
  }
  CHECK(hipFree(temp));
  CHECK(hipFree(d_sums));
  CHECK(hipFree(d_pairs));
  CHECK(hipFree(d_keys));
  CHECK(hipFree(d_values));
  CHECK(hipFree(d_begins));
  CHECK(hipFree(d_ends));
  CHECK(hipFree(d_keys_out));
  CHECK(hipFree(d_values_out));
  return finish("hipcub_segmented", errors);
}
