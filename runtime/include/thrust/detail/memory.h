/* oxhip: thrust::device_ptr, device_reference, device_malloc/device_free,
 * raw_pointer_cast and device_pointer_cast, and the pool that algorithms' temporary storage
 * comes from.
 *
 * device_ptr<T> holds a T* and nothing else, so its layout is the same in every pass. In
 * device code `*p` and `p[i]` are the element itself (T&); in host code they are a
 * device_reference<T>, a proxy that copies one element to or from the device. The two
 * operators are overloaded on __host__ and __device__, which clang resolves per pass. */
#ifndef OXHIP_THRUST_DETAIL_MEMORY_H
#define OXHIP_THRUST_DETAIL_MEMORY_H

#include <thrust/detail/execution.h>

#include <cstdint>
#include <mutex>

namespace thrust {

template <class T>
class device_ptr;

/* One element in device memory. In host code it copies the element to or from the device;
 * in device code (where a user iterator's reference type may be one, as in Thrust) it reads
 * and writes the element itself: each access is overloaded on __host__ and __device__, and
 * clang picks the one of the pass it compiles. */
template <class T>
class device_reference {
 public:
  typedef typename std::remove_const<T>::type value_type;
  typedef device_ptr<T> pointer;

  OXHIP_THRUST_HD explicit device_reference(const device_ptr<T>& p) : ptr_(p) {}
  /* What `*p` of a device_ptr is in device code. */
  __device__ device_reference(T& element) : ptr_(&element) {}
  device_reference(const device_reference&) = default;

  __host__ operator value_type() const {
    value_type value;
    detail::throw_on_error(
        hipMemcpy(&value, ptr_.get(), sizeof(value_type), hipMemcpyDeviceToHost),
        "device_reference: reading an element");
    return value;
  }
  __device__ operator value_type() const { return *ptr_.get(); }
  __host__ const device_reference& operator=(const value_type& value) const {
    detail::throw_on_error(
        hipMemcpy(const_cast<value_type*>(ptr_.get()), &value, sizeof(value_type),
                  hipMemcpyHostToDevice),
        "device_reference: writing an element");
    return *this;
  }
  __device__ const device_reference& operator=(const value_type& value) const {
    *const_cast<value_type*>(ptr_.get()) = value;
    return *this;
  }
  OXHIP_THRUST_HD const device_reference& operator=(const device_reference& other) const {
    return *this = static_cast<value_type>(other);
  }
  template <class U>
  OXHIP_THRUST_HD const device_reference& operator=(const device_reference<U>& other) const {
    return *this = static_cast<value_type>(static_cast<U>(other));
  }
  OXHIP_THRUST_HD device_ptr<T> operator&() const { return ptr_; }

#define OXHIP_THRUST_COMPOUND(op)                                              \
  template <class U>                                                           \
  OXHIP_THRUST_HD const device_reference& operator op(const U& other) const {  \
    value_type value = *this;                                                  \
    value op other;                                                            \
    return *this = value;                                                      \
  }
  OXHIP_THRUST_COMPOUND(+=)
  OXHIP_THRUST_COMPOUND(-=)
  OXHIP_THRUST_COMPOUND(*=)
  OXHIP_THRUST_COMPOUND(/=)
  OXHIP_THRUST_COMPOUND(%=)
  OXHIP_THRUST_COMPOUND(&=)
  OXHIP_THRUST_COMPOUND(|=)
  OXHIP_THRUST_COMPOUND(^=)
  OXHIP_THRUST_COMPOUND(<<=)
  OXHIP_THRUST_COMPOUND(>>=)
#undef OXHIP_THRUST_COMPOUND
  OXHIP_THRUST_HD const device_reference& operator++() const { return *this += 1; }
  OXHIP_THRUST_HD const device_reference& operator--() const { return *this -= 1; }
  OXHIP_THRUST_HD value_type operator++(int) const {
    value_type old = *this;
    *this = old + 1;
    return old;
  }
  OXHIP_THRUST_HD value_type operator--(int) const {
    value_type old = *this;
    *this = old - 1;
    return old;
  }
  void swap(const device_reference& other) const {
    value_type mine = *this;
    *this = static_cast<value_type>(other);
    other = mine;
  }

 private:
  device_ptr<T> ptr_;
};

template <class T>
void swap(const device_reference<T>& a, const device_reference<T>& b) {
  a.swap(b);
}
template <class T, class C, class Traits>
std::basic_ostream<C, Traits>& operator<<(std::basic_ostream<C, Traits>& os,
                                          const device_reference<T>& r) {
  return os << static_cast<typename device_reference<T>::value_type>(r);
}

template <class T>
class device_ptr {
 public:
  typedef typename std::remove_const<T>::type value_type;
  typedef std::ptrdiff_t difference_type;
  typedef device_ptr<T> pointer;
  typedef device_reference<T> reference;
  typedef std::random_access_iterator_tag iterator_category;
  typedef device_system_tag oxhip_system;

