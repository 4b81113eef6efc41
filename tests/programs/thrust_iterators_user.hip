// Iterators a program defines itself with thrust::iterator_adaptor and thrust::iterator_facade,
// in the style Thrust documents (private core operations, friend thrust::iterator_core_access),
// used by Thrust's algorithms on the device and on the host, through fancy iterators and in a
// kernel of the program's own; and thrust::tabulate_output_iterator.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/iterator_adaptor.h>
#include <thrust/iterator/iterator_facade.h>
#include <thrust/iterator/tabulate_output_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/copy.h>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

#include <cstdio>
#include <type_traits>
#include <vector>

static int failures = 0;
static void expect(bool ok, const char* what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    ++failures;
  }
}

// Each element of the base range `copies` times: only dereference() is the program's own; the
// adaptor supplies the rest from the base. The const member means the iterator cannot be
// assigned, only copied, as in Thrust's own example of the style.
template <class It>
class repeat_iterator : public thrust::iterator_adaptor<repeat_iterator<It>, It> {
 public:
  typedef thrust::iterator_adaptor<repeat_iterator<It>, It> super_t;
  __host__ __device__ repeat_iterator(const It& it, int copies)
      : super_t(it), start_(it), copies_(copies) {}
  friend class thrust::iterator_core_access;

 private:
  const It start_;
  int copies_;
  __host__ __device__ typename super_t::reference dereference() const {
    return *(start_ + (this->base() - start_) / copies_);
  }
};

// Every `stride`-th element: the movement is the program's own, the dereference the adaptor's.
template <class It>
class stride_iterator : public thrust::iterator_adaptor<stride_iterator<It>, It> {
 public:
  typedef thrust::iterator_adaptor<stride_iterator<It>, It> super_t;
  __host__ __device__ stride_iterator() : super_t(), stride_(1) {}
  __host__ __device__ stride_iterator(const It& it, int stride) : super_t(it), stride_(stride) {}
  friend class thrust::iterator_core_access;

 private:
  int stride_;
  __host__ __device__ void increment() { this->base_reference() += stride_; }
  __host__ __device__ void decrement() { this->base_reference() -= stride_; }
  __host__ __device__ void advance(typename super_t::difference_type n) {
    this->base_reference() += n * stride_;
  }
  __host__ __device__ typename super_t::difference_type distance_to(const stride_iterator& other) const {
    return (other.base() - this->base()) / stride_;
  }
};

// An adaptor that changes the value and reference types: the negated elements, as values.
template <class It>
class negated_iterator
    : public thrust::iterator_adaptor<negated_iterator<It>, It, int, thrust::use_default,
                                      thrust::use_default, int> {
 public:
  typedef thrust::iterator_adaptor<negated_iterator<It>, It, int, thrust::use_default,
                                   thrust::use_default, int>
      super_t;
  __host__ __device__ explicit negated_iterator(const It& it) : super_t(it) {}
  friend class thrust::iterator_core_access;

 private:
  __host__ __device__ int dereference() const { return -static_cast<int>(*this->base()); }
};

// A facade with every core operation written out: the squares 0, 1, 4, 9, ... of any system.
class squares_iterator
    : public thrust::iterator_facade<squares_iterator, long long, thrust::any_system_tag,
                                     thrust::random_access_traversal_tag, long long> {
 public:
  __host__ __device__ explicit squares_iterator(long long i = 0) : i_(i) {}
  friend class thrust::iterator_core_access;

 private:
  long long i_;
  __host__ __device__ long long dereference() const { return i_ * i_; }
  __host__ __device__ bool equal(const squares_iterator& other) const { return i_ == other.i_; }
  __host__ __device__ void increment() { ++i_; }
  __host__ __device__ void decrement() { --i_; }
  __host__ __device__ void advance(std::ptrdiff_t n) { i_ += n; }
  __host__ __device__ std::ptrdiff_t distance_to(const squares_iterator& other) const {
    return other.i_ - i_;
  }
};

