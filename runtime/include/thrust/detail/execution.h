/* oxhip: Thrust's systems, execution policies and errors.
 *
 * Every algorithm takes an optional policy first. A policy names where the algorithm runs:
 * `detail::host_exec` (sequentially, on the calling thread: thrust::host, thrust::seq) or
 * `detail::device_exec` (kernels on a stream of the current device: thrust::device,
 * thrust::cuda::par, thrust::hip::par, `.on(stream)`, `par_nosync`), and where the device's
 * temporary storage comes from (`par(alloc)`, a program's get_temporary_buffer). Without a
 * policy the iterators' systems choose: device_ptr and device_vector iterators (and fancy
 * iterators over them) are the device system, everything else the host; the host and device
 * tags, and a program's own tags and policies, are policies themselves, so a system is the
 * policy that runs the call. */
#ifndef OXHIP_THRUST_DETAIL_EXECUTION_H
#define OXHIP_THRUST_DETAIL_EXECUTION_H

#include <thrust/detail/config.h>

namespace thrust {

/* ---- systems ---------------------------------------------------------------------------- */

/* The host and device tags are execution policies too (defined below), as in Thrust, so a
 * program's own tag derived from one (`struct my_tag : thrust::device_system_tag {}`) is a
 * policy of that system. */
struct host_system_tag;
struct device_system_tag;
struct any_system_tag {};

namespace system {
namespace cpp {
typedef host_system_tag tag;
}
}  // namespace system

namespace detail {

template <class...>
struct make_void {
  typedef void type;
};

/* An iterator names its system with a member `oxhip_system`; raw pointers and standard
 * iterators belong to the host. */
template <class It, class = void>
struct system_of {
  typedef host_system_tag type;
};
template <class It>
struct system_of<It, typename make_void<typename It::oxhip_system>::type> {
  typedef typename It::oxhip_system type;
};

/* Whether a system (a tag or a policy used as one) runs on the device: the device tag, a tag
 * derived from it, or a policy whose execution is the device's. Defined after the policies. */
template <class S, class = void>
struct is_device_system;

/* The system of two iterators together: the same one; the other one where one is any
 * system; the more derived where one derives from the other (a program's own tag); else the
 * device where either is a device system, else the host. */
template <class A, class B>
struct combine_systems {
  typedef typename std::conditional<
      std::is_same<A, any_system_tag>::value, B,
      typename std::conditional<
          std::is_same<B, any_system_tag>::value || std::is_base_of<B, A>::value, A,
          typename std::conditional<
              std::is_base_of<A, B>::value, B,
              typename std::conditional<
                  is_device_system<A>::value, A,
                  typename std::conditional<is_device_system<B>::value, B,
                                            host_system_tag>::type>::type>::type>::type>::type
      type;
};

template <class... Its>
struct system_of_all;
template <class It>
struct system_of_all<It> {
  typedef typename system_of<typename std::decay<It>::type>::type type;
};
template <class It, class... Rest>
struct system_of_all<It, Rest...> {
  typedef typename combine_systems<typename system_of<typename std::decay<It>::type>::type,
                                   typename system_of_all<Rest...>::type>::type type;
};

}  // namespace detail

template <class It>
struct iterator_system {
  typedef typename detail::system_of<It>::type type;
};

/* ---- errors ------------------------------------------------------------------------------ */

class error_code {
 public:
  error_code() : value_(0) {}
  explicit error_code(int value) : value_(value) {}
  int value() const { return value_; }
  std::string message() const { return hipGetErrorString(static_cast<hipError_t>(value_)); }
  explicit operator bool() const { return value_ != 0; }

 private:
  int value_;
};

namespace system {

/* What Thrust throws when the device reports an error: the HIP error's code and text. */
class system_error : public std::runtime_error {
 public:
  system_error(error_code code, const std::string& what)
      : std::runtime_error(what + ": " + code.message()), code_(code) {}
  system_error(int code, const std::string& what) : system_error(error_code(code), what) {}
  const error_code& code() const noexcept { return code_; }

 private:
  error_code code_;
};

namespace detail {
class bad_alloc : public std::bad_alloc {
 public:
  explicit bad_alloc(const std::string& what) : what_("std::bad_alloc: " + what) {}
  const char* what() const noexcept override { return what_.c_str(); }

