// hipCUB's DeviceSpmv::CsrMV (float and double: no rows, empty rows, short rows, rows of
// hundreds of items, one row of 50,000; fractional values in a few very long rows among many
// empty ones, within a rounding tolerance), DeviceMemcpy::Batched (byte buffers of 0 to 100,003
// bytes at every alignment, 40,000 small buffers past the grid's stride, none) and
// DeviceCopy::Batched (ranges of pointers, counting and constant iterators, a widening copy),
// and CacheModifiedOutputIterator (DeviceScan's output, a kernel's writes), oxhip's portable
// hipcub, against the host. Values are small integers, so every float sum is exact, but for
// the fractional case.
#include <hipcub/hipcub.hpp>
#include <cmath>
#include <cstring>
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
static void expect(const char* what, long long n, const std::vector<T>& got,
                   const std::vector<T>& want) {
  if (got != want) {
    size_t at = 0;
    while (at < got.size() && at < want.size() && got[at] == want[at]) ++at;
    std::printf("%s (%lld): differs at %zu\n", what, n, at);
    ++errors;
  }
}

// The temp-storage convention: a size is asked for first, then the call runs.
template <class Call>
static void with_temp(const char* what, Call call) {
  size_t bytes = 0;
  CHECK(call(nullptr, bytes));
  if (bytes == 0) {
    std::printf("%s: no temporary storage asked for\n", what);
    ++errors;
  }
  void* temp;
  CHECK(hipMalloc(&temp, bytes));
  size_t too_little = 0;
  if (call(temp, too_little) != hipErrorInvalidValue) {
    std::printf("%s: too little storage accepted\n", what);
    ++errors;
  }
  CHECK(call(temp, bytes));
  CHECK(hipDeviceSynchronize());
  CHECK(hipFree(temp));
}

// ---- DeviceSpmv ----------------------------------------------------------------------------

template <class V>
static void spmv(const char* what, const std::vector<int>& row_lengths, int num_cols,
                 unsigned long long* seed) {
  int rows = (int)row_lengths.size();
  std::vector<int> offsets(rows + 1, 0), columns;
  std::vector<V> values, x(num_cols > 0 ? num_cols : 0);
  for (auto& v : x) v = (V)((int)(next_random(seed) % 9) - 4);
  for (int r = 0; r < rows; ++r) {
    offsets[r + 1] = offsets[r] + row_lengths[r];
    for (int k = 0; k < row_lengths[r]; ++k) {
      columns.push_back((int)(next_random(seed) % (unsigned)num_cols));
      values.push_back((V)((int)(next_random(seed) % 9) - 4));
    }
  }
  int nonzeros = offsets[rows];
  std::vector<V> want(rows);
  for (int r = 0; r < rows; ++r) {
    V sum = 0;
    for (int k = offsets[r]; k < offsets[r + 1]; ++k) sum += values[k] * x[columns[k]];
    want[r] = sum;
  }
  V* d_values = to_device(values);
  int* d_offsets = to_device(offsets);
  int* d_columns = to_device(columns);
  V* d_x = to_device(x);
  // Every row is written, the empty ones with 0.
  V* d_y = to_device(std::vector<V>(rows, (V)12345));
  with_temp(what, [&](void* temp, size_t& bytes) {
    return hipcub::DeviceSpmv::CsrMV(temp, bytes, d_values, d_offsets, d_columns, d_x, d_y, rows,
                                     num_cols, nonzeros);
  });
  expect(what, rows, to_host(d_y, rows), want);
  CHECK(hipFree(d_values));
  CHECK(hipFree(d_offsets));
  CHECK(hipFree(d_columns));
  CHECK(hipFree(d_x));
  CHECK(hipFree(d_y));
}

