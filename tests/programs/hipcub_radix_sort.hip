// hipCUB's DeviceRadixSort and DeviceSegmentedRadixSort (oxhip's portable hipcub) against
// std::stable_sort on the host: keys only and pairs, ascending and descending, pointers
// and DoubleBuffers, bit ranges, for unsigned, signed, 64-bit, float and double keys
// (negative values and -0.0 among them), __half keys and a 12-byte value type, at sizes 0, 1, around
// the 2048- and 4096-item tiles, the one-sweep tiles (7680, 6144 and 1920 items) and up to 2^20.
#include "check.h"
#include <hip/hip_fp16.h>
#include <hipcub/hipcub.hpp>
#include <algorithm>
#include <cstring>
#include <vector>

struct Payload {
  int a, b, c;
  bool operator==(const Payload& o) const { return a == o.a && b == o.b && c == o.c; }
};

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
static std::vector<T> to_host(const T* device, size_t n) {
  std::vector<T> host(n);
  if (n) CHECK(hipMemcpy(host.data(), device, n * sizeof(T), hipMemcpyDeviceToHost));
  return host;
}

template <class K>
static K make_key(unsigned long long r, int kind);
template <>
unsigned make_key<unsigned>(unsigned long long r, int kind) {
  return kind ? (unsigned)(r % 1000) : (unsigned)r;
}
template <>
int make_key<int>(unsigned long long r, int kind) {
  return kind ? (int)(r % 2001) - 1000 : (int)(unsigned)r;
}
template <>
long long make_key<long long>(unsigned long long r, int kind) {
  return kind ? (long long)(r % 5000) - 2500 : (long long)(r * 0x9e3779b97f4a7c15ull);
}
template <>
float make_key<float>(unsigned long long r, int kind) {
  if (r % 97 == 0) return -0.0f;
  return kind ? (float)((int)(r % 201) - 100) * 0.5f : ((float)(r % 2000001) - 1e6f) * 1e-3f;
}
template <>
double make_key<double>(unsigned long long r, int kind) {
  if (r % 89 == 0) return 0.0;
  return kind ? (double)((int)(r % 301) - 150) : ((double)(r % 2000001) - 1e6) * 1e5;
}

// Sorts (key, index) pairs on the host by the key's bits [begin, end) when `bits`, else by
// value.
template <class K>
static std::vector<int> host_order(const std::vector<K>& keys, bool descending, bool bits,
                                   int begin, int end) {
  std::vector<int> order(keys.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = (int)i;
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
    K a = keys[x], b = keys[y];
    if (bits) {
      unsigned long long ua = 0, ub = 0;
      std::memcpy(&ua, &a, sizeof(K));
      std::memcpy(&ub, &b, sizeof(K));
      unsigned long long mask = end - begin >= 64 ? ~0ull : ((1ull << (end - begin)) - 1);
      ua = (ua >> begin) & mask;
      ub = (ub >> begin) & mask;
      return descending ? ub < ua : ua < ub;
    }
    return descending ? b < a : a < b;
  });
  return order;
}

template <class K, class V>
static void check_pairs(const char* what, int n, const std::vector<K>& keys,
                        const std::vector<V>& values, const std::vector<int>& order,
                        const std::vector<K>& got_keys, const std::vector<V>& got_values) {
  for (int i = 0; i < n; ++i) {
    bool key_ok = std::memcmp(&got_keys[i], &keys[order[i]], sizeof(K)) == 0 ||
                  got_keys[i] == keys[order[i]];
    bool value_ok = values.empty() || got_values[i] == values[order[i]];
    if (!key_ok || !value_ok) {
      if (errors < 10)
        std::printf("%s n %d: item %d differs (key %g, want %g)\n", what, n, i,
                    (double)got_keys[i], (double)keys[order[i]]);
      ++errors;
      return;
    }
  }
}