  OXHIP_THRUST_HD constexpr device_ptr() : ptr_(nullptr) {}
  OXHIP_THRUST_HD constexpr device_ptr(std::nullptr_t) : ptr_(nullptr) {}
  OXHIP_THRUST_HD explicit device_ptr(T* p) : ptr_(p) {}
  template <class U, class = typename std::enable_if<std::is_convertible<U*, T*>::value>::type>
  OXHIP_THRUST_HD device_ptr(const device_ptr<U>& other) : ptr_(other.get()) {}
  template <class U, class = typename std::enable_if<std::is_void<U>::value>::type, class = void>
  OXHIP_THRUST_HD explicit device_ptr(const device_ptr<U>& other)
      : ptr_(static_cast<T*>(other.get())) {}

  OXHIP_THRUST_HD T* get() const { return ptr_; }
  OXHIP_THRUST_HD T* oxhip_unwrap() const { return ptr_; }

  __host__ device_reference<T> operator*() const { return device_reference<T>(*this); }
  __device__ T& operator*() const { return *ptr_; }
  __host__ device_reference<T> operator[](difference_type n) const {
    return device_reference<T>(*this + n);
  }
  __device__ T& operator[](difference_type n) const { return ptr_[n]; }
  __device__ T* operator->() const { return ptr_; }

  OXHIP_THRUST_HD device_ptr& operator++() {
    ++ptr_;
    return *this;
  }
  OXHIP_THRUST_HD device_ptr operator++(int) {
    device_ptr old = *this;
    ++ptr_;
    return old;
  }
  OXHIP_THRUST_HD device_ptr& operator--() {
    --ptr_;
    return *this;
  }
  OXHIP_THRUST_HD device_ptr operator--(int) {
    device_ptr old = *this;
    --ptr_;
    return old;
  }
  OXHIP_THRUST_HD device_ptr& operator+=(difference_type n) {
    ptr_ += n;
    return *this;
  }
  OXHIP_THRUST_HD device_ptr& operator-=(difference_type n) {
    ptr_ -= n;
    return *this;
  }
  OXHIP_THRUST_HD device_ptr operator+(difference_type n) const { return device_ptr(ptr_ + n); }
  OXHIP_THRUST_HD device_ptr operator-(difference_type n) const { return device_ptr(ptr_ - n); }
  template <class U>
  OXHIP_THRUST_HD difference_type operator-(const device_ptr<U>& other) const {
    return ptr_ - other.get();
  }
  OXHIP_THRUST_HD explicit operator bool() const { return ptr_ != nullptr; }

 private:
  T* ptr_;
};

template <>
class device_ptr<void> {
 public:
  typedef void value_type;
  typedef device_system_tag oxhip_system;
  OXHIP_THRUST_HD constexpr device_ptr() : ptr_(nullptr) {}
  OXHIP_THRUST_HD constexpr device_ptr(std::nullptr_t) : ptr_(nullptr) {}
  OXHIP_THRUST_HD explicit device_ptr(void* p) : ptr_(p) {}
  template <class U>
  OXHIP_THRUST_HD device_ptr(const device_ptr<U>& other) : ptr_((void*)other.get()) {}
  OXHIP_THRUST_HD void* get() const { return ptr_; }
  OXHIP_THRUST_HD explicit operator bool() const { return ptr_ != nullptr; }

