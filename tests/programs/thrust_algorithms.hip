// oxhip's Thrust algorithms on the device (device_vector iterators) and on the host
// (host_vector iterators), each against the C++ library's answer, for sizes 0, 1, an odd
// size inside one block and one spanning many blocks.
#include "check.h"
#include <thrust/adjacent_difference.h>
#include <thrust/binary_search.h>
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/equal.h>
#include <thrust/execution_policy.h>
#include <thrust/extrema.h>
#include <thrust/fill.h>
#include <thrust/find.h>
#include <thrust/for_each.h>
#include <thrust/functional.h>
#include <thrust/gather.h>
#include <thrust/host_vector.h>
#include <thrust/inner_product.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/logical.h>
#include <thrust/merge.h>
#include <thrust/mismatch.h>
#include <thrust/partition.h>
#include <thrust/reduce.h>
#include <thrust/remove.h>
#include <thrust/replace.h>
#include <thrust/reverse.h>
#include <thrust/scan.h>
#include <thrust/scatter.h>
#include <thrust/sequence.h>
#include <thrust/set_operations.h>
#include <thrust/sort.h>
#include <thrust/swap.h>
#include <thrust/tabulate.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <thrust/unique.h>
#include <algorithm>
#include <numeric>
#include <vector>

static long long errors = 0;

template <class A, class B>
static void expect_equal(const A& got, const B& want, const char* what, int n) {
  std::vector<long long> g(got.begin(), got.end()), w(want.begin(), want.end());
  if (g != w) {
    size_t at = 0;
    while (at < g.size() && at < w.size() && g[at] == w[at]) ++at;
    std::printf("%s (n = %d, %s): differs at %zu of %zu/%zu\n", what, n,
                std::is_same<A, thrust::host_vector<int>>::value ? "host" : "device", at,
                g.size(), w.size());
    ++errors;
  }
}
static void expect(bool ok, const char* what, int n) {
  if (!ok) {
    std::printf("%s (n = %d): wrong\n", what, n);
    ++errors;
  }
}

struct is_even {
  __host__ __device__ bool operator()(int x) const { return x % 2 == 0; }
};
struct times3 {
  __host__ __device__ int operator()(int x) const { return 3 * x; }
};
struct abs_diff {
  __host__ __device__ int operator()(int a, int b) const { return a > b ? a - b : b - a; }
};
// Keys are equal when they agree after halving: a predicate hipCUB's ReduceByKey cannot take.
struct same_half {
  __host__ __device__ bool operator()(int a, int b) const { return a / 2 == b / 2; }
};
struct mod7 {
  __host__ __device__ int operator()(int x) const { return x % 7; }
};

