// thrust::async in oxhip's Thrust: reduce (returning a device_future), transform, for_each,
// copy (within the device, and host to device and back with two policies), sort and
// stable_sort (returning a device_event), with thrust::device, with a policy on a stream of
// the program's (the event's stream is that one), with an allocator for the temporaries, and
// without a policy; thrust::device.on(stream). Results are read after wait() or get(); events are moved, kept in a
// vector, waited for in another order than they were made; ready() after wait() is true; a
// default event has no stream. reduce's result stays in device memory (from the policy's
// allocator under par(alloc)) until get(). Dependencies: behind a stream that a host function
// holds shut, a transform, a sort after it (thrust::device.after(event)), a reduce after the
// sort's event moved in (thrust::cuda::par.after(std::move(e))), a transform after a future and
// an event (a chained after) and thrust::when_all of them all return without waiting, are not
// ready while the gate is shut, and give the results of that order once it opens.
#include "check.h"
#include <thrust/async/copy.h>
#include <thrust/async/for_each.h>
#include <thrust/async/reduce.h>
#include <thrust/async/sort.h>
#include <thrust/async/transform.h>
#include <thrust/device_vector.h>
#include <thrust/event.h>
#include <thrust/execution_policy.h>
#include <thrust/future.h>
#include <thrust/host_vector.h>
#include <thrust/sequence.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <numeric>
#include <thread>
#include <utility>
#include <vector>

static long long errors = 0;

static void expect(bool ok, const char* what) {
  if (!ok) {
    std::printf("%s: wrong\n", what);
    ++errors;
  }
}

struct times_three {
  __host__ __device__ int operator()(int x) const { return 3 * x; }
};
struct add_seven {
  __host__ __device__ void operator()(int& x) const { x += 7; }
};

struct counting_bytes {
  typedef char value_type;
  long long allocations = 0, deallocations = 0;
  char* allocate(std::ptrdiff_t n) {
    ++allocations;
    return thrust::device_malloc<char>(n).get();
  }
  void deallocate(char* p, size_t) {
    ++deallocations;
    thrust::device_free(thrust::device_pointer_cast(p));
  }
};

// A host function that holds its stream until the flag is set.
static void hold_until_open(void* flag) {
  while (!static_cast<std::atomic<bool>*>(flag)->load()) std::this_thread::yield();
}

struct plus_one {
  __host__ __device__ int operator()(int x) const { return x + 1; }
};

