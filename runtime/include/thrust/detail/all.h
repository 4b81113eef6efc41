/* oxhip: everything in Thrust but complex.h and random.h. Each public header includes this
 * one, so a program that includes any Thrust header has all of thrust::'s vectors,
 * iterators, policies and algorithms (the templates cost little until used). */
#ifndef OXHIP_THRUST_DETAIL_ALL_H
#define OXHIP_THRUST_DETAIL_ALL_H

#include <thrust/detail/iterator_facade.h>
#include <thrust/detail/pointer.h>
#include <thrust/detail/vector.h>
#include <thrust/detail/async.h>

namespace thrust {

template <class It>
OXHIP_THRUST_HD typename std::iterator_traits<It>::difference_type distance(It first, It last) {
  return last - first;
}
template <class It, class Distance>
OXHIP_THRUST_HD void advance(It& it, Distance n) {
  it += n;
}
template <class It>
OXHIP_THRUST_HD It next(It it, typename std::iterator_traits<It>::difference_type n = 1) {
  return it + n;
}

/* transform_inclusive_scan and transform_exclusive_scan: a scan over a transform_iterator. */
template <class Policy, class It, class Out, class F, class Op>
detail::enable_if_policy<Policy, Out> transform_inclusive_scan(const Policy& policy, It first,
                                                               It last, Out out, F f, Op op) {
  return thrust::inclusive_scan(policy, thrust::make_transform_iterator(first, f),
                                thrust::make_transform_iterator(last, f), out, op);
}
template <class It, class Out, class F, class Op>
detail::enable_if_not_policy<It, Out> transform_inclusive_scan(It first, It last, Out out, F f,
                                                               Op op) {
  return thrust::inclusive_scan(thrust::make_transform_iterator(first, f),
                                thrust::make_transform_iterator(last, f), out, op);
}
template <class Policy, class It, class Out, class F, class T, class Op>
detail::enable_if_policy<Policy, Out> transform_exclusive_scan(const Policy& policy, It first,
                                                               It last, Out out, F f, T init,
                                                               Op op) {
  return thrust::exclusive_scan(policy, thrust::make_transform_iterator(first, f),
                                thrust::make_transform_iterator(last, f), out, init, op);
}
template <class It, class Out, class F, class T, class Op>
detail::enable_if_not_policy<It, Out> transform_exclusive_scan(It first, It last, Out out, F f,
                                                               T init, Op op) {
  return thrust::exclusive_scan(thrust::make_transform_iterator(first, f),
                                thrust::make_transform_iterator(last, f), out, init, op);
}

/* device_new and device_delete: objects constructed and destroyed on the device, in memory
 * from device_malloc (or memory the caller has). */
namespace detail {
template <class T>
struct destroy_in_place {
  OXHIP_THRUST_HD void operator()(T& object) const { object.~T(); }
};
}  // namespace detail

/* n copies of `exemplar` constructed at p. */
template <class T>
device_ptr<T> device_new(device_ptr<void> p, const T& exemplar, const std::size_t n = 1) {
  device_ptr<T> result(static_cast<T*>(p.get()));
  thrust::uninitialized_fill(thrust::device, result, result + n, exemplar);
  return result;
}
/* n value-initialised T at p. */
template <class T>
device_ptr<T> device_new(device_ptr<void> p, const std::size_t n = 1) {
  return thrust::device_new<T>(p, T(), n);
}
/* n value-initialised T in new device memory. */
template <class T>
device_ptr<T> device_new(const std::size_t n = 1) {
  return thrust::device_new<T>(thrust::device_malloc(n * sizeof(T)), T(), n);
}
/* Destroys n objects at ptr on the device, then frees the memory (device_free). */
template <class T>
void device_delete(device_ptr<T> ptr, const std::size_t n = 1) {
  thrust::for_each_n(thrust::device, ptr, n, detail::destroy_in_place<T>());
  thrust::device_free(ptr);
}

}  // namespace thrust

#endif /* OXHIP_THRUST_DETAIL_ALL_H */