// Every algorithm over one vector type: thrust::device_vector<int> runs the device code,
// thrust::host_vector<int> the host code; `input` is the same data in both.
template <class Vector>
static void run_all(const std::vector<int>& input) {
  const int n = (int)input.size();
  Vector v(input.begin(), input.end());
  std::vector<int> want(input);

  // transform, unary and binary, and with a stencil.
  Vector out(n);
  thrust::transform(v.begin(), v.end(), out.begin(), times3());
  for (int i = 0; i < n; ++i) want[i] = 3 * input[i];
  expect_equal(out, want, "transform", n);
  thrust::transform(v.begin(), v.end(), out.begin(), out.begin(), thrust::plus<int>());
  for (int i = 0; i < n; ++i) want[i] = 4 * input[i];
  expect_equal(out, want, "transform binary", n);
  thrust::transform_if(v.begin(), v.end(), out.begin(), thrust::negate<int>(), is_even());
  for (int i = 0; i < n; ++i)
    if (input[i] % 2 == 0) want[i] = -input[i];
  expect_equal(out, want, "transform_if", n);

  // for_each, fill, sequence, tabulate.
  Vector w(n);
  thrust::sequence(w.begin(), w.end(), 10, 2);
  for (int i = 0; i < n; ++i) want[i] = 10 + 2 * i;
  expect_equal(w, want, "sequence", n);
  thrust::tabulate(w.begin(), w.end(), thrust::negate<int>());
  for (int i = 0; i < n; ++i) want[i] = -i;
  expect_equal(w, want, "tabulate", n);
  thrust::fill(w.begin(), w.end(), 7);
  std::fill(want.begin(), want.end(), 7);
  expect_equal(w, want, "fill", n);

  // copy, copy_if with and without stencil, remove_if, remove, remove_copy_if, replace.
  std::vector<int> evens;
  for (int x : input)
    if (x % 2 == 0) evens.push_back(x);
  Vector selected(n);
  auto selected_end = thrust::copy_if(v.begin(), v.end(), selected.begin(), is_even());
  selected.resize(selected_end - selected.begin());
  expect_equal(selected, evens, "copy_if", n);
  Vector by_stencil(n);
  auto stencil_end = thrust::copy_if(thrust::make_counting_iterator(0),
                                     thrust::make_counting_iterator(n), v.begin(),
                                     by_stencil.begin(), is_even());
  std::vector<int> even_positions;
  for (int i = 0; i < n; ++i)
    if (input[i] % 2 == 0) even_positions.push_back(i);
  by_stencil.resize(stencil_end - by_stencil.begin());
  expect_equal(by_stencil, even_positions, "copy_if stencil", n);
  Vector removed(v);
  removed.erase(thrust::remove_if(removed.begin(), removed.end(), thrust::not_fn(is_even())),
                removed.end());
  expect_equal(removed, evens, "remove_if", n);
  std::vector<int> without3;
  for (int x : input)
    if (x != 3) without3.push_back(x);
  Vector r3(v);
  r3.resize(thrust::remove(r3.begin(), r3.end(), 3) - r3.begin());
  expect_equal(r3, without3, "remove", n);
  Vector odd_copy(n);
  odd_copy.resize(thrust::remove_copy_if(v.begin(), v.end(), odd_copy.begin(), thrust::not_fn(is_even())) -
                  odd_copy.begin());
  expect_equal(odd_copy, evens, "remove_copy_if", n);
  Vector replaced(v);
  thrust::replace(replaced.begin(), replaced.end(), 3, -3);
  thrust::replace_if(replaced.begin(), replaced.end(), is_even(), 1);
  for (int i = 0; i < n; ++i) want[i] = input[i] == 3 ? -3 : input[i] % 2 == 0 ? 1 : input[i];
  expect_equal(replaced, want, "replace", n);

  // Reductions.
  long long sum = 0;
  for (int x : input) sum += x;
  // Lambdas as operators and predicates (captureless ones are empty classes in kernel names).
  expect(thrust::reduce(v.begin(), v.end(), 0, [] __host__ __device__(int a, int b) { return a + b; }) ==
             (int)sum, "reduce lambda", n);
  Vector lambda_scan(n);
  thrust::inclusive_scan(v.begin(), v.end(), lambda_scan.begin(),
                         [] __host__ __device__(int a, int b) { return a + b; });
  expect(n == 0 || lambda_scan[n - 1] == (int)sum, "inclusive_scan lambda", n);
  Vector lambda_selected(n);
  lambda_selected.resize(thrust::copy_if(v.begin(), v.end(), lambda_selected.begin(),
                                         [] __host__ __device__(int x) { return x % 2 == 0; }) -
                         lambda_selected.begin());
  expect_equal(lambda_selected, evens, "copy_if lambda", n);
  expect(thrust::count_if(v.begin(), v.end(), [] __host__ __device__(int x) { return x % 2 == 0; }) ==
             (long)evens.size(), "count_if lambda", n);
  expect(thrust::max_element(v.begin(), v.end(), [] __host__ __device__(int a, int b) { return a < b; }) -
                 v.begin() == std::max_element(input.begin(), input.end()) - input.begin(),
         "max_element lambda", n);
  expect(thrust::reduce(v.begin(), v.end()) == (int)sum, "reduce", n);
  expect(thrust::reduce(v.begin(), v.end(), 5ll, thrust::plus<long long>()) == sum + 5,
         "reduce init op", n);
  int biggest = n ? *std::max_element(input.begin(), input.end()) : -1000;
  expect(thrust::reduce(v.begin(), v.end(), -1000, thrust::maximum<int>()) == biggest,
         "reduce maximum", n);
  expect(thrust::transform_reduce(v.begin(), v.end(), times3(), 0ll, thrust::plus<long long>()) ==
             3 * sum, "transform_reduce", n);
  long long dot = 0;
  for (int x : input) dot += (long long)x * x;
  expect(thrust::inner_product(v.begin(), v.end(), v.begin(), 0ll) == dot, "inner_product", n);
  expect(thrust::count(v.begin(), v.end(), 3) == std::count(input.begin(), input.end(), 3), "count", n);
  expect(thrust::count_if(v.begin(), v.end(), is_even()) == (long)evens.size(), "count_if", n);
  expect(thrust::min_element(v.begin(), v.end()) - v.begin() ==
             std::min_element(input.begin(), input.end()) - input.begin(), "min_element", n);
  expect(thrust::max_element(v.begin(), v.end()) - v.begin() ==
             std::max_element(input.begin(), input.end()) - input.begin(), "max_element", n);
  auto extrema = thrust::minmax_element(v.begin(), v.end());
  expect(extrema.first - v.begin() == std::min_element(input.begin(), input.end()) - input.begin() &&
             extrema.second - v.begin() == std::max_element(input.begin(), input.end()) - input.begin(),
         "minmax_element", n);
  Vector same(input.begin(), input.end());
  expect(thrust::equal(v.begin(), v.end(), same.begin()), "equal", n);
  Vector changed(v);
  if (n > 0) changed[n / 2] = 12345;
  expect(thrust::equal(v.begin(), v.end(), changed.begin()) == (n == 0), "equal differs", n);
  expect(thrust::find(v.begin(), v.end(), 3) - v.begin() ==
             std::find(input.begin(), input.end(), 3) - input.begin(), "find", n);
  expect(thrust::find_if(v.begin(), v.end(), is_even()) - v.begin() ==
             std::find_if(input.begin(), input.end(), [](int x) { return x % 2 == 0; }) - input.begin(),
         "find_if", n);
  expect(thrust::any_of(v.begin(), v.end(), is_even()) == !evens.empty(), "any_of", n);
  expect(thrust::all_of(v.begin(), v.end(), is_even()) == ((int)evens.size() == n), "all_of", n);
  expect(thrust::none_of(v.begin(), v.end(), is_even()) == evens.empty(), "none_of", n);

  // Scans, in place too, and by key.
  Vector scanned(n);
  thrust::inclusive_scan(v.begin(), v.end(), scanned.begin());
  std::partial_sum(input.begin(), input.end(), want.begin());
  expect_equal(scanned, want, "inclusive_scan", n);
  thrust::exclusive_scan(v.begin(), v.end(), scanned.begin(), 100);
  for (int i = 0, run = 100; i < n; ++i) {
    want[i] = run;
    run += input[i];
  }
  expect_equal(scanned, want, "exclusive_scan", n);
  thrust::inclusive_scan(v.begin(), v.end(), scanned.begin(), 1000, thrust::plus<int>());
  std::partial_sum(input.begin(), input.end(), want.begin());
  for (int& x : want) x += 1000;
  expect_equal(scanned, want, "inclusive_scan init", n);
  Vector in_place(v);
  thrust::inclusive_scan(in_place.begin(), in_place.end(), in_place.begin(), thrust::maximum<int>());
  for (int i = 0, run = -1000000; i < n; ++i) want[i] = run = std::max(run, input[i]);
  expect_equal(in_place, want, "inclusive_scan max in place", n);
  Vector keys(n);
  thrust::transform(thrust::make_counting_iterator(0), thrust::make_counting_iterator(n), keys.begin(),
                    [] __host__ __device__(int i) { return i / 37; });
  thrust::inclusive_scan_by_key(keys.begin(), keys.end(), v.begin(), scanned.begin());
  for (int i = 0; i < n; ++i) want[i] = i % 37 == 0 ? input[i] : want[i - 1] + input[i];
  expect_equal(scanned, want, "inclusive_scan_by_key", n);
  thrust::exclusive_scan_by_key(keys.begin(), keys.end(), v.begin(), scanned.begin(), 1);
  for (int i = 0; i < n; ++i) want[i] = i % 37 == 0 ? 1 : want[i - 1] + input[i - 1];
  expect_equal(scanned, want, "exclusive_scan_by_key", n);

  // reduce_by_key, unique, unique_by_key.
  std::vector<int> run_keys, run_sums;
  for (int i = 0; i < n; ++i) {
    int k = input[i] % 4;
    if (run_keys.empty() || run_keys.back() != k) {
      run_keys.push_back(k);
      run_sums.push_back(0);
    }
    run_sums.back() += input[i];
  }
  Vector groups(n), keys_out(n), sums_out(n);
  thrust::transform(v.begin(), v.end(), groups.begin(), [] __host__ __device__(int x) { return x % 4; });
  auto ends = thrust::reduce_by_key(groups.begin(), groups.end(), v.begin(), keys_out.begin(), sums_out.begin());
  keys_out.resize(ends.first - keys_out.begin());
  sums_out.resize(ends.second - sums_out.begin());
  expect_equal(keys_out, run_keys, "reduce_by_key keys", n);
  expect_equal(sums_out, run_sums, "reduce_by_key values", n);
  std::vector<int> half_keys, half_max;
  for (int i = 0; i < n; ++i) {
    int k = input[i] % 4;
    if (half_keys.empty() || half_keys.back() / 2 != k / 2) {
      half_keys.push_back(k);
      half_max.push_back(input[i]);
    } else {
      half_max.back() = std::max(half_max.back(), input[i]);
    }
  }
  Vector half_keys_out(n), half_max_out(n);
  auto half_ends = thrust::reduce_by_key(groups.begin(), groups.end(), v.begin(), half_keys_out.begin(),
                                         half_max_out.begin(), same_half(), thrust::maximum<int>());
  half_keys_out.resize(half_ends.first - half_keys_out.begin());
  half_max_out.resize(half_ends.second - half_max_out.begin());
  expect_equal(half_keys_out, half_keys, "reduce_by_key predicate keys", n);
  expect_equal(half_max_out, half_max, "reduce_by_key predicate values", n);
  Vector lambda_keys(n), lambda_sums(n);
  auto lambda_ends = thrust::reduce_by_key(
      groups.begin(), groups.end(), v.begin(), lambda_keys.begin(), lambda_sums.begin(),
      [] __host__ __device__(int a, int b) { return a == b; },
      [] __host__ __device__(int a, int b) { return a + b; });
  lambda_sums.resize(lambda_ends.second - lambda_sums.begin());
  expect_equal(lambda_sums, run_sums, "reduce_by_key lambdas", n);
  thrust::inclusive_scan_by_key(groups.begin(), groups.end(), v.begin(), lambda_keys.begin(),
                                [] __host__ __device__(int a, int b) { return a == b; },
                                [] __host__ __device__(int a, int b) { return a + b; });
  for (int i = 0; i < n; ++i)
    want[i] = i > 0 && input[i] % 4 == input[i - 1] % 4 ? want[i - 1] + input[i] : input[i];
  lambda_keys.resize(n);
  expect_equal(lambda_keys, want, "inclusive_scan_by_key lambdas", n);
  Vector uniq(groups);
  uniq.resize(thrust::unique(uniq.begin(), uniq.end()) - uniq.begin());
  expect_equal(uniq, run_keys, "unique", n);
  Vector uniq_copy(n);
  uniq_copy.resize(thrust::unique_copy(groups.begin(), groups.end(), uniq_copy.begin()) - uniq_copy.begin());
  expect_equal(uniq_copy, run_keys, "unique_copy", n);
  Vector uk(groups), uv(v);
  auto uends = thrust::unique_by_key(uk.begin(), uk.end(), uv.begin());
  uk.resize(uends.first - uk.begin());
  uv.resize(uends.second - uv.begin());
  std::vector<int> first_of_run;
  for (int i = 0; i < n; ++i)
    if (i == 0 || input[i] % 4 != input[i - 1] % 4) first_of_run.push_back(input[i]);
  expect_equal(uk, run_keys, "unique_by_key keys", n);
  expect_equal(uv, first_of_run, "unique_by_key values", n);

  // gather, scatter, reverse, swap_ranges, adjacent_difference.
  Vector map(n);
  thrust::sequence(map.begin(), map.end());
  thrust::reverse(map.begin(), map.end());
  Vector gathered(n);
  thrust::gather(map.begin(), map.end(), v.begin(), gathered.begin());
  for (int i = 0; i < n; ++i) want[i] = input[n - 1 - i];
  expect_equal(gathered, want, "gather/reverse", n);
  Vector scattered(n);
  thrust::scatter(v.begin(), v.end(), map.begin(), scattered.begin());
  expect_equal(scattered, want, "scatter", n);
  Vector a(v), b(n, 5);
  thrust::swap_ranges(a.begin(), a.end(), b.begin());
  expect_equal(b, input, "swap_ranges", n);
  Vector diff(v);
  thrust::adjacent_difference(diff.begin(), diff.end(), diff.begin());
  for (int i = 0; i < n; ++i) want[i] = i ? input[i] - input[i - 1] : input[0];
  expect_equal(diff, want, "adjacent_difference in place", n);

  // The rarer forms: stencils, _if and _n variants, is_sorted, equal_range, reverse_copy.
  Vector stencil_removed(n);
  stencil_removed.resize(thrust::remove_copy_if(thrust::make_counting_iterator(0), thrust::make_counting_iterator(n),
                                                v.begin(), stencil_removed.begin(), thrust::not_fn(is_even())) -
                         stencil_removed.begin());
  expect_equal(stencil_removed, even_positions, "remove_copy_if stencil", n);
  Vector gathered_if(n, -1);
  thrust::gather_if(map.begin(), map.end(), v.begin(), v.begin(), gathered_if.begin(), is_even());
  for (int i = 0; i < n; ++i) want[i] = input[i] % 2 == 0 ? input[n - 1 - i] : -1;
  expect_equal(gathered_if, want, "gather_if", n);
  Vector scattered_if(n, -1);
  thrust::scatter_if(v.begin(), v.end(), map.begin(), v.begin(), scattered_if.begin(), is_even());
  for (int i = 0; i < n; ++i) want[i] = input[n - 1 - i] % 2 == 0 ? input[n - 1 - i] : -1;
  expect_equal(scattered_if, want, "scatter_if", n);
  Vector copied_if(n);
  thrust::replace_copy_if(v.begin(), v.end(), copied_if.begin(), is_even(), 0);
  for (int i = 0; i < n; ++i) want[i] = input[i] % 2 == 0 ? 0 : input[i];
  expect_equal(copied_if, want, "replace_copy_if", n);
  Vector filled_n(n, 5);
  thrust::fill_n(filled_n.begin(), n / 2, 9);
  thrust::for_each_n(filled_n.begin(), n / 2, [] __host__ __device__(int& x) { x += 1; });
  for (int i = 0; i < n; ++i) want[i] = i < n / 2 ? 10 : 5;
  expect_equal(filled_n, want, "fill_n/for_each_n", n);
  expect(thrust::find_if_not(v.begin(), v.end(), is_even()) - v.begin() ==
             std::find_if(input.begin(), input.end(), [](int x) { return x % 2 != 0; }) - input.begin(),
         "find_if_not", n);
  expect(thrust::is_sorted(v.begin(), v.end()) == std::is_sorted(input.begin(), input.end()), "is_sorted", n);
  Vector backwards(n);
  thrust::reverse_copy(v.begin(), v.end(), backwards.begin());
  for (int i = 0; i < n; ++i) want[i] = input[n - 1 - i];
  expect_equal(backwards, want, "reverse_copy", n);
  Vector texcl(n);
  thrust::transform_exclusive_scan(v.begin(), v.end(), texcl.begin(), times3(), 0, thrust::plus<int>());
  for (int i = 0, run = 0; i < n; ++i) {
    want[i] = run;
    run += 3 * input[i];
  }
  expect_equal(texcl, want, "transform_exclusive_scan", n);

  // Partitions and mismatch.
  std::vector<int> odds;
  for (int x : input)
    if (x % 2 != 0) odds.push_back(x);
  std::vector<int> partitioned(evens);
  partitioned.insert(partitioned.end(), odds.begin(), odds.end());
  Vector parts(v);
  auto middle = thrust::stable_partition(parts.begin(), parts.end(), is_even());
  expect(middle - parts.begin() == (long)evens.size(), "stable_partition point", n);
  expect_equal(parts, partitioned, "stable_partition", n);
  expect(thrust::is_partitioned(parts.begin(), parts.end(), is_even()), "is_partitioned", n);
  expect(thrust::partition_point(parts.begin(), parts.end(), is_even()) == middle, "partition_point", n);
  Vector trues(n), falses(n);
  auto part_ends = thrust::partition_copy(v.begin(), v.end(), trues.begin(), falses.begin(), is_even());
  trues.resize(part_ends.first - trues.begin());
  falses.resize(part_ends.second - falses.begin());
  expect_equal(trues, evens, "partition_copy true", n);
  expect_equal(falses, odds, "partition_copy false", n);
  auto differ = thrust::mismatch(v.begin(), v.end(), changed.begin());
  expect(differ.first - v.begin() == (n == 0 || input[n / 2] == 12345 ? n : n / 2), "mismatch", n);

  // Sorted ranges: binary searches, merge and set operations.
  std::vector<int> sorted(input), other(n / 2 + 1);
  std::sort(sorted.begin(), sorted.end());
  for (size_t i = 0; i < other.size(); ++i) other[i] = (int)((i * 7) % 61);
  std::sort(other.begin(), other.end());
  Vector s(sorted.begin(), sorted.end()), o(other.begin(), other.end());
  Vector found(other.size());
  thrust::lower_bound(s.begin(), s.end(), o.begin(), o.end(), found.begin());
  std::vector<int> want_found(other.size());
  for (size_t i = 0; i < other.size(); ++i)
    want_found[i] = (int)(std::lower_bound(sorted.begin(), sorted.end(), other[i]) - sorted.begin());
  expect_equal(found, want_found, "lower_bound vectorized", n);
  thrust::upper_bound(s.begin(), s.end(), o.begin(), o.end(), found.begin());
  for (size_t i = 0; i < other.size(); ++i)
    want_found[i] = (int)(std::upper_bound(sorted.begin(), sorted.end(), other[i]) - sorted.begin());
  expect_equal(found, want_found, "upper_bound vectorized", n);
  thrust::binary_search(s.begin(), s.end(), o.begin(), o.end(), found.begin());
  for (size_t i = 0; i < other.size(); ++i)
    want_found[i] = std::binary_search(sorted.begin(), sorted.end(), other[i]);
  expect_equal(found, want_found, "binary_search vectorized", n);
  expect(thrust::lower_bound(s.begin(), s.end(), 30) - s.begin() ==
             std::lower_bound(sorted.begin(), sorted.end(), 30) - sorted.begin(), "lower_bound", n);
  expect(thrust::upper_bound(s.begin(), s.end(), 30) - s.begin() ==
             std::upper_bound(sorted.begin(), sorted.end(), 30) - sorted.begin(), "upper_bound", n);
  expect(thrust::binary_search(s.begin(), s.end(), 30) ==
             std::binary_search(sorted.begin(), sorted.end(), 30), "binary_search", n);
  auto range = thrust::equal_range(s.begin(), s.end(), 30);
  auto want_range = std::equal_range(sorted.begin(), sorted.end(), 30);
  expect(range.first - s.begin() == want_range.first - sorted.begin() &&
             range.second - s.begin() == want_range.second - sorted.begin(), "equal_range", n);
  std::vector<int> want_set(sorted.size() + other.size());
  Vector set_out(sorted.size() + other.size());
  auto check_set = [&](const char* what, typename Vector::iterator end, std::vector<int>::iterator want_end) {
    Vector got(set_out.begin(), end);
    std::vector<int> expected(want_set.begin(), want_end);
    expect_equal(got, expected, what, n);
  };
  check_set("merge", thrust::merge(s.begin(), s.end(), o.begin(), o.end(), set_out.begin()),
            std::merge(sorted.begin(), sorted.end(), other.begin(), other.end(), want_set.begin()));
  check_set("set_union", thrust::set_union(s.begin(), s.end(), o.begin(), o.end(), set_out.begin()),
            std::set_union(sorted.begin(), sorted.end(), other.begin(), other.end(), want_set.begin()));
  check_set("set_intersection",
            thrust::set_intersection(s.begin(), s.end(), o.begin(), o.end(), set_out.begin()),
            std::set_intersection(sorted.begin(), sorted.end(), other.begin(), other.end(), want_set.begin()));
  check_set("set_difference",
            thrust::set_difference(s.begin(), s.end(), o.begin(), o.end(), set_out.begin()),
            std::set_difference(sorted.begin(), sorted.end(), other.begin(), other.end(), want_set.begin()));
  check_set("set_symmetric_difference",
            thrust::set_symmetric_difference(s.begin(), s.end(), o.begin(), o.end(), set_out.begin()),
            std::set_symmetric_difference(sorted.begin(), sorted.end(), other.begin(), other.end(),
                                          want_set.begin()));
}

