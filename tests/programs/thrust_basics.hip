// oxhip's Thrust (runtime/include/thrust): vectors, pointers, element access, tuples and
// pairs, device_new and device_delete, function objects and placeholders, the fancy iterators, and how algorithms pick
// the host or the device (by policy and by the iterators' systems), against host results.
#include "check.h"
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/device_ptr.h>
#include <thrust/device_malloc.h>
#include <thrust/device_free.h>
#include <thrust/device_new.h>
#include <thrust/device_delete.h>
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/pair.h>
#include <thrust/tuple.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/iterator/reverse_iterator.h>
#include <thrust/iterator/transform_output_iterator.h>
#include <thrust/system/hip/execution_policy.h>
#include <thrust/copy.h>
#include <thrust/fill.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/transform.h>
#include <thrust/for_each.h>
#include <thrust/complex.h>
#include <thrust/random.h>
#include <thrust/shuffle.h>
#include <thrust/sort.h>
#include <vector>

static long long errors = 0;
#define EXPECT(cond)                                                  \
  do {                                                                \
    if (!(cond)) {                                                    \
      std::printf("%s:%d: expected %s\n", __FILE__, __LINE__, #cond); \
      ++errors;                                                       \
    }                                                                 \
  } while (0)

struct square_plus_one {
  __host__ __device__ int operator()(int x) const { return x * x + 1; }
};

// A functor over a zip's tuple of references: writes the third from the first two.
struct fma_tuple {
  float a;
  template <class Tuple>
  __host__ __device__ void operator()(Tuple t) const {
    thrust::get<2>(t) = a * thrust::get<0>(t) + thrust::get<1>(t);
  }
};

struct add_pairs {
  __host__ __device__ thrust::tuple<float, float> operator()(const thrust::tuple<float, float>& a,
                                                             const thrust::tuple<float, float>& b) const {
    return thrust::make_tuple(thrust::get<0>(a) + thrust::get<0>(b), thrust::get<1>(a) + thrust::get<1>(b));
  }
};

struct is_odd {
  __host__ __device__ bool operator()(int x) const { return x % 2 != 0; }
};

// A predicate whose operator() is not const, as many examples write them.
struct mutable_is_odd {
  __host__ __device__ bool operator()(int x) { return x % 2 != 0; }
};

// Runs only in device code: a device algorithm must not run it on the host.
struct device_only_triple {
  __device__ int operator()(int x) const { return 3 * x; }
};

static void vectors() {
  thrust::host_vector<int> h(5);
  for (int i = 0; i < 5; ++i) h[i] = i * 10;
  h.push_back(50);
  EXPECT(h.size() == 6);
  thrust::device_vector<int> d = h;
  EXPECT(d.size() == 6);
  EXPECT(d[3] == 30);
  d[3] = 33;
  d[4] += 2;
  EXPECT(d[3] == 33 && d[4] == 42);
  thrust::host_vector<int> back = d;
  EXPECT(back[3] == 33 && back[5] == 50);
  thrust::device_vector<int> filled(7, 9);
  EXPECT(thrust::reduce(filled.begin(), filled.end()) == 63);
  filled.resize(10, 1);
  EXPECT(filled.size() == 10 && filled[9] == 1 && filled[6] == 9);
  filled.resize(2);
  EXPECT(filled.size() == 2);
  filled.clear();
  EXPECT(filled.empty());
  std::vector<float> source = {1.5f, 2.5f, 3.5f};
  thrust::device_vector<float> from_std(source.begin(), source.end());
  thrust::device_vector<float> copy_of = from_std;
  thrust::device_vector<double> converted(from_std.begin(), from_std.end());
  EXPECT(copy_of[2] == 3.5f && converted[1] == 2.5);
  thrust::device_vector<int> assigned;
  assigned = h;
  EXPECT(assigned.size() == 6 && assigned[5] == 50);
  thrust::device_vector<int> empty;
  EXPECT(empty.begin() == empty.end());
  d.push_back(60);
  EXPECT(d.size() == 7 && d.back() == 60 && d.front() == 0);
  std::vector<int> out(d.size());
  thrust::copy(d.begin(), d.end(), out.begin());
  EXPECT(out[6] == 60 && out[3] == 33);
  d.erase(d.begin() + 1, d.begin() + 3);
  EXPECT(d.size() == 5 && d[1] == 33 && d[4] == 60);
}

static void pointers() {
  const int n = 1000;
  int* raw = nullptr;
  CHECK(hipMalloc(&raw, n * sizeof(int)));
  thrust::device_ptr<int> p = thrust::device_pointer_cast(raw);
  thrust::sequence(p, p + n);  // device_ptr: runs on the device
  EXPECT(thrust::raw_pointer_cast(p) == raw);
  EXPECT(p[999] == 999);
  EXPECT(thrust::reduce(p, p + n) == n * (n - 1) / 2);
  // Raw device pointers with an explicit device policy.
  thrust::transform(thrust::device, raw, raw + n, raw, square_plus_one());
  EXPECT(p[10] == 101);
  CHECK(hipFree(raw));

  thrust::device_ptr<float> block = thrust::device_malloc<float>(256);
  thrust::fill(block, block + 256, 0.5f);
  EXPECT(thrust::reduce(block, block + 256, 0.0f) == 128.0f);
  thrust::device_free(block);

  thrust::device_vector<int> v(4, 7);
  thrust::device_ptr<int> data = v.data();
  int* raw_data = thrust::raw_pointer_cast(v.data());
  int got = 0;
  CHECK(hipMemcpy(&got, raw_data + 2, sizeof(int), hipMemcpyDeviceToHost));
  EXPECT(got == 7 && *(data + 3) == 7);
}

// device_new/device_delete: objects constructed on the device from a default member
// initialiser or an exemplar, then destroyed and freed. (A type with a user-provided
// destructor is left out: passed by value to a kernel, as uninitialized_fill passes the
// exemplar, it crashes the CPU device, FIXME(#26) in docs/cpu-target.md.)
struct Counted {
  int value = 7;
  int twice = 14;
};

static void constructed_on_device() {
  thrust::device_ptr<Counted> made = thrust::device_new<Counted>(5);
  Counted host[5];
  CHECK(hipMemcpy(host, thrust::raw_pointer_cast(made), sizeof host, hipMemcpyDeviceToHost));
  for (int i = 0; i < 5; ++i) EXPECT(host[i].value == 7 && host[i].twice == 14);
  // Copies of an exemplar in memory the caller has.
  thrust::device_ptr<void> memory = thrust::device_malloc(3 * sizeof(Counted));
  Counted exemplar;
  exemplar.value = -3;
  thrust::device_ptr<Counted> copies = thrust::device_new(memory, exemplar, 3);
  EXPECT(copies.get() == memory.get());
  CHECK(hipMemcpy(host, thrust::raw_pointer_cast(copies), 3 * sizeof(Counted),
                  hipMemcpyDeviceToHost));
  for (int i = 0; i < 3; ++i) EXPECT(host[i].value == -3 && host[i].twice == 14);
  thrust::device_ptr<int> one = thrust::device_new<int>(thrust::device_malloc(sizeof(int)));
  EXPECT(*one == 0);
  thrust::device_delete(one);
  thrust::device_delete(made, 5);
  thrust::device_delete(copies, 3);
}

static void tuples_and_functional() {
  thrust::tuple<int, float, char> t = thrust::make_tuple(1, 2.5f, 'x');
  EXPECT(thrust::get<0>(t) == 1 && thrust::get<1>(t) == 2.5f && thrust::get<2>(t) == 'x');
  thrust::get<0>(t) = 5;
  EXPECT(thrust::get<0>(t) == 5);
  thrust::pair<int, double> p = thrust::make_pair(3, 4.0);
  EXPECT(p.first == 3 && p.second == 4.0);
  EXPECT(thrust::make_tuple(1, 2) < thrust::make_tuple(1, 3));
  int tied_a = 0;
  double tied_b = 0;
  thrust::tie(tied_a, tied_b) = thrust::make_pair(7, 8.5);
  EXPECT(tied_a == 7 && tied_b == 8.5);
  EXPECT(thrust::plus<int>()(2, 3) == 5 && thrust::minus<int>()(2, 3) == -1);
  EXPECT(thrust::multiplies<int>()(2, 3) == 6 && thrust::maximum<int>()(2, 3) == 3);
  EXPECT(thrust::minimum<int>()(2, 3) == 2 && thrust::negate<int>()(2) == -2);
  EXPECT(thrust::less<int>()(2, 3) && thrust::greater<int>()(3, 2) && thrust::equal_to<int>()(3, 3));
  EXPECT(thrust::logical_and<bool>()(true, false) == false && thrust::logical_not<bool>()(false));
  EXPECT(thrust::identity<int>()(4) == 4);
  using namespace thrust::placeholders;
  thrust::device_vector<float> x(100), y(100, 1.0f);
  thrust::sequence(x.begin(), x.end());
  // SAXPY with placeholders: y = 2 * x + y.
  thrust::transform(x.begin(), x.end(), y.begin(), y.begin(), 2.0f * _1 + _2);
  EXPECT(y[10] == 21.0f && y[99] == 199.0f);
}

static void iterators() {
  const int n = 1000;
  // counting and constant iterators on the host (any system) and into device vectors.
  EXPECT(thrust::reduce(thrust::make_counting_iterator(0), thrust::make_counting_iterator(n)) ==
         n * (n - 1) / 2);
  thrust::device_vector<int> d(n);
  thrust::copy(thrust::counting_iterator<int>(5), thrust::counting_iterator<int>(5 + n), d.begin());
  EXPECT(d[0] == 5 && d[n - 1] == n + 4);
  thrust::device_vector<int> c(n);
  thrust::transform(d.begin(), d.end(), thrust::make_constant_iterator(3), c.begin(),
                    thrust::multiplies<int>());
  EXPECT(c[1] == 18);
  // transform_iterator over a device vector, reduced on the device.
  long long want = 0;
  for (int i = 0; i < n; ++i) want += (long long)(i + 5) * (i + 5) + 1;
  auto squares = thrust::make_transform_iterator(d.begin(), square_plus_one());
  EXPECT(thrust::reduce(squares, squares + n, 0ll) == want);
  // zip_iterator with for_each: z = 2 * x + y over three device vectors.
  thrust::device_vector<float> x(n), y(n), z(n);
  thrust::sequence(x.begin(), x.end());
  thrust::fill(y.begin(), y.end(), 1.0f);
  thrust::for_each(thrust::make_zip_iterator(thrust::make_tuple(x.begin(), y.begin(), z.begin())),
                   thrust::make_zip_iterator(thrust::make_tuple(x.end(), y.end(), z.end())),
                   fma_tuple{2.0f});
  EXPECT(z[0] == 1.0f && z[100] == 201.0f);
  // A scan over a zip iterator with a tuple operator: running sums of x and y at once.
  thrust::device_vector<thrust::tuple<float, float>> sums(n);
  thrust::inclusive_scan(thrust::make_zip_iterator(thrust::make_tuple(x.begin(), y.begin())),
                         thrust::make_zip_iterator(thrust::make_tuple(x.end(), y.end())), sums.begin(),
                         add_pairs());
  thrust::tuple<float, float> last_sum = sums[n - 1];
  EXPECT(thrust::get<0>(last_sum) == n * (n - 1) / 2.0f && thrust::get<1>(last_sum) == (float)n);
  // permutation_iterator: gather through an index vector.
  thrust::device_vector<int> index(4);
  index[0] = 3;
  index[1] = 0;
  index[2] = 999;
  index[3] = 3;
  auto permuted = thrust::make_permutation_iterator(d.begin(), index.begin());
  EXPECT(thrust::reduce(permuted, permuted + 4) == 8 + 5 + 1004 + 8);
  // discard_iterator as an output; reverse_iterator as an input.
  auto discarded = thrust::transform(d.begin(), d.end(), thrust::make_discard_iterator(), is_odd());
  EXPECT(discarded - thrust::make_discard_iterator() == n);
  thrust::device_vector<int> squared(n);
  thrust::copy(d.begin(), d.end(), thrust::make_transform_output_iterator(squared.begin(), square_plus_one()));
  EXPECT(squared[0] == 26 && squared[n - 1] == (n + 4) * (n + 4) + 1);
  thrust::inclusive_scan(thrust::make_constant_iterator(1), thrust::make_constant_iterator(1) + n,
                         thrust::make_transform_output_iterator(squared.begin(), thrust::negate<int>()));
  EXPECT(squared[0] == -1 && squared[n - 1] == -n);
  thrust::device_vector<int> reversed(n);
  thrust::copy(d.rbegin(), d.rend(), reversed.begin());
  EXPECT(reversed[0] == n + 4 && reversed[n - 1] == 5);
  EXPECT(thrust::count_if(d.begin(), d.end(), mutable_is_odd()) == n / 2);
  thrust::host_vector<int> from_range(d.begin() + 1, d.begin() + 4);
  EXPECT(from_range.size() == 3 && from_range[0] == 6 && from_range[2] == 8);
  // Host iterators stay on the host: a std::vector and a zip over host pointers.
  std::vector<int> a(10), b(10);
  thrust::sequence(a.begin(), a.end(), 1);
  thrust::transform(a.begin(), a.end(), b.begin(), square_plus_one());
  EXPECT(b[3] == 17);
}

// Library code takes any policy through Thrust's base class and hands it on.
template <class Policy>
static int sum_with(const thrust::detail::execution_policy_base<Policy>& exec,
                    const thrust::device_vector<int>& v) {
  return thrust::reduce(exec, v.begin(), v.end());
}
// A user-defined policy derived from the device's.
struct my_device_policy : thrust::device_execution_policy<my_device_policy> {};

static void policies() {
  const int n = 4096;
  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));
  thrust::device_vector<int> d(n);
  thrust::sequence(thrust::hip::par.on(stream), d.begin(), d.end());
  thrust::transform(thrust::hip::par.on(stream), d.begin(), d.end(), d.begin(), device_only_triple());
  EXPECT(thrust::reduce(thrust::hip::par.on(stream), d.begin(), d.end(), 0ll) ==
         3ll * n * (n - 1) / 2);
  thrust::fill(thrust::cuda::par_nosync.on(stream), d.begin(), d.end(), 2);
  CHECK(hipStreamSynchronize(stream));
  EXPECT(thrust::reduce(thrust::device, d.begin(), d.end()) == 2 * n);
  EXPECT(thrust::reduce(thrust::cuda::par, d.begin(), d.end()) == 2 * n);
  EXPECT(sum_with(thrust::device, d) == 2 * n && sum_with(thrust::hip::par.on(stream), d) == 2 * n);
  EXPECT(thrust::reduce(my_device_policy(), d.begin(), d.end()) == 2 * n);
  // Host policies on host memory, thrust::seq too.
  std::vector<int> h(n);
  thrust::sequence(thrust::host, h.begin(), h.end());
  EXPECT(thrust::reduce(thrust::seq, h.begin(), h.end()) == n * (n - 1) / 2);
  int plain[4] = {4, 3, 2, 1};
  EXPECT(thrust::reduce(plain, plain + 4) == 10);  // raw pointers: the host
  CHECK(hipStreamDestroy(stream));
}

