// hipCUB's DeviceHistogram::MultiHistogramEven and MultiHistogramRange (oxhip's portable
// hipcub): interleaved pixels of NUM_CHANNELS samples of which the first NUM_ACTIVE_CHANNELS
// are counted, each channel with its own levels into its own histogram; a sequence of
// pixels and rows with a stride (padding between rows); bins that fit in shared memory and
// more than fit (the global-memory path); integer and float samples, negative levels and
// samples outside every bin; 0 pixels (the histograms are cleared). Against the host.
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
template <class C>
static void expect(const char* what, long long pixels, int channel, const std::vector<C>& got,
                   const std::vector<C>& want) {
  if (got != want) {
    size_t at = 0;
    while (at < got.size() && got[at] == want[at]) ++at;
    std::printf("%s pixels %lld channel %d: bin %zu differs (%lld, want %lld)\n", what, pixels,
                channel, at, (long long)got[at], (long long)want[at]);
    ++errors;
  }
}

// The even bin of `sample` over [lower, upper) in `bins` bins, or -1 (the differences in
// float, their quotient in double, as oxhip's hipcub computes it).
static int even_bin(float sample, float lower, float upper, int bins) {
  if (!(sample >= lower && sample < upper)) return -1;
  int bin = (int)((double)(sample - lower) / (double)(upper - lower) * bins);
  return bin < bins ? bin : bins - 1;
}
static int range_bin(float sample, const std::vector<float>& levels) {
  int bins = (int)levels.size() - 1;
  for (int bin = 0; bin < bins; ++bin)
    if (sample >= levels[bin] && sample < levels[bin + 1]) return bin;
  return -1;
}

// RGBA bytes, RGB counted, 256, 16 and 5 bins (integer levels); a sequence, then rows.
static void rgba(long long pixels, unsigned long long& seed) {
  std::vector<unsigned char> samples(pixels * 4);
  for (auto& sample : samples) sample = (unsigned char)next_random(&seed);
  const int num_levels[3] = {257, 17, 6};
  const int lower[3] = {0, 0, 50};
  const int upper[3] = {256, 256, 200};
  std::vector<std::vector<unsigned int>> want(3);
  for (int c = 0; c < 3; ++c) want[c].assign(num_levels[c] - 1, 0);
  for (long long p = 0; p < pixels; ++p)
    for (int c = 0; c < 3; ++c) {
      int sample = samples[p * 4 + c];
      if (sample >= lower[c] && sample < upper[c])
        ++want[c][(sample - lower[c]) * (num_levels[c] - 1) / (upper[c] - lower[c])];
    }
  unsigned char* d_samples = to_device(samples);
  unsigned int* d_histogram[3];
  for (int c = 0; c < 3; ++c) {
    CHECK(hipMalloc(&d_histogram[c], (num_levels[c] - 1) * sizeof(unsigned int)));
    CHECK(hipMemset(d_histogram[c], 0x55, (num_levels[c] - 1) * sizeof(unsigned int)));
  }
  size_t bytes = 0;
  CHECK((hipcub::DeviceHistogram::MultiHistogramEven<4, 3>(nullptr, bytes, d_samples, d_histogram,
                                                           num_levels, lower, upper, (int)pixels)));
  void* temp;
  CHECK(hipMalloc(&temp, bytes));
  CHECK((hipcub::DeviceHistogram::MultiHistogramEven<4, 3>(
      temp, bytes, d_samples, d_histogram, num_levels, lower, upper, (int)pixels, (hipStream_t)0)));
  for (int c = 0; c < 3; ++c)
    expect("MultiHistogramEven rgba", pixels, c, to_host(d_histogram[c], num_levels[c] - 1),
           want[c]);

  // The same pixels as rows of `width` pixels, each row padded to `pitch` bytes; the
  // padding holds values that would land in bins if read.
  if (pixels >= 7) {
    int width = 7, rows = (int)(pixels / width);
    size_t pitch = width * 4 + 5;
    std::vector<unsigned char> padded(pitch * rows, 128);
    for (int c = 0; c < 3; ++c) want[c].assign(num_levels[c] - 1, 0);
    for (int r = 0; r < rows; ++r)
      for (int x = 0; x < width; ++x)
        for (int c = 0; c < 4; ++c) {
          unsigned char sample = samples[((long long)r * width + x) * 4 + c];
          padded[r * pitch + x * 4 + c] = sample;
          if (c < 3 && sample >= lower[c] && sample < upper[c])
            ++want[c][(sample - lower[c]) * (num_levels[c] - 1) / (upper[c] - lower[c])];
        }
    unsigned char* d_padded = to_device(padded);
    CHECK((hipcub::DeviceHistogram::MultiHistogramEven<4, 3>(
        temp, bytes, d_padded, d_histogram, num_levels, lower, upper, width, rows, pitch)));
    for (int c = 0; c < 3; ++c)
      expect("MultiHistogramEven rows", pixels, c, to_host(d_histogram[c], num_levels[c] - 1),
             want[c]);
    CHECK(hipFree(d_padded));
  }
  CHECK(hipFree(temp));
  CHECK(hipFree(d_samples));
  for (int c = 0; c < 3; ++c) CHECK(hipFree(d_histogram[c]));
}

