/* oxhip: Thrust's systems, execution policies and errors.
 *
 * Every algorithm takes an optional policy first. A policy names where the algorithm runs:
 * `detail::host_exec` (sequentially, on the calling thread: thrust::host, thrust::seq) or
 * `detail::device_exec` (kernels on a stream of the current device: thrust::device,
 * thrust::cuda::par, thrust::hip::par, `.on(stream)`, `par_nosync`). Without a policy the
 * iterators' systems choose: device_ptr and device_vector iterators (and fancy iterators
 * over them) are the device system, everything else the host. */
#ifndef OXHIP_THRUST_DETAIL_EXECUTION_H
#define OXHIP_THRUST_DETAIL_EXECUTION_H

#include <thrust/detail/config.h>

namespace thrust {

/* ---- systems ---------------------------------------------------------------------------- */

struct host_system_tag {};
struct device_system_tag {};
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

template <class A, class B>
struct combine_systems {
  typedef host_system_tag type;
};
template <class B>
struct combine_systems<device_system_tag, B> {
  typedef device_system_tag type;
};
template <class A>
struct combine_systems<A, device_system_tag> {
  typedef device_system_tag type;
};
template <>
struct combine_systems<device_system_tag, device_system_tag> {
  typedef device_system_tag type;
};
template <>
struct combine_systems<any_system_tag, any_system_tag> {
  typedef any_system_tag type;
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
struct device_exec {
  hipStream_t stream;
  bool sync;
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

namespace detail {

template <class T>
struct is_execution_policy
    : std::is_base_of<execution_policy_marker, typename std::decay<T>::type> {};

template <class T, class R = void>
using enable_if_policy = typename std::enable_if<is_execution_policy<T>::value, R>::type;
template <class T, class R = void>
using enable_if_not_policy = typename std::enable_if<!is_execution_policy<T>::value, R>::type;

struct host_t : host_execution_policy<host_t> {
  constexpr host_t() {}
};
struct seq_t : host_execution_policy<seq_t> {
  constexpr seq_t() {}
};
struct device_t : device_execution_policy<device_t> {
  constexpr device_t() {}
};

/* thrust::cuda::par and thrust::hip::par: the device on a stream, `.on(stream)`. */
struct par_t : execution_policy<par_t> {
  constexpr par_t() : stream(nullptr), sync(true) {}
  constexpr par_t(hipStream_t s, bool synchronous) : stream(s), sync(synchronous) {}
  par_t on(hipStream_t s) const { return par_t(s, sync); }
  /* `par(allocator)`: temporary storage comes from Thrust's own pool here (memory.h); the
   * allocator is not used. */
  template <class Allocator>
  par_t operator()(Allocator&) const {
    return *this;
  }
  device_exec oxhip_exec_impl() const { return device_exec{stream, sync}; }
  hipStream_t stream;
  bool sync;
};

/* The execution of the systems the iterators name, for calls without a policy. */
inline host_exec exec_of_system(host_system_tag) { return host_exec(); }
inline host_exec exec_of_system(any_system_tag) { return host_exec(); }
inline device_exec exec_of_system(device_system_tag) { return device_exec{nullptr, true}; }

template <class... Its>
auto exec_of_iterators() -> decltype(exec_of_system(typename system_of_all<Its...>::type())) {
  return exec_of_system(typename system_of_all<Its...>::type());
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
