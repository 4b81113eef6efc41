/* oxhip: Thrust's fancy iterators: counting, constant, transform, zip, permutation,
 * discard and reverse, with their make_* helpers.
 *
 * Each is random access, holds only its base iterators and values (the same layout in every
 * pass), names its system (`oxhip_system`: the system of its bases; counting and constant
 * iterators belong to any system) and gives the same iterator over raw pointers from
 * `oxhip_unwrap()`, which algorithms call before handing iterators to a kernel. */
#ifndef OXHIP_THRUST_DETAIL_ITERATORS_H
#define OXHIP_THRUST_DETAIL_ITERATORS_H

#include <thrust/detail/functional.h>
#include <thrust/detail/memory.h>
#include <thrust/detail/tuple.h>

namespace thrust {

struct use_default {};

struct random_access_traversal_tag {};
struct bidirectional_traversal_tag {};
struct forward_traversal_tag {};
struct single_pass_traversal_tag {};
struct incrementable_traversal_tag {};
typedef std::random_access_iterator_tag random_access_device_iterator_tag;
typedef std::random_access_iterator_tag random_access_host_iterator_tag;
typedef std::input_iterator_tag input_device_iterator_tag;
typedef std::output_iterator_tag output_device_iterator_tag;
typedef std::forward_iterator_tag forward_device_iterator_tag;
typedef std::bidirectional_iterator_tag bidirectional_device_iterator_tag;

template <class It>
struct iterator_traits : std::iterator_traits<It> {};
template <class It>
struct iterator_value {
  typedef typename std::iterator_traits<It>::value_type type;
};
template <class It>
using iterator_value_t = typename iterator_value<It>::type;
template <class It>
struct iterator_reference {
  typedef typename std::iterator_traits<It>::reference type;
};
template <class It>
struct iterator_difference {
  typedef typename std::iterator_traits<It>::difference_type type;
};
template <class It>
struct iterator_pointer {
  typedef typename std::iterator_traits<It>::pointer type;
};
template <class It>
struct iterator_traversal {
  typedef random_access_traversal_tag type;
};

namespace detail {

template <class T, class Default>
struct or_default {
  typedef T type;
};
template <class Default>
struct or_default<use_default, Default> {
  typedef Default type;
};

/* What a system argument of a fancy iterator means: use_default is any system. */
template <class System>
struct system_tag_of {
  typedef System type;
};
template <>
struct system_tag_of<use_default> {
  typedef any_system_tag type;
};

/* The arithmetic of a random-access iterator, from the derived iterator's
 * `oxhip_advance(n)` and `oxhip_distance(other)` (other - this). */
template <class Derived>
struct iterator_ops {
  typedef std::ptrdiff_t difference_type;
  typedef std::random_access_iterator_tag iterator_category;

  OXHIP_THRUST_HD Derived& self() { return static_cast<Derived&>(*this); }
  OXHIP_THRUST_HD const Derived& self() const { return static_cast<const Derived&>(*this); }