int main() {
  print_device("thrust_algorithms");
  unsigned long long state = 25;
  for (int n : {0, 1, 2, 255, 1001, 70001}) {
    std::vector<int> input(n);
    for (int& x : input) x = (int)(next_random(&state) % 61);
    run_all<thrust::device_vector<int>>(input);
    run_all<thrust::host_vector<int>>(input);
  }
  // The same device algorithm with explicit policies on a stream and on raw pointers.
  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));
  const int n = 5000;
  int* raw;
  CHECK(hipMalloc(&raw, n * sizeof(int)));
  thrust::sequence(thrust::hip::par.on(stream), raw, raw + n);
  thrust::inclusive_scan(thrust::hip::par.on(stream), raw, raw + n, raw);
  int last = 0;
  CHECK(hipMemcpy(&last, raw + n - 1, sizeof(int), hipMemcpyDeviceToHost));
  expect(last == n * (n - 1) / 2, "inclusive_scan on a stream", n);
  expect(thrust::count_if(thrust::device, raw, raw + n, is_even()) ==
             thrust::count_if(thrust::host, thrust::make_counting_iterator(0),
                              thrust::make_counting_iterator(n),
                              [](int i) { return (i * (i + 1) / 2) % 2 == 0; }),
         "count_if on raw device pointers", n);
  CHECK(hipFree(raw));
  CHECK(hipStreamDestroy(stream));
  return finish("thrust_algorithms", errors);
}
