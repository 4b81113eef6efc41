/* oxhip: hipCUB's DiscardOutputIterator, ArgIndexInputIterator, CacheModifiedInputIterator and
 * CacheModifiedOutputIterator (docs/libraries.md). Cache modifiers are accepted; reads are plain
 * loads and writes plain stores on every target.
 */
#ifndef OXHIP_HIPCUB_ITERATOR_DISCARD_OUTPUT_ITERATOR_HPP
#define OXHIP_HIPCUB_ITERATOR_DISCARD_OUTPUT_ITERATOR_HPP

#include "../util.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {

/* Every write through it is dropped. */
template <class Offset = std::ptrdiff_t>
class DiscardOutputIterator {
 public:
  typedef DiscardOutputIterator self_type;
  typedef Offset difference_type;
  typedef void value_type;
  typedef void pointer;
  typedef self_type reference;
  typedef std::random_access_iterator_tag iterator_category;

  __host__ __device__ __forceinline__ explicit DiscardOutputIterator(Offset offset = Offset())
      : offset_(offset) {}
  __host__ __device__ __forceinline__ self_type operator*() const { return *this; }
  template <class Distance>
  __host__ __device__ __forceinline__ self_type operator[](Distance) const {
    return *this;
  }
  template <class T>
  __host__ __device__ __forceinline__ const self_type& operator=(const T&) const {
    return *this;
  }
  __host__ __device__ __forceinline__ self_type& operator++() {
    ++offset_;
    return *this;
  }
  __host__ __device__ __forceinline__ self_type operator++(int) {
    self_type old = *this;
    ++offset_;
    return old;
  }
  template <class Distance>
  __host__ __device__ __forceinline__ self_type operator+(Distance n) const {
    return self_type(offset_ + (Offset)n);
  }
  template <class Distance>
  __host__ __device__ __forceinline__ self_type& operator+=(Distance n) {
    offset_ += (Offset)n;
    return *this;
  }
  __host__ __device__ __forceinline__ difference_type operator-(self_type other) const {
    return offset_ - other.offset_;
  }
  __host__ __device__ __forceinline__ bool operator==(const self_type& other) const {
    return offset_ == other.offset_;
  }
  __host__ __device__ __forceinline__ bool operator!=(const self_type& other) const {
    return offset_ != other.offset_;
  }

 private:
  Offset offset_;
};

/* KeyValuePair(offset, input[offset]) at each position. */
template <class InputIt, class Offset = std::ptrdiff_t,
          class OutputValue = typename detail::value_of<InputIt>::type>
class ArgIndexInputIterator {
 public:
  typedef ArgIndexInputIterator self_type;
  typedef Offset difference_type;
  typedef KeyValuePair<difference_type, OutputValue> value_type;
  typedef value_type* pointer;
  typedef value_type reference;
  typedef std::random_access_iterator_tag iterator_category;

  __host__ __device__ __forceinline__ ArgIndexInputIterator(InputIt input, Offset offset = 0)
      : input_(input), offset_(offset) {}
  __host__ __device__ __forceinline__ reference operator*() const {
    return value_type(offset_, OutputValue(input_[offset_]));
  }
  template <class Distance>
  __host__ __device__ __forceinline__ reference operator[](Distance n) const {
    return value_type(offset_ + (Offset)n, OutputValue(input_[offset_ + (Offset)n]));
  }
  __host__ __device__ __forceinline__ self_type& operator++() {
    ++offset_;
    return *this;
  }
  __host__ __device__ __forceinline__ self_type operator++(int) {
    self_type old = *this;
    ++offset_;
    return old;
  }
  template <class Distance>
  __host__ __device__ __forceinline__ self_type operator+(Distance n) const {
    return self_type(input_, offset_ + (Offset)n);
  }
  template <class Distance>
  __host__ __device__ __forceinline__ self_type& operator+=(Distance n) {
    offset_ += (Offset)n;
    return *this;
  }
  __host__ __device__ __forceinline__ difference_type operator-(self_type other) const {
    return offset_ - other.offset_;
  }
  __host__ __device__ __forceinline__ bool operator==(const self_type& other) const {
    return offset_ == other.offset_;
  }
  __host__ __device__ __forceinline__ bool operator!=(const self_type& other) const {
    return offset_ != other.offset_;
  }
  __host__ __device__ __forceinline__ void normalize() {
    input_ += offset_;
    offset_ = 0;
  }

 private:
  InputIt input_;
  Offset offset_;
};

