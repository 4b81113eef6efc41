// oxhip's Thrust takes its temporary storage from one cached memory pool per device: sort,
// sort_by_key, reduce_by_key, inclusive and exclusive scans, reduce and copy_if, at sizes from
// 1 to about 2^18, three rounds over the same sizes, on the null stream and on a stream of
// the program's own, each result checked against the host. After every call the pool has
// nothing in use (the temporaries are back before the call returns); after the first round
// it holds some memory, and the later rounds reuse it without reserving more, which fails if
// every call allocated fresh memory (or none came from the pool). A failed allocation
// releases the cache; a device reset forgets the pool and the next call makes another.
#include "check.h"
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <algorithm>
#include <cstdint>
#include <vector>

static long long errors = 0;

static void expect(bool ok, const char* what, int n) {
  if (!ok) {
    std::printf("%s (n = %d): wrong\n", what, n);
    ++errors;
  }
}

template <class T>
static bool same(const thrust::device_vector<T>& got, const std::vector<T>& want) {
  thrust::host_vector<T> host = got;
  return host.size() == want.size() && std::equal(want.begin(), want.end(), host.begin());
}

static std::uint64_t pool_attribute(hipMemPool_t pool, hipMemPoolAttr attribute) {
  std::uint64_t value = 0;
  CHECK(hipMemPoolGetAttribute(pool, attribute, &value));
  return value;
}

// Bytes the pool holds, in use or cached.
static std::uint64_t reserved(hipMemPool_t pool) {
  return pool_attribute(pool, hipMemPoolAttrReservedMemCurrent);
}

// The temporaries of the call just made are back in the pool (the pool asked for again: a
// reset replaces it).
static void expect_none_in_use(const char* what, int n) {
  hipMemPool_t pool = thrust::detail::temporary_pool(0);
  std::uint64_t used = pool_attribute(pool, hipMemPoolAttrUsedMemCurrent);
  if (used != 0) {
    std::printf("%s (n = %d): %llu bytes of temporaries still in use\n", what, n,
                (unsigned long long)used);
    ++errors;
  }
}

struct is_odd {
  __host__ __device__ bool operator()(int x) const { return (x & 1) != 0; }
};

