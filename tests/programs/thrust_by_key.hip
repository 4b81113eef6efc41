// thrust::merge_by_key and the set operations by key (set_union_by_key,
// set_intersection_by_key, set_difference_by_key, set_symmetric_difference_by_key) on the
// device (device_vector without a policy, thrust::device on raw pointers) and on the host,
// against the C++ library's merge and set algorithms on (key, value) pairs compared by key,
// which define the same elements: equal keys keep the first range's values first, and a key
// held m times in one range and n in the other is matched copy by copy. Duplicated keys,
// empty ranges, disjoint and identical ranges, and a user comparator.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/fill.h>
#include <thrust/copy.h>
#include <thrust/functional.h>
#include <thrust/merge.h>
#include <thrust/set_operations.h>

#include <algorithm>
#include <cstdio>
#include <utility>
#include <vector>

static int failures = 0;

typedef std::pair<int, int> item;

template <class Compare>
struct by_key {
  Compare comp;
  bool operator()(const item& a, const item& b) const { return comp(a.first, b.first); }
};

enum operation { op_merge, op_union, op_intersection, op_difference, op_symmetric_difference };
static const char* const names[] = {"merge_by_key", "set_union_by_key", "set_intersection_by_key",
                                    "set_difference_by_key", "set_symmetric_difference_by_key"};

template <class Compare>
static std::vector<item> reference(operation op, const std::vector<item>& a,
                                   const std::vector<item>& b, Compare comp) {
  std::vector<item> out;
  by_key<Compare> less{comp};
  auto to = std::back_inserter(out);
  switch (op) {
    case op_merge: std::merge(a.begin(), a.end(), b.begin(), b.end(), to, less); break;
    case op_union: std::set_union(a.begin(), a.end(), b.begin(), b.end(), to, less); break;
    case op_intersection:
      std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), to, less);
      break;
    case op_difference: std::set_difference(a.begin(), a.end(), b.begin(), b.end(), to, less); break;
    case op_symmetric_difference:
      std::set_symmetric_difference(a.begin(), a.end(), b.begin(), b.end(), to, less);
      break;
  }
  return out;
}

// Runs `op` with `policy` over iterators `k1`, `v1`, `k2`, `v2` into `ko`, `vo`; returns how
// many keys and values it reported writing.
template <class Policy, class K1, class V1, class K2, class V2, class KO, class VO, class Compare>
static std::pair<long, long> run(const Policy& policy, operation op, K1 k1, long n1, V1 v1, K2 k2,
                                 long n2, V2 v2, KO ko, VO vo, Compare comp) {
  thrust::pair<KO, VO> end;
  switch (op) {
    case op_merge: end = thrust::merge_by_key(policy, k1, k1 + n1, k2, k2 + n2, v1, v2, ko, vo, comp); break;
    case op_union:
      end = thrust::set_union_by_key(policy, k1, k1 + n1, k2, k2 + n2, v1, v2, ko, vo, comp);
      break;
    case op_intersection:
      end = thrust::set_intersection_by_key(policy, k1, k1 + n1, k2, k2 + n2, v1, ko, vo, comp);
      break;
    case op_difference:
      end = thrust::set_difference_by_key(policy, k1, k1 + n1, k2, k2 + n2, v1, v2, ko, vo, comp);
      break;
    case op_symmetric_difference:
      end = thrust::set_symmetric_difference_by_key(policy, k1, k1 + n1, k2, k2 + n2, v1, v2, ko,
                                                    vo, comp);
      break;
  }
  return std::pair<long, long>(end.first - ko, end.second - vo);
}

// The same without a policy and with the default comparator (thrust::less).
template <class K1, class V1, class K2, class V2, class KO, class VO>
static std::pair<long, long> run_default(operation op, K1 k1, long n1, V1 v1, K2 k2, long n2, V2 v2,
                                         KO ko, VO vo) {
  thrust::pair<KO, VO> end;
  switch (op) {
    case op_merge: end = thrust::merge_by_key(k1, k1 + n1, k2, k2 + n2, v1, v2, ko, vo); break;
    case op_union: end = thrust::set_union_by_key(k1, k1 + n1, k2, k2 + n2, v1, v2, ko, vo); break;
    case op_intersection:
      end = thrust::set_intersection_by_key(k1, k1 + n1, k2, k2 + n2, v1, ko, vo);
      break;
    case op_difference:
      end = thrust::set_difference_by_key(k1, k1 + n1, k2, k2 + n2, v1, v2, ko, vo);
      break;
    case op_symmetric_difference:
      end = thrust::set_symmetric_difference_by_key(k1, k1 + n1, k2, k2 + n2, v1, v2, ko, vo);
      break;
  }
  return std::pair<long, long>(end.first - ko, end.second - vo);
}

static void check(const char* where, operation op, const char* input, std::pair<long, long> ends,
                  const std::vector<int>& keys, const std::vector<int>& values,
                  const std::vector<item>& want) {
  bool ok = ends.first == (long)want.size() && ends.second == (long)want.size();
  for (size_t i = 0; ok && i < want.size(); ++i)
    ok = keys[i] == want[i].first && values[i] == want[i].second;
  // Nothing written past the end.
  for (size_t i = want.size(); ok && i < keys.size(); ++i) ok = keys[i] == -7 && values[i] == -7;
  if (!ok) {
    std::printf("FAILED: %s %s (%s): %ld/%ld elements, want %zu\n", names[op], where, input,
                ends.first, ends.second, want.size());
    ++failures;
  }
}

