/* oxhip: thrust::async (reduce, transform, copy, for_each, sort, stable_sort), the
 * thrust::device_event and thrust::device_future they return, `.after(...)` on the device
 * policies, and thrust::when_all.
 *
 * Each call queues its work on a stream without the final synchronisation (as par_nosync
 * does): on the policy's stream when it names one (`thrust::device.on(s)`,
 * `thrust::cuda::par.on(s)`), else on a stream of its own that the event or future owns and
 * destroys. The event or future waits for that stream. reduce queues its kernels and leaves
 * the result in device memory that the future keeps until get(); transform, for_each, copy
 * within the device and sort return once their kernels are queued (sort's temporary storage
 * goes back to the pool in stream order). Copy between the host and the device has finished
 * when the call returns. A policy's allocator (`par(alloc)`) still provides the temporary
 * storage (then sort waits for its work before giving it back).
 *
 * `policy.after(d...)` takes events and futures: the call's stream first waits, on the
 * device, for the work each of them had queued when `after` was called (an event recorded on
 * its stream). An event or future given as an rvalue (`after(std::move(e))`) is kept by the
 * call's own event or future until that is dropped, so nothing waits on the host; one given
 * as an lvalue is only waited for. when_all(d...) is an event, on a stream of its own, that
 * completes when they all have. */
#ifndef OXHIP_THRUST_DETAIL_ASYNC_H
#define OXHIP_THRUST_DETAIL_ASYNC_H

#include <thrust/detail/algorithms.h>

namespace thrust {

/* The completion of work queued on a stream. Move-only; destroying an event that owns its
 * stream waits for the work. */
class device_event {
 public:
  device_event() : stream_(nullptr), owned_(false), valid_(false) {}
  device_event(hipStream_t stream, bool owned) : stream_(stream), owned_(owned), valid_(true) {}
  /* `kept`: what must live until the work is done (the dependencies given to `after`). */
  device_event(hipStream_t stream, bool owned, std::shared_ptr<void> kept)
      : stream_(stream), owned_(owned), valid_(true), kept_(std::move(kept)) {}
  device_event(device_event&& other) noexcept
      : stream_(other.stream_), owned_(other.owned_), valid_(other.valid_),
        kept_(std::move(other.kept_)) {
    other.release();
  }
  device_event& operator=(device_event&& other) noexcept {
    if (this != &other) {
      drop();
      stream_ = other.stream_;
      owned_ = other.owned_;
      valid_ = other.valid_;
      kept_ = std::move(other.kept_);
      other.release();
    }
    return *this;
  }
  device_event(const device_event&) = delete;
  device_event& operator=(const device_event&) = delete;
  ~device_event() { drop(); }

  bool valid_stream() const { return valid_; }
  hipStream_t stream() const { return stream_; }
  /* Whether the work is done, without waiting. */
  bool ready() const {
    if (!valid_) return true;
    hipError_t status = hipStreamQuery(stream_);
    if (status == hipErrorNotReady) {
      (void)hipGetLastError();
      return false;
    }
    detail::throw_on_error(status, "thrust::device_event::ready");
    return true;
  }
  void wait() const {
    if (valid_) detail::throw_on_error(hipStreamSynchronize(stream_), "thrust::device_event::wait");
  }

 private:
  void release() {
    stream_ = nullptr;
    owned_ = false;
    valid_ = false;
  }
  /* A stream of the event's own is drained and destroyed; the program's stream is left as it
   * is. The dependencies kept go after the stream's work. */
  void drop() noexcept {
    if (valid_ && owned_) {
      (void)hipStreamSynchronize(stream_);
      (void)hipStreamDestroy(stream_);
    }
    release();
    kept_.reset();
  }

  hipStream_t stream_;
  bool owned_;
  bool valid_;
  std::shared_ptr<void> kept_;
};

namespace detail {

/* Device memory that an async call keeps until its work is done (a reduction's partial
 * results): from the policy's allocator where it names one, else from the temporary pool.
 * Given back, once the stream has drained, by release() or the destructor. */
class async_storage {
 public:
  async_storage()
      : stream_(nullptr), bytes_(0), from_{nullptr, nullptr, nullptr}, block_{nullptr, false} {}
  async_storage(std::size_t bytes, const device_exec& exec)
      : stream_(exec.stream), bytes_(bytes), from_(exec.temporaries), block_{nullptr, false} {
    if (from_.allocate != nullptr) {
      block_.ptr = from_.allocate(from_.self, bytes_);
      if (block_.ptr == nullptr)
        throw system::detail::bad_alloc("the program's allocator returned null");
    } else {
      block_ = temporary_allocate(bytes_, stream_);
    }
  }
  async_storage(async_storage&& other) noexcept
      : stream_(other.stream_), bytes_(other.bytes_), from_(other.from_), block_(other.block_) {
    other.block_.ptr = nullptr;
  }
  async_storage& operator=(async_storage&& other) noexcept {
    if (this != &other) {
      release();
      stream_ = other.stream_;
      bytes_ = other.bytes_;
      from_ = other.from_;
      block_ = other.block_;
      other.block_.ptr = nullptr;
    }
    return *this;
  }
  async_storage(const async_storage&) = delete;
  async_storage& operator=(const async_storage&) = delete;
  ~async_storage() { release(); }

