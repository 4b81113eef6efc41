/* oxhip: thrust::pointer<T, Tag> and thrust::reference<T, Pointer>, a pointer that names its
 * system with a tag; thrust::retag and thrust::reinterpret_tag, which give an iterator another
 * system; thrust::device_malloc_allocator; thrust::cuda::malloc/free and the other names of
 * <thrust/system/cuda/memory.h>.
 *
 * A pointer's tag is its system for dispatch (execution.h): a program's own tag derived from
 * `thrust::device_system_tag` (or `thrust::cuda::tag`) runs algorithms on the device, one
 * that is a policy of the program's (`struct my_system : thrust::device_execution_policy<
 * my_system> {}`) runs them through that policy, so the program's overloads for it are called
 * (algorithms.h). Like device_ptr, thrust::pointer holds an Element* and nothing else; in
 * kernels it becomes that raw pointer (oxhip_unwrap). In host code a pointer of a device
 * system dereferences to a thrust::reference, a proxy that copies one element
 * (hipMemcpyDefault), and in device code to the element; one of any other system dereferences
 * to the element in both. */
#ifndef OXHIP_THRUST_DETAIL_POINTER_H
#define OXHIP_THRUST_DETAIL_POINTER_H

#include <thrust/detail/iterator_facade.h>

namespace thrust {

template <class Element, class Pointer, class Derived = use_default>
class reference;
template <class Element, class Tag, class Reference = use_default, class Derived = use_default>
class pointer;

namespace detail {

/* What `*p` is in host code: the element where the tag's system is not a device's, else a
 * thrust::reference. */
template <class Element, class Tag, class Self>
struct pointer_reference {
  typedef typename std::conditional<
      std::is_void<Element>::value, void,
      typename std::conditional<is_device_system<Tag>::value, thrust::reference<Element, Self>,
                                typename std::add_lvalue_reference<Element>::type>::type>::type
      type;
};

/* The member types, in a base: a class named `pointer` cannot have a member named `pointer`
 * (std::iterator_traits is specialised below). */
template <class Element, class Derived, class Reference>
struct pointer_types {
  typedef typename std::remove_cv<Element>::type value_type;
  typedef std::ptrdiff_t difference_type;
  typedef Derived pointer;
  typedef Reference reference;
  typedef std::random_access_iterator_tag iterator_category;
};

template <class Element, class Tag, class Reference, class Derived>
struct pointer_parts {
  typedef typename or_default<Derived, thrust::pointer<Element, Tag, Reference, Derived>>::type
      derived;
  typedef typename std::conditional<
      std::is_same<Reference, use_default>::value,
      typename pointer_reference<Element, Tag, derived>::type, Reference>::type reference;
};

}  // namespace detail

template <class Element, class Tag, class Reference, class Derived>
class pointer
    : public detail::pointer_types<
          Element, typename detail::pointer_parts<Element, Tag, Reference, Derived>::derived,
          typename detail::pointer_parts<Element, Tag, Reference, Derived>::reference> {
  typedef detail::pointer_parts<Element, Tag, Reference, Derived> parts;
  typedef typename parts::derived derived_type;
  typedef typename parts::reference host_reference;
  typedef typename std::add_lvalue_reference<Element>::type element_reference;

 public:
  typedef Tag oxhip_system;
  typedef Element* raw_pointer;

  OXHIP_THRUST_HD constexpr pointer() : ptr_(nullptr) {}
  OXHIP_THRUST_HD constexpr pointer(std::nullptr_t) : ptr_(nullptr) {}
  OXHIP_THRUST_HD explicit pointer(Element* p) : ptr_(p) {}
  template <class U,
            class = typename std::enable_if<std::is_convertible<U*, Element*>::value>::type>
  OXHIP_THRUST_HD explicit pointer(U* p) : ptr_(p) {}
  /* From another pointer of a related system whose elements convert. */
  template <class U, class T, class R, class D,
            class = typename std::enable_if<std::is_convertible<U*, Element*>::value>::type>
  OXHIP_THRUST_HD pointer(const pointer<U, T, R, D>& other) : ptr_(other.get()) {}

  OXHIP_THRUST_HD Element* get() const { return ptr_; }
  OXHIP_THRUST_HD Element* oxhip_unwrap() const { return ptr_; }

  __host__ host_reference operator*() const {
    return dereference(derived_type(ptr_), std::is_reference<host_reference>());
  }
  __device__ element_reference operator*() const { return *ptr_; }
  __host__ host_reference operator[](std::ptrdiff_t n) const {
    return dereference(derived_type(ptr_ + n), std::is_reference<host_reference>());
  }
  __device__ element_reference operator[](std::ptrdiff_t n) const { return ptr_[n]; }
  OXHIP_THRUST_HD Element* operator->() const { return ptr_; }

  OXHIP_THRUST_HD derived_type& operator++() {
    ++ptr_;
    return self();
  }
  OXHIP_THRUST_HD derived_type operator++(int) {
    derived_type old(ptr_);
    ++ptr_;
    return old;
  }
  OXHIP_THRUST_HD derived_type& operator--() {
    --ptr_;
    return self();
  }
  OXHIP_THRUST_HD derived_type operator--(int) {
    derived_type old(ptr_);
    --ptr_;
    return old;
  }
  OXHIP_THRUST_HD derived_type& operator+=(std::ptrdiff_t n) {
    ptr_ += n;
    return self();
  }
  OXHIP_THRUST_HD derived_type& operator-=(std::ptrdiff_t n) {
    ptr_ -= n;
    return self();
  }
  OXHIP_THRUST_HD derived_type operator+(std::ptrdiff_t n) const { return derived_type(ptr_ + n); }
  OXHIP_THRUST_HD derived_type operator-(std::ptrdiff_t n) const { return derived_type(ptr_ - n); }
  template <class U, class T, class R, class D>
  OXHIP_THRUST_HD std::ptrdiff_t operator-(const pointer<U, T, R, D>& other) const {
    return ptr_ - other.get();
  }
  OXHIP_THRUST_HD explicit operator bool() const { return ptr_ != nullptr; }

 private:
  OXHIP_THRUST_HD derived_type& self() { return static_cast<derived_type&>(*this); }
  /* A reference proxy is built from the pointer; an lvalue reference is the element. */
  template <class P>
  static host_reference dereference(const P& p, std::false_type) {
    return host_reference(p);
  }
  template <class P>
  static host_reference dereference(const P& p, std::true_type) {
    return *p.get();
  }

  Element* ptr_;
};

#define OXHIP_THRUST_POINTER_COMPARE(op)                                                 \
  template <class E1, class T1, class R1, class D1, class E2, class T2, class R2, class D2> \
  OXHIP_THRUST_HD bool operator op(const pointer<E1, T1, R1, D1>& a,                     \
                                   const pointer<E2, T2, R2, D2>& b) {                   \
    return a.get() op b.get();                                                           \
  }
OXHIP_THRUST_POINTER_COMPARE(==)
OXHIP_THRUST_POINTER_COMPARE(!=)
OXHIP_THRUST_POINTER_COMPARE(<)
OXHIP_THRUST_POINTER_COMPARE(>)
OXHIP_THRUST_POINTER_COMPARE(<=)
OXHIP_THRUST_POINTER_COMPARE(>=)
#undef OXHIP_THRUST_POINTER_COMPARE
template <class E, class T, class R, class D>
OXHIP_THRUST_HD bool operator==(const pointer<E, T, R, D>& a, std::nullptr_t) {
  return a.get() == nullptr;
}
template <class E, class T, class R, class D>
OXHIP_THRUST_HD bool operator!=(const pointer<E, T, R, D>& a, std::nullptr_t) {
  return a.get() != nullptr;
}
template <class E, class T, class R, class D>
OXHIP_THRUST_HD E* raw_pointer_cast(const pointer<E, T, R, D>& p) {
  return p.get();
}

/* One element that a thrust::pointer of a device system points to. In host code it copies
 * the element (hipMemcpyDefault, so the memory may be the device's, managed or the host's);
 * in device code it is the element. */
template <class Element, class Pointer, class Derived>
class reference {
 public:
  typedef typename std::remove_const<Element>::type value_type;
  typedef Pointer pointer;