  OXHIP_THRUST_HD Derived& operator++() {
    self().oxhip_advance(1);
    return self();
  }
  OXHIP_THRUST_HD Derived operator++(int) {
    Derived old = self();
    self().oxhip_advance(1);
    return old;
  }
  OXHIP_THRUST_HD Derived& operator--() {
    self().oxhip_advance(-1);
    return self();
  }
  OXHIP_THRUST_HD Derived operator--(int) {
    Derived old = self();
    self().oxhip_advance(-1);
    return old;
  }
  OXHIP_THRUST_HD Derived& operator+=(difference_type n) {
    self().oxhip_advance(n);
    return self();
  }
  OXHIP_THRUST_HD Derived& operator-=(difference_type n) {
    self().oxhip_advance(-n);
    return self();
  }
  OXHIP_THRUST_HD Derived operator+(difference_type n) const {
    Derived moved = self();
    moved.oxhip_advance(n);
    return moved;
  }
  OXHIP_THRUST_HD Derived operator-(difference_type n) const {
    Derived moved = self();
    moved.oxhip_advance(-n);
    return moved;
  }
  OXHIP_THRUST_HD friend Derived operator+(difference_type n, const Derived& it) { return it + n; }
  OXHIP_THRUST_HD difference_type operator-(const Derived& other) const {
    return other.oxhip_distance(self());
  }
  OXHIP_THRUST_HD decltype(auto) operator[](difference_type n) const { return *(self() + n); }
  OXHIP_THRUST_HD friend bool operator==(const Derived& a, const Derived& b) {
    return a.oxhip_distance(b) == 0;
  }
  OXHIP_THRUST_HD friend bool operator!=(const Derived& a, const Derived& b) {
    return a.oxhip_distance(b) != 0;
  }
  OXHIP_THRUST_HD friend bool operator<(const Derived& a, const Derived& b) {
    return a.oxhip_distance(b) > 0;
  }
  OXHIP_THRUST_HD friend bool operator>(const Derived& a, const Derived& b) { return b < a; }
  OXHIP_THRUST_HD friend bool operator<=(const Derived& a, const Derived& b) { return !(b < a); }
  OXHIP_THRUST_HD friend bool operator>=(const Derived& a, const Derived& b) { return !(a < b); }
};

/* An arrow for iterators whose elements are values. */
template <class T>
struct arrow_proxy {
  T value;
  OXHIP_THRUST_HD const T* operator->() const { return &value; }
};

}  // namespace detail

/* ---- counting_iterator -------------------------------------------------------------------- */

template <class Incrementable, class System = use_default, class Traversal = use_default,
          class Difference = use_default>
class counting_iterator
    : public detail::iterator_ops<counting_iterator<Incrementable, System, Traversal, Difference>> {
 public:
  typedef Incrementable value_type;
  typedef Incrementable reference;
  typedef detail::arrow_proxy<Incrementable> pointer;
  typedef typename detail::system_tag_of<System>::type oxhip_system;

  OXHIP_THRUST_HD counting_iterator() : value_() {}
  OXHIP_THRUST_HD explicit counting_iterator(Incrementable value) : value_(value) {}
  OXHIP_THRUST_HD Incrementable operator*() const { return value_; }
  OXHIP_THRUST_HD pointer operator->() const { return pointer{value_}; }
  OXHIP_THRUST_HD const Incrementable& base() const { return value_; }
  OXHIP_THRUST_HD void oxhip_advance(std::ptrdiff_t n) {
    value_ = static_cast<Incrementable>(value_ + static_cast<Incrementable>(n));
  }
  OXHIP_THRUST_HD std::ptrdiff_t oxhip_distance(const counting_iterator& other) const {
    return static_cast<std::ptrdiff_t>(other.value_) - static_cast<std::ptrdiff_t>(value_);
  }

 private:
  Incrementable value_;
};

template <class Incrementable>
OXHIP_THRUST_HD counting_iterator<Incrementable> make_counting_iterator(Incrementable value) {
  return counting_iterator<Incrementable>(value);
}

/* ---- constant_iterator -------------------------------------------------------------------- */

template <class Value, class Incrementable = use_default, class System = use_default>
class constant_iterator
    : public detail::iterator_ops<constant_iterator<Value, Incrementable, System>> {
 public:
  typedef Value value_type;
  typedef Value reference;
  typedef detail::arrow_proxy<Value> pointer;
  typedef typename detail::system_tag_of<System>::type oxhip_system;

  OXHIP_THRUST_HD constant_iterator() : value_(), index_(0) {}
  OXHIP_THRUST_HD explicit constant_iterator(const Value& value, std::ptrdiff_t index = 0)
      : value_(value), index_(index) {}
  OXHIP_THRUST_HD Value operator*() const { return value_; }
  OXHIP_THRUST_HD pointer operator->() const { return pointer{value_}; }
  OXHIP_THRUST_HD const Value& value() const { return value_; }
  OXHIP_THRUST_HD void oxhip_advance(std::ptrdiff_t n) { index_ += n; }
  OXHIP_THRUST_HD std::ptrdiff_t oxhip_distance(const constant_iterator& other) const {
    return other.index_ - index_;
  }

 private:
  Value value_;
  std::ptrdiff_t index_;
};

template <class Value>
OXHIP_THRUST_HD constant_iterator<Value> make_constant_iterator(const Value& value) {
  return constant_iterator<Value>(value);
}
template <class Value, class Index>
OXHIP_THRUST_HD constant_iterator<Value> make_constant_iterator(const Value& value, Index index) {
  return constant_iterator<Value>(value, static_cast<std::ptrdiff_t>(index));
}

/* ---- transform_iterator ------------------------------------------------------------------- */

namespace detail {
template <class F, class It>
struct transform_result {
  typedef typename std::iterator_traits<It>::value_type argument;
  typedef decltype(std::declval<F&>()(std::declval<argument&>())) type;
};
}  // namespace detail

template <class F, class It, class Reference = use_default, class Value = use_default>
class transform_iterator
    : public detail::iterator_ops<transform_iterator<F, It, Reference, Value>> {
 public:
  typedef typename detail::or_default<Reference,
                                      typename detail::transform_result<F, It>::type>::type
      reference;
  typedef typename detail::or_default<
      Value, typename std::remove_cv<typename std::remove_reference<reference>::type>::type>::type
      value_type;
  typedef void pointer;
  typedef typename detail::system_of<It>::type oxhip_system;
  typedef It base_type;

  OXHIP_THRUST_HD transform_iterator() : it_(), f_() {}
  OXHIP_THRUST_HD transform_iterator(const It& it, const F& f) : it_(it), f_(f) {}
  OXHIP_THRUST_HD explicit transform_iterator(const It& it) : it_(it), f_() {}
  OXHIP_THRUST_HD reference operator*() const { return f_(*it_); }
  OXHIP_THRUST_HD const It& base() const { return it_; }
  OXHIP_THRUST_HD F functor() const { return f_; }
  OXHIP_THRUST_HD void oxhip_advance(std::ptrdiff_t n) { it_ += n; }
  OXHIP_THRUST_HD std::ptrdiff_t oxhip_distance(const transform_iterator& other) const {
    return other.it_ - it_;
  }
  OXHIP_THRUST_HD auto oxhip_unwrap() const
      -> transform_iterator<F, typename detail::unwrapped<It>::type, Reference, Value> {
    return transform_iterator<F, typename detail::unwrapped<It>::type, Reference, Value>(
        detail::unwrap(it_), f_);
  }

 private:
  It it_;
  mutable F f_;
};

template <class F, class It>
OXHIP_THRUST_HD transform_iterator<F, It> make_transform_iterator(It it, F f) {
  return transform_iterator<F, It>(it, f);
}

/* ---- transform_output_iterator ------------------------------------------------------------ */

namespace detail {
template <class F, class It>
struct transform_output_proxy {
  It it;
  mutable F f;
  template <class T>
  OXHIP_THRUST_HD const transform_output_proxy& operator=(const T& value) const {
    *it = f(value);
    return *this;
  }
};
}  // namespace detail

/* An output iterator that writes f(x) to *it when x is assigned through it. */
template <class F, class It>
class transform_output_iterator
    : public detail::iterator_ops<transform_output_iterator<F, It>> {
 public:
  typedef void value_type;
  typedef detail::transform_output_proxy<F, It> reference;
  typedef void pointer;
  typedef typename detail::system_of<It>::type oxhip_system;

  OXHIP_THRUST_HD transform_output_iterator(const It& it, const F& f) : it_(it), f_(f) {}
  OXHIP_THRUST_HD reference operator*() const { return reference{it_, f_}; }
  OXHIP_THRUST_HD const It& base() const { return it_; }
  OXHIP_THRUST_HD void oxhip_advance(std::ptrdiff_t n) { it_ += n; }
  OXHIP_THRUST_HD std::ptrdiff_t oxhip_distance(const transform_output_iterator& other) const {
    return other.it_ - it_;
  }
  OXHIP_THRUST_HD auto oxhip_unwrap() const
      -> transform_output_iterator<F, typename detail::unwrapped<It>::type> {
    return transform_output_iterator<F, typename detail::unwrapped<It>::type>(
        detail::unwrap(it_), f_);
  }

 private:
  It it_;
  F f_;
};

template <class F, class It>
OXHIP_THRUST_HD transform_output_iterator<F, It> make_transform_output_iterator(It it, F f) {
  return transform_output_iterator<F, It>(it, f);
}

/* ---- tabulate_output_iterator ------------------------------------------------------------- */

namespace detail {
template <class F, class Difference>
struct tabulate_output_proxy {
  mutable F f;
  Difference index;
  template <class T>
  OXHIP_THRUST_HD const tabulate_output_proxy& operator=(const T& value) const {
    f(index, value);
    return *this;
  }
};
}  // namespace detail

/* An output iterator that calls f(i, x) when x is assigned through it at position i (its
 * offset from where it started). */
template <class BinaryFunction, class System = use_default, class DifferenceT = std::ptrdiff_t>
class tabulate_output_iterator
    : public detail::iterator_ops<tabulate_output_iterator<BinaryFunction, System, DifferenceT>> {
 public:
  typedef void value_type;
  typedef detail::tabulate_output_proxy<BinaryFunction, DifferenceT> reference;
  typedef void pointer;
  typedef DifferenceT difference_type;
  typedef typename detail::system_tag_of<System>::type oxhip_system;

  OXHIP_THRUST_HD tabulate_output_iterator() : f_(), index_(0) {}
  OXHIP_THRUST_HD tabulate_output_iterator(BinaryFunction f, DifferenceT index = 0)
      : f_(f), index_(index) {}
  OXHIP_THRUST_HD reference operator*() const { return reference{f_, index_}; }
  OXHIP_THRUST_HD reference operator[](DifferenceT n) const { return reference{f_, index_ + n}; }
  OXHIP_THRUST_HD void oxhip_advance(std::ptrdiff_t n) { index_ += static_cast<DifferenceT>(n); }
  OXHIP_THRUST_HD std::ptrdiff_t oxhip_distance(const tabulate_output_iterator& other) const {
    return static_cast<std::ptrdiff_t>(other.index_ - index_);
  }

 private:
  BinaryFunction f_;
  DifferenceT index_;
};

template <class BinaryFunction>
OXHIP_THRUST_HD tabulate_output_iterator<BinaryFunction> make_tabulate_output_iterator(
    BinaryFunction f) {
  return tabulate_output_iterator<BinaryFunction>(f);
}

/* ---- zip_iterator ------------------------------------------------------------------------- */

namespace detail {
template <class Tuple>
struct zip_types;
template <class... Its>
struct zip_types<tuple<Its...>> {
  typedef tuple<typename std::iterator_traits<Its>::value_type...> value_type;
  typedef tuple<typename std::iterator_traits<Its>::reference...> reference;
  typedef typename system_of_all<Its...>::type system;
  typedef tuple<typename unwrapped<Its>::type...> unwrapped;
};
template <std::size_t... Is, class... Its>
OXHIP_THRUST_HD void zip_advance(tuple<Its...>& its, std::ptrdiff_t n,
                                 std::index_sequence<Is...>) {
  swallow{(get<Is>(its) += n, 0)...};
}
}  // namespace detail

template <class IteratorTuple>
class zip_iterator : public detail::iterator_ops<zip_iterator<IteratorTuple>> {
  typedef detail::zip_types<IteratorTuple> types;
  typedef std::make_index_sequence<tuple_size<IteratorTuple>::value> indices;

