/* oxhip: thrust::tuple and thrust::pair, usable in host and device code (std::tuple's
 * assignments are not constexpr before C++20, so device code cannot use them). A tuple of
 * references (what a zip_iterator yields) assigns through its references. */
#ifndef OXHIP_THRUST_DETAIL_TUPLE_H
#define OXHIP_THRUST_DETAIL_TUPLE_H

#include <thrust/detail/config.h>

namespace thrust {

template <class... Ts>
class tuple;
template <class T1, class T2>
struct pair;

namespace detail {

/* Runs each expression of a pack expansion in order (C++14 has no fold expressions). */
struct swallow {
  template <class... Ts>
  OXHIP_THRUST_HD swallow(Ts&&...) {}
};

template <std::size_t I, class T>
struct tuple_leaf {
  T value;
  OXHIP_THRUST_HD constexpr tuple_leaf() : value() {}
  template <class U>
  OXHIP_THRUST_HD constexpr tuple_leaf(U&& u) : value(static_cast<U&&>(u)) {}
};

/* A reference element assigns through the reference. */
template <std::size_t I, class T>
struct tuple_leaf<I, T&> {
  T& value;
  OXHIP_THRUST_HD constexpr tuple_leaf(T& v) : value(v) {}
  OXHIP_THRUST_HD constexpr tuple_leaf(const tuple_leaf& other) : value(other.value) {}
  OXHIP_THRUST_HD tuple_leaf& operator=(const tuple_leaf& other) {
    value = other.value;
    return *this;
  }
};

template <std::size_t I, class T>
OXHIP_THRUST_HD T& leaf_get(tuple_leaf<I, T>& leaf) {
  return leaf.value;
}
template <std::size_t I, class T>
OXHIP_THRUST_HD const T& leaf_get(const tuple_leaf<I, T>& leaf) {
  return leaf.value;
}
template <std::size_t I, class T>
OXHIP_THRUST_HD T& leaf_get(tuple_leaf<I, T&>& leaf) {
  return leaf.value;
}
template <std::size_t I, class T>
OXHIP_THRUST_HD T& leaf_get(const tuple_leaf<I, T&>& leaf) {
  return leaf.value;
}

template <class Indices, class... Ts>
struct tuple_base;

template <std::size_t... Is, class... Ts>
struct tuple_base<std::index_sequence<Is...>, Ts...> : tuple_leaf<Is, Ts>... {
  OXHIP_THRUST_HD constexpr tuple_base() : tuple_leaf<Is, Ts>()... {}
  template <class... Us>
  OXHIP_THRUST_HD constexpr explicit tuple_base(int, Us&&... us)
      : tuple_leaf<Is, Ts>(static_cast<Us&&>(us))... {}
};

template <class T>
struct is_tuple : std::false_type {};
template <class... Ts>
struct is_tuple<tuple<Ts...>> : std::true_type {};

}  // namespace detail

template <class T>
struct tuple_size;
template <class... Ts>
struct tuple_size<tuple<Ts...>> : std::integral_constant<std::size_t, sizeof...(Ts)> {};
template <class T>
struct tuple_size<const T> : tuple_size<T> {};

template <std::size_t I, class T>
struct tuple_element;
template <std::size_t I, class Head, class... Tail>
struct tuple_element<I, tuple<Head, Tail...>> : tuple_element<I - 1, tuple<Tail...>> {};
template <class Head, class... Tail>
struct tuple_element<0, tuple<Head, Tail...>> {
  typedef Head type;
};
template <std::size_t I, class T>
struct tuple_element<I, const T> {
  typedef const typename tuple_element<I, T>::type type;
};

template <std::size_t I, class... Ts>
OXHIP_THRUST_HD typename std::add_lvalue_reference<typename tuple_element<I, tuple<Ts...>>::type>::type
get(tuple<Ts...>& t) {
  return detail::leaf_get<I>(t);
}
template <std::size_t I, class... Ts>
OXHIP_THRUST_HD typename std::add_lvalue_reference<
    typename std::add_const<typename tuple_element<I, tuple<Ts...>>::type>::type>::type
get(const tuple<Ts...>& t) {
  return detail::leaf_get<I>(t);
}
template <std::size_t I, class... Ts>
OXHIP_THRUST_HD typename std::add_rvalue_reference<typename tuple_element<I, tuple<Ts...>>::type>::type
get(tuple<Ts...>&& t) {
  typedef typename tuple_element<I, tuple<Ts...>>::type T;
  return static_cast<typename std::add_rvalue_reference<T>::type>(detail::leaf_get<I>(t));
}

template <class... Ts>
class tuple : public detail::tuple_base<std::index_sequence_for<Ts...>, Ts...> {
  typedef detail::tuple_base<std::index_sequence_for<Ts...>, Ts...> base;