// A facade over raw device memory that names the device system itself, so that calls without
// a policy run on the device; its reference is a true reference, so it can be written through.
class device_span_iterator
    : public thrust::iterator_facade<device_span_iterator, int, thrust::device_system_tag,
                                     thrust::random_access_traversal_tag, int&> {
 public:
  __host__ __device__ explicit device_span_iterator(int* p) : p_(p) {}
  friend class thrust::iterator_core_access;

 private:
  int* p_;
  __host__ __device__ int& dereference() const { return *p_; }
  __host__ __device__ bool equal(const device_span_iterator& other) const { return p_ == other.p_; }
  __host__ __device__ void increment() { ++p_; }
  __host__ __device__ void decrement() { --p_; }
  __host__ __device__ void advance(std::ptrdiff_t n) { p_ += n; }
  __host__ __device__ std::ptrdiff_t distance_to(const device_span_iterator& other) const {
    return other.p_ - p_;
  }
};

// What Thrust's types say about such iterators.
typedef thrust::device_vector<int>::iterator dev_it;
static_assert(std::is_same<repeat_iterator<dev_it>::value_type, int>::value, "value_type");
static_assert(std::is_same<repeat_iterator<dev_it>::reference, thrust::device_reference<int>>::value,
              "an adaptor over device_ptr has device_ptr's reference");
static_assert(std::is_same<repeat_iterator<int*>::reference, int&>::value, "reference");
static_assert(std::is_same<std::iterator_traits<stride_iterator<int*>>::iterator_category,
                           std::random_access_iterator_tag>::value,
              "random access");
static_assert(std::is_same<repeat_iterator<dev_it>::base_type, dev_it>::value, "base_type");
static_assert(std::is_same<thrust::iterator_system<repeat_iterator<dev_it>>::type,
                           thrust::device_system_tag>::value,
              "an adaptor takes its base's system");
static_assert(std::is_same<thrust::iterator_system<repeat_iterator<int*>>::type,
                           thrust::host_system_tag>::value,
              "host base, host system");
static_assert(std::is_same<thrust::iterator_system<device_span_iterator>::type,
                           thrust::device_system_tag>::value,
              "a facade's system is its argument");
static_assert(std::is_same<negated_iterator<int*>::reference, int>::value, "given reference");
static_assert(std::is_same<thrust::iterator_traits<squares_iterator>::value_type, long long>::value,
              "iterator_traits");

// A kernel of the program's own reading through the iterators.
template <class It>
__global__ void gather_kernel(It it, int n, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = it[i];
}

struct times_ten {
  __host__ __device__ int operator()(int x) const { return 10 * x; }
};
struct record_at {
  int* out;
  __host__ __device__ void operator()(std::ptrdiff_t i, int x) const { out[i] = x + 1000 * (int)i; }
};

