// A program's own allocators in oxhip's Thrust, in the shapes real code writes them:
// - device_vector<T, A> where A derives from thrust::device_allocator<T> and counts, where A
//   derives from thrust::device_malloc_allocator<T>, and where A is a plain class whose
//   allocate returns thrust::device_ptr<T> (from a pool of its own); host_vector<T, A> with a
//   counting host allocator. Each vector's memory must come from its allocator's allocate and
//   go back through its deallocate (calls and elements counted, balanced after the vectors
//   go); copies, moves, swaps, growth and get_allocator keep the allocator.
// - temporary storage from a caching allocator (`typedef char value_type; char*
//   allocate(std::ptrdiff_t); void deallocate(char*, size_t)`) given to thrust::hip::par,
//   thrust::cuda::par, par(alloc).on(stream), par.on(stream)(alloc), thrust::device(alloc) and
//   thrust::device(alloc).on(stream):
//   sort, sort_by_key, reduce, inclusive_scan, reduce_by_key and copy_if must allocate from it
//   (at least one call each), give everything back, and compute the right results.
// - temporary storage from a policy of the program's own that provides get_temporary_buffer
//   and return_temporary_buffer (the older style of Thrust's examples).
// Every count is checked, so the program fails if an allocator is accepted and ignored.
#include "check.h"
#include <thrust/copy.h>
#include <thrust/device_allocator.h>
#include <thrust/device_malloc_allocator.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <thrust/system/cuda/memory.h>
#include <algorithm>
#include <cstddef>
#include <map>
#include <numeric>
#include <vector>

static long long errors = 0;

static void expect(bool ok, const char* what) {
  if (!ok) {
    std::printf("%s: wrong\n", what);
    ++errors;
  }
}

// ---- vector allocators ----------------------------------------------------------------------

struct tally {
  long long allocations = 0;
  long long deallocations = 0;
  long long elements_live = 0;
};
static tally counted_tally, malloc_tally, pool_tally, host_tally;

// Derives from device_allocator and counts (the most common shape).
template <class T>
struct counting_allocator : thrust::device_allocator<T> {
  typedef thrust::device_allocator<T> super;
  typedef typename super::pointer pointer;
  typedef typename super::size_type size_type;
  template <class U>
  struct rebind {
    typedef counting_allocator<U> other;
  };
  counting_allocator() {}
  template <class U>
  counting_allocator(const counting_allocator<U>&) {}
  pointer allocate(size_type n) {
    ++counted_tally.allocations;
    counted_tally.elements_live += (long long)n;
    return super::allocate(n);
  }
  void deallocate(pointer p, size_type n) {
    ++counted_tally.deallocations;
    counted_tally.elements_live -= (long long)n;
    super::deallocate(p, n);
  }
};

// Derives from device_malloc_allocator.
template <class T>
struct malloc_counting_allocator : thrust::device_malloc_allocator<T> {
  typedef thrust::device_malloc_allocator<T> super;
  typedef typename super::pointer pointer;
  typedef typename super::size_type size_type;
  pointer allocate(size_type n) {
    ++malloc_tally.allocations;
    malloc_tally.elements_live += (long long)n;
    return super::allocate(n);
  }
  void deallocate(pointer p, size_type n) {
    ++malloc_tally.deallocations;
    malloc_tally.elements_live -= (long long)n;
    super::deallocate(p, n);
  }
};

// A plain allocator with state: it carves its elements out of one hipMalloc'd arena and
// remembers which arena it is, so a vector that used another allocator's memory, or freed
// through a copy that is not its own, is caught.
template <class T>
struct arena_allocator {
  typedef T value_type;
  typedef thrust::device_ptr<T> pointer;
  T* base;
  std::size_t used;
  std::size_t capacity;
  int id;
  arena_allocator(T* arena, std::size_t count, int which)
      : base(arena), used(0), capacity(count), id(which) {}
  pointer allocate(std::size_t n) {
    ++pool_tally.allocations;
    pool_tally.elements_live += (long long)n;
    if (used + n > capacity) throw std::bad_alloc();
    T* p = base + used;
    used += n;
    return pointer(p);
  }
  void deallocate(pointer p, std::size_t n) {
    ++pool_tally.deallocations;
    pool_tally.elements_live -= (long long)n;
    if (p.get() < base || p.get() + n > base + capacity) {
      std::printf("arena_allocator %d: freeing memory that is not its own\n", id);
      ++errors;
    }
  }
};