 private:
  std::string what_;
};
}  // namespace detail

}  // namespace system

using system::system_error;

namespace detail {

inline void throw_on_error(hipError_t status, const char* what) {
  if (status != hipSuccess) {
    (void)hipGetLastError();
    throw system::system_error(static_cast<int>(status), what);
  }
}

/* ---- where an algorithm runs -------------------------------------------------------------- */

struct host_exec {};

/* Where an algorithm's temporary storage comes from when the program says
 * (`thrust::cuda::par(alloc)`, a policy of its own with get_temporary_buffer): the caller's
 * object and two functions over it. A null `allocate` means Thrust's own pool (memory.h). */
struct temporary_allocator_ref {
  void* self;
  void* (*allocate)(void* self, std::size_t bytes);
  void (*deallocate)(void* self, void* p, std::size_t bytes);
};

struct device_exec {
  hipStream_t stream;
  bool sync;
  temporary_allocator_ref temporaries = {nullptr, nullptr, nullptr};
};

/* Waits for the work queued so far, unless the policy said not to. */
inline void finish(const device_exec& exec, const char* what) {
  throw_on_error(hipGetLastError(), what);
  if (exec.sync) throw_on_error(hipStreamSynchronize(exec.stream), what);
}
inline void wait(const device_exec& exec, const char* what) {
  throw_on_error(hipGetLastError(), what);
  throw_on_error(hipStreamSynchronize(exec.stream), what);
}

struct execution_policy_marker {};

/* The address a pointer an allocator returned holds: a raw pointer, or a fancy one with
 * get() (device_ptr, thrust::pointer). */
template <class T>
T* raw_address(T* p, long) {
  return p;
}
template <class P>
auto raw_address(const P& p, int) -> decltype(p.get()) {
  return p.get();
}

/* Temporary storage from a program's allocator, as Thrust takes it: `bytes` are
 * ceil(bytes / sizeof(value_type)) elements of the allocator's value type, from
 * `allocate(n)`, given back with `deallocate(p, n)`. */
template <class Alloc>
struct allocator_temporaries {
  typedef decltype(std::declval<Alloc&>().allocate(std::size_t(1))) pointer;
  typedef typename std::remove_reference<decltype(*raw_address(std::declval<pointer>(), 0))>::type
      value_type;
  static std::size_t count(std::size_t bytes) {
    return (bytes + sizeof(value_type) - 1) / sizeof(value_type);
  }
  static void* allocate(void* self, std::size_t bytes) {
    pointer p = static_cast<Alloc*>(self)->allocate(count(bytes));
    return (void*)raw_address(p, 0);
  }
  static void deallocate(void* self, void* p, std::size_t bytes) {
    static_cast<Alloc*>(self)->deallocate(pointer(static_cast<value_type*>(p)), count(bytes));
  }
  static temporary_allocator_ref of(Alloc& alloc) {
    return temporary_allocator_ref{(void*)&alloc, &allocate, &deallocate};
  }
};

}  // namespace detail

namespace detail {
/* The base of every policy, as in Thrust: functions may take a
 * `const thrust::detail::execution_policy_base<P>&` and hand it on. `oxhip_exec()` asks the
 * derived policy where to run. */
template <class Derived>
struct execution_policy_base : execution_policy_marker {
  OXHIP_THRUST_HD auto oxhip_exec() const {
    return static_cast<const Derived&>(*this).oxhip_exec_impl();
  }
};

/* The policy itself, as its own type and not const, for the dispatch calls (algorithms.h). */
template <class Derived>
OXHIP_THRUST_HD Derived& derived_cast(const execution_policy_base<Derived>& policy) {
  return const_cast<Derived&>(static_cast<const Derived&>(policy));
}
}  // namespace detail

template <class Derived>
struct execution_policy : detail::execution_policy_base<Derived> {};

/* Bases of user-defined policies: run on the host, or on the device's null stream. */
template <class Derived>
struct host_execution_policy : execution_policy<Derived> {
  OXHIP_THRUST_HD detail::host_exec oxhip_exec_impl() const { return detail::host_exec(); }
};
template <class Derived>
struct device_execution_policy : execution_policy<Derived> {
  detail::device_exec oxhip_exec_impl() const { return detail::device_exec{nullptr, true}; }
};

struct host_system_tag : host_execution_policy<host_system_tag> {
  constexpr host_system_tag() {}
};
struct device_system_tag : device_execution_policy<device_system_tag> {
  constexpr device_system_tag() {}
};

namespace detail {

template <class T>
struct is_execution_policy
    : std::is_base_of<execution_policy_marker, typename std::decay<T>::type> {};

template <class T, class R = void>
using enable_if_policy = typename std::enable_if<is_execution_policy<T>::value, R>::type;
template <class T, class R = void>
using enable_if_not_policy = typename std::enable_if<!is_execution_policy<T>::value, R>::type;

template <class S, class>
struct is_device_system : std::is_base_of<device_system_tag, S> {};
template <class S>
struct is_device_system<S, typename std::enable_if<is_execution_policy<S>::value>::type>
    : std::is_same<decltype(std::declval<const S&>().oxhip_exec()), device_exec> {};

/* A policy whose calls wait for events and futures first: `thrust::device.after(e)`,
 * `thrust::cuda::par.on(s).after(e, f)` (thrust/detail/async.h). */
template <class Base>
struct after_policy;

/* A policy whose temporary storage comes from the program's allocator: `par(alloc)`,
 * `thrust::device(alloc)`, `par(alloc).on(stream)`. It holds the allocator by address, as
 * Thrust holds it by reference: the allocator must outlive the calls that use the policy. */
template <class Alloc>
struct par_with_allocator : execution_policy<par_with_allocator<Alloc>> {
  par_with_allocator(Alloc& a, hipStream_t s, bool synchronous)
      : alloc(&a), stream(s), sync(synchronous) {}
  par_with_allocator on(hipStream_t s) const { return par_with_allocator(*alloc, s, sync); }
  template <class... Dependencies>
  after_policy<par_with_allocator> after(Dependencies&&... dependencies) const;
  device_exec oxhip_exec_impl() const {
    device_exec exec{stream, sync};
    exec.temporaries = allocator_temporaries<Alloc>::of(*alloc);
    return exec;
  }
  Alloc* alloc;
  hipStream_t stream;
  bool sync;
};

struct host_t : host_execution_policy<host_t> {
  constexpr host_t() {}
  /* `thrust::host(alloc)`: accepted; the host algorithms take no temporary storage from it. */
  template <class Allocator>
  host_t operator()(Allocator&) const {
    return *this;
  }
};
struct seq_t : host_execution_policy<seq_t> {
  constexpr seq_t() {}
  template <class Allocator>
  seq_t operator()(Allocator&) const {
    return *this;
  }
};
struct par_t;
/* thrust::device: the device's null stream; `.on(stream)` and `(allocator)` as par's, since in
 * Thrust built for a GPU the device policy is the GPU system's par. */
struct device_t : device_execution_policy<device_t> {
  constexpr device_t() {}
  par_t on(hipStream_t s) const;
  template <class... Dependencies>
  after_policy<par_t> after(Dependencies&&... dependencies) const;
  template <class Allocator>
  par_with_allocator<Allocator> operator()(Allocator& alloc) const {
    return par_with_allocator<Allocator>(alloc, nullptr, true);
  }
};

/* thrust::cuda::par and thrust::hip::par: the device on a stream, `.on(stream)`. */
struct par_t : execution_policy<par_t> {
  constexpr par_t() : stream(nullptr), sync(true) {}
  constexpr par_t(hipStream_t s, bool synchronous) : stream(s), sync(synchronous) {}
  par_t on(hipStream_t s) const { return par_t(s, sync); }
  template <class... Dependencies>
  after_policy<par_t> after(Dependencies&&... dependencies) const;
  /* `par(allocator)`: temporary storage from the allocator (par_with_allocator). */
  template <class Allocator>
  par_with_allocator<Allocator> operator()(Allocator& alloc) const {
    return par_with_allocator<Allocator>(alloc, stream, sync);
  }
  device_exec oxhip_exec_impl() const { return device_exec{stream, sync}; }
  hipStream_t stream;
  bool sync;
};
inline par_t device_t::on(hipStream_t s) const { return par_t(s, true); }

/* The policy that runs a call without one: the iterators' system where it is a policy (the
 * host and device tags, a program's own tag or policy), else the host. */
template <class S, bool = is_execution_policy<S>::value>
struct policy_of_system {
  typedef host_t type;
};
template <class S>
struct policy_of_system<S, true> {
  typedef S type;
};

/* A program's own policy may say where temporary storage comes from, as Thrust's examples
 * do, with overloads found by argument-dependent lookup:
 * `get_temporary_buffer<T>(my_policy, n)` returning a pair of a pointer and a count, and
 * `return_temporary_buffer(my_policy, p)` (or `(my_policy, p, n)`). */
namespace program_temporaries {
struct never {};
/* Declared so that `get_temporary_buffer<T>(...)` is a call of a template before C++20;
 * never viable. */
template <class T>
void get_temporary_buffer(never);
void return_temporary_buffer(never);

template <class P, class = void>
struct provided : std::false_type {};
template <class P>
struct provided<P, typename make_void<decltype(get_temporary_buffer<unsigned char>(
                       std::declval<P&>(), std::ptrdiff_t(1)))>::type> : std::true_type {};

template <class P, class Ptr>
auto give_back(P& policy, Ptr p, std::size_t n, int)
    -> decltype(return_temporary_buffer(policy, p, (std::ptrdiff_t)n)) {
  return return_temporary_buffer(policy, p, (std::ptrdiff_t)n);
}
template <class P, class Ptr>
auto give_back(P& policy, Ptr p, std::size_t, long)
    -> decltype(return_temporary_buffer(policy, p)) {
  return return_temporary_buffer(policy, p);
}

template <class P>
struct hooks {
  typedef decltype(get_temporary_buffer<unsigned char>(std::declval<P&>(), std::ptrdiff_t(1)))
      result;
  typedef typename std::decay<decltype(std::declval<result&>().first)>::type pointer;
  static void* allocate(void* self, std::size_t bytes) {
    result got = get_temporary_buffer<unsigned char>(*static_cast<P*>(self), (std::ptrdiff_t)bytes);
    if (got.second < (std::ptrdiff_t)bytes) {
      if (raw_address(got.first, 0) != nullptr)
        give_back(*static_cast<P*>(self), got.first, (std::size_t)got.second, 0);
      return nullptr;
    }
    return (void*)raw_address(got.first, 0);
  }
  static void deallocate(void* self, void* p, std::size_t bytes) {
    give_back(*static_cast<P*>(self), pointer(static_cast<unsigned char*>(p)), bytes, 0);
  }
};

OXHIP_THRUST_HD inline host_exec with(const void*, host_exec exec, std::false_type) {
  return exec;
}
OXHIP_THRUST_HD inline host_exec with(const void*, host_exec exec, std::true_type) {
  return exec;
}
inline device_exec with(const void*, device_exec exec, std::false_type) { return exec; }
template <class P>
device_exec with(const P* policy, device_exec exec, std::true_type) {
  exec.temporaries =
      temporary_allocator_ref{(void*)policy, &hooks<P>::allocate, &hooks<P>::deallocate};
  return exec;
}
}  // namespace program_temporaries

/* Where a policy runs, with its temporary storage. */
template <class P>
OXHIP_THRUST_HD auto exec_of(const P& policy) -> decltype(policy.oxhip_exec()) {
  return program_temporaries::with(&policy, policy.oxhip_exec(),
                                   typename program_temporaries::provided<P>::type());
}

template <class... Its>
auto exec_of_iterators()
    -> decltype(typename policy_of_system<typename system_of_all<Its...>::type>::type()
                    .oxhip_exec()) {
  return typename policy_of_system<typename system_of_all<Its...>::type>::type().oxhip_exec();
}

}  // namespace detail

static constexpr detail::host_t host;
static constexpr detail::device_t device;
static constexpr detail::seq_t seq;

namespace cuda_cub {
typedef device_system_tag tag;
static constexpr detail::par_t par;
static constexpr detail::par_t par_nosync(nullptr, false);
typedef detail::par_t execute_on_stream;
}  // namespace cuda_cub
namespace cuda = cuda_cub;

namespace hip_rocprim {
typedef device_system_tag tag;
static constexpr detail::par_t par;
static constexpr detail::par_t par_nosync(nullptr, false);
typedef detail::par_t execute_on_stream;
}  // namespace hip_rocprim
namespace hip = hip_rocprim;

namespace system {
namespace cuda {
using namespace thrust::cuda_cub;
}
namespace hip {
using namespace thrust::hip_rocprim;
}
}  // namespace system

}  // namespace thrust

#endif /* OXHIP_THRUST_DETAIL_EXECUTION_H */
