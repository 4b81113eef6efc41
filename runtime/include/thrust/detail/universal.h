/* oxhip: thrust::universal_ptr, universal_allocator and universal_host_pinned_allocator:
 * memory that host code and kernels both reach, for universal_vector (vector.h).
 *
 * universal_allocator takes managed memory (hipMallocManaged), universal_host_pinned_allocator
 * page-locked host memory mapped for the devices (hipHostMalloc). Their pointer, universal_ptr,
 * dereferences to the element itself (T&) on both sides, and it is the device system, as in
 * Thrust built for a GPU: algorithms given universal_ptrs without a policy run on the device,
 * and thrust::host runs them on the host. On the CPU device both kinds of memory are the
 * process's own. */
#ifndef OXHIP_THRUST_DETAIL_UNIVERSAL_H
#define OXHIP_THRUST_DETAIL_UNIVERSAL_H

#include <thrust/detail/memory.h>

namespace thrust {

template <class T>
class universal_ptr {
 public:
  typedef typename std::remove_const<T>::type value_type;
  typedef std::ptrdiff_t difference_type;
  typedef T* pointer;
  typedef T& reference;
  typedef std::random_access_iterator_tag iterator_category;
  typedef device_system_tag oxhip_system;

  OXHIP_THRUST_HD constexpr universal_ptr() : ptr_(nullptr) {}
  OXHIP_THRUST_HD constexpr universal_ptr(std::nullptr_t) : ptr_(nullptr) {}
  OXHIP_THRUST_HD explicit universal_ptr(T* p) : ptr_(p) {}
  template <class U, class = typename std::enable_if<std::is_convertible<U*, T*>::value>::type>
  OXHIP_THRUST_HD universal_ptr(const universal_ptr<U>& other) : ptr_(other.get()) {}

  OXHIP_THRUST_HD T* get() const { return ptr_; }
  OXHIP_THRUST_HD T* oxhip_unwrap() const { return ptr_; }
  OXHIP_THRUST_HD T& operator*() const { return *ptr_; }
  OXHIP_THRUST_HD T& operator[](difference_type n) const { return ptr_[n]; }
  OXHIP_THRUST_HD T* operator->() const { return ptr_; }

  OXHIP_THRUST_HD universal_ptr& operator++() {
    ++ptr_;
    return *this;
  }
  OXHIP_THRUST_HD universal_ptr operator++(int) {
    universal_ptr old = *this;
    ++ptr_;
    return old;
  }
  OXHIP_THRUST_HD universal_ptr& operator--() {
    --ptr_;
    return *this;
  }
  OXHIP_THRUST_HD universal_ptr operator--(int) {
    universal_ptr old = *this;
    --ptr_;
    return old;
  }
  OXHIP_THRUST_HD universal_ptr& operator+=(difference_type n) {
    ptr_ += n;
    return *this;
  }
  OXHIP_THRUST_HD universal_ptr& operator-=(difference_type n) {
    ptr_ -= n;
    return *this;
  }
  OXHIP_THRUST_HD universal_ptr operator+(difference_type n) const { return universal_ptr(ptr_ + n); }
  OXHIP_THRUST_HD universal_ptr operator-(difference_type n) const { return universal_ptr(ptr_ - n); }
  template <class U>
  OXHIP_THRUST_HD difference_type operator-(const universal_ptr<U>& other) const {
    return ptr_ - other.get();
  }
  OXHIP_THRUST_HD explicit operator bool() const { return ptr_ != nullptr; }

