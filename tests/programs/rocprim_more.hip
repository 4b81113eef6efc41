// rocPRIM's names added for issue 25's second round (rocprim/rocprim.hpp), against the host:
// warp_sort with several keys a lane (1, 3, 4 and 5 keys, logical warps of 32, 16 and 8, keys and
// pairs, with and without a storage, ascending and descending), block_sort's forms with a
// `size` (0 to the whole tile, keys and pairs, one and three items a thread), search and
// find_end (0 to 2^17 + 5 items over a small alphabet, so that matches overlap; no keys, more
// keys than items, a comparison that is not ==), partial_sort_copy, the deterministic scans
// (floating point: the same bits on every run and close to a double-precision sum; integers
// and the by-key forms: exact), predicate_iterator (reading and writing, through transform
// and inclusive_scan, and its arithmetic on the host), and the aliased
// adjacent_difference_inplace(input, output) forms (output the input, apart, and overlapping).
#include "check.h"
#include <rocprim/rocprim.hpp>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

static long long errors = 0;

#define TWICE(...)                    \
  do {                                \
    size_t storage = 0;               \
    void* temp = nullptr;             \
    CHECK((__VA_ARGS__));             \
    CHECK(hipMalloc(&temp, storage)); \
    CHECK((__VA_ARGS__));             \
    CHECK(hipDeviceSynchronize());    \
    CHECK(hipFree(temp));             \
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

/* ---- warp_sort, several keys a lane ---- */

struct Greater {
  __host__ __device__ bool operator()(int a, int b) const { return a > b; }
};

/* Each logical warp sorts its Width x N keys; values are the keys' input positions. */
template <unsigned int Width, unsigned int N, bool Pairs, bool WithStorage, class Compare>
__global__ void warp_sort_kernel(const int* keys_in, int* keys_out, int* values_out) {
  typedef rocprim::warp_sort<int, Width, int> Sort;
  __shared__ typename Sort::storage_type storages[64 / Width];
  const unsigned int warp = threadIdx.x / Width;
  const unsigned int base = blockIdx.x * blockDim.x * N + warp * Width * N;
  const unsigned int lane = threadIdx.x % Width;
  int keys[N], values[N];
  for (unsigned int i = 0; i < N; ++i) {
    keys[i] = keys_in[base + lane * N + i];
    values[i] = (int)(base + lane * N + i);
  }
  Sort sort;
  if (Pairs) {
    if (WithStorage)
      sort.sort(keys, values, storages[warp], Compare());
    else
      sort.sort(keys, values, Compare());
  } else {
    if (WithStorage)
      sort.sort(keys, storages[warp], Compare());
    else
      sort.sort(keys, Compare());
  }
  for (unsigned int i = 0; i < N; ++i) {
    keys_out[base + lane * N + i] = keys[i];
    values_out[base + lane * N + i] = values[i];
  }
}

template <unsigned int Width, unsigned int N, bool Pairs, bool WithStorage, class Compare>
static void check_warp_sort(const char* what) {
  const unsigned int blocks = 3, threads = 64, total = blocks * threads * N;
  unsigned long long seed = 11 + N * 7 + Width;
  std::vector<int> input(total);
  for (unsigned int i = 0; i < total; ++i) input[i] = (int)(next_random(&seed) % 50) - 25;
  Device<int> keys_in(input), keys_out(total), values_out(total);
  warp_sort_kernel<Width, N, Pairs, WithStorage, Compare>
      <<<blocks, threads>>>(keys_in.ptr, keys_out.ptr, values_out.ptr);
  CHECK_LAUNCH();
  std::vector<int> got = keys_out.get(), from = values_out.get();
  std::vector<int> want = input;
  const unsigned int group = Width * N;
  for (unsigned int start = 0; start < total; start += group)
    std::sort(want.begin() + start, want.begin() + start + group, Compare());
  expect(what, total, got, want);
  if (!Pairs) return;
  /* Each value names a distinct input place of its own group holding its key. */
  std::vector<char> used(total, 0);
  for (unsigned int i = 0; i < total; ++i) {
    int place = from[i];
    if (place < 0 || (unsigned int)place >= total || (unsigned int)place / group != i / group ||
        used[place] || input[place] != got[i]) {
      std::printf("%s: item %u carries value %d (key %d)\n", what, i, place, got[i]);
      ++errors;
      return;
    }
    used[place] = 1;
  }
}

/* ---- block_sort's forms with a size ---- */

/* The one-key forms (N == 1) and the array forms, chosen by overloading on the arrays. */
template <class Sort, class Storage>
__device__ void sort_with_size(Sort& sort, int (&keys)[1], int (&values)[1], Storage& storage,
                               unsigned int size, bool pairs) {
  if (pairs)
    sort.sort(keys[0], values[0], storage, size, rocprim::less<int>());
  else
    sort.sort(keys[0], storage, size);
}
template <class Sort, class Storage, unsigned int N>
__device__ void sort_with_size(Sort& sort, int (&keys)[N], int (&values)[N], Storage& storage,
                               unsigned int size, bool pairs) {
  if (pairs)
    sort.sort(keys, values, storage, size, rocprim::less<int>());
  else
    sort.sort(keys, storage, size);
}

template <unsigned int Threads, unsigned int N, bool Pairs>
__global__ void block_sort_size_kernel(const int* keys_in, int* keys_out, int* values_out,
                                       unsigned int size) {
  typedef rocprim::block_sort<int, Threads, N, int> Sort;
  __shared__ typename Sort::storage_type storage;
  int keys[N], values[N];
  for (unsigned int i = 0; i < N; ++i) {
    keys[i] = keys_in[threadIdx.x * N + i];
    values[i] = (int)(threadIdx.x * N + i);
  }
  Sort sort;
  sort_with_size(sort, keys, values, storage, size, Pairs);
  for (unsigned int i = 0; i < N; ++i) {
    keys_out[threadIdx.x * N + i] = keys[i];
    values_out[threadIdx.x * N + i] = values[i];
  }
}

template <unsigned int Threads, unsigned int N, bool Pairs>
static void check_block_sort_size(const char* what, unsigned int size) {
  const unsigned int tile = Threads * N;
  unsigned long long seed = 5 + size;
  std::vector<int> input(tile);
  for (unsigned int i = 0; i < tile; ++i) input[i] = (int)(next_random(&seed) % 40);
  Device<int> keys_in(input), keys_out(tile), values_out(tile);
  block_sort_size_kernel<Threads, N, Pairs>
      <<<1, Threads>>>(keys_in.ptr, keys_out.ptr, values_out.ptr, size);
  CHECK_LAUNCH();
  std::vector<int> got = keys_out.get(size), from = values_out.get(size);
  std::vector<int> want(input.begin(), input.begin() + size);
  std::sort(want.begin(), want.end());
  expect(what, size, got, want);
  if (!Pairs) return;
  /* Stable: equal keys keep their input order, so the positions are exactly the host's. */
  std::vector<int> order(size);
  for (unsigned int i = 0; i < size; ++i) order[i] = (int)i;
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    return input[a] < input[b] || (input[a] == input[b] && a < b);
  });
  expect(what, size, from, order);
}

