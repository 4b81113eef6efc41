/* oxhip: thrust::host_vector, thrust::device_vector and thrust::universal_vector.
 *
 * host_vector<T> is a std::vector<T> that also converts to and from the other vectors.
 * device_vector<T> and universal_vector<T> are detail::vector_base<T, Alloc>, which owns
 * memory from its allocator's allocate and deallocate (a program's own allocator too), of the
 * kind the allocator names (vector_memory): device memory for device_vector, whose
 * iterators are device_ptr<T> and whose elements host code reaches one copy at a time
 * (device_reference); managed (hipMallocManaged) or mapped pinned memory for universal_vector,
 * whose iterators are universal_ptr<T> and whose elements host code reads and writes in place
 * (T&). Both are the device system. Elements are built by a fill kernel, so T needs a default
 * constructor usable in device code; copies to, from and between vectors are hipMemcpy
 * calls. */
#ifndef OXHIP_THRUST_DETAIL_VECTOR_H
#define OXHIP_THRUST_DETAIL_VECTOR_H

#include <thrust/detail/algorithms.h>

namespace thrust {

template <class T, class Alloc = device_allocator<T>>
class device_vector;
namespace detail {
template <class T, class Alloc>
class vector_base;
}  // namespace detail

template <class T, class Alloc = std::allocator<T>>
class host_vector : public std::vector<T, Alloc> {
  typedef std::vector<T, Alloc> base;

 public:
  using base::base;
  host_vector() {}
  host_vector(const host_vector&) = default;
  host_vector(host_vector&&) = default;
  host_vector(const base& other) : base(other) {}
  host_vector(base&& other) : base(std::move(other)) {}
  template <class U, class A>
  host_vector(const std::vector<U, A>& other) : base(other.begin(), other.end()) {}
  template <class U, class A>
  host_vector(const host_vector<U, A>& other) : base(other.begin(), other.end()) {}
  template <class U, class A>
  host_vector(const detail::vector_base<U, A>& other) : base(other.size()) {
    thrust::copy(other.begin(), other.end(), this->begin());
  }
  /* From a device range: one copy, not one per element. */
  template <class U>
  host_vector(device_ptr<U> first, device_ptr<U> last) : base(last - first) {
    thrust::copy(first, last, this->begin());
  }
  host_vector& operator=(const host_vector&) = default;
  host_vector& operator=(host_vector&&) = default;
  template <class U, class A>
  host_vector& operator=(const std::vector<U, A>& other) {
    this->assign(other.begin(), other.end());
    return *this;
  }
  template <class U, class A>
  host_vector& operator=(const host_vector<U, A>& other) {
    this->assign(other.begin(), other.end());
    return *this;
  }
  template <class U, class A>
  host_vector& operator=(const detail::vector_base<U, A>& other) {
    this->resize(other.size());
    thrust::copy(other.begin(), other.end(), this->begin());
    return *this;
  }
};

namespace detail {

/* The kind of memory a vector's allocator gives: device memory unless it is a universal
 * allocator (universal.h) or derives from one. `pointer` is the vector's iterator, `within` the
 * copy kind between two vectors of the kind, `from_host` from host memory. The memory itself
 * always comes from the allocator's allocate and goes back through its deallocate, so a
 * program's own allocator (counting, pooling) is used as in Thrust. */
template <class Alloc, class = void>
struct vector_memory {
  template <class T>
  using pointer = device_ptr<T>;
  static constexpr hipMemcpyKind within = hipMemcpyDeviceToDevice;
  static constexpr hipMemcpyKind from_host = hipMemcpyHostToDevice;
};
template <class Alloc>
struct vector_memory<Alloc, typename make_void<typename Alloc::oxhip_memory>::type> {
  template <class T>
  using pointer = universal_ptr<T>;
  static constexpr hipMemcpyKind within = hipMemcpyDefault;
  static constexpr hipMemcpyKind from_host = hipMemcpyDefault;
};

template <class T, class Alloc>
class vector_base {
  typedef vector_memory<Alloc> memory;

 public:
  typedef T value_type;
  typedef std::size_t size_type;
  typedef std::ptrdiff_t difference_type;
  typedef typename memory::template pointer<T> pointer;
  typedef typename memory::template pointer<const T> const_pointer;
  typedef typename std::iterator_traits<pointer>::reference reference;
  typedef typename std::iterator_traits<const_pointer>::reference const_reference;
  typedef pointer iterator;
  typedef const_pointer const_iterator;
  typedef thrust::reverse_iterator<iterator> reverse_iterator;
  typedef thrust::reverse_iterator<const_iterator> const_reverse_iterator;
  typedef Alloc allocator_type;

