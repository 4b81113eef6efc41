// Library benchmark (issue 25): CUB and Thrust calls at 2^24 elements (the selection shaped
// like HeCBench nonzero's at 2^22; Thrust's compactions copy_if and unique), timed with events.
// The same source builds with nvcc (CUDA 13's CUB and Thrust) and with oxhip (its own
// hipCUB and Thrust, reached through <cub/cub.cuh> and thrust/ in a CUDA compile).
// Prints "<name> <median ms>" per measure, then checks each result against the host.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cub/cub.cuh>
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <thrust/unique.h>

#define CHECK(call)                                                                        \
  do {                                                                                     \
    cudaError_t status_ = (call);                                                          \
    if (status_ != cudaSuccess) {                                                          \
      std::printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(status_)); \
      std::exit(1);                                                                        \
    }                                                                                      \
  } while (0)

static const int N = 1 << 24;

// The reduction operator of ReduceByKey, a functor of its own (CUDA 13's CUB dropped cub::Sum).
struct AddInt {
  __host__ __device__ int operator()(int a, int b) const { return a + b; }
};
static const int REPS = 15;

// thrust::copy_if's predicate: about half of the values in -100..100 are positive.
struct Positive {
  __host__ __device__ bool operator()(int x) const { return x > 0; }
};

// The flag of HeCBench nonzero's DeviceSelect::Flagged: whether the byte is not zero. Its
// iterators are Thrust's, which CUDA 13 keeps (it dropped cub::CountingInputIterator).
struct NonZeroByte {
  __host__ __device__ bool operator()(unsigned char x) const { return x != 0; }
};

// Runs `prepare` (untimed) then `body` (timed) REPS times after two warm-up rounds; returns
// the median time in milliseconds.
template <class Prepare, class Body>
float median_ms(Prepare prepare, Body body) {
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  std::vector<float> times;
  for (int rep = 0; rep < REPS + 2; ++rep) {
    prepare();
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaEventRecord(start));
    body();
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    if (rep >= 2) times.push_back(ms);
  }
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

// Compares a reduce-by-key result (count runs, their keys and sums) with the host's over the
// runs of equal consecutive keys; prints what differs and returns 1, else returns 0.
static int check_runs(const char* name, const std::vector<int>& keys, const std::vector<int>& values,
                      const int* got_keys, const int* got_sums, long count) {
  long wrong = 0, run = 0;
  for (int i = 0; i < N;) {
    int j = i, sum = 0;
    while (j < N && keys[j] == keys[i]) sum += values[j++];
    if (run >= count || got_keys[run] != keys[i] || got_sums[run] != sum) ++wrong;
    ++run;
    i = j;
  }
  if (wrong == 0 && run == count) return 0;
  std::printf("check: %s %ld wrong, %ld runs of %ld\n", name, wrong, count, run);
  return 1;
}

