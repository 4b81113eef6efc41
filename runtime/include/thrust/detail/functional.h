/* oxhip: Thrust's function objects (thrust/functional.h), callable in host and device code.
 * Each takes a type (`thrust::plus<int>`) or none (`thrust::plus<>`, which deduces). */
#ifndef OXHIP_THRUST_DETAIL_FUNCTIONAL_H
#define OXHIP_THRUST_DETAIL_FUNCTIONAL_H

#include <thrust/detail/config.h>

namespace thrust {

/* The adaptable-function bases old code derives its functors from. */
template <class Argument, class Result>
struct unary_function {
  typedef Argument argument_type;
  typedef Result result_type;
};
template <class Argument1, class Argument2, class Result>
struct binary_function {
  typedef Argument1 first_argument_type;
  typedef Argument2 second_argument_type;
  typedef Result result_type;
};

#define OXHIP_THRUST_BINARY(name, result, expression)                                        \
  template <class T = void>                                                                  \
  struct name {                                                                              \
    typedef T first_argument_type;                                                           \
    typedef T second_argument_type;                                                          \
    typedef result result_type;                                                              \
    OXHIP_THRUST_HD constexpr result operator()(const T& a, const T& b) const {              \
      return expression;                                                                     \
    }                                                                                        \
  };                                                                                         \
  template <>                                                                                \
  struct name<void> {                                                                        \
    typedef void is_transparent;                                                             \
    template <class A, class B>                                                              \
    OXHIP_THRUST_HD constexpr auto operator()(A&& a, B&& b) const -> decltype(expression) {  \
      return expression;                                                                     \
    }                                                                                        \
  };

OXHIP_THRUST_BINARY(plus, T, a + b)
OXHIP_THRUST_BINARY(minus, T, a - b)
OXHIP_THRUST_BINARY(multiplies, T, a * b)
OXHIP_THRUST_BINARY(divides, T, a / b)
OXHIP_THRUST_BINARY(modulus, T, a % b)
OXHIP_THRUST_BINARY(equal_to, bool, a == b)
OXHIP_THRUST_BINARY(not_equal_to, bool, a != b)
OXHIP_THRUST_BINARY(less, bool, a < b)
OXHIP_THRUST_BINARY(greater, bool, a > b)
OXHIP_THRUST_BINARY(less_equal, bool, a <= b)
OXHIP_THRUST_BINARY(greater_equal, bool, a >= b)
OXHIP_THRUST_BINARY(logical_and, bool, a && b)
OXHIP_THRUST_BINARY(logical_or, bool, a || b)
OXHIP_THRUST_BINARY(bit_and, T, a & b)
OXHIP_THRUST_BINARY(bit_or, T, a | b)
OXHIP_THRUST_BINARY(bit_xor, T, a ^ b)
#undef OXHIP_THRUST_BINARY

template <class T = void>
struct maximum {
  typedef T first_argument_type;
  typedef T second_argument_type;
  typedef T result_type;
  OXHIP_THRUST_HD constexpr T operator()(const T& a, const T& b) const { return a < b ? b : a; }
};
template <>
struct maximum<void> {
  template <class A, class B>
  OXHIP_THRUST_HD constexpr typename std::common_type<A, B>::type operator()(const A& a,
                                                                         const B& b) const {
    return a < b ? b : a;
  }
};
template <class T = void>
struct minimum {
  typedef T first_argument_type;
  typedef T second_argument_type;
  typedef T result_type;
  OXHIP_THRUST_HD constexpr T operator()(const T& a, const T& b) const { return b < a ? b : a; }
};
template <>
struct minimum<void> {
  template <class A, class B>
  OXHIP_THRUST_HD constexpr typename std::common_type<A, B>::type operator()(const A& a,
                                                                         const B& b) const {
    return b < a ? b : a;
  }
};

#define OXHIP_THRUST_UNARY(name, result, expression)                                        \
  template <class T = void>                                                                 \
  struct name {                                                                             \
    typedef T argument_type;                                                                \
    typedef result result_type;                                                             \
    OXHIP_THRUST_HD constexpr result operator()(const T& a) const { return expression; }    \
  };                                                                                        \
  template <>                                                                               \
  struct name<void> {                                                                       \
    template <class A>                                                                      \
    OXHIP_THRUST_HD constexpr auto operator()(A&& a) const -> decltype(expression) {        \
      return expression;                                                                    \
    }                                                                                       \
  };

OXHIP_THRUST_UNARY(negate, T, -a)
OXHIP_THRUST_UNARY(logical_not, bool, !a)
OXHIP_THRUST_UNARY(bit_not, T, ~a)
OXHIP_THRUST_UNARY(square, T, a * a)
#undef OXHIP_THRUST_UNARY

template <class T = void>
struct identity {
  typedef T argument_type;
  typedef T result_type;
  OXHIP_THRUST_HD constexpr const T& operator()(const T& a) const { return a; }
  OXHIP_THRUST_HD constexpr T& operator()(T& a) const { return a; }
};
template <>
struct identity<void> {
  template <class A>
  OXHIP_THRUST_HD constexpr A&& operator()(A&& a) const {
    return static_cast<A&&>(a);
  }
};

template <class T1 = void, class T2 = void>
struct project1st {
  OXHIP_THRUST_HD constexpr const T1& operator()(const T1& a, const T2&) const { return a; }
};
template <>
struct project1st<void, void> {
  template <class A, class B>
  OXHIP_THRUST_HD constexpr A&& operator()(A&& a, B&&) const {
    return static_cast<A&&>(a);
  }
};
template <class T1 = void, class T2 = void>
struct project2nd {
  OXHIP_THRUST_HD constexpr const T2& operator()(const T1&, const T2& b) const { return b; }
};
template <>
struct project2nd<void, void> {
  template <class A, class B>
  OXHIP_THRUST_HD constexpr B&& operator()(A&&, B&& b) const {
    return static_cast<B&&>(b);
  }
};

template <class Predicate>
struct unary_negate {
  mutable Predicate pred;
  OXHIP_THRUST_HD explicit unary_negate(const Predicate& p) : pred(p) {}
  template <class A>
  OXHIP_THRUST_HD bool operator()(const A& a) const {
    return !pred(a);
  }
};
template <class Predicate>
struct binary_negate {
  mutable Predicate pred;
  OXHIP_THRUST_HD explicit binary_negate(const Predicate& p) : pred(p) {}
  template <class A, class B>
  OXHIP_THRUST_HD bool operator()(const A& a, const B& b) const {
    return !pred(a, b);
  }
};
template <class Predicate>
OXHIP_THRUST_HD unary_negate<Predicate> not1(const Predicate& pred) {
  return unary_negate<Predicate>(pred);
}
template <class Predicate>
OXHIP_THRUST_HD binary_negate<Predicate> not2(const Predicate& pred) {
  return binary_negate<Predicate>(pred);
}
template <class F>
struct not_fn_t {
  mutable F f;
  template <class... As>
  OXHIP_THRUST_HD bool operator()(As&&... as) const {
    return !f(static_cast<As&&>(as)...);
  }
};
template <class F>
OXHIP_THRUST_HD not_fn_t<typename std::decay<F>::type> not_fn(F&& f) {
  return not_fn_t<typename std::decay<F>::type>{static_cast<F&&>(f)};
}

/* ---- placeholders: thrust::placeholders::_1 * 2 + _2 ------------------------------------ */

namespace detail {

template <class Expr>
struct actor;

template <unsigned N>
struct argument_expr {
  template <class A, class B>
  OXHIP_THRUST_HD static A& pick(A& a, B&, std::integral_constant<unsigned, 0>) {
    return a;
  }
  template <class A, class B>
  OXHIP_THRUST_HD static B& pick(A&, B& b, std::integral_constant<unsigned, 1>) {
    return b;
  }
  template <class A, class B>
  OXHIP_THRUST_HD decltype(auto) eval(A& a, B& b) const {
    return pick(a, b, std::integral_constant<unsigned, N>());
  }
};
template <class T>
struct value_expr {
  T value;
  template <class A, class B>
  OXHIP_THRUST_HD const T& eval(A&, B&) const {
    return value;
  }
};

struct unused_argument {};

template <class Expr>
struct actor {
  Expr expr;
  template <class A>
  OXHIP_THRUST_HD decltype(auto) operator()(A&& a) const {
    unused_argument none;
    return expr.eval(a, none);
  }
  template <class A, class B>
  OXHIP_THRUST_HD decltype(auto) operator()(A&& a, B&& b) const {
    return expr.eval(a, b);
  }
};

template <class T>
struct as_expr {
  typedef value_expr<T> type;
  OXHIP_THRUST_HD static type make(const T& v) { return type{v}; }
};
template <class E>
struct as_expr<actor<E>> {
  typedef E type;
  OXHIP_THRUST_HD static type make(const actor<E>& a) { return a.expr; }
};

template <class T>
struct is_actor : std::false_type {};
template <class E>
struct is_actor<actor<E>> : std::true_type {};

#define OXHIP_THRUST_PLACEHOLDER_BINARY(name, op)                                              \
  template <class L, class R>                                                                  \
  struct name {                                                                                \
    L left;                                                                                    \
    R right;                                                                                   \
    template <class A, class B>                                                                \
    OXHIP_THRUST_HD auto eval(A& a, B& b) const -> decltype(left.eval(a, b) op right.eval(a, b)) { \
      return left.eval(a, b) op right.eval(a, b);                                              \
    }                                                                                          \
  };                                                                                           \
  template <class L, class R,                                                                  \
            class = typename std::enable_if<detail::is_actor<L>::value ||                      \
                                            detail::is_actor<R>::value>::type>                 \
  OXHIP_THRUST_HD detail::actor<detail::name<typename detail::as_expr<L>::type,                \
                                             typename detail::as_expr<R>::type>>               \
  operator op(const L& l, const R& r) {                                                        \
    return {{detail::as_expr<L>::make(l), detail::as_expr<R>::make(r)}};                       \
  }

OXHIP_THRUST_PLACEHOLDER_BINARY(plus_expr, +)
OXHIP_THRUST_PLACEHOLDER_BINARY(minus_expr, -)
OXHIP_THRUST_PLACEHOLDER_BINARY(multiplies_expr, *)
OXHIP_THRUST_PLACEHOLDER_BINARY(divides_expr, /)
OXHIP_THRUST_PLACEHOLDER_BINARY(modulus_expr, %)
OXHIP_THRUST_PLACEHOLDER_BINARY(less_expr, <)
OXHIP_THRUST_PLACEHOLDER_BINARY(greater_expr, >)
OXHIP_THRUST_PLACEHOLDER_BINARY(less_equal_expr, <=)
OXHIP_THRUST_PLACEHOLDER_BINARY(greater_equal_expr, >=)
OXHIP_THRUST_PLACEHOLDER_BINARY(equal_expr, ==)
OXHIP_THRUST_PLACEHOLDER_BINARY(not_equal_expr, !=)
OXHIP_THRUST_PLACEHOLDER_BINARY(and_expr, &&)
OXHIP_THRUST_PLACEHOLDER_BINARY(or_expr, ||)
#undef OXHIP_THRUST_PLACEHOLDER_BINARY

template <class E>
struct negate_expr {
  E inner;
  template <class A, class B>
  OXHIP_THRUST_HD auto eval(A& a, B& b) const -> decltype(-inner.eval(a, b)) {
    return -inner.eval(a, b);
  }
};

template <class E>
OXHIP_THRUST_HD actor<negate_expr<E>> operator-(const actor<E>& a) {
  return {{a.expr}};
}

}  // namespace detail

namespace placeholders {
static constexpr detail::actor<detail::argument_expr<0>> _1{};
static constexpr detail::actor<detail::argument_expr<1>> _2{};
}  // namespace placeholders

}  // namespace thrust

#endif /* OXHIP_THRUST_DETAIL_FUNCTIONAL_H */