/* ---- search, find_end ---- */

struct SameModFour {
  __host__ __device__ bool operator()(int a, int b) const { return (a & 3) == (b & 3); }
};

template <bool Last, class Compare>
static void check_subsequence(const char* what, size_t n, size_t keys_size, Compare compare) {
  unsigned long long seed = 77 + n + keys_size;
  std::vector<int> input(n), keys(keys_size);
  for (size_t i = 0; i < n; ++i) input[i] = (int)(next_random(&seed) % 3);
  for (size_t k = 0; k < keys_size; ++k) keys[k] = (int)(next_random(&seed) % 3);
  /* Plant the keys twice (near the start and the end) where they fit. */
  if (keys_size > 0 && keys_size <= n) {
    size_t early = n / 5, late = n - keys_size - n / 7;
    for (size_t k = 0; k < keys_size && early + keys_size <= n; ++k) input[early + k] = keys[k];
    for (size_t k = 0; k < keys_size; ++k) input[late + k] = keys[k];
  }
  Device<int> d_input(input), d_keys(keys);
  Device<size_t> d_output(1);
  if (Last)
    TWICE(rocprim::find_end(temp, storage, d_input.ptr, d_keys.ptr, d_output.ptr, n, keys_size,
                            compare));
  else
    TWICE(rocprim::search(temp, storage, d_input.ptr, d_keys.ptr, d_output.ptr, n, keys_size,
                          compare));
  size_t want = Last ? std::find_end(input.begin(), input.end(), keys.begin(), keys.end(),
                                     compare) -
                           input.begin()
                     : std::search(input.begin(), input.end(), keys.begin(), keys.end(),
                                   compare) -
                           input.begin();
  expect(what, n, d_output.get(), std::vector<size_t>(1, want));
}