template <class T>
struct counting_host_allocator {
  typedef T value_type;
  counting_host_allocator() {}
  template <class U>
  counting_host_allocator(const counting_host_allocator<U>&) {}
  T* allocate(std::size_t n) {
    ++host_tally.allocations;
    host_tally.elements_live += (long long)n;
    return static_cast<T*>(::operator new(n * sizeof(T)));
  }
  void deallocate(T* p, std::size_t n) {
    ++host_tally.deallocations;
    host_tally.elements_live -= (long long)n;
    ::operator delete(p);
  }
  template <class U>
  bool operator==(const counting_host_allocator<U>&) const {
    return true;
  }
  template <class U>
  bool operator!=(const counting_host_allocator<U>&) const {
    return false;
  }
};

template <class Vector>
static bool holds(const Vector& v, const std::vector<int>& want) {
  thrust::host_vector<int> got(v.size());
  thrust::copy(v.begin(), v.end(), got.begin());
  return got.size() == want.size() && std::equal(want.begin(), want.end(), got.begin());
}

static void vector_allocators() {
  std::vector<int> values(1000);
  std::iota(values.begin(), values.end(), 7);
  {
    thrust::device_vector<int, counting_allocator<int>> a(values.begin(), values.end());
    expect(counted_tally.allocations >= 1 && counted_tally.elements_live >= 1000,
           "device_allocator-derived: construction allocates through the allocator");
    expect(holds(a, values), "device_allocator-derived: contents");
    long long before = counted_tally.allocations;
    thrust::device_vector<int, counting_allocator<int>> b = a;  // a copy allocates
    expect(counted_tally.allocations == before + 1, "device_allocator-derived: copy");
    thrust::device_vector<int, counting_allocator<int>> c(std::move(b));  // a move does not
    expect(counted_tally.allocations == before + 1, "device_allocator-derived: move");
    for (int i = 0; i < 5000; ++i) c.push_back(i);  // growth reallocates, frees the old block
    expect(counted_tally.allocations > before + 1 && counted_tally.deallocations >= 1,
           "device_allocator-derived: growth");
    c.resize(10);
    c.shrink_to_fit();
    expect(c.capacity() == 10, "device_allocator-derived: shrink_to_fit");
    a.swap(c);
    expect(a.size() == 10 && c.size() == 1000, "device_allocator-derived: swap");
    counting_allocator<int> alloc = a.get_allocator();
    (void)alloc;
  }
  expect(counted_tally.allocations > 0 &&
             counted_tally.allocations == counted_tally.deallocations &&
             counted_tally.elements_live == 0,
         "device_allocator-derived: every block given back, with its size");

  {
    thrust::device_vector<int, malloc_counting_allocator<int>> v(values.size());
    thrust::copy(values.begin(), values.end(), v.begin());
    thrust::sort(v.begin(), v.end(), thrust::greater<int>());
    std::vector<int> want(values.rbegin(), values.rend());
    expect(holds(v, want), "device_malloc_allocator-derived: sorted contents");
    expect(malloc_tally.allocations == 1 && malloc_tally.elements_live == 1000,
           "device_malloc_allocator-derived: allocates through the allocator");
  }
  expect(malloc_tally.deallocations == 1 && malloc_tally.elements_live == 0,
         "device_malloc_allocator-derived: freed");

  {
    int* arena1 = nullptr;
    int* arena2 = nullptr;
    CHECK(hipMalloc(&arena1, 4096 * sizeof(int)));
    CHECK(hipMalloc(&arena2, 4096 * sizeof(int)));
    {
      arena_allocator<int> one(arena1, 4096, 1);
      arena_allocator<int> two(arena2, 4096, 2);
      thrust::device_vector<int, arena_allocator<int>> v(values.size(), 5, one);
      expect(thrust::raw_pointer_cast(v.data()) == arena1,
             "arena allocator: memory from the arena");
      expect(v.get_allocator().id == 1, "arena allocator: get_allocator");
      thrust::device_vector<int, arena_allocator<int>> w(values.begin(), values.end(), two);
      expect(thrust::raw_pointer_cast(w.data()) == arena2, "arena allocator: second arena");
      v.swap(w);  // each block goes back to the allocator it came from
      expect(v.get_allocator().id == 2 && holds(v, values), "arena allocator: swapped");
      thrust::device_vector<int, arena_allocator<int>> moved(std::move(w));
      expect(moved.get_allocator().id == 1 && moved.size() == 1000, "arena allocator: moved");
      long long sum = thrust::reduce(moved.begin(), moved.end(), 0LL);
      expect(sum == 5000, "arena allocator: reduce over the vector");
    }
    expect(pool_tally.allocations == 2 && pool_tally.deallocations == 2 &&
               pool_tally.elements_live == 0,
           "arena allocator: two blocks, both given back");
    CHECK(hipFree(arena1));
    CHECK(hipFree(arena2));
  }

  {
    thrust::host_vector<int, counting_host_allocator<int>> h(values.begin(), values.end());
    thrust::device_vector<int> d = h;
    thrust::host_vector<int, counting_host_allocator<int>> back = d;
    expect(std::equal(values.begin(), values.end(), back.begin()), "host allocator: round trip");
    expect(host_tally.allocations >= 2, "host allocator: allocates through the allocator");
  }
  expect(host_tally.allocations == host_tally.deallocations && host_tally.elements_live == 0,
         "host allocator: freed");
}