static void adaptors_on_the_device() {
  const int n = 1000;
  thrust::device_vector<int> data(n);
  thrust::sequence(data.begin(), data.end());

  // Without a policy the adaptor's base decides: device_ptr, so the device.
  repeat_iterator<dev_it> repeated(data.begin(), 3);
  thrust::device_vector<int> out(3 * n);
  thrust::copy(repeated, repeated + 3 * n, out.begin());
  thrust::host_vector<int> h = out;
  bool ok = true;
  for (int i = 0; i < 3 * n; ++i) ok = ok && h[i] == i / 3;
  expect(ok, "copy through a repeat_iterator over device_vector");
  long long sum = thrust::reduce(repeated, repeated + 3 * n, 0LL);
  expect(sum == 3LL * n * (n - 1) / 2, "reduce through a repeat_iterator");
  expect(repeated + 3 * n - repeated == 3 * n && (repeated + 5) > repeated &&
             repeated + 7 == (repeated + 6) + 1 && repeated != repeated + 1,
         "facade arithmetic and comparisons");
  expect(repeated[7] == 2 && *(repeated + 8) == 2 && *(++repeated) == 0, "element access");

  // Writing through an adaptor in kernels: device_reference in device code.
  thrust::device_vector<int> wide(2 * n, -1);
  stride_iterator<dev_it> evens(wide.begin(), 2);
  thrust::sequence(evens, evens + n, 5);
  thrust::transform(thrust::device, evens, evens + n, evens, times_ten());
  h = wide;
  ok = true;
  for (int i = 0; i < 2 * n; ++i) ok = ok && h[i] == (i % 2 == 0 ? 10 * (5 + i / 2) : -1);
  expect(ok, "sequence and transform through a stride_iterator");

  // A sort through the adaptor: keys are copied out and written back through it.
  thrust::device_vector<int> keys(2 * n);
  thrust::transform(thrust::make_counting_iterator(0), thrust::make_counting_iterator(2 * n),
                    keys.begin(), times_ten());
  stride_iterator<dev_it> odd_keys(keys.begin() + 1, 2);
  thrust::sort(odd_keys, odd_keys + n, thrust::greater<int>());
  h = keys;
  ok = true;
  for (int i = 0; i < n; ++i) ok = ok && h[2 * i] == 20 * i && h[2 * i + 1] == 10 * (2 * n - 1 - 2 * i);
  expect(ok, "sort through a stride_iterator");

  // Scans through the adaptors (hipCUB's): reading a repeat_iterator, writing a
  // stride_iterator; and reduce_by_key with the adaptor as keys.
  thrust::device_vector<int> scanned(2 * 3 * n, -1);
  stride_iterator<dev_it> every_other(scanned.begin(), 2);
  repeat_iterator<dev_it> again(data.begin(), 3);
  thrust::inclusive_scan(again, again + 3 * n, every_other);
  h = scanned;
  ok = true;
  for (int i = 0, total = 0; i < 3 * n; ++i) {
    total += i / 3;
    ok = ok && h[2 * i] == total && h[2 * i + 1] == -1;
  }
  expect(ok, "inclusive_scan from a repeat_iterator into a stride_iterator");
  thrust::device_vector<int> unique_keys(n), sums(n);
  auto ends = thrust::reduce_by_key(again, again + 3 * n, thrust::make_constant_iterator(2),
                                    unique_keys.begin(), sums.begin());
  expect(ends.first - unique_keys.begin() == n && unique_keys[n - 1] == n - 1 && sums[0] == 6 &&
             sums[n - 1] == 6,
         "reduce_by_key with repeat_iterator keys");

  // Fancy iterators over the program's iterators, and a facade of any system on the device.
  int dot = thrust::reduce(thrust::make_transform_iterator(negated_iterator<dev_it>(data.begin()),
                                                           times_ten()),
                           thrust::make_transform_iterator(negated_iterator<dev_it>(data.end()),
                                                           times_ten()));
  expect(dot == -10 * n * (n - 1) / 2, "transform_iterator over negated_iterator");
  long long squares = thrust::reduce(thrust::device, squares_iterator(0), squares_iterator(n), 0LL);
  expect(squares == (long long)(n - 1) * n * (2 * n - 1) / 6, "reduce over a facade on the device");
  thrust::device_vector<long long> sq(n);
  thrust::copy(thrust::device, squares_iterator(0), squares_iterator(n), sq.begin());
  expect(sq[n - 1] == (long long)(n - 1) * (n - 1), "copy from a facade");
  auto zipped = thrust::make_zip_iterator(repeated, squares_iterator(1));
  expect(thrust::get<0>(*zipped) == 0 && thrust::get<1>(zipped[3]) == 16, "zip over user iterators");

  // A device-system facade over raw device memory: no policy, so the device.
  int* raw = thrust::raw_pointer_cast(out.data());
  device_span_iterator span(raw);
  thrust::sequence(span, span + n, 7);
  thrust::sort(span, span + n, thrust::greater<int>());
  expect(out[0] == n + 6 && out[n - 1] == 7 && out[n] == n / 3, "a device facade sorted in place");

  // The iterators in a kernel of the program's own.
  thrust::device_vector<int> gathered(3 * n);
  gather_kernel<<<(3 * n + 255) / 256, 256>>>(repeat_iterator<dev_it>(data.begin(), 3), 3 * n,
                                              thrust::raw_pointer_cast(gathered.data()));
  expect(hipDeviceSynchronize() == hipSuccess, "gather kernel");
  h = gathered;
  ok = true;
  for (int i = 0; i < 3 * n; ++i) ok = ok && h[i] == i / 3;
  expect(ok, "repeat_iterator in the program's kernel");

  // Empty ranges.
  expect(thrust::reduce(repeated, repeated, 42) == 42, "empty reduce");
  thrust::copy(evens, evens, out.begin());
  expect(out[0] == n + 6, "empty copy writes nothing");
}