static void dependencies(const thrust::device_vector<int>& v) {
  const int n = (int)v.size();
  thrust::host_vector<int> start = v;
  std::atomic<bool> open(false), forced(false), done(false);
  // If a call below waited on the host for the gate, this opens it (and says so) rather than
  // letting the program hang.
  std::thread watchdog([&] {
    for (int tick = 0; tick < 200 && !open.load(); ++tick)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (!open.load()) {
      forced = true;
      open = true;
    }
    while (!done.load()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  });
  hipStream_t gate;
  CHECK(hipStreamCreateWithFlags(&gate, hipStreamNonBlocking));
  CHECK(hipLaunchHostFunc(gate, hold_until_open, &open));
  thrust::device_vector<int> t(n), u(n);
  thrust::device_event tripled = thrust::async::transform(thrust::cuda::par.on(gate), v.begin(),
                                                          v.end(), t.begin(), times_three());
  thrust::device_event sorted =
      thrust::async::sort(thrust::device.after(tripled), t.begin(), t.end());
  thrust::device_future<long long> total = thrust::async::reduce(
      thrust::cuda::par.after(std::move(sorted)), t.begin(), t.end(), 0LL,
      thrust::plus<long long>());
  expect(!sorted.valid_stream(), "after(std::move(event)): the event is taken");
  thrust::device_event shifted = thrust::async::transform(
      thrust::device.after(total).after(tripled), t.begin(), t.end(), u.begin(), plus_one());
  thrust::device_event all = thrust::when_all(tripled, total, std::move(shifted));
  expect(!forced.load(), "async calls with dependencies return while the gate is shut");
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  expect(!tripled.ready() && !total.ready() && !all.ready(),
         "nothing after the gate is ready while it is shut");
  open = true;
  all.wait();
  expect(all.ready() && tripled.ready() && total.ready(), "when_all: everything done");
  std::vector<int> want(start.begin(), start.end());
  long long sum = 0;
  for (int& x : want) {
    x *= 3;
    sum += x;
  }
  std::sort(want.begin(), want.end());
  thrust::host_vector<int> got_t = t, got_u = u;
  expect(std::equal(want.begin(), want.end(), got_t.begin()),
         "transform, then sort after it (device.after(event))");
  bool shifted_ok = true;
  for (int i = 0; i < n; ++i) shifted_ok = shifted_ok && got_u[i] == want[i] + 1;
  expect(shifted_ok, "a transform after a future and an event (after(f).after(e))");
  expect(total.get() == sum, "reduce after the sort (par.after(std::move(event)))");
  expect(thrust::when_all().ready(), "when_all() of nothing is ready");
  done = true;
  watchdog.join();
  CHECK(hipStreamDestroy(gate));
}

int main() {
  print_device("thrust_async");
  const int n = 100003;
  std::vector<int> values(n);
  unsigned long long state = 7;
  for (int i = 0; i < n; ++i) values[i] = (int)(next_random(&state) % 100000);
  thrust::device_vector<int> v(values.begin(), values.end()), w(n), x(n);

  // transform and reduce, thrust::device: streams of their own.
  thrust::device_event transformed = thrust::async::transform(thrust::device, v.begin(), v.end(),
                                                              w.begin(), times_three());
  expect(transformed.valid_stream() && transformed.stream() != nullptr,
         "async::transform: an event with a stream");
  transformed.wait();
  expect(transformed.ready(), "device_event::ready after wait");
  long long want_sum = std::accumulate(values.begin(), values.end(), 0LL);
  thrust::device_future<long long> sum =
      thrust::async::reduce(thrust::device, w.begin(), w.end(), 0LL, thrust::plus<long long>());
  expect(sum.valid_content(), "device_future: holds a value");
  expect(sum.get() == 3 * want_sum, "async::reduce(thrust::device, ..., init, op)");
  auto plain = thrust::async::reduce(v.begin(), v.end());
  static_assert(std::is_same<decltype(plain), thrust::device_future<int>>::value,
                "async::reduce without init: the value type");
  expect(plain.get() == (int)want_sum, "async::reduce without a policy");

  // for_each and copy within the device on the program's stream.
  hipStream_t stream;
  CHECK(hipStreamCreate(&stream));
  thrust::device_event each =
      thrust::async::for_each(thrust::cuda::par.on(stream), v.begin(), v.end(), add_seven());
  expect(each.stream() == stream, "async::for_each: the policy's stream");
  thrust::device_event copied =
      thrust::async::copy(thrust::device.on(stream), v.begin(), v.end(), x.begin());
  expect(copied.stream() == stream, "async::copy(thrust::device.on(stream)): the stream");
  copied.wait();
  thrust::host_vector<int> got = x;
  bool added = true;
  for (int i = 0; i < n; ++i) added = added && got[i] == values[i] + 7;
  expect(added, "async::for_each then async::copy on one stream");
  each.wait();
  CHECK(hipStreamSynchronize(stream));

  // copy between the host and the device, with two policies, and without a policy.
  std::vector<int> host_in(values), host_out(n, 0);
  thrust::device_event up =
      thrust::async::copy(thrust::host, thrust::device, host_in.begin(), host_in.end(), x.begin());
  up.wait();
  thrust::device_event down =
      thrust::async::copy(thrust::device, thrust::host, x.begin(), x.end(), host_out.begin());
  down.wait();
  expect(host_out == values, "async::copy host to device and back");
  thrust::fill(w.begin(), w.end(), 0);
  thrust::async::copy(x.begin(), x.end(), w.begin()).wait();
  expect(thrust::equal(w.begin(), w.end(), x.begin()), "async::copy without a policy");

  // sort and stable_sort, moved into a vector and waited for in reverse.
  thrust::device_vector<int> a(values.begin(), values.end()), b(values.begin(), values.end()),
      c(values.begin(), values.end());
  counting_bytes alloc;
  std::vector<thrust::device_event> sorts;
  sorts.push_back(thrust::async::sort(thrust::device, a.begin(), a.end()));
  sorts.push_back(thrust::async::sort(thrust::cuda::par(alloc), b.begin(), b.end(),
                                      thrust::greater<int>()));
  sorts.push_back(thrust::async::stable_sort(c.begin(), c.end()));
  thrust::device_event moved = std::move(sorts[0]);
  expect(!sorts[0].valid_stream() && moved.valid_stream(), "device_event: moved");
  for (int i = (int)sorts.size() - 1; i >= 0; --i) sorts[i].wait();
  moved.wait();
  std::vector<int> ascending(values), descending(values);
  std::sort(ascending.begin(), ascending.end());
  std::sort(descending.begin(), descending.end(), std::greater<int>());
  thrust::host_vector<int> ha = a, hb = b, hc = c;
  expect(std::equal(ascending.begin(), ascending.end(), ha.begin()), "async::sort(thrust::device)");
  expect(std::equal(descending.begin(), descending.end(), hb.begin()),
         "async::sort(par(alloc), greater)");
  expect(std::equal(ascending.begin(), ascending.end(), hc.begin()), "async::stable_sort");
  expect(alloc.allocations > 0 && alloc.allocations == alloc.deallocations,
         "async::sort(par(alloc)): temporaries from the allocator");

  // reduce's result stays in device memory from the allocator until get(); a moved future
  // keeps it; an empty range gives init.
  long long before = alloc.allocations;
  thrust::device_future<long long> from_alloc = thrust::async::reduce(
      thrust::cuda::par(alloc), v.begin(), v.end(), 0LL, thrust::plus<long long>());
  expect(alloc.allocations == before + 1 && alloc.deallocations == before,
         "async::reduce(par(alloc)): its storage from the allocator, kept");
  thrust::device_future<long long> later;
  later = std::move(from_alloc);
  expect(!from_alloc.valid_content() && later.valid_content(), "device_future: moved");
  expect(later.get() == want_sum + 7LL * n && alloc.deallocations == before + 1,
         "async::reduce(par(alloc)): the value, the storage given back");
  thrust::device_future<long long> empty =
      thrust::async::reduce(thrust::device, v.begin(), v.begin(), 5LL, thrust::plus<long long>());
  expect(empty.get() == 5, "async::reduce over an empty range");

  thrust::device_event none;
  expect(!none.valid_stream() && none.ready(), "a default device_event");

  dependencies(v);
  CHECK(hipStreamDestroy(stream));
  return finish("thrust_async", errors);
}
