// thrust::pointer, thrust::reference, retag and reinterpret_tag, and a program's own systems
// in oxhip's Thrust:
// - a tag derived from thrust::device_system_tag (and one from thrust::cuda::tag): pointers
//   and iterators retagged to it run algorithms without a policy on the device; a tag derived
//   from thrust::host_system_tag runs them on the host. Where an algorithm ran is read from a
//   function object whose result differs between host and device code.
// - thrust::pointer<T, Tag>: its types and system, element access from host code through
//   thrust::reference (device tags) or T& (host tags), arithmetic and comparisons.
// - the "minimal custom backend": `struct my_system : thrust::device_execution_policy<
//   my_system> {}` with the program's own for_each(my_system, ...), which thrust::for_each
//   must call (with the policy, and without one over iterators tagged my_system), while other
//   algorithms with my_system and for_each without it run Thrust's own; a policy derived from
//   thrust::cuda::execution_policy runs on the device.
// - the host and device tags are policies: thrust::sort(thrust::device_system_tag(), ...).
#include "check.h"
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/for_each.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/retag.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/memory.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <type_traits>
#include <vector>

static long long errors = 0;

static void expect(bool ok, const char* what) {
  if (!ok) {
    std::printf("%s: wrong\n", what);
    ++errors;
  }
}

struct my_device_tag : thrust::device_system_tag {};
struct my_cuda_tag : thrust::cuda::tag {};
struct my_host_tag : thrust::host_system_tag {};

// x * 10, plus 1 where it runs in device code.
struct mark_where {
  __host__ int where() const { return 0; }
  __device__ int where() const { return 1; }
  __host__ __device__ int operator()(int x) const { return x * 10 + where(); }
};

template <class Vector>
static bool all_equal(const Vector& v, int (*want)(int)) {
  thrust::host_vector<int> got(v.size());
  thrust::copy(v.begin(), v.end(), got.begin());
  for (size_t i = 0; i < got.size(); ++i)
    if (got[i] != want((int)i)) return false;
  return true;
}

static void pointers() {
  thrust::device_vector<int> v(8);
  thrust::sequence(v.begin(), v.end());
  typedef thrust::pointer<int, my_device_tag> tagged;
  tagged p = thrust::retag<my_device_tag>(v.data());
  static_assert(std::is_same<decltype(thrust::retag<my_device_tag>(v.data())), tagged>::value,
                "retag of a device_ptr is a thrust::pointer");
  static_assert(std::is_same<thrust::iterator_system<tagged>::type, my_device_tag>::value,
                "a pointer's system is its tag");
  static_assert(std::is_same<std::iterator_traits<tagged>::value_type, int>::value,
                "iterator_traits of thrust::pointer");
  static_assert(std::is_same<std::iterator_traits<tagged>::reference,
                             thrust::reference<int, tagged>>::value,
                "a device tag's pointer dereferences to thrust::reference on the host");
  expect(p.get() == thrust::raw_pointer_cast(v.data()), "retag: same address");
  expect(thrust::raw_pointer_cast(p) == p.get(), "raw_pointer_cast of thrust::pointer");
  int third = p[3];
  expect(third == 3, "thrust::reference: read");
  p[3] = 30;
  *(p + 4) += 10;
  ++p[5];
  expect(v[3] == 30 && v[4] == 14 && v[5] == 6, "thrust::reference: write, +=, ++");
  tagged q = p;
  q += 7;
  expect(q - p == 7 && q > p && p != q && (q - 7) == p && *--q == 6, "thrust::pointer: arithmetic");
  expect(tagged() == nullptr && p != nullptr, "thrust::pointer: null");

  std::vector<int> host(4, 2);
  typedef thrust::pointer<int, my_host_tag> host_tagged;
  host_tagged h = thrust::retag<my_host_tag>(host.data());
  static_assert(std::is_same<std::iterator_traits<host_tagged>::reference, int&>::value,
                "a host tag's pointer dereferences to the element");
  h[1] = 7;
  expect(host[1] == 7 && *h == 2, "host thrust::pointer: element access");

  // reinterpret_tag: any tag, whatever the system was (a raw pointer to device memory).
  auto raw_tagged = thrust::reinterpret_tag<my_cuda_tag>(thrust::raw_pointer_cast(v.data()));
  static_assert(std::is_same<decltype(raw_tagged), thrust::pointer<int, my_cuda_tag>>::value,
                "reinterpret_tag of a raw pointer");
  expect(raw_tagged[3] == 30, "reinterpret_tag: read");
}

static int times_ten_plus_one(int i) { return i * 10 + 1; }
static int times_ten(int i) { return i * 10; }