/* ---- predicate_iterator ---- */

struct IsEven {
  __host__ __device__ bool operator()(int x) const { return (x & 1) == 0; }
};
struct NonZero {
  __host__ __device__ bool operator()(unsigned char flag) const { return flag != 0; }
};
struct TimesThree {
  __host__ __device__ int operator()(int x) const { return 3 * x; }
};

static void check_predicate_iterator(size_t n) {
  unsigned long long seed = 3 + n;
  std::vector<int> input(n);
  std::vector<unsigned char> flags(n);
  for (size_t i = 0; i < n; ++i) {
    input[i] = (int)(next_random(&seed) % 1000);
    flags[i] = (unsigned char)(next_random(&seed) % 3 == 0);
  }
  Device<int> d_input(input), d_output(std::vector<int>(n, -7)), d_scan(n);
  Device<unsigned char> d_flags(flags);
  /* Odd items read as 0; only flagged places are written. */
  CHECK(rocprim::transform(rocprim::make_predicate_iterator(d_input.ptr, IsEven()),
                           rocprim::make_predicate_iterator(d_output.ptr, d_flags.ptr, NonZero()),
                           n, TimesThree()));
  CHECK(hipDeviceSynchronize());
  std::vector<int> want(n);
  for (size_t i = 0; i < n; ++i) want[i] = flags[i] ? 3 * (input[i] % 2 == 0 ? input[i] : 0) : -7;
  expect("predicate_iterator transform", n, d_output.get(), want);
  /* The sum of the even items so far. */
  TWICE(rocprim::inclusive_scan(temp, storage,
                                rocprim::make_predicate_iterator(d_input.ptr, IsEven()),
                                d_scan.ptr, n, rocprim::plus<int>()));
  int sum = 0;
  for (size_t i = 0; i < n; ++i) {
    sum += input[i] % 2 == 0 ? input[i] : 0;
    want[i] = sum;
  }
  expect("predicate_iterator inclusive_scan", n, d_scan.get(), want);
}

static void check_predicate_iterator_host() {
  int data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  unsigned char test[8] = {1, 0, 1, 0, 0, 1, 1, 0};
  typedef rocprim::predicate_iterator<int*, unsigned char*, NonZero> It;
  It begin = rocprim::make_predicate_iterator(data, test, NonZero());
  It end = begin + 8;
  bool ok = end - begin == 8 && begin < end && begin + 3 == 3 + begin && (begin + 5) - 2 == begin + 3;
  ok = ok && (int)begin[0] == 1 && (int)begin[1] == 0 && (int)*(begin + 5) == 6;
  It walk = begin;
  ++walk;
  walk++;
  ok = ok && (int)*walk == 3 && walk - begin == 2;
  --walk;
  ok = ok && (int)*walk == 0;
  begin[1] = 40; /* not kept: data[1] stays 2 */
  begin[2] = 30;
  *(end - 3) = 60;
  end[-1] = 80; /* not kept */
  ok = ok && data[1] == 2 && data[2] == 30 && data[5] == 60 && data[7] == 8;
  if (!ok) {
    std::printf("predicate_iterator on the host: wrong\n");
    ++errors;
  }
}

/* ---- the aliased adjacent_difference_inplace forms ---- */

static void check_adjacent_aliased(size_t n) {
  unsigned long long seed = 19 + n;
  std::vector<int> input(n + 1);
  for (size_t i = 0; i <= n; ++i) input[i] = (int)(next_random(&seed) % 100000);
  std::vector<int> left(n), right(n);
  for (size_t i = 0; i < n; ++i) {
    left[i] = i == 0 ? input[0] : input[i] - input[i - 1];
    right[i] = i + 1 == n ? input[i] : input[i] - input[i + 1];
  }
  {
    /* Output is the input. */
    Device<int> data(input);
    TWICE(rocprim::adjacent_difference_inplace(temp, storage, data.ptr, data.ptr, n));
    expect("adjacent_difference_inplace(data, data)", n, data.get(n), left);
    data.put(input);
    TWICE(rocprim::adjacent_difference_right_inplace(temp, storage, data.ptr, data.ptr, n,
                                                      rocprim::minus<int>()));
    expect("adjacent_difference_right_inplace(data, data)", n, data.get(n), right);
  }
  {
    /* A separate output; the input is left alone. */
    Device<int> data(input), out(n);
    TWICE(rocprim::adjacent_difference_inplace(temp, storage, data.ptr, out.ptr, n));
    expect("adjacent_difference_inplace(input, output)", n, out.get(n), left);
    expect("adjacent_difference_inplace input", n, data.get(n),
           std::vector<int>(input.begin(), input.begin() + n));
  }
  {
    /* Output one place past the input: every item reads its neighbours' old values. */
    Device<int> data(input);
    TWICE(rocprim::adjacent_difference_right_inplace(temp, storage, data.ptr, data.ptr + 1, n));
    std::vector<int> got = data.get(n + 1);
    expect("adjacent_difference_right_inplace(data, data + 1)", n,
           std::vector<int>(got.begin() + 1, got.end()), right);
  }
}

