/* oxhip: thrust::iterator_facade, thrust::iterator_adaptor and thrust::iterator_core_access,
 * for iterators that programs define themselves, in the style Thrust documents: a class
 * derives from iterator_facade<Derived, ...> (or iterator_adaptor<Derived, Base>), befriends
 * iterator_core_access, and writes the core operations as private members:
 *
 *   reference dereference() const;          bool equal(const Other&) const;
 *   void increment();  void decrement();    void advance(difference_type n);
 *   difference_type distance_to(const Other&) const;   // other - *this
 *
 * The facade makes the iterator's operators from those. iterator_adaptor holds a base
 * iterator and supplies each of them from the base, so a derived iterator writes only what
 * it changes (often dereference() alone).
 *
 * Such an iterator names its system as oxhip's own iterators do (`oxhip_system`, execution.h):
 * the facade's System argument, or for an adaptor, unless given, its base's system. Kernels
 * get the iterator as it is (a program's type cannot be rebuilt over raw pointers): an
 * adaptor over device_ptr dereferences the device_ptr in device code, where it yields the
 * element, and where its reference type is device_reference (the default, as in Thrust),
 * device_reference works in device code too (memory.h). */
#ifndef OXHIP_THRUST_DETAIL_ITERATOR_FACADE_H
#define OXHIP_THRUST_DETAIL_ITERATOR_FACADE_H

#include <thrust/detail/iterators.h>

namespace thrust {

/* The door through which the facade reaches a derived iterator's private core operations;
 * the derived class declares `friend class thrust::iterator_core_access;`. */
class iterator_core_access {
 public:
  template <class Facade>
  OXHIP_THRUST_HD static typename Facade::reference dereference(const Facade& it) {
    return it.dereference();
  }
  template <class Facade>
  OXHIP_THRUST_HD static void increment(Facade& it) {
    it.increment();
  }
  template <class Facade>
  OXHIP_THRUST_HD static void decrement(Facade& it) {
    it.decrement();
  }
  template <class Facade>
  OXHIP_THRUST_HD static void advance(Facade& it, typename Facade::difference_type n) {
    it.advance(n);
  }
  template <class Facade1, class Facade2>
  OXHIP_THRUST_HD static bool equal(const Facade1& a, const Facade2& b) {
    return a.equal(b);
  }
  /* b - a: how far a has to go to reach b. */
  template <class Facade1, class Facade2>
  OXHIP_THRUST_HD static typename Facade1::difference_type distance_to(const Facade1& a,
                                                                       const Facade2& b) {
    return a.distance_to(b);
  }
};

namespace detail {

/* The standard category of a traversal (or of a category given in its place). */
template <class Traversal>
struct category_of_traversal {
  typedef Traversal type;
};
template <>
struct category_of_traversal<random_access_traversal_tag> {
  typedef std::random_access_iterator_tag type;
};
template <>
struct category_of_traversal<bidirectional_traversal_tag> {
  typedef std::bidirectional_iterator_tag type;
};
template <>
struct category_of_traversal<forward_traversal_tag> {
  typedef std::forward_iterator_tag type;
};
template <>
struct category_of_traversal<single_pass_traversal_tag> {
  typedef std::input_iterator_tag type;
};
template <>
struct category_of_traversal<incrementable_traversal_tag> {
  typedef std::input_iterator_tag type;
};

/* The traversal of a standard category, for an adaptor that takes its base's. */
template <class Category, class = void>
struct traversal_of_category {
  typedef incrementable_traversal_tag type;
};
template <class Category>
struct traversal_of_category<
    Category, typename std::enable_if<std::is_convertible<Category, std::input_iterator_tag>::value &&
                                      !std::is_convertible<Category, std::forward_iterator_tag>::value>::type> {
  typedef single_pass_traversal_tag type;
};
template <class Category>
struct traversal_of_category<
    Category,
    typename std::enable_if<std::is_convertible<Category, std::forward_iterator_tag>::value &&
                            !std::is_convertible<Category, std::bidirectional_iterator_tag>::value>::type> {
  typedef forward_traversal_tag type;
};
template <class Category>
struct traversal_of_category<
    Category,
    typename std::enable_if<std::is_convertible<Category, std::bidirectional_iterator_tag>::value &&
                            !std::is_convertible<Category, std::random_access_iterator_tag>::value>::type> {
  typedef bidirectional_traversal_tag type;
};
template <class Category>
struct traversal_of_category<
    Category,
    typename std::enable_if<std::is_convertible<Category, std::random_access_iterator_tag>::value>::type> {
  typedef random_access_traversal_tag type;
};

/* operator-> where the reference allows one: the element's address for a true reference,
 * the device_ptr for a device_reference; none for a reference that is a value. */
template <class Reference>
struct facade_pointer {
  typedef void type;
};
template <class T>
struct facade_pointer<T&> {
  typedef T* type;
};
template <class T>
struct facade_pointer<device_reference<T>> {
  typedef device_ptr<T> type;
};

}  // namespace detail

template <class Derived, class Value, class System, class Traversal, class Reference,
          class Difference = std::ptrdiff_t>
class iterator_facade {
 public:
  typedef typename std::remove_const<Value>::type value_type;
  typedef Reference reference;
  typedef typename detail::facade_pointer<Reference>::type pointer;
  typedef Difference difference_type;
  typedef typename detail::category_of_traversal<Traversal>::type iterator_category;
  typedef typename detail::system_tag_of<System>::type oxhip_system;