  OXHIP_THRUST_HD explicit reference(const Pointer& p) : ptr_(p) {}
  __device__ reference(Element& element) : ptr_(&element) {}
  reference(const reference&) = default;

  __host__ operator value_type() const {
    value_type value;
    detail::throw_on_error(hipMemcpy(&value, raw(), sizeof(value_type), hipMemcpyDefault),
                           "thrust::reference: reading an element");
    return value;
  }
  __device__ operator value_type() const { return *raw(); }
  __host__ const reference& operator=(const value_type& value) const {
    detail::throw_on_error(hipMemcpy(raw(), &value, sizeof(value_type), hipMemcpyDefault),
                           "thrust::reference: writing an element");
    return *this;
  }
  __device__ const reference& operator=(const value_type& value) const {
    *raw() = value;
    return *this;
  }
  OXHIP_THRUST_HD const reference& operator=(const reference& other) const {
    return *this = static_cast<value_type>(other);
  }
  OXHIP_THRUST_HD Pointer operator&() const { return ptr_; }

#define OXHIP_THRUST_COMPOUND(op)                                       \
  template <class U>                                                    \
  OXHIP_THRUST_HD const reference& operator op(const U& other) const {  \
    value_type value = *this;                                           \
    value op other;                                                     \
    return *this = value;                                               \
  }
  OXHIP_THRUST_COMPOUND(+=)
  OXHIP_THRUST_COMPOUND(-=)
  OXHIP_THRUST_COMPOUND(*=)
  OXHIP_THRUST_COMPOUND(/=)
  OXHIP_THRUST_COMPOUND(%=)
  OXHIP_THRUST_COMPOUND(&=)
  OXHIP_THRUST_COMPOUND(|=)
  OXHIP_THRUST_COMPOUND(^=)
#undef OXHIP_THRUST_COMPOUND
  OXHIP_THRUST_HD const reference& operator++() const { return *this += 1; }
  OXHIP_THRUST_HD const reference& operator--() const { return *this -= 1; }
  void swap(const reference& other) const {
    value_type mine = *this;
    *this = static_cast<value_type>(other);
    other = mine;
  }