  void* get() const { return block_.ptr; }
  void release() noexcept {
    if (block_.ptr == nullptr) return;
    if (from_.allocate != nullptr) {
      (void)hipStreamSynchronize(stream_);
      from_.deallocate(from_.self, block_.ptr, bytes_);
    } else {
      temporary_free(block_, stream_);
    }
    block_.ptr = nullptr;
  }

 private:
  hipStream_t stream_;
  std::size_t bytes_;
  temporary_allocator_ref from_;
  temporary_block block_;
};

}  // namespace detail

/* A value that work on a stream produces: get() waits for the work and returns the value. The
 * value is either known when the future is made, or in device memory the future keeps until
 * get() copies it out. */
template <class T>
class device_future {
 public:
  typedef T value_type;
  device_future() : value_(), has_value_(false), on_device_(nullptr) {}
  device_future(device_event event, T value)
      : event_(std::move(event)), value_(std::move(value)), has_value_(true), on_device_(nullptr) {}
  device_future(device_event event, detail::async_storage storage, const T* on_device)
      : event_(std::move(event)),
        storage_(std::move(storage)),
        value_(),
        has_value_(true),
        on_device_(on_device) {}
  device_future(device_future&& other) noexcept
      : event_(std::move(other.event_)),
        storage_(std::move(other.storage_)),
        value_(std::move(other.value_)),
        has_value_(other.has_value_),
        on_device_(other.on_device_) {
    other.has_value_ = false;
    other.on_device_ = nullptr;
  }
  /* The storage goes back on its own stream before the event (which may own that stream)
   * is replaced. */
  device_future& operator=(device_future&& other) noexcept {
    if (this != &other) {
      storage_.release();
      event_ = std::move(other.event_);
      storage_ = std::move(other.storage_);
      value_ = std::move(other.value_);
      has_value_ = other.has_value_;
      on_device_ = other.on_device_;
      other.has_value_ = false;
      other.on_device_ = nullptr;
    }
    return *this;
  }
  ~device_future() { storage_.release(); }

  bool valid_stream() const { return event_.valid_stream(); }
  bool valid_content() const { return has_value_; }
  hipStream_t stream() const { return event_.stream(); }
  bool ready() const { return event_.ready(); }
  void wait() const { event_.wait(); }
  /* Waits, then gives the value; the future holds no value afterwards, as in Thrust. */
  T get() {
    if (!has_value_) throw std::logic_error("thrust::device_future::get: no value");
    event_.wait();
    if (on_device_ != nullptr) {
      detail::throw_on_error(hipMemcpy(&value_, on_device_, sizeof(T), hipMemcpyDeviceToHost),
                             "thrust::device_future::get: copying the value");
      on_device_ = nullptr;
      storage_.release();
    }
    has_value_ = false;
    return std::move(value_);
  }
  T extract() { return get(); }

