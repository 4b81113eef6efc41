// hipCUB's DeviceAdjacentDifference (SubtractLeftCopy, SubtractRightCopy and the in-place
// SubtractLeft, SubtractRight; hipcub::Difference by default, a user operator, an output type
// other than the input's) and CUB's DeviceFor (Bulk, ForEach, ForEachN, ForEachCopy,
// ForEachCopyN, each without and with temporary storage; a __device__ lambda), oxhip's
// portable hipcub, against the host at 0, 1, 2 items, past a block and past the grid's
// stride.
#include <hipcub/hipcub.hpp>
#include <vector>

#include "check.h"

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
template <class T>
static void expect(const char* what, size_t n, const std::vector<T>& got,
                   const std::vector<T>& want) {
  if (got != want) {
    size_t at = 0;
    while (at < got.size() && got[at] == want[at]) ++at;
    std::printf("%s n %zu: differs at %zu\n", what, n, at);
    ++errors;
  }
}

// Not commutative, and widening: 3a - b in 64 bits.
struct ThreeAMinusB {
  __host__ __device__ long long operator()(int a, int b) const { return 3LL * a - (long long)b; }
};
struct AddSeven {
  __device__ void operator()(int& x) const { x += 7; }
};
// Counts the items it sees by value into a total (it cannot change them).
struct SumInto {
  unsigned long long* total;
  __device__ void operator()(int x) const { atomicAdd(total, (unsigned long long)x); }
};
struct SquareAt {
  long long* out;
  __device__ void operator()(long long i) const { out[i] = i * i; }
};

template <class Call>
static void with_temp(Call call) {
  size_t bytes = 0;
  CHECK(call(nullptr, bytes));
  if (bytes == 0) {
    std::printf("no temporary storage asked for\n");
    ++errors;
  }
  void* temp;
  CHECK(hipMalloc(&temp, bytes));
  CHECK(call(temp, bytes));
  CHECK(hipDeviceSynchronize());
  CHECK(hipFree(temp));
}