  template <std::size_t... Is>
  OXHIP_THRUST_HD typename types::reference deref(std::index_sequence<Is...>) const {
    return typename types::reference(*get<Is>(its_)...);
  }
  template <std::size_t... Is>
  OXHIP_THRUST_HD typename types::unwrapped unwrap_all(std::index_sequence<Is...>) const {
    return typename types::unwrapped(detail::unwrap(get<Is>(its_))...);
  }

 public:
  typedef typename types::value_type value_type;
  typedef typename types::reference reference;
  typedef void pointer;
  typedef typename types::system oxhip_system;
  typedef IteratorTuple iterator_tuple;

  OXHIP_THRUST_HD zip_iterator() : its_() {}
  OXHIP_THRUST_HD explicit zip_iterator(const IteratorTuple& its) : its_(its) {}
  OXHIP_THRUST_HD reference operator*() const { return deref(indices()); }
  OXHIP_THRUST_HD const IteratorTuple& get_iterator_tuple() const { return its_; }
  OXHIP_THRUST_HD void oxhip_advance(std::ptrdiff_t n) { detail::zip_advance(its_, n, indices()); }
  OXHIP_THRUST_HD std::ptrdiff_t oxhip_distance(const zip_iterator& other) const {
    return get<0>(other.its_) - get<0>(its_);
  }
  OXHIP_THRUST_HD zip_iterator<typename types::unwrapped> oxhip_unwrap() const {
    return zip_iterator<typename types::unwrapped>(unwrap_all(indices()));
  }