 private:
  device_event event_;
  detail::async_storage storage_;
  T value_;
  bool has_value_;
  const T* on_device_;
};

template <class T>
using future = device_future<T>;
typedef device_event event;

namespace detail {

/* The dependencies of `after` or when_all: an event recorded on each one's stream when they
 * were given, and those given as rvalues, kept until the work that waits for them is done. */
struct after_state {
  std::vector<hipEvent_t> events;
  std::vector<std::shared_ptr<void> > kept;
  std::shared_ptr<after_state> earlier; /* a chained `after`'s */
  after_state() = default;
  after_state(const after_state&) = delete;
  after_state& operator=(const after_state&) = delete;
  ~after_state() {
    for (hipEvent_t event : events) (void)hipEventDestroy(event);
  }
  void record(hipStream_t stream) {
    hipEvent_t event = nullptr;
    throw_on_error(hipEventCreateWithFlags(&event, hipEventDisableTiming),
                   "thrust: after: creating an event");
    events.push_back(event);
    throw_on_error(hipEventRecord(event, stream), "thrust: after: recording an event");
  }
  /* Work queued on `stream` from now on starts after every dependency's. */
  void wait_on(hipStream_t stream) const {
    for (hipEvent_t event : events)
      throw_on_error(hipStreamWaitEvent(stream, event, 0), "thrust: after: waiting for an event");
    if (earlier != nullptr) earlier->wait_on(stream);
  }
};

/* An invalid event or future (one already waited for, or moved from) is no dependency. */
inline void add_dependency(after_state& state, const device_event& event) {
  if (event.valid_stream()) state.record(event.stream());
}
inline void add_dependency(after_state& state, device_event&& event) {
  if (!event.valid_stream()) return;
  state.record(event.stream());
  state.kept.push_back(std::make_shared<device_event>(std::move(event)));
}
template <class T>
void add_dependency(after_state& state, const device_future<T>& future) {
  if (future.valid_stream()) state.record(future.stream());
}
template <class T>
void add_dependency(after_state& state, device_future<T>&& future) {
  if (!future.valid_stream()) return;
  state.record(future.stream());
  state.kept.push_back(std::make_shared<device_future<T> >(std::move(future)));
}

template <class... Dependencies>
std::shared_ptr<after_state> make_after_state(Dependencies&&... dependencies) {
  std::shared_ptr<after_state> state = std::make_shared<after_state>();
  int expand[] = {0, (add_dependency(*state, std::forward<Dependencies>(dependencies)), 0)...};
  (void)expand;
  return state;
}

/* `base.after(...)`: base's stream, allocator and synchronisation, after the dependencies.
 * A synchronous call makes the base's stream wait for them; an async call the stream it runs
 * on (async_begin). */
template <class Base>
struct after_policy : execution_policy<after_policy<Base> > {
  after_policy(const Base& b, std::shared_ptr<after_state> s) : base(b), state(std::move(s)) {}
  device_exec oxhip_exec_impl() const {
    device_exec exec = exec_of(base);
    state->wait_on(exec.stream);
    return exec;
  }
  /* `after` again: these dependencies and the earlier ones. */
  template <class... Dependencies>
  after_policy after(Dependencies&&... dependencies) const {
    std::shared_ptr<after_state> more =
        make_after_state(std::forward<Dependencies>(dependencies)...);
    more->earlier = state;
    return after_policy(base, more);
  }
  Base base;
  std::shared_ptr<after_state> state;
};

/* The execution of a policy without the waits `after` adds (async_begin adds them to the
 * stream it chooses), and what an async call's event must keep. */
template <class Policy>
device_exec exec_before_waiting(const Policy& policy) {
  return exec_of(policy);
}
template <class Base>
device_exec exec_before_waiting(const after_policy<Base>& policy) {
  return exec_of(policy.base);
}
template <class Policy>
std::shared_ptr<after_state> dependencies_of(const Policy&) {
  return nullptr;
}
template <class Base>
std::shared_ptr<after_state> dependencies_of(const after_policy<Base>& policy) {
  return policy.state;
}

}  // namespace detail

template <class... Dependencies>
detail::after_policy<detail::par_t> detail::device_t::after(
    Dependencies&&... dependencies) const {
  return after_policy<par_t>(par_t(), make_after_state(std::forward<Dependencies>(dependencies)...));
}
template <class... Dependencies>
detail::after_policy<detail::par_t> detail::par_t::after(Dependencies&&... dependencies) const {
  return after_policy<par_t>(*this, make_after_state(std::forward<Dependencies>(dependencies)...));
}
template <class Alloc>
template <class... Dependencies>
detail::after_policy<detail::par_with_allocator<Alloc> > detail::par_with_allocator<Alloc>::after(
    Dependencies&&... dependencies) const {
  return after_policy<par_with_allocator>(
      *this, make_after_state(std::forward<Dependencies>(dependencies)...));
}

/* An event that completes once every dependency has (each waited for on the device by a
 * stream of the event's own); with none, an event that is already complete. */
inline device_event when_all() { return device_event(); }
template <class... Dependencies>
device_event when_all(Dependencies&&... dependencies) {
  std::shared_ptr<detail::after_state> state =
      detail::make_after_state(std::forward<Dependencies>(dependencies)...);
  hipStream_t stream = nullptr;
  detail::throw_on_error(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking),
                         "thrust::when_all: creating a stream");
  device_event event(stream, true, state);
  state->wait_on(stream);
  return event;
}

