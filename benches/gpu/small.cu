// Small calls: the latency of one synchronous runtime, Thrust or CUB call on little data,
// the cost that programs paying it thousands of times see (HeCBench's mtf calls thrust::find
// and thrust::copy on 256 bytes 2,300 times a pass). The same source builds with nvcc (CUDA
// 13's runtime, CUB and Thrust) and with oxhip. Each measure is the time of one call, from
// the host's clock over a loop of calls (every one of which returns only when done, as the
// program would see it), the median of 9 rounds after one warm-up round; printed as
// "<name> <ms>", then the results are checked ("check ...").
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cub/cub.cuh>
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/find.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>

#define CHECK(call)                                                                        \
  do {                                                                                     \
    cudaError_t status_ = (call);                                                          \
    if (status_ != cudaSuccess) {                                                          \
      std::printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(status_)); \
      std::exit(1);                                                                        \
    }                                                                                      \
  } while (0)

static const int ROUNDS = 9;

// The median over ROUNDS rounds (after one more, not counted) of the time of one call of
// `body`, each round `calls` calls; in milliseconds.
template <class Body>
double per_call_ms(int calls, Body body) {
  std::vector<double> times;
  for (int round = 0; round <= ROUNDS; ++round) {
    CHECK(cudaDeviceSynchronize());
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < calls; ++i) body(i);
    auto end = std::chrono::steady_clock::now();
    if (round > 0) times.push_back(std::chrono::duration<double, std::milli>(end - start).count() / calls);
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

static void report(const char* name, double ms) { std::printf("%s %.5f\n", name, ms); }

__global__ void empty_kernel() {}

__global__ void set_kernel(int* out, int value) {
  if (threadIdx.x == 0 && blockIdx.x == 0) *out = value;
}

struct IsOdd {
  __host__ __device__ bool operator()(int x) const { return (x & 1) != 0; }
};

int main() {
  int failures = 0;
  const int calls = 2000;

  // The runtime alone.
  std::vector<char> host(256), back(256);
  for (int i = 0; i < 256; ++i) host[i] = (char)(i * 7);
  char* dev = nullptr;
  CHECK(cudaMalloc(&dev, 4096));
  int* word = nullptr;
  CHECK(cudaMalloc(&word, sizeof(int)));
  report("launch+sync", per_call_ms(calls, [&](int) {
           empty_kernel<<<1, 32>>>();
           CHECK(cudaDeviceSynchronize());
         }));
  report("launch+stream_sync", per_call_ms(calls, [&](int) {
           empty_kernel<<<1, 32>>>();
           CHECK(cudaStreamSynchronize(0));
         }));
  report("memcpy_h2d_256B", per_call_ms(calls, [&](int) {
           CHECK(cudaMemcpy(dev, host.data(), 256, cudaMemcpyHostToDevice));
         }));
  report("memcpy_d2h_256B", per_call_ms(calls, [&](int) {
           CHECK(cudaMemcpy(back.data(), dev, 256, cudaMemcpyDeviceToHost));
         }));
  report("memcpy_d2h_4B_after_launch", per_call_ms(calls, [&](int i) {
           set_kernel<<<1, 32>>>(word, i);
           int got = 0;
           CHECK(cudaMemcpy(&got, word, sizeof(int), cudaMemcpyDeviceToHost));
           if (got != i) failures += 1;
         }));
  report("memcpy_d2d_256B", per_call_ms(calls, [&](int) {
           CHECK(cudaMemcpy(dev + 1024, dev, 256, cudaMemcpyDeviceToDevice));
         }));
  report("memset_256B", per_call_ms(calls, [&](int) { CHECK(cudaMemset(dev, 0, 256)); }));
  report("malloc+free_256B", per_call_ms(calls, [&](int) {
           void* p = nullptr;
           CHECK(cudaMalloc(&p, 256));
           CHECK(cudaFree(p));
         }));
  report("malloc+free_64MiB", per_call_ms(200, [&](int) {
           void* p = nullptr;
           CHECK(cudaMalloc(&p, 64 << 20));
           CHECK(cudaFree(p));
         }));
  CHECK(cudaMemcpy(dev, host.data(), 256, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dev + 2048, dev, 256, cudaMemcpyDeviceToDevice));
  CHECK(cudaMemcpy(back.data(), dev + 2048, 256, cudaMemcpyDeviceToHost));
  if (back != host) {
    std::printf("check memcpy: the bytes came back changed\n");
    failures += 1;
  }

  // Thrust on 256 bytes, as HeCBench's mtf uses it.
  thrust::host_vector<char> h_list(256);
  for (int i = 0; i < 256; ++i) h_list[i] = (char)i;
  thrust::device_vector<char> d_list(256);
  long found_sum = 0;
  report("thrust_copy_h2d_256B", per_call_ms(calls, [&](int) {
           thrust::copy(h_list.begin(), h_list.end(), d_list.begin());
         }));
  report("thrust_find_256B", per_call_ms(calls, [&](int i) {
           auto it = thrust::find(d_list.begin(), d_list.end(), (char)(i & 127));
           found_sum += it - d_list.begin();
         }));
  report("thrust_copy_d2h_128B", per_call_ms(calls, [&](int) {
           thrust::copy(d_list.begin(), d_list.begin() + 128, h_list.begin());
         }));
  report("device_vector_read", per_call_ms(calls, [&](int i) { found_sum += d_list[i & 255]; }));
  report("device_vector_write", per_call_ms(calls, [&](int i) { d_list[i & 255] = (char)(i & 255); }));
  report("device_vector_256B_make+free", per_call_ms(calls, [&](int) {
           thrust::device_vector<char> scratch(256);
           found_sum += scratch.size();
         }));
  // One step of the move-to-front transform, written the way mtf writes it.
  report("mtf_step", per_call_ms(calls, [&](int i) {
           char symbol = (char)((i * 13) & 63);
           thrust::copy(h_list.begin(), h_list.end(), d_list.begin());
           auto it = thrust::find(d_list.begin(), d_list.end(), symbol);
           if (h_list[0] != symbol) {
             thrust::copy(d_list.begin(), it, h_list.begin() + 1);
             h_list[0] = symbol;
           }
         }));

  // Small Thrust algorithms on 1,024 ints.
  std::vector<int> values(1024);
  for (int i = 0; i < 1024; ++i) values[i] = (i * 7919) % 1024;
  thrust::device_vector<int> d_values(values.begin(), values.end());
  thrust::device_vector<int> d_scratch(1024);
  long reduced = 0, counted = 0;
  report("thrust_reduce_1K", per_call_ms(calls, [&](int) {
           reduced = thrust::reduce(d_values.begin(), d_values.end());
         }));
  report("thrust_count_if_1K", per_call_ms(calls, [&](int) {
           counted = thrust::count_if(d_values.begin(), d_values.end(), IsOdd());
         }));
  report("thrust_exclusive_scan_1K", per_call_ms(calls, [&](int) {
           thrust::exclusive_scan(d_values.begin(), d_values.end(), d_scratch.begin());
         }));
  report("thrust_sort_1K", per_call_ms(500, [&](int) {
           thrust::copy(d_values.begin(), d_values.end(), d_scratch.begin());
           thrust::sort(d_scratch.begin(), d_scratch.end());
         }));
  long want_reduced = 0, want_counted = 0;
  for (int v : values) {
    want_reduced += v;
    want_counted += v & 1;
  }
  if (reduced != want_reduced || counted != want_counted) {
    std::printf("check thrust: reduce %ld (want %ld), count_if %ld (want %ld)\n", reduced,
                want_reduced, counted, want_counted);
    failures += 1;
  }
  thrust::host_vector<int> sorted = d_scratch;
  for (int i = 0; i < 1024; ++i)
    if (sorted[i] != i) {
      std::printf("check thrust_sort: [%d] = %d\n", i, (int)sorted[i]);
      failures += 1;
      break;
    }

  // CUB's two-call convention on 1,024 ints, storage allocated and freed each time, as most
  // programs write it.
  int* d_sum = nullptr;
  CHECK(cudaMalloc(&d_sum, sizeof(int)));
  int* d_in = thrust::raw_pointer_cast(d_values.data());
  report("cub_reduce_sum_1K_with_malloc", per_call_ms(calls, [&](int) {
           size_t bytes = 0;
           CHECK(cub::DeviceReduce::Sum(nullptr, bytes, d_in, d_sum, 1024));
           void* temp = nullptr;
           CHECK(cudaMalloc(&temp, bytes));
           CHECK(cub::DeviceReduce::Sum(temp, bytes, d_in, d_sum, 1024));
           CHECK(cudaFree(temp));
         }));
  int sum = 0;
  CHECK(cudaMemcpy(&sum, d_sum, sizeof(int), cudaMemcpyDeviceToHost));
  if (sum != want_reduced) {
    std::printf("check cub_reduce: %d (want %ld)\n", sum, want_reduced);
    failures += 1;
  }
  if (failures != 0) {
    std::printf("check: %d failures\n", failures);
    return 1;
  }
  std::printf("check: all results as expected (found_sum %ld)\n", found_sum);
  return 0;
}