template <class K>
static void sort_case(const char* what, int n, int kind, unsigned long long seed) {
  std::vector<K> keys(n);
  std::vector<Payload> values(n);
  for (int i = 0; i < n; ++i) {
    keys[i] = make_key<K>(next_random(&seed) * 65536ull + next_random(&seed), kind);
    values[i] = Payload{i, -i, i * 3};
  }
  K* d_keys = to_device(keys);
  Payload* d_values = to_device(values);
  K* d_keys_out;
  Payload* d_values_out;
  CHECK(hipMalloc(&d_keys_out, (n + 1) * sizeof(K)));
  CHECK(hipMalloc(&d_values_out, (n + 1) * sizeof(Payload)));
  std::vector<Payload> none;
  for (int descending = 0; descending < 2; ++descending) {
    std::vector<int> order = host_order(keys, descending != 0, false, 0, 0);
    // Pairs with pointers: the input stays as it was.
    size_t bytes = 0;
    if (descending)
      CHECK(hipcub::DeviceRadixSort::SortPairsDescending(nullptr, bytes, d_keys, d_keys_out,
                                                         d_values, d_values_out, n));
    else
      CHECK(hipcub::DeviceRadixSort::SortPairs(nullptr, bytes, d_keys, d_keys_out, d_values,
                                               d_values_out, n));
    void* temp;
    CHECK(hipMalloc(&temp, bytes));
    if (descending)
      CHECK(hipcub::DeviceRadixSort::SortPairsDescending(temp, bytes, d_keys, d_keys_out,
                                                         d_values, d_values_out, n));
    else
      CHECK(hipcub::DeviceRadixSort::SortPairs(temp, bytes, d_keys, d_keys_out, d_values,
                                               d_values_out, n));
    check_pairs(what, n, keys, values, order, to_host(d_keys_out, n),
                to_host(d_values_out, n));
    if (to_host(d_keys, n) != keys) {
      std::printf("%s n %d: the input keys changed\n", what, n);
      ++errors;
    }
    CHECK(hipFree(temp));
    // Keys only, with DoubleBuffer: the result is where the selector says.
    K* d_a = to_device(keys);
    K* d_b;
    CHECK(hipMalloc(&d_b, (n + 1) * sizeof(K)));
    hipcub::DoubleBuffer<K> buffers(d_a, d_b);
    bytes = 0;
    CHECK(hipcub::DeviceRadixSort::SortKeys(nullptr, bytes, buffers, n));
    CHECK(hipMalloc(&temp, bytes));
    if (descending)
      CHECK(hipcub::DeviceRadixSort::SortKeysDescending(temp, bytes, buffers, n));
    else
      CHECK(hipcub::DeviceRadixSort::SortKeys(temp, bytes, buffers, n));
    check_pairs(what, n, keys, none, order, to_host(buffers.Current(), n),
                std::vector<Payload>());
    CHECK(hipFree(temp));
    CHECK(hipFree(d_a));
    CHECK(hipFree(d_b));
  }
  CHECK(hipFree(d_keys));
  CHECK(hipFree(d_values));
  CHECK(hipFree(d_keys_out));
  CHECK(hipFree(d_values_out));
}

// Bit ranges on unsigned keys (random bits under `key_mask`: 0 makes every digit of every
// pass the same), pairs in DoubleBuffers, keys only with pointers.
static void bits_case(int n, int begin, int end, bool descending, unsigned key_mask = ~0u) {
  unsigned long long seed = 7 + n + begin * 100 + end;
  std::vector<unsigned> keys(n);
  std::vector<int> values(n);
  for (int i = 0; i < n; ++i) {
    keys[i] = (next_random(&seed) ^ (next_random(&seed) << 16)) & key_mask;
    values[i] = i;
  }
  std::vector<int> order = host_order(keys, descending, true, begin, end);
  unsigned *d_a = to_device(keys), *d_b;
  int *d_va = to_device(values), *d_vb;
  CHECK(hipMalloc(&d_b, (n + 1) * sizeof(unsigned)));
  CHECK(hipMalloc(&d_vb, (n + 1) * sizeof(int)));
  hipcub::DoubleBuffer<unsigned> keys_buffers(d_a, d_b);
  hipcub::DoubleBuffer<int> value_buffers(d_va, d_vb);
  size_t bytes = 0;
  CHECK(hipcub::DeviceRadixSort::SortPairs(nullptr, bytes, keys_buffers, value_buffers, n, begin,
                                           end));
  void* temp;
  CHECK(hipMalloc(&temp, bytes));
  if (descending)
    CHECK(hipcub::DeviceRadixSort::SortPairsDescending(temp, bytes, keys_buffers, value_buffers,
                                                       n, begin, end));
  else
    CHECK(hipcub::DeviceRadixSort::SortPairs(temp, bytes, keys_buffers, value_buffers, n, begin,
                                             end));
  if (keys_buffers.selector != value_buffers.selector) ++errors;
  check_pairs("unsigned bits", n, keys, values, order, to_host(keys_buffers.Current(), n),
              to_host(value_buffers.Current(), n));
  CHECK(hipFree(temp));
  // Keys only with pointers, into the other buffer.
  CHECK(hipMemcpy(d_a, keys.data(), n * sizeof(unsigned), hipMemcpyHostToDevice));
  bytes = 0;
  CHECK(hipcub::DeviceRadixSort::SortKeys(nullptr, bytes, d_a, d_b, n, begin, end));
  CHECK(hipMalloc(&temp, bytes));
  if (descending)
    CHECK(hipcub::DeviceRadixSort::SortKeysDescending(temp, bytes, d_a, d_b, n, begin, end));
  else
    CHECK(hipcub::DeviceRadixSort::SortKeys(temp, bytes, d_a, d_b, n, begin, end));
  check_pairs("unsigned bits keys", n, keys, std::vector<int>(), order, to_host(d_b, n),
              std::vector<int>());
  CHECK(hipFree(temp));
  CHECK(hipFree(d_a));
  CHECK(hipFree(d_b));
  CHECK(hipFree(d_va));
  CHECK(hipFree(d_vb));
}