 private:
  IteratorTuple its_;
};

template <class... Its>
OXHIP_THRUST_HD zip_iterator<tuple<Its...>> make_zip_iterator(const tuple<Its...>& its) {
  return zip_iterator<tuple<Its...>>(its);
}
template <class... Its>
OXHIP_THRUST_HD zip_iterator<tuple<Its...>> make_zip_iterator(const Its&... its) {
  return zip_iterator<tuple<Its...>>(tuple<Its...>(its...));
}

/* zip_function: calls f with a tuple's elements as separate arguments. */
template <class F>
class zip_function {
  template <class Tuple, std::size_t... Is>
  OXHIP_THRUST_HD decltype(auto) apply(Tuple&& t, std::index_sequence<Is...>) const {
    return f_(get<Is>(t)...);
  }

 public:
  OXHIP_THRUST_HD zip_function() : f_() {}
  OXHIP_THRUST_HD explicit zip_function(const F& f) : f_(f) {}
  template <class Tuple>
  OXHIP_THRUST_HD decltype(auto) operator()(Tuple&& t) const {
    return apply(t, std::make_index_sequence<tuple_size<typename std::decay<Tuple>::type>::value>());
  }
  OXHIP_THRUST_HD const F& underlying_function() const { return f_; }

 private:
  mutable F f_;
};
template <class F>
OXHIP_THRUST_HD zip_function<typename std::decay<F>::type> make_zip_function(F&& f) {
  return zip_function<typename std::decay<F>::type>(static_cast<F&&>(f));
}

/* ---- permutation_iterator ----------------------------------------------------------------- */

template <class ElementIterator, class IndexIterator>
class permutation_iterator
    : public detail::iterator_ops<permutation_iterator<ElementIterator, IndexIterator>> {
 public:
  typedef typename std::iterator_traits<ElementIterator>::value_type value_type;
  typedef typename std::iterator_traits<ElementIterator>::reference reference;
  typedef void pointer;
  typedef typename detail::system_of_all<ElementIterator, IndexIterator>::type oxhip_system;

  OXHIP_THRUST_HD permutation_iterator() : elements_(), indices_() {}
  OXHIP_THRUST_HD permutation_iterator(const ElementIterator& elements,
                                       const IndexIterator& indices)
      : elements_(elements), indices_(indices) {}
  OXHIP_THRUST_HD decltype(auto) operator*() const { return elements_[*indices_]; }
  OXHIP_THRUST_HD const IndexIterator& base() const { return indices_; }
  OXHIP_THRUST_HD void oxhip_advance(std::ptrdiff_t n) { indices_ += n; }
  OXHIP_THRUST_HD std::ptrdiff_t oxhip_distance(const permutation_iterator& other) const {
    return other.indices_ - indices_;
  }
  OXHIP_THRUST_HD auto oxhip_unwrap() const
      -> permutation_iterator<typename detail::unwrapped<ElementIterator>::type,
                              typename detail::unwrapped<IndexIterator>::type> {
    return permutation_iterator<typename detail::unwrapped<ElementIterator>::type,
                                typename detail::unwrapped<IndexIterator>::type>(
        detail::unwrap(elements_), detail::unwrap(indices_));
  }

 private:
  ElementIterator elements_;
  IndexIterator indices_;
};

template <class ElementIterator, class IndexIterator>
OXHIP_THRUST_HD permutation_iterator<ElementIterator, IndexIterator> make_permutation_iterator(
    ElementIterator elements, IndexIterator indices) {
  return permutation_iterator<ElementIterator, IndexIterator>(elements, indices);
}

/* ---- discard_iterator --------------------------------------------------------------------- */

namespace detail {
struct any_assign {
  OXHIP_THRUST_HD any_assign() {}
  template <class T>
  OXHIP_THRUST_HD const any_assign& operator=(const T&) const {
    return *this;
  }
};
}  // namespace detail

template <class System = use_default>
class discard_iterator : public detail::iterator_ops<discard_iterator<System>> {
 public:
  typedef detail::any_assign value_type;
  typedef detail::any_assign reference;
  typedef void pointer;
  typedef typename detail::system_tag_of<System>::type oxhip_system;