// thrust::seq inside a kernel: each thread reduces and sorts its own small array.
__global__ void per_thread(int* out) {
  int values[5] = {(int)threadIdx.x, 4, 1, 3, 2};
  thrust::sort(thrust::seq, values, values + 5);
  out[threadIdx.x] = thrust::reduce(thrust::seq, values, values + 5) * 10 + values[0];
}

static void seq_in_kernels() {
  thrust::device_vector<int> out(8);
  per_thread<<<1, 8>>>(thrust::raw_pointer_cast(out.data()));
  CHECK_LAUNCH();
  EXPECT(out[0] == 100 && out[7] == 170 + 1);
}

static void errors_are_thrown() {
  bool threw = false;
  try {
    thrust::device_vector<char> huge((size_t)1 << 62);
  } catch (const std::bad_alloc&) {
    threw = true;
  } catch (const thrust::system_error&) {
    threw = true;
  }
  EXPECT(threw);
}

struct rotate_and_scale {
  __host__ __device__ thrust::complex<float> operator()(const thrust::complex<float>& z) const {
    return z * thrust::complex<float>(0.0f, 2.0f);
  }
};

// The i-th output of each thread's engine after discard(i): the engine's i-th output.
struct draw {
  unsigned seed;
  __host__ __device__ float operator()(int i) const {
    thrust::default_random_engine engine(seed);
    engine.discard(i);
    thrust::uniform_real_distribution<float> unit(0.0f, 1.0f);
    return unit(engine);
  }
};