int main() {
  print_device("hipcub_adjacent_for");
  unsigned long long seed = 99;
  for (size_t n : {(size_t)0, (size_t)1, (size_t)2, (size_t)257, (size_t)100000, (size_t)3000001}) {
    std::vector<int> in(n);
    for (auto& x : in) x = (int)(next_random(&seed) % 2001) - 1000;
    int* d_in = to_device(in);
    int* d_out;
    long long* d_wide;
    CHECK(hipMalloc(&d_out, (n + 1) * sizeof(int)));
    CHECK(hipMalloc(&d_wide, (n + 1) * sizeof(long long)));

    std::vector<int> left(n), right(n);
    std::vector<long long> left_wide(n), right_wide(n);
    for (size_t i = 0; i < n; ++i) {
      left[i] = i == 0 ? in[0] : in[i] - in[i - 1];
      right[i] = i + 1 == n ? in[i] : in[i] - in[i + 1];
      left_wide[i] = i == 0 ? in[0] : ThreeAMinusB()(in[i], in[i - 1]);
      right_wide[i] = i + 1 == n ? in[i] : ThreeAMinusB()(in[i], in[i + 1]);
    }
    with_temp([&](void* temp, size_t& bytes) {
      return hipcub::DeviceAdjacentDifference::SubtractLeftCopy(temp, bytes, d_in, d_out, n);
    });
    expect("SubtractLeftCopy", n, to_host(d_out, n), left);
    with_temp([&](void* temp, size_t& bytes) {
      return hipcub::DeviceAdjacentDifference::SubtractRightCopy(temp, bytes, d_in, d_out, (int)n,
                                                                 hipcub::Difference());
    });
    expect("SubtractRightCopy", n, to_host(d_out, n), right);
    with_temp([&](void* temp, size_t& bytes) {
      return hipcub::DeviceAdjacentDifference::SubtractLeftCopy(temp, bytes, d_in, d_wide, n,
                                                                ThreeAMinusB(), (hipStream_t)0);
    });
    expect("SubtractLeftCopy op", n, to_host(d_wide, n), left_wide);
    with_temp([&](void* temp, size_t& bytes) {
      return hipcub::DeviceAdjacentDifference::SubtractRightCopy(temp, bytes, d_in, d_wide, n,
                                                                 ThreeAMinusB());
    });
    expect("SubtractRightCopy op", n, to_host(d_wide, n), right_wide);
    // The input is unchanged by the Copy forms.
    expect("Copy forms' input", n, to_host(d_in, n), in);

    // In place: every item gets its neighbour's old value.
    with_temp([&](void* temp, size_t& bytes) {
      return hipcub::DeviceAdjacentDifference::SubtractLeft(temp, bytes, d_in, n);
    });
    expect("SubtractLeft", n, to_host(d_in, n), left);
    if (n) CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
    with_temp([&](void* temp, size_t& bytes) {
      return hipcub::DeviceAdjacentDifference::SubtractRight(temp, bytes, d_in, n,
                                                             hipcub::Difference());
    });
    expect("SubtractRight", n, to_host(d_in, n), right);
    if (n) CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));

    // DeviceFor.
    std::vector<int> plus7(n), plus14(n), plus21(n), plus28(n);
    unsigned long long want_sum = 0;
    for (size_t i = 0; i < n; ++i) {
      plus7[i] = in[i] + 7;
      plus14[i] = in[i] + 14;
      plus21[i] = in[i] + 21;
      plus28[i] = in[i] + 28;
      want_sum += (unsigned long long)(long long)in[i];
    }
    CHECK(hipcub::DeviceFor::ForEach(d_in, d_in + n, AddSeven()));
    CHECK(hipDeviceSynchronize());
    expect("ForEach", n, to_host(d_in, n), plus7);
    CHECK(hipcub::DeviceFor::ForEachN(d_in, n, AddSeven(), (hipStream_t)0));
    CHECK(hipDeviceSynchronize());
    expect("ForEachN", n, to_host(d_in, n), plus14);
    with_temp([&](void* temp, size_t& bytes) {
      return hipcub::DeviceFor::ForEach(temp, bytes, d_in, d_in + n, AddSeven());
    });
    expect("ForEach (storage)", n, to_host(d_in, n), plus21);
    with_temp([&](void* temp, size_t& bytes) {
      return hipcub::DeviceFor::ForEachN(temp, bytes, d_in, (int)n, AddSeven());
    });
    expect("ForEachN (storage)", n, to_host(d_in, n), plus28);
    if (n) CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));

    unsigned long long* d_sum;
    CHECK(hipMalloc(&d_sum, sizeof(unsigned long long)));
    for (int variant = 0; variant < 4; ++variant) {
      CHECK(hipMemset(d_sum, 0, sizeof(unsigned long long)));
      SumInto sum = {d_sum};
      if (variant == 0) CHECK(hipcub::DeviceFor::ForEachCopy(d_in, d_in + n, sum));
      if (variant == 1) CHECK(hipcub::DeviceFor::ForEachCopyN(d_in, n, sum));
      if (variant == 2)
        with_temp([&](void* temp, size_t& bytes) {
          return hipcub::DeviceFor::ForEachCopy(temp, bytes, d_in, d_in + n, sum);
        });
      if (variant == 3)
        with_temp([&](void* temp, size_t& bytes) {
          return hipcub::DeviceFor::ForEachCopyN(temp, bytes, d_in, n, sum);
        });
      CHECK(hipDeviceSynchronize());
      if (to_host(d_sum, 1)[0] != want_sum) {
        std::printf("ForEachCopy variant %d n %zu: sum differs\n", variant, n);
        ++errors;
      }
    }
    expect("ForEachCopy's input", n, to_host(d_in, n), in);
    CHECK(hipFree(d_sum));

    std::vector<long long> squares(n);
    for (size_t i = 0; i < n; ++i) squares[i] = (long long)i * (long long)i;
    CHECK(hipMemset(d_wide, 0, (n + 1) * sizeof(long long)));
    CHECK(hipcub::DeviceFor::Bulk((long long)n, SquareAt{d_wide}));
    CHECK(hipDeviceSynchronize());
    expect("Bulk", n, to_host(d_wide, n), squares);
    CHECK(hipMemset(d_wide, 0, (n + 1) * sizeof(long long)));
    long long* wide = d_wide;
    auto square = [wide] __device__(int i) { wide[i] = (long long)i * i; };
    with_temp([&](void* temp, size_t& bytes) {
      return hipcub::DeviceFor::Bulk(temp, bytes, (int)n, square);
    });
    expect("Bulk (storage, lambda)", n, to_host(d_wide, n), squares);

    CHECK(hipFree(d_in));
    CHECK(hipFree(d_out));
    CHECK(hipFree(d_wide));
  }
  return finish("hipcub_adjacent_for", errors);
}
