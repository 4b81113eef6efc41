/* oxhip: the device primitives Thrust's device algorithms are built from, as kernels over
 * iterators and index functors.
 *
 * - for_n: f(i) for i in [0, n), grid-stride, no cross-work-item operation (on the CPU
 *   device such kernels run as plain loops).
 * - reduce: per-block tree reductions in shared memory, then one block over the partials.
 *   The operator must be associative and commutative, as Thrust documents.
 * - scan: blocks own contiguous chunks; (1) each block scans its chunk tile by tile and keeps
 *   the total, (2) one thread scans the block totals, (3) each block scans its chunk again
 *   from its prefix and writes. Element order is kept, so the operator need only be
 *   associative; a tile's elements are all read before any is written, so in-place scans work.
 *   No block waits for another (the CPU device runs groups on a thread pool with no
 *   inter-group forward progress).
 * - compact: a scan of flags whose write callback places each selected element.
 * - merge_sort: stable, for any comparator: insertion-sorted runs, then merge passes in which
 *   each element finds its place by a binary search in the other run.
 *
 * Thrust's device algorithms call hipCUB's device-wide algorithms instead (detail/cub.h)
 * wherever hipCUB can take the call; these kernels serve the rest: inputs of more than
 * INT_MAX items, and predicates hipCUB cannot take. */
#ifndef OXHIP_THRUST_DETAIL_KERNELS_H
#define OXHIP_THRUST_DETAIL_KERNELS_H

#include <thrust/detail/iterators.h>

namespace thrust {
namespace detail {
namespace dev {

typedef long long index_t;
enum { block_threads = 256, max_blocks = 2048, scan_max_blocks = 1024 };

/* Storage for a block's worth of T in shared memory, without constructing anything. */
template <class T, int N>
struct raw_block {
  alignas(T) unsigned char bytes[sizeof(T) * N];
  __device__ T* get() { return reinterpret_cast<T*>(bytes); }
};

/* Temporary device memory for one algorithm call: from the program's allocator where the
 * policy names one (execution.h), else from the device's temporary pool (memory.h). When it
 * goes, the stream has drained and the memory is back where it came from; but under a policy
 * that does not synchronise (par_nosync, thrust::async), a block of the pool goes back in
 * stream order (hipFreeAsync) without waiting, so the call returns with its work queued. */
template <class T>
class temp_buffer {
 public:
  temp_buffer(index_t count, hipStream_t stream) : temp_buffer(count, device_exec{stream, true}) {}
  temp_buffer(index_t count, const device_exec& exec)
      : bytes_(sizeof(T) * (count > 0 ? (std::size_t)count : 1)),
        stream_(exec.stream),
        sync_(exec.sync),
        from_(exec.temporaries) {
    if (from_.allocate != nullptr) {
      block_.ptr = from_.allocate(from_.self, bytes_);
      block_.pooled = false;
      if (block_.ptr == nullptr)
        throw system::detail::bad_alloc("the program's allocator returned null");
    } else {
      block_ = temporary_allocate(bytes_, stream_);
    }
  }
  ~temp_buffer() {
    if (from_.allocate != nullptr) {
      (void)hipStreamSynchronize(stream_);
      from_.deallocate(from_.self, block_.ptr, bytes_);
    } else if (!sync_ && block_.pooled) {
      if (hipFreeAsync(block_.ptr, stream_) != hipSuccess) (void)hipGetLastError();
    } else {
      temporary_free(block_, stream_);
    }
  }
  temp_buffer(const temp_buffer&) = delete;
  temp_buffer& operator=(const temp_buffer&) = delete;
  T* get() const { return static_cast<T*>(block_.ptr); }