  template <class Other, std::size_t... Is>
  OXHIP_THRUST_HD void assign(const Other& other, std::index_sequence<Is...>) {
    detail::swallow{(detail::leaf_get<Is>(*this) = get<Is>(other), 0)...};
  }
  template <class Other, std::size_t... Is>
  OXHIP_THRUST_HD tuple(int, const Other& other, std::index_sequence<Is...>)
      : base(0, get<Is>(other)...) {}

 public:
  OXHIP_THRUST_HD constexpr tuple() : base() {}
  OXHIP_THRUST_HD constexpr tuple(const Ts&... values) : base(0, values...) {}
  tuple(const tuple&) = default;
  tuple(tuple&&) = default;
  template <class... Us, class = typename std::enable_if<
                             sizeof...(Us) == sizeof...(Ts) &&
                             !std::is_same<tuple<Us...>, tuple<Ts...>>::value>::type>
  OXHIP_THRUST_HD tuple(const tuple<Us...>& other)
      : tuple(0, other, std::index_sequence_for<Ts...>()) {}

  /* A reference element's leaf assigns through the reference, so the default is right. */
  tuple& operator=(const tuple&) = default;
  template <class... Us, class = typename std::enable_if<sizeof...(Us) == sizeof...(Ts)>::type>
  OXHIP_THRUST_HD tuple& operator=(const tuple<Us...>& other) {
    assign(other, std::index_sequence_for<Ts...>());
    return *this;
  }
  /* From a pair, for two-element tuples (`thrust::tie(a, b) = pair`). */
  template <class U1, class U2,
            class = typename std::enable_if<sizeof...(Ts) == 2 && sizeof(U1) != 0>::type>
  OXHIP_THRUST_HD tuple(const pair<U1, U2>& p) : base(0, p.first, p.second) {}
  template <class U1, class U2,
            class = typename std::enable_if<sizeof...(Ts) == 2 && sizeof(U1) != 0>::type>
  OXHIP_THRUST_HD tuple& operator=(const pair<U1, U2>& p) {
    detail::leaf_get<0>(*this) = p.first;
    detail::leaf_get<1>(*this) = p.second;
    return *this;
  }
  /* Assignment to a tuple of references that is itself a temporary (`*zip = make_tuple(..)`). */
  template <class... Us, class = typename std::enable_if<sizeof...(Us) == sizeof...(Ts)>::type>
  OXHIP_THRUST_HD const tuple& operator=(const tuple<Us...>& other) const {
    const_cast<tuple*>(this)->assign(other, std::index_sequence_for<Ts...>());
    return *this;
  }
  OXHIP_THRUST_HD void swap(tuple& other) {
    tuple saved(*this);
    *this = other;
    other = saved;
  }
};

template <>
class tuple<> {
 public:
  OXHIP_THRUST_HD constexpr tuple() {}
};

template <class... Ts>
OXHIP_THRUST_HD tuple<typename std::decay<Ts>::type...> make_tuple(Ts&&... values) {
  return tuple<typename std::decay<Ts>::type...>(static_cast<Ts&&>(values)...);
}
template <class... Ts>
OXHIP_THRUST_HD tuple<Ts&...> tie(Ts&... values) {
  return tuple<Ts&...>(values...);
}

namespace detail {
template <std::size_t I, std::size_t N>
struct tuple_compare {
  template <class A, class B>
  OXHIP_THRUST_HD static bool equal(const A& a, const B& b) {
    return get<I>(a) == get<I>(b) && tuple_compare<I + 1, N>::equal(a, b);
  }
  template <class A, class B>
  OXHIP_THRUST_HD static bool less(const A& a, const B& b) {
    if (get<I>(a) < get<I>(b)) return true;
    if (get<I>(b) < get<I>(a)) return false;
    return tuple_compare<I + 1, N>::less(a, b);
  }
};
template <std::size_t N>
struct tuple_compare<N, N> {
  template <class A, class B>
  OXHIP_THRUST_HD static bool equal(const A&, const B&) {
    return true;
  }
  template <class A, class B>
  OXHIP_THRUST_HD static bool less(const A&, const B&) {
    return false;
  }
};
}  // namespace detail

template <class... Ts, class... Us>
OXHIP_THRUST_HD bool operator==(const tuple<Ts...>& a, const tuple<Us...>& b) {
  return detail::tuple_compare<0, sizeof...(Ts)>::equal(a, b);
}
template <class... Ts, class... Us>
OXHIP_THRUST_HD bool operator!=(const tuple<Ts...>& a, const tuple<Us...>& b) {
  return !(a == b);
}
template <class... Ts, class... Us>
OXHIP_THRUST_HD bool operator<(const tuple<Ts...>& a, const tuple<Us...>& b) {
  return detail::tuple_compare<0, sizeof...(Ts)>::less(a, b);
}
template <class... Ts, class... Us>
OXHIP_THRUST_HD bool operator>(const tuple<Ts...>& a, const tuple<Us...>& b) {
  return b < a;
}
template <class... Ts, class... Us>
OXHIP_THRUST_HD bool operator<=(const tuple<Ts...>& a, const tuple<Us...>& b) {
  return !(b < a);
}
template <class... Ts, class... Us>
OXHIP_THRUST_HD bool operator>=(const tuple<Ts...>& a, const tuple<Us...>& b) {
  return !(a < b);
}

/* ---- pair ------------------------------------------------------------------------------ */

template <class T1, class T2>
struct pair {
  typedef T1 first_type;
  typedef T2 second_type;
  T1 first;
  T2 second;
  OXHIP_THRUST_HD constexpr pair() : first(), second() {}
  OXHIP_THRUST_HD constexpr pair(const T1& a, const T2& b) : first(a), second(b) {}
  template <class U1, class U2>
  OXHIP_THRUST_HD constexpr pair(const pair<U1, U2>& other)
      : first(other.first), second(other.second) {}
  template <class U1, class U2>
  OXHIP_THRUST_HD pair(const std::pair<U1, U2>& other) : first(other.first), second(other.second) {}
  OXHIP_THRUST_HD void swap(pair& other) {
    pair saved(*this);
    *this = other;
    other = saved;
  }
};

template <class T1, class T2>
OXHIP_THRUST_HD pair<T1, T2> make_pair(T1 a, T2 b) {
  return pair<T1, T2>(a, b);
}
template <class T1, class T2>
OXHIP_THRUST_HD bool operator==(const pair<T1, T2>& a, const pair<T1, T2>& b) {
  return a.first == b.first && a.second == b.second;
}
template <class T1, class T2>
OXHIP_THRUST_HD bool operator!=(const pair<T1, T2>& a, const pair<T1, T2>& b) {
  return !(a == b);
}
template <class T1, class T2>
OXHIP_THRUST_HD bool operator<(const pair<T1, T2>& a, const pair<T1, T2>& b) {
  return a.first < b.first || (!(b.first < a.first) && a.second < b.second);
}
template <class T1, class T2>
OXHIP_THRUST_HD bool operator>(const pair<T1, T2>& a, const pair<T1, T2>& b) {
  return b < a;
}
template <class T1, class T2>
OXHIP_THRUST_HD bool operator<=(const pair<T1, T2>& a, const pair<T1, T2>& b) {
  return !(b < a);
}
template <class T1, class T2>
OXHIP_THRUST_HD bool operator>=(const pair<T1, T2>& a, const pair<T1, T2>& b) {
  return !(a < b);
}

template <class T1, class T2>
struct tuple_size<pair<T1, T2>> : std::integral_constant<std::size_t, 2> {};
template <class T1, class T2>
struct tuple_element<0, pair<T1, T2>> {
  typedef T1 type;
};
template <class T1, class T2>
struct tuple_element<1, pair<T1, T2>> {
  typedef T2 type;
};
namespace detail {
template <std::size_t I>
struct pair_get;
template <>
struct pair_get<0> {
  template <class P>
  OXHIP_THRUST_HD static auto& get(P& p) {
    return p.first;
  }
};
template <>
struct pair_get<1> {
  template <class P>
  OXHIP_THRUST_HD static auto& get(P& p) {
    return p.second;
  }
};
}  // namespace detail
template <std::size_t I, class T1, class T2>
OXHIP_THRUST_HD typename tuple_element<I, pair<T1, T2>>::type& get(pair<T1, T2>& p) {
  return detail::pair_get<I>::get(p);
}
template <std::size_t I, class T1, class T2>
OXHIP_THRUST_HD const typename tuple_element<I, pair<T1, T2>>::type& get(const pair<T1, T2>& p) {
  return detail::pair_get<I>::get(p);
}

}  // namespace thrust

/* Structured bindings (C++17) over thrust::tuple and thrust::pair. */
namespace std {
template <class... Ts>
struct tuple_size<thrust::tuple<Ts...>> : std::integral_constant<std::size_t, sizeof...(Ts)> {};
template <std::size_t I, class... Ts>
struct tuple_element<I, thrust::tuple<Ts...>> {
  typedef typename thrust::tuple_element<I, thrust::tuple<Ts...>>::type type;
};
template <class T1, class T2>
struct tuple_size<thrust::pair<T1, T2>> : std::integral_constant<std::size_t, 2> {};
template <std::size_t I, class T1, class T2>
struct tuple_element<I, thrust::pair<T1, T2>> {
  typedef typename thrust::tuple_element<I, thrust::pair<T1, T2>>::type type;
};
}  // namespace std

#endif /* OXHIP_THRUST_DETAIL_TUPLE_H */
