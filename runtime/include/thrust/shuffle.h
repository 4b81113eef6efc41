/* oxhip: <thrust/shuffle.h>: shuffle and shuffle_copy with a random engine. The permutation
 * orders the elements by a 64-bit mix of (one draw of the engine, position), so it is a
 * uniform-looking permutation that depends only on the engine's state; it is not the
 * permutation NVIDIA's Thrust gives for the same engine. */
#ifndef OXHIP_THRUST_SHUFFLE_H
#define OXHIP_THRUST_SHUFFLE_H
#include <thrust/detail/all.h>
namespace thrust {
namespace detail {
struct shuffle_key {
  unsigned long long seed;
  OXHIP_THRUST_HD unsigned long long operator()(long long i) const {
    /* splitmix64's finaliser over seed + i * golden ratio. */
    unsigned long long z = seed + (unsigned long long)i * 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
};
template <class Exec, class It, class Out, class Engine>
Out shuffle_copy(const Exec& exec, It first, It last, Out out, Engine& engine) {
  std::ptrdiff_t n = last - first;
  unsigned long long seed = ((unsigned long long)engine() << 32) ^ (unsigned long long)engine();
  auto keys = make_transform_iterator(make_counting_iterator<long long>(0), shuffle_key{seed});
  algo::copy(exec, first, last, out);
  /* Sort a copy of the keys together with the elements. */
  typedef typename std::conditional<std::is_same<Exec, host_exec>::value,
                                    thrust::host_vector<unsigned long long>,
                                    thrust::device_vector<unsigned long long>>::type KeyVector;
  KeyVector sort_keys(keys, keys + n);
  algo::sort(exec, sort_keys.begin(), sort_keys.end(), out, true, thrust::less<>());
  return out + n;
}
}  // namespace detail

template <class Policy, class It, class Engine>
detail::enable_if_policy<Policy> shuffle(const Policy& policy, It first, It last, Engine&& engine) {
  typedef typename std::iterator_traits<It>::value_type T;
  auto exec = policy.oxhip_exec();
  typedef typename std::conditional<std::is_same<decltype(exec), detail::host_exec>::value,
                                    thrust::host_vector<T>, thrust::device_vector<T>>::type Copy;
  Copy copy(first, last);
  detail::shuffle_copy(exec, copy.begin(), copy.end(), first, engine);
}
template <class It, class Engine>
detail::enable_if_not_policy<It> shuffle(It first, It last, Engine&& engine) {
  typedef typename std::iterator_traits<It>::value_type T;
  auto exec = detail::exec_of_iterators<It>();
  typedef typename std::conditional<std::is_same<decltype(exec), detail::host_exec>::value,
                                    thrust::host_vector<T>, thrust::device_vector<T>>::type Copy;
  Copy copy(first, last);
  detail::shuffle_copy(exec, copy.begin(), copy.end(), first, engine);
}
template <class Policy, class It, class Out, class Engine>
detail::enable_if_policy<Policy, Out> shuffle_copy(const Policy& policy, It first, It last, Out out,
                                                   Engine&& engine) {
  return detail::shuffle_copy(policy.oxhip_exec(), first, last, out, engine);
}
template <class It, class Out, class Engine>
detail::enable_if_not_policy<It, Out> shuffle_copy(It first, It last, Out out, Engine&& engine) {
  return detail::shuffle_copy(detail::exec_of_iterators<It, Out>(), first, last, out, engine);
}
}  // namespace thrust
#endif
