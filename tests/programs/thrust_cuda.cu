// oxhip-flags: --extended-lambda
// A CUDA program using Thrust as nvcc users write it: cudaMalloc'd memory wrapped in
// thrust::device_ptr, thrust::cuda::par.on(stream) on a cudaStream_t, __device__ lambdas
// (nvcc's --extended-lambda), a reduction, a sort by key and a reduce_by_key, with its own
// error checks; a caching allocator for the temporaries (thrust::cuda::par(alloc).on(stream),
// thrust::cuda::malloc/free and thrust::cuda::pointer), a counting allocator derived from
// thrust::device_allocator for a device_vector, iterators retagged to a tag derived from
// thrust::cuda::tag, thrust::async::reduce on the stream; code under
// `#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA`, as CUDA libraries write it
// (thrust::system::cuda names, a universal_vector in managed memory). oxhip compiles it by
// translating it to HIP; the thrust/ headers stay.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <thrust/async/reduce.h>
#include <thrust/device_allocator.h>
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/retag.h>
#include <thrust/merge.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/system/cuda/memory.h>
#include <thrust/transform.h>
#include <thrust/universal_vector.h>

// What NVIDIA's Thrust reports in a CUDA program; the other branch must not be taken.
#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
#define DEVICE_SYSTEM_IS_CUDA 1
#elif THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_HIP
#define DEVICE_SYSTEM_IS_CUDA 0
#else
#error "THRUST_DEVICE_SYSTEM is neither CUDA nor HIP"
#endif
static_assert(THRUST_DEVICE_SYSTEM_CUDA == 1 && THRUST_DEVICE_SYSTEM_OMP == 2 &&
                  THRUST_DEVICE_SYSTEM_TBB == 3 && THRUST_DEVICE_SYSTEM_CPP == 4,
              "Thrust's values");