// Sorted keys from `seed`: n of them among `distinct` values (so duplicates when distinct < n),
// each with a value that says which range and position it came from.
static std::vector<item> make_range(long n, int distinct, unsigned seed, int tag, bool descending) {
  std::vector<int> keys(n);
  unsigned state = seed;
  for (long i = 0; i < n; ++i) {
    state = state * 1664525u + 1013904223u;
    keys[i] = (int)((state >> 8) % (unsigned)distinct);
  }
  std::sort(keys.begin(), keys.end());
  if (descending) std::reverse(keys.begin(), keys.end());
  std::vector<item> range(n);
  for (long i = 0; i < n; ++i) range[i] = item(keys[i], tag + (int)i);
  return range;
}

template <class Compare>
static void test_case(const char* input, const std::vector<item>& a, const std::vector<item>& b,
                      Compare comp, bool default_comparator) {
  std::vector<int> k1, v1, k2, v2;
  for (const item& x : a) k1.push_back(x.first), v1.push_back(x.second);
  for (const item& x : b) k2.push_back(x.first), v2.push_back(x.second);
  long n1 = (long)a.size(), n2 = (long)b.size();
  size_t room = a.size() + b.size() + 3;
  thrust::device_vector<int> dk1(k1), dv1(v1), dk2(k2), dv2(v2);
  for (int op = op_merge; op <= op_symmetric_difference; ++op) {
    std::vector<item> want = reference((operation)op, a, b, comp);

    // Device: device_vectors with the policy, and raw device pointers with thrust::device.
    thrust::device_vector<int> ko(room, -7), vo(room, -7);
    auto ends = run(thrust::device, (operation)op, dk1.begin(), n1, dv1.begin(), dk2.begin(), n2,
                    dv2.begin(), ko.begin(), vo.begin(), comp);
    std::vector<int> keys(room), values(room);
    thrust::copy(ko.begin(), ko.end(), keys.begin());
    thrust::copy(vo.begin(), vo.end(), values.begin());
    check("device", (operation)op, input, ends, keys, values, want);

    thrust::fill(ko.begin(), ko.end(), -7);
    thrust::fill(vo.begin(), vo.end(), -7);
    ends = run(thrust::device, (operation)op, thrust::raw_pointer_cast(dk1.data()), n1,
               thrust::raw_pointer_cast(dv1.data()), thrust::raw_pointer_cast(dk2.data()), n2,
               thrust::raw_pointer_cast(dv2.data()), thrust::raw_pointer_cast(ko.data()),
               thrust::raw_pointer_cast(vo.data()), comp);
    thrust::copy(ko.begin(), ko.end(), keys.begin());
    thrust::copy(vo.begin(), vo.end(), values.begin());
    check("raw device pointers", (operation)op, input, ends, keys, values, want);

    // Host: thrust::host on std::vector.
    std::vector<int> hk(room, -7), hv(room, -7);
    ends = run(thrust::host, (operation)op, k1.begin(), n1, v1.begin(), k2.begin(), n2, v2.begin(),
               hk.begin(), hv.begin(), comp);
    check("host", (operation)op, input, ends, hk, hv, want);

    if (default_comparator) {
      // No policy: the device for device_vectors, the host for host_vectors.
      thrust::fill(ko.begin(), ko.end(), -7);
      thrust::fill(vo.begin(), vo.end(), -7);
      ends = run_default((operation)op, dk1.begin(), n1, dv1.begin(), dk2.begin(), n2, dv2.begin(),
                         ko.begin(), vo.begin());
      thrust::copy(ko.begin(), ko.end(), keys.begin());
      thrust::copy(vo.begin(), vo.end(), values.begin());
      check("device, no policy", (operation)op, input, ends, keys, values, want);
      thrust::host_vector<int> hk2(room, -7), hv2(room, -7);
      ends = run_default((operation)op, k1.begin(), n1, v1.begin(), k2.begin(), n2, v2.begin(),
                         hk2.begin(), hv2.begin());
      check("host, no policy", (operation)op, input, ends, std::vector<int>(hk2.begin(), hk2.end()),
            std::vector<int>(hv2.begin(), hv2.end()), want);
    }
  }
}

int main() {
  const std::vector<item> none;
  std::vector<item> few = {{1, 100}, {2, 101}, {2, 102}, {2, 103}, {5, 104}, {7, 105}, {7, 106}};
  std::vector<item> other = {{0, 200}, {2, 201}, {2, 202}, {5, 203}, {5, 204}, {6, 205}, {7, 206},
                             {7, 207}, {7, 208}, {9, 209}};
  thrust::less<int> less;
  test_case("both empty", none, none, less, true);
  test_case("first empty", none, few, less, true);
  test_case("second empty", few, none, less, true);
  test_case("duplicates", few, other, less, true);
  test_case("duplicates, swapped", other, few, less, true);
  test_case("identical", few, few, less, true);
  test_case("disjoint", std::vector<item>{{1, 1}, {3, 2}}, std::vector<item>{{4, 3}, {8, 4}}, less,
            true);
  test_case("one element each, equal", std::vector<item>{{3, 1}}, std::vector<item>{{3, 2}}, less,
            true);
  // Larger ranges, with many duplicates and with few.
  test_case("3000 and 2500 over 50 keys", make_range(3000, 50, 1, 0, false),
            make_range(2500, 50, 2, 100000, false), less, true);
  test_case("70001 and 1001 over 100000 keys", make_range(70001, 100000, 3, 0, false),
            make_range(1001, 100000, 4, 1000000, false), less, true);
  // A user comparator: descending keys.
  test_case("descending", make_range(1500, 40, 5, 0, true), make_range(900, 40, 6, 100000, true),
            thrust::greater<int>(), false);

  if (failures == 0)
    std::printf("thrust_by_key: PASSED\n");
  else
    std::printf("thrust_by_key: FAILED (%d failures)\n", failures);
  return failures == 0 ? 0 : 1;
}