static void complex_and_random() {
  thrust::device_vector<thrust::complex<float>> z(100);
  for (int i = 0; i < 100; ++i) z[i] = thrust::complex<float>((float)i, 1.0f);
  thrust::transform(z.begin(), z.end(), z.begin(), rotate_and_scale());
  thrust::complex<float> total =
      thrust::reduce(z.begin(), z.end(), thrust::complex<float>(), thrust::plus<thrust::complex<float>>());
  EXPECT(total.real() == -200.0f && total.imag() == 9900.0f);
  thrust::complex<double> w(3.0, 4.0);
  EXPECT(thrust::abs(w) == 5.0 && thrust::norm(w) == 25.0 && thrust::conj(w).imag() == -4.0);
  thrust::complex<double> root = thrust::sqrt(thrust::complex<double>(-4.0, 0.0));
  EXPECT(root.real() == 0.0 && root.imag() == 2.0);
  thrust::complex<double> e = thrust::exp(thrust::complex<double>(0.0, 3.141592653589793));
  EXPECT(e.real() < -0.999999 && e.imag() < 1e-12 && e.imag() > -1e-12);

  const int n = 1000;
  thrust::device_vector<float> device_draws(n);
  thrust::transform(thrust::make_counting_iterator(0), thrust::make_counting_iterator(n),
                    device_draws.begin(), draw{7});
  thrust::host_vector<float> host_draws = device_draws;
  thrust::minstd_rand sequential(7);
  thrust::uniform_real_distribution<float> unit(0.0f, 1.0f);
  int mismatches = 0;
  for (int i = 0; i < n; ++i) {
    float want = unit(sequential);
    if (host_draws[i] != want || want < 0.0f || want >= 1.0f) ++mismatches;
  }
  EXPECT(mismatches == 0);
  // shuffle: a permutation, on the device and on the host.
  thrust::device_vector<int> deck(n);
  thrust::sequence(deck.begin(), deck.end());
  thrust::shuffle(deck.begin(), deck.end(), thrust::default_random_engine(5));
  thrust::host_vector<int> shuffled = deck;
  std::vector<int> host_deck(shuffled.begin(), shuffled.end());
  thrust::shuffle(thrust::host, host_deck.begin(), host_deck.end(), thrust::default_random_engine(6));
  int in_place = 0;
  for (int i = 0; i < n; ++i) in_place += shuffled[i] == i;
  EXPECT(in_place < n / 10);
  thrust::sort(deck.begin(), deck.end());
  std::sort(host_deck.begin(), host_deck.end());
  EXPECT(deck[0] == 0 && deck[n - 1] == n - 1 && host_deck[n / 2] == n / 2);
  EXPECT(thrust::equal(deck.begin(), deck.end(), thrust::make_counting_iterator(0)));
  // The same engine gives the same permutation on the device and on the host, and small
  // ranges (where the index domain is much larger than the range) stay permutations.
  for (int size : {1, 2, 3, 5, 17, 1000, 4097}) {
    thrust::device_vector<int> d_from(size), d_to(size);
    thrust::sequence(d_from.begin(), d_from.end());
    thrust::shuffle_copy(d_from.begin(), d_from.end(), d_to.begin(),
                         thrust::default_random_engine(7));
    std::vector<int> h_from(size), h_to(size);
    for (int i = 0; i < size; ++i) h_from[i] = i;
    thrust::shuffle_copy(thrust::host, h_from.begin(), h_from.end(), h_to.begin(),
                         thrust::default_random_engine(7));
    thrust::host_vector<int> got = d_to;
    EXPECT(std::equal(h_to.begin(), h_to.end(), got.begin()));
    std::sort(h_to.begin(), h_to.end());
    EXPECT(std::equal(h_to.begin(), h_to.end(), h_from.begin()));
  }
  thrust::default_random_engine first(1);
  EXPECT(first() == 48271u);  // minstd_rand: 48271 * 1 mod (2^31 - 1)
  thrust::uniform_int_distribution<int> dice(1, 6);
  int seen[7] = {0};
  for (int i = 0; i < 600; ++i) ++seen[dice(first)];
  EXPECT(seen[0] == 0 && seen[1] > 50 && seen[6] > 50);
}

int main() {
  print_device("thrust_basics");
  complex_and_random();
  vectors();
  pointers();
  constructed_on_device();
  tuples_and_functional();
  iterators();
  policies();
  seq_in_kernels();
  errors_are_thrown();
  return finish("thrust_basics", errors);
}
