// hipCUB's iterators and in-place scans (oxhip's portable hipcub) against the host:
// DeviceScan::InclusiveSum in place, DeviceReduce over an ArgIndexInputIterator with
// ArgMin, DeviceRunLengthEncode::Encode into DiscardOutputIterators (only the count kept),
// DeviceReduce::Sum through a CacheModifiedInputIterator, and the thread-level helpers
// (ThreadReduce, ThreadScanInclusive/Exclusive, ThreadLoad, Uninitialized, LaneId).
#include "check.h"
#include <hipcub/hipcub.hpp>
#include <hipcub/iterator/arg_index_input_iterator.hpp>
#include <vector>
__global__ void thread_helpers(const int* in, int* out) {
  __shared__ hipcub::Uninitialized<int[4]> shared;
  int items[4], inclusive[4], exclusive[4];
  for (int i = 0; i < 4; ++i) items[i] = hipcub::ThreadLoad<hipcub::LOAD_CG>(in + i);
  out[0] = hipcub::ThreadReduce(items, hipcub::Sum());
  out[1] = hipcub::ThreadScanInclusive(items, inclusive, hipcub::Sum());
  out[2] = hipcub::ThreadScanExclusive(items, exclusive, hipcub::Sum(), 100);
  out[3] = inclusive[2];
  out[4] = exclusive[2];
  if (hipcub::LaneId() == 0) shared.Alias()[0] = 7;
  __syncthreads();
  out[5] = shared.Alias()[0] + (int)hipcub::WarpId();
}

int main() {
  print_device("hipcub_iterators");
  long long errors = 0;
  const int n = 5000;
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) in[i] = (i * 37) % 101 - 50;
  int *d_in, *d_runs;
  CHECK(hipMalloc(&d_in, n * sizeof(int)));
  CHECK(hipMalloc(&d_runs, 8 * sizeof(int)));
  CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  // In-place inclusive sum.
  size_t bytes = 0;
  CHECK(hipcub::DeviceScan::InclusiveSum(nullptr, bytes, d_in, n));
  void* temp;
  CHECK(hipMalloc(&temp, bytes));
  CHECK(hipcub::DeviceScan::InclusiveSum(temp, bytes, d_in, n));
  std::vector<int> got(n);
  CHECK(hipMemcpy(got.data(), d_in, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0, r = 0; i < n; ++i) { r += in[i]; if (got[i] != r) { ++errors; break; } }
  // Min over ArgIndexInputIterator, counts through a discard iterator.
  hipcub::ArgIndexInputIterator<int*> args(d_in);
  hipcub::KeyValuePair<std::ptrdiff_t, int>* d_pair;
  CHECK(hipMalloc(&d_pair, sizeof(*d_pair)));
  CHECK(hipcub::DeviceReduce::Reduce(temp, bytes, args, d_pair, 10, hipcub::ArgMin(),
        hipcub::KeyValuePair<std::ptrdiff_t, int>(99, 1000000)));
  hipcub::KeyValuePair<std::ptrdiff_t, int> pair;
  CHECK(hipMemcpy(&pair, d_pair, sizeof(pair), hipMemcpyDeviceToHost));
  int best = 0;
  for (int i = 1; i < 10; ++i) if (got[i] < got[best]) best = i;
  if (pair.key != best || pair.value != got[best]) { std::printf("argindex %ld %d\n", (long)pair.key, pair.value); ++errors; }
  bytes = 0;
  CHECK(hipcub::DeviceRunLengthEncode::Encode(nullptr, bytes, d_in, hipcub::DiscardOutputIterator<>(), hipcub::DiscardOutputIterator<>(), d_runs, n));
  CHECK(hipFree(temp));
  CHECK(hipMalloc(&temp, bytes));
  CHECK(hipcub::DeviceRunLengthEncode::Encode(temp, bytes, d_in, hipcub::DiscardOutputIterator<>(), hipcub::DiscardOutputIterator<>(), d_runs, n));
  int runs = 0, want = 0;
  CHECK(hipMemcpy(&runs, d_runs, sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) want += i == 0 || got[i] != got[i - 1];
  if (runs != want) { std::printf("runs %d want %d\n", runs, want); ++errors; }
  hipcub::CacheModifiedInputIterator<hipcub::LOAD_LDG, int> cached(d_in);
  thread_helpers<<<1, 1>>>(d_in, d_runs);
  CHECK_LAUNCH();
  int helpers[6];
  CHECK(hipMemcpy(helpers, d_runs, sizeof helpers, hipMemcpyDeviceToHost));
  int sum4 = got[0] + got[1] + got[2] + got[3];
  int want_helpers[6] = {sum4, sum4, 100 + sum4, got[0] + got[1] + got[2], 100 + got[0] + got[1], 7};
  for (int i = 0; i < 6; ++i)
    if (helpers[i] != want_helpers[i]) {
      std::printf("thread helper %d: %d, want %d\n", i, helpers[i], want_helpers[i]);
      ++errors;
    }
  CHECK(hipcub::DeviceReduce::Sum(temp, bytes, cached, d_runs, 1));
  int first = 0;
  CHECK(hipMemcpy(&first, d_runs, sizeof(int), hipMemcpyDeviceToHost));
  if (first != got[0]) ++errors;
  CHECK(hipFree(temp));
  CHECK(hipFree(d_in));
  CHECK(hipFree(d_runs));
  CHECK(hipFree(d_pair));
  return finish("hipcub_iterators", errors);
}