// ---- temporary storage from the program -------------------------------------------------------

// The caching allocator of Thrust's custom temporary allocation example, in its usual form:
// blocks are kept by size and handed out again.
struct caching_allocator {
  typedef char value_type;
  std::multimap<std::ptrdiff_t, char*> free_blocks;
  std::map<char*, std::ptrdiff_t> live_blocks;
  long long allocations = 0;
  long long fresh = 0;
  long long deallocations = 0;

  char* allocate(std::ptrdiff_t bytes) {
    ++allocations;
    auto found = free_blocks.find(bytes);
    char* p = nullptr;
    if (found != free_blocks.end()) {
      p = found->second;
      free_blocks.erase(found);
    } else {
      ++fresh;
      p = thrust::cuda::malloc<char>(bytes).get();
    }
    live_blocks.insert(std::make_pair(p, bytes));
    return p;
  }
  void deallocate(char* p, size_t) {
    ++deallocations;
    auto it = live_blocks.find(p);
    if (it == live_blocks.end()) {
      std::printf("caching_allocator: freeing a block it did not give\n");
      ++errors;
      return;
    }
    free_blocks.insert(std::make_pair(it->second, p));
    live_blocks.erase(it);
  }
  ~caching_allocator() {
    for (auto& block : free_blocks) thrust::cuda::free(thrust::cuda::pointer<char>(block.second));
  }
};

