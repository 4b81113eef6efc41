// rocPRIM's device-wide algorithms (rocprim/rocprim.hpp) against the host: reduce without an
// initial value, reduce_by_key and the scans by key with a key comparison that is not ==,
// segmented reductions, scans (offsets and head flags) and radix sorts, merge_sort, merge,
// transform, the adjacent differences, the binary searches, nth_element and partial_sort,
// the descending double_buffer sorts, and rocPRIM's iterators as inputs; 0 items to 2^20 + 7,
// around the tiles of the engines underneath.
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

// Keys equal when they agree after division by 4: reduce_by_key and the scans by key must use
// the comparison given, not ==.
struct SameQuarter {
  __host__ __device__ bool operator()(int a, int b) const { return a / 4 == b / 4; }
};
struct Triple {
  __host__ __device__ int operator()(int x) const { return 3 * x + 1; }
};
struct Weigh {
  __host__ __device__ long long operator()(int a, short b) const { return 2LL * a - b; }
};
struct Greater {
  __host__ __device__ bool operator()(int a, int b) const { return a > b; }
};
// Compares only the high bits, so equal keys differ and stability shows.
struct ByHigh {
  __host__ __device__ bool operator()(int a, int b) const { return (a >> 4) < (b >> 4); }
};
struct ArgMinOp {
  __host__ __device__ rocprim::key_value_pair<std::ptrdiff_t, int> operator()(
      const rocprim::key_value_pair<std::ptrdiff_t, int>& a,
      const rocprim::key_value_pair<std::ptrdiff_t, int>& b) const {
    return (b.value < a.value || (b.value == a.value && b.key < a.key)) ? b : a;
  }
};