// Fractional values: a few very long rows (split across many threads and blocks by the merge
// path) among many empty and short rows. The device sums each row in another order than the
// host, so each row may differ from the host's (computed in double) by rounding: allowed is
// 4 * epsilon * sqrt(length + 1) * (the sum of the terms' magnitudes), about what rounding
// errors of either sign add up to; one tile's carry lost or counted twice is far more.
template <class V>
static void spmv_rounding(const char* what, unsigned long long* seed) {
  const int rows = 30011, num_cols = 4099;
  std::vector<int> lengths(rows);
  for (int r = 0; r < rows; ++r) lengths[r] = r % 5 == 0 ? (int)(next_random(seed) % 4) : 0;
  lengths[1] = 50000;
  lengths[rows / 2] = 123457;
  lengths[rows / 2 + 1] = 1793;  // a tile and a step
  lengths[rows - 1] = 9001;
  std::vector<int> offsets(rows + 1, 0), columns;
  std::vector<V> values, x(num_cols);
  auto fraction = [&]() { return (V)((double)(next_random(seed) % 20001) / 10000.0 - 1.0); };
  for (auto& v : x) v = fraction();
  for (int r = 0; r < rows; ++r) {
    offsets[r + 1] = offsets[r] + lengths[r];
    for (int k = 0; k < lengths[r]; ++k) {
      columns.push_back((int)(next_random(seed) % (unsigned)num_cols));
      values.push_back(fraction());
    }
  }
  int nonzeros = offsets[rows];
  V* d_values = to_device(values);
  int* d_offsets = to_device(offsets);
  int* d_columns = to_device(columns);
  V* d_x = to_device(x);
  V* d_y = to_device(std::vector<V>(rows, (V)12345));
  with_temp(what, [&](void* temp, size_t& bytes) {
    return hipcub::DeviceSpmv::CsrMV(temp, bytes, d_values, d_offsets, d_columns, d_x, d_y, rows,
                                     num_cols, nonzeros);
  });
  std::vector<V> got = to_host(d_y, rows);
  const double epsilon = sizeof(V) == 4 ? 1.0 / (1 << 23) : 1.0 / (1ull << 52);
  for (int r = 0; r < rows; ++r) {
    double sum = 0, magnitude = 0;
    for (int k = offsets[r]; k < offsets[r + 1]; ++k) {
      double term = (double)values[k] * (double)x[columns[k]];
      sum += term;
      magnitude += term < 0 ? -term : term;
    }
    double allowed = 4 * epsilon * std::sqrt((double)lengths[r] + 1) * magnitude;
    double error = (double)got[r] - sum;
    if (error < -allowed || error > allowed) {
      std::printf("%s: row %d (%d items) is %.9g, want %.9g (within %.3g)\n", what, r,
                  lengths[r], (double)got[r], sum, allowed);
      ++errors;
      break;
    }
  }
  CHECK(hipFree(d_values));
  CHECK(hipFree(d_offsets));
  CHECK(hipFree(d_columns));
  CHECK(hipFree(d_x));
  CHECK(hipFree(d_y));
}

static void spmv_cases(unsigned long long* seed) {
  std::vector<std::vector<int>> shapes;
  shapes.push_back({});                               // no rows
  shapes.push_back({0, 0, 0, 0, 0, 0, 0});             // no items
  shapes.push_back({1});                               // one item
  std::vector<int> short_rows(1000);                   // 0 to 6 an item: groups of 2
  for (auto& n : short_rows) n = (int)(next_random(seed) % 7);
  shapes.push_back(short_rows);
  std::vector<int> long_rows(300);                     // ~100 a row: groups of 32, with gaps
  for (size_t r = 0; r < long_rows.size(); ++r)
    long_rows[r] = r % 17 == 3 ? 0 : 60 + (int)(next_random(seed) % 80);
  shapes.push_back(long_rows);
  std::vector<int> one_long(50, 1);                    // one row of 50,000 among short ones
  one_long[20] = 50000;
  shapes.push_back(one_long);
  std::vector<int> many(70000);                        // past the grid's stride at 1 a row
  for (auto& n : many) n = (int)(next_random(seed) % 3);
  shapes.push_back(many);
  for (const auto& shape : shapes) {
    spmv<float>("CsrMV float", shape, 1 + (int)(next_random(seed) % 5000), seed);
    spmv<double>("CsrMV double", shape, 37, seed);
  }
  spmv_rounding<float>("CsrMV float, long rows", seed);
  spmv_rounding<double>("CsrMV double, long rows", seed);
}

// ---- DeviceMemcpy and DeviceCopy -------------------------------------------------------------

