// oxhip's Thrust sorts on the device: sort and stable_sort of keys (ascending, with
// thrust::greater, with a user comparator and a __device__ lambda), sort_by_key and
// stable_sort_by_key (stability checked through the values), sort_by_key of one-byte keys,
// a sort of zipped keys, for 0, 1, odd and about 2^20 elements, against std::sort on the
// host.
#include "check.h"
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <algorithm>
#include <vector>

static long long errors = 0;

template <class T>
static void expect_same(const thrust::device_vector<T>& got, const std::vector<T>& want,
                        const char* what, int n) {
  thrust::host_vector<T> host = got;
  for (size_t i = 0; i < want.size(); ++i)
    if (!(host[i] == want[i])) {
      std::printf("%s (n = %d): differs at %zu\n", what, n, i);
      ++errors;
      return;
    }
}

// A stable sort's order of positions (std::sort with the position as the tie-break; this
// libstdc++'s std::stable_sort warns under clang 22).
template <class Less>
static std::vector<int> stable_order(int n, Less less) {
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return less(a, b) || (!less(b, a) && a < b);
  });
  return order;
}

// Orders by the low 8 bits only, so many keys tie and stability shows.
struct low_byte_less {
  __host__ __device__ bool operator()(unsigned a, unsigned b) const { return (a & 255u) < (b & 255u); }
};

int main() {
  print_device("thrust_sort");
  unsigned long long state = 2025;
  for (int n : {0, 1, 2, 17, 1001, 65537, (1 << 20) + 3}) {
    std::vector<unsigned> keys(n);
    std::vector<float> floats(n);
    for (int i = 0; i < n; ++i) {
      keys[i] = next_random(&state);
      floats[i] = (float)(int)(next_random(&state) % 20001) * 0.25f - 2500.0f;
    }

    thrust::device_vector<unsigned> d(keys.begin(), keys.end());
    thrust::sort(d.begin(), d.end());
    std::vector<unsigned> want(keys);
    std::sort(want.begin(), want.end());
    expect_same(d, want, "sort", n);

    thrust::device_vector<float> f(floats.begin(), floats.end());
    thrust::sort(f.begin(), f.end(), thrust::greater<float>());
    std::vector<float> want_f(floats);
    std::sort(want_f.begin(), want_f.end(), [](float a, float b) { return a > b; });
    expect_same(f, want_f, "sort greater", n);

    if (n <= 65537) {
      // Smaller sizes for the slower comparators (kept moderate for CI on the CPU device).
      thrust::device_vector<unsigned> s(keys.begin(), keys.end());
      thrust::stable_sort(s.begin(), s.end(), low_byte_less());
      std::vector<int> low_order =
          stable_order(n, [&](int a, int b) { return low_byte_less()(keys[a], keys[b]); });
      std::vector<unsigned> want_s(n);
      for (int i = 0; i < n; ++i) want_s[i] = keys[low_order[i]];
      expect_same(s, want_s, "stable_sort comparator", n);

      thrust::device_vector<float> lam(floats.begin(), floats.end());
      thrust::sort(lam.begin(), lam.end(), [] __device__(float a, float b) { return a * a < b * b; });
      thrust::host_vector<float> lam_host = lam;
      for (int i = 1; i < n; ++i)
        if (lam_host[i] * lam_host[i] < lam_host[i - 1] * lam_host[i - 1]) {
          std::printf("sort lambda (n = %d): out of order at %d\n", n, i);
          ++errors;
          break;
        }

      // Zipped keys: sort pairs (k % 16, position) descending by the tuple order.
      thrust::device_vector<int> first(n), second(n);
      thrust::sequence(second.begin(), second.end());
      for (int i = 0; i < n; ++i) first[i] = (int)(keys[i] % 16);
      auto zip = thrust::make_zip_iterator(thrust::make_tuple(first.begin(), second.begin()));
      thrust::sort(zip, zip + n, thrust::greater<thrust::tuple<int, int>>());
      thrust::host_vector<int> first_host = first, second_host = second;
      for (int i = 1; i < n; ++i)
        if (first_host[i] > first_host[i - 1] ||
            (first_host[i] == first_host[i - 1] && second_host[i] > second_host[i - 1])) {
          std::printf("sort zip (n = %d): out of order at %d\n", n, i);
          ++errors;
          break;
        }
    }

    // sort_by_key with ties: keys k % 1000, values the original positions, which a stable
    // sort keeps in increasing order within equal keys.
    std::vector<int> small_keys(n);
    for (int i = 0; i < n; ++i) small_keys[i] = (int)(keys[i] % 1000);
    thrust::device_vector<int> dk(small_keys.begin(), small_keys.end());
    thrust::device_vector<int> dv(n);
    thrust::sequence(dv.begin(), dv.end());
    thrust::stable_sort_by_key(dk.begin(), dk.end(), dv.begin());
    std::vector<int> order = stable_order(n, [&](int a, int b) { return small_keys[a] < small_keys[b]; });
    std::vector<int> want_keys(n);
    for (int i = 0; i < n; ++i) want_keys[i] = small_keys[order[i]];
    expect_same(dk, want_keys, "stable_sort_by_key keys", n);
    expect_same(dv, order, "stable_sort_by_key values", n);

    thrust::device_vector<unsigned> pk(keys.begin(), keys.end());
    thrust::device_vector<float> pv(floats.begin(), floats.end());
    thrust::sort_by_key(pk.begin(), pk.end(), pv.begin(), thrust::greater<unsigned>());
    std::vector<int> by_key = stable_order(n, [&](int a, int b) { return keys[a] > keys[b]; });
    std::vector<unsigned> want_pk(n);
    std::vector<float> want_pv(n);
    for (int i = 0; i < n; ++i) {
      want_pk[i] = keys[by_key[i]];
      want_pv[i] = floats[by_key[i]];
    }
    expect_same(pk, want_pk, "sort_by_key greater keys", n);
    expect_same(pv, want_pv, "sort_by_key greater values", n);

    // One-byte keys: an odd number of 8-bit passes, so the result comes back from the
    // alternate arrays.
    std::vector<unsigned char> bytes(n);
    for (int i = 0; i < n; ++i) bytes[i] = (unsigned char)(keys[i] >> 7);
    thrust::device_vector<unsigned char> bk(bytes.begin(), bytes.end());
    thrust::device_vector<float> bv(floats.begin(), floats.end());
    thrust::sort_by_key(bk.begin(), bk.end(), bv.begin());
    std::vector<int> by_byte =
        stable_order(n, [&](int a, int b) { return bytes[a] < bytes[b]; });
    std::vector<unsigned char> want_bk(n);
    std::vector<float> want_bv(n);
    for (int i = 0; i < n; ++i) {
      want_bk[i] = bytes[by_byte[i]];
      want_bv[i] = floats[by_byte[i]];
    }
    expect_same(bk, want_bk, "sort_by_key byte keys", n);
    expect_same(bv, want_bv, "sort_by_key byte values", n);
  }
  return finish("thrust_sort", errors);
}
