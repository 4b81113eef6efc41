/* oxhip: the scan engine behind hipCUB's DeviceScan, DeviceSelect, DevicePartition,
 * DeviceRunLengthEncode and DeviceReduce::ReduceByKey (docs/libraries.md).
 *
 * Reduce, then scan, in three launches on one stream: `scan_upsweep` reduces each tile of
 * 256 threads x ITEMS items to one value, `scan_tile_totals` (one block) scans the tiles'
 * values in place, and `scan_downsweep` scans each tile again from its predecessor's
 * inclusive value and hands every item's exclusive and inclusive values to an emitter,
 * which writes the algorithm's output. No block ever waits for another, so this is correct
 * on every target, the CPU device's thread pool included, whatever order blocks run in.
 * (A single pass with decoupled look-back would read the input once instead of twice:
 * FIXME(#25).) A tile is loaded striped (coalesced) and transposed through shared memory
 * to a blocked arrangement, so that each thread's items are consecutive, as a scan with a
 * non-commutative operator needs.
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
  for (int item = 0; item < Items; ++item) {
    int index = item * Threads + (int)thread;
    if (index < valid) staging[padded(index)].get() = load(start + index);
  }
  __syncthreads();
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
  for (int item = 0; item < Items; ++item)
    if (item < mine)
      emit(start + threadIdx.x * Items + item, has[item], exclusive[item], inclusive[item]);
}
template <int Threads, int Items, class Emit, class T>
static __device__ __forceinline__ void emit_tile(
    Emit& emit, std::true_type, long long start, int mine, const bool (&has)[Items],
    const T (&exclusive)[Items], const T (&inclusive)[Items], int valid,
    Uninitialized<typename Emit::Out>* staging) {
  for (int item = 0; item < Items; ++item)
    if (item < mine) {
      int index = (int)threadIdx.x * Items + item;
      staging[padded(index)].get() =
          emit.value(start + index, has[item], exclusive[item], inclusive[item]);
    }
  __syncthreads();
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

/* Runs the three launches (one when the input is a single tile), with the temp-storage
 * convention; nothing is launched for count 0. */
template <class T, class Load, class Op, class Emit>
static hipError_t tile_scan(void* d_temp_storage, size_t& temp_storage_bytes, long long count,
                            Load load, Op op, Emit emit, hipStream_t stream) {
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
