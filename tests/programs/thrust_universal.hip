// thrust::universal_vector in managed memory (and universal_host_pinned_vector in mapped
// pinned memory): host code reads and writes its elements in place, Thrust's algorithms run on
// it on the device (without a policy and with thrust::device) and on the host (thrust::host),
// and the program's own kernels write it through its raw pointer. Also THRUST_DEVICE_SYSTEM
// in a HIP program.
#include <thrust/universal_vector.h>
#include <thrust/universal_allocator.h>
#include <thrust/universal_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

#include <cstdio>
#include <type_traits>
#include <vector>

#if THRUST_DEVICE_SYSTEM != THRUST_DEVICE_SYSTEM_HIP
#error "a HIP program's THRUST_DEVICE_SYSTEM is THRUST_DEVICE_SYSTEM_HIP"
#endif
static_assert(THRUST_DEVICE_SYSTEM_HIP == 5 && THRUST_DEVICE_SYSTEM_CUDA == 1 &&
                  THRUST_DEVICE_SYSTEM_OMP == 2 && THRUST_DEVICE_SYSTEM_TBB == 3 &&
                  THRUST_DEVICE_SYSTEM_CPP == 4,
              "Thrust's and rocThrust's values");

static int failures = 0;
static void expect(bool ok, const char* what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    ++failures;
  }
}

typedef thrust::universal_vector<int> uvec;
static_assert(std::is_same<uvec::reference, int&>::value, "elements are plain references");
static_assert(std::is_same<decltype(std::declval<uvec&>()[0]), int&>::value, "operator[]");
static_assert(std::is_same<uvec::iterator, thrust::universal_ptr<int>>::value, "iterator");
static_assert(std::is_same<uvec::allocator_type, thrust::universal_allocator<int>>::value,
              "allocator");
static_assert(std::is_same<thrust::iterator_system<uvec::iterator>::type,
                           thrust::device_system_tag>::value,
              "universal memory is the device system");
static_assert(!std::is_same<uvec, thrust::device_vector<int>>::value,
              "a universal_vector is not a device_vector");

__global__ void add_index(int* data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += i;
}

struct square {
  __host__ __device__ int operator()(int x) const { return x * x; }
};

template <class Vector>
static void exercise(const char* name, hipMemoryType want_type, int want_managed) {
  const int n = 5000;
  Vector v(n);
  hipPointerAttribute_t attributes;
  expect(hipPointerGetAttributes(&attributes, thrust::raw_pointer_cast(v.data())) == hipSuccess &&
             attributes.type == want_type && attributes.isManaged == want_managed,
         name);

  // The host writes elements in place; the device transforms them; the host reads them.
  for (int i = 0; i < n; ++i) v[i] = n - i;
  int* raw = thrust::raw_pointer_cast(v.data());
  expect(raw[0] == n && &v[1] == raw + 1, "elements are the memory itself");
  thrust::transform(thrust::device, v.begin(), v.end(), v.begin(), square());
  bool ok = true;
  for (int i = 0; i < n; ++i) ok = ok && v[i] == (n - i) * (n - i);
  expect(ok, "transform with thrust::device, read on the host");

  // Without a policy the device system: sort and reduce on the device.
  for (int i = 0; i < n; ++i) v[i] = (i * 7919) % n;
  thrust::sort(v.begin(), v.end());
  ok = true;
  for (int i = 0; i < n; ++i) ok = ok && v[i] == i;
  expect(ok, "sort without a policy");
  expect(thrust::reduce(v.begin(), v.end(), 0LL) == (long long)n * (n - 1) / 2, "reduce");

  // The program's kernel writes through the raw pointer; after a synchronisation the host
  // sees the result.
  add_index<<<(n + 255) / 256, 256>>>(raw, n);
  expect(hipDeviceSynchronize() == hipSuccess, "kernel on universal memory");
  ok = true;
  for (int i = 0; i < n; ++i) ok = ok && v[i] == 2 * i;
  expect(ok, "the program's kernel, read on the host");

  // thrust::host runs on the host, on the same memory.
  thrust::sequence(thrust::host, v.begin(), v.end(), 3);
  expect(v[0] == 3 && v[n - 1] == n + 2, "sequence with thrust::host");
  expect(thrust::reduce(thrust::host, v.begin(), v.begin() + 4) == 3 + 4 + 5 + 6, "host reduce");

  // Growth, insertion and removal keep the elements.
  v.push_back(-1);
  v.resize(n + 3, 9);
  expect(v.size() == (size_t)n + 3 && v[n] == -1 && v[n + 2] == 9 && v[0] == 3, "push_back, resize");
  v.erase(v.begin(), v.begin() + 2);
  expect(v.size() == (size_t)n + 1 && v[0] == 5, "erase");
  v.insert(v.begin(), 2, 42);
  expect(v[0] == 42 && v[1] == 42 && v[2] == 5, "insert");
  v.front() = 1;
  v.back() += 1;
  expect(v[0] == 1 && v[v.size() - 1] == 10, "front and back are references");

  // Conversions to and from the other vectors.
  thrust::host_vector<int> h(v.begin(), v.end());
  thrust::device_vector<int> d = v;
  Vector from_device(d);
  Vector from_host = h;
  std::vector<int> standard(h.begin(), h.end());
  Vector from_std(standard);
  expect(h.size() == v.size() && h[2] == 5 && d[2] == 5 && from_device[2] == 5 &&
             from_host[2] == 5 && from_std[v.size() - 1] == 10,
         "conversions");
  thrust::host_vector<int> h2 = from_device;
  expect(h2 == h, "universal to host_vector");
  Vector copy = v;
  copy[0] = 77;
  expect(v[0] == 1 && copy[0] == 77 && copy[2] == 5, "copies are deep");
  Vector list = {4, 5, 6};
  expect(list.size() == 3 && list[2] == 6, "initializer list");

  // Empty vectors and ranges.
  Vector empty;
  expect(empty.empty() && empty.begin() == empty.end(), "empty");
  thrust::sort(empty.begin(), empty.end());
  expect(thrust::reduce(empty.begin(), empty.end(), 5) == 5, "empty reduce");
}

int main() {
  exercise<thrust::universal_vector<int>>("universal_vector is managed memory",
                                          hipMemoryTypeManaged, 1);
  exercise<thrust::universal_host_pinned_vector<int>>(
      "universal_host_pinned_vector is pinned host memory", hipMemoryTypeHost, 0);

  // universal_ptr on its own: from universal_allocator, used by an algorithm with a policy.
  thrust::universal_allocator<double> allocator;
  thrust::universal_ptr<double> p = allocator.allocate(100);
  thrust::sequence(thrust::device, p, p + 100, 1.0);
  expect(p[99] == 100.0 && *p == 1.0 && thrust::raw_pointer_cast(p)[5] == 6.0, "universal_ptr");
  allocator.deallocate(p, 100);

  if (failures == 0)
    std::printf("thrust_universal: PASSED\n");
  else
    std::printf("thrust_universal: FAILED (%d failures)\n", failures);
  return failures == 0 ? 0 : 1;
}