 private:
  OXHIP_THRUST_HD value_type* raw() const { return const_cast<value_type*>(ptr_.get()); }
  Pointer ptr_;
};

template <class E, class P, class D>
void swap(const reference<E, P, D>& a, const reference<E, P, D>& b) {
  a.swap(b);
}
template <class E, class P, class D, class C, class Traits>
std::basic_ostream<C, Traits>& operator<<(std::basic_ostream<C, Traits>& os,
                                          const reference<E, P, D>& r) {
  return os << static_cast<typename reference<E, P, D>::value_type>(r);
}

/* ---- retag and reinterpret_tag ------------------------------------------------------------- */

namespace detail {

/* An iterator whose system is Tag and which is otherwise its base. Kernels get the base
 * (unwrapped), since the tag only chooses where the algorithm runs. */
template <class Iterator, class Tag>
class tagged_iterator : public iterator_adaptor<tagged_iterator<Iterator, Tag>, Iterator,
                                                use_default, Tag> {
  typedef iterator_adaptor<tagged_iterator<Iterator, Tag>, Iterator, use_default, Tag> super;

 public:
  OXHIP_THRUST_HD tagged_iterator() {}
  OXHIP_THRUST_HD explicit tagged_iterator(Iterator it) : super(it) {}
  OXHIP_THRUST_HD auto oxhip_unwrap() const -> decltype(detail::unwrap(this->base())) {
    return detail::unwrap(this->base());
  }
};

/* Thrust's rule for retag: the new tag and the iterator's system are related (one converts
 * to the other), or one of them is any system. */
template <class From, class To>
struct is_retaggable
    : std::integral_constant<bool, std::is_convertible<From, To>::value ||
                                       std::is_convertible<To, From>::value ||
                                       std::is_same<From, any_system_tag>::value ||
                                       std::is_same<To, any_system_tag>::value> {};

template <class Tag, class It>
struct retagged {
  typedef tagged_iterator<It, Tag> type;
  static type make(It it) { return type(it); }
};
template <class Tag, class T>
struct retagged<Tag, T*> {
  typedef thrust::pointer<T, Tag> type;
  static type make(T* p) { return type(p); }
};
template <class Tag, class T>
struct retagged<Tag, device_ptr<T>> {
  typedef thrust::pointer<T, Tag> type;
  static type make(device_ptr<T> p) { return type(p.get()); }
};
template <class Tag, class T, class OldTag, class R, class D>
struct retagged<Tag, thrust::pointer<T, OldTag, R, D>> {
  typedef thrust::pointer<T, Tag> type;
  static type make(thrust::pointer<T, OldTag, R, D> p) { return type(p.get()); }
};
template <class Tag, class It, class OldTag>
struct retagged<Tag, tagged_iterator<It, OldTag>> {
  typedef tagged_iterator<It, Tag> type;
  static type make(tagged_iterator<It, OldTag> it) { return type(it.base()); }
};

}  // namespace detail

/* The same iterator with system Tag, whatever its system was. */
template <class Tag, class It>
typename detail::retagged<Tag, It>::type reinterpret_tag(It it) {
  return detail::retagged<Tag, It>::make(it);
}

/* The same iterator with system Tag, where Tag is related to its system. */
template <class Tag, class It>
typename std::enable_if<
    detail::is_retaggable<typename detail::system_of<It>::type, Tag>::value,
    typename detail::retagged<Tag, It>::type>::type
retag(It it) {
  return detail::retagged<Tag, It>::make(it);
}

/* ---- allocators and the device system's memory functions ------------------------------------ */

/* Thrust's device_malloc_allocator: device_malloc and device_free. */
template <class T>
class device_malloc_allocator {
 public:
  typedef T value_type;
  typedef device_ptr<T> pointer;
  typedef device_ptr<const T> const_pointer;
  typedef device_reference<T> reference;
  typedef device_reference<const T> const_reference;
  typedef std::size_t size_type;
  typedef std::ptrdiff_t difference_type;
  template <class U>
  struct rebind {
    typedef device_malloc_allocator<U> other;
  };
  device_malloc_allocator() {}
  template <class U>
  device_malloc_allocator(const device_malloc_allocator<U>&) {}
  pointer allocate(size_type n) { return device_malloc<T>(n); }
  void deallocate(pointer p, size_type) { device_free(p); }
  size_type max_size() const { return std::numeric_limits<size_type>::max() / sizeof(T); }
};
template <class T, class U>
bool operator==(const device_malloc_allocator<T>&, const device_malloc_allocator<U>&) {
  return true;
}
template <class T, class U>
bool operator!=(const device_malloc_allocator<T>&, const device_malloc_allocator<U>&) {
  return false;
}

/* <thrust/system/cuda/memory.h>: the device system's pointer is device_ptr here. */
namespace cuda_cub {
template <class T>
using pointer = thrust::device_ptr<T>;
template <class T>
using reference = thrust::device_reference<T>;
template <class T>
using allocator = thrust::device_allocator<T>;
inline pointer<void> malloc(std::size_t bytes) { return thrust::device_malloc(bytes); }
template <class T>
pointer<T> malloc(std::size_t count) {
  return thrust::device_malloc<T>(count);
}
template <class T>
void free(pointer<T> p) {
  thrust::device_free(p);
}
/* Policies of a program's own, derived from the device system's. */
template <class Derived>
using execution_policy = thrust::device_execution_policy<Derived>;
}  // namespace cuda_cub

namespace hip_rocprim {
using cuda_cub::allocator;
using cuda_cub::execution_policy;
using cuda_cub::free;
using cuda_cub::malloc;
using cuda_cub::pointer;
using cuda_cub::reference;
}  // namespace hip_rocprim

}  // namespace thrust

/* `thrust::pointer<...>::pointer` names the class's constructor, not its base's member type,
 * so std::iterator_traits cannot find the member types by itself. */
namespace std {
template <class E, class T, class R, class D>
struct iterator_traits<thrust::pointer<E, T, R, D>> {
  typedef thrust::pointer<E, T, R, D> it;
  typedef typename it::value_type value_type;
  typedef typename it::difference_type difference_type;
  typedef typename thrust::detail::pointer_parts<E, T, R, D>::derived pointer;
  typedef typename it::reference reference;
  typedef typename it::iterator_category iterator_category;
};
}  // namespace std

#endif /* OXHIP_THRUST_DETAIL_POINTER_H */
