/* oxhip: the rocPRIM names that hipCUB programs reach (namespace rocprim), as thin wrappers
 * over oxhip's portable hipCUB (docs/libraries.md): the functors plus, minimum, maximum,
 * less, greater, equal_to; the device-wide reduce, inclusive_scan, exclusive_scan,
 * radix_sort_keys and radix_sort_pairs with rocPRIM's temp-storage convention (a null
 * `temporary_storage` sets `storage_size`); double_buffer; and block_reduce, block_scan,
 * warp_reduce and warp_scan. Logical warps are 32 threads or fewer on every target, so
 * warp_reduce and warp_scan default to 32 (rocPRIM's default is the device's wavefront).
 */
#ifndef OXHIP_ROCPRIM_HPP
#define OXHIP_ROCPRIM_HPP

#include <hipcub/hipcub.hpp>

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace rocprim {

template <class T>
struct plus {
  __host__ __device__ __forceinline__ T operator()(const T& a, const T& b) const { return a + b; }
};
template <class T>
struct minimum {
  __host__ __device__ __forceinline__ T operator()(const T& a, const T& b) const {
    return b < a ? b : a;
  }
};
template <class T>
struct maximum {
  __host__ __device__ __forceinline__ T operator()(const T& a, const T& b) const {
    return a < b ? b : a;
  }
};
template <class T>
struct less {
  __host__ __device__ __forceinline__ bool operator()(const T& a, const T& b) const {
    return a < b;
  }
};
template <class T>
struct greater {
  __host__ __device__ __forceinline__ bool operator()(const T& a, const T& b) const {
    return b < a;
  }
};
template <class T>
struct equal_to {
  __host__ __device__ __forceinline__ bool operator()(const T& a, const T& b) const {
    return a == b;
  }
};

/* The config parameter rocPRIM's algorithms take first; oxhip tunes inside device code. */
struct default_config {};

template <class T>
class double_buffer {
 public:
  __host__ __device__ double_buffer() : selector_(0) {
    buffers_[0] = nullptr;
    buffers_[1] = nullptr;
  }
  __host__ __device__ double_buffer(T* current, T* alternate) : selector_(0) {
    buffers_[0] = current;
    buffers_[1] = alternate;
  }
  __host__ __device__ T* current() const { return buffers_[selector_]; }
  __host__ __device__ T* alternate() const { return buffers_[selector_ ^ 1]; }
  __host__ __device__ void swap() { selector_ ^= 1; }

 private:
  T* buffers_[2];
  unsigned int selector_;
};

namespace detail {
template <class Iterator>
struct value_type_of {
  typedef typename hipcub::detail::value_of<Iterator>::type type;
};
}  // namespace detail

/* ---- device-wide ---- */

template <class Config = default_config, class InputIterator, class OutputIterator,
          class InitValueType,
          class BinaryFunction = plus<typename detail::value_type_of<InputIterator>::type> >
inline hipError_t reduce(void* temporary_storage, size_t& storage_size, InputIterator input,
                         OutputIterator output, const InitValueType initial_value,
                         const size_t size, BinaryFunction reduce_op = BinaryFunction(),
                         const hipStream_t stream = 0, bool debug_synchronous = false) {
  return hipcub::DeviceReduce::Reduce(temporary_storage, storage_size, input, output, (int)size,
                                      reduce_op, initial_value, stream, debug_synchronous);
}

template <class Config = default_config, class InputIterator, class OutputIterator,
          class BinaryFunction = plus<typename detail::value_type_of<InputIterator>::type> >
inline hipError_t inclusive_scan(void* temporary_storage, size_t& storage_size,
                                 InputIterator input, OutputIterator output, const size_t size,
                                 BinaryFunction scan_op = BinaryFunction(),
                                 const hipStream_t stream = 0, bool debug_synchronous = false) {
  return hipcub::DeviceScan::InclusiveScan(temporary_storage, storage_size, input, output,
                                           scan_op, (int)size, stream, debug_synchronous);
}

template <class Config = default_config, class InputIterator, class OutputIterator,
          class InitValueType,
          class BinaryFunction = plus<typename detail::value_type_of<InputIterator>::type> >
inline hipError_t exclusive_scan(void* temporary_storage, size_t& storage_size,
                                 InputIterator input, OutputIterator output,
                                 const InitValueType initial_value, const size_t size,
                                 BinaryFunction scan_op = BinaryFunction(),
                                 const hipStream_t stream = 0, bool debug_synchronous = false) {
  return hipcub::DeviceScan::ExclusiveScan(temporary_storage, storage_size, input, output,
                                           scan_op, initial_value, (int)size, stream,
                                           debug_synchronous);
}

template <class Config = default_config, class Key>
inline hipError_t radix_sort_keys(void* temporary_storage, size_t& storage_size,
                                  const Key* keys_input, Key* keys_output, size_t size,
                                  unsigned int begin_bit = 0,
                                  unsigned int end_bit = 8 * sizeof(Key),
                                  hipStream_t stream = 0, bool debug_synchronous = false) {
  return hipcub::DeviceRadixSort::SortKeys(temporary_storage, storage_size, keys_input,
                                           keys_output, (int)size, (int)begin_bit, (int)end_bit,
                                           stream, debug_synchronous);
}
template <class Config = default_config, class Key>
inline hipError_t radix_sort_keys_desc(void* temporary_storage, size_t& storage_size,
                                       const Key* keys_input, Key* keys_output, size_t size,
                                       unsigned int begin_bit = 0,
                                       unsigned int end_bit = 8 * sizeof(Key),
                                       hipStream_t stream = 0, bool debug_synchronous = false) {
  return hipcub::DeviceRadixSort::SortKeysDescending(temporary_storage, storage_size,
                                                     keys_input, keys_output, (int)size,
                                                     (int)begin_bit, (int)end_bit, stream,
                                                     debug_synchronous);
}
template <class Config = default_config, class Key, class Value>
inline hipError_t radix_sort_pairs(void* temporary_storage, size_t& storage_size,
                                   const Key* keys_input, Key* keys_output,
                                   const Value* values_input, Value* values_output, size_t size,
                                   unsigned int begin_bit = 0,
                                   unsigned int end_bit = 8 * sizeof(Key),
                                   hipStream_t stream = 0, bool debug_synchronous = false) {
  return hipcub::DeviceRadixSort::SortPairs(temporary_storage, storage_size, keys_input,
                                            keys_output, values_input, values_output, (int)size,
                                            (int)begin_bit, (int)end_bit, stream,
                                            debug_synchronous);
}
template <class Config = default_config, class Key, class Value>
inline hipError_t radix_sort_pairs_desc(void* temporary_storage, size_t& storage_size,
                                        const Key* keys_input, Key* keys_output,
                                        const Value* values_input, Value* values_output,
                                        size_t size, unsigned int begin_bit = 0,
                                        unsigned int end_bit = 8 * sizeof(Key),
                                        hipStream_t stream = 0,
                                        bool debug_synchronous = false) {
  return hipcub::DeviceRadixSort::SortPairsDescending(
      temporary_storage, storage_size, keys_input, keys_output, values_input, values_output,
      (int)size, (int)begin_bit, (int)end_bit, stream, debug_synchronous);
}
/* With double buffers: the result is in keys.current() afterwards. */
template <class Config = default_config, class Key>
inline hipError_t radix_sort_keys(void* temporary_storage, size_t& storage_size,
                                  double_buffer<Key>& keys, size_t size,
                                  unsigned int begin_bit = 0,
                                  unsigned int end_bit = 8 * sizeof(Key),
                                  hipStream_t stream = 0, bool debug_synchronous = false) {
  hipcub::DoubleBuffer<Key> buffers(keys.current(), keys.alternate());
  hipError_t status = hipcub::DeviceRadixSort::SortKeys(temporary_storage, storage_size, buffers,
                                                        (int)size, (int)begin_bit, (int)end_bit,
                                                        stream, debug_synchronous);
  if (status == hipSuccess && temporary_storage != nullptr && buffers.selector != 0)
    keys.swap();
  return status;
}
template <class Config = default_config, class Key, class Value>
inline hipError_t radix_sort_pairs(void* temporary_storage, size_t& storage_size,
                                   double_buffer<Key>& keys, double_buffer<Value>& values,
                                   size_t size, unsigned int begin_bit = 0,
                                   unsigned int end_bit = 8 * sizeof(Key),
                                   hipStream_t stream = 0, bool debug_synchronous = false) {
  hipcub::DoubleBuffer<Key> key_buffers(keys.current(), keys.alternate());
  hipcub::DoubleBuffer<Value> value_buffers(values.current(), values.alternate());
  hipError_t status = hipcub::DeviceRadixSort::SortPairs(
      temporary_storage, storage_size, key_buffers, value_buffers, (int)size, (int)begin_bit,
      (int)end_bit, stream, debug_synchronous);
  if (status == hipSuccess && temporary_storage != nullptr && key_buffers.selector != 0) {
    keys.swap();
    values.swap();
  }
  return status;
}

/* ---- block and warp level ---- */

enum class block_reduce_algorithm { using_warp_reduce, raking_reduce, raking_reduce_commutative_only, default_algorithm = using_warp_reduce };
enum class block_scan_algorithm { using_warp_scan, reduce_then_scan, default_algorithm = using_warp_scan };

template <class T, unsigned int BlockSizeX,
          block_reduce_algorithm Algorithm = block_reduce_algorithm::default_algorithm,
          unsigned int BlockSizeY = 1, unsigned int BlockSizeZ = 1>
class block_reduce {
  typedef hipcub::BlockReduce<T, (int)BlockSizeX, hipcub::BLOCK_REDUCE_WARP_REDUCTIONS,
                              (int)BlockSizeY, (int)BlockSizeZ>
      Base;

 public:
  typedef typename Base::TempStorage storage_type;

  template <class BinaryFunction = plus<T> >
  __device__ __forceinline__ void reduce(T input, T& output, storage_type& storage,
                                         BinaryFunction reduce_op = BinaryFunction()) {
    output = Base(storage).Reduce(input, reduce_op);
  }
  template <unsigned int ItemsPerThread, class BinaryFunction = plus<T> >
  __device__ __forceinline__ void reduce(T (&input)[ItemsPerThread], T& output,
                                         storage_type& storage,
                                         BinaryFunction reduce_op = BinaryFunction()) {
    T partial = input[0];
    for (unsigned int i = 1; i < ItemsPerThread; ++i) partial = reduce_op(partial, input[i]);
    output = Base(storage).Reduce(partial, reduce_op);
  }
  template <class BinaryFunction = plus<T> >
  __device__ __forceinline__ void reduce(T input, T& output, unsigned int valid_items,
                                         storage_type& storage,
                                         BinaryFunction reduce_op = BinaryFunction()) {
    output = Base(storage).Reduce(input, reduce_op, (int)valid_items);
  }
};

template <class T, unsigned int BlockSizeX,
          block_scan_algorithm Algorithm = block_scan_algorithm::default_algorithm,
          unsigned int BlockSizeY = 1, unsigned int BlockSizeZ = 1>
class block_scan {
  typedef hipcub::BlockScan<T, (int)BlockSizeX, hipcub::BLOCK_SCAN_WARP_SCANS, (int)BlockSizeY,
                            (int)BlockSizeZ>
      Base;

 public:
  typedef typename Base::TempStorage storage_type;

  template <class BinaryFunction = plus<T> >
  __device__ __forceinline__ void inclusive_scan(T input, T& output, storage_type& storage,
                                                 BinaryFunction scan_op = BinaryFunction()) {
    Base(storage).InclusiveScan(input, output, scan_op);
  }
  template <class BinaryFunction = plus<T> >
  __device__ __forceinline__ void inclusive_scan(T input, T& output, T& reduction,
                                                 storage_type& storage,
                                                 BinaryFunction scan_op = BinaryFunction()) {
    Base(storage).InclusiveScan(input, output, scan_op, reduction);
  }
  template <class BinaryFunction = plus<T> >
  __device__ __forceinline__ void exclusive_scan(T input, T& output, T init,
                                                 storage_type& storage,
                                                 BinaryFunction scan_op = BinaryFunction()) {
    Base(storage).ExclusiveScan(input, output, init, scan_op);
  }
  template <class BinaryFunction = plus<T> >
  __device__ __forceinline__ void exclusive_scan(T input, T& output, T init, T& reduction,
                                                 storage_type& storage,
                                                 BinaryFunction scan_op = BinaryFunction()) {
    Base(storage).ExclusiveScan(input, output, init, scan_op, reduction);
  }
  template <unsigned int ItemsPerThread, class BinaryFunction = plus<T> >
  __device__ __forceinline__ void inclusive_scan(T (&input)[ItemsPerThread],
                                                 T (&output)[ItemsPerThread],
                                                 storage_type& storage,
                                                 BinaryFunction scan_op = BinaryFunction()) {
    Base(storage).InclusiveScan(input, output, scan_op);
  }
  template <unsigned int ItemsPerThread, class BinaryFunction = plus<T> >
  __device__ __forceinline__ void exclusive_scan(T (&input)[ItemsPerThread],
                                                 T (&output)[ItemsPerThread], T init,
                                                 storage_type& storage,
                                                 BinaryFunction scan_op = BinaryFunction()) {
    Base(storage).ExclusiveScan(input, output, init, scan_op);
  }
};

template <class T, unsigned int WarpSize = 32>
class warp_reduce {
  typedef hipcub::WarpReduce<T, (int)WarpSize> Base;

 public:
  typedef typename Base::TempStorage storage_type;

  template <class BinaryFunction = plus<T> >
  __device__ __forceinline__ void reduce(T input, T& output, storage_type& storage,
                                         BinaryFunction reduce_op = BinaryFunction()) {
    output = Base(storage).Reduce(input, reduce_op);
  }
  template <class BinaryFunction = plus<T> >
  __device__ __forceinline__ void reduce(T input, T& output, int valid_items,
                                         storage_type& storage,
                                         BinaryFunction reduce_op = BinaryFunction()) {
    output = Base(storage).Reduce(input, reduce_op, valid_items);
  }
};

template <class T, unsigned int WarpSize = 32>
class warp_scan {
  typedef hipcub::WarpScan<T, (int)WarpSize> Base;

 public:
  typedef typename Base::TempStorage storage_type;

  template <class BinaryFunction = plus<T> >
  __device__ __forceinline__ void inclusive_scan(T input, T& output, storage_type& storage,
                                                 BinaryFunction scan_op = BinaryFunction()) {
    Base(storage).InclusiveScan(input, output, scan_op);
  }
  template <class BinaryFunction = plus<T> >
  __device__ __forceinline__ void exclusive_scan(T input, T& output, T init,
                                                 storage_type& storage,
                                                 BinaryFunction scan_op = BinaryFunction()) {
    Base(storage).ExclusiveScan(input, output, init, scan_op);
  }
};

}  // namespace rocprim

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_ROCPRIM_HPP */