  OXHIP_THRUST_HD explicit discard_iterator(std::ptrdiff_t index = 0) : index_(index) {}
  OXHIP_THRUST_HD reference operator*() const { return reference(); }
  OXHIP_THRUST_HD void oxhip_advance(std::ptrdiff_t n) { index_ += n; }
  OXHIP_THRUST_HD std::ptrdiff_t oxhip_distance(const discard_iterator& other) const {
    return other.index_ - index_;
  }

 private:
  std::ptrdiff_t index_;
};

inline OXHIP_THRUST_HD discard_iterator<> make_discard_iterator(std::ptrdiff_t index = 0) {
  return discard_iterator<>(index);
}

/* ---- reverse_iterator --------------------------------------------------------------------- */

template <class It>
class reverse_iterator : public detail::iterator_ops<reverse_iterator<It>> {
 public:
  typedef typename std::iterator_traits<It>::value_type value_type;
  typedef typename std::iterator_traits<It>::reference reference;
  typedef void pointer;
  typedef typename detail::system_of<It>::type oxhip_system;

  OXHIP_THRUST_HD reverse_iterator() : it_() {}
  OXHIP_THRUST_HD explicit reverse_iterator(const It& it) : it_(it) {}
  template <class Other>
  OXHIP_THRUST_HD reverse_iterator(const reverse_iterator<Other>& other) : it_(other.base()) {}
  OXHIP_THRUST_HD decltype(auto) operator*() const {
    It before = it_;
    --before;
    return *before;
  }
  OXHIP_THRUST_HD const It& base() const { return it_; }
  OXHIP_THRUST_HD void oxhip_advance(std::ptrdiff_t n) { it_ -= n; }
  OXHIP_THRUST_HD std::ptrdiff_t oxhip_distance(const reverse_iterator& other) const {
    return it_ - other.it_;
  }
  OXHIP_THRUST_HD auto oxhip_unwrap() const
      -> reverse_iterator<typename detail::unwrapped<It>::type> {
    return reverse_iterator<typename detail::unwrapped<It>::type>(detail::unwrap(it_));
  }

 private:
  It it_;
};

template <class It>
OXHIP_THRUST_HD reverse_iterator<It> make_reverse_iterator(It it) {
  return reverse_iterator<It>(it);
}

}  // namespace thrust

#endif /* OXHIP_THRUST_DETAIL_ITERATORS_H */