/* ---- the deterministic scans ---- */

static bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() &&
         (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);
}

static void check_deterministic_floats(size_t n) {
  unsigned long long seed = 101 + n;
  std::vector<float> input(n);
  std::vector<int> keys(n);
  int key = 0;
  for (size_t i = 0; i < n; ++i) {
    /* Magnitudes from 2^-12 to 2^12, so the combining order shows in the last bits. */
    int exponent = (int)(next_random(&seed) % 25) - 12;
    input[i] = std::ldexp(1.0f + (float)(next_random(&seed) % 1000) / 1000.0f, exponent);
    if (next_random(&seed) % 1000 == 0) ++key;
    keys[i] = key;
  }
  Device<float> d_input(input), d_output(n);
  Device<int> d_keys(keys);
  for (int form = 0; form < 4; ++form) {
    std::vector<float> first;
    for (int run = 0; run < 3; ++run) {
      if (form == 0)
        TWICE(rocprim::deterministic_inclusive_scan(temp, storage, d_input.ptr, d_output.ptr, n,
                                                    rocprim::plus<float>()));
      else if (form == 1)
        TWICE(rocprim::deterministic_exclusive_scan(temp, storage, d_input.ptr, d_output.ptr,
                                                    0.5f, n, rocprim::plus<float>()));
      else if (form == 2)
        TWICE(rocprim::deterministic_inclusive_scan_by_key(temp, storage, d_keys.ptr,
                                                           d_input.ptr, d_output.ptr, n));
      else
        TWICE(rocprim::deterministic_exclusive_scan_by_key(temp, storage, d_keys.ptr,
                                                           d_input.ptr, d_output.ptr, 0.5f, n));
      std::vector<float> got = d_output.get();
      if (run == 0) {
        first = got;
        /* Close to a double-precision sum (positive terms: relative to the sum itself). */
        double sum = 0;
        for (size_t i = 0; i < n; ++i) {
          bool head = i == 0 || keys[i] != keys[i - 1];
          if (form >= 2 && head) sum = 0;
          double before = sum;
          sum += input[i];
          double want = form == 0 || form == 2 ? sum : 0.5 + before;
          if (std::fabs(got[i] - want) > 1e-4 * want) {
            std::printf("deterministic scan %d (n=%zu): item %zu is %g, want %g\n", form, n, i,
                        (double)got[i], want);
            ++errors;
            break;
          }
        }
      } else if (!same_bits(first, got)) {
        std::printf("deterministic scan %d (n=%zu): run %d differs from the first\n", form, n,
                    run);
        ++errors;
      }
    }
  }
}

static void check_deterministic_exact(size_t n) {
  unsigned long long seed = 202 + n;
  std::vector<unsigned int> input(n), keys(n);
  unsigned int key = 0;
  for (size_t i = 0; i < n; ++i) {
    input[i] = next_random(&seed) % 100;
    if (next_random(&seed) % 37 == 0) key += 2;
    keys[i] = key;
  }
  Device<unsigned int> d_input(input), d_keys(keys), d_output(n);
  std::vector<unsigned int> want(n);
  TWICE(rocprim::deterministic_inclusive_scan(temp, storage, d_input.ptr, d_output.ptr, n,
                                              rocprim::plus<unsigned int>()));
  unsigned int sum = 0;
  for (size_t i = 0; i < n; ++i) want[i] = sum += input[i];
  expect("deterministic_inclusive_scan (unsigned)", n, d_output.get(), want);
  TWICE(rocprim::deterministic_exclusive_scan(temp, storage, d_input.ptr, d_output.ptr, 7u, n,
                                              rocprim::plus<unsigned int>()));
  sum = 7;
  for (size_t i = 0; i < n; ++i) {
    want[i] = sum;
    sum += input[i];
  }
  expect("deterministic_exclusive_scan (unsigned)", n, d_output.get(), want);
  TWICE(rocprim::deterministic_inclusive_scan_by_key(temp, storage, d_keys.ptr, d_input.ptr,
                                                     d_output.ptr, n,
                                                     rocprim::plus<unsigned int>()));
  for (size_t i = 0; i < n; ++i) {
    if (i == 0 || keys[i] != keys[i - 1]) sum = 0;
    want[i] = sum += input[i];
  }
  expect("deterministic_inclusive_scan_by_key (unsigned)", n, d_output.get(), want);
  TWICE(rocprim::deterministic_exclusive_scan_by_key(temp, storage, d_keys.ptr, d_input.ptr,
                                                     d_output.ptr, 5u, n,
                                                     rocprim::plus<unsigned int>()));
  for (size_t i = 0; i < n; ++i) {
    if (i == 0 || keys[i] != keys[i - 1]) sum = 5;
    want[i] = sum;
    sum += input[i];
  }
  expect("deterministic_exclusive_scan_by_key (unsigned)", n, d_output.get(), want);
}