#define CHECK(call)                                                                   \
  do {                                                                                \
    cudaError_t status_ = (call);                                                     \
    if (status_ != cudaSuccess) {                                                     \
      std::printf("%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(status_)); \
      std::exit(1);                                                                   \
    }                                                                                 \
  } while (0)

__global__ void scale(float* data, int n, float factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] *= factor;
}

// Thrust's custom temporary allocation example, as CUDA programs copy it: free blocks kept by
// size, from thrust::cuda::malloc.
struct cached_allocator {
  typedef char value_type;
  std::vector<std::pair<std::ptrdiff_t, char*>> free_blocks;
  int fresh = 0, calls = 0, outstanding = 0;
  char* allocate(std::ptrdiff_t num_bytes) {
    ++calls;
    ++outstanding;
    for (size_t i = 0; i < free_blocks.size(); ++i)
      if (free_blocks[i].first == num_bytes) {
        char* p = free_blocks[i].second;
        free_blocks.erase(free_blocks.begin() + i);
        return p;
      }
    ++fresh;
    return thrust::cuda::malloc<char>(num_bytes).get();
  }
  void deallocate(char* ptr, size_t n) {
    --outstanding;
    free_blocks.push_back(std::make_pair((std::ptrdiff_t)n, ptr));
  }
  ~cached_allocator() {
    for (auto& block : free_blocks) thrust::cuda::free(thrust::cuda::pointer<char>(block.second));
  }
};

static int vector_allocations = 0;
template <class T>
struct counted_allocator : thrust::device_allocator<T> {
  typename thrust::device_allocator<T>::pointer allocate(size_t n) {
    ++vector_allocations;
    return thrust::device_allocator<T>::allocate(n);
  }
};

struct my_tag : thrust::cuda::tag {};

int main() {
  const int n = 100000;
  int failures = 0;
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));

  float* raw = nullptr;
  CHECK(cudaMalloc(&raw, n * sizeof(float)));
  thrust::device_ptr<float> data(raw);
  thrust::sequence(thrust::cuda::par.on(stream), data, data + n);
  scale<<<(n + 255) / 256, 256, 0, stream>>>(raw, n, 0.5f);
  CHECK(cudaGetLastError());
  // A __device__ lambda: y = x * x, then the sum.
  thrust::transform(thrust::cuda::par.on(stream), data, data + n, data,
                    [] __device__(float x) { return x * x; });
  double sum = thrust::reduce(thrust::cuda::par.on(stream), data, data + n, 0.0,
                              thrust::plus<double>());
  double want = 0;
  for (int i = 0; i < n; ++i) want += (0.5 * i) * (0.5 * i);
  if (sum < want * (1 - 1e-6) || sum > want * (1 + 1e-6)) {
    std::printf("reduce: %f, want %f\n", sum, want);
    ++failures;
  }

  // sort_by_key on the stream, then reduce_by_key into device vectors.
  thrust::device_vector<int> keys(n), values(n, 1);
  thrust::transform(thrust::cuda::par.on(stream), thrust::make_counting_iterator(0),
                    thrust::make_counting_iterator(n), keys.begin(),
                    [] __host__ __device__(int i) { return (i * 7919) % 100; });
  thrust::sort_by_key(thrust::cuda::par.on(stream), keys.begin(), keys.end(), values.begin());
  thrust::device_vector<int> unique_keys(100), counts(100);
  auto ends = thrust::reduce_by_key(keys.begin(), keys.end(), values.begin(), unique_keys.begin(),
                                    counts.begin());
  thrust::host_vector<int> host_keys = unique_keys, host_counts = counts;
  if (ends.first - unique_keys.begin() != 100) {
    std::printf("reduce_by_key: %d keys, want 100\n", (int)(ends.first - unique_keys.begin()));
    ++failures;
  }
  for (int k = 0; k < 100; ++k)
    if (host_keys[k] != k || host_counts[k] != n / 100) {
      std::printf("reduce_by_key: key %d: %d, count %d\n", k, host_keys[k], host_counts[k]);
      ++failures;
      break;
    }

  // merge_by_key with a __device__ lambda as the comparator: descending keys, the first
  // range's value first among equal keys.
  {
    thrust::device_vector<int> k1 = {9, 7, 7, 2}, v1 = {1, 2, 3, 4}, k2 = {8, 7, 2, 1},
                               v2 = {5, 6, 7, 8};
    thrust::device_vector<int> k(8), v(8);
    auto end = thrust::merge_by_key(thrust::cuda::par.on(stream), k1.begin(), k1.end(), k2.begin(),
                                    k2.end(), v1.begin(), v2.begin(), k.begin(), v.begin(),
                                    [] __device__(int a, int b) { return a > b; });
    thrust::host_vector<int> hk = k, hv = v;
    const int want_keys[] = {9, 8, 7, 7, 7, 2, 2, 1}, want_values[] = {1, 5, 2, 3, 6, 4, 7, 8};
    bool ok = end.first == k.end() && end.second == v.end();
    for (int i = 0; i < 8; ++i) ok = ok && hk[i] == want_keys[i] && hv[i] == want_values[i];
    if (!ok) {
      std::printf("merge_by_key with a __device__ lambda\n");
      ++failures;
    }
  }

  // A raw pointer of the device with thrust::device, and a Thrust error as an exception.
  int* counters = nullptr;
  CHECK(cudaMalloc(&counters, 16 * sizeof(int)));
  thrust::fill(thrust::device, counters, counters + 16, 3);
  if (thrust::reduce(thrust::device, counters, counters + 16) != 48) {
    std::printf("fill/reduce on a raw device pointer\n");
    ++failures;
  }
  bool threw = false;
  try {
    thrust::device_vector<double> too_big((size_t)1 << 60);
  } catch (std::exception&) {
    threw = true;
  }
  if (!threw) {
    std::printf("no exception for an impossible allocation\n");
    ++failures;
  }

  {
    // Temporaries from the program's caching allocator, on the stream; twice, the second time
    // from the cache.
    cached_allocator cache;
    thrust::device_vector<int, counted_allocator<int>> keys(n);
    int vectors_made = vector_allocations;
    bool sorted = true;
    for (int round = 0; round < 2; ++round) {
      thrust::sequence(keys.begin(), keys.end(), n, -1);
      thrust::sort(thrust::cuda::par(cache).on(stream), keys.begin(), keys.end());
      sorted = sorted && keys[0] == 1 && keys[n - 1] == n;
    }
    if (!sorted || cache.calls < 2 || cache.fresh * 2 > cache.calls || cache.outstanding != 0 ||
        vectors_made != 1) {
      std::printf("cuda::par(alloc).on(stream): sorted %d, %d calls, %d fresh, %d vector blocks\n",
                  sorted, cache.calls, cache.fresh, vectors_made);
      ++failures;
    }
    // Iterators retagged to a tag of the program's: no policy, the device.
    thrust::transform(thrust::retag<my_tag>(keys.begin()), thrust::retag<my_tag>(keys.end()),
                      thrust::retag<my_tag>(keys.begin()), [] __device__(int x) { return -x; });
    thrust::device_future<long long> total = thrust::async::reduce(
        thrust::cuda::par.on(stream), keys.begin(), keys.end(), 0LL, thrust::plus<long long>());
    if (total.get() != -(long long)n * (n + 1) / 2) {
      std::printf("retag<my_tag> and thrust::async::reduce\n");
      ++failures;
    }
  }

  if (!DEVICE_SYSTEM_IS_CUDA) {
    std::printf("THRUST_DEVICE_SYSTEM is not THRUST_DEVICE_SYSTEM_CUDA in a CUDA program\n");
    ++failures;
  }
#if THRUST_DEVICE_SYSTEM == THRUST_DEVICE_SYSTEM_CUDA
  // The CUDA system's own names, and managed memory the host reads after a kernel.
  thrust::system::cuda::universal_vector<int> managed(1000);
  for (int i = 0; i < 1000; ++i) managed[i] = i;
  thrust::transform(thrust::system::cuda::par.on(stream), managed.begin(), managed.end(),
                    managed.begin(), [] __device__(int x) { return 3 * x; });
  cudaPointerAttributes attributes;
  CHECK(cudaPointerGetAttributes(&attributes, thrust::raw_pointer_cast(managed.data())));
  if (managed[999] != 2997 || attributes.type != cudaMemoryTypeManaged) {
    std::printf("universal_vector under THRUST_DEVICE_SYSTEM_CUDA\n");
    ++failures;
  }
  thrust::system::cuda::vector<int> on_device(managed.begin(), managed.end());
  if (thrust::reduce(thrust::cuda::par, on_device.begin(), on_device.end()) != 3 * 999 * 1000 / 2) {
    std::printf("thrust::system::cuda::vector\n");
    ++failures;
  }
#endif

  CHECK(cudaFree(counters));
  CHECK(cudaFree(raw));
  CHECK(cudaStreamDestroy(stream));
  std::printf("thrust_cuda: %s\n", failures == 0 ? "PASSED" : "FAILED");
  return failures == 0 ? 0 : 1;
}