int main() {
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("# device %s, %d elements, median of %d\n", prop.name, N, REPS);
  std::vector<unsigned int> keys(N), values(N);
  unsigned int state = 12345u;
  for (int i = 0; i < N; ++i) {
    state = state * 1664525u + 1013904223u;
    keys[i] = state;
    values[i] = (unsigned int)i;
  }
  std::vector<int> small(N);
  for (int i = 0; i < N; ++i) small[i] = (int)(keys[i] % 201u) - 100;
  // Keys in runs of 1 to 16 equal values, for reduce_by_key.
  std::vector<int> run_keys(N);
  {
    int key = 0, left = 0;
    for (int i = 0; i < N; ++i) {
      if (left == 0) { ++key; left = 1 + (int)(keys[i] % 16u); }
      run_keys[i] = key;
      --left;
    }
  }
  long failures = 0;

  int *d_small, *d_out;
  long long* d_sum;
  unsigned int *d_keys, *d_values, *d_keys_out, *d_values_out;
  CHECK(cudaMalloc(&d_small, N * sizeof(int)));
  CHECK(cudaMalloc(&d_out, N * sizeof(int)));
  CHECK(cudaMalloc(&d_sum, sizeof(long long)));
  CHECK(cudaMalloc(&d_keys, N * sizeof(unsigned int)));
  CHECK(cudaMalloc(&d_values, N * sizeof(unsigned int)));
  CHECK(cudaMalloc(&d_keys_out, N * sizeof(unsigned int)));
  CHECK(cudaMalloc(&d_values_out, N * sizeof(unsigned int)));
  CHECK(cudaMemcpy(d_small, small.data(), N * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_keys, keys.data(), N * sizeof(unsigned int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_values, values.data(), N * sizeof(unsigned int), cudaMemcpyHostToDevice));

  // DeviceReduce::Sum (int -> long long).
  {
    size_t bytes = 0;
    CHECK(cub::DeviceReduce::Sum(nullptr, bytes, d_small, d_sum, N));
    void* temp;
    CHECK(cudaMalloc(&temp, bytes));
    float ms = median_ms([] {}, [&] { CHECK(cub::DeviceReduce::Sum(temp, bytes, d_small, d_sum, N)); });
    std::printf("DeviceReduce::Sum %.4f\n", ms);
    long long got = 0, want = 0;
    CHECK(cudaMemcpy(&got, d_sum, sizeof got, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; ++i) want += small[i];
    if (got != want) { std::printf("check: DeviceReduce::Sum %lld, want %lld\n", got, want); ++failures; }
    CHECK(cudaFree(temp));
  }
  // DeviceScan::ExclusiveSum (int).
  {
    size_t bytes = 0;
    CHECK(cub::DeviceScan::ExclusiveSum(nullptr, bytes, d_small, d_out, N));
    void* temp;
    CHECK(cudaMalloc(&temp, bytes));
    float ms = median_ms([] {}, [&] { CHECK(cub::DeviceScan::ExclusiveSum(temp, bytes, d_small, d_out, N)); });
    std::printf("DeviceScan::ExclusiveSum %.4f\n", ms);
    std::vector<int> got(N);
    CHECK(cudaMemcpy(got.data(), d_out, N * sizeof(int), cudaMemcpyDeviceToHost));
    int running = 0;
    long wrong = 0;
    for (int i = 0; i < N; ++i) { wrong += got[i] != running; running += small[i]; }
    if (wrong) { std::printf("check: DeviceScan::ExclusiveSum %ld wrong\n", wrong); ++failures; }
    CHECK(cudaFree(temp));
  }
  // DeviceRadixSort::SortPairs (32-bit keys and values).
  {
    size_t bytes = 0;
    CHECK(cub::DeviceRadixSort::SortPairs(nullptr, bytes, d_keys, d_keys_out, d_values, d_values_out, N));
    void* temp;
    CHECK(cudaMalloc(&temp, bytes));
    float ms = median_ms([] {}, [&] {
      CHECK(cub::DeviceRadixSort::SortPairs(temp, bytes, d_keys, d_keys_out, d_values, d_values_out, N));
    });
    std::printf("DeviceRadixSort::SortPairs %.4f\n", ms);
    std::vector<unsigned int> got_keys(N), got_values(N);
    CHECK(cudaMemcpy(got_keys.data(), d_keys_out, N * sizeof(unsigned int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(got_values.data(), d_values_out, N * sizeof(unsigned int), cudaMemcpyDeviceToHost));
    long wrong = 0;
    for (int i = 0; i < N; ++i) {
      if (i > 0 && got_keys[i - 1] > got_keys[i]) ++wrong;
      if (keys[got_values[i]] != got_keys[i]) ++wrong;
    }
    if (wrong) { std::printf("check: DeviceRadixSort::SortPairs %ld wrong\n", wrong); ++failures; }
    CHECK(cudaFree(temp));
  }
  // thrust::sort (32-bit keys).
  {
    thrust::device_vector<unsigned int> pristine(keys.begin(), keys.end()), data(N);
    float ms = median_ms([&] { thrust::copy(pristine.begin(), pristine.end(), data.begin()); },
                         [&] { thrust::sort(data.begin(), data.end()); });
    std::printf("thrust::sort %.4f\n", ms);
    thrust::host_vector<unsigned int> got = data;
    std::vector<unsigned int> want = keys;
    std::sort(want.begin(), want.end());
    long wrong = 0;
    for (int i = 0; i < N; ++i) wrong += got[i] != want[i];
    if (wrong) { std::printf("check: thrust::sort %ld wrong\n", wrong); ++failures; }
  }
  // DeviceReduce::ReduceByKey on the same runs (preallocated storage, the count left on the
  // device): the kernels alone, without thrust::reduce_by_key's allocation and count copy.
  {
    int *d_run_keys, *d_unique, *d_sums, *d_runs;
    CHECK(cudaMalloc(&d_run_keys, N * sizeof(int)));
    CHECK(cudaMalloc(&d_unique, N * sizeof(int)));
    CHECK(cudaMalloc(&d_sums, N * sizeof(int)));
    CHECK(cudaMalloc(&d_runs, sizeof(int)));
    CHECK(cudaMemcpy(d_run_keys, run_keys.data(), N * sizeof(int), cudaMemcpyHostToDevice));
    size_t bytes = 0;
    CHECK(cub::DeviceReduce::ReduceByKey(nullptr, bytes, d_run_keys, d_unique, d_small, d_sums,
                                         d_runs, AddInt(), N));
    void* temp;
    CHECK(cudaMalloc(&temp, bytes));
    float ms = median_ms([] {}, [&] {
      CHECK(cub::DeviceReduce::ReduceByKey(temp, bytes, d_run_keys, d_unique, d_small, d_sums,
                                           d_runs, AddInt(), N));
    });
    std::printf("DeviceReduce::ReduceByKey %.4f\n", ms);
    int runs = 0;
    CHECK(cudaMemcpy(&runs, d_runs, sizeof runs, cudaMemcpyDeviceToHost));
    std::vector<int> got_keys(runs > 0 ? runs : 1), got_sums(runs > 0 ? runs : 1);
    if (runs > 0) {
      CHECK(cudaMemcpy(got_keys.data(), d_unique, runs * sizeof(int), cudaMemcpyDeviceToHost));
      CHECK(cudaMemcpy(got_sums.data(), d_sums, runs * sizeof(int), cudaMemcpyDeviceToHost));
    }
    failures += check_runs("DeviceReduce::ReduceByKey", run_keys, small, got_keys.data(),
                           got_sums.data(), runs);
    CHECK(cudaFree(temp));
    CHECK(cudaFree(d_run_keys));
    CHECK(cudaFree(d_unique));
    CHECK(cudaFree(d_sums));
    CHECK(cudaFree(d_runs));
  }
  // thrust::reduce_by_key (int keys in runs, int values).
  {
    thrust::device_vector<int> d_run_keys(run_keys.begin(), run_keys.end());
    thrust::device_vector<int> d_values_in(small.begin(), small.end());
    thrust::device_vector<int> unique_keys(N), sums(N);
    size_t segments = 0;
    float ms = median_ms([] {}, [&] {
      auto ends = thrust::reduce_by_key(d_run_keys.begin(), d_run_keys.end(), d_values_in.begin(),
                                        unique_keys.begin(), sums.begin());
      segments = ends.first - unique_keys.begin();
    });
    std::printf("thrust::reduce_by_key %.4f\n", ms);
    thrust::host_vector<int> got_keys = unique_keys, got_sums = sums;
    failures += check_runs("thrust::reduce_by_key", run_keys, small, got_keys.data(),
                           got_sums.data(), (long)segments);
  }
  // DeviceSelect::Flagged shaped like HeCBench nonzero's: the indices (64-bit, from a
  // counting iterator) of the nonzero bytes (about half of them, read through a transform
  // iterator) of 2^22, storage allocated beforehand, the count left on the device.
  {
    const int items = 1 << 22;
    std::vector<unsigned char> bytes_in(items);
    for (int i = 0; i < items; ++i)
      bytes_in[i] = (keys[i] >> 7) % 2 ? (unsigned char)((keys[i] >> 24) | 1) : 0;
    unsigned char* d_bytes;
    long long* d_indices;
    int* d_selected;
    CHECK(cudaMalloc(&d_bytes, items));
    CHECK(cudaMalloc(&d_indices, items * sizeof(long long)));
    CHECK(cudaMalloc(&d_selected, sizeof(int)));
    CHECK(cudaMemcpy(d_bytes, bytes_in.data(), items, cudaMemcpyHostToDevice));
    thrust::counting_iterator<long long> indices(0);
    auto flags = thrust::make_transform_iterator(d_bytes, NonZeroByte());
    size_t bytes = 0;
    CHECK(cub::DeviceSelect::Flagged(nullptr, bytes, indices, flags, d_indices, d_selected, items));
    void* temp;
    CHECK(cudaMalloc(&temp, bytes));
    float ms = median_ms([] {}, [&] {
      CHECK(cub::DeviceSelect::Flagged(temp, bytes, indices, flags, d_indices, d_selected, items));
    });
    std::printf("DeviceSelect::Flagged(nonzero) %.4f\n", ms);
    int selected = 0;
    CHECK(cudaMemcpy(&selected, d_selected, sizeof selected, cudaMemcpyDeviceToHost));
    std::vector<long long> got(selected > 0 ? selected : 1);
    if (selected > 0)
      CHECK(cudaMemcpy(got.data(), d_indices, selected * sizeof(long long), cudaMemcpyDeviceToHost));
    long wrong = 0, want = 0;
    for (int i = 0; i < items; ++i)
      if (bytes_in[i] != 0) {
        if (want >= selected || got[want] != i) ++wrong;
        ++want;
      }
    if (wrong || want != selected) {
      std::printf("check: DeviceSelect::Flagged(nonzero) %ld wrong, %d selected of %ld\n", wrong,
                  selected, want);
      ++failures;
    }
    CHECK(cudaFree(temp));
    CHECK(cudaFree(d_bytes));
    CHECK(cudaFree(d_indices));
    CHECK(cudaFree(d_selected));
  }
  // thrust::copy_if: the positive values of `small` (about half), in order.
  {
    thrust::device_vector<int> d_in(small.begin(), small.end()), d_kept(N);
    long kept = 0;
    float ms = median_ms([] {}, [&] {
      kept = thrust::copy_if(d_in.begin(), d_in.end(), d_kept.begin(), Positive()) - d_kept.begin();
    });
    std::printf("thrust::copy_if %.4f\n", ms);
    thrust::host_vector<int> got = d_kept;
    long wrong = 0, want = 0;
    for (int i = 0; i < N; ++i)
      if (small[i] > 0) {
        if (want >= kept || got[want] != small[i]) ++wrong;
        ++want;
      }
    if (wrong || want != kept) {
      std::printf("check: thrust::copy_if %ld wrong, %ld kept of %ld\n", wrong, kept, want);
      ++failures;
    }
  }
  // thrust::unique in place over the keys in runs of 1 to 16 (restored before each call, not
  // timed): one key a run, in order.
  {
    thrust::device_vector<int> d_run_keys(run_keys.begin(), run_keys.end()), d_work(N);
    long count = 0;
    float ms = median_ms(
        [&] { thrust::copy(d_run_keys.begin(), d_run_keys.end(), d_work.begin()); },
        [&] { count = thrust::unique(d_work.begin(), d_work.end()) - d_work.begin(); });
    std::printf("thrust::unique %.4f\n", ms);
    thrust::host_vector<int> got = d_work;
    long wrong = 0, want = 0;
    for (int i = 0; i < N; ++i)
      if (i == 0 || run_keys[i] != run_keys[i - 1]) {
        if (want >= count || got[want] != run_keys[i]) ++wrong;
        ++want;
      }
    if (wrong || want != count) {
      std::printf("check: thrust::unique %ld wrong, %ld kept of %ld\n", wrong, count, want);
      ++failures;
    }
  }
  std::printf("# checks: %s\n", failures == 0 ? "PASSED" : "FAILED");
  return failures == 0 ? 0 : 1;
}