 private:
  void* ptr_;
};

template <class T>
OXHIP_THRUST_HD device_ptr<T> operator+(std::ptrdiff_t n, const device_ptr<T>& p) {
  return p + n;
}
#define OXHIP_THRUST_PTR_COMPARE(op)                                                     \
  template <class T, class U>                                                            \
  OXHIP_THRUST_HD bool operator op(const device_ptr<T>& a, const device_ptr<U>& b) {     \
    return a.get() op b.get();                                                           \
  }
OXHIP_THRUST_PTR_COMPARE(==)
OXHIP_THRUST_PTR_COMPARE(!=)
OXHIP_THRUST_PTR_COMPARE(<)
OXHIP_THRUST_PTR_COMPARE(>)
OXHIP_THRUST_PTR_COMPARE(<=)
OXHIP_THRUST_PTR_COMPARE(>=)
#undef OXHIP_THRUST_PTR_COMPARE
template <class T>
OXHIP_THRUST_HD bool operator==(const device_ptr<T>& a, std::nullptr_t) {
  return a.get() == nullptr;
}
template <class T>
OXHIP_THRUST_HD bool operator!=(const device_ptr<T>& a, std::nullptr_t) {
  return a.get() != nullptr;
}
template <class T, class C, class Traits>
std::basic_ostream<C, Traits>& operator<<(std::basic_ostream<C, Traits>& os,
                                          const device_ptr<T>& p) {
  return os << static_cast<const void*>(p.get());
}

template <class T>
OXHIP_THRUST_HD device_ptr<T> device_pointer_cast(T* p) {
  return device_ptr<T>(p);
}
template <class T>
OXHIP_THRUST_HD device_ptr<T> device_pointer_cast(const device_ptr<T>& p) {
  return p;
}

template <class T>
OXHIP_THRUST_HD T* raw_pointer_cast(T* p) {
  return p;
}
template <class T>
OXHIP_THRUST_HD T* raw_pointer_cast(const device_ptr<T>& p) {
  return p.get();
}
template <class T>
T& raw_reference_cast(T& r) {
  return r;
}

/* ---- allocation ---------------------------------------------------------------------------- */

namespace detail {
inline void* device_allocate(std::size_t bytes) {
  void* p = nullptr;
  hipError_t status = hipMalloc(&p, bytes == 0 ? 1 : bytes);
  if (status != hipSuccess) {
    (void)hipGetLastError();
    throw system::detail::bad_alloc(std::string("hipMalloc: ") + hipGetErrorString(status));
  }
  return p;
}
inline void device_deallocate(void* p) {
  if (p != nullptr) throw_on_error(hipFree(p), "hipFree");
}

/* Temporary storage: what an algorithm allocates for itself and frees before it returns
 * (dev::temp_buffer), never what the program sees (device_vector, device_malloc).
 *
 * It comes from one memory pool per device, made on first use, whose release threshold is
 * UINT64_MAX: a block given back stays cached in the pool, so the next call of an algorithm
 * gets it again instead of hipMalloc'ing and hipFree'ing (and draining the device) each time.
 * The cache lives until the program exits or hipDeviceReset; the runtime releases it when an
 * allocation on the device would otherwise fail for lack of memory. A block goes back with
 * hipFreeAsync on the algorithm's stream once that stream is synchronised, so the block is
 * back in the cache when the algorithm returns. Where the pool cannot serve (a capturing stream, no
 * memory even after the runtime released the pools' caches), hipMalloc and hipFree do, as
 * before. */
struct temporary_pools {
  std::mutex mutex;
  std::vector<hipMemPool_t> by_device;
};

/* Never destroyed, so that an algorithm called from a static object's destructor still
 * finds it. */
inline temporary_pools& temporary_pool_table() {
  static temporary_pools* table = new temporary_pools;
  return *table;
}

/* `device`'s pool, made if it has none or if its pool is `stale` (a handle the runtime no
 * longer knows: hipDeviceReset forgets a device's pools); nullptr if none can be made. */
inline hipMemPool_t temporary_pool(int device, hipMemPool_t stale = nullptr) {
  if (device < 0) return nullptr;
  temporary_pools& table = temporary_pool_table();
  std::lock_guard<std::mutex> hold(table.mutex);
  if ((std::size_t)device >= table.by_device.size()) table.by_device.resize(device + 1, nullptr);
  hipMemPool_t& pool = table.by_device[device];
  if (pool != nullptr && pool != stale) return pool;
  hipMemPoolProps props;
  std::memset(&props, 0, sizeof props);
  props.allocType = hipMemAllocationTypePinned;
  props.handleTypes = hipMemHandleTypeNone;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = device;
  hipMemPool_t fresh = nullptr;
  if (hipMemPoolCreate(&fresh, &props) != hipSuccess) {
    (void)hipGetLastError();
    pool = nullptr;
    return nullptr;
  }
  std::uint64_t keep_everything = UINT64_MAX;
  if (hipMemPoolSetAttribute(fresh, hipMemPoolAttrReleaseThreshold, &keep_everything) != hipSuccess)
    (void)hipGetLastError();
  pool = fresh;
  return pool;
}

/* A block of temporary storage, and where it came from. */
struct temporary_block {
  void* ptr;
  bool pooled;
};

inline temporary_block temporary_allocate(std::size_t bytes, hipStream_t stream) {
  if (bytes == 0) bytes = 1;
  int device = -1;
  if (hipStreamGetDevice(stream, &device) != hipSuccess) (void)hipGetLastError();
  hipMemPool_t pool = temporary_pool(device);
  for (int attempt = 0; pool != nullptr && attempt < 2; ++attempt) {
    void* p = nullptr;
    hipError_t status = hipMallocFromPoolAsync(&p, bytes, pool, stream);
    if (status == hipSuccess) return temporary_block{p, true};
    (void)hipGetLastError();
    /* An unknown pool is one a reset forgot: make it again, once. Anything else (out of
     * memory, a capturing stream) goes to hipMalloc. */
    if (status != hipErrorInvalidValue) break;
    pool = temporary_pool(device, pool);
  }
  return temporary_block{device_allocate(bytes), false};
}

/* Gives `block` back once `stream` is done with it, and waits for that. */
inline void temporary_free(const temporary_block& block, hipStream_t stream) {
  if (block.pooled) {
    /* Drained first: the runtime then takes the block back at once, where a busy stream
     * would need a host function on it (a round trip through the driver). */
    (void)hipStreamSynchronize(stream);
    if (hipFreeAsync(block.ptr, stream) != hipSuccess) (void)hipGetLastError();
  } else {
    (void)hipStreamSynchronize(stream);
    (void)hipFree(block.ptr);
  }
}
}  // namespace detail

inline device_ptr<void> device_malloc(std::size_t bytes) {
  return device_ptr<void>(detail::device_allocate(bytes));
}
template <class T>
device_ptr<T> device_malloc(std::size_t count) {
  return device_ptr<T>(static_cast<T*>(detail::device_allocate(count * sizeof(T))));
}
template <class T>
void device_free(device_ptr<T> p) {
  detail::device_deallocate((void*)p.get());
}

/* Thrust's device_allocator: hipMalloc and hipFree. */
template <class T>
class device_allocator {
 public:
  typedef T value_type;
  typedef device_ptr<T> pointer;
  typedef device_ptr<const T> const_pointer;
  typedef std::size_t size_type;
  typedef std::ptrdiff_t difference_type;
  template <class U>
  struct rebind {
    typedef device_allocator<U> other;
  };
  device_allocator() {}
  template <class U>
  device_allocator(const device_allocator<U>&) {}
  pointer allocate(size_type n) { return device_malloc<T>(n); }
  void deallocate(pointer p, size_type) { device_free(p); }
};
template <class T, class U>
bool operator==(const device_allocator<T>&, const device_allocator<U>&) {
  return true;
}
template <class T, class U>
bool operator!=(const device_allocator<T>&, const device_allocator<U>&) {
  return false;
}

/* Page-locked host memory (hipHostMalloc), for host_vector<T, pinned_allocator<T>>. */
namespace detail {
template <class T>
class pinned_allocator {
 public:
  typedef T value_type;
  template <class U>
  struct rebind {
    typedef pinned_allocator<U> other;
  };
  pinned_allocator() {}
  template <class U>
  pinned_allocator(const pinned_allocator<U>&) {}
  T* allocate(std::size_t n) {
    void* p = nullptr;
    if (hipHostMalloc(&p, n * sizeof(T) == 0 ? 1 : n * sizeof(T), 0) != hipSuccess) {
      (void)hipGetLastError();
      throw std::bad_alloc();
    }
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t) { (void)hipHostFree(p); }
  template <class U>
  bool operator==(const pinned_allocator<U>&) const {
    return true;
  }
  template <class U>
  bool operator!=(const pinned_allocator<U>&) const {
    return false;
  }
};
}  // namespace detail

namespace cuda_cub {
namespace experimental {
using thrust::detail::pinned_allocator;
}
}  // namespace cuda_cub
namespace hip_rocprim {
namespace experimental {
using thrust::detail::pinned_allocator;
}
}  // namespace hip_rocprim

/* ---- unwrapping: kernels see raw pointers where the caller gave device_ptrs ---------------- */

namespace detail {
/* An iterator with a member `oxhip_unwrap()` gives the same iterator over raw pointers
 * (device_ptr<T> gives T*, a fancy iterator over device_ptrs the same fancy iterator over
 * T*s); the rest stay as they are. */
template <class It>
OXHIP_THRUST_HD auto unwrap_impl(const It& it, int) -> decltype(it.oxhip_unwrap()) {
  return it.oxhip_unwrap();
}
template <class It>
OXHIP_THRUST_HD It unwrap_impl(const It& it, long) {
  return it;
}
template <class It>
OXHIP_THRUST_HD auto unwrap(const It& it) -> decltype(unwrap_impl(it, 0)) {
  return unwrap_impl(it, 0);
}
template <class It>
struct unwrapped {
  typedef decltype(unwrap(std::declval<const It&>())) type;
};
}  // namespace detail

}  // namespace thrust

#endif /* OXHIP_THRUST_DETAIL_MEMORY_H */
