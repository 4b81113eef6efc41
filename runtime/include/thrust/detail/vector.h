/* oxhip: thrust::host_vector and thrust::device_vector.
 *
 * host_vector<T> is a std::vector<T> that also converts to and from device_vector.
 * device_vector<T> owns hipMalloc'd storage; its iterators are device_ptr<T> (the device
 * system), element access from host code copies one element (device_reference), and
 * copies to, from and between vectors are hipMemcpy calls. Elements are built by a fill
 * kernel, so T needs a default constructor usable in device code. */
#ifndef OXHIP_THRUST_DETAIL_VECTOR_H
#define OXHIP_THRUST_DETAIL_VECTOR_H

#include <thrust/detail/algorithms.h>

namespace thrust {

template <class T, class Alloc = device_allocator<T>>
class device_vector;

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
  host_vector(const device_vector<U, A>& other) : base(other.size()) {
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
  host_vector& operator=(const device_vector<U, A>& other) {
    this->resize(other.size());
    thrust::copy(other.begin(), other.end(), this->begin());
    return *this;
  }
};

template <class T, class Alloc>
class device_vector {
 public:
  typedef T value_type;
  typedef std::size_t size_type;
  typedef std::ptrdiff_t difference_type;
  typedef device_ptr<T> pointer;
  typedef device_ptr<const T> const_pointer;
  typedef device_reference<T> reference;
  typedef device_reference<const T> const_reference;
  typedef device_ptr<T> iterator;
  typedef device_ptr<const T> const_iterator;
  typedef thrust::reverse_iterator<iterator> reverse_iterator;
  typedef thrust::reverse_iterator<const_iterator> const_reverse_iterator;
  typedef Alloc allocator_type;

  device_vector() : data_(nullptr), size_(0), capacity_(0) {}
  explicit device_vector(size_type n) : device_vector() { resize(n); }
  device_vector(size_type n, const T& value) : device_vector() { resize(n, value); }
  device_vector(const device_vector& other) : device_vector() { assign_device(other.data_, other.size_); }
  device_vector(device_vector&& other) noexcept
      : data_(other.data_), size_(other.size_), capacity_(other.capacity_) {
    other.data_ = nullptr;
    other.size_ = other.capacity_ = 0;
  }
  template <class U, class A>
  device_vector(const device_vector<U, A>& other) : device_vector() {
    assign(other.begin(), other.end());
  }
  template <class U, class A>
  device_vector(const std::vector<U, A>& other) : device_vector() {
    assign(other.begin(), other.end());
  }
  template <class U, class A>
  device_vector(const host_vector<U, A>& other) : device_vector() {
    assign(other.begin(), other.end());
  }
  device_vector(std::initializer_list<T> values) : device_vector() {
    assign(values.begin(), values.end());
  }
  template <class It, class = typename std::enable_if<!std::is_integral<It>::value>::type>
  device_vector(It first, It last) : device_vector() {
    assign(first, last);
  }
  ~device_vector() { release(); }

  device_vector& operator=(const device_vector& other) {
    if (this != &other) assign_device(other.data_, other.size_);
    return *this;
  }
  device_vector& operator=(device_vector&& other) noexcept {
    if (this != &other) {
      release();
      data_ = other.data_;
      size_ = other.size_;
      capacity_ = other.capacity_;
      other.data_ = nullptr;
      other.size_ = other.capacity_ = 0;
    }
    return *this;
  }
  template <class U, class A>
  device_vector& operator=(const device_vector<U, A>& other) {
    assign(other.begin(), other.end());
    return *this;
  }
  template <class U, class A>
  device_vector& operator=(const std::vector<U, A>& other) {
    assign(other.begin(), other.end());
    return *this;
  }
  template <class U, class A>
  device_vector& operator=(const host_vector<U, A>& other) {
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
    T* fresh = static_cast<T*>(detail::device_allocate(n * sizeof(T)));
    if (size_ > 0) {
      hipError_t status = hipMemcpy(fresh, data_, size_ * sizeof(T), hipMemcpyDeviceToDevice);
      if (status != hipSuccess) {
        (void)hipFree(fresh);
        detail::throw_on_error(status, "device_vector: growing");
      }
    }
    if (data_ != nullptr) detail::device_deallocate(data_);
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
    device_vector smaller(*this);
    swap(smaller);
  }
  void swap(device_vector& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    std::swap(capacity_, other.capacity_);
  }
  void push_back(const T& value) {
    if (size_ == capacity_) reserve(capacity_ == 0 ? 4 : 2 * capacity_);
    detail::throw_on_error(hipMemcpy(data_ + size_, &value, sizeof(T), hipMemcpyHostToDevice),
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

  reference operator[](size_type i) { return reference(pointer(data_ + i)); }
  const_reference operator[](size_type i) const { return const_reference(const_pointer(data_ + i)); }
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
      device_vector saved(last, end());
      thrust::copy(saved.begin(), saved.end(), first);
    }
    size_ -= (size_type)removed;
    return begin() + at;
  }
  iterator erase(iterator position) { return erase(position, position + 1); }
  iterator insert(iterator position, const T& value) { return insert(position, 1, value); }
  iterator insert(iterator position, size_type n, const T& value) {
    difference_type at = position - begin();
    device_vector tail(begin() + at, end());
    resize(size_ + n);
    thrust::fill_n(begin() + at, n, value);
    thrust::copy(tail.begin(), tail.end(), begin() + at + n);
    return begin() + at;
  }
  template <class It, class = typename std::enable_if<!std::is_integral<It>::value>::type>
  void insert(iterator position, It first, It last) {
    difference_type at = position - begin();
    device_vector tail(begin() + at, end());
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
      detail::throw_on_error(hipMemcpy(data_, source, n * sizeof(T), hipMemcpyDeviceToDevice),
                             "device_vector: copying");
    size_ = n;
  }
  void release() {
    if (data_ != nullptr) (void)hipFree(data_);
    data_ = nullptr;
    size_ = capacity_ = 0;
  }

  T* data_;
  size_type size_;
  size_type capacity_;
};

template <class T, class A>
void swap(device_vector<T, A>& a, device_vector<T, A>& b) {
  a.swap(b);
}

/* A vector in memory both sides can reach (hipMallocManaged in Thrust; a device_vector here). */
template <class T>
using universal_vector = device_vector<T>;

}  // namespace thrust

#endif /* OXHIP_THRUST_DETAIL_VECTOR_H */