  OXHIP_THRUST_HD reference operator*() const {
    return iterator_core_access::dereference(derived());
  }
  OXHIP_THRUST_HD pointer operator->() const { return &iterator_core_access::dereference(derived()); }
  OXHIP_THRUST_HD reference operator[](difference_type n) const {
    Derived moved(derived());
    iterator_core_access::advance(moved, n);
    return iterator_core_access::dereference(moved);
  }
  OXHIP_THRUST_HD Derived& operator++() {
    iterator_core_access::increment(derived());
    return derived();
  }
  OXHIP_THRUST_HD Derived operator++(int) {
    Derived old(derived());
    iterator_core_access::increment(derived());
    return old;
  }
  OXHIP_THRUST_HD Derived& operator--() {
    iterator_core_access::decrement(derived());
    return derived();
  }
  OXHIP_THRUST_HD Derived operator--(int) {
    Derived old(derived());
    iterator_core_access::decrement(derived());
    return old;
  }
  OXHIP_THRUST_HD Derived& operator+=(difference_type n) {
    iterator_core_access::advance(derived(), n);
    return derived();
  }
  OXHIP_THRUST_HD Derived& operator-=(difference_type n) {
    iterator_core_access::advance(derived(), -n);
    return derived();
  }
  OXHIP_THRUST_HD Derived operator-(difference_type n) const {
    Derived moved(derived());
    iterator_core_access::advance(moved, -n);
    return moved;
  }
  OXHIP_THRUST_HD friend Derived operator+(const Derived& it, difference_type n) {
    Derived moved(it);
    iterator_core_access::advance(moved, n);
    return moved;
  }
  OXHIP_THRUST_HD friend Derived operator+(difference_type n, const Derived& it) {
    Derived moved(it);
    iterator_core_access::advance(moved, n);
    return moved;
  }