template <class Policy>
static void temporaries_from(const char* name, Policy policy, caching_allocator& alloc) {
  const int n = 70001;
  std::vector<int> keys(n), values(n);
  unsigned long long state = 42;
  for (int i = 0; i < n; ++i) {
    keys[i] = (int)(next_random(&state) % 1000);
    values[i] = (int)(next_random(&state) % 100);
  }
  thrust::device_vector<int> d_keys(keys.begin(), keys.end());
  thrust::device_vector<int> d_values(values.begin(), values.end());
  char what[128];

  long long before = alloc.allocations;
  thrust::sort(policy, d_keys.begin(), d_keys.end());
  std::vector<int> sorted = keys;
  std::sort(sorted.begin(), sorted.end());
  std::snprintf(what, sizeof what, "%s: sort", name);
  expect(holds(d_keys, sorted) && alloc.allocations > before, what);

  d_keys.assign(keys.begin(), keys.end());
  before = alloc.allocations;
  thrust::sort_by_key(policy, d_keys.begin(), d_keys.end(), d_values.begin());
  std::snprintf(what, sizeof what, "%s: sort_by_key", name);
  expect(holds(d_keys, sorted) && alloc.allocations > before, what);

  before = alloc.allocations;
  long long sum = thrust::reduce(policy, d_values.begin(), d_values.end(), 0LL);
  std::snprintf(what, sizeof what, "%s: reduce", name);
  expect(sum == std::accumulate(values.begin(), values.end(), 0LL) && alloc.allocations > before,
         what);

  d_values.assign(values.begin(), values.end());
  before = alloc.allocations;
  thrust::inclusive_scan(policy, d_values.begin(), d_values.end(), d_values.begin());
  std::vector<int> scanned(n);
  std::partial_sum(values.begin(), values.end(), scanned.begin());
  std::snprintf(what, sizeof what, "%s: inclusive_scan", name);
  expect(holds(d_values, scanned) && alloc.allocations > before, what);

  thrust::device_vector<int> ones(n, 1), out_keys(n), out_counts(n);
  before = alloc.allocations;
  auto ends = thrust::reduce_by_key(policy, d_keys.begin(), d_keys.end(), ones.begin(),
                                    out_keys.begin(), out_counts.begin());
  long long segments = ends.first - out_keys.begin();
  std::snprintf(what, sizeof what, "%s: reduce_by_key", name);
  expect(segments == (long long)(std::unique(sorted.begin(), sorted.end()) - sorted.begin()) &&
             alloc.allocations > before,
         what);

  before = alloc.allocations;
  thrust::device_vector<int> evens(n);
  auto end = thrust::copy_if(policy, d_keys.begin(), d_keys.end(), evens.begin(),
                             [] __host__ __device__(int x) { return x % 2 == 0; });
  long long want_evens = std::count_if(keys.begin(), keys.end(), [](int x) { return x % 2 == 0; });
  std::snprintf(what, sizeof what, "%s: copy_if", name);
  expect(end - evens.begin() == want_evens && alloc.allocations > before, what);

  std::snprintf(what, sizeof what, "%s: every temporary given back", name);
  expect(alloc.live_blocks.empty() && alloc.allocations == alloc.deallocations, what);
}

// A policy of the program's own that provides its temporary storage (Thrust's older style).
struct my_policy : thrust::device_execution_policy<my_policy> {};
static long long policy_gets = 0, policy_returns = 0;

template <class T>
thrust::pair<thrust::pointer<T, my_policy>, std::ptrdiff_t> get_temporary_buffer(
    my_policy, std::ptrdiff_t n) {
  ++policy_gets;
  thrust::device_ptr<T> p = thrust::device_malloc<T>(n);
  return thrust::make_pair(thrust::pointer<T, my_policy>(p.get()), n);
}
template <class Pointer>
void return_temporary_buffer(my_policy, Pointer p) {
  ++policy_returns;
  thrust::device_free(thrust::device_pointer_cast(p.get()));
}

static void temporary_allocators() {
  caching_allocator alloc;
  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));
  temporaries_from("thrust::hip::par(alloc)", thrust::hip::par(alloc), alloc);
  long long fresh_after_first = alloc.fresh;
  temporaries_from("thrust::cuda::par(alloc)", thrust::cuda::par(alloc), alloc);
  // The same sizes again: the cache serves them.
  expect(alloc.fresh == fresh_after_first, "caching allocator: the second round reuses blocks");
  temporaries_from("thrust::cuda::par(alloc).on(stream)", thrust::cuda::par(alloc).on(stream),
                   alloc);
  temporaries_from("thrust::hip::par.on(stream)(alloc)", thrust::hip::par.on(stream)(alloc), alloc);
  temporaries_from("thrust::device(alloc)", thrust::device(alloc), alloc);
  temporaries_from("thrust::device(alloc).on(stream)", thrust::device(alloc).on(stream), alloc);
  CHECK(hipStreamDestroy(stream));

  thrust::device_vector<int> v(10000);
  thrust::sequence(v.begin(), v.end(), 10000, -1);
  thrust::sort(my_policy(), v.begin(), v.end());
  expect(v[0] == 1 && v[9999] == 10000, "my_policy: sort");
  expect(policy_gets > 0 && policy_gets == policy_returns,
         "my_policy: temporaries from get_temporary_buffer, all returned");
}

int main() {
  print_device("thrust_allocators");
  vector_allocators();
  temporary_allocators();
  return finish("thrust_allocators", errors);
}