static void memcpy_cases(unsigned long long* seed, int count, unsigned max_size) {
  // Buffers in order, each at a random gap (so every alignment occurs), both arenas.
  std::vector<size_t> sizes(count), from(count), to(count);
  size_t source_bytes = 0, destination_bytes = 0;
  for (int i = 0; i < count; ++i) {
    sizes[i] = next_random(seed) % (max_size + 1);
    if (i % 7 == 6) sizes[i] = 0;
    source_bytes += next_random(seed) % 19;
    from[i] = source_bytes;
    source_bytes += sizes[i];
    destination_bytes += next_random(seed) % 23;
    to[i] = destination_bytes;
    destination_bytes += sizes[i];
  }
  std::vector<unsigned char> source(source_bytes + 1), want(destination_bytes + 1, 0xA5);
  for (auto& b : source) b = (unsigned char)next_random(seed);
  for (int i = 0; i < count; ++i)
    if (sizes[i]) std::memcpy(&want[to[i]], &source[from[i]], sizes[i]);
  unsigned char* d_source = to_device(source);
  unsigned char* d_destination = to_device(std::vector<unsigned char>(want.size(), 0xA5));
  std::vector<const void*> sources(count);
  std::vector<void*> destinations(count);
  for (int i = 0; i < count; ++i) {
    sources[i] = d_source + from[i];
    destinations[i] = d_destination + to[i];
  }
  const void** d_sources = to_device(sources);
  void** d_destinations = to_device(destinations);
  size_t* d_sizes = to_device(sizes);
  with_temp("DeviceMemcpy::Batched", [&](void* temp, size_t& bytes) {
    return hipcub::DeviceMemcpy::Batched(temp, bytes, d_sources, d_destinations, d_sizes,
                                         (unsigned)count);
  });
  expect("DeviceMemcpy::Batched", count, to_host(d_destination, want.size()), want);
  CHECK(hipFree(d_source));
  CHECK(hipFree(d_destination));
  CHECK(hipFree(d_sources));
  CHECK(hipFree(d_destinations));
  CHECK(hipFree(d_sizes));
}

// Range i of a counting source starts at 1000 * i.
struct CountingFrom {
  __host__ __device__ hipcub::CountingInputIterator<int> operator()(int i) const {
    return hipcub::CountingInputIterator<int>(1000 * i);
  }
};
struct ConstantOf {
  __host__ __device__ hipcub::ConstantInputIterator<int> operator()(int i) const {
    return hipcub::ConstantInputIterator<int>(7 - i);
  }
};