 protected:
  OXHIP_THRUST_HD Derived& derived() { return static_cast<Derived&>(*this); }
  OXHIP_THRUST_HD const Derived& derived() const { return static_cast<const Derived&>(*this); }
};

/* Comparisons and differences between two facades (an iterator and its const form, say):
 * each asks the left-hand iterator's equal() or distance_to(). */
#define OXHIP_THRUST_FACADE_PARAMS(n) \
  class D##n, class V##n, class S##n, class T##n, class R##n, class Df##n
#define OXHIP_THRUST_FACADE(n) iterator_facade<D##n, V##n, S##n, T##n, R##n, Df##n>

template <OXHIP_THRUST_FACADE_PARAMS(1), OXHIP_THRUST_FACADE_PARAMS(2)>
OXHIP_THRUST_HD bool operator==(const OXHIP_THRUST_FACADE(1) & a, const OXHIP_THRUST_FACADE(2) & b) {
  return iterator_core_access::equal(static_cast<const D1&>(a), static_cast<const D2&>(b));
}
template <OXHIP_THRUST_FACADE_PARAMS(1), OXHIP_THRUST_FACADE_PARAMS(2)>
OXHIP_THRUST_HD bool operator!=(const OXHIP_THRUST_FACADE(1) & a, const OXHIP_THRUST_FACADE(2) & b) {
  return !iterator_core_access::equal(static_cast<const D1&>(a), static_cast<const D2&>(b));
}
template <OXHIP_THRUST_FACADE_PARAMS(1), OXHIP_THRUST_FACADE_PARAMS(2)>
OXHIP_THRUST_HD Df1 operator-(const OXHIP_THRUST_FACADE(1) & a, const OXHIP_THRUST_FACADE(2) & b) {
  return -iterator_core_access::distance_to(static_cast<const D1&>(a), static_cast<const D2&>(b));
}
template <OXHIP_THRUST_FACADE_PARAMS(1), OXHIP_THRUST_FACADE_PARAMS(2)>
OXHIP_THRUST_HD bool operator<(const OXHIP_THRUST_FACADE(1) & a, const OXHIP_THRUST_FACADE(2) & b) {
  return iterator_core_access::distance_to(static_cast<const D1&>(a), static_cast<const D2&>(b)) > 0;
}
template <OXHIP_THRUST_FACADE_PARAMS(1), OXHIP_THRUST_FACADE_PARAMS(2)>
OXHIP_THRUST_HD bool operator>(const OXHIP_THRUST_FACADE(1) & a, const OXHIP_THRUST_FACADE(2) & b) {
  return iterator_core_access::distance_to(static_cast<const D1&>(a), static_cast<const D2&>(b)) < 0;
}
template <OXHIP_THRUST_FACADE_PARAMS(1), OXHIP_THRUST_FACADE_PARAMS(2)>
OXHIP_THRUST_HD bool operator<=(const OXHIP_THRUST_FACADE(1) & a, const OXHIP_THRUST_FACADE(2) & b) {
  return iterator_core_access::distance_to(static_cast<const D1&>(a), static_cast<const D2&>(b)) >= 0;
}
template <OXHIP_THRUST_FACADE_PARAMS(1), OXHIP_THRUST_FACADE_PARAMS(2)>
OXHIP_THRUST_HD bool operator>=(const OXHIP_THRUST_FACADE(1) & a, const OXHIP_THRUST_FACADE(2) & b) {
  return iterator_core_access::distance_to(static_cast<const D1&>(a), static_cast<const D2&>(b)) <= 0;
}
#undef OXHIP_THRUST_FACADE
#undef OXHIP_THRUST_FACADE_PARAMS

namespace detail {

/* iterator_adaptor's facade, with each use_default replaced by what the base says: its value,
 * system, traversal and difference; its reference, unless a value was given (then Value&). */
template <class Derived, class Base, class Value, class System, class Traversal, class Reference,
          class Difference>
struct adaptor_facade {
  typedef typename or_default<Value, typename iterator_value<Base>::type>::type value;
  typedef typename or_default<System, typename system_of<Base>::type>::type system;
  typedef typename or_default<
      Traversal, typename traversal_of_category<
                     typename std::iterator_traits<Base>::iterator_category>::type>::type traversal;
  typedef typename or_default<
      Reference, typename std::conditional<std::is_same<Value, use_default>::value,
                                           typename iterator_reference<Base>::type,
                                           value&>::type>::type reference;
  typedef typename or_default<Difference, typename iterator_difference<Base>::type>::type difference;
  typedef iterator_facade<Derived, value, system, traversal, reference, difference> type;
};

}  // namespace detail

template <class Derived, class Base, class Value = use_default, class System = use_default,
          class Traversal = use_default, class Reference = use_default,
          class Difference = use_default>
class iterator_adaptor : public detail::adaptor_facade<Derived, Base, Value, System, Traversal,
                                                       Reference, Difference>::type {
  friend class iterator_core_access;
  typedef typename detail::adaptor_facade<Derived, Base, Value, System, Traversal, Reference,
                                          Difference>::type facade;

 public:
  typedef Base base_type;

  OXHIP_THRUST_HD iterator_adaptor() : m_iterator() {}
  OXHIP_THRUST_HD explicit iterator_adaptor(const Base& it) : m_iterator(it) {}
  OXHIP_THRUST_HD const Base& base() const { return m_iterator; }

 protected:
  typedef iterator_adaptor iterator_adaptor_;
  OXHIP_THRUST_HD const Base& base_reference() const { return m_iterator; }
  OXHIP_THRUST_HD Base& base_reference() { return m_iterator; }

 private:
  /* The core operations, from the base; a derived iterator's own hide these. */
  OXHIP_THRUST_HD typename facade::reference dereference() const { return *m_iterator; }
  template <class D, class B, class V, class S, class T, class R, class Df>
  OXHIP_THRUST_HD bool equal(const iterator_adaptor<D, B, V, S, T, R, Df>& other) const {
    return m_iterator == other.base();
  }
  OXHIP_THRUST_HD void advance(typename facade::difference_type n) { m_iterator += n; }
  OXHIP_THRUST_HD void increment() { ++m_iterator; }
  OXHIP_THRUST_HD void decrement() { --m_iterator; }
  template <class D, class B, class V, class S, class T, class R, class Df>
  OXHIP_THRUST_HD typename facade::difference_type distance_to(
      const iterator_adaptor<D, B, V, S, T, R, Df>& other) const {
    return other.base() - m_iterator;
  }

  Base m_iterator;
};

}  // namespace thrust

#endif /* OXHIP_THRUST_DETAIL_ITERATOR_FACADE_H */