static void adaptors_on_the_host() {
  const int n = 257;
  std::vector<int> data(n);
  for (int i = 0; i < n; ++i) data[i] = i;
  repeat_iterator<std::vector<int>::iterator> repeated(data.begin(), 2);
  std::vector<int> out(2 * n);
  thrust::copy(repeated, repeated + 2 * n, out.begin());
  bool ok = true;
  for (int i = 0; i < 2 * n; ++i) ok = ok && out[i] == i / 2;
  expect(ok, "repeat_iterator over std::vector, host copy");

  stride_iterator<int*> odds(data.data() + 1, 2);
  thrust::transform(thrust::host, odds, odds + n / 2, odds, times_ten());
  ok = true;
  for (int i = 0; i < n; ++i) ok = ok && data[i] == (i % 2 ? 10 * i : i);
  expect(ok, "transform through a stride_iterator on the host");
  thrust::sort(thrust::host, odds, odds + n / 2, thrust::greater<int>());
  ok = true;
  for (int i = 0; i < n / 2; ++i) ok = ok && data[2 * i + 1] == 10 * (n - 2 - 2 * i);
  expect(ok, "sort through a stride_iterator on the host");

  long long squares = thrust::reduce(thrust::host, squares_iterator(0), squares_iterator(10), 0LL);
  expect(squares == 285, "reduce over a facade on the host");
  expect(thrust::reduce(negated_iterator<int*>(data.data()), negated_iterator<int*>(data.data() + 3)) ==
             -(data[0] + data[1] + data[2]),
         "negated_iterator on the host");

  // Host to device through the program's iterators: the copy stages them.
  thrust::device_vector<int> d(2 * n);
  thrust::copy(repeated, repeated + 2 * n, d.begin());
  thrust::host_vector<int> back = d;
  ok = true;
  for (int i = 0; i < 2 * n; ++i) ok = ok && back[i] == data[i / 2];
  expect(ok, "host adaptor to device_vector");
}

static void tabulate_output() {
  const int n = 3000;
  thrust::device_vector<int> out(n, 0);
  auto sink = thrust::make_tabulate_output_iterator(record_at{thrust::raw_pointer_cast(out.data())});
  // A device algorithm writes through it: f(i, x) for the i-th output.
  thrust::transform(thrust::device, thrust::make_counting_iterator(0),
                    thrust::make_counting_iterator(n), sink, times_ten());
  thrust::host_vector<int> h = out;
  bool ok = true;
  for (int i = 0; i < n; ++i) ok = ok && h[i] == 10 * i + 1000 * i;
  expect(ok, "transform into a tabulate_output_iterator on the device");
  // Offsets: the index is the position from where the iterator started.
  thrust::copy(thrust::device, thrust::make_counting_iterator(0), thrust::make_counting_iterator(5),
               sink + 10);
  h = out;
  expect(h[10] == 10000 && h[14] == 4 + 14000 && h[15] == 150 + 15000, "offset tabulate_output_iterator");

  std::vector<int> host_out(8, 0);
  auto host_sink = thrust::make_tabulate_output_iterator(record_at{host_out.data()});
  thrust::copy(thrust::host, thrust::make_counting_iterator(1), thrust::make_counting_iterator(9),
               host_sink);
  ok = true;
  for (int i = 0; i < 8; ++i) ok = ok && host_out[i] == i + 1 + 1000 * i;
  expect(ok, "tabulate_output_iterator on the host");
  host_sink[3] = 7;
  expect(host_out[3] == 3007, "assignment through operator[]");
  thrust::copy(thrust::host, thrust::make_counting_iterator(0), thrust::make_counting_iterator(0),
               host_sink);
  expect(host_out[0] == 1, "empty range calls nothing");
}

int main() {
  adaptors_on_the_device();
  adaptors_on_the_host();
  tabulate_output();
  if (failures == 0)
    std::printf("thrust_iterators_user: PASSED\n");
  else
    std::printf("thrust_iterators_user: FAILED (%d failures)\n", failures);
  return failures == 0 ? 0 : 1;
}