// One call of each algorithm on n elements, on `stream` (the null stream for 0).
static void run_algorithms(int n, hipStream_t stream, unsigned long long* state) {
  std::vector<unsigned> keys(n);
  std::vector<int> values(n), run_keys(n);
  for (int i = 0; i < n; ++i) {
    keys[i] = next_random(state);
    values[i] = (int)(next_random(state) % 1000) - 500;
    run_keys[i] = (int)(i / (1 + next_random(state) % 7 + i % 5));
  }
  auto policy = thrust::cuda::par.on(stream);

  thrust::device_vector<unsigned> sorted(keys.begin(), keys.end());
  thrust::sort(policy, sorted.begin(), sorted.end());
  std::vector<unsigned> want(keys);
  std::sort(want.begin(), want.end());
  expect(same(sorted, want), "sort", n);
  expect_none_in_use("sort", n);

  thrust::device_vector<unsigned> pair_keys(keys.begin(), keys.end());
  thrust::device_vector<int> pair_values(values.begin(), values.end());
  thrust::sort_by_key(policy, pair_keys.begin(), pair_keys.end(), pair_values.begin());
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](int a, int b) { return keys[a] < keys[b] || (keys[a] == keys[b] && a < b); });
  std::vector<int> want_values(n);
  for (int i = 0; i < n; ++i) want_values[i] = values[order[i]];
  expect(same(pair_keys, want) && same(pair_values, want_values), "sort_by_key", n);
  expect_none_in_use("sort_by_key", n);

  // reduce_by_key over runs of equal keys.
  thrust::device_vector<int> dk(run_keys.begin(), run_keys.end());
  thrust::device_vector<int> dv(values.begin(), values.end());
  thrust::device_vector<int> out_keys(n), out_sums(n);
  auto ends = thrust::reduce_by_key(policy, dk.begin(), dk.end(), dv.begin(), out_keys.begin(),
                                    out_sums.begin());
  std::vector<int> want_keys, want_sums;
  for (int i = 0; i < n; ++i) {
    if (i == 0 || run_keys[i] != run_keys[i - 1]) {
      want_keys.push_back(run_keys[i]);
      want_sums.push_back(0);
    }
    want_sums.back() += values[i];
  }
  int runs = (int)(ends.first - out_keys.begin());
  out_keys.resize(runs);
  out_sums.resize(runs);
  expect(same(out_keys, want_keys) && same(out_sums, want_sums), "reduce_by_key", n);
  expect_none_in_use("reduce_by_key", n);

  thrust::device_vector<int> scanned(n);
  thrust::inclusive_scan(policy, dv.begin(), dv.end(), scanned.begin());
  std::vector<int> want_scan(n);
  int sum = 0;
  for (int i = 0; i < n; ++i) want_scan[i] = sum += values[i];
  expect(same(scanned, want_scan), "inclusive_scan", n);
  expect_none_in_use("inclusive_scan", n);

  thrust::exclusive_scan(policy, dv.begin(), dv.end(), scanned.begin(), 7);
  sum = 7;
  for (int i = 0; i < n; ++i) {
    want_scan[i] = sum;
    sum += values[i];
  }
  expect(same(scanned, want_scan), "exclusive_scan", n);
  expect_none_in_use("exclusive_scan", n);

  int total = thrust::reduce(policy, dv.begin(), dv.end());
  expect(total == sum - 7, "reduce", n);
  expect_none_in_use("reduce", n);

  thrust::device_vector<int> odd(n);
  auto odd_end = thrust::copy_if(policy, dv.begin(), dv.end(), odd.begin(), is_odd());
  long long want_odd = std::count_if(values.begin(), values.end(), is_odd());
  expect(odd_end - odd.begin() == want_odd, "copy_if", n);
  expect_none_in_use("copy_if", n);
}

static void run_round(hipStream_t stream, unsigned long long* state) {
  for (int n : {1, 17, 1000, 4099, 65537, (1 << 18) + 5}) run_algorithms(n, stream, state);
}

int main() {
  print_device("thrust_temporaries");
  CHECK(hipSetDevice(0));
  unsigned long long state = 2027;
  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));

  run_round(nullptr, &state);
  run_round(stream, &state);
  hipMemPool_t pool = thrust::detail::temporary_pool(0);
  std::uint64_t after_first = reserved(pool);
  std::printf("thrust_temporaries: the pool holds %llu bytes after the first rounds\n",
              (unsigned long long)after_first);
  if (after_first == 0) {
    std::printf("no temporary came from the pool\n");
    ++errors;
  }
  for (int round = 0; round < 2; ++round) {
    run_round(nullptr, &state);
    run_round(stream, &state);
    if (reserved(pool) != after_first) {
      std::printf("round %d: the pool grew from %llu to %llu bytes: temporaries not reused\n",
                  round + 2, (unsigned long long)after_first,
                  (unsigned long long)reserved(pool));
      ++errors;
    }
  }

  // An allocation that fails for lack of memory releases what pools cache; the next call
  // fills the cache again.
  void* too_much = nullptr;
  hipError_t status = hipMalloc(&too_much, (size_t)1 << 63);
  (void)hipGetLastError();
  expect(status == hipErrorOutOfMemory, "hipMalloc of 2^63 bytes", 0);
  expect(reserved(pool) == 0, "the cache after an allocation failed", 0);
  run_algorithms(4099, nullptr, &state);
  expect(reserved(pool) > 0, "the cache after the next call", 4099);

  // A reset forgets the pool: the next call makes another.
  CHECK(hipStreamDestroy(stream));
  CHECK(hipDeviceReset());
  run_algorithms(1000, nullptr, &state);
  hipMemPool_t fresh = thrust::detail::temporary_pool(0);
  expect(fresh != pool && reserved(fresh) > 0, "the pool after a reset", 1000);
  return finish("thrust_temporaries", errors);
}
