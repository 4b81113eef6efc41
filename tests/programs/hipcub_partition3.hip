// hipCUB's three-way DevicePartition::If (oxhip's portable hipcub): items the first operator
// takes go to the first part, of the rest those the second takes to the second part, the
// others to the unselected output, each in input order (CUB's semantics), with both counts
// in d_num_selected_out[0] and [1]. Against the host at sizes 0, 1, around the tiles of both
// scan engines (2048 and 4096 items) and 2^20; with operators that overlap (an item both
// take goes to the first part), that take nothing or everything, a 12-byte item type, a
// counting iterator as input and a discarding unselected output; the two-way forms keep
// working beside it.
#include <hipcub/hipcub.hpp>
#include <vector>

#include "check.h"

struct Below {
  int bound;
  __host__ __device__ bool operator()(int x) const { return x < bound; }
};
struct Above {
  int bound;
  __host__ __device__ bool operator()(int x) const { return x > bound; }
};
struct Never {
  __host__ __device__ bool operator()(int) const { return false; }
};
struct Triple {
  int a, b, c;
  __host__ __device__ bool operator==(const Triple& o) const {
    return a == o.a && b == o.b && c == o.c;
  }
};
struct TripleFirst {
  __host__ __device__ bool operator()(const Triple& t) const { return t.b % 3 == 0; }
};
struct TripleSecond {
  __host__ __device__ bool operator()(const Triple& t) const { return t.c < 0; }
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

// Runs the three-way partition of `in` (n items of T, read through `input`) and checks
// every output and both counts against the host.
template <class T, class InputIt, class First, class Second>
static void check_three_way(const char* what, const std::vector<T>& in, InputIt input, First first,
                            Second second) {
  int n = (int)in.size();
  std::vector<T> want_first, want_second, want_rest;
  for (const T& item : in) {
    if (first(item))
      want_first.push_back(item);
    else if (second(item))
      want_second.push_back(item);
    else
      want_rest.push_back(item);
  }
  T *d_first, *d_second, *d_rest;
  int* d_counts;
  CHECK(hipMalloc(&d_first, (n + 1) * sizeof(T)));
  CHECK(hipMalloc(&d_second, (n + 1) * sizeof(T)));
  CHECK(hipMalloc(&d_rest, (n + 1) * sizeof(T)));
  CHECK(hipMalloc(&d_counts, 2 * sizeof(int)));
  CHECK(hipMemset(d_counts, 0x7f, 2 * sizeof(int)));
  size_t bytes = 0;
  CHECK(hipcub::DevicePartition::If(nullptr, bytes, input, d_first, d_second, d_rest, d_counts, n,
                                    first, second));
  if (bytes == 0) {
    std::printf("%s n %d: no temporary storage asked for\n", what, n);
    ++errors;
  }
  void* temp;
  CHECK(hipMalloc(&temp, bytes));
  CHECK(hipcub::DevicePartition::If(temp, bytes, input, d_first, d_second, d_rest, d_counts, n,
                                    first, second, (hipStream_t)0));
  CHECK(hipDeviceSynchronize());
  std::vector<int> counts = to_host(d_counts, 2);
  if (counts[0] != (int)want_first.size() || counts[1] != (int)want_second.size()) {
    std::printf("%s n %d: counts %d %d, want %zu %zu\n", what, n, counts[0], counts[1],
                want_first.size(), want_second.size());
    ++errors;
  } else {
    if (to_host(d_first, want_first.size()) != want_first) {
      std::printf("%s n %d: first part differs\n", what, n);
      ++errors;
    }
    if (to_host(d_second, want_second.size()) != want_second) {
      std::printf("%s n %d: second part differs\n", what, n);
      ++errors;
    }
    if (to_host(d_rest, want_rest.size()) != want_rest) {
      std::printf("%s n %d: unselected items differ\n", what, n);
      ++errors;
    }
  }
  // Too little storage is refused.
  if (bytes > 1) {
    size_t less = bytes - 1;
    if (hipcub::DevicePartition::If(temp, less, input, d_first, d_second, d_rest, d_counts, n,
                                    first, second) != hipErrorInvalidValue) {
      std::printf("%s n %d: too little storage not refused\n", what, n);
      ++errors;
    }
  }
  CHECK(hipFree(temp));
  CHECK(hipFree(d_first));
  CHECK(hipFree(d_second));
  CHECK(hipFree(d_rest));
  CHECK(hipFree(d_counts));
}

int main() {
  print_device("hipcub_partition3");
  unsigned long long seed = 25;
  for (int n : {0, 1, 2, 2047, 2048, 2049, 4095, 4096, 4097, 8193, 10000, 1 << 20}) {
    std::vector<int> in(n);
    for (int i = 0; i < n; ++i) in[i] = (int)(next_random(&seed) % 1000) - 500;
    int* d_in = to_device(in);
    // Three proper parts: below -200, above 200, the middle.
    check_three_way("below/above", in, d_in, Below{-200}, Above{200});
    // Overlapping operators: what both take goes to the first part.
    check_three_way("overlap", in, d_in, Below{100}, Below{300});
    // Nothing in the first part; everything in the first part; nothing selected.
    check_three_way("second only", in, d_in, Never(), Above{0});
    check_three_way("all first", in, d_in, Below{1000}, Above{-1000});
    check_three_way("none", in, d_in, Never(), Never());
    CHECK(hipFree(d_in));

    // The two-way form still puts the rejected items after the selected ones, reversed.
    if (n <= 10000) {
      std::vector<int> small(n), want;
      for (int i = 0; i < n; ++i) small[i] = (i * 37) % 101;
      for (int i = 0; i < n; ++i)
        if (small[i] < 50) want.push_back(small[i]);
      for (int i = n - 1; i >= 0; --i)
        if (!(small[i] < 50)) want.push_back(small[i]);
      int *d_small = to_device(small), *d_out, *d_count;
      CHECK(hipMalloc(&d_out, (n + 1) * sizeof(int)));
      CHECK(hipMalloc(&d_count, sizeof(int)));
      size_t bytes = 0;
      CHECK(hipcub::DevicePartition::If(nullptr, bytes, d_small, d_out, d_count, n, Below{50}));
      void* temp;
      CHECK(hipMalloc(&temp, bytes));
      CHECK(hipcub::DevicePartition::If(temp, bytes, d_small, d_out, d_count, n, Below{50}));
      if (to_host(d_out, n) != want) {
        std::printf("two-way If n %d: differs\n", n);
        ++errors;
      }
      CHECK(hipFree(temp));
      CHECK(hipFree(d_small));
      CHECK(hipFree(d_out));
      CHECK(hipFree(d_count));
    }
  }

  // A counting iterator as input.
  {
    const int n = 5000;
    std::vector<int> in(n);
    for (int i = 0; i < n; ++i) in[i] = i;
    check_three_way("counting", in, hipcub::CountingInputIterator<int>(0), Below{1234},
                    Above{3000});
  }
  // Items of 12 bytes, read and written through the emitter (the scan is of pairs of counts).
  for (int n : {0, 3, 3000, 70001}) {
    std::vector<Triple> in(n);
    for (int i = 0; i < n; ++i)
      in[i] = Triple{i, (int)(next_random(&seed) % 100), (int)(next_random(&seed) % 7) - 3};
    Triple* d_in = to_device(in);
    check_three_way("triples", in, d_in, TripleFirst(), TripleSecond());
    CHECK(hipFree(d_in));
  }
  // The unselected items discarded.
  {
    const int n = 9000;
    std::vector<int> in(n);
    for (int i = 0; i < n; ++i) in[i] = (i * 7919) % 1000;
    int *d_in = to_device(in), *d_first, *d_second, *d_counts;
    CHECK(hipMalloc(&d_first, n * sizeof(int)));
    CHECK(hipMalloc(&d_second, n * sizeof(int)));
    CHECK(hipMalloc(&d_counts, 2 * sizeof(int)));
    size_t bytes = 0;
    hipcub::DiscardOutputIterator<> discard;
    CHECK(hipcub::DevicePartition::If(nullptr, bytes, d_in, d_first, d_second, discard, d_counts, n,
                                      Below{100}, Above{899}));
    void* temp;
    CHECK(hipMalloc(&temp, bytes));
    CHECK(hipcub::DevicePartition::If(temp, bytes, d_in, d_first, d_second, discard, d_counts, n,
                                      Below{100}, Above{899}));
    std::vector<int> want_first, want_second;
    for (int x : in) {
      if (x < 100)
        want_first.push_back(x);
      else if (x > 899)
        want_second.push_back(x);
    }
    std::vector<int> counts = to_host(d_counts, 2);
    if (counts[0] != (int)want_first.size() || counts[1] != (int)want_second.size() ||
        to_host(d_first, want_first.size()) != want_first ||
        to_host(d_second, want_second.size()) != want_second) {
      std::printf("discarded unselected: differs\n");
      ++errors;
    }
    CHECK(hipFree(temp));
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_first));
    CHECK(hipFree(d_second));
    CHECK(hipFree(d_counts));
  }
  return finish("hipcub_partition3", errors);
}
