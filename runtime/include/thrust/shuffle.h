/* oxhip: <thrust/shuffle.h>: shuffle and shuffle_copy with a random engine. Element i of the
 * output is element p(i) of the input, where p is a pseudo-random bijection of [0, n): a
 * Feistel network of six rounds over the smallest domain of 2^(2h) indices that holds n,
 * walked again while it lands at n or above (at most 4n indices, so a few steps at most).
 * Its round keys come from two draws of the engine, so the permutation depends only on the
 * engine's state, is the same on the host and on a device, and costs O(n) (a gather), not a
 * sort; it is not the permutation NVIDIA's Thrust gives for the same engine. */
#ifndef OXHIP_THRUST_SHUFFLE_H
#define OXHIP_THRUST_SHUFFLE_H
#include <thrust/detail/all.h>
namespace thrust {
namespace detail {
/* splitmix64's finaliser: a 64-bit mix. */
inline OXHIP_THRUST_HD unsigned long long shuffle_mix(unsigned long long z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
struct shuffle_bijection {
  enum { ROUNDS = 6 };
  unsigned long long n;
  unsigned int half_bits;
  unsigned int keys[ROUNDS];
  /* A 64-bit mix of the half and the round's key. */
  OXHIP_THRUST_HD unsigned long long round(unsigned long long x, unsigned int key) const {
    return shuffle_mix((x + key) * 0x9e3779b97f4a7c15ull);
  }
  OXHIP_THRUST_HD unsigned long long operator()(long long i) const {
    unsigned long long mask = (1ull << half_bits) - 1, x = (unsigned long long)i;
    do {
      unsigned long long left = x >> half_bits, right = x & mask;
      for (int r = 0; r < ROUNDS; ++r) {
        unsigned long long next = left ^ (round(right, keys[r]) & mask);
        left = right;
        right = next;
      }
      x = (left << half_bits) | right;
    } while (x >= n);
    return x;
  }
};
template <class Engine>
shuffle_bijection make_shuffle_bijection(std::ptrdiff_t n, Engine& engine) {
  shuffle_bijection p;
  p.n = (unsigned long long)n;
  p.half_bits = 1;
  while ((1ull << (2 * p.half_bits)) < p.n) ++p.half_bits;
  unsigned long long seed = ((unsigned long long)engine() << 32) ^ (unsigned long long)engine();
  for (int r = 0; r < shuffle_bijection::ROUNDS; ++r)
    p.keys[r] = (unsigned int)shuffle_mix(seed += 0x9e3779b97f4a7c15ull);
  return p;
}
template <class Exec, class It, class Out, class Engine>
Out shuffle_copy(const Exec& exec, It first, It last, Out out, Engine& engine) {
  std::ptrdiff_t n = last - first;
  if (n <= 0) return out;
  auto from = make_permutation_iterator(
      first, make_transform_iterator(make_counting_iterator<long long>(0),
                                     make_shuffle_bijection(n, engine)));
  return algo::copy(exec, from, from + n, out);
}
}  // namespace detail

template <class Policy, class It, class Engine>
detail::enable_if_policy<Policy> shuffle(const Policy& policy, It first, It last, Engine&& engine) {
  typedef typename std::iterator_traits<It>::value_type T;
  auto exec = detail::exec_of(policy);
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
  return detail::shuffle_copy(detail::exec_of(policy), first, last, out, engine);
}
template <class It, class Out, class Engine>
detail::enable_if_not_policy<It, Out> shuffle_copy(It first, It last, Out out, Engine&& engine) {
  return detail::shuffle_copy(detail::exec_of_iterators<It, Out>(), first, last, out, engine);
}
}  // namespace thrust
#endif