 private:
  T* ptr_;
};

template <class T>
OXHIP_THRUST_HD universal_ptr<T> operator+(std::ptrdiff_t n, const universal_ptr<T>& p) {
  return p + n;
}
#define OXHIP_THRUST_PTR_COMPARE(op)                                                          \
  template <class T, class U>                                                                 \
  OXHIP_THRUST_HD bool operator op(const universal_ptr<T>& a, const universal_ptr<U>& b) {    \
    return a.get() op b.get();                                                                \
  }
OXHIP_THRUST_PTR_COMPARE(==)
OXHIP_THRUST_PTR_COMPARE(!=)
OXHIP_THRUST_PTR_COMPARE(<)
OXHIP_THRUST_PTR_COMPARE(>)
OXHIP_THRUST_PTR_COMPARE(<=)
OXHIP_THRUST_PTR_COMPARE(>=)
#undef OXHIP_THRUST_PTR_COMPARE
template <class T>
OXHIP_THRUST_HD bool operator==(const universal_ptr<T>& a, std::nullptr_t) {
  return a.get() == nullptr;
}
template <class T>
OXHIP_THRUST_HD bool operator!=(const universal_ptr<T>& a, std::nullptr_t) {
  return a.get() != nullptr;
}
template <class T, class C, class Traits>
std::basic_ostream<C, Traits>& operator<<(std::basic_ostream<C, Traits>& os,
                                          const universal_ptr<T>& p) {
  return os << static_cast<const void*>(p.get());
}
template <class T>
OXHIP_THRUST_HD T* raw_pointer_cast(const universal_ptr<T>& p) {
  return p.get();
}

/* Thrust names the pinned kind's pointer apart; it is the same pointer here. */
template <class T>
using universal_host_pinned_ptr = universal_ptr<T>;

namespace detail {

/* Where a universal allocator's memory comes from. */
struct managed_memory {
  static void* allocate(std::size_t bytes) {
    void* p = nullptr;
    hipError_t status = hipMallocManaged(&p, bytes == 0 ? 1 : bytes, hipMemAttachGlobal);
    if (status != hipSuccess) {
      (void)hipGetLastError();
      throw system::detail::bad_alloc(std::string("hipMallocManaged: ") +
                                      hipGetErrorString(status));
    }
    return p;
  }
  /* As device_vector's hipFree: a failure is not thrown (vectors free in destructors). */
  static void deallocate(void* p) {
    if (p != nullptr && hipFree(p) != hipSuccess) (void)hipGetLastError();
  }
};
struct host_pinned_memory {
  static void* allocate(std::size_t bytes) {
    void* p = nullptr;
    hipError_t status = hipHostMalloc(&p, bytes == 0 ? 1 : bytes,
                                      hipHostMallocMapped | hipHostMallocPortable);
    if (status != hipSuccess) {
      (void)hipGetLastError();
      throw system::detail::bad_alloc(std::string("hipHostMalloc: ") + hipGetErrorString(status));
    }
    return p;
  }
  static void deallocate(void* p) {
    if (p != nullptr && hipHostFree(p) != hipSuccess) (void)hipGetLastError();
  }
};

/* An allocator of universal_ptrs over Memory. */
template <class T, class Memory, template <class> class Self>
class universal_allocator_base {
 public:
  typedef T value_type;
  typedef universal_ptr<T> pointer;
  typedef universal_ptr<const T> const_pointer;
  typedef T& reference;
  typedef const T& const_reference;
  typedef std::size_t size_type;
  typedef std::ptrdiff_t difference_type;
  typedef Memory oxhip_memory;
  template <class U>
  struct rebind {
    typedef Self<U> other;
  };
  pointer allocate(size_type n) { return pointer(static_cast<T*>(Memory::allocate(n * sizeof(T)))); }
  void deallocate(pointer p, size_type) { Memory::deallocate((void*)p.get()); }
};

}  // namespace detail

/* Managed memory (hipMallocManaged): universal_vector's default. */
template <class T>
class universal_allocator
    : public detail::universal_allocator_base<T, detail::managed_memory, universal_allocator> {
 public:
  universal_allocator() {}
  template <class U>
  universal_allocator(const universal_allocator<U>&) {}
};
/* Page-locked host memory that kernels reach (hipHostMalloc, mapped and portable). */
template <class T>
class universal_host_pinned_allocator
    : public detail::universal_allocator_base<T, detail::host_pinned_memory,
                                              universal_host_pinned_allocator> {
 public:
  universal_host_pinned_allocator() {}
  template <class U>
  universal_host_pinned_allocator(const universal_host_pinned_allocator<U>&) {}
};
template <class T, class U>
bool operator==(const universal_allocator<T>&, const universal_allocator<U>&) {
  return true;
}
template <class T, class U>
bool operator!=(const universal_allocator<T>&, const universal_allocator<U>&) {
  return false;
}
template <class T, class U>
bool operator==(const universal_host_pinned_allocator<T>&,
                const universal_host_pinned_allocator<U>&) {
  return true;
}
template <class T, class U>
bool operator!=(const universal_host_pinned_allocator<T>&,
                const universal_host_pinned_allocator<U>&) {
  return false;
}

namespace cuda_cub {
using thrust::universal_allocator;
using thrust::universal_host_pinned_allocator;
using thrust::universal_ptr;
template <class T>
using universal_pointer = thrust::universal_ptr<T>;
}  // namespace cuda_cub
namespace hip_rocprim {
using thrust::universal_allocator;
using thrust::universal_host_pinned_allocator;
using thrust::universal_ptr;
template <class T>
using universal_pointer = thrust::universal_ptr<T>;
}  // namespace hip_rocprim

}  // namespace thrust

#endif /* OXHIP_THRUST_DETAIL_UNIVERSAL_H */
