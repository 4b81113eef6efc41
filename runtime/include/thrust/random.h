/* oxhip: thrust/random.h: linear congruential engines (minstd_rand, minstd_rand0,
 * default_random_engine), uniform_int_distribution, uniform_real_distribution and
 * normal_distribution, usable in host and device code. discard(n) jumps ahead in O(log n)
 * steps, so a kernel can give each thread its own subsequence. The engines give the
 * sequences the C++ standard defines for the same parameters; the distributions' mappings
 * are oxhip's own. */
#ifndef OXHIP_THRUST_RANDOM_H
#define OXHIP_THRUST_RANDOM_H

#include <thrust/detail/config.h>

namespace thrust {
namespace random {

template <class UIntType, UIntType a, UIntType c, UIntType m>
class linear_congruential_engine {
 public:
  typedef UIntType result_type;
  static const result_type multiplier = a;
  static const result_type increment = c;
  static const result_type modulus = m;
  static const result_type default_seed = 1u;

  OXHIP_THRUST_HD explicit linear_congruential_engine(result_type s = default_seed) { seed(s); }
  OXHIP_THRUST_HD void seed(result_type s = default_seed) {
    unsigned long long x = (unsigned long long)s % m;
    if (c % m == 0 && x == 0) x = 1;
    state_ = (result_type)x;
  }
  OXHIP_THRUST_HD static constexpr result_type min() { return c == 0u ? 1u : 0u; }
  OXHIP_THRUST_HD static constexpr result_type max() { return m - 1u; }
  OXHIP_THRUST_HD result_type operator()() {
    state_ = (result_type)(((unsigned long long)a * state_ + c) % m);
    return state_;
  }
  /* x -> a^n x + c (a^n - 1) / (a - 1), by squaring the step (A, C) = (a, c). */
  OXHIP_THRUST_HD void discard(unsigned long long n) {
    unsigned long long step_a = a % m, step_c = c % m, total_a = 1, total_c = 0;
    while (n > 0) {
      if (n & 1u) {
        total_a = total_a * step_a % m;
        total_c = (total_c * step_a + step_c) % m;
      }
      step_c = (step_c * step_a + step_c) % m;
      step_a = step_a * step_a % m;
      n >>= 1;
    }
    state_ = (result_type)((total_a * state_ + total_c) % m);
  }
  OXHIP_THRUST_HD bool operator==(const linear_congruential_engine& other) const {
    return state_ == other.state_;
  }
  OXHIP_THRUST_HD bool operator!=(const linear_congruential_engine& other) const {
    return state_ != other.state_;
  }

 private:
  result_type state_;
};

typedef linear_congruential_engine<unsigned int, 16807u, 0u, 2147483647u> minstd_rand0;
typedef linear_congruential_engine<unsigned int, 48271u, 0u, 2147483647u> minstd_rand;
typedef minstd_rand default_random_engine;

namespace detail {
/* A uniform double in [0, 1) from one engine output. */
template <class Engine>
OXHIP_THRUST_HD double unit(Engine& engine) {
  double range = (double)Engine::max() - (double)Engine::min() + 1.0;
  return ((double)engine() - (double)Engine::min()) / range;
}
}  // namespace detail

template <class IntType = int>
class uniform_int_distribution {
 public:
  typedef IntType result_type;
  OXHIP_THRUST_HD explicit uniform_int_distribution(IntType a = 0,
                                                     IntType b = std::numeric_limits<IntType>::max())
      : a_(a), b_(b) {}
  template <class Engine>
  OXHIP_THRUST_HD IntType operator()(Engine& engine) {
    double span = (double)b_ - (double)a_ + 1.0;
    long long offset = (long long)(detail::unit(engine) * span);
    if ((double)offset >= span) offset = (long long)(span - 1.0);
    return (IntType)((long long)a_ + offset);
  }
  OXHIP_THRUST_HD IntType a() const { return a_; }
  OXHIP_THRUST_HD IntType b() const { return b_; }
  OXHIP_THRUST_HD IntType min() const { return a_; }
  OXHIP_THRUST_HD IntType max() const { return b_; }
  OXHIP_THRUST_HD void reset() {}

 private:
  IntType a_, b_;
};

template <class RealType = double>
class uniform_real_distribution {
 public:
  typedef RealType result_type;
  OXHIP_THRUST_HD explicit uniform_real_distribution(RealType a = 0, RealType b = 1)
      : a_(a), b_(b) {}
  template <class Engine>
  OXHIP_THRUST_HD RealType operator()(Engine& engine) {
    RealType value = (RealType)(a_ + (b_ - a_) * detail::unit(engine));
    return value < b_ ? value : a_;
  }
  OXHIP_THRUST_HD RealType a() const { return a_; }
  OXHIP_THRUST_HD RealType b() const { return b_; }
  OXHIP_THRUST_HD RealType min() const { return a_; }
  OXHIP_THRUST_HD RealType max() const { return b_; }
  OXHIP_THRUST_HD void reset() {}

 private:
  RealType a_, b_;
};

/* Box-Muller over two uniform draws; each call uses a fresh pair. */
template <class RealType = double>
class normal_distribution {
 public:
  typedef RealType result_type;
  OXHIP_THRUST_HD explicit normal_distribution(RealType mean = 0, RealType stddev = 1)
      : mean_(mean), stddev_(stddev) {}
  template <class Engine>
  OXHIP_THRUST_HD RealType operator()(Engine& engine) {
    double u1 = detail::unit(engine), u2 = detail::unit(engine);
    if (u1 <= 0.0) u1 = 1e-300;
    double radius = ::sqrt(-2.0 * ::log(u1));
    return (RealType)(mean_ + stddev_ * radius * ::cos(6.283185307179586 * u2));
  }
  OXHIP_THRUST_HD RealType mean() const { return mean_; }
  OXHIP_THRUST_HD RealType stddev() const { return stddev_; }
  OXHIP_THRUST_HD void reset() {}

 private:
  RealType mean_, stddev_;
};

}  // namespace random

using random::default_random_engine;
using random::minstd_rand;
using random::minstd_rand0;
using random::normal_distribution;
using random::uniform_int_distribution;
using random::uniform_real_distribution;

}  // namespace thrust

#endif /* OXHIP_THRUST_RANDOM_H */
