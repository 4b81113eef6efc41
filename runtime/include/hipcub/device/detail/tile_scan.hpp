/* oxhip: the scan engine behind hipCUB's DeviceScan, DeviceSelect, DevicePartition,
 * DeviceRunLengthEncode and DeviceReduce::ReduceByKey (docs/libraries.md).
 *
 * Two ways, chosen at run time. On the GPUs, for item types of whole 32-bit words, a
 * single pass with decoupled look-back (`scan_single_pass`): tiles are numbered by an atomic
 * counter as blocks start, so a block only waits for tiles whose blocks already run, and
 * the input is read once. Otherwise (the CPU device, other types) reduce, then scan, in
 * three launches on one stream: `scan_upsweep` reduces each tile of 256 threads x ITEMS
 * items to one value, `scan_tile_totals` (one block) scans the tiles' values in place, and
 * `scan_downsweep` scans each tile again from its predecessor's inclusive value; no block
 * ever waits for another. Either way each item's exclusive and inclusive values go to an
 * emitter, which writes the algorithm's output. A tile is loaded striped (coalesced) and
 * transposed through shared memory to a blocked arrangement, so that each thread's items
 * are consecutive, as a scan with a non-commutative operator needs.
 */
#ifndef OXHIP_HIPCUB_DEVICE_DETAIL_TILE_SCAN_HPP
#define OXHIP_HIPCUB_DEVICE_DETAIL_TILE_SCAN_HPP

#include "../../util.hpp"
#include "../../block/block_reduce.hpp"
#include "../../block/block_scan.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {
namespace detail {

enum { SCAN_THREADS = 256 };

/* Items per thread: a tile's staging stays at or below 16 KiB for items up to 32 bytes. */
template <class T>
struct scan_items {
  enum {
    value = sizeof(T) <= 8 ? 8 : sizeof(T) <= 16 ? 4 : sizeof(T) <= 32 ? 2 : 1
  };
};

/* Shared-memory index with one word of padding every 32, against bank conflicts when a
 * thread reads its blocked items. */
static __device__ __forceinline__ int padded(int index) { return index + (index >> 5); }

template <int Tile>
struct staging_size {
  enum { value = Tile + Tile / 32 + 1 };
};

/* Block-wide scan and reduce of one partial per thread for the device kernels. On the GPUs
 * they are BlockScan and BlockReduce (warp shuffles); on the CPU device, where a kernel with
 * a shuffle runs each work-item as a fiber (docs/cpu-target.md), thread 0 combines the
 * partials from shared memory, so that the kernel has only barriers and runs as loops split
 * at them, some hundred times faster there. The storage differs between the passes, which
 * is safe: only device code sees it (a kernel's own __shared__ variable), never the host. */
template <class T, int Threads>
struct BlockPartials {
  struct CpuStorage {
    Uninitialized<T> slot[Threads + 1];
  };
  union GpuStorage {
    typename BlockScan<T, Threads>::TempStorage scan;
    typename BlockReduce<T, Threads>::TempStorage reduce;
  };
#if defined(__OXHIP_CPU__)
  typedef CpuStorage Storage;
#else
  typedef GpuStorage Storage;
#endif
  /* For a TempStorage that host code can see: one layout in every pass. */
  union PortableStorage {
    CpuStorage cpu;
    GpuStorage gpu;
  };
  static __device__ __forceinline__ Storage& pick(PortableStorage& portable) {
#if defined(__OXHIP_CPU__)
    return portable.cpu;
#else
    return portable.gpu;
#endif
  }

  /* `exclusive` is op over the partials of the ranks before (rank 0: meaningless);
   * `aggregate` op over all. */
  template <class Op>
  static __device__ __forceinline__ void exclusive_scan(Storage& storage, T partial, Op op,
                                                        T& exclusive, T& aggregate) {
#if defined(__OXHIP_CPU__)
    unsigned int rank = block_rank();
    storage.slot[rank].get() = partial;
    __syncthreads();
    if (rank == 0) {
      T running = storage.slot[0].get();
      for (int other = 1; other < Threads; ++other) {
        T value = storage.slot[other].get();
        storage.slot[other].get() = running;
        running = op(running, value);
      }
      storage.slot[Threads].get() = running;
    }
    __syncthreads();
    exclusive = storage.slot[rank].get();
    aggregate = storage.slot[Threads].get();
    __syncthreads();
#else
    BlockScan<T, Threads>(storage.scan).ExclusiveScan(partial, exclusive, op, aggregate);
#endif
  }