// __half keys sort as the floats they hold.
static void half_case(int n) {
  std::vector<__half> keys(n);
  std::vector<float> as_float(n);
  unsigned long long seed = 1;
  for (int i = 0; i < n; ++i) {
    as_float[i] = (float)((int)(next_random(&seed) % 2001) - 1000) * 0.125f;
    keys[i] = __float2half(as_float[i]);
  }
  __half* d_in = to_device(keys);
  __half* d_out;
  CHECK(hipMalloc(&d_out, (n + 1) * sizeof(__half)));
  size_t bytes = 0;
  CHECK(hipcub::DeviceRadixSort::SortKeysDescending(nullptr, bytes, d_in, d_out, n));
  void* temp;
  CHECK(hipMalloc(&temp, bytes));
  CHECK(hipcub::DeviceRadixSort::SortKeysDescending(temp, bytes, d_in, d_out, n));
  std::vector<__half> got = to_host(d_out, n);
  std::sort(as_float.begin(), as_float.end(), [](float a, float b) { return b < a; });
  for (int i = 0; i < n; ++i)
    if (__half2float(got[i]) != as_float[i]) {
      std::printf("__half n %d: item %d is %g, want %g\n", n, i, (double)__half2float(got[i]),
                  (double)as_float[i]);
      ++errors;
      break;
    }
  CHECK(hipFree(temp));
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
}

int main() {
  print_device("hipcub_radix_sort");
  half_case(5000);
  for (int n : {0, 1, 2, 2047, 2048, 2049, 5000}) {
    sort_case<unsigned>("unsigned", n, 0, n);
    sort_case<int>("int", n, 1, n + 1);
    sort_case<long long>("long long", n, 0, n + 2);
    sort_case<float>("float", n, 1, n + 3);
    sort_case<double>("double", n, 0, n + 4);
  }
  sort_case<unsigned>("unsigned", 1 << 20, 0, 99);
  sort_case<float>("float", 300000, 0, 98);
  sort_case<long long>("long long", 100000, 1, 97);
  bits_case(100000, 0, 32, false);
  bits_case(100000, 4, 20, false);
  bits_case(5000, 3, 18, true);
  bits_case(5000, 8, 8, false);
  bits_case(0, 0, 32, false);
  // The GPUs' one-sweep tiles hold 7680 keys of up to 4 bytes alone (384 threads x 20),
  // 6144 with values (x 16; 1920 with the 12-byte values above): one tile, a partial one
  // after it, many, and passes whose digits are all the same.
  for (int n : {6143, 6144, 6145, 7679, 7680, 7681, 3 * 7680 + 17, 40 * 6144 + 5}) {
    bits_case(n, 0, 32, false);
    bits_case(n, 0, 32, true);
  }
  bits_case(70000, 0, 32, false, 0u);
  bits_case(70000, 0, 32, true, 0x00ff00f0u);
  bits_case(70000, 5, 29, false, 0xf0f0ff0fu);
  bits_case(70000, 1, 10, true);
  sort_case<long long>("long long", 3 * 4096 + 1, 0, 96);
  sort_case<unsigned>("unsigned", 4097, 1, 95);
  return finish("hipcub_radix_sort", errors);
}