static void dispatch_on_tags() {
  const int n = 1000;
  thrust::device_vector<int> v(n), out(n);
  thrust::sequence(v.begin(), v.end());

  // Device tags: no policy, the device.
  thrust::transform(thrust::retag<my_device_tag>(v.begin()), thrust::retag<my_device_tag>(v.end()),
                    thrust::retag<my_device_tag>(out.begin()), mark_where());
  expect(all_equal(out, times_ten_plus_one), "tag derived from device_system_tag: on the device");
  thrust::fill(out.begin(), out.end(), 0);
  int* raw_in = thrust::raw_pointer_cast(v.data());
  int* raw_out = thrust::raw_pointer_cast(out.data());
  thrust::transform(thrust::reinterpret_tag<my_cuda_tag>(raw_in),
                    thrust::reinterpret_tag<my_cuda_tag>(raw_in + n),
                    thrust::reinterpret_tag<my_cuda_tag>(raw_out), mark_where());
  expect(all_equal(out, times_ten_plus_one), "tag derived from cuda::tag: on the device");

  // A retagged fancy iterator: reduce over it on the device.
  auto marked = thrust::make_transform_iterator(v.begin(), mark_where());
  long long sum = thrust::reduce(thrust::retag<my_device_tag>(marked),
                                 thrust::retag<my_device_tag>(marked + n), 0LL);
  expect(sum == 10LL * n * (n - 1) / 2 + n, "retagged transform_iterator: reduce on the device");

  // A host tag: the host.
  std::vector<int> host_in(n), host_out(n);
  for (int i = 0; i < n; ++i) host_in[i] = i;
  thrust::transform(thrust::retag<my_host_tag>(host_in.data()),
                    thrust::retag<my_host_tag>(host_in.data() + n),
                    thrust::retag<my_host_tag>(host_out.data()), mark_where());
  bool on_host = true;
  for (int i = 0; i < n; ++i) on_host = on_host && host_out[i] == times_ten(i);
  expect(on_host, "tag derived from host_system_tag: on the host");

  // The tags are policies.
  thrust::sequence(v.begin(), v.end(), n, -1);
  thrust::sort(thrust::device_system_tag(), v.begin(), v.end());
  expect(v[0] == 1 && v[n - 1] == n, "thrust::sort(device_system_tag(), ...)");
  thrust::transform(my_device_tag(), v.begin(), v.end(), out.begin(), mark_where());
  expect(out[0] == 11, "a program's device tag as a policy");
  thrust::transform(my_host_tag(), host_in.begin(), host_in.end(), host_out.begin(), mark_where());
  expect(host_out[5] == 50, "a program's host tag as a policy");
}

// ---- a minimal custom backend ------------------------------------------------------------------

struct my_system : thrust::device_execution_policy<my_system> {};
struct my_cuda_policy : thrust::cuda::execution_policy<my_cuda_policy> {};
static int my_for_each_calls = 0;

template <class Iterator, class Function>
Iterator for_each(my_system, Iterator first, Iterator last, Function f) {
  ++my_for_each_calls;
  return thrust::for_each(thrust::device, first, last, f);
}

struct add_one {
  __host__ __device__ void operator()(int& x) const { x += 1; }
};

static void custom_backend() {
  thrust::device_vector<int> v(100, 1);
  my_system sys;
  thrust::for_each(sys, v.begin(), v.end(), add_one());
  expect(my_for_each_calls == 1 && v[7] == 2, "my_system: thrust::for_each calls the program's");
  const my_system const_sys{};
  thrust::for_each(const_sys, v.begin(), v.end(), add_one());
  expect(my_for_each_calls == 2 && v[7] == 3, "my_system: const policy");
  thrust::transform(sys, v.begin(), v.end(), v.begin(), thrust::negate<int>());
  expect(my_for_each_calls == 2 && v[7] == -3, "my_system: transform is Thrust's, on the device");
  thrust::for_each(v.begin(), v.end(), add_one());
  expect(my_for_each_calls == 2 && v[7] == -2, "no policy: Thrust's for_each");
  thrust::for_each(thrust::reinterpret_tag<my_system>(v.begin()),
                   thrust::reinterpret_tag<my_system>(v.end()), add_one());
  expect(my_for_each_calls == 3 && v[7] == -1,
         "iterators tagged my_system: the program's for_each");
  int total = thrust::reduce(thrust::reinterpret_tag<my_system>(v.begin()),
                             thrust::reinterpret_tag<my_system>(v.end()));
  expect(total == -100, "iterators tagged my_system: reduce is Thrust's");
  thrust::transform(my_cuda_policy(), v.begin(), v.end(), v.begin(), mark_where());
  expect(v[7] == -9, "a policy derived from thrust::cuda::execution_policy: on the device");
}

int main() {
  print_device("thrust_retag");
  pointers();
  dispatch_on_tags();
  custom_backend();
  return finish("thrust_retag", errors);
}