/* ---- partial_sort_copy ---- */

static void check_partial_sort_copy(size_t n, size_t middle) {
  unsigned long long seed = 303 + n;
  std::vector<int> input(n);
  for (size_t i = 0; i < n; ++i) input[i] = (int)(next_random(&seed) % 5000);
  Device<int> d_input(input), d_output(n);
  TWICE(rocprim::partial_sort_copy(temp, storage, d_input.ptr, d_output.ptr, middle, n,
                                   Greater()));
  std::vector<int> got = d_output.get(), sorted = input;
  std::sort(sorted.begin(), sorted.end(), Greater());
  expect("partial_sort_copy: the first middle", n,
         std::vector<int>(got.begin(), got.begin() + middle),
         std::vector<int>(sorted.begin(), sorted.begin() + middle));
  std::sort(got.begin(), got.end(), Greater());
  expect("partial_sort_copy: all the items", n, got, sorted);
  expect("partial_sort_copy: the input", n, d_input.get(), input);
}

int main() {
  print_device("rocprim_more");

  check_warp_sort<16, 1, false, false, rocprim::less<int> >("warp_sort 16 x 1");
  check_warp_sort<32, 3, false, true, rocprim::less<int> >("warp_sort 32 x 3");
  check_warp_sort<32, 4, true, true, rocprim::less<int> >("warp_sort 32 x 4 pairs");
  check_warp_sort<8, 5, true, false, Greater>("warp_sort 8 x 5 pairs descending");

  for (unsigned int size : {0u, 1u, 50u, 127u, 128u}) {
    check_block_sort_size<128, 1, false>("block_sort one key, size", size);
    check_block_sort_size<128, 1, true>("block_sort one pair, size", size);
  }
  for (unsigned int size : {0u, 2u, 100u, 191u, 192u}) {
    check_block_sort_size<64, 3, false>("block_sort 64 x 3 keys, size", size);
    check_block_sort_size<64, 3, true>("block_sort 64 x 3 pairs, size", size);
  }

  for (size_t n : {(size_t)0, (size_t)1, (size_t)7, (size_t)1000, (size_t)(1 << 17) + 5}) {
    for (size_t keys_size : {(size_t)0, (size_t)1, (size_t)3, (size_t)12, n + 1}) {
      check_subsequence<false>("search", n, keys_size, rocprim::equal_to<int>());
      check_subsequence<true>("find_end", n, keys_size, rocprim::equal_to<int>());
    }
    check_subsequence<false>("search mod 4", n, 5, SameModFour());
    check_subsequence<true>("find_end mod 4", n, 5, SameModFour());
  }

  check_predicate_iterator_host();
  for (size_t n : {(size_t)0, (size_t)1, (size_t)5000, (size_t)300001}) check_predicate_iterator(n);

  for (size_t n : {(size_t)1, (size_t)2, (size_t)1000, (size_t)100003}) check_adjacent_aliased(n);

  for (size_t n : {(size_t)0, (size_t)1, (size_t)4097, (size_t)(1 << 20) + 7}) {
    check_deterministic_floats(n);
    check_deterministic_exact(n);
  }

  check_partial_sort_copy(0, 0);
  check_partial_sort_copy(1, 1);
  check_partial_sort_copy(1000, 10);
  check_partial_sort_copy(100003, 99999);

  return finish("rocprim_more", errors);
}