  vector_base() : alloc_(), data_(nullptr), size_(0), capacity_(0) {}
  explicit vector_base(const Alloc& alloc)
      : alloc_(alloc), data_(nullptr), size_(0), capacity_(0) {}
  explicit vector_base(size_type n) : vector_base() { resize(n); }
  vector_base(size_type n, const Alloc& alloc) : vector_base(alloc) { resize(n); }
  vector_base(size_type n, const T& value) : vector_base() { resize(n, value); }
  vector_base(size_type n, const T& value, const Alloc& alloc) : vector_base(alloc) {
    resize(n, value);
  }
  vector_base(const vector_base& other) : vector_base(other.alloc_) {
    assign_device(other.data_, other.size_);
  }
  vector_base(const vector_base& other, const Alloc& alloc) : vector_base(alloc) {
    assign_device(other.data_, other.size_);
  }
  vector_base(vector_base&& other) noexcept
      : alloc_(std::move(other.alloc_)),
        data_(other.data_),
        size_(other.size_),
        capacity_(other.capacity_) {
    other.data_ = nullptr;
    other.size_ = other.capacity_ = 0;
  }
  template <class U, class A>
  vector_base(const vector_base<U, A>& other) : vector_base() {
    assign(other.begin(), other.end());
  }
  template <class U, class A>
  vector_base(const std::vector<U, A>& other) : vector_base() {
    assign(other.begin(), other.end());
  }
  template <class U, class A>
  vector_base(const host_vector<U, A>& other) : vector_base() {
    assign(other.begin(), other.end());
  }
  vector_base(std::initializer_list<T> values) : vector_base() {
    assign(values.begin(), values.end());
  }
  template <class It, class = typename std::enable_if<!std::is_integral<It>::value>::type>
  vector_base(It first, It last) : vector_base() {
    assign(first, last);
  }
  template <class It, class = typename std::enable_if<!std::is_integral<It>::value>::type>
  vector_base(It first, It last, const Alloc& alloc) : vector_base(alloc) {
    assign(first, last);
  }
  ~vector_base() { release(); }

  allocator_type get_allocator() const { return alloc_; }

  vector_base& operator=(const vector_base& other) {
    if (this != &other) assign_device(other.data_, other.size_);
    return *this;
  }
  vector_base& operator=(vector_base&& other) noexcept {
    if (this != &other) {
      release();
      alloc_ = std::move(other.alloc_);
      data_ = other.data_;
      size_ = other.size_;
      capacity_ = other.capacity_;
      other.data_ = nullptr;
      other.size_ = other.capacity_ = 0;
    }
    return *this;
  }
  template <class U, class A>
  vector_base& operator=(const vector_base<U, A>& other) {
    assign(other.begin(), other.end());
    return *this;
  }
  template <class U, class A>
  vector_base& operator=(const std::vector<U, A>& other) {
    assign(other.begin(), other.end());
    return *this;
  }
  template <class U, class A>
  vector_base& operator=(const host_vector<U, A>& other) {
    assign(other.begin(), other.end());
    return *this;
  }

  template <class It, class = typename std::enable_if<!std::is_integral<It>::value>::type>
  void assign(It first, It last) {
    size_type n = (size_type)std::distance(first, last);
    clear();
    reserve(n);
    thrust::copy(first, last, begin());
    size_ = n;
  }
  void assign(size_type n, const T& value) {
    clear();
    resize(n, value);
  }

  size_type size() const { return size_; }
  bool empty() const { return size_ == 0; }
  size_type capacity() const { return capacity_; }
  size_type max_size() const { return std::numeric_limits<size_type>::max() / sizeof(T); }

  void reserve(size_type n) {
    if (n <= capacity_) return;
    T* fresh = allocate(n);
    if (size_ > 0) {
      hipError_t status = hipMemcpy(fresh, data_, size_ * sizeof(T), memory::within);
      if (status != hipSuccess) {
        deallocate(fresh, n);
        detail::throw_on_error(status, "device_vector: growing");
      }
    }
    if (data_ != nullptr) deallocate(data_, capacity_);
    data_ = fresh;
    capacity_ = n;
  }
  void resize(size_type n) { resize(n, T()); }
  void resize(size_type n, const T& value) {
    if (n > size_) {
      reserve(n > 2 * capacity_ ? n : (n > capacity_ ? 2 * capacity_ : capacity_));
      detail::algo::fill(detail::device_exec{nullptr, true}, begin() + size_, begin() + n, value);
    }
    size_ = n;
  }
  void clear() { size_ = 0; }
  void shrink_to_fit() {
    if (capacity_ == size_) return;
    vector_base smaller(*this);
    swap(smaller);
  }
  void swap(vector_base& other) noexcept {
    using std::swap;
    swap(alloc_, other.alloc_);
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    std::swap(capacity_, other.capacity_);
  }
  void push_back(const T& value) {
    if (size_ == capacity_) reserve(capacity_ == 0 ? 4 : 2 * capacity_);
    detail::throw_on_error(hipMemcpy(data_ + size_, &value, sizeof(T), memory::from_host),
                           "device_vector::push_back");
    ++size_;
  }
  void pop_back() { --size_; }

