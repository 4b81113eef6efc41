// hipCUB's DeviceScan (Inclusive/ExclusiveSum, Inclusive/ExclusiveScan with an initial value,
// the by-key forms) and DeviceReduce's ArgMin, ArgMax and ReduceByKey (oxhip's portable
// hipcub) against the host, for no items, one, around the tiles (2048 and 4096 items, two
// whole tiles) and the multi-tile split, 2^20 items and more (the GPUs' look-back then spans
// several windows of 32 tiles), with CUB's temp-storage convention; also 64-bit scans,
// inputs that are not 16-byte aligned (no vector loads) and DeviceReduce::Sum into a 64-bit
// total.
#include "check.h"
#include <hipcub/hipcub.hpp>
#include <vector>

struct MaxOp {
  __host__ __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};
// Not commutative: the scan must combine in order.
struct Affine {
  int a, b;
};
struct Compose {
  __host__ __device__ Affine operator()(Affine f, Affine g) const {
    Affine r = {g.a * f.a, g.a * f.b + g.b};
    return r;
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

int main() {
  print_device("hipcub_scan");
  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));
  long long errors = 0;
  unsigned long long seed = 25;
  for (int n : {0, 1, 7, 2047, 2048, 2049, 4095, 4096, 4097, 8192, 8193, 100000, 1 << 20,
                (1 << 22) + 3}) {
    std::vector<int> in(n), keys(n);
    std::vector<Affine> maps(n);
    for (int i = 0; i < n; ++i) {
      in[i] = (int)(next_random(&seed) % 201) - 100;
      keys[i] = (i / 3 + (int)(next_random(&seed) % 2)) / 2;  // runs of 1 to a few
      maps[i].a = (int)(next_random(&seed) % 3) + 1;
      maps[i].b = (int)(next_random(&seed) % 7) - 3;
    }
    int* d_in = to_device(in);
    int* d_keys = to_device(keys);
    Affine* d_maps = to_device(maps);
    int* d_out;
    CHECK(hipMalloc(&d_out, (n + 1) * sizeof(int)));
    Affine* d_maps_out;
    CHECK(hipMalloc(&d_maps_out, (n + 1) * sizeof(Affine)));

    // Inclusive and exclusive sums.
    size_t bytes = 0;
    CHECK(hipcub::DeviceScan::InclusiveSum(nullptr, bytes, d_in, d_out, n, stream));
    void* temp = temp_for(bytes);
    CHECK(hipcub::DeviceScan::InclusiveSum(temp, bytes, d_in, d_out, n, stream));
    std::vector<int> got = to_host(d_out, n);
    int running = 0;
    for (int i = 0; i < n; ++i) {
      running += in[i];
      if (got[i] != running && errors++ < 10)
        std::printf("n %d InclusiveSum[%d] = %d, want %d\n", n, i, got[i], running);
    }
    if (n > 4096) {
      size_t too_little = 8;
      if (hipcub::DeviceScan::InclusiveSum(temp, too_little, d_in, d_out, n, stream) !=
          hipErrorInvalidValue)
        ++errors;
    }
    CHECK(hipFree(temp));
    bytes = 0;
    CHECK(hipcub::DeviceScan::ExclusiveSum(nullptr, bytes, d_in, d_out, n));
    temp = temp_for(bytes);
    CHECK(hipcub::DeviceScan::ExclusiveSum(temp, bytes, d_in, d_out, n));
    got = to_host(d_out, n);
    running = 0;
    for (int i = 0; i < n; ++i) {
      if (got[i] != running && errors++ < 10)
        std::printf("n %d ExclusiveSum[%d] = %d, want %d\n", n, i, got[i], running);
      running += in[i];
    }
    CHECK(hipFree(temp));

    // 64-bit: an int input scanned as long long (8-byte tile states), and from an input
    // one item past an aligned one; DeviceReduce::Sum into long long, aligned or not.
    if (n > 1) {
      long long* d_wide;
      CHECK(hipMalloc(&d_wide, (n + 1) * sizeof(long long)));
      bytes = 0;
      CHECK(hipcub::DeviceScan::ExclusiveScan(nullptr, bytes, d_in, d_wide, hipcub::Sum(),
                                              (long long)1 << 40, n));
      temp = temp_for(bytes);
      CHECK(hipcub::DeviceScan::ExclusiveScan(temp, bytes, d_in, d_wide, hipcub::Sum(),
                                              (long long)1 << 40, n));
      std::vector<long long> wide = to_host(d_wide, n);
      long long wide_running = (long long)1 << 40;
      for (int i = 0; i < n; ++i) {
        if (wide[i] != wide_running && errors++ < 10)
          std::printf("n %d ExclusiveScan<long long>[%d] = %lld, want %lld\n", n, i, wide[i],
                      wide_running);
        wide_running += in[i];
      }
      CHECK(hipFree(temp));
      bytes = 0;
      CHECK(hipcub::DeviceScan::InclusiveSum(nullptr, bytes, d_in + 1, d_out + 1, n - 1));
      temp = temp_for(bytes);
      CHECK(hipcub::DeviceScan::InclusiveSum(temp, bytes, d_in + 1, d_out + 1, n - 1));
      got = to_host(d_out + 1, n - 1);
      running = 0;
      for (int i = 1; i < n; ++i) {
        running += in[i];
        if (got[i - 1] != running && errors++ < 10)
          std::printf("n %d InclusiveSum(unaligned)[%d] = %d, want %d\n", n, i, got[i - 1],
                      running);
      }
      CHECK(hipFree(temp));
      for (int skip = 0; skip < 2; ++skip) {
        bytes = 0;
        CHECK(hipcub::DeviceReduce::Sum(nullptr, bytes, d_in + skip, d_wide, n - skip));
        temp = temp_for(bytes);
        CHECK(hipcub::DeviceReduce::Sum(temp, bytes, d_in + skip, d_wide, n - skip));
        long long total = to_host(d_wide, 1)[0], want_total = 0;
        for (int i = skip; i < n; ++i) want_total += in[i];
        if (total != want_total && errors++ < 10)
          std::printf("n %d DeviceReduce::Sum from %d = %lld, want %lld\n", n, skip, total,
                      want_total);
        CHECK(hipFree(temp));
      }
      CHECK(hipFree(d_wide));
    }

    // Max scans with an initial value, and a non-commutative operator.
    bytes = 0;
    CHECK(hipcub::DeviceScan::ExclusiveScan(nullptr, bytes, d_in, d_out, MaxOp(), -50, n));
    temp = temp_for(bytes);
    CHECK(hipcub::DeviceScan::ExclusiveScan(temp, bytes, d_in, d_out, MaxOp(), -50, n));
    got = to_host(d_out, n);
    running = -50;
    for (int i = 0; i < n; ++i) {
      if (got[i] != running && errors++ < 10)
        std::printf("n %d ExclusiveScan[%d] = %d, want %d\n", n, i, got[i], running);
      running = running > in[i] ? running : in[i];
    }
    CHECK(hipFree(temp));
    bytes = 0;
    CHECK(hipcub::DeviceScan::InclusiveScan(nullptr, bytes, d_maps, d_maps_out, Compose(), n));
    temp = temp_for(bytes);
    CHECK(hipcub::DeviceScan::InclusiveScan(temp, bytes, d_maps, d_maps_out, Compose(), n));
    std::vector<Affine> got_maps = to_host(d_maps_out, n);
    Affine composed = {1, 0};
    for (int i = 0; i < n; ++i) {
      composed = Compose()(composed, maps[i]);
      // Compare modulo 2^32: the coefficients wrap alike on both sides.
      if ((got_maps[i].a != composed.a || got_maps[i].b != composed.b) && errors++ < 10)
        std::printf("n %d InclusiveScan[%d] = (%d, %d), want (%d, %d)\n", n, i, got_maps[i].a,
                    got_maps[i].b, composed.a, composed.b);
    }
    CHECK(hipFree(temp));

    // By key.
    bytes = 0;
    CHECK(hipcub::DeviceScan::InclusiveSumByKey(nullptr, bytes, d_keys, d_in, d_out, n));
    temp = temp_for(bytes);
    CHECK(hipcub::DeviceScan::InclusiveSumByKey(temp, bytes, d_keys, d_in, d_out, n));
    got = to_host(d_out, n);
    for (int i = 0; i < n; ++i) {
      running = (i > 0 && keys[i] == keys[i - 1]) ? running + in[i] : in[i];
      if (got[i] != running && errors++ < 10)
        std::printf("n %d InclusiveSumByKey[%d] = %d, want %d\n", n, i, got[i], running);
    }
    CHECK(hipcub::DeviceScan::ExclusiveSumByKey(temp, bytes, d_keys, d_in, d_out, n));
    got = to_host(d_out, n);
    for (int i = 0; i < n; ++i) {
      running = (i > 0 && keys[i] == keys[i - 1]) ? running + in[i - 1] : 0;
      if (got[i] != running && errors++ < 10)
        std::printf("n %d ExclusiveSumByKey[%d] = %d, want %d\n", n, i, got[i], running);
    }
    CHECK(hipcub::DeviceScan::ExclusiveScanByKey(temp, bytes, d_keys, d_in, d_out, MaxOp(), -7,
                                                 n, hipcub::Equality(), stream));
    CHECK(hipStreamSynchronize(stream));
    got = to_host(d_out, n);
    for (int i = 0; i < n; ++i) {
      running = (i > 0 && keys[i] == keys[i - 1]) ? (running > in[i - 1] ? running : in[i - 1])
                                                  : -7;
      if (got[i] != running && errors++ < 10)
        std::printf("n %d ExclusiveScanByKey[%d] = %d, want %d\n", n, i, got[i], running);
    }
    CHECK(hipcub::DeviceScan::InclusiveScanByKey(temp, bytes, d_keys, d_in, d_out, MaxOp(), n));
    got = to_host(d_out, n);
    for (int i = 0; i < n; ++i) {
      running = (i > 0 && keys[i] == keys[i - 1]) ? (running > in[i] ? running : in[i]) : in[i];
      if (got[i] != running && errors++ < 10)
        std::printf("n %d InclusiveScanByKey[%d] = %d, want %d\n", n, i, got[i], running);
    }
    CHECK(hipFree(temp));

    // ArgMin and ArgMax: the first position of the extreme value.
    hipcub::KeyValuePair<int, int>* d_pair;
    CHECK(hipMalloc(&d_pair, 2 * sizeof(*d_pair)));
    bytes = 0;
    CHECK(hipcub::DeviceReduce::ArgMin(nullptr, bytes, d_in, d_pair, n));
    temp = temp_for(bytes);
    CHECK(hipcub::DeviceReduce::ArgMin(temp, bytes, d_in, d_pair, n));
    CHECK(hipcub::DeviceReduce::ArgMax(temp, bytes, d_in, d_pair + 1, n));
    std::vector<hipcub::KeyValuePair<int, int> > pairs = to_host(d_pair, 2);
    int min_at = 1, max_at = 1, min_value = 2147483647, max_value = -2147483647 - 1;
    for (int i = 0; i < n; ++i) {
      if (i == 0 || in[i] < min_value) min_value = in[i], min_at = i;
      if (i == 0 || in[i] > max_value) max_value = in[i], max_at = i;
    }
    if (pairs[0].key != min_at || pairs[0].value != min_value || pairs[1].key != max_at ||
        pairs[1].value != max_value) {
      std::printf("n %d ArgMin (%d, %d) ArgMax (%d, %d), want (%d, %d) (%d, %d)\n", n,
                  pairs[0].key, pairs[0].value, pairs[1].key, pairs[1].value, min_at,
                  min_value, max_at, max_value);
      ++errors;
    }
    CHECK(hipFree(temp));
    CHECK(hipFree(d_pair));

    // ReduceByKey: runs of equal keys.
    int *d_unique, *d_sums, *d_runs;
    CHECK(hipMalloc(&d_unique, (n + 1) * sizeof(int)));
    CHECK(hipMalloc(&d_sums, (n + 1) * sizeof(int)));
    CHECK(hipMalloc(&d_runs, sizeof(int)));
    CHECK(hipMemset(d_runs, 0xff, sizeof(int)));
    bytes = 0;
    CHECK(hipcub::DeviceReduce::ReduceByKey(nullptr, bytes, d_keys, d_unique, d_in, d_sums,
                                            d_runs, hipcub::Sum(), n, stream));
    temp = temp_for(bytes);
    CHECK(hipcub::DeviceReduce::ReduceByKey(temp, bytes, d_keys, d_unique, d_in, d_sums, d_runs,
                                            hipcub::Sum(), n, stream));
    CHECK(hipStreamSynchronize(stream));
    std::vector<int> want_unique, want_sums;
    for (int i = 0; i < n; ++i) {
      if (i == 0 || keys[i] != keys[i - 1]) {
        want_unique.push_back(keys[i]);
        want_sums.push_back(0);
      }
      want_sums.back() += in[i];
    }
    int runs = to_host(d_runs, 1)[0];
    if (runs != (int)want_unique.size()) {
      std::printf("n %d ReduceByKey: %d runs, want %zu\n", n, runs, want_unique.size());
      ++errors;
    } else if (to_host(d_unique, runs) != want_unique || to_host(d_sums, runs) != want_sums) {
      std::printf("n %d ReduceByKey: wrong keys or sums\n", n);
      ++errors;
    }
    CHECK(hipFree(temp));
    CHECK(hipFree(d_unique));
    CHECK(hipFree(d_sums));
    CHECK(hipFree(d_runs));
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_keys));
    CHECK(hipFree(d_maps));
    CHECK(hipFree(d_out));
    CHECK(hipFree(d_maps_out));
  }
  CHECK(hipStreamDestroy(stream));
  return finish("hipcub_scan", errors);
}