 private:
  std::size_t bytes_;
  hipStream_t stream_;
  bool sync_;
  temporary_allocator_ref from_;
  temporary_block block_;
};

/* A function object called through a const operator(), whatever the user's operator() is
 * (functors with a non-const one work). */
template <class F>
struct const_call {
  mutable F f;
  template <class... As>
  __device__ auto operator()(As&&... as) const -> decltype(f(static_cast<As&&>(as)...)) {
    return f(static_cast<As&&>(as)...);
  }
};
template <class F>
const_call<F> wrap(const F& f) {
  return const_call<F>{f};
}

inline void check_launch(const char* what) { throw_on_error(hipGetLastError(), what); }

inline unsigned int blocks_for(index_t n, index_t cap) {
  index_t blocks = (n + block_threads - 1) / block_threads;
  return (unsigned int)(blocks < cap ? (blocks > 0 ? blocks : 1) : cap);
}

/* ---- for_n ---------------------------------------------------------------------------------- */

template <class F>
__global__ void __launch_bounds__(256) for_n_kernel(F f, index_t n) {
  index_t stride = (index_t)gridDim.x * blockDim.x;
  for (index_t i = (index_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) f(i);
}

template <class F>
void for_n(const device_exec& exec, index_t n, F f) {
  if (n <= 0) return;
  for_n_kernel<F><<<blocks_for(n, max_blocks), block_threads, 0, exec.stream>>>(f, n);
  check_launch("thrust: kernel launch");
}

/* Runs f(0) in one work-item: for the scalar searches. */
template <class F>
__global__ void single_kernel(F f) {
  if (threadIdx.x == 0 && blockIdx.x == 0) f(0);
}

/* ---- reduce --------------------------------------------------------------------------------- */

template <class T, class F, class Op>
__global__ void __launch_bounds__(256)
    reduce_kernel(F f, index_t n, Op op, T* out, bool has_init, T init) {
  __shared__ raw_block<T, block_threads> shared;
  T* buf = shared.get();
  int t = threadIdx.x;
  index_t stride = (index_t)gridDim.x * block_threads;
  index_t start = (index_t)blockIdx.x * block_threads;
  index_t i = start + t;
  int valid = n - start >= block_threads ? (int)block_threads : (int)(n - start);
  if (i < n) {
    T acc = f(i);
    for (i += stride; i < n; i += stride) acc = op(acc, f(i));
    buf[t] = acc;
  }
  __syncthreads();
  for (int s = block_threads / 2; s > 0; s >>= 1) {
    if (t < s && t + s < valid) buf[t] = op(buf[t], buf[t + s]);
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = has_init ? T(op(init, buf[0])) : buf[0];
}

template <class T>
struct read_array {
  const T* array;
  __device__ T operator()(index_t i) const { return array[i]; }
};

/* How many blocks reduce_launch runs for n items; it needs reduce_blocks(n) + 1 T of storage.
 * Up to 16 items a thread take one block, and so one launch (small reductions and searches
 * cost their launches more than their items). */
inline unsigned int reduce_blocks(index_t n) {
  return n <= (index_t)block_threads * 16 ? 1u : blocks_for(n, max_blocks);
}

/* Queues init op (f(0) op ... op f(n-1)), in T, into partial[reduce_blocks(n)]; the blocks'
 * results go before it. n > 0. Nothing waits: thrust::async::reduce reads the result later. */
template <class T, class F, class Op>
void reduce_launch(const device_exec& exec, index_t n, F f, Op op, T init, T* partial) {
  unsigned int blocks = reduce_blocks(n);
  if (blocks == 1) {
    reduce_kernel<T><<<1, block_threads, 0, exec.stream>>>(f, n, wrap(op), partial + 1, true,
                                                           init);
    check_launch("thrust::reduce");
    return;
  }
  reduce_kernel<T><<<blocks, block_threads, 0, exec.stream>>>(f, n, wrap(op), partial, false,
                                                                init);
  check_launch("thrust::reduce");
  reduce_kernel<T><<<1, block_threads, 0, exec.stream>>>(
      read_array<T>{partial}, (index_t)blocks, wrap(op), partial + blocks, true, init);
  check_launch("thrust::reduce");
}

/* init op (f(0) op ... op f(n-1)), in T. */
template <class T, class F, class Op>
T reduce(const device_exec& exec, index_t n, F f, Op op, T init) {
  if (n <= 0) return init;
  unsigned int blocks = reduce_blocks(n);
  temp_buffer<T> partial(blocks + 1, exec);
  reduce_launch(exec, n, f, op, init, partial.get());
  T result = init;
  throw_on_error(hipMemcpyAsync(&result, partial.get() + blocks, sizeof(T),
                                hipMemcpyDeviceToHost, exec.stream),
                 "thrust::reduce: copying the result");
  wait(exec, "thrust::reduce");
  return result;
}

/* ---- scan ------------------------------------------------------------------------------------ */

/* Inclusive scan of one tile (valid items in thread order); buf[valid - 1] is the tile's total
 * afterwards. Every thread of the block calls it. */
template <class T, class Op>
__device__ T block_inclusive_scan(T* buf, T x, int valid, Op& op) {
  int t = threadIdx.x;
  buf[t] = x;
  __syncthreads();
  for (int d = 1; d < valid; d <<= 1) {
    T other = x;
    bool take = t >= d && t < valid;
    if (take) other = buf[t - d];
    __syncthreads();
    if (take) {
      x = op(other, x);
      buf[t] = x;
    }
    __syncthreads();
  }
  return x;
}

template <class T, class F, class Op>
__global__ void __launch_bounds__(256)
    scan_totals_kernel(F f, index_t n, index_t chunk, Op op, T* totals) {
  __shared__ raw_block<T, block_threads> shared;
  T* buf = shared.get();
  int t = threadIdx.x;
  index_t begin = (index_t)blockIdx.x * chunk;
  index_t end = begin + chunk < n ? begin + chunk : n;
  T carry = f(begin);
  bool has = false;
  for (index_t tile = begin; tile < end; tile += block_threads) {
    int valid = end - tile >= block_threads ? (int)block_threads : (int)(end - tile);
    index_t i = tile + t;
    T x = f(i < end ? i : tile);
    block_inclusive_scan(buf, x, valid, op);
    T total = buf[valid - 1];
    carry = has ? T(op(carry, total)) : total;
    has = true;
    __syncthreads();
  }
  if (t == 0) totals[blockIdx.x] = carry;
}

/* One work-item: prefix[b] = init op totals[0] op ... op totals[b - 1]; total last. */
template <class T, class Op>
__global__ void scan_prefix_kernel(const T* totals, index_t blocks, Op op, bool has_init, T init,
                                   T* prefix, T* total) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  T running = init;
  bool has = has_init;
  for (index_t b = 0; b < blocks; ++b) {
    prefix[b] = running;
    running = has ? T(op(running, totals[b])) : totals[b];
    has = true;
  }
  *total = running;
}

/* write(i, value, own): value is the inclusive result at i (exclusive: the result before
 * i, which is init at 0, or unspecified at 0 without init), own is f(i). */
template <class T, class F, class Op, class W>
__global__ void __launch_bounds__(256)
    scan_write_kernel(F f, index_t n, index_t chunk, Op op, const T* prefix, bool has_init,
                      bool exclusive, W write) {
  __shared__ raw_block<T, block_threads> shared;
  T* buf = shared.get();
  int t = threadIdx.x;
  index_t begin = (index_t)blockIdx.x * chunk;
  index_t end = begin + chunk < n ? begin + chunk : n;
  bool has = has_init || blockIdx.x > 0;
  T carry = has ? prefix[blockIdx.x] : f(begin);
  for (index_t tile = begin; tile < end; tile += block_threads) {
    int valid = end - tile >= block_threads ? (int)block_threads : (int)(end - tile);
    index_t i = tile + t;
    T own = f(i < end ? i : tile);
    T x = block_inclusive_scan(buf, own, valid, op);
    if (i < end) {
      if (exclusive) {
        T before = t == 0 ? carry : (has ? T(op(carry, buf[t - 1])) : buf[t - 1]);
        write(i, before, own);
      } else {
        write(i, has ? T(op(carry, x)) : x, own);
      }
    }
    T total = buf[valid - 1];
    carry = has ? T(op(carry, total)) : total;
    has = true;
    __syncthreads();
  }
}

template <class T, class F, class Op, class W>
void scan(const device_exec& exec, index_t n, F f, Op op, bool has_init, T init, bool exclusive,
          W write, T* total_out) {
  if (n <= 0) {
    if (total_out != nullptr) *total_out = init;
    return;
  }
  index_t tiles = (n + block_threads - 1) / block_threads;
  index_t blocks = tiles < scan_max_blocks ? tiles : (index_t)scan_max_blocks;
  index_t chunk = (tiles + blocks - 1) / blocks * block_threads;
  blocks = (n + chunk - 1) / chunk;
  temp_buffer<T> scratch(2 * blocks + 1, exec);
  T* totals = scratch.get();
  T* prefix = totals + blocks;
  T* total = prefix + blocks;
  scan_totals_kernel<T><<<(unsigned int)blocks, block_threads, 0, exec.stream>>>(
      f, n, chunk, wrap(op), totals);
  check_launch("thrust: scan");
  scan_prefix_kernel<T><<<1, 1, 0, exec.stream>>>(totals, blocks, wrap(op), has_init, init,
                                                  prefix, total);
  check_launch("thrust: scan");
  scan_write_kernel<T><<<(unsigned int)blocks, block_threads, 0, exec.stream>>>(
      f, n, chunk, wrap(op), prefix, has_init, exclusive, write);
  check_launch("thrust: scan");
  if (total_out != nullptr) {
    throw_on_error(
        hipMemcpyAsync(total_out, total, sizeof(T), hipMemcpyDeviceToHost, exec.stream),
        "thrust: scan: copying the total");
    wait(exec, "thrust: scan");
  }
}

/* ---- compaction ---------------------------------------------------------------------------- */

template <class Flag>
struct flag_count {
  mutable Flag flag;
  __device__ index_t operator()(index_t i) const { return flag(i) ? 1 : 0; }
};
template <class Place>
struct place_flagged {
  mutable Place place;
  __device__ void operator()(index_t i, index_t inclusive, index_t own) const {
    if (own) place(i, inclusive - 1);
  }
};
struct plus_index {
  __device__ index_t operator()(index_t a, index_t b) const { return a + b; }
};

/* place(i, position) for every i with flag(i), position counting the flagged before i;
 * returns how many were flagged. Thrust's compactions take hipCUB's selection engine
 * (cub::select in detail/cub.h); this serves inputs of more than INT_MAX items. */
template <class Flag, class Place>
index_t compact(const device_exec& exec, index_t n, Flag flag, Place place) {
  index_t count = 0;
  scan<index_t>(exec, n, flag_count<Flag>{flag}, plus_index(), false, 0, false,
                place_flagged<Place>{place}, &count);
  return count;
}

/* ---- merge sort ------------------------------------------------------------------------------ */

enum { sort_run = 16 };

template <class K, class V, class Comp>
struct sort_runs {
  K* keys;
  V* values;
  index_t n;
  mutable Comp comp;
  __device__ void operator()(index_t run) const {
    index_t begin = run * sort_run;
    index_t end = begin + sort_run < n ? begin + sort_run : n;
    for (index_t i = begin + 1; i < end; ++i) {
      K key = keys[i];
      index_t j = i;
      if (values != nullptr) {
        V value = values[i];
        while (j > begin && comp(key, keys[j - 1])) {
          keys[j] = keys[j - 1];
          values[j] = values[j - 1];
          --j;
        }
        values[j] = value;
      } else {
        while (j > begin && comp(key, keys[j - 1])) {
          keys[j] = keys[j - 1];
          --j;
        }
      }
      keys[j] = key;
    }
  }
};

/* One merge pass over pairs of sorted runs of `width`: each element's place is its rank in
 * its own run plus the number of elements of the other run that go before it (ties: the
 * left run first, so the sort is stable). */
template <class K, class V, class Comp>
struct merge_runs {
  const K* src_keys;
  K* dst_keys;
  const V* src_values;
  V* dst_values;
  index_t n;
  index_t width;
  mutable Comp comp;
  __device__ void operator()(index_t i) const {
    index_t begin = i / (2 * width) * (2 * width);
    index_t mid = begin + width < n ? begin + width : n;
    index_t end = begin + 2 * width < n ? begin + 2 * width : n;
    const K& key = src_keys[i];
    index_t dest;
    if (i < mid) {
      index_t lo = mid, hi = end;
      while (lo < hi) {
        index_t m = lo + (hi - lo) / 2;
        if (comp(src_keys[m], key))
          lo = m + 1;
        else
          hi = m;
      }
      dest = i + (lo - mid);
    } else {
      index_t lo = begin, hi = mid;
      while (lo < hi) {
        index_t m = lo + (hi - lo) / 2;
        if (!comp(key, src_keys[m]))
          lo = m + 1;
        else
          hi = m;
      }
      dest = begin + (i - mid) + (lo - begin);
    }
    dst_keys[dest] = key;
    if (src_values != nullptr) dst_values[dest] = src_values[i];
  }
};

template <class In, class T>
struct copy_to_array {
  In in;
  T* out;
  __device__ void operator()(index_t i) const { out[i] = in[i]; }
};
template <class T, class Out>
struct copy_from_array {
  const T* in;
  Out out;
  __device__ void operator()(index_t i) const { out[i] = in[i]; }
};

/* Sorts keys[0, n) (and values alongside when given) stably by comp, in place. */
template <class KeyIt, class ValueIt, class Comp>
void merge_sort(const device_exec& exec, KeyIt keys, index_t n, ValueIt values, bool has_values,
                Comp comp) {
  typedef typename std::iterator_traits<KeyIt>::value_type K;
  typedef typename std::iterator_traits<ValueIt>::value_type V;
  if (n <= 1) return;
  temp_buffer<K> key_buffer(2 * n, exec);
  temp_buffer<V> value_buffer(has_values ? 2 * n : 1, exec);
  K* key_src = key_buffer.get();
  K* key_dst = key_src + n;
  V* value_src = has_values ? value_buffer.get() : nullptr;
  V* value_dst = has_values ? value_src + n : nullptr;
  for_n(exec, n, copy_to_array<KeyIt, K>{keys, key_src});
  if (has_values) for_n(exec, n, copy_to_array<ValueIt, V>{values, value_src});
  for_n(exec, (n + sort_run - 1) / sort_run, sort_runs<K, V, Comp>{key_src, value_src, n, comp});
  for (index_t width = sort_run; width < n; width *= 2) {
    for_n(exec, n, merge_runs<K, V, Comp>{key_src, key_dst, value_src, value_dst, n, width, comp});
    std::swap(key_src, key_dst);
    std::swap(value_src, value_dst);
  }
  for_n(exec, n, copy_from_array<K, KeyIt>{key_src, keys});
  if (has_values) for_n(exec, n, copy_from_array<V, ValueIt>{value_src, values});
}

}  // namespace dev
}  // namespace detail
}  // namespace thrust

#endif /* OXHIP_THRUST_DETAIL_KERNELS_H */