  iterator begin() { return iterator(data_); }
  iterator end() { return iterator(data_ + size_); }
  const_iterator begin() const { return const_iterator(data_); }
  const_iterator end() const { return const_iterator(data_ + size_); }
  const_iterator cbegin() const { return begin(); }
  const_iterator cend() const { return end(); }
  reverse_iterator rbegin() { return reverse_iterator(end()); }
  reverse_iterator rend() { return reverse_iterator(begin()); }
  const_reverse_iterator rbegin() const { return const_reverse_iterator(end()); }
  const_reverse_iterator rend() const { return const_reverse_iterator(begin()); }
  pointer data() { return pointer(data_); }
  const_pointer data() const { return const_pointer(data_); }

  reference operator[](size_type i) { return *pointer(data_ + i); }
  const_reference operator[](size_type i) const { return *const_pointer(data_ + i); }
  reference front() { return (*this)[0]; }
  const_reference front() const { return (*this)[0]; }
  reference back() { return (*this)[size_ - 1]; }
  const_reference back() const { return (*this)[size_ - 1]; }

  /* Removes [first, last), moving the tail down. */
  iterator erase(iterator first, iterator last) {
    difference_type at = first - begin();
    difference_type removed = last - first;
    difference_type tail = end() - last;
    if (removed > 0 && tail > 0) {
      vector_base saved(last, end());
      thrust::copy(saved.begin(), saved.end(), first);
    }
    size_ -= (size_type)removed;
    return begin() + at;
  }
  iterator erase(iterator position) { return erase(position, position + 1); }
  iterator insert(iterator position, const T& value) { return insert(position, 1, value); }
  iterator insert(iterator position, size_type n, const T& value) {
    difference_type at = position - begin();
    vector_base tail(begin() + at, end());
    resize(size_ + n);
    thrust::fill_n(begin() + at, n, value);
    thrust::copy(tail.begin(), tail.end(), begin() + at + n);
    return begin() + at;
  }
  template <class It, class = typename std::enable_if<!std::is_integral<It>::value>::type>
  void insert(iterator position, It first, It last) {
    difference_type at = position - begin();
    vector_base tail(begin() + at, end());
    size_type n = (size_type)std::distance(first, last);
    resize(size_ + n);
    thrust::copy(first, last, begin() + at);
    thrust::copy(tail.begin(), tail.end(), begin() + at + n);
  }

 private:
  void assign_device(const T* source, size_type n) {
    clear();
    reserve(n);
    if (n > 0)
      detail::throw_on_error(hipMemcpy(data_, source, n * sizeof(T), memory::within),
                             "device_vector: copying");
    size_ = n;
  }
  void release() {
    if (data_ != nullptr) deallocate(data_, capacity_);
    data_ = nullptr;
    size_ = capacity_ = 0;
  }

  /* The allocator's pointer type, whatever it is (device_ptr<T>, T*, a program's own). */
  typedef decltype(std::declval<Alloc&>().allocate(std::size_t(1))) allocator_pointer;
  T* allocate(size_type n) {
    T* p = static_cast<T*>(raw_address(alloc_.allocate(n), 0));
    if (p == nullptr) throw system::detail::bad_alloc("device_vector: the allocator returned null");
    return p;
  }
  void deallocate(T* p, size_type n) { alloc_.deallocate(allocator_pointer(p), n); }

  Alloc alloc_;
  T* data_;
  size_type size_;
  size_type capacity_;
};

}  // namespace detail

/* A vector in device memory, from its allocator (device_allocator: hipMalloc). */
template <class T, class Alloc>
class device_vector : public detail::vector_base<T, Alloc> {
  typedef detail::vector_base<T, Alloc> base;

 public:
  using base::base;
  using base::operator=;
  device_vector() {}
  device_vector(const device_vector&) = default;
  device_vector(device_vector&&) = default;
  device_vector& operator=(const device_vector&) = default;
  device_vector& operator=(device_vector&&) = default;
  device_vector(std::initializer_list<T> values) : base(values) {}
};

template <class T, class A>
void swap(detail::vector_base<T, A>& a, detail::vector_base<T, A>& b) {
  a.swap(b);
}

/* A vector in memory both sides reach: managed memory by default (universal.h). As in Thrust,
 * it is a vector_base, not a device_vector. */
template <class T, class Alloc = universal_allocator<T>>
using universal_vector = detail::vector_base<T, Alloc>;
template <class T>
using universal_host_pinned_vector = detail::vector_base<T, universal_host_pinned_allocator<T>>;

namespace cuda_cub {
template <class T, class Alloc = device_allocator<T>>
using vector = thrust::device_vector<T, Alloc>;
template <class T, class Alloc = universal_allocator<T>>
using universal_vector = thrust::universal_vector<T, Alloc>;
}  // namespace cuda_cub
namespace hip_rocprim {
template <class T, class Alloc = device_allocator<T>>
using vector = thrust::device_vector<T, Alloc>;
template <class T, class Alloc = universal_allocator<T>>
using universal_vector = thrust::universal_vector<T, Alloc>;
}  // namespace hip_rocprim

}  // namespace thrust

#endif /* OXHIP_THRUST_DETAIL_VECTOR_H */