static void check_size(size_t n, unsigned long long seed) {
  std::vector<int> in(n), keys(n);
  for (size_t i = 0; i < n; ++i) {
    in[i] = (int)(next_random(&seed) % 2001) - 1000;
    keys[i] = (int)(i / (1 + next_random(&seed) % 7)) * 2 + (int)(next_random(&seed) % 3);
  }
  std::sort(keys.begin(), keys.end());
  Device<int> d_in(in), d_keys(keys), d_out(n), d_out2(n);
  Device<int> d_count(1);

  // reduce without an initial value, and with a counting and a transform iterator as input.
  {
    TWICE(rocprim::reduce(temp, storage, d_in.ptr, d_count.ptr, n, rocprim::maximum<int>()));
    int want = n > 0 ? *std::max_element(in.begin(), in.end()) : 0;
    expect("reduce (maximum, no initial value)", n, d_count.get(1), std::vector<int>{want});
    Device<long long> d_total(1);
    TWICE(rocprim::reduce(temp, storage, rocprim::make_counting_iterator<long long>(5),
                          d_total.ptr, n));
    long long sum = 0;
    for (size_t i = 0; i < n; ++i) sum += 5 + (long long)i;
    expect("reduce (counting_iterator)", n, d_total.get(1), std::vector<long long>{sum});
    TWICE(rocprim::reduce(temp, storage, rocprim::make_transform_iterator(d_in.ptr, Triple()),
                          d_count.ptr, 100, n, rocprim::plus<int>()));
    int tsum = 100;
    for (int x : in) tsum += 3 * x + 1;
    expect("reduce (transform_iterator, initial value)", n, d_count.get(1),
           std::vector<int>{tsum});
    // arg_index_iterator: the position and value of the smallest item.
    Device<rocprim::key_value_pair<std::ptrdiff_t, int> > d_arg(1);
    rocprim::key_value_pair<std::ptrdiff_t, int> init(-1, 1 << 30);
    TWICE(rocprim::reduce(temp, storage, rocprim::make_arg_index_iterator(d_in.ptr), d_arg.ptr,
                          init, n, ArgMinOp()));
    std::vector<rocprim::key_value_pair<std::ptrdiff_t, int> > got = d_arg.get(1);
    std::ptrdiff_t at = n > 0 ? std::min_element(in.begin(), in.end()) - in.begin() : -1;
    if (got[0].key != at || (n > 0 && got[0].value != in[at])) {
      std::printf("reduce (arg_index_iterator) (n=%zu): (%lld, %d), want index %lld\n", n,
                  (long long)got[0].key, got[0].value, (long long)at);
      ++errors;
    }
  }

  // reduce_by_key, inclusive/exclusive_scan_by_key with keys compared by quarters.
  {
    std::vector<int> unique, sums;
    std::vector<int> inclusive(n), exclusive(n);
    for (size_t i = 0; i < n; ++i) {
      bool head = i == 0 || keys[i - 1] / 4 != keys[i] / 4;
      if (head) {
        unique.push_back(keys[i]);
        sums.push_back(0);
      }
      exclusive[i] = head ? 7 : exclusive[i - 1] + in[i - 1];
      sums.back() += in[i];
      inclusive[i] = sums.back();
    }
    TWICE(rocprim::reduce_by_key(temp, storage, d_keys.ptr, d_in.ptr, n, d_out.ptr, d_out2.ptr,
                                 d_count.ptr, rocprim::plus<int>(), SameQuarter()));
    expect("reduce_by_key: count", n, d_count.get(1), std::vector<int>{(int)unique.size()});
    expect("reduce_by_key: keys", n, d_out.get(unique.size()), unique);
    expect("reduce_by_key: sums", n, d_out2.get(sums.size()), sums);
    TWICE(rocprim::inclusive_scan_by_key(temp, storage, d_keys.ptr, d_in.ptr, d_out.ptr, n,
                                         rocprim::plus<int>(), SameQuarter()));
    expect("inclusive_scan_by_key", n, d_out.get(), inclusive);
    TWICE(rocprim::exclusive_scan_by_key(temp, storage, d_keys.ptr, d_in.ptr, d_out.ptr, 7, n,
                                         rocprim::plus<int>(), SameQuarter()));
    expect("exclusive_scan_by_key", n, d_out.get(), exclusive);
  }

  // Segments: an empty one first, then lengths 0 to 700 with gaps of 0 to 2 items between.
  {
    std::vector<int> begins, ends;
    size_t at = 0;
    begins.push_back(0);
    ends.push_back(0);
    while (at < n) {
      at += next_random(&seed) % 3;
      size_t length = next_random(&seed) % 701;
      if (at + length > n) length = n - std::min(at, n);
      if (at > n) at = n;
      begins.push_back((int)at);
      ends.push_back((int)(at + length));
      at += length;
      if (length == 0 && at >= n) break;
    }
    unsigned int segments = (unsigned int)begins.size();
    Device<int> d_begins(begins), d_ends(ends);
    std::vector<int> want_max(segments), want_inc = in, want_exc = in, want_sorted = in,
                                         want_desc = in;
    std::vector<int> indexes(n), want_pairs(n);
    for (size_t i = 0; i < n; ++i) indexes[i] = (int)i;
    want_pairs = indexes;
    for (unsigned int s = 0; s < segments; ++s) {
      int best = -5000, running = 0, before = -3;
      for (int i = begins[s]; i < ends[s]; ++i) {
        best = std::max(best, in[i]);
        running += in[i];
        want_inc[i] = running;
        want_exc[i] = before;
        before += in[i];
      }
      want_max[s] = best;
      std::sort(want_sorted.begin() + begins[s], want_sorted.begin() + ends[s]);
      std::sort(want_desc.begin() + begins[s], want_desc.begin() + ends[s],
                [](int a, int b) { return a > b; });
      std::stable_sort(want_pairs.begin() + begins[s], want_pairs.begin() + ends[s],
                       [&](int a, int b) { return in[a] < in[b]; });
    }
    Device<int> d_max(segments);
    TWICE(rocprim::segmented_reduce(temp, storage, d_in.ptr, d_max.ptr, segments, d_begins.ptr,
                                    d_ends.ptr, rocprim::maximum<int>(), -5000));
    expect("segmented_reduce", n, d_max.get(), want_max);
    d_out.put(in);
    TWICE(rocprim::segmented_inclusive_scan(temp, storage, d_in.ptr, d_out.ptr, segments,
                                            d_begins.ptr, d_ends.ptr));
    expect("segmented_inclusive_scan", n, d_out.get(), want_inc);
    d_out.put(in);
    TWICE(rocprim::segmented_exclusive_scan(temp, storage, d_in.ptr, d_out.ptr, segments,
                                            d_begins.ptr, d_ends.ptr, -3));
    expect("segmented_exclusive_scan", n, d_out.get(), want_exc);
    d_out.put(in);
    TWICE(rocprim::segmented_radix_sort_keys(temp, storage, d_in.ptr, d_out.ptr, (unsigned)n,
                                             segments, d_begins.ptr, d_ends.ptr));
    expect("segmented_radix_sort_keys", n, d_out.get(), want_sorted);
    d_out.put(in);
    TWICE(rocprim::segmented_radix_sort_keys_desc(temp, storage, d_in.ptr, d_out.ptr,
                                                  (unsigned)n, segments, d_begins.ptr,
                                                  d_ends.ptr));
    expect("segmented_radix_sort_keys_desc", n, d_out.get(), want_desc);
    Device<int> d_indexes(indexes), d_values(indexes);
    TWICE(rocprim::segmented_radix_sort_pairs(temp, storage, d_in.ptr, d_out.ptr,
                                              d_indexes.ptr, d_values.ptr, (unsigned)n,
                                              segments, d_begins.ptr, d_ends.ptr));
    expect("segmented_radix_sort_pairs: values", n, d_values.get(), want_pairs);
    // Head flags: a segment starts at each flagged item (and at item 0).
    std::vector<unsigned char> flags(n);
    std::vector<int> flag_inc(n), flag_exc(n);
    for (size_t i = 0; i < n; ++i) {
      flags[i] = next_random(&seed) % 9 == 0;
      bool head = i == 0 || flags[i];
      flag_inc[i] = head ? in[i] : std::max(flag_inc[i - 1], in[i]);
      flag_exc[i] = head ? 11 : flag_exc[i - 1] + in[i - 1];
    }
    Device<unsigned char> d_flags(flags);
    TWICE(rocprim::segmented_inclusive_scan(temp, storage, d_in.ptr, d_out.ptr, d_flags.ptr, n,
                                            rocprim::maximum<int>()));
    expect("segmented_inclusive_scan (head flags)", n, d_out.get(), flag_inc);
    TWICE(rocprim::segmented_exclusive_scan(temp, storage, d_in.ptr, d_out.ptr, d_flags.ptr, 11,
                                            n));
    expect("segmented_exclusive_scan (head flags)", n, d_out.get(), flag_exc);
  }

  // merge_sort (stable, compared by the high bits) and merge; larger sizes only up to 2^17.
  if (n <= (1u << 17) + 7) {
    std::vector<int> indexes(n);
    for (size_t i = 0; i < n; ++i) indexes[i] = (int)i;
    Device<int> d_indexes(indexes), d_values(n);
    std::vector<int> want = in;
    std::stable_sort(want.begin(), want.end(), ByHigh());
    TWICE(rocprim::merge_sort(temp, storage, d_in.ptr, d_out.ptr, n, ByHigh()));
    expect("merge_sort (keys)", n, d_out.get(), want);
    std::vector<int> want_values = indexes;
    std::stable_sort(want_values.begin(), want_values.end(),
                     [&](int a, int b) { return (in[a] >> 4) < (in[b] >> 4); });
    TWICE(rocprim::merge_sort(temp, storage, d_in.ptr, d_out.ptr, d_indexes.ptr, d_values.ptr, n,
                              Greater()));
    std::vector<int> want_desc = indexes;
    std::stable_sort(want_desc.begin(), want_desc.end(),
                     [&](int a, int b) { return in[a] > in[b]; });
    expect("merge_sort (pairs, descending): values", n, d_values.get(), want_desc);

    // merge: the first half sorted with the second half sorted; equal keys of the first input
    // come first (values tell the inputs apart).
    size_t n1 = n / 3, n2 = n - n1;
    std::vector<int> a(in.begin(), in.begin() + n1), b(in.begin() + n1, in.end());
    for (int& x : a) x /= 8;
    for (int& x : b) x /= 8;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    std::vector<int> merged(n), merged_from(n);
    std::vector<int> from_a(n1, 1), from_b(n2, 2);
    size_t i = 0, j = 0;
    for (size_t k = 0; k < n; ++k) {
      if (j >= n2 || (i < n1 && !(b[j] < a[i]))) {
        merged[k] = a[i++];
        merged_from[k] = 1;
      } else {
        merged[k] = b[j++];
        merged_from[k] = 2;
      }
    }
    Device<int> d_a(a), d_b(b), d_from_a(from_a), d_from_b(from_b);
    TWICE(rocprim::merge(temp, storage, d_a.ptr, d_b.ptr, d_out.ptr, n1, n2));
    expect("merge (keys)", n, d_out.get(), merged);
    TWICE(rocprim::merge(temp, storage, d_a.ptr, d_b.ptr, d_out.ptr, d_from_a.ptr, d_from_b.ptr,
                         d_values.ptr, n1, n2, rocprim::less<int>()));
    expect("merge (pairs): keys", n, d_out.get(), merged);
    expect("merge (pairs): which input", n, d_values.get(), merged_from);

    // nth_element and partial_sort: the nth item and the first `middle` items in order.
    size_t nth = n / 2;
    d_out.put(in);
    TWICE(rocprim::nth_element(temp, storage, d_out.ptr, nth, n));
    std::vector<int> sorted = in;
    std::sort(sorted.begin(), sorted.end());
    if (n > 0) expect("nth_element", n, std::vector<int>{d_out.get()[nth]},
                      std::vector<int>{sorted[nth]});
    d_out.put(in);
    TWICE(rocprim::partial_sort(temp, storage, d_out.ptr, nth, n));
    expect("partial_sort", n, d_out.get(nth), std::vector<int>(sorted.begin(),
                                                               sorted.begin() + nth));
  }

  // transform, the adjacent differences (a - b does not commute), the searches.
  {
    std::vector<short> small(n);
    for (size_t i = 0; i < n; ++i) small[i] = (short)(in[i] / 3);
    Device<short> d_small(small);
    Device<long long> d_wide(n);
    CHECK(rocprim::transform(d_in.ptr, d_out.ptr, n, Triple()));
    CHECK(hipDeviceSynchronize());
    std::vector<int> want(n);
    for (size_t i = 0; i < n; ++i) want[i] = 3 * in[i] + 1;
    expect("transform (unary)", n, d_out.get(), want);
    CHECK(rocprim::transform(d_in.ptr, d_small.ptr, d_wide.ptr, n, Weigh()));
    CHECK(hipDeviceSynchronize());
    std::vector<long long> want_wide(n);
    for (size_t i = 0; i < n; ++i) want_wide[i] = 2LL * in[i] - small[i];
    expect("transform (binary)", n, d_wide.get(), want_wide);

    std::vector<int> left(n), right(n);
    for (size_t i = 0; i < n; ++i) {
      left[i] = i == 0 ? in[i] : in[i] - in[i - 1];
      right[i] = i + 1 == n ? in[i] : in[i] - in[i + 1];
    }
    TWICE(rocprim::adjacent_difference(temp, storage, d_in.ptr, d_out.ptr, n));
    expect("adjacent_difference", n, d_out.get(), left);
    TWICE(rocprim::adjacent_difference_right(temp, storage, d_in.ptr, d_out.ptr, n));
    expect("adjacent_difference_right", n, d_out.get(), right);
    d_out.put(in);
    TWICE(rocprim::adjacent_difference_inplace(temp, storage, d_out.ptr, n));
    expect("adjacent_difference_inplace", n, d_out.get(), left);
    d_out.put(in);
    TWICE(rocprim::adjacent_difference_right_inplace(temp, storage, d_out.ptr, n,
                                                     rocprim::minus<int>()));
    expect("adjacent_difference_right_inplace", n, d_out.get(), right);

    // Needles from -1100 to 1100 in the sorted input (the haystack).
    std::vector<int> haystack = in;
    std::sort(haystack.begin(), haystack.end());
    size_t needles = 1 + n % 5000;
    std::vector<int> needle(needles);
    for (size_t i = 0; i < needles; ++i) needle[i] = (int)(next_random(&seed) % 2201) - 1100;
    std::vector<unsigned int> lower(needles), upper(needles);
    std::vector<unsigned char> found(needles);
    for (size_t i = 0; i < needles; ++i) {
      lower[i] = (unsigned)(std::lower_bound(haystack.begin(), haystack.end(), needle[i]) -
                            haystack.begin());
      upper[i] = (unsigned)(std::upper_bound(haystack.begin(), haystack.end(), needle[i]) -
                            haystack.begin());
      found[i] = std::binary_search(haystack.begin(), haystack.end(), needle[i]);
    }
    Device<int> d_haystack(haystack), d_needles(needle);
    Device<unsigned int> d_positions(needles);
    Device<unsigned char> d_found(needles);
    TWICE(rocprim::lower_bound(temp, storage, d_haystack.ptr, d_needles.ptr, d_positions.ptr, n,
                               needles));
    expect("lower_bound", n, d_positions.get(), lower);
    TWICE(rocprim::upper_bound(temp, storage, d_haystack.ptr, d_needles.ptr, d_positions.ptr, n,
                               needles, rocprim::less<int>()));
    expect("upper_bound", n, d_positions.get(), upper);
    TWICE(rocprim::binary_search(temp, storage, d_haystack.ptr, d_needles.ptr, d_found.ptr, n,
                                 needles));
    expect("binary_search", n, d_found.get(), found);
  }

  // The descending sorts with double_buffer; the result is in current().
  {
    std::vector<int> want = in, want_values(n);
    std::vector<int> indexes(n);
    for (size_t i = 0; i < n; ++i) indexes[i] = (int)i;
    want_values = indexes;
    std::stable_sort(want_values.begin(), want_values.end(),
                     [&](int a, int b) { return in[a] > in[b]; });
    std::sort(want.begin(), want.end(), [](int a, int b) { return a > b; });
    Device<int> d_a(in), d_b(n), d_va(indexes), d_vb(n);
    rocprim::double_buffer<int> buffer_keys(d_a.ptr, d_b.ptr), buffer_values(d_va.ptr, d_vb.ptr);
    TWICE(rocprim::radix_sort_pairs_desc(temp, storage, buffer_keys, buffer_values, n));
    std::vector<int> got(n), got_values(n);
    if (n > 0) {
      CHECK(hipMemcpy(got.data(), buffer_keys.current(), n * sizeof(int),
                      hipMemcpyDeviceToHost));
      CHECK(hipMemcpy(got_values.data(), buffer_values.current(), n * sizeof(int),
                      hipMemcpyDeviceToHost));
    }
    expect("radix_sort_pairs_desc (double_buffer): keys", n, got, want);
    expect("radix_sort_pairs_desc (double_buffer): values", n, got_values, want_values);
    d_a.put(in);
    rocprim::double_buffer<int> only_keys(d_a.ptr, d_b.ptr);
    TWICE(rocprim::radix_sort_keys_desc(temp, storage, only_keys, n));
    if (n > 0)
      CHECK(hipMemcpy(got.data(), only_keys.current(), n * sizeof(int), hipMemcpyDeviceToHost));
    expect("radix_sort_keys_desc (double_buffer)", n, got, want);
  }
}

int main() {
  print_device("rocprim_device");
  const size_t sizes[] = {0, 1, 2, 1000, 4099, 100003, (1u << 20) + 7};
  unsigned long long seed = 25;
  for (size_t n : sizes) check_size(n, seed++);
  return finish("rocprim_device", errors);
}