static void copy_cases(unsigned long long* seed) {
  for (int count : {0, 1, 5, 3000}) {
    std::vector<int> sizes(count), starts(count + 1, 0);
    for (int i = 0; i < count; ++i) {
      sizes[i] = i % 5 == 1 ? 0 : (int)(next_random(seed) % 70);
      if (i == 2) sizes[i] = 20000;
      if (i == 4) sizes[i] = 100003;
      starts[i + 1] = starts[i] + sizes[i];
    }
    int total = starts[count];
    std::vector<int> in(total);
    for (auto& v : in) v = (int)next_random(seed);
    int* d_in = to_device(in);
    int* d_out;
    long long* d_wide;
    CHECK(hipMalloc(&d_out, (total + 1) * sizeof(int)));
    CHECK(hipMalloc(&d_wide, (total + 1) * sizeof(long long)));
    std::vector<int*> in_ranges(count), out_ranges(count);
    std::vector<long long*> wide_ranges(count);
    for (int i = 0; i < count; ++i) {
      in_ranges[i] = d_in + starts[i];
      out_ranges[i] = d_out + starts[i];
      wide_ranges[i] = d_wide + starts[i];
    }
    int** d_in_ranges = to_device(in_ranges);
    int** d_out_ranges = to_device(out_ranges);
    long long** d_wide_ranges = to_device(wide_ranges);
    int* d_sizes = to_device(sizes);

    with_temp("DeviceCopy::Batched", [&](void* temp, size_t& bytes) {
      return hipcub::DeviceCopy::Batched(temp, bytes, d_in_ranges, d_out_ranges, d_sizes,
                                         (unsigned)count);
    });
    expect("DeviceCopy::Batched pointers", count, to_host(d_out, total), in);

    std::vector<long long> wide(in.begin(), in.end());
    with_temp("DeviceCopy::Batched widening", [&](void* temp, size_t& bytes) {
      return hipcub::DeviceCopy::Batched(temp, bytes, d_in_ranges, d_wide_ranges, d_sizes, count,
                                         (hipStream_t)0);
    });
    expect("DeviceCopy::Batched widening", count, to_host(d_wide, total), wide);

    // Sources that are iterators: counting ranges, then constant ones.
    hipcub::TransformInputIterator<hipcub::CountingInputIterator<int>, CountingFrom,
                                   hipcub::CountingInputIterator<int>>
        counting(hipcub::CountingInputIterator<int>(0), CountingFrom());
    std::vector<int> counted(total), constants(total);
    for (int i = 0; i < count; ++i)
      for (int j = 0; j < sizes[i]; ++j) {
        counted[starts[i] + j] = 1000 * i + j;
        constants[starts[i] + j] = 7 - i;
      }
    with_temp("DeviceCopy::Batched counting", [&](void* temp, size_t& bytes) {
      return hipcub::DeviceCopy::Batched(temp, bytes, counting, d_out_ranges, d_sizes, count);
    });
    expect("DeviceCopy::Batched counting", count, to_host(d_out, total), counted);
    hipcub::TransformInputIterator<hipcub::ConstantInputIterator<int>, ConstantOf,
                                   hipcub::CountingInputIterator<int>>
        constant(hipcub::CountingInputIterator<int>(0), ConstantOf());
    with_temp("DeviceCopy::Batched constant", [&](void* temp, size_t& bytes) {
      return hipcub::DeviceCopy::Batched(temp, bytes, constant, d_out_ranges, d_sizes, count);
    });
    expect("DeviceCopy::Batched constant", count, to_host(d_out, total), constants);

    CHECK(hipFree(d_in));
    CHECK(hipFree(d_out));
    CHECK(hipFree(d_wide));
    CHECK(hipFree(d_in_ranges));
    CHECK(hipFree(d_out_ranges));
    CHECK(hipFree(d_wide_ranges));
    CHECK(hipFree(d_sizes));
  }
}

// ---- CacheModifiedOutputIterator ----------------------------------------------------------

__global__ void write_through(hipcub::CacheModifiedOutputIterator<hipcub::STORE_CG, int> out,
                              int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    if (i % 2)
      out[i] = 3 * i;
    else
      *(out + i) = 3 * i;
  }
}

static void output_iterator_cases() {
  const int n = 1000;
  int* d_out;
  CHECK(hipMalloc(&d_out, n * sizeof(int)));
  hipcub::CacheModifiedOutputIterator<hipcub::STORE_CG, int> out(d_out);
  write_through<<<(n + 127) / 128, 128>>>(out, n);
  CHECK_LAUNCH();
  std::vector<int> want(n);
  for (int i = 0; i < n; ++i) want[i] = 3 * i;
  expect("CacheModifiedOutputIterator kernel", n, to_host(d_out, n), want);

  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) in[i] = i % 13 - 6;
  int* d_in = to_device(in);
  hipcub::CacheModifiedOutputIterator<hipcub::STORE_WT, int> scanned(d_out);
  with_temp("CacheModifiedOutputIterator scan", [&](void* temp, size_t& bytes) {
    return hipcub::DeviceScan::InclusiveSum(temp, bytes, d_in, scanned, n);
  });
  int running = 0;
  for (int i = 0; i < n; ++i) want[i] = running += in[i];
  expect("CacheModifiedOutputIterator scan", n, to_host(d_out, n), want);
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
}

int main() {
  print_device("hipcub_spmv_copy");
  unsigned long long seed = 2026;
  spmv_cases(&seed);
  std::printf("DeviceSpmv::CsrMV checked\n");
  memcpy_cases(&seed, 0, 16);
  memcpy_cases(&seed, 1, 100003);
  memcpy_cases(&seed, 300, 4200);
  memcpy_cases(&seed, 40000, 40);
  memcpy_cases(&seed, 12, 3000017);
  memcpy_cases(&seed, 200, 140000);
  std::printf("DeviceMemcpy::Batched checked\n");
  copy_cases(&seed);
  std::printf("DeviceCopy::Batched checked\n");
  output_iterator_cases();
  std::printf("CacheModifiedOutputIterator checked\n");
  return finish("hipcub_spmv_copy", errors);
}