  /* op over the partials of ranks below `valid` (at least one), in every thread. */
  template <class Op>
  static __device__ __forceinline__ T reduce(Storage& storage, T partial, Op op, int valid) {
#if defined(__OXHIP_CPU__)
    unsigned int rank = block_rank();
    storage.slot[rank].get() = partial;
    __syncthreads();
    if (rank == 0) {
      T running = storage.slot[0].get();
      for (int other = 1; other < valid && other < Threads; ++other)
        running = op(running, storage.slot[other].get());
      storage.slot[Threads].get() = running;
    }
    __syncthreads();
    T total = storage.slot[Threads].get();
    __syncthreads();
    return total;
#else
    return BlockReduce<T, Threads>(storage.reduce).Reduce(partial, op, valid);
#endif
  }
};

/* Reads `it[i]` as a T. */
template <class InputIt, class T>
struct IteratorLoad {
  InputIt it;
  __device__ __forceinline__ T operator()(long long index) const { return T(it[index]); }
};

/* The tile's items [start, start + valid) from load(index), in blocked arrangement: thread t
 * holds tile ranks t * Items .. t * Items + Items - 1 (those below `valid`). */
template <int Threads, int Items, class T, class Load>
static __device__ __forceinline__ void load_tile(const Load& load, long long start, int valid,
                                                 T (&items)[Items], Uninitialized<T>* staging) {
  unsigned int thread = threadIdx.x;
#pragma unroll
  for (int item = 0; item < Items; ++item) {
    int index = item * Threads + (int)thread;
    if (index < valid) staging[padded(index)].get() = load(start + index);
  }
  __syncthreads();
#pragma unroll
  for (int item = 0; item < Items; ++item) {
    int index = (int)thread * Items + item;
    if (index < valid) items[item] = staging[padded(index)].get();
  }
  __syncthreads();
}

/* op over this thread's valid items (`mine` of them, at least one). */
template <int Items, class T, class Op>
static __device__ __forceinline__ T thread_reduce(const T (&items)[Items], int mine, Op op) {
  T partial = items[0];
#pragma unroll
  for (int item = 1; item < Items; ++item)
    if (item < mine) partial = op(partial, items[item]);
  return partial;
}

template <class T, class Load, class Op>
__global__ void __launch_bounds__(SCAN_THREADS)
    scan_upsweep(Load load, long long count, Op op, T* tile_totals) {
  enum { Items = scan_items<T>::value, Tile = SCAN_THREADS * Items };
  __shared__ Uninitialized<T> staging[staging_size<Tile>::value];
  __shared__ typename BlockPartials<T, SCAN_THREADS>::Storage reduce_storage;
  long long start = (long long)blockIdx.x * Tile;
  int valid = count - start < Tile ? (int)(count - start) : (int)Tile;
  T items[Items];
  load_tile<SCAN_THREADS>(load, start, valid, items, staging);
  int mine = valid - (int)threadIdx.x * Items;
  mine = mine < 0 ? 0 : mine > Items ? (int)Items : mine;
  T partial = thread_reduce(items, mine > 0 ? mine : 1, op);
  int threads_valid = (valid + Items - 1) / Items;
  T total = BlockPartials<T, SCAN_THREADS>::reduce(reduce_storage, partial, op, threads_valid);
  if (threadIdx.x == 0) tile_totals[blockIdx.x] = total;
}

/* One block: totals[i] = op(totals[0], ..., totals[i]). */
template <class T, class Op>
__global__ void __launch_bounds__(SCAN_THREADS)
    scan_tile_totals(T* totals, long long tiles, Op op) {
  enum { Items = scan_items<T>::value, Tile = SCAN_THREADS * Items };
  __shared__ Uninitialized<T> staging[staging_size<Tile>::value];
  __shared__ typename BlockPartials<T, SCAN_THREADS>::Storage scan_storage;
  __shared__ Uninitialized<T> carry_storage;
  IteratorLoad<const T*, T> load = {totals};
  T carry = T();
  bool has_carry = false;
  for (long long start = 0; start < tiles; start += Tile) {
    int valid = tiles - start < Tile ? (int)(tiles - start) : (int)Tile;
    T items[Items];
    load_tile<SCAN_THREADS>(load, start, valid, items, staging);
    int mine = valid - (int)threadIdx.x * Items;
    mine = mine < 0 ? 0 : mine > Items ? (int)Items : mine;
    T exclusive, aggregate;
    BlockPartials<T, SCAN_THREADS>::exclusive_scan(
        scan_storage, thread_reduce(items, mine > 0 ? mine : 1, op), op, exclusive, aggregate);
    bool has = has_carry || threadIdx.x != 0;
    T running = threadIdx.x == 0 ? carry : has_carry ? op(carry, exclusive) : exclusive;
#pragma unroll
    for (int item = 0; item < Items; ++item) {
      if (item < mine) {
        running = has ? op(running, items[item]) : items[item];
        has = true;
        totals[start + threadIdx.x * Items + item] = running;
        if ((int)threadIdx.x * Items + item == valid - 1) carry_storage.get() = running;
      }
    }
    __syncthreads();
    carry = carry_storage.get();
    has_carry = true;
    __syncthreads();
  }
}

/* Emitters see each item as emit(index, has_prefix, exclusive, inclusive): `exclusive` is op
 * over the items before `index` (meaningless when has_prefix is false, at index 0),
 * `inclusive` op over the items up to it. A staged emitter (`Staged` is std::true_type)
 * instead gives a value per item, which the tile stores striped (coalesced) to `out`. */
template <int Threads, int Items, class Emit, class T>
static __device__ __forceinline__ void emit_tile(
    Emit& emit, std::false_type, long long start, int mine, const bool (&has)[Items],
    const T (&exclusive)[Items], const T (&inclusive)[Items], int valid,
    Uninitialized<typename Emit::Out>*) {
  (void)valid;
#pragma unroll
  for (int item = 0; item < Items; ++item)
    if (item < mine)
      emit(start + threadIdx.x * Items + item, has[item], exclusive[item], inclusive[item]);
}
template <int Threads, int Items, class Emit, class T>
static __device__ __forceinline__ void emit_tile(
    Emit& emit, std::true_type, long long start, int mine, const bool (&has)[Items],
    const T (&exclusive)[Items], const T (&inclusive)[Items], int valid,
    Uninitialized<typename Emit::Out>* staging) {
#pragma unroll
  for (int item = 0; item < Items; ++item)
    if (item < mine) {
      int index = (int)threadIdx.x * Items + item;
      staging[padded(index)].get() =
          emit.value(start + index, has[item], exclusive[item], inclusive[item]);
    }
  __syncthreads();
#pragma unroll
  for (int item = 0; item < Items; ++item) {
    int index = item * Threads + (int)threadIdx.x;
    if (index < valid) emit.out[start + index] = staging[padded(index)].get();
  }
}

template <class T, class Load, class Op, class Emit>
__global__ void __launch_bounds__(SCAN_THREADS)
    scan_downsweep(Load load, long long count, Op op, const T* tile_inclusive, Emit emit) {
  enum { Items = scan_items<T>::value, Tile = SCAN_THREADS * Items };
  typedef typename Emit::Out Out;
  __shared__ Uninitialized<T> staging[staging_size<Tile>::value];
  __shared__ Uninitialized<Out> out_staging[Emit::Staged::value ? staging_size<Tile>::value : 1];
  __shared__ typename BlockPartials<T, SCAN_THREADS>::Storage scan_storage;
  long long start = (long long)blockIdx.x * Tile;
  int valid = count - start < Tile ? (int)(count - start) : (int)Tile;
  T items[Items];
  load_tile<SCAN_THREADS>(load, start, valid, items, staging);
  int mine = valid - (int)threadIdx.x * Items;
  mine = mine < 0 ? 0 : mine > Items ? (int)Items : mine;
  T exclusive, aggregate;
  BlockPartials<T, SCAN_THREADS>::exclusive_scan(
      scan_storage, thread_reduce(items, mine > 0 ? mine : 1, op), op, exclusive, aggregate);
  bool tile_prefix = blockIdx.x > 0;
  T running = T();
  if (threadIdx.x == 0) {
    if (tile_prefix) running = tile_inclusive[blockIdx.x - 1];
  } else {
    running = tile_prefix ? op(tile_inclusive[blockIdx.x - 1], exclusive) : exclusive;
  }
  bool have = tile_prefix || threadIdx.x != 0;
  bool has[Items];
  T before[Items], after[Items];
#pragma unroll
  for (int item = 0; item < Items; ++item) {
    if (item < mine) {
      has[item] = have;
      before[item] = running;
      running = have ? op(running, items[item]) : items[item];
      after[item] = running;
      have = true;
    }
  }
  emit_tile<SCAN_THREADS>(emit, typename Emit::Staged(), start, mine, has, before, after, valid,
                          out_staging);
}

/* ---- the single pass with decoupled look-back ---- */

/* A tile's published state: 0 nothing yet, 1 its aggregate, 2 its inclusive prefix. Values
 * travel as 32-bit words with atomic loads and stores, so that no cache keeps a stale copy
 * on any target; only types whose size is a multiple of 4 take this path. */
enum { TILE_EMPTY = 0, TILE_AGGREGATE = 1, TILE_PREFIX = 2 };

template <class T>
static __device__ __forceinline__ void publish_words(unsigned int* words, const T& value) {
  unsigned int buffer[sizeof(T) / 4];
  __builtin_memcpy(buffer, &value, sizeof(T));
  for (unsigned int w = 0; w < sizeof(T) / 4; ++w)
    __atomic_store_n(&words[w], buffer[w], __ATOMIC_RELAXED);
}
template <class T>
static __device__ __forceinline__ T read_words(unsigned int* words) {
  unsigned int buffer[sizeof(T) / 4];
  for (unsigned int w = 0; w < sizeof(T) / 4; ++w)
    buffer[w] = __atomic_load_n(&words[w], __ATOMIC_RELAXED);
  T value;
  __builtin_memcpy(&value, buffer, sizeof(T));
  return value;
}

/* Tiles are numbered by an atomic counter as blocks start, so a block only ever waits for
 * tiles whose blocks are already running: safe on the GPUs and on the CPU device, whose
 * workers run each group they take to its end. Thread 0 publishes the tile's aggregate, then
 * walks back over its predecessors' aggregates until it meets an inclusive prefix. */
template <class T, class Load, class Op, class Emit>
__global__ void __launch_bounds__(SCAN_THREADS)
    scan_single_pass(Load load, long long count, Op op, unsigned int* counter,
                     unsigned int* flags, unsigned int* aggregates, unsigned int* prefixes,
                     Emit emit) {
  enum { Items = scan_items<T>::value, Tile = SCAN_THREADS * Items, Words = sizeof(T) / 4 };
  typedef typename Emit::Out Out;
  __shared__ Uninitialized<T> staging[staging_size<Tile>::value];
  __shared__ Uninitialized<Out> out_staging[Emit::Staged::value ? staging_size<Tile>::value : 1];
  __shared__ typename BlockPartials<T, SCAN_THREADS>::Storage scan_storage;
  __shared__ unsigned int tile_shared;
  __shared__ Uninitialized<T> prefix_shared;
  if (threadIdx.x == 0) tile_shared = atomicAdd(counter, 1u);
  __syncthreads();
  unsigned int tile = tile_shared;
  long long start = (long long)tile * Tile;
  int valid = count - start < Tile ? (int)(count - start) : (int)Tile;
  T items[Items];
  load_tile<SCAN_THREADS>(load, start, valid, items, staging);
  int mine = valid - (int)threadIdx.x * Items;
  mine = mine < 0 ? 0 : mine > Items ? (int)Items : mine;
  T exclusive, aggregate;
  BlockPartials<T, SCAN_THREADS>::exclusive_scan(
      scan_storage, thread_reduce(items, mine > 0 ? mine : 1, op), op, exclusive, aggregate);
  /* A partial tile is the last one, whose aggregate no tile reads. */
  if (threadIdx.x == 0) {
    if (tile == 0) {
      publish_words(prefixes, aggregate);
      __threadfence();
      __atomic_store_n(&flags[0], (unsigned int)TILE_PREFIX, __ATOMIC_RELEASE);
    } else {
      publish_words(aggregates + (size_t)tile * Words, aggregate);
      __threadfence();
      __atomic_store_n(&flags[tile], (unsigned int)TILE_AGGREGATE, __ATOMIC_RELEASE);
      T prefix = T();
      bool have = false;
      for (unsigned int other = tile - 1;; --other) {
        unsigned int state;
        do {
          state = __atomic_load_n(&flags[other], __ATOMIC_ACQUIRE);
        } while (state == TILE_EMPTY);
        __threadfence();
        T value = read_words<T>((state == TILE_PREFIX ? prefixes : aggregates) +
                                (size_t)other * Words);
        prefix = have ? op(value, prefix) : value;
        have = true;
        if (state == TILE_PREFIX) break;
      }
      publish_words(prefixes + (size_t)tile * Words, op(prefix, aggregate));
      __threadfence();
      __atomic_store_n(&flags[tile], (unsigned int)TILE_PREFIX, __ATOMIC_RELEASE);
      prefix_shared.get() = prefix;
    }
  }
  __syncthreads();
  bool tile_prefix = tile > 0;
  T running = T();
  if (threadIdx.x == 0) {
    if (tile_prefix) running = prefix_shared.get();
  } else {
    running = tile_prefix ? op(prefix_shared.get(), exclusive) : exclusive;
  }
  bool have = tile_prefix || threadIdx.x != 0;
  bool has[Items];
  T before[Items], after[Items];
#pragma unroll
  for (int item = 0; item < Items; ++item) {
    if (item < mine) {
      has[item] = have;
      before[item] = running;
      running = have ? op(running, items[item]) : items[item];
      after[item] = running;
      have = true;
    }
  }
  emit_tile<SCAN_THREADS>(emit, typename Emit::Staged(), start, mine, has, before, after, valid,
                          out_staging);
}

template <class OutputIt, class T>
__global__ void write_one(OutputIt out, T value) {
  *out = value;
}

/* Reduce-then-scan: three launches (one when the input is a single tile), with the
 * temp-storage convention; nothing is launched for count 0. */
template <class T, class Load, class Op, class Emit>
static hipError_t tile_scan_single_pass(void* d_temp_storage, size_t& temp_storage_bytes,
                                        long long count, Load load, Op op, Emit emit,
                                        hipStream_t stream) {
  const long long tile = SCAN_THREADS * scan_items<T>::value;
  long long tiles = (count + tile - 1) / tile;
  TempLayout layout;
  int flags_piece = layout.add((size_t)(tiles + 1) * sizeof(unsigned int));
  int aggregates_piece = layout.add((size_t)tiles * sizeof(T));
  int prefixes_piece = layout.add((size_t)tiles * sizeof(T));
  hipError_t status;
  if (!temp_storage_check(d_temp_storage, temp_storage_bytes, layout.total, status)) return status;
  if (count <= 0) return hipSuccess;
  /* flags[0] is the tile counter, flags[1 + i] tile i's state. */
  unsigned int* flags = layout.at<unsigned int>(d_temp_storage, flags_piece);
  status = hipMemsetAsync(flags, 0, (size_t)(tiles + 1) * sizeof(unsigned int), stream);
  if (status != hipSuccess) return status;
  scan_single_pass<T><<<(unsigned int)tiles, SCAN_THREADS, 0, stream>>>(
      load, count, op, flags, flags + 1, layout.at<unsigned int>(d_temp_storage, aggregates_piece),
      layout.at<unsigned int>(d_temp_storage, prefixes_piece), emit);
  return hipGetLastError();
}

template <class T, class Load, class Op, class Emit>
static hipError_t tile_scan_multi_pass(void* d_temp_storage, size_t& temp_storage_bytes,
                                       long long count, Load load, Op op, Emit emit,
                                       hipStream_t stream) {
  const long long tile = SCAN_THREADS * scan_items<T>::value;
  long long tiles = (count + tile - 1) / tile;
  size_t needed = tiles > 1 ? (size_t)tiles * sizeof(T) : 0;
  hipError_t status;
  if (!temp_storage_check(d_temp_storage, temp_storage_bytes, needed, status)) return status;
  if (count <= 0) return hipSuccess;
  T* totals = static_cast<T*>(d_temp_storage);
  if (tiles > 1) {
    scan_upsweep<T><<<(unsigned int)tiles, SCAN_THREADS, 0, stream>>>(load, count, op, totals);
    status = hipGetLastError();
    if (status != hipSuccess) return status;
    scan_tile_totals<T><<<1, SCAN_THREADS, 0, stream>>>(totals, tiles, op);
    status = hipGetLastError();
    if (status != hipSuccess) return status;
  }
  scan_downsweep<T><<<(unsigned int)tiles, SCAN_THREADS, 0, stream>>>(load, count, op, totals,
                                                                      emit);
  return hipGetLastError();
}

/* Whether the current device is the CPU device, asked once per device. There a waiting
 * block spins on a worker thread that the OS may take away for the block it waits for
 * (2-core machines running tests side by side), so the CPU device takes reduce-then-scan. */
static inline bool current_device_is_cpu() {
  static signed char known[64] = {0}; /* 0: not asked yet, 1: the CPU device, 2: a GPU */
  int device = 0;
  if (hipGetDevice(&device) != hipSuccess) return false;
  if (device >= 0 && device < 64 && known[device] != 0) return known[device] == 1;
  hipDeviceProp_t props;
  if (hipGetDeviceProperties(&props, device) != hipSuccess) return false;
  const char* arch = props.gcnArchName;
  bool cpu = arch[0] == 'h' && arch[1] == 'o' && arch[2] == 's' && arch[3] == 't' &&
             (arch[4] == 0 || arch[4] == ':');
  if (device >= 0 && device < 64) known[device] = cpu ? 1 : 2;
  return cpu;
}

/* On the GPUs the single pass, for types of whole 32-bit words; else reduce-then-scan. The
 * storage asked for suits either, so a size queried on one device serves the other. */
template <class T, class Load, class Op, class Emit>
static hipError_t tile_scan_choose(void* d_temp_storage, size_t& temp_storage_bytes,
                                   long long count, Load load, Op op, Emit emit,
                                   hipStream_t stream, std::true_type) {
  size_t single = 0, multi = 0;
  tile_scan_single_pass<T>(nullptr, single, count, load, op, emit, stream);
  tile_scan_multi_pass<T>(nullptr, multi, count, load, op, emit, stream);
  size_t needed = single > multi ? single : multi;
  if (d_temp_storage == nullptr) {
    temp_storage_bytes = needed;
    return hipSuccess;
  }
  if (temp_storage_bytes < needed) return hipErrorInvalidValue;
  if (current_device_is_cpu())
    return tile_scan_multi_pass<T>(d_temp_storage, temp_storage_bytes, count, load, op, emit,
                                   stream);
  return tile_scan_single_pass<T>(d_temp_storage, temp_storage_bytes, count, load, op, emit,
                                  stream);
}
template <class T, class Load, class Op, class Emit>
static hipError_t tile_scan_choose(void* d_temp_storage, size_t& temp_storage_bytes,
                                   long long count, Load load, Op op, Emit emit,
                                   hipStream_t stream, std::false_type) {
  return tile_scan_multi_pass<T>(d_temp_storage, temp_storage_bytes, count, load, op, emit,
                                 stream);
}
template <class T, class Load, class Op, class Emit>
static hipError_t tile_scan(void* d_temp_storage, size_t& temp_storage_bytes, long long count,
                            Load load, Op op, Emit emit, hipStream_t stream) {
  return tile_scan_choose<T>(d_temp_storage, temp_storage_bytes, count, load, op, emit, stream,
                             std::integral_constant<bool, sizeof(T) % 4 == 0>());
}

/* An item of a segmented scan: `head` marks the first item of a segment, `runs` counts
 * (by plain sum) whatever the caller marks, such as segments ended so far. */
template <class V>
struct SegItem {
  V value;
  int head;
  int runs;
};

template <class Op>
struct SegOp {
  Op op;
  template <class V>
  __device__ __forceinline__ SegItem<V> operator()(const SegItem<V>& a,
                                                   const SegItem<V>& b) const {
    SegItem<V> result;
    result.value = b.head ? b.value : op(a.value, b.value);
    result.head = a.head | b.head;
    result.runs = a.runs + b.runs;
    return result;
  }
};

}  // namespace detail
}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_DEVICE_DETAIL_TILE_SCAN_HPP */