// Two float channels, both counted: even over negative levels with 3000 and 2000 bins (more
// than shared memory holds together), and uneven levels by MultiHistogramRange.
static void floats(long long pixels, unsigned long long& seed) {
  std::vector<float> samples(pixels * 2);
  for (auto& sample : samples) sample = (float)((int)(next_random(&seed) % 20001) - 10000) / 7.0f;
  const int num_levels[2] = {3001, 2001};
  const float lower[2] = {-1000.0f, -500.0f};
  const float upper[2] = {1000.0f, 1500.25f};
  std::vector<std::vector<int>> want(2);
  for (int c = 0; c < 2; ++c) {
    want[c].assign(num_levels[c] - 1, 0);
    for (long long p = 0; p < pixels; ++p) {
      int bin = even_bin(samples[p * 2 + c], lower[c], upper[c], num_levels[c] - 1);
      if (bin >= 0) ++want[c][bin];
    }
  }
  float* d_samples = to_device(samples);
  int* d_histogram[2];
  for (int c = 0; c < 2; ++c) CHECK(hipMalloc(&d_histogram[c], (num_levels[c] - 1) * sizeof(int)));
  size_t bytes = 0;
  CHECK((hipcub::DeviceHistogram::MultiHistogramEven<2, 2>(nullptr, bytes, d_samples, d_histogram,
                                                           num_levels, lower, upper, pixels)));
  void* temp;
  CHECK(hipMalloc(&temp, bytes));
  CHECK((hipcub::DeviceHistogram::MultiHistogramEven<2, 2>(temp, bytes, d_samples, d_histogram,
                                                           num_levels, lower, upper, pixels)));
  for (int c = 0; c < 2; ++c)
    expect("MultiHistogramEven float", pixels, c, to_host(d_histogram[c], num_levels[c] - 1),
           want[c]);
  CHECK(hipFree(temp));

  // Uneven levels: channel 0 in 4 bins, channel 1 in 2.
  std::vector<std::vector<float>> levels = {{-800.0f, -100.0f, 0.0f, 3.5f, 900.0f},
                                            {-1.0f, 1.0f, 1000.0f}};
  const int range_levels[2] = {5, 3};
  float* d_levels[2];
  for (int c = 0; c < 2; ++c) {
    d_levels[c] = to_device(levels[c]);
    want[c].assign(range_levels[c] - 1, 0);
    for (long long p = 0; p < pixels; ++p) {
      int bin = range_bin(samples[p * 2 + c], levels[c]);
      if (bin >= 0) ++want[c][bin];
    }
  }
  bytes = 0;
  CHECK((hipcub::DeviceHistogram::MultiHistogramRange<2, 2>(nullptr, bytes, d_samples, d_histogram,
                                                            range_levels, d_levels, pixels)));
  CHECK(hipMalloc(&temp, bytes));
  CHECK((hipcub::DeviceHistogram::MultiHistogramRange<2, 2>(temp, bytes, d_samples, d_histogram,
                                                            range_levels, d_levels, pixels)));
  for (int c = 0; c < 2; ++c)
    expect("MultiHistogramRange", pixels, c, to_host(d_histogram[c], range_levels[c] - 1), want[c]);

  // Rows: the first half of the pixels as rows of 3 pixels, one row of every two counted
  // (the stride skips the other).
  long long rows = pixels / 6;
  for (int c = 0; c < 2; ++c) {
    want[c].assign(range_levels[c] - 1, 0);
    for (long long r = 0; r < rows; ++r)
      for (int x = 0; x < 3; ++x) {
        int bin = range_bin(samples[(r * 6 + x) * 2 + c], levels[c]);
        if (bin >= 0) ++want[c][bin];
      }
  }
  CHECK((hipcub::DeviceHistogram::MultiHistogramRange<2, 2>(temp, bytes, d_samples, d_histogram,
                                                            range_levels, d_levels, 3LL, rows,
                                                            (size_t)6 * 2 * sizeof(float))));
  for (int c = 0; c < 2; ++c)
    expect("MultiHistogramRange rows", pixels, c, to_host(d_histogram[c], range_levels[c] - 1),
           want[c]);
  CHECK(hipFree(temp));
  CHECK(hipFree(d_samples));
  for (int c = 0; c < 2; ++c) {
    CHECK(hipFree(d_histogram[c]));
    CHECK(hipFree(d_levels[c]));
  }
}

int main() {
  print_device("hipcub_multihist");
  unsigned long long seed = 11;
  for (long long pixels : {0LL, 1LL, 7LL, 1000LL, 65537LL, 1LL << 20}) {
    rgba(pixels, seed);
    floats(pixels, seed);
  }
  return finish("hipcub_multihist", errors);
}