namespace detail {

/* The policy an async call runs the algorithm under: the caller's execution with the
 * chosen stream and no final synchronisation. */
struct async_exec_policy : execution_policy<async_exec_policy> {
  explicit async_exec_policy(device_exec e) : exec(e) {}
  device_exec oxhip_exec_impl() const { return exec; }
  device_exec exec;
};

/* The stream of an async call: the policy's, or one of the call's own. */
struct async_launch {
  async_exec_policy policy;
  bool owned;
  std::shared_ptr<after_state> dependencies;
  device_event event() const { return device_event(policy.exec.stream, owned, dependencies); }
};

template <class Policy>
async_launch async_begin(const Policy& policy) {
  device_exec exec = exec_before_waiting(policy);
  bool owned = false;
  if (exec.stream == nullptr) {
    throw_on_error(hipStreamCreateWithFlags(&exec.stream, hipStreamNonBlocking),
                   "thrust::async: creating a stream");
    owned = true;
  }
  exec.sync = false;
  std::shared_ptr<after_state> dependencies = dependencies_of(policy);
  if (dependencies != nullptr) dependencies->wait_on(exec.stream);
  return async_launch{async_exec_policy(exec), owned, dependencies};
}

template <class... Its>
using async_default_policy =
    typename policy_of_system<typename system_of_all<Its...>::type>::type;

/* A launch whose work failed before the event took the stream must not leak the stream. */
struct async_guard {
  async_launch* launch;
  ~async_guard() {
    if (launch != nullptr && launch->owned) {
      (void)hipStreamSynchronize(launch->policy.exec.stream);
      (void)hipStreamDestroy(launch->policy.exec.stream);
    }
  }
};

}  // namespace detail