enum CacheLoadModifier { LOAD_DEFAULT, LOAD_CA, LOAD_CG, LOAD_CS, LOAD_CV, LOAD_LDG, LOAD_VOLATILE };
enum CacheStoreModifier { STORE_DEFAULT, STORE_WB, STORE_CG, STORE_CS, STORE_WT, STORE_VOLATILE };

template <CacheLoadModifier MODIFIER, class Value, class Offset = std::ptrdiff_t>
class CacheModifiedInputIterator {
 public:
  typedef CacheModifiedInputIterator self_type;
  typedef Offset difference_type;
  typedef Value value_type;
  typedef Value* pointer;
  typedef Value reference;
  typedef std::random_access_iterator_tag iterator_category;

  template <class Pointee>
  __host__ __device__ __forceinline__ CacheModifiedInputIterator(Pointee* pointer)
      : ptr((Value*)pointer) {}
  __device__ __forceinline__ reference operator*() const { return *ptr; }
  template <class Distance>
  __device__ __forceinline__ reference operator[](Distance n) const {
    return ptr[n];
  }
  __host__ __device__ __forceinline__ self_type& operator++() {
    ++ptr;
    return *this;
  }
  __host__ __device__ __forceinline__ self_type operator++(int) {
    self_type old = *this;
    ++ptr;
    return old;
  }
  template <class Distance>
  __host__ __device__ __forceinline__ self_type operator+(Distance n) const {
    return self_type(ptr + n);
  }
  template <class Distance>
  __host__ __device__ __forceinline__ self_type& operator+=(Distance n) {
    ptr += n;
    return *this;
  }
  __host__ __device__ __forceinline__ difference_type operator-(self_type other) const {
    return ptr - other.ptr;
  }
  __host__ __device__ __forceinline__ bool operator==(const self_type& other) const {
    return ptr == other.ptr;
  }
  __host__ __device__ __forceinline__ bool operator!=(const self_type& other) const {
    return ptr != other.ptr;
  }

  Value* ptr;
};

/* Writes through it are plain stores to the wrapped pointer; like CUB's, its value_type is
 * void and a write goes through a proxy reference. */
template <CacheStoreModifier MODIFIER, class Value, class Offset = std::ptrdiff_t>
class CacheModifiedOutputIterator {
 public:
  struct Reference {
    Value* ptr;
    __host__ __device__ __forceinline__ explicit Reference(Value* pointer) : ptr(pointer) {}
    __host__ __device__ __forceinline__ Value operator=(Value value) const {
      *ptr = value;
      return value;
    }
  };
  typedef CacheModifiedOutputIterator self_type;
  typedef Offset difference_type;
  typedef void value_type;
  typedef void pointer;
  typedef Reference reference;
  typedef std::random_access_iterator_tag iterator_category;

  template <class Pointee>
  __host__ __device__ __forceinline__ CacheModifiedOutputIterator(Pointee* pointer)
      : ptr_((Value*)pointer) {}
  __host__ __device__ __forceinline__ reference operator*() const { return Reference(ptr_); }
  template <class Distance>
  __host__ __device__ __forceinline__ reference operator[](Distance n) const {
    return Reference(ptr_ + n);
  }
  __host__ __device__ __forceinline__ self_type& operator++() {
    ++ptr_;
    return *this;
  }
  __host__ __device__ __forceinline__ self_type operator++(int) {
    self_type old = *this;
    ++ptr_;
    return old;
  }
  template <class Distance>
  __host__ __device__ __forceinline__ self_type operator+(Distance n) const {
    return self_type(ptr_ + n);
  }
  template <class Distance>
  __host__ __device__ __forceinline__ self_type& operator+=(Distance n) {
    ptr_ += n;
    return *this;
  }
  template <class Distance>
  __host__ __device__ __forceinline__ self_type operator-(Distance n) const {
    return self_type(ptr_ - n);
  }
  template <class Distance>
  __host__ __device__ __forceinline__ self_type& operator-=(Distance n) {
    ptr_ -= n;
    return *this;
  }
  __host__ __device__ __forceinline__ difference_type operator-(self_type other) const {
    return ptr_ - other.ptr_;
  }
  __host__ __device__ __forceinline__ bool operator==(const self_type& other) const {
    return ptr_ == other.ptr_;
  }
  __host__ __device__ __forceinline__ bool operator!=(const self_type& other) const {
    return ptr_ != other.ptr_;
  }

 private:
  Value* ptr_;
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_ITERATOR_DISCARD_OUTPUT_ITERATOR_HPP */
