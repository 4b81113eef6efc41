/* oxhip: thrust::copy and copy_n, which may cross systems: from host iterators to device
 * iterators and back (hipMemcpy when both sides are contiguous, through a staging buffer
 * otherwise); within one system they are the host loop or a device kernel. */
#ifndef OXHIP_THRUST_DETAIL_COPY_H
#define OXHIP_THRUST_DETAIL_COPY_H

#include <thrust/detail/algorithms_device.h>
#include <thrust/detail/universal.h>

namespace thrust {
namespace detail {

/* Contiguous host storage: raw pointers and std::vector's iterators (host_vector's too). */
template <class It, class V = typename std::iterator_traits<It>::value_type,
          bool = std::is_object<V>::value && !std::is_same<V, bool>::value>
struct contiguous_host : std::false_type {};
template <class It, class V>
struct contiguous_host<It, V, true>
    : std::integral_constant<bool, std::is_pointer<It>::value ||
                                       std::is_same<It, typename std::vector<V>::iterator>::value ||
                                       std::is_same<It, typename std::vector<V>::const_iterator>::value> {};

template <class It>
auto host_address(It it) -> decltype(&*it) {
  return &*it;
}

template <class It>
struct contiguous_device : std::false_type {};
template <class T>
struct contiguous_device<device_ptr<T>> : std::true_type {};
template <class T>
struct contiguous_device<universal_ptr<T>> : std::true_type {};

/* The copy kinds to and from a contiguous device range: universal memory may be host memory
 * (universal_host_pinned_vector), so its copies name no side and the runtime tells. */
template <class It>
struct device_copy_kind {
  static constexpr hipMemcpyKind to_device = hipMemcpyHostToDevice;
  static constexpr hipMemcpyKind to_host = hipMemcpyDeviceToHost;
};
template <class T>
struct device_copy_kind<universal_ptr<T>> {
  static constexpr hipMemcpyKind to_device = hipMemcpyDefault;
  static constexpr hipMemcpyKind to_host = hipMemcpyDefault;
};

/* The copy for the pair of systems (from, to). */
template <class It, class Out>
Out copy_between(host_system_tag, host_system_tag, It first, It last, Out out) {
  return algo::copy(host_exec(), first, last, out);
}
template <class It, class Out>
Out copy_between(device_system_tag, device_system_tag, It first, It last, Out out) {
  return algo::copy(device_exec{nullptr, true}, first, last, out);
}
template <class It, class Out>
Out copy_between(any_system_tag, device_system_tag, It first, It last, Out out) {
  return algo::copy(device_exec{nullptr, true}, first, last, out);
}
template <class It, class Out>
Out copy_between(device_system_tag, any_system_tag, It first, It last, Out out) {
  return algo::copy(device_exec{nullptr, true}, first, last, out);
}
template <class It, class Out>
Out copy_between(any_system_tag, host_system_tag, It first, It last, Out out) {
  return algo::copy(host_exec(), first, last, out);
}
template <class It, class Out>
Out copy_between(host_system_tag, any_system_tag, It first, It last, Out out) {
  return algo::copy(host_exec(), first, last, out);
}
template <class It, class Out>
Out copy_between(any_system_tag, any_system_tag, It first, It last, Out out) {
  return algo::copy(host_exec(), first, last, out);
}

/* Host to device. */
template <class It, class Out>
Out copy_to_device(std::true_type, It first, It last, Out out) {
  typedef typename std::iterator_traits<Out>::value_type T;
  std::ptrdiff_t n = last - first;
  if (n > 0)
    throw_on_error(hipMemcpy(unwrap(out), host_address(first), n * sizeof(T),
                             device_copy_kind<Out>::to_device),
                   "thrust::copy: host to device");
  return out + n;
}
template <class It, class Out>
Out copy_to_device(std::false_type, It first, It last, Out out) {
  typedef typename std::iterator_traits<Out>::value_type T;
  std::vector<T> staged;
  for (; first != last; ++first) staged.push_back(*first);
  std::ptrdiff_t n = (std::ptrdiff_t)staged.size();
  if (n == 0) return out;
  dev::temp_buffer<T> buffer(n, nullptr);
  throw_on_error(hipMemcpy(buffer.get(), staged.data(), n * sizeof(T), hipMemcpyHostToDevice),
                 "thrust::copy: host to device");
  return algo::copy(device_exec{nullptr, true}, buffer.get(), buffer.get() + n, out);
}
template <class It, class Out>
Out copy_between(host_system_tag, device_system_tag, It first, It last, Out out) {
  typedef typename std::iterator_traits<It>::value_type From;
  typedef typename std::iterator_traits<Out>::value_type To;
  return copy_to_device(
      std::integral_constant<bool, contiguous_host<It>::value && contiguous_device<Out>::value &&
                                       std::is_same<From, To>::value>(),
      first, last, out);
}

/* Device to host. */
template <class It, class Out>
Out copy_to_host(std::true_type, It first, It last, Out out) {
  typedef typename std::iterator_traits<It>::value_type T;
  std::ptrdiff_t n = last - first;
  if (n > 0)
    throw_on_error(hipMemcpy(host_address(out), unwrap(first), n * sizeof(T),
                             device_copy_kind<It>::to_host),
                   "thrust::copy: device to host");
  return out + n;
}
template <class It, class Out>
Out copy_to_host(std::false_type, It first, It last, Out out) {
  typedef typename std::iterator_traits<It>::value_type T;
  std::ptrdiff_t n = last - first;
  if (n <= 0) return out;
  dev::temp_buffer<T> buffer(n, nullptr);
  algo::copy(device_exec{nullptr, true}, first, last, buffer.get());
  std::vector<T> staged(n);
  throw_on_error(hipMemcpy(staged.data(), buffer.get(), n * sizeof(T), hipMemcpyDeviceToHost),
                 "thrust::copy: device to host");
  for (std::ptrdiff_t i = 0; i < n; ++i, ++out) *out = staged[i];
  return out;
}
template <class It, class Out>
Out copy_between(device_system_tag, host_system_tag, It first, It last, Out out) {
  typedef typename std::iterator_traits<It>::value_type From;
  return copy_to_host(std::integral_constant<bool, contiguous_device<It>::value &&
                                                       contiguous_host<Out>::value &&
                                                       std::is_same<From, typename std::remove_cv<typename std::remove_reference<decltype(*std::declval<Out>())>::type>::type>::value>(),
                      first, last, out);
}

}  // namespace detail

template <class Policy, class It, class Out>
detail::enable_if_policy<Policy, Out> copy(const Policy& policy, It first, It last, Out out) {
  return detail::algo::copy(detail::exec_of(policy), first, last, out);
}
template <class It, class Out>
detail::enable_if_not_policy<It, Out> copy(It first, It last, Out out) {
  return detail::copy_between(typename detail::system_of<It>::type(),
                              typename detail::system_of<Out>::type(), first, last, out);
}
template <class Policy, class It, class Size, class Out>
detail::enable_if_policy<Policy, Out> copy_n(const Policy& policy, It first, Size n, Out out) {
  return detail::algo::copy(detail::exec_of(policy), first, first + n, out);
}
template <class It, class Size, class Out>
detail::enable_if_not_policy<It, Out> copy_n(It first, Size n, Out out) {
  return thrust::copy(first, first + n, out);
}
template <class Policy, class It, class Out>
detail::enable_if_policy<Policy, Out> uninitialized_copy(const Policy& policy, It first, It last,
                                                         Out out) {
  return thrust::copy(policy, first, last, out);
}
template <class It, class Out>
detail::enable_if_not_policy<It, Out> uninitialized_copy(It first, It last, Out out) {
  return thrust::copy(first, last, out);
}

}  // namespace thrust

#endif /* OXHIP_THRUST_DETAIL_COPY_H */