namespace async {

/* ---- reduce ------------------------------------------------------------------------------- */

/* The reduction's kernels are queued with the result left in device memory, which the
 * future keeps and get() reads. */
template <class Policy, class It, class T, class Op>
detail::enable_if_policy<Policy, device_future<T>> reduce(const Policy& policy, It first, It last,
                                                          T init, Op op) {
  detail::async_launch launch = detail::async_begin(policy);
  detail::async_guard guard{&launch};
  detail::dev::index_t n = last - first;
  if (n <= 0) {
    guard.launch = nullptr;
    return device_future<T>(launch.event(), init);
  }
  const detail::device_exec& exec = launch.policy.exec;
  detail::async_storage storage(sizeof(T) * (detail::dev::reduce_blocks(n) + 1), exec);
  T* partial = static_cast<T*>(storage.get());
  detail::dev::reduce_launch(
      exec, n,
      detail::algo::read_transformed<T, detail::algo::raw<It>, thrust::identity<>>{
          detail::unwrap(first), thrust::identity<>()},
      op, init, partial);
  guard.launch = nullptr;
  return device_future<T>(launch.event(), std::move(storage),
                          partial + detail::dev::reduce_blocks(n));
}
template <class Policy, class It, class T>
detail::enable_if_policy<Policy, device_future<T>> reduce(const Policy& policy, It first, It last,
                                                          T init) {
  return async::reduce(policy, first, last, init, thrust::plus<T>());
}
template <class Policy, class It>
detail::enable_if_policy<Policy, device_future<detail::value_t<It>>> reduce(const Policy& policy,
                                                                            It first, It last) {
  typedef detail::value_t<It> T;
  return async::reduce(policy, first, last, T(), thrust::plus<T>());
}
template <class It, class T, class Op>
detail::enable_if_not_policy<It, device_future<T>> reduce(It first, It last, T init, Op op) {
  return async::reduce(detail::async_default_policy<It>(), first, last, init, op);
}
template <class It, class T>
detail::enable_if_not_policy<It, device_future<T>> reduce(It first, It last, T init) {
  return async::reduce(detail::async_default_policy<It>(), first, last, init, thrust::plus<T>());
}
template <class It>
detail::enable_if_not_policy<It, device_future<detail::value_t<It>>> reduce(It first, It last) {
  typedef detail::value_t<It> T;
  return async::reduce(detail::async_default_policy<It>(), first, last, T(), thrust::plus<T>());
}

/* ---- transform, for_each --------------------------------------------------------------------- */

template <class Policy, class It, class Out, class F>
detail::enable_if_policy<Policy, device_event> transform(const Policy& policy, It first, It last,
                                                         Out out, F f) {
  detail::async_launch launch = detail::async_begin(policy);
  detail::async_guard guard{&launch};
  thrust::transform(launch.policy, first, last, out, f);
  guard.launch = nullptr;
  return launch.event();
}
template <class It, class Out, class F>
detail::enable_if_not_policy<It, device_event> transform(It first, It last, Out out, F f) {
  return async::transform(detail::async_default_policy<It, Out>(), first, last, out, f);
}

template <class Policy, class It, class F>
detail::enable_if_policy<Policy, device_event> for_each(const Policy& policy, It first, It last,
                                                        F f) {
  detail::async_launch launch = detail::async_begin(policy);
  detail::async_guard guard{&launch};
  thrust::for_each(launch.policy, first, last, f);
  guard.launch = nullptr;
  return launch.event();
}
template <class It, class F>
detail::enable_if_not_policy<It, device_event> for_each(It first, It last, F f) {
  return async::for_each(detail::async_default_policy<It>(), first, last, f);
}

/* ---- copy ----------------------------------------------------------------------------------- */

/* Within the device system (both iterators on the device, or a device policy over raw
 * device pointers). */
template <class Policy, class It, class Out>
detail::enable_if_policy<Policy, device_event> copy(const Policy& policy, It first, It last,
                                                    Out out) {
  detail::async_launch launch = detail::async_begin(policy);
  detail::async_guard guard{&launch};
  thrust::copy(launch.policy, first, last, out);
  guard.launch = nullptr;
  return launch.event();
}
/* Between systems, as Thrust spells it: `copy(thrust::host, thrust::device, ...)` and back.
 * The copy is thrust::copy's (a hipMemcpy for contiguous ranges), done before the call
 * returns; the event is complete. */
template <class FromPolicy, class ToPolicy, class It, class Out>
typename std::enable_if<detail::is_execution_policy<FromPolicy>::value &&
                            detail::is_execution_policy<ToPolicy>::value,
                        device_event>::type
copy(const FromPolicy&, const ToPolicy&, It first, It last, Out out) {
  thrust::copy(first, last, out);
  return device_event();
}
/* Without a policy: within the device as above, else thrust::copy's crossing. */
template <class It, class Out>
device_event copy_by_systems(std::true_type, It first, It last, Out out) {
  return async::copy(detail::async_default_policy<It, Out>(), first, last, out);
}
template <class It, class Out>
device_event copy_by_systems(std::false_type, It first, It last, Out out) {
  thrust::copy(first, last, out);
  return device_event();
}
template <class It, class Out>
detail::enable_if_not_policy<It, device_event> copy(It first, It last, Out out) {
  typedef std::integral_constant<
      bool, detail::is_device_system<typename detail::system_of<It>::type>::value &&
                detail::is_device_system<typename detail::system_of<Out>::type>::value>
      within_device;
  return async::copy_by_systems(within_device(), first, last, out);
}

/* ---- sort, stable_sort ----------------------------------------------------------------------- */

template <class Policy, class It, class C>
detail::enable_if_policy<Policy, device_event> sort(const Policy& policy, It first, It last,
                                                    C comp) {
  detail::async_launch launch = detail::async_begin(policy);
  detail::async_guard guard{&launch};
  thrust::sort(launch.policy, first, last, comp);
  guard.launch = nullptr;
  return launch.event();
}
template <class Policy, class It>
detail::enable_if_policy<Policy, device_event> sort(const Policy& policy, It first, It last) {
  return async::sort(policy, first, last, thrust::less<>());
}
template <class It, class C>
detail::enable_if_not_policy<It, device_event> sort(It first, It last, C comp) {
  return async::sort(detail::async_default_policy<It>(), first, last, comp);
}
template <class It>
detail::enable_if_not_policy<It, device_event> sort(It first, It last) {
  return async::sort(detail::async_default_policy<It>(), first, last, thrust::less<>());
}
template <class Policy, class It, class C>
detail::enable_if_policy<Policy, device_event> stable_sort(const Policy& policy, It first, It last,
                                                           C comp) {
  return async::sort(policy, first, last, comp);
}
template <class Policy, class It>
detail::enable_if_policy<Policy, device_event> stable_sort(const Policy& policy, It first,
                                                           It last) {
  return async::sort(policy, first, last, thrust::less<>());
}
template <class It, class C>
detail::enable_if_not_policy<It, device_event> stable_sort(It first, It last, C comp) {
  return async::sort(first, last, comp);
}
template <class It>
detail::enable_if_not_policy<It, device_event> stable_sort(It first, It last) {
  return async::sort(first, last);
}

}  // namespace async

}  // namespace thrust

#endif /* OXHIP_THRUST_DETAIL_ASYNC_H */
