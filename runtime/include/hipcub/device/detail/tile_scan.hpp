/* oxhip: the scan engine behind hipCUB's DeviceScan, DeviceSelect, DevicePartition,
 * DeviceRunLengthEncode and DeviceReduce::ReduceByKey (docs/libraries.md).
 *
 * Two ways, chosen at run time. On the GPUs, for item types of whole 32-bit words, a
 * single pass with decoupled look-back (`scan_single_pass`): tiles are numbered by an atomic
 * counter as blocks start, so a block only waits for tiles whose blocks already run, and
 * the input is read once; a warp of 32 lanes walks the look-back 32 tiles at a time, and
 * each tile's state travels in tagged 64-bit words that need no fence (`TileStates`);
 * every tile but the last is whole, and is staged and emitted with no bounds tests (`Full`).
 * Otherwise (the CPU device, other types) reduce, then scan, in three launches on one
 * stream: `scan_upsweep` reduces each tile of 256 threads x ITEMS items to one value,
 * `scan_tile_totals` (one block) scans the tiles' values in place, and `scan_downsweep`
 * scans each tile again from its predecessor's inclusive value; no block ever waits for
 * another. Either way each item's exclusive and inclusive values go to an emitter, which
 * writes the algorithm's output. A tile is loaded coalesced (in the single pass as 16-byte
 * vectors where the input is an aligned array, or two of them for the keys and values of the
 * scans by key) and transposed through shared memory to a blocked arrangement, so that each
 * thread's items are consecutive, as a scan with a non-commutative operator needs. A
 * selection's emitter has the tile's selected items compacted in shared memory first, so
 * that they are written coalesced (emit_tile). Defining OXHIP_SCAN_SINGLE_PASS_ON_CPU when
 * compiling takes the single pass on the CPU device too, for testing it there.
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
    Uninitialized<T> warp_total[(Threads + 31) / 32];
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

  /* exclusive_scan where the storage serves one scan only (the single pass), for blocks of
   * Threads x 1 x 1: on the GPUs one barrier, where BlockScan takes two (the first orders
   * the writes after an earlier use of its storage), and the warps' totals read at once
   * rather than in loops. */
  template <class Op>
  static __device__ __forceinline__ void exclusive_scan_once(Storage& storage, T partial,
                                                             Op op, T& exclusive,
                                                             T& aggregate) {
#if defined(__OXHIP_CPU__)
    exclusive_scan(storage, partial, op, exclusive, aggregate);
#else
    enum { Warps = Threads / 32 };
    static_assert(Threads % 32 == 0, "whole warps of 32");
    unsigned int warp = threadIdx.x / 32u, lane = threadIdx.x % 32u;
    T in_warp = warp_inclusive_scan<32>(partial, op);
    T before = shfl_up(32, in_warp, 1);
    if (lane == 31u) storage.warp_total[warp].get() = in_warp;
    __syncthreads();
    /* op over the warps before this one (warp 0: meaningless), then over all. */
    T running = storage.warp_total[0].get(), warp_prefix = running;
#pragma unroll
    for (unsigned int other = 1; other < Warps; ++other) {
      if (other == warp) warp_prefix = running;
      running = op(running, storage.warp_total[other].get());
    }
    aggregate = running;
    if (warp == 0)
      exclusive = before;
    else
      exclusive = lane == 0 ? warp_prefix : op(warp_prefix, before);
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

/* Whether this pass compiles a reduce-then-scan kernel: always on the CPU device, which takes
 * that form for every scan, and on the GPUs only for the scans that take it there (`OnGpus`:
 * types not of whole 32-bit words, and the fixed-order scans); the others' kernels trap
 * there, unlaunched, and cost no compile time. The single pass is compiled the other way
 * round (scan_single_pass). */
template <class OnGpus>
struct multi_pass_compiled
#if defined(__OXHIP_CPU__)
    : std::true_type {
#else
    : OnGpus {
#endif
};

template <class T, class Load, class Op>
static __device__ __forceinline__ void upsweep_tile(std::false_type, Load, long long, Op, T*) {
  __builtin_trap();
}
template <class T, class Load, class Op>
static __device__ __forceinline__ void upsweep_tile(std::true_type, Load load, long long count,
                                                    Op op, T* tile_totals) {
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
template <class OnGpus, class T, class Load, class Op>
__global__ void __launch_bounds__(SCAN_THREADS)
    scan_upsweep(Load load, long long count, Op op, T* tile_totals) {
  upsweep_tile<T>(multi_pass_compiled<OnGpus>(), load, count, op, tile_totals);
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

/* An item of a segmented scan whose segments need only be told by their first items:
 * `heads` counts the segments' first items (by plain sum), so that an item, or a span of
 * them, starts a segment where its count is not zero. A 4-byte value makes it two words,
 * where SegItem takes three (ReduceByKey and the scans by key use it). */
template <class V>
struct HeadItem {
  V value;
  int heads;
};

template <class Op>
struct HeadOp {
  Op op;
  template <class V>
  __device__ __forceinline__ HeadItem<V> operator()(const HeadItem<V>& a,
                                                    const HeadItem<V>& b) const {
    HeadItem<V> result;
    result.value = b.heads != 0 ? b.value : op(a.value, b.value);
    result.heads = a.heads + b.heads;
    return result;
  }
};

/* Items for the scans by key and ReduceByKey: a head where the key differs from the last. */
template <class KeysIt, class ValuesIt, class V, class EqualityOp>
struct KeyedLoad {
  KeysIt keys;
  ValuesIt values;
  EqualityOp equal;
  __device__ __forceinline__ HeadItem<V> operator()(long long index) const {
    HeadItem<V> item;
    item.value = V(values[index]);
    item.heads = index == 0 || !equal(keys[index - 1], keys[index]);
    return item;
  }
};

/* ---- the single pass with decoupled look-back (the GPUs) ---- */

/* The single pass's blocks and items per thread. Blocks of 128 threads, each with 32 items
 * of up to 4 bytes (eight 16-byte loads in flight, 4096 tiles for 2^24 items), 16 of up to
 * 8 bytes, fewer for larger items, whose staging stays near 16 KiB. Measured on the H200 at
 * 2^24 items against 256 threads with 16 and 8 items (the earlier choice) and seven other
 * shapes (docs/libraries.md): ReduceByKey's kernels 6% faster, the scan within 2%; with 8
 * items of 8 bytes for 256 threads, 12 had been slower. One shape for every target: the
 * host sizes the grid and the tiles' states from it. */
enum { SINGLE_PASS_THREADS = 128 };
template <class T>
struct single_pass_items {
  enum {
    value = sizeof(T) <= 4    ? 32
            : sizeof(T) <= 8  ? 16
            : sizeof(T) <= 16 ? 8
            : sizeof(T) <= 32 ? 2
                              : 1
  };
};

/* A load or store of an array of arithmetic values, which a whole tile reads or writes as
 * 16-byte vectors when the array is 16-byte aligned. `Lanes` is the elements per vector, 0
 * where vectors do not apply (other iterators, or a thread's share of the tile is not whole
 * vectors). */
template <class Pointer, int Items>
struct vector_access {
  enum { Lanes = 0 };
};
template <class U, int Items>
struct vector_access<U*, Items> {
  typedef typename std::remove_cv<U>::type Element;
  enum {
    Fits = std::is_arithmetic<Element>::value && 16 % sizeof(Element) == 0 &&
           (Items * sizeof(Element)) % 16 == 0,
    Lanes = Fits ? 16 / sizeof(Element) : 0
  };
};
template <class Load>
struct load_pointer {
  typedef NullType type;
};
template <class InputIt, class T>
struct load_pointer<IteratorLoad<InputIt, T> > {
  typedef InputIt type;
};

template <class U>
static __device__ __forceinline__ bool aligned16(const U* pointer) {
  return ((unsigned long long)(const void*)pointer & 15ull) == 0;
}

/* A tile's staging in shared memory (the single pass's, and the multi-pass downsweep's for
 * its outputs), word-planar: word w of every item lies in plane w, each plane padded as
 * `padded` pads, so that a thread reading its blocked items meets no bank conflicts whatever
 * the item's size (interleaved 12-byte items would meet eight-way ones). An item is put and
 * got by its slot, its padded index (TileSlots). */
template <class T, int Tile>
struct Planar {
  enum { Words = (sizeof(T) + 3) / 4, Plane = staging_size<Tile>::value };
  unsigned int words[Words * Plane];
  __device__ __forceinline__ void put(int slot, const T& value) {
    unsigned int bits[Words];
    bits[Words - 1] = 0;
    __builtin_memcpy(bits, &value, sizeof(T));
#pragma unroll
    for (int word = 0; word < Words; ++word) words[word * Plane + slot] = bits[word];
  }
  __device__ __forceinline__ T get(int slot) const {
    unsigned int bits[Words];
#pragma unroll
    for (int word = 0; word < Words; ++word) bits[word] = words[word * Plane + slot];
    T value;
    __builtin_memcpy(&value, bits, sizeof(T));
    return value;
  }
};

/* The slots of a warp's part of the tile (32 * Items items from tile rank `warp_first`).
 * padded(a + b) is padded(a) + padded(b) whenever a is a multiple of 32, so every slot below
 * is one value a thread computes once plus a constant, which the compiler folds into the
 * offset of the shared-memory access (a slot written as padded(index) is not folded: the
 * compiler cannot see that the index's parts do not carry into the shift). */
template <int Items>
struct TileSlots {
  static_assert(Items % 32 == 0 || 32 % Items == 0,
                "a thread's items must not straddle a pad unless they start at one");
  int warp_first; /* the warp's first tile rank, a multiple of 32 */
  int warp_slot;  /* padded(warp_first) */
  int lane;
  int blocked;    /* padded(threadIdx.x * Items): the thread's first blocked item */

  static __device__ __forceinline__ TileSlots make() {
    TileSlots slots;
    slots.warp_first = (int)(threadIdx.x / 32u) * 32 * Items;
    slots.warp_slot = padded(slots.warp_first);
    slots.lane = (int)(threadIdx.x % 32u);
    slots.blocked = padded((int)threadIdx.x * Items);
    return slots;
  }
  /* Striped: the warp's item warp_first + step * 32 + lane. */
  __device__ __forceinline__ int striped_index(int step) const {
    return warp_first + step * 32 + lane;
  }
  __device__ __forceinline__ int striped(int step) const {
    return warp_slot + step * 33 + lane;
  }
  /* Vectors of Lanes items: part `part` of the warp's vector `step`, the item
   * warp_first + (step * 32 + lane) * Lanes + part; Lanes divides 32, so a vector never
   * straddles a pad. */
  template <int Lanes>
  __device__ __forceinline__ int vector_index(int step) const {
    return warp_first + (step * 32 + lane) * Lanes;
  }
  template <int Lanes>
  __device__ __forceinline__ int vector(int step, int part) const {
    static_assert(32 % Lanes == 0, "a vector must not straddle a pad");
    return warp_slot + step * 33 * Lanes + padded(lane * Lanes) + part;
  }
  /* Blocked: the thread's item threadIdx.x * Items + item. */
  __device__ __forceinline__ int blocked_index(int item) const {
    return (int)threadIdx.x * Items + item;
  }
  __device__ __forceinline__ int blocked_slot(int item) const { return blocked + padded(item); }
};

/* Orders the staging accesses of a logical warp of 32 threads, each of which stages and
 * reads back only its own warp's part of the tile: a warp barrier on the GPUs (a wavefront
 * barrier on wave64, which holds two such warps); on the CPU device, where the single pass
 * is not launched, a block barrier, which every thread reaches there too and which keeps the
 * kernel free of warp operations (they would make it run as fibers). */
static __device__ __forceinline__ void staging_warp_sync() {
#if defined(__OXHIP_CPU__)
  __syncthreads();
#else
  __syncwarp();
#endif
}

/* Puts the tile's items [start, start + valid) in staging, each warp its own 32 * Items items
 * (coalesced: one load instruction reads consecutive items, or 16-byte vectors, across the
 * lanes), striped. A whole tile (`Full`: valid is the tile) has no bounds tests, and from an
 * aligned array is read as 16-byte vectors (`Vectors`). In a partial tile the places past
 * the end take copies of its last item: a load with no bounds test is cheaper than a guarded
 * one (which holds a predicate an item while the loads are in flight: ptxas spilled them),
 * and every place gets a value, which those past the end are never used for but which the
 * tile's reduction may combine (the last tile's aggregate is read by no other tile). */
template <bool Full, int Threads, int Items, class T, class Load, class Staging>
static __device__ __forceinline__ void stage_tile(const Load& load, long long start, int valid,
                                                  Staging& staging, std::false_type) {
  TileSlots<Items> slots = TileSlots<Items>::make();
#pragma unroll
  for (int step = 0; step < Items; ++step) {
    int index = slots.striped_index(step);
    if (!Full) index = index < valid ? index : valid - 1;
    staging.put(slots.striped(step), load(start + index));
  }
}
template <bool Full, int Threads, int Items, class T, class Load, class Staging>
static __device__ __forceinline__ void stage_tile(const Load& load, long long start, int valid,
                                                  Staging& staging, std::true_type) {
  typedef vector_access<typename load_pointer<Load>::type, Items> Access;
  typedef typename Access::Element U;
  enum { Lanes = Access::Lanes, Vectors = Items / Lanes };
  const U* base = load.it + start;
  if (!Full || !aligned16(base)) {
    stage_tile<Full, Threads, Items, T>(load, start, valid, staging, std::false_type());
    return;
  }
  base = static_cast<const U*>(__builtin_assume_aligned(base, 16));
  TileSlots<Items> slots = TileSlots<Items>::make();
  U lanes[Vectors][Lanes];
#pragma unroll
  for (int vector = 0; vector < Vectors; ++vector)
    __builtin_memcpy(lanes[vector], base + slots.template vector_index<Lanes>(vector), 16);
#pragma unroll
  for (int vector = 0; vector < Vectors; ++vector)
#pragma unroll
    for (int part = 0; part < Lanes; ++part)
      staging.put(slots.template vector<Lanes>(vector, part), T(lanes[vector][part]));
}

/* The tile's items in blocked arrangement, as load_tile gives them (and past the end of a
 * partial tile, copies of its last item): each warp stages its part (stage_tile) and reads
 * back its lanes' blocked items, with warp barriers only. The two kinds of tile are staged
 * apart, then read back by one piece of code, so that no register of the 32 items meets
 * from two paths: LLVM merges identical code that follows such paths (the two kinds' block
 * barriers after the look-back had become one), and ptxas spilled the items where they met
 * (InclusiveSum's, at 64 registers). The
 * items stay in staging until the caller's outputs replace them, each thread's in its own
 * blocked places; the caller orders the reads before other threads' writes. */
template <int Threads, int Items, class T, class Load, class Staging, class Vectors>
static __device__ __forceinline__ void load_tile_planar(const Load& load, long long start,
                                                        int valid, bool full,
                                                        T (&items)[Items], Staging& staging,
                                                        Vectors vectors) {
  if (full)
    stage_tile<true, Threads, Items, T>(load, start, valid, staging, vectors);
  else
    stage_tile<false, Threads, Items, T>(load, start, valid, staging, vectors);
  staging_warp_sync();
  TileSlots<Items> slots = TileSlots<Items>::make();
#pragma unroll
  for (int item = 0; item < Items; ++item) items[item] = staging.get(slots.blocked_slot(item));
}

/* Whether a keyed load reads two arrays of 4-byte arithmetic values into items of a 4-byte
 * value and a count (two staging planes), which a whole tile reads as 16-byte vectors. */
template <class Load, int Items>
struct keyed_vectors : std::false_type {};
template <class K, class U, class V, class EqualityOp, int Items>
struct keyed_vectors<KeyedLoad<K*, U*, V, EqualityOp>, Items>
    : std::integral_constant<bool, std::is_arithmetic<typename std::remove_cv<K>::type>::value &&
                                       std::is_arithmetic<typename std::remove_cv<U>::type>::value &&
                                       sizeof(K) == 4 && sizeof(U) == 4 && sizeof(V) == 4 &&
                                       sizeof(HeadItem<V>) == 8 && Items % 4 == 0> {};

/* stage_tile for a keyed load of two such arrays: each warp stages its part of the values in
 * the first plane and of the keys in the second (as 16-byte vectors where the tile is whole
 * and both arrays aligned); gives the key before the warp's first item, which its first
 * lane reads from global memory (the previous warp's or tile's last key; any key where the
 * warp starts past the end of a partial tile). */
template <bool Full, int Threads, int Items, class K, class U, class V, class EqualityOp,
          class Staging>
static __device__ __forceinline__ typename std::remove_cv<K>::type stage_keys(
    const KeyedLoad<K*, U*, V, EqualityOp>& load, long long start, int valid,
    Staging& staging) {
  typedef typename std::remove_cv<K>::type Key;
  enum { Vectors = Items / 4, Plane = Staging::Plane };
  const K* keys = load.keys + start;
  const U* values = load.values + start;
  TileSlots<Items> slots = TileSlots<Items>::make();
  Key before = Key();
  int prior = slots.warp_first - 1;
  if (!Full && prior > valid - 1) prior = valid - 1;
  if (slots.lane == 0 && start + slots.warp_first != 0) before = keys[prior];
  if (Full && aligned16(keys) && aligned16(values)) {
    keys = static_cast<const K*>(__builtin_assume_aligned(keys, 16));
    values = static_cast<const U*>(__builtin_assume_aligned(values, 16));
    unsigned int key_bits[Vectors][4], value_bits[Vectors][4];
#pragma unroll
    for (int vector = 0; vector < Vectors; ++vector) {
      __builtin_memcpy(key_bits[vector], keys + slots.template vector_index<4>(vector), 16);
      __builtin_memcpy(value_bits[vector], values + slots.template vector_index<4>(vector), 16);
    }
#pragma unroll
    for (int vector = 0; vector < Vectors; ++vector)
#pragma unroll
      for (int part = 0; part < 4; ++part) {
        int slot = slots.template vector<4>(vector, part);
        staging.words[slot] = value_bits[vector][part];
        staging.words[Plane + slot] = key_bits[vector][part];
      }
    return before;
  }
#pragma unroll
  for (int step = 0; step < Items; ++step) {
    int index = slots.striped_index(step);
    if (!Full) index = index < valid ? index : valid - 1;
    Key key = keys[index];
    typename std::remove_cv<U>::type value = values[index];
    int slot = slots.striped(step);
    __builtin_memcpy(&staging.words[slot], &value, 4);
    __builtin_memcpy(&staging.words[Plane + slot], &key, 4);
  }
  return before;
}

/* load_tile_planar for a keyed load of two such arrays: after stage_keys, each thread reads
 * back its blocked values and keys and compares each key with the one before (the previous
 * thread's last, or for a warp's first the one stage_keys gave). */
template <int Threads, int Items, class K, class U, class V, class EqualityOp, class Staging>
static __device__ __forceinline__ void load_tile_planar(
    const KeyedLoad<K*, U*, V, EqualityOp>& load, long long start, int valid, bool full,
    HeadItem<V> (&items)[Items], Staging& staging, std::true_type) {
  typedef typename std::remove_cv<K>::type Key;
  typedef typename std::remove_cv<U>::type Value;
  enum { Plane = Staging::Plane };
  Key before = full ? stage_keys<true, Threads, Items>(load, start, valid, staging)
                    : stage_keys<false, Threads, Items>(load, start, valid, staging);
  staging_warp_sync();
  TileSlots<Items> slots = TileSlots<Items>::make();
  int first = slots.blocked_index(0);
  if (first != slots.warp_first) {
    unsigned int bits = staging.words[Plane + padded(first - 1)];
    __builtin_memcpy(&before, &bits, 4);
  }
#pragma unroll
  for (int item = 0; item < Items; ++item) {
    int slot = slots.blocked_slot(item);
    unsigned int bits = staging.words[Plane + slot];
    Key key;
    __builtin_memcpy(&key, &bits, 4);
    bits = staging.words[slot];
    Value value;
    __builtin_memcpy(&value, &bits, 4);
    items[item].value = V(value);
    items[item].heads = (item == 0 && start + first == 0) || !load.equal(before, key);
    before = key;
  }
}

/* Stores a tile's staged outputs [0, valid) to out[start ...], each warp its own part, as
 * load_tile_planar reads: consecutive items across the lanes, or, for a whole tile of an
 * aligned array, 16-byte vectors. The caller has staged them and synchronised the warp. */
template <bool Full, int Threads, int Items, class OutputIt, class Staging>
static __device__ __forceinline__ void store_tile(OutputIt out, long long start, int valid,
                                                  const Staging& staging) {
  TileSlots<Items> slots = TileSlots<Items>::make();
#pragma unroll
  for (int step = 0; step < Items; ++step) {
    int index = slots.striped_index(step);
    if (Full || index < valid) out[start + index] = staging.get(slots.striped(step));
  }
}
template <bool Full, int Threads, int Items, class U, class Staging>
static __device__ __forceinline__ void store_tile(U* out, long long start, int valid,
                                                  const Staging& staging) {
  typedef vector_access<U*, Items> Access;
  enum { Lanes = Access::Lanes > 0 ? (int)Access::Lanes : 1, Vectors = Items / Lanes };
  U* base = out + start;
  if (Access::Lanes == 0 || !Full || !aligned16(base)) {
    TileSlots<Items> slots = TileSlots<Items>::make();
#pragma unroll
    for (int step = 0; step < Items; ++step) {
      int index = slots.striped_index(step);
      if (Full || index < valid) base[index] = staging.get(slots.striped(step));
    }
    return;
  }
  base = static_cast<U*>(__builtin_assume_aligned(base, 16));
  TileSlots<Items> slots = TileSlots<Items>::make();
#pragma unroll
  for (int vector = 0; vector < Vectors; ++vector) {
    typename std::remove_cv<U>::type parts[Lanes];
#pragma unroll
    for (int part = 0; part < Lanes; ++part)
      parts[part] = staging.get(slots.template vector<Lanes>(vector, part));
    __builtin_memcpy(base + slots.template vector_index<Lanes>(vector), parts, 16);
  }
}

/* Whether a staged emitter is seeded (`Seeded` is std::true_type): its value for an item is
 * op(seed, the items before it in the thread), where seed(has_prefix, exclusive) is its value
 * for the thread's first item; so a thread runs one scan for its outputs, where value() would
 * take an operation of its own per item (ExclusiveScan's op(initial, exclusive)). */
template <class T>
struct always_void {
  typedef void type;
};
template <class Emit, class = void>
struct emit_seeded : std::false_type {};
template <class Emit>
struct emit_seeded<Emit, typename always_void<typename Emit::Seeded>::type> : Emit::Seeded {};

/* Emitters see each item as emit(index, has_prefix, exclusive, inclusive): `exclusive` is op
 * over the items before `index` (meaningless when has_prefix is false, at index 0),
 * `inclusive` op over the items up to it; such an emitter also gets last(inclusive) for the
 * input's last item, after that item's call and in the same thread, so that its calls need
 * not test their index against the input's end. A staged emitter (`Staged` is
 * std::true_type) instead gives value(index, has_prefix, exclusive, inclusive) per item,
 * which the tile stores striped (coalesced) to `out`.
 *
 * emit_items gives a thread's items to the emitter, computing each one's values as it goes:
 * `running` is op over the items before the thread's first (meaningless where `has` is
 * false, in the first thread of the input's first tile), and `mine` the thread's items below
 * `valid` (all of them where `Full`); `last_tile` says whether the tile ends the input. A
 * staged emitter's values are stored as store_tile does. */
template <bool Full, int Threads, int Items, class Emit, class T, class Op, class Staging,
          class Seeded>
static __device__ __forceinline__ void emit_items(Emit& emit, std::false_type, Seeded,
                                                  long long start, int mine, bool has,
                                                  T running, const T (&items)[Items], Op op,
                                                  int valid, bool last_tile, Staging&) {
  long long first = start + (long long)threadIdx.x * Items;
#pragma unroll
  for (int item = 0; item < Items; ++item)
    if (Full || item < mine) {
      T inclusive = item == 0 && !has ? items[0] : op(running, items[item]);
      emit(first + item, item > 0 || has, running, inclusive);
      running = inclusive;
    }
  /* `running` is now the inclusive value of the thread's last item. */
  if (last_tile && (int)threadIdx.x == (valid - 1) / Items) emit.last(running);
}
template <bool Full, int Threads, int Items, class Emit, class T, class Op, class Staging>
static __device__ __forceinline__ void emit_items(Emit& emit, std::true_type, std::false_type,
                                                  long long start, int mine, bool has,
                                                  T running, const T (&items)[Items], Op op,
                                                  int valid, bool, Staging& staging) {
  TileSlots<Items> slots = TileSlots<Items>::make();
  long long first = start + (long long)threadIdx.x * Items;
#pragma unroll
  for (int item = 0; item < Items; ++item)
    if (Full || item < mine) {
      T inclusive = item == 0 && !has ? items[0] : op(running, items[item]);
      staging.put(slots.blocked_slot(item),
                  emit.value(first + item, item > 0 || has, running, inclusive));
      running = inclusive;
    }
  staging_warp_sync();
  store_tile<Full, Threads, Items>(emit.out, start, valid, staging);
}
template <bool Full, int Threads, int Items, class Emit, class T, class Op, class Staging>
static __device__ __forceinline__ void emit_items(Emit& emit, std::true_type, std::true_type,
                                                  long long start, int mine, bool has,
                                                  T running, const T (&items)[Items], Op op,
                                                  int valid, bool, Staging& staging) {
  TileSlots<Items> slots = TileSlots<Items>::make();
  T value = emit.seed(has, running);
#pragma unroll
  for (int item = 0; item < Items; ++item)
    if (Full || item < mine) {
      staging.put(slots.blocked_slot(item), value);
      if (item + 1 < Items) value = op(value, items[item]);
    }
  staging_warp_sync();
  store_tile<Full, Threads, Items>(emit.out, start, valid, staging);
}

/* Whether an emitter compacts (`Compacting` is std::true_type): a selection's, over a scan
 * that counts its items (T int, each item 1 where selected, else 0). Besides emit() and
 * last() it gives select(to, index), which writes the input's item `index` to output place
 * `to`, and, where `Rejects` is set (DevicePartition), reject(before, index) for an item not
 * selected, with `before` the count of such items before it. */
template <class Emit, class = void>
struct emit_compacting : std::false_type {};
template <class Emit>
struct emit_compacting<Emit, typename always_void<typename Emit::Compacting>::type>
    : Emit::Compacting {};

/* A compacting emitter's tile, in two phases: each thread puts the tile rank of each of its
 * selected items in shared memory at the item's place among the tile's selected ones, then,
 * after a block barrier, consecutive threads write consecutive outputs of the tile's range
 * [tile_base, tile_base + selected), so that a warp's stores are coalesced where written from
 * the blocked arrangement they would each span several lines (the ranks are 4 bytes whatever
 * the output's type, and the item is read from the input again in the second phase). With
 * `Rejects` the unselected items go to the top of the same array, in reverse, and come out
 * in their part's order. A tile with at most one selected item a thread (CUB's rule) writes
 * them directly, as emit_items does: its stores are few, and the barrier would cost more.
 * `tile_base` is the count of selected items before the tile (0 in tile 0), `tile_total` the
 * tile's own where `whole` (the tile is complete, so its aggregate is exact; a partial tile
 * always compacts, and its count travels through `ranks[Threads * Items]`). `ranks` has at
 * least Threads * Items + 1 words, free for this use (the tile's loaded items have been read
 * back before a block barrier). On the CPU device, where stores gain nothing from being
 * consecutive across threads, every tile is written directly (compacting made a Flagged
 * selection of half of 2^22 items there about 10% slower: 44 ms against 40, medians on a
 * busy 2-core machine), unless OXHIP_SELECT_COMPACT_ON_CPU is defined when compiling, for
 * testing the compaction there. */
#if defined(__OXHIP_CPU__) && !defined(OXHIP_SELECT_COMPACT_ON_CPU)
enum { SELECT_COMPACTS = 0 };
#else
enum { SELECT_COMPACTS = 1 };
#endif
template <bool Full, int Threads, int Items, class Emit, class T, class Op, class Staging>
static __device__ __forceinline__ void emit_tile(Emit& emit, std::true_type, long long start,
                                                 int mine, bool has, T running,
                                                 const T (&items)[Items], Op op, int valid,
                                                 bool last_tile, T tile_base, T tile_total,
                                                 bool whole, unsigned int* ranks,
                                                 Staging& staging) {
  static_assert(std::is_same<T, int>::value, "a compacting emitter counts with int");
  enum { Tile = Threads * Items };
  if (!SELECT_COMPACTS || (!Emit::Rejects && whole && tile_total <= Threads)) {
    emit_items<Full, Threads>(emit, std::false_type(), std::false_type(), start, mine, has,
                              running, items, op, valid, last_tile, staging);
    return;
  }
  int first = (int)threadIdx.x * Items;
  /* The tile's selected items before the thread's next item. */
  int before = has ? running - tile_base : 0;
#pragma unroll
  for (int item = 0; item < Items; ++item)
    if (Full || item < mine) {
      if (items[item] != 0)
        ranks[before] = (unsigned int)(first + item);
      else if (Emit::Rejects)
        ranks[valid - 1 - (first + item - before)] = (unsigned int)(first + item);
      before += items[item];
    }
  bool owns_last = (int)threadIdx.x == (valid - 1) / Items;
  if (owns_last) {
    if (!whole) ranks[Tile] = (unsigned int)before;
    if (last_tile) emit.last(tile_base + before);
  }
  __syncthreads();
  int selected = whole ? tile_total : (int)ranks[Tile];
  int written = Emit::Rejects ? valid : selected;
  /* Unselected items before the tile. */
  long long rejected_base = start - tile_base;
#pragma unroll
  for (int step = 0; step < Items; ++step) {
    int place = step * Threads + (int)threadIdx.x;
    if ((Full && Emit::Rejects) || place < written) {
      long long index = start + ranks[place];
      if (!Emit::Rejects || place < selected)
        emit.select((long long)tile_base + place, index);
      else
        emit.reject(rejected_base + (valid - 1 - place), index);
    }
  }
}
template <bool Full, int Threads, int Items, class Emit, class T, class Op, class Staging>
static __device__ __forceinline__ void emit_tile(Emit& emit, std::false_type, long long start,
                                                 int mine, bool has, T running,
                                                 const T (&items)[Items], Op op, int valid,
                                                 bool last_tile, const T&, const T&, bool,
                                                 unsigned int*, Staging& staging) {
  emit_items<Full, Threads>(emit, typename Emit::Staged(), emit_seeded<Emit>(), start, mine,
                            has, running, items, op, valid, last_tile, staging);
}

/* The multi-pass engine's last launch: each tile scanned again from its predecessor's
 * inclusive value. */
template <class T, class Load, class Op, class Emit>
static __device__ __forceinline__ void downsweep_tile(std::false_type, Load, long long, Op,
                                                      const T*, Emit) {
  __builtin_trap();
}
template <class T, class Load, class Op, class Emit>
static __device__ __forceinline__ void downsweep_tile(std::true_type, Load load, long long count,
                                                      Op op, const T* tile_inclusive, Emit emit) {
  enum { Items = scan_items<T>::value, Tile = SCAN_THREADS * Items };
  typedef typename Emit::Out Out;
  __shared__ Uninitialized<T> staging[staging_size<Tile>::value];
  __shared__ Planar<Out, Emit::Staged::value ? (int)Tile : 1> out_staging;
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
  bool has = blockIdx.x > 0 || threadIdx.x != 0;
  T running = exclusive, prefix = T();
  if (blockIdx.x > 0) {
    prefix = tile_inclusive[blockIdx.x - 1];
    running = threadIdx.x == 0 ? prefix : op(prefix, exclusive);
  }
  /* A compacting emitter's ranks reuse the input's staging, read back before the scan's
   * barriers; a whole tile's aggregate is exact. */
  emit_tile<false, SCAN_THREADS>(emit, emit_compacting<Emit>(), start, mine, has, running,
                                 items, op, valid, start + valid == count, prefix, aggregate,
                                 valid == Tile, reinterpret_cast<unsigned int*>(staging),
                                 out_staging);
}
template <class OnGpus, class T, class Load, class Op, class Emit>
__global__ void __launch_bounds__(SCAN_THREADS)
    scan_downsweep(Load load, long long count, Op op, const T* tile_inclusive, Emit emit) {
  downsweep_tile<T>(multi_pass_compiled<OnGpus>(), load, count, op, tile_inclusive, emit);
}

/* A tile's published state: empty, its aggregate, or its inclusive prefix. */
enum { TILE_EMPTY = 0, TILE_AGGREGATE = 1, TILE_PREFIX = 2 };

/* Relaxed device-scope atomic loads and stores of the tiles' state words. On NVIDIA they are
 * written out, because the scoped builtins give system scope there (`.sys`), which the
 * look-back does not need; elsewhere the builtins' device scope is the agent. */
static __device__ __forceinline__ unsigned long long state_load(const unsigned long long* address) {
#if defined(__OXHIP_NVPTX__)
  unsigned long long word;
  asm volatile("ld.relaxed.gpu.global.b64 %0, [%1];" : "=l"(word) : "l"(address) : "memory");
  return word;
#else
  return __scoped_atomic_load_n(address, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);
#endif
}
static __device__ __forceinline__ void state_store(unsigned long long* address,
                                                   unsigned long long word) {
#if defined(__OXHIP_NVPTX__)
  asm volatile("st.relaxed.gpu.global.b64 [%0], %1;" : : "l"(address), "l"(word) : "memory");
#else
  __scoped_atomic_store_n(address, word, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);
#endif
}

/* The tiles' published states. Each 32-bit word of a tile's value travels in a 64-bit word
 * of its own with the state in the high half, written and read whole by relaxed atomics:
 * a reader takes the value once every word shows the same state other than empty. A word
 * is written once with the aggregate and once with the prefix, so words that agree on the
 * state hold that state's value; no fence is needed on either side, and a 4-byte item's
 * state is one word. Words start zeroed (empty). */
template <class T>
struct TileStates {
  enum { Words = sizeof(T) / 4 };
  unsigned long long* words;

  static size_t bytes(long long tiles) {
    return (size_t)tiles * Words * sizeof(unsigned long long);
  }

  __device__ __forceinline__ void publish(unsigned int tile, unsigned int state,
                                          const T& value) const {
    unsigned int bits[Words];
    __builtin_memcpy(bits, &value, sizeof(T));
#pragma unroll
    for (int word = 0; word < Words; ++word)
      state_store(&words[(size_t)tile * Words + word],
                  ((unsigned long long)state << 32) | bits[word]);
  }
  /* Waits until the tile has published, then gives its state and value. */
  __device__ __forceinline__ unsigned int wait(unsigned int tile, T& value) const {
    unsigned long long read[Words];
    unsigned int state;
    for (;;) {
#pragma unroll
      for (int word = 0; word < Words; ++word)
        read[word] = state_load(&words[(size_t)tile * Words + word]);
      state = (unsigned int)(read[0] >> 32);
      bool agree = state != TILE_EMPTY;
#pragma unroll
      for (int word = 1; word < Words; ++word)
        agree = agree && (unsigned int)(read[word] >> 32) == state;
      if (agree) break;
    }
    unsigned int bits[Words];
#pragma unroll
    for (int word = 0; word < Words; ++word) bits[word] = (unsigned int)read[word];
    __builtin_memcpy(&value, bits, sizeof(T));
    return state;
  }
};

/* The threads that walk the look-back: a logical warp of 32 on the GPUs (half a wavefront
 * on wave64), thread 0 alone on the CPU device, where the single pass is not launched
 * (tile_scan_choose) and a shuffle would make the kernel run as fibers. */
#if defined(__OXHIP_CPU__)
enum { LOOK_BACK_LANES = 1 };
#else
enum { LOOK_BACK_LANES = 32 };
#endif

/* op over the tiles before `tile` (which is above 0), for the threads below
 * LOOK_BACK_LANES. On the GPUs each lane waits for one tile of a window of 32 (the lowest
 * lane the earliest tile); the window's nearest inclusive prefix (found by one ballot) ends
 * the walk, and the window from it (or all of it, when it has none) is reduced in tile order
 * by shuffles, so a non-commutative operator is fine. Lanes below tile 0 are never needed:
 * tile 0 publishes a prefix, which a window reaching below it holds. */
template <class T, class States, class Op>
static __device__ __forceinline__ T look_back(const States& states, unsigned int tile, Op op) {
  T prefix;
#if defined(__OXHIP_CPU__)
  bool have = false;
  for (unsigned int other = tile - 1;; --other) {
    T value;
    unsigned int state = states.wait(other, value);
    prefix = have ? op(value, prefix) : value;
    have = true;
    if (state == TILE_PREFIX) break;
  }
#else
  unsigned int lane = threadIdx.x;
  long long last = (long long)tile - 1; /* the window's latest tile, in lane 31 */
  for (bool have = false;; last -= 32) {
    long long other = last - (31 - (long long)lane);
    T value = T();
    unsigned int state = other >= 0 ? states.wait((unsigned int)other, value) : TILE_EMPTY;
    /* The highest lane holding a prefix, or -1. */
    unsigned int prefix_lanes = (unsigned int)(__ballot_sync(logical_lanes(32),
                                                             state == TILE_PREFIX) >>
                                               (__lane_id() & ~31u));
    int from = 31 - __clz((int)prefix_lanes); /* -1 where no lane holds one */
    /* Each lane gets op over lanes lane .. 31; lanes below `from` are not read by it. */
#pragma unroll
    for (unsigned int step = 1; step < 32; step <<= 1) {
      T next = __oxhip_shfl(__OXHIP_SHFL_DOWN, logical_lanes(32), value, (int)step, 32);
      if (lane + step < 32) value = op(value, next);
    }
    T window = shfl_idx(32, value, from < 0 ? 0u : (unsigned int)from);
    prefix = have ? op(window, prefix) : window;
    have = true;
    if (from >= 0) break;
  }
#endif
  return prefix;
}

/* The fewest blocks of the single pass an SM should hold: on NVIDIA six (at most 85
 * registers a thread at 128 threads). With 256 threads, six (42 registers) had hidden the
 * tiles' latencies better than five (H200, 2^24 items: the scan 7% faster, reduce_by_key
 * 14%). */
#if defined(__OXHIP_NVPTX__)
enum { SCAN_MIN_BLOCKS = 6 };
#else
enum { SCAN_MIN_BLOCKS = 1 };
#endif

/* The single pass's shared memory. Loading is over before any output is staged, so the two
 * share the staging. */
template <class T, class Emit>
struct SinglePassStorage {
  enum { Items = single_pass_items<T>::value, Tile = SINGLE_PASS_THREADS * Items };
  typedef typename Emit::Out Out;
  union Staging {
    Planar<T, Tile> in;
    Planar<Out, Emit::Staged::value ? (int)Tile : 1> out;
  };
  Staging staging;
  typename BlockPartials<T, SINGLE_PASS_THREADS>::Storage scan;
  unsigned int tile;
  Uninitialized<T> prefix;
};

/* Tiles are numbered by an atomic counter as blocks start, so a block only ever waits for
 * tiles whose blocks are already running. Every tile but the last is whole (`full`): it is
 * loaded and emitted with no bounds tests; between the two, both kinds run the same code,
 * the partial tile with copies of its last item past the end. Thread 0 publishes the tile's
 * aggregate; the look-back lanes then find its exclusive prefix, and thread 0 publishes the
 * inclusive one. The read-back of the tile's items comes before two block barriers, and
 * the outputs that replace them in staging after. */
template <class T, class States, class Load, class Op, class Emit>
__global__ void __launch_bounds__(SINGLE_PASS_THREADS, SCAN_MIN_BLOCKS)
    scan_single_pass(Load load, long long count, Op op, unsigned int* counter, States states,
                     Emit emit) {
#if defined(__OXHIP_CPU__) && !defined(OXHIP_SCAN_SINGLE_PASS_ON_CPU)
  /* Not launched on the CPU device (tile_scan_choose), so not compiled there. */
  __builtin_trap();
#else
  enum { Items = single_pass_items<T>::value, Tile = SINGLE_PASS_THREADS * Items };
  typedef vector_access<typename load_pointer<Load>::type, Items> Access;
  __shared__ SinglePassStorage<T, Emit> storage;
  if (threadIdx.x == 0) storage.tile = atomicAdd(counter, 1u);
  __syncthreads();
  unsigned int tile = storage.tile;
  long long start = (long long)tile * Tile;
  bool full = count - start >= Tile;
  int valid = full ? (int)Tile : (int)(count - start);
  T items[Items];
  load_tile_planar<SINGLE_PASS_THREADS>(
      load, start, valid, full, items, storage.staging.in,
      std::integral_constant<bool, (Access::Lanes > 0) || keyed_vectors<Load, Items>::value>());
  T exclusive, aggregate;
  BlockPartials<T, SINGLE_PASS_THREADS>::exclusive_scan_once(
      storage.scan, thread_reduce(items, Items, op), op, exclusive, aggregate);
  if (tile == 0) {
    if (threadIdx.x == 0) states.publish(0, TILE_PREFIX, aggregate);
  } else {
    /* A partial tile is the last one, whose aggregate no tile reads. */
    if (threadIdx.x == 0) states.publish(tile, TILE_AGGREGATE, aggregate);
    if (threadIdx.x < LOOK_BACK_LANES) {
      T prefix = look_back<T>(states, tile, op);
      if (threadIdx.x == 0) {
        states.publish(tile, TILE_PREFIX, op(prefix, aggregate));
        storage.prefix.get() = prefix;
      }
    }
  }
  __syncthreads();
  /* op over the items before the thread's first: meaningless in the first thread of tile 0,
   * the one without `has`. */
  bool has = tile > 0 || threadIdx.x != 0;
  T running = exclusive, prefix = T();
  if (tile > 0) {
    prefix = storage.prefix.get();
    running = threadIdx.x == 0 ? prefix : op(prefix, exclusive);
  }
  /* A compacting emitter's ranks take the input's staging (see above). */
  unsigned int* ranks = storage.staging.in.words;
  if (full) {
    emit_tile<true, SINGLE_PASS_THREADS>(emit, emit_compacting<Emit>(), start, (int)Items, has,
                                         running, items, op, valid, count - start == Tile,
                                         prefix, aggregate, true, ranks, storage.staging.out);
  } else {
    int mine = valid - (int)threadIdx.x * Items;
    mine = mine < 0 ? 0 : mine > Items ? (int)Items : mine;
    emit_tile<false, SINGLE_PASS_THREADS>(emit, emit_compacting<Emit>(), start, mine, has,
                                          running, items, op, valid, true, prefix, aggregate,
                                          false, ranks, storage.staging.out);
  }
#endif
}

template <class OutputIt, class T>
__global__ void write_one(OutputIt out, T value) {
  *out = value;
}

/* The single pass: the tiles' states are cleared, then one launch; with the temp-storage
 * convention, and nothing launched for count 0. */
template <class T, class Load, class Op, class Emit>
static hipError_t tile_scan_single_pass(void* d_temp_storage, size_t& temp_storage_bytes,
                                        long long count, Load load, Op op, Emit emit,
                                        hipStream_t stream) {
  typedef TileStates<T> States;
  const long long tile = SINGLE_PASS_THREADS * single_pass_items<T>::value;
  long long tiles = count > 0 ? (count + tile - 1) / tile : 1;
  /* The states, then the tile counter; all cleared before the launch. */
  size_t cleared_bytes = States::bytes(tiles) + sizeof(unsigned long long);
  hipError_t status;
  if (!temp_storage_check(d_temp_storage, temp_storage_bytes, cleared_bytes, status))
    return status;
  if (count <= 0) return hipSuccess;
  unsigned char* cleared = static_cast<unsigned char*>(d_temp_storage);
  status = hipMemsetAsync(cleared, 0, cleared_bytes, stream);
  if (status != hipSuccess) return status;
  States states = {reinterpret_cast<unsigned long long*>(cleared)};
  unsigned int* counter = reinterpret_cast<unsigned int*>(cleared + States::bytes(tiles));
  scan_single_pass<T><<<(unsigned int)tiles, SINGLE_PASS_THREADS, 0, stream>>>(
      load, count, op, counter, states, emit);
  return hipGetLastError();
}
template <class OnGpus, class T, class Load, class Op, class Emit>
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
    scan_upsweep<OnGpus, T><<<(unsigned int)tiles, SCAN_THREADS, 0, stream>>>(load, count, op, totals);
    status = hipGetLastError();
    if (status != hipSuccess) return status;
    scan_tile_totals<T><<<1, SCAN_THREADS, 0, stream>>>(totals, tiles, op);
    status = hipGetLastError();
    if (status != hipSuccess) return status;
  }
  scan_downsweep<OnGpus, T><<<(unsigned int)tiles, SCAN_THREADS, 0, stream>>>(load, count, op, totals,
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
  tile_scan_multi_pass<std::false_type, T>(nullptr, multi, count, load, op, emit, stream);
  size_t needed = single > multi ? single : multi;
  if (d_temp_storage == nullptr) {
    temp_storage_bytes = needed;
    return hipSuccess;
  }
  if (temp_storage_bytes < needed) return hipErrorInvalidValue;
#if !defined(OXHIP_SCAN_SINGLE_PASS_ON_CPU)
  if (current_device_is_cpu())
    return tile_scan_multi_pass<std::false_type, T>(d_temp_storage, temp_storage_bytes, count,
                                                    load, op, emit, stream);
#endif
  return tile_scan_single_pass<T>(d_temp_storage, temp_storage_bytes, count, load, op, emit,
                                  stream);
}
template <class T, class Load, class Op, class Emit>
static hipError_t tile_scan_choose(void* d_temp_storage, size_t& temp_storage_bytes,
                                   long long count, Load load, Op op, Emit emit,
                                   hipStream_t stream, std::false_type) {
  return tile_scan_multi_pass<std::true_type, T>(d_temp_storage, temp_storage_bytes, count, load,
                                                 op, emit, stream);
}
template <class T, class Load, class Op, class Emit>
static hipError_t tile_scan(void* d_temp_storage, size_t& temp_storage_bytes, long long count,
                            Load load, Op op, Emit emit, hipStream_t stream) {
  return tile_scan_choose<T>(d_temp_storage, temp_storage_bytes, count, load, op, emit, stream,
                             std::integral_constant<bool, sizeof(T) % 4 == 0>());
}

/* In a fixed order: the single pass's look-back combines a tile's predecessors from the
 * nearest one that has published its inclusive prefix, which depends on how the blocks ran,
 * so with an operator that is not exactly associative (floating point) its results can differ
 * from run to run; reduce-then-scan combines every item in an order fixed by the count alone
 * (rocPRIM's deterministic scans). With `FixedOrder` false, `tile_scan`. */
template <bool FixedOrder, class T, class Load, class Op, class Emit>
static hipError_t tile_scan_ordered(void* d_temp_storage, size_t& temp_storage_bytes,
                                    long long count, Load load, Op op, Emit emit,
                                    hipStream_t stream) {
  return tile_scan_choose<T>(d_temp_storage, temp_storage_bytes, count, load, op, emit, stream,
                             std::integral_constant<bool, !FixedOrder && sizeof(T) % 4 == 0>());
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
