/* oxhip: the radix sort behind hipCUB's DeviceRadixSort, DeviceSegmentedRadixSort and
 * BlockRadixSort (docs/libraries.md).
 *
 * Keys become unsigned bit patterns that order as the keys do (signed integers: the sign
 * bit flipped; floating point: every bit flipped for negatives, the sign bit for the rest,
 * -0.0 taken as +0.0), and each pass sorts stably by some bits of them, least significant
 * first; a descending sort inverts the bits. Device-wide, two ways, chosen at run time:
 * - On the GPUs, 8-bit digits (4 passes for 32-bit keys): one launch counts every pass's
 *   digits, one turns the counts into bin starts, then each pass is one launch whose tiles
 *   find their digits' offsets by decoupled look-back over the tiles before them
 *   (`radix_onesweep`, below).
 * - On the CPU device (where a block must not wait for another), for keys or values of more
 *   than 16 bytes, and for 2^30 items or more: 4-bit digits, each pass three launches: an
 *   upsweep counts each tile's digits, one block per digit scans those counts across the
 *   tiles, and a downsweep ranks each tile's items (per-thread digit counts, 16 bits each,
 *   scanned across the block), stages them in shared memory in digit order and writes them
 *   out coalesced. BlockRadixSort and the segmented sort use this ranking (`RadixTile`).
 * The helpers here are this file's own, not tile_scan.hpp's look-back.
 */
#ifndef OXHIP_HIPCUB_DEVICE_DETAIL_RADIX_HPP
#define OXHIP_HIPCUB_DEVICE_DETAIL_RADIX_HPP

#include "tile_scan.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {
namespace detail {

enum { RADIX_BITS = 4, RADIX_DIGITS = 16, RADIX_THREADS = 256 };

template <int Size>
struct unsigned_bits;
template <>
struct unsigned_bits<1> {
  typedef unsigned char type;
};
template <>
struct unsigned_bits<2> {
  typedef unsigned short type;
};
template <>
struct unsigned_bits<4> {
  typedef unsigned int type;
};
template <>
struct unsigned_bits<8> {
  typedef unsigned long long type;
};

/* Class types (__half, __hip_bfloat16) are sign-magnitude floating point too. */
template <class K, bool Float = std::is_floating_point<K>::value || std::is_class<K>::value>
struct radix_traits {
  typedef typename unsigned_bits<sizeof(K)>::type U;
  static __host__ __device__ __forceinline__ U to_bits(K key) {
    U bits;
    __builtin_memcpy(&bits, &key, sizeof(K));
    const U sign = (U)((U)1 << (sizeof(K) * 8 - 1));
    return std::is_signed<K>::value ? (U)(bits ^ sign) : bits;
  }
};
template <class K>
struct radix_traits<K, true> {
  typedef typename unsigned_bits<sizeof(K)>::type U;
  static __host__ __device__ __forceinline__ U to_bits(K key) {
    U bits;
    __builtin_memcpy(&bits, &key, sizeof(K));
    const U sign = (U)((U)1 << (sizeof(K) * 8 - 1));
    if (bits == sign) bits = 0; /* -0.0 sorts as +0.0 */
    return (bits & sign) ? (U)~bits : (U)(bits | sign);
  }
};

template <class K>
static __host__ __device__ __forceinline__ unsigned int radix_digit(K key, int shift, int bits,
                                                                    bool descending) {
  typedef typename radix_traits<K>::U U;
  U pattern = radix_traits<K>::to_bits(key);
  if (descending) pattern = (U)~pattern;
  return (unsigned int)(pattern >> shift) & ((1u << bits) - 1u);
}

/* Sixteen 16-bit digit counts in eight words. */
struct RadixCounts {
  unsigned int word[8];
};
struct RadixCountsAdd {
  __device__ __forceinline__ RadixCounts operator()(const RadixCounts& a,
                                                    const RadixCounts& b) const {
    RadixCounts sum;
#pragma unroll
    for (int w = 0; w < 8; ++w) sum.word[w] = a.word[w] + b.word[w];
    return sum;
  }
};
static __device__ __forceinline__ unsigned int radix_count(const RadixCounts& counts,
                                                           unsigned int digit) {
  unsigned int word = 0;
#pragma unroll
  for (unsigned int w = 0; w < 8; ++w)
    if (w == digit >> 1) word = counts.word[w];
  return (word >> ((digit & 1u) * 16u)) & 0xffffu;
}
static __device__ __forceinline__ void radix_bump(RadixCounts& counts, unsigned int digit) {
#pragma unroll
  for (unsigned int w = 0; w < 8; ++w)
    if (w == digit >> 1) counts.word[w] += 1u << ((digit & 1u) * 16u);
}

template <class T>
struct size_or_one {
  enum { value = std::is_same<T, NullType>::value ? 1 : (int)sizeof(T) };
};
/* Items per thread: the staging of keys and values stays near 16 KiB each. */
template <class K, class V>
struct radix_items {
  enum {
    size = size_or_one<K>::value > size_or_one<V>::value ? size_or_one<K>::value
                                                         : size_or_one<V>::value,
    value = size <= 8 ? 8 : size <= 16 ? 4 : size <= 32 ? 2 : 1
  };
};

/* One tile of Threads x Items keys (and values), ranked by one digit and written out:
 * the item of tile rank r (in digit order) with digit d goes to
 * out[out_base + base[d] + r - tile_offset[d]]. */
template <class K, class V, int Threads, int Items, bool Portable = false>
struct RadixTile {
  typedef BlockPartials<RadixCounts, Threads> Partials;
  typedef typename std::conditional<Portable, typename Partials::PortableStorage,
                                    typename Partials::Storage>::type ScanStorage;
  static __device__ __forceinline__ typename Partials::Storage& scan_storage(
      typename Partials::PortableStorage& portable) {
    return Partials::pick(portable);
  }
  static __device__ __forceinline__ typename Partials::Storage& scan_storage(
      typename Partials::GpuStorage& storage) {
    return storage;
  }
  static __device__ __forceinline__ typename Partials::Storage& scan_storage(
      typename Partials::CpuStorage& storage) {
    return storage;
  }
  enum { Tile = Threads * Items, HasValues = !std::is_same<V, NullType>::value };
  struct Storage {
    Uninitialized<K> keys[staging_size<Tile>::value];
    Uninitialized<V> values[HasValues ? (int)staging_size<Tile>::value : 1];
    unsigned char digits[Tile];
    unsigned int tile_offset[RADIX_DIGITS];
    unsigned int tile_count[RADIX_DIGITS];
    ScanStorage scan;
  };

  /* Ranks keys[start, start + valid) by digit; every thread returns each of its items'
   * tile rank in digit order (blocked arrangement) and leaves the tile's digit offsets
   * and counts in storage. */
  static __device__ __forceinline__ void rank(Storage& storage, const K (&keys)[Items],
                                              int valid, int shift, int bits, bool descending,
                                              unsigned int (&digit)[Items],
                                              unsigned int (&ranks)[Items]) {
    unsigned int thread = block_rank();
    RadixCounts mine;
#pragma unroll
    for (int w = 0; w < 8; ++w) mine.word[w] = 0;
    unsigned int before[Items];
#pragma unroll
    for (int item = 0; item < Items; ++item) {
      digit[item] = 0;
      before[item] = 0;
      if ((int)thread * Items + item < valid) {
        digit[item] = radix_digit(keys[item], shift, bits, descending);
        before[item] = radix_count(mine, digit[item]);
        radix_bump(mine, digit[item]);
      }
    }
    RadixCounts exclusive, aggregate;
    Partials::exclusive_scan(scan_storage(storage.scan), mine, RadixCountsAdd(), exclusive,
                             aggregate);
    if (thread == 0) {
#pragma unroll
      for (int w = 0; w < 8; ++w) exclusive.word[w] = 0;
      unsigned int running = 0;
#pragma unroll
      for (unsigned int d = 0; d < RADIX_DIGITS; ++d) {
        unsigned int count = radix_count(aggregate, d);
        storage.tile_offset[d] = running;
        storage.tile_count[d] = count;
        running += count;
      }
    }
    __syncthreads();
#pragma unroll
    for (int item = 0; item < Items; ++item)
      ranks[item] = storage.tile_offset[digit[item]] + radix_count(exclusive, digit[item]) +
                    before[item];
  }

  template <class ValuesIn>
  static __device__ __forceinline__ void run(Storage& storage, const K* keys_in,
                                             ValuesIn values_in, long long start, int valid,
                                             int shift, int bits, bool descending,
                                             const unsigned int* base, K* keys_out,
                                             V* values_out, long long out_base) {
    unsigned int thread = block_rank();
    K keys[Items];
    IteratorLoad<const K*, K> key_load = {keys_in};
    load_tile<Threads>(key_load, start, valid, keys, storage.keys);
    unsigned int digit[Items], ranks[Items];
    rank(storage, keys, valid, shift, bits, descending, digit, ranks);
#pragma unroll
    for (int item = 0; item < Items; ++item)
      if ((int)thread * Items + item < valid) {
        storage.keys[padded((int)ranks[item])].get() = keys[item];
        storage.digits[ranks[item]] = (unsigned char)digit[item];
      }
    __syncthreads();
#pragma unroll
    for (int item = 0; item < Items; ++item) {
      int index = item * Threads + (int)thread;
      if (index < valid) {
        unsigned int d = storage.digits[index];
        keys_out[out_base + base[d] + (index - storage.tile_offset[d])] =
            storage.keys[padded(index)].get();
      }
    }
    if (HasValues) {
      V values[Items];
      IteratorLoad<ValuesIn, V> value_load = {values_in};
      load_tile<Threads>(value_load, start, valid, values, storage.values);
#pragma unroll
      for (int item = 0; item < Items; ++item)
        if ((int)thread * Items + item < valid)
          storage.values[padded((int)ranks[item])].get() = values[item];
      __syncthreads();
#pragma unroll
      for (int item = 0; item < Items; ++item) {
        int index = item * Threads + (int)thread;
        if (index < valid) {
          unsigned int d = storage.digits[index];
          values_out[out_base + base[d] + (index - storage.tile_offset[d])] =
              storage.values[padded(index)].get();
        }
      }
    }
    __syncthreads();
  }
};

template <class K, class V>
struct DeviceRadixTile {
  typedef RadixTile<K, V, RADIX_THREADS, radix_items<K, V>::value> type;
};

template <class K>
__global__ void __launch_bounds__(RADIX_THREADS)
    radix_upsweep(const K* keys, long long count, int tile, int shift, int bits,
                  bool descending, unsigned int* counts, unsigned int tiles) {
  enum { Warps = RADIX_THREADS / 32 };
  __shared__ unsigned int histogram[Warps * RADIX_DIGITS];
  for (int at = threadIdx.x; at < Warps * RADIX_DIGITS; at += RADIX_THREADS) histogram[at] = 0;
  __syncthreads();
  long long start = (long long)blockIdx.x * tile;
  int valid = count - start < tile ? (int)(count - start) : tile;
  unsigned int* mine = histogram + (threadIdx.x / 32) * RADIX_DIGITS;
  for (int index = threadIdx.x; index < valid; index += RADIX_THREADS)
    atomicAdd(&mine[radix_digit(keys[start + index], shift, bits, descending)], 1u);
  __syncthreads();
  if (threadIdx.x < RADIX_DIGITS) {
    unsigned int sum = 0;
    for (int warp = 0; warp < Warps; ++warp) sum += histogram[warp * RADIX_DIGITS + threadIdx.x];
    counts[threadIdx.x * tiles + blockIdx.x] = sum;
  }
}

template <class K, class V>
__global__ void __launch_bounds__(RADIX_THREADS)
    radix_downsweep(const K* keys_in, const V* values_in, K* keys_out, V* values_out,
                    long long count, int shift, int bits, bool descending,
                    const unsigned int* counts, const unsigned int* totals, unsigned int tiles) {
  typedef typename DeviceRadixTile<K, V>::type Tile;
  __shared__ typename Tile::Storage storage;
  __shared__ unsigned int base[RADIX_DIGITS];
  if (threadIdx.x == 0) {
    unsigned int running = 0;
#pragma unroll
    for (unsigned int d = 0; d < RADIX_DIGITS; ++d) {
      base[d] = running + counts[d * tiles + blockIdx.x];
      running += totals[d];
    }
  }
  /* Tile::run passes barriers before it reads `base`. */
  long long start = (long long)blockIdx.x * Tile::Tile;
  int valid = count - start < Tile::Tile ? (int)(count - start) : (int)Tile::Tile;
  Tile::run(storage, keys_in, values_in, start, valid, shift, bits, descending, base, keys_out,
            values_out, 0);
}

/* Not compiled for the CPU device, where the device-wide passes are cheap launches and this
 * kernel's loop of barrier phases cost the CPU target's compile four times the time of a
 * program's other sorts (hipcub_radix_sort.hip: 9.8 s to 38.8 s); OXHIP_RADIX_SINGLE_TILE_ON_CPU
 * compiles and takes it there too, for testing it. */
#if defined(__OXHIP_CPU__) && !defined(OXHIP_RADIX_SINGLE_TILE_ON_CPU)
#define OXHIP_RADIX_SINGLE_TILE_BODY 0
#else
#define OXHIP_RADIX_SINGLE_TILE_BODY 1
#endif

/* A whole sort of at most one tile (`DeviceRadixTile`) in one block: the keys (and values)
 * are read once, every 4-bit pass ranks them and exchanges them through shared memory, and
 * the last pass writes them out. Every read of the input comes before the first barrier of
 * the first pass and every write after the last, so the output may be the input. One launch
 * where the device-wide passes take a memset and six (one-sweep) or three per digit: small
 * sorts cost their launches, not their items (1,024 keys on the H200: 64 us with the
 * one-sweep passes, CUB 33 us; benches/gpu/small.cu). */
template <class K, class V>
__global__ void __launch_bounds__(RADIX_THREADS)
    radix_single_tile(const K* keys_in, const V* values_in, K* keys_out, V* values_out,
                      int count, int begin_bit, int end_bit, bool descending) {
#if OXHIP_RADIX_SINGLE_TILE_BODY
  typedef typename DeviceRadixTile<K, V>::type Tile;
  enum { Items = radix_items<K, V>::value };
  __shared__ typename Tile::Storage storage;
  unsigned int thread = threadIdx.x;
  K keys[Items];
  V values[Items];
  IteratorLoad<const K*, K> key_load = {keys_in};
  load_tile<RADIX_THREADS>(key_load, 0, count, keys, storage.keys);
  if (Tile::HasValues) {
    IteratorLoad<const V*, V> value_load = {values_in};
    load_tile<RADIX_THREADS>(value_load, 0, count, values, storage.values);
  }
  for (int shift = begin_bit; shift < end_bit; shift += RADIX_BITS) {
    int bits = end_bit - shift < RADIX_BITS ? end_bit - shift : (int)RADIX_BITS;
    unsigned int digit[Items], ranks[Items];
    /* rank() passes barriers before the first store below, after every thread has read
     * the exchange of the pass before (or the loads' staging). */
    Tile::rank(storage, keys, count, shift, bits, descending, digit, ranks);
#pragma unroll
    for (int item = 0; item < Items; ++item)
      if ((int)thread * Items + item < count) {
        storage.keys[padded((int)ranks[item])].get() = keys[item];
        if (Tile::HasValues) storage.values[padded((int)ranks[item])].get() = values[item];
      }
    __syncthreads();
    if (shift + RADIX_BITS >= end_bit) break;
#pragma unroll
    for (int item = 0; item < Items; ++item) {
      int index = (int)thread * Items + item;
      if (index < count) {
        keys[item] = storage.keys[padded(index)].get();
        if (Tile::HasValues) values[item] = storage.values[padded(index)].get();
      }
    }
  }
  /* Striped, so that a warp's stores are consecutive. */
#pragma unroll
  for (int item = 0; item < Items; ++item) {
    int index = item * RADIX_THREADS + (int)thread;
    if (index < count) {
      keys_out[index] = storage.keys[padded(index)].get();
      if (Tile::HasValues) values_out[index] = storage.values[padded(index)].get();
    }
  }
#endif
}

/* Block d scans digit d's counts across the tiles in place (exclusive) and writes the
 * digit's total. (A template, so that the header defines it in every file that includes
 * it without a duplicate symbol.) */
template <class T>
__global__ void __launch_bounds__(RADIX_THREADS)
    radix_scan_digits(unsigned int* counts, unsigned int tiles, unsigned int* totals, T*) {
  enum { Items = 8, Chunk = RADIX_THREADS * Items };
  __shared__ typename BlockPartials<unsigned int, RADIX_THREADS>::Storage storage;
  unsigned int* row = counts + (size_t)blockIdx.x * tiles;
  unsigned int carry = 0;
  for (unsigned int first = 0; first < tiles; first += Chunk) {
    unsigned int values[Items], partial = 0;
#pragma unroll
    for (int item = 0; item < Items; ++item) {
      unsigned int index = first + threadIdx.x * Items + item;
      values[item] = index < tiles ? row[index] : 0u;
      partial += values[item];
    }
    unsigned int exclusive, aggregate;
    BlockPartials<unsigned int, RADIX_THREADS>::exclusive_scan(storage, partial, hipcub::Sum(),
                                                               exclusive, aggregate);
    unsigned int running = carry + (threadIdx.x == 0 ? 0u : exclusive);
#pragma unroll
    for (int item = 0; item < Items; ++item) {
      unsigned int index = first + threadIdx.x * Items + item;
      if (index < tiles) row[index] = running;
      running += values[item];
    }
    carry += aggregate;
  }
  if (threadIdx.x == 0) totals[blockIdx.x] = carry;
}

/* ---- the GPUs' sort: 8-bit digits, one launch per pass ----
 *
 * One launch counts every pass's digits over the whole input (`radix_histograms`), one
 * turns each pass's counts into the start of each digit's bin (`radix_bin_starts`), then
 * each pass is one launch (`radix_onesweep`): a block takes the next tile number from an
 * atomic counter, ranks its tile's keys by digit, publishes its digit counts and finds how
 * many keys of each digit the tiles before it hold by decoupled look-back over their
 * published counts, then writes its keys (and values) to their bins. Tiles are numbered as
 * blocks start, so a block only waits for tiles whose blocks already run. The CPU device,
 * where a waiting block may spin on a worker the OS took away for the block it waits for,
 * keeps the three launches of 4-bit passes above, in which no block waits for another
 * (`radix_on_cpu_device`); so do keys or values of more than 16 bytes, and inputs of 2^30
 * items or more (a published count has 30 bits). Defining OXHIP_RADIX_ONESWEEP_ON_CPU
 * when compiling takes the one-sweep passes on the CPU device too, for testing them there.
 */
#ifndef OXHIP_ONESWEEP_PAIR_THREADS
#define OXHIP_ONESWEEP_PAIR_THREADS 512
#endif
#ifndef OXHIP_ONESWEEP_PAIR_ITEMS
#define OXHIP_ONESWEEP_PAIR_ITEMS 12
#endif
enum {
  ONESWEEP_BITS = 8,
  ONESWEEP_DIGITS = 256,
  /* Blocks of the histogram and bin-start launches. */
  ONESWEEP_THREADS = 256,
  /* A one-sweep tile: threads, items per thread for keys and values of up to 4 bytes, and
   * the shared memory that stages larger ones. On the H200 (32-bit pairs, 2^24 items),
   * 384 x 16 took 0.66 ms, 256 x 24 0.70 ms, 256 x 16 0.74 ms: fewer, larger tiles were faster
   * (shorter look-backs, it seems). A later round (docs/libraries.md): 384 x 20 0.61 ms,
   * 512 x 12 0.63, 384 x 16 0.65 (also with three blocks an SM), 256 x 24 0.67, 512 x 16
   * 0.89. But 20 items of pairs need 51,760 bytes of static shared memory (the staged
   * keys, then values, and a digit byte per item), over the 48 KiB a CUDA kernel may
   * declare: ptxas refuses it, so such a program carried no cubin. Keys alone take
   * 20 (43 KiB); pairs of 4-byte items take a tile of their own, 512 x 12 (47 KiB: the same
   * 6,144 items as 384 x 16, with more warps' digit counts), 0.630-0.637 ms against 0.653 for
   * 384 x 16 in one run on the H200 (OXHIP_ONESWEEP_PAIR_THREADS and _ITEMS, for tuning). */
  ONESWEEP_TILE_THREADS = 384,
  ONESWEEP_SMALL_ITEMS = 20,
  ONESWEEP_SMALL_PAIR_THREADS = OXHIP_ONESWEEP_PAIR_THREADS,
  ONESWEEP_SMALL_PAIR_ITEMS = OXHIP_ONESWEEP_PAIR_ITEMS,
  /* The most static shared memory a kernel may declare on every GPU (CUDA's 48 KiB). */
  ONESWEEP_STATIC_SHARED = 48 * 1024,
  ONESWEEP_STAGE_BYTES = 32768,
  /* Predecessors a look-back reads at once. */
  ONESWEEP_WINDOW = 8,
  /* A tile's published count for one digit: a flag in the top two bits. */
  ONESWEEP_AGGREGATE = 1u << 30,
  ONESWEEP_PREFIX = 2u << 30,
  ONESWEEP_FLAGS = 3u << 30,
  ONESWEEP_VALUE = (1u << 30) - 1u
};

/* Published counts travel as single 32-bit words (flag and count together) with relaxed
 * loads and stores of device scope, so that no cache keeps a stale copy. nvptx gets them
 * as PTX, since its atomics of device scope come out as system scope (.sys). */
static __device__ __forceinline__ unsigned int onesweep_load(const unsigned int* word) {
#if defined(__OXHIP_NVPTX__) && __CUDA_ARCH__ >= 700
  unsigned int value;
  asm volatile("ld.relaxed.gpu.global.b32 %0, [%1];" : "=r"(value) : "l"(word) : "memory");
  return value;
#elif defined(__OXHIP_NVPTX__)
  unsigned int value;
  asm volatile("ld.volatile.global.b32 %0, [%1];" : "=r"(value) : "l"(word) : "memory");
  return value;
#else
  return __hip_atomic_load(word, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
#endif
}
static __device__ __forceinline__ void onesweep_store(unsigned int* word, unsigned int value) {
#if defined(__OXHIP_NVPTX__) && __CUDA_ARCH__ >= 700
  asm volatile("st.relaxed.gpu.global.b32 [%0], %1;" : : "l"(word), "r"(value) : "memory");
#elif defined(__OXHIP_NVPTX__)
  asm volatile("st.volatile.global.b32 [%0], %1;" : : "l"(word), "r"(value) : "memory");
#else
  __hip_atomic_store(word, value, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
#endif
}

/* nvptx: two blocks per multiprocessor (at most 80 registers a thread for 384 threads). */
#if defined(__OXHIP_NVPTX__)
#define OXHIP_ONESWEEP_BOUNDS __launch_bounds__(Threads, 2)
#else
#define OXHIP_ONESWEEP_BOUNDS __launch_bounds__(Threads)
#endif

#if defined(__OXHIP_CPU__) && !defined(OXHIP_RADIX_ONESWEEP_ON_CPU)
#define OXHIP_RADIX_ONESWEEP_BODY 0
#else
#define OXHIP_RADIX_ONESWEEP_BODY 1
#endif

/* Threads and items per thread of a one-sweep tile (items 0: keys or values too large for
 * it). The same on every target, since the host sizes the grid and the look-back storage
 * from them. */
template <class K, class V>
struct onesweep_items {
  enum {
    size = radix_items<K, V>::size,
    small_pair = size <= 4 && !std::is_same<V, NullType>::value,
    threads = small_pair ? (int)ONESWEEP_SMALL_PAIR_THREADS : (int)ONESWEEP_TILE_THREADS,
    value = size <= 4    ? (small_pair ? (int)ONESWEEP_SMALL_PAIR_ITEMS : (int)ONESWEEP_SMALL_ITEMS)
            : size <= 8  ? (int)ONESWEEP_STAGE_BYTES / (ONESWEEP_TILE_THREADS * 8)
            : size <= 16 ? (int)ONESWEEP_STAGE_BYTES / (ONESWEEP_TILE_THREADS * 16)
                         : 0
  };
};

/* A warp's lanes as bits: 32 on nvptx, up to 64 elsewhere. */
#if defined(__OXHIP_NVPTX__)
typedef unsigned int onesweep_mask;
static __device__ __forceinline__ unsigned int onesweep_popc(unsigned int lanes) {
  return (unsigned int)__popc(lanes);
}
/* The lane that speaks for a group of peers: the highest (one instruction on nvptx, where the
 * lowest takes three). `lanes` is never 0, a lane being among its own peers. */
static __device__ __forceinline__ int onesweep_leader(unsigned int lanes) {
  return 31 - __clz((int)lanes);
}
/* `peers` less the lanes whose `digit` differs from this lane's in the bit `bit` (a power of
 * two): one test, one ballot and a negation under the test's predicate, which LLVM would
 * make a test, a ballot, a select and an exclusive or, and ptxas turns a run of these tests
 * of one register into a single move of its bits to predicates. */
static __device__ __forceinline__ unsigned int onesweep_match_bit(unsigned int peers,
                                                                 unsigned int digit,
                                                                 unsigned int bit) {
  unsigned int result;
  asm volatile(
      "{\n\t.reg .pred set;\n\t.reg .b32 with;\n\t"
      "and.b32 with, %1, %2;\n\tsetp.ne.u32 set, with, 0;\n\t"
      "vote.sync.ballot.b32 with, set, 0xffffffff;\n\t"
      "@!set not.b32 with, with;\n\tand.b32 %0, %3, with;\n\t}"
      : "=r"(result)
      : "r"(digit), "n"(bit), "r"(peers));
  return result;
}
#else
typedef unsigned long long onesweep_mask;
static __device__ __forceinline__ unsigned int onesweep_popc(unsigned long long lanes) {
  return (unsigned int)__popcll(lanes);
}
static __device__ __forceinline__ int onesweep_leader(unsigned long long lanes) {
  return 63 - __clzll((long long)lanes);
}
static __device__ __forceinline__ unsigned long long onesweep_match_bit(unsigned long long peers,
                                                                       unsigned int digit,
                                                                       unsigned int bit) {
  bool set = (digit & bit) != 0;
  unsigned long long with = (unsigned long long)__ballot_sync(~0ull, set);
  return peers & (set ? with : ~with);
}
#endif

/* A lane's items of its warp's part of a tile: item i from from[i * stride], those at or
 * past `left` (a partial tile's end) not read. */
template <int Items, class T>
static __device__ __forceinline__ void onesweep_load_items(T (&items)[Items], const T* from,
                                                           int stride, bool full, int left) {
  if (full) {
#pragma unroll
    for (int item = 0; item < Items; ++item) items[item] = from[item * stride];
  } else {
#pragma unroll
    for (int item = 0; item < Items; ++item)
      if (item * stride < left) items[item] = from[item * stride];
  }
}

/* Every pass's digit counts, added into histograms[pass * 256 + digit] (zeroed before). */
template <class K>
__global__ void __launch_bounds__(ONESWEEP_THREADS)
    radix_histograms(const K* keys, long long count, int begin_bit, int end_bit, int passes,
                     bool descending, unsigned int* histograms) {
#if OXHIP_RADIX_ONESWEEP_BODY
  enum { MaxPasses = sizeof(K), Unroll = 4, Stride = ONESWEEP_THREADS * Unroll };
  __shared__ unsigned int counts[MaxPasses * ONESWEEP_DIGITS];
  for (int at = threadIdx.x; at < MaxPasses * ONESWEEP_DIGITS; at += ONESWEEP_THREADS)
    counts[at] = 0;
  __syncthreads();
  for (long long first = (long long)blockIdx.x * Stride; first < count;
       first += (long long)gridDim.x * Stride) {
    K key[Unroll];
#pragma unroll
    for (int item = 0; item < Unroll; ++item) {
      long long index = first + item * ONESWEEP_THREADS + threadIdx.x;
      if (index < count) key[item] = keys[index];
    }
#pragma unroll
    for (int item = 0; item < Unroll; ++item) {
      long long index = first + item * ONESWEEP_THREADS + threadIdx.x;
      if (index < count) {
#pragma unroll
        for (int pass = 0; pass < MaxPasses; ++pass) {
          int shift = begin_bit + pass * ONESWEEP_BITS;
          if (pass < passes) {
            int bits = end_bit - shift < ONESWEEP_BITS ? end_bit - shift : (int)ONESWEEP_BITS;
            atomicAdd(&counts[pass * ONESWEEP_DIGITS +
                              radix_digit(key[item], shift, bits, descending)],
                      1u);
          }
        }
      }
    }
  }
  __syncthreads();
  for (int at = threadIdx.x; at < passes * ONESWEEP_DIGITS; at += ONESWEEP_THREADS)
    if (counts[at] != 0) atomicAdd(&histograms[at], counts[at]);
#else
  (void)keys, (void)count, (void)begin_bit, (void)end_bit, (void)passes, (void)descending,
      (void)histograms;
#endif
}

/* Block p replaces pass p's digit counts by their exclusive sum: the start of each digit's
 * bin. (A template, so that the header defines it in every file without a duplicate
 * symbol.) */
template <class T>
__global__ void __launch_bounds__(ONESWEEP_THREADS)
    radix_bin_starts(unsigned int* histograms, T*) {
#if OXHIP_RADIX_ONESWEEP_BODY
  __shared__ unsigned int sums[ONESWEEP_DIGITS];
  unsigned int* row = histograms + (size_t)blockIdx.x * ONESWEEP_DIGITS;
  unsigned int mine = row[threadIdx.x];
  sums[threadIdx.x] = mine;
  __syncthreads();
  for (unsigned int offset = 1; offset < ONESWEEP_DIGITS; offset <<= 1) {
    unsigned int add = threadIdx.x >= offset ? sums[threadIdx.x - offset] : 0u;
    __syncthreads();
    sums[threadIdx.x] += add;
    __syncthreads();
  }
  row[threadIdx.x] = sums[threadIdx.x] - mine;
#else
  (void)histograms;
#endif
}

/* A one-sweep tile's keys from shared memory (in digit order) to their bins, consecutive
 * threads to consecutive places of a bin, with each item's digit kept for the values; `Full`
 * (a whole tile) leaves out the per-item test against the tile's end and its branch. */
template <bool Full, int Threads, int Items, bool HasValues, class K>
static __device__ __forceinline__ void onesweep_write_keys(Uninitialized<K>* staged,
                                                           unsigned char* digits,
                                                           const unsigned int* global_base,
                                                           K* keys_out, unsigned int thread,
                                                           int valid, int shift, int bits,
                                                           bool descending) {
#pragma unroll
  for (int item = 0; item < Items; ++item) {
    int index = item * Threads + (int)thread;
    if (Full || index < valid) {
      K key = staged[index].get();
      unsigned int digit = radix_digit(key, shift, bits, descending);
      if (HasValues) digits[index] = (unsigned char)digit;
      keys_out[global_base[digit] + (unsigned int)index] = key;
    }
  }
}

/* The values the same way, each to its key's place. */
template <bool Full, int Threads, int Items, class V>
static __device__ __forceinline__ void onesweep_write_values(Uninitialized<V>* staged,
                                                             const unsigned char* digits,
                                                             const unsigned int* global_base,
                                                             V* values_out, unsigned int thread,
                                                             int valid) {
#pragma unroll
  for (int item = 0; item < Items; ++item) {
    int index = item * Threads + (int)thread;
    if (Full || index < valid)
      values_out[global_base[digits[index]] + (unsigned int)index] = staged[index].get();
  }
}

/* One pass over one tile of Threads x Items keys. Warp w holds the tile's items
 * [w * Items * W, (w + 1) * Items * W) for warps of W lanes, item i of lane l being
 * w * Items * W + i * W + l, so a warp's items in the order it ranks them are in input
 * order. Ranking: for each item, the lanes holding the same digit find each other by one
 * ballot per digit bit; the highest of them adds their number to the warp's count of that
 * digit in shared memory, and each takes the count before plus the number of its peers
 * below it. Thread d then owns digit d: it turns the warps' counts into offsets within the
 * tile and publishes the tile's count (tile 0: as a prefix). The keys go to shared memory
 * in digit order, the values are loaded, and thread d sums the counts of digit d in the
 * tiles before by looking back until a published prefix, and publishes its own prefix.
 * Keys are written out from shared memory, consecutive threads to consecutive places of a
 * bin, then the values the same way. Only the keys and their ranks are held across the
 * ranking, for the registers. Threads past the 256th own no digit. */
template <class K, class V, int Threads, int Items>
__global__ void OXHIP_ONESWEEP_BOUNDS
    radix_onesweep(const K* keys_in, const V* values_in, K* keys_out, V* values_out,
                   long long count, int shift, int bits, bool descending,
                   const unsigned int* bin_start, unsigned int* tile_counter,
                   unsigned int* status) {
#if OXHIP_RADIX_ONESWEEP_BODY
  enum {
    Tile = Threads * Items,
    MaxWarps = Threads / 32,
    HasValues = !std::is_same<V, NullType>::value
  };
  static_assert(Threads >= ONESWEEP_DIGITS && Threads % 64 == 0, "a thread for each digit");
  union Stage {
    Uninitialized<K> keys[Tile];
    Uninitialized<V> values[HasValues ? (int)Tile : 1];
  };
  __shared__ Stage stage;
  __shared__ unsigned int warp_counts[MaxWarps * ONESWEEP_DIGITS];
  __shared__ unsigned char digits[HasValues ? (int)Tile : 1];
  __shared__ unsigned int global_base[ONESWEEP_DIGITS];
  __shared__ unsigned int warp_totals[MaxWarps];
  __shared__ unsigned int tile_shared;
  static_assert(sizeof(Stage) + sizeof(warp_counts) + sizeof(digits) + sizeof(global_base) +
                        sizeof(warp_totals) + sizeof(tile_shared) <=
                    ONESWEEP_STATIC_SHARED,
                "a one-sweep tile's shared memory fits what ptxas accepts");
  const unsigned int thread = threadIdx.x;
  const unsigned int lanes = (unsigned int)(int)warpSize;
  const unsigned int lane = thread % lanes;
  const unsigned int warp = thread / lanes;
  const unsigned int warps = Threads / lanes;
  for (unsigned int at = thread; at < MaxWarps * ONESWEEP_DIGITS; at += Threads)
    warp_counts[at] = 0;
  if (thread == 0) tile_shared = atomicAdd(tile_counter, 1u);
  __syncthreads();
  const unsigned int tile = tile_shared;
  const long long tile_start = (long long)tile * Tile;
  const int valid = count - tile_start < Tile ? (int)(count - tile_start) : (int)Tile;
  const bool full = valid == (int)Tile;
  const int warp_first = (int)(warp * Items * lanes + lane);

  K keys[Items];
  onesweep_load_items(keys, keys_in + tile_start + warp_first, (int)lanes, full,
                      valid - warp_first);

  /* Each item's digit (high half) and rank among the warp's items of that digit; then its
   * place in the tile. Items past the end of a partial tile, which is the last, take digit
   * 255 with no key: they rank after every item of the tile, and the counts they add to the
   * tile's are never read by another tile. */
  unsigned int* counts = warp_counts + warp * ONESWEEP_DIGITS;
  const onesweep_mask below = (onesweep_mask)((1ull << lane) - 1ull);
#if defined(__OXHIP_NVPTX__)
  const onesweep_mask every_lane = ~0u;
#else
  const onesweep_mask every_lane = __ballot_sync(~0ull, 1);
#endif
  unsigned int ranked[Items];
#pragma unroll
  for (int item = 0; item < Items; ++item) {
    int index = warp_first + item * (int)lanes;
    unsigned int digit = full || index < valid
                             ? radix_digit(keys[item], shift, bits, descending)
                             : (unsigned int)(ONESWEEP_DIGITS - 1);
    /* Bits past `bits` are 0 in every lane and leave `peers` as it is. */
    onesweep_mask peers = every_lane;
#pragma unroll
    for (int bit = 0; bit < ONESWEEP_BITS; ++bit) peers = onesweep_match_bit(peers, digit, 1u << bit);
    int leader = onesweep_leader(peers);
    unsigned int before = 0;
    if ((int)lane == leader) {
      before = counts[digit];
      counts[digit] = before + onesweep_popc(peers);
    }
    before = __shfl_sync(~0ull, before, leader);
    ranked[item] = (digit << 16) | (before + onesweep_popc(peers & below));
    __syncwarp();
  }
  __syncthreads();

  /* Thread d < 256 owns digit d from here (whole warps). */
  const bool owner = thread < ONESWEEP_DIGITS;
  unsigned int digit_count = 0, digit_start = 0;
  unsigned int* published = status + (size_t)tile * ONESWEEP_DIGITS + thread;
  if (owner) {
    for (unsigned int other = 0; other < warps; ++other) {
      unsigned int at = other * ONESWEEP_DIGITS + thread;
      unsigned int mine = warp_counts[at];
      warp_counts[at] = digit_count;
      digit_count += mine;
    }
    onesweep_store(published, (tile == 0 ? (unsigned int)ONESWEEP_PREFIX
                                         : (unsigned int)ONESWEEP_AGGREGATE) |
                                  digit_count);
    unsigned int inclusive = digit_count;
    for (unsigned int offset = 1; offset < lanes; offset <<= 1) {
      unsigned int lower = __shfl_up_sync(~0ull, inclusive, offset);
      if (lane >= offset) inclusive += lower;
    }
    if (lane == lanes - 1) warp_totals[warp] = inclusive;
    digit_start = inclusive - digit_count;
  }
  __syncthreads();
  if (owner) {
    for (unsigned int other = 0; other < warp; ++other) digit_start += warp_totals[other];
    for (unsigned int other = 0; other < warps; ++other)
      warp_counts[other * ONESWEEP_DIGITS + thread] += digit_start;
  }
  __syncthreads();

  /* `ranked` becomes each item's place in the tile. */
#pragma unroll
  for (int item = 0; item < Items; ++item) {
    ranked[item] = counts[ranked[item] >> 16] + (ranked[item] & 0xffffu);
    stage.keys[ranked[item]].get() = keys[item];
  }
  V values[Items];
  if (HasValues)
    onesweep_load_items(values, values_in + tile_start + warp_first, (int)lanes, full,
                        valid - warp_first);

  unsigned int prefix = 0;
  if (owner && tile > 0) {
    /* Tiles [0, next) are still to be summed; ONESWEEP_WINDOW of them are read at once,
     * and summed from the nearest down to the first that has published nothing yet (read
     * again next round) or has published its prefix (the end). Tile 0 publishes a prefix. */
    unsigned int next = tile;
    for (;;) {
      unsigned int state[ONESWEEP_WINDOW];
#pragma unroll
      for (int back = 0; back < ONESWEEP_WINDOW; ++back)
        state[back] = (unsigned int)back < next
                          ? onesweep_load(status + (size_t)(next - 1 - back) * ONESWEEP_DIGITS +
                                          thread)
                          : 0u;
      bool found = false, stop = false;
      unsigned int taken = 0;
#pragma unroll
      for (int back = 0; back < ONESWEEP_WINDOW; ++back) {
        if (!stop && (state[back] & ONESWEEP_FLAGS) != 0) {
          prefix += state[back] & ONESWEEP_VALUE;
          ++taken;
          found = (state[back] & ONESWEEP_PREFIX) != 0;
          stop = found;
        } else {
          stop = true;
        }
      }
      if (found) break;
      next -= taken;
    }
    onesweep_store(published, (unsigned int)ONESWEEP_PREFIX | (prefix + digit_count));
  }
  /* Wraps below zero for a moment; the sum with a place in the tile does not. */
  if (owner) global_base[thread] = bin_start[thread] + prefix - digit_start;
  __syncthreads();

  /* In a partial tile the items past its end have the last places. */
  if (full)
    onesweep_write_keys<true, Threads, Items, HasValues>(stage.keys, digits, global_base, keys_out,
                                                         thread, valid, shift, bits, descending);
  else
    onesweep_write_keys<false, Threads, Items, HasValues>(stage.keys, digits, global_base,
                                                          keys_out, thread, valid, shift, bits,
                                                          descending);
  if (HasValues) {
    __syncthreads();
#pragma unroll
    for (int item = 0; item < Items; ++item) stage.values[ranked[item]].get() = values[item];
    __syncthreads();
    if (full)
      onesweep_write_values<true, Threads, Items>(stage.values, digits, global_base, values_out,
                                                  thread, valid);
    else
      onesweep_write_values<false, Threads, Items>(stage.values, digits, global_base,
                                                   values_out, thread, valid);
  }
#else
  (void)keys_in, (void)values_in, (void)keys_out, (void)values_out, (void)count, (void)shift,
      (void)bits, (void)descending, (void)bin_start, (void)tile_counter, (void)status;
#endif
}

/* One launch of `radix_onesweep`; never made for types too large for it (Items 0). */
template <class K, class V, int Threads, int Items>
struct onesweep_pass {
  static hipError_t launch(unsigned int tiles, hipStream_t stream, const K* keys_in,
                           const V* values_in, K* keys_out, V* values_out, long long count,
                           int shift, int bits, bool descending, const unsigned int* bin_start,
                           unsigned int* tile_counter, unsigned int* status) {
    radix_onesweep<K, V, Threads, Items><<<tiles, Threads, 0, stream>>>(
        keys_in, values_in, keys_out, values_out, count, shift, bits, descending, bin_start,
        tile_counter, status);
    return hipGetLastError();
  }
};
template <class K, class V, int Threads>
struct onesweep_pass<K, V, Threads, 0> {
  static hipError_t launch(unsigned int, hipStream_t, const K*, const V*, K*, V*, long long,
                           int, int, bool, const unsigned int*, unsigned int*, unsigned int*) {
    return hipErrorInvalidValue;
  }
};

/* Whether the current device is the CPU device, asked once per device (its gcnArchName is
 * "host"). */
static inline bool radix_on_cpu_device() {
  static signed char known[64] = {0}; /* 0: not asked yet, 1: the CPU device, 2: a GPU */
  int device = 0;
  if (hipGetDevice(&device) != hipSuccess) return false;
  bool cached = device >= 0 && device < 64;
  if (cached && known[device] != 0) return known[device] == 1;
  hipDeviceProp_t props;
  if (hipGetDeviceProperties(&props, device) != hipSuccess) return false;
  const char* arch = props.gcnArchName;
  bool cpu = arch[0] == 'h' && arch[1] == 'o' && arch[2] == 's' && arch[3] == 't' &&
             (arch[4] == 0 || arch[4] == ':');
  if (cached) known[device] = cpu ? 1 : 2;
  return cpu;
}

/* Blocks for the histogram launch: a few per multiprocessor, asked once per device. */
static inline unsigned int radix_histogram_blocks(long long count) {
  static int known[64] = {0};
  int device = 0, processors = 0;
  if (hipGetDevice(&device) == hipSuccess && device >= 0 && device < 64) {
    if (known[device] == 0 &&
        hipDeviceGetAttribute(&known[device], hipDeviceAttributeMultiprocessorCount,
                              device) != hipSuccess)
      known[device] = 0;
    processors = known[device];
  }
  if (processors <= 0) processors = 64;
  long long wanted = (count + ONESWEEP_THREADS * 16 - 1) / (ONESWEEP_THREADS * 16);
  long long most = (long long)processors * 8;
  return (unsigned int)(wanted < 1 ? 1 : wanted < most ? wanted : most);
}

/* The passes of a device-wide sort. Pass p reads the previous pass's output (pass 0
 * `keys_in`) and writes buffer ((first + p) & 1) of {a, b}, and `result_in_b` says where
 * the sorted data ended. With pointers (`pointer_mode`), `a` is the output, `b` an
 * alternate buffer in the temporary storage, and `first` makes the last pass write `a`;
 * with DoubleBuffers, `a` is the alternate buffer and `b` the current one (`keys_in`). The
 * storage asked for suits both ways of sorting, so a size queried on one device serves the
 * other. */
template <class K, class V>
static hipError_t radix_sort(void* d_temp_storage, size_t& temp_storage_bytes,
                             bool pointer_mode, const K* keys_in, const V* values_in, K* keys_a,
                             K* keys_b, V* values_a, V* values_b, long long count,
                             int begin_bit, int end_bit, bool descending, hipStream_t stream,
                             bool& result_in_b) {
  typedef typename DeviceRadixTile<K, V>::type Tile;
  enum {
    OneThreads = onesweep_items<K, V>::threads,
    OneItems = onesweep_items<K, V>::value,
    OneTile = OneThreads * OneItems
  };
  const bool has_values = Tile::HasValues;
  const bool need_alternate = pointer_mode;
  if (count < 0) count = 0;
  int bit_count = end_bit > begin_bit ? end_bit - begin_bit : 0;
  /* The three-launch passes' scratch: per-tile digit counts and the digits' totals. */
  int passes4 = (bit_count + RADIX_BITS - 1) / RADIX_BITS;
  unsigned int tiles4 = (unsigned int)((count + Tile::Tile - 1) / Tile::Tile);
  size_t counts_bytes =
      ((size_t)RADIX_DIGITS * (tiles4 + 1) * sizeof(unsigned int) + 255) & ~(size_t)255;
  size_t scratch4 = counts_bytes + RADIX_DIGITS * sizeof(unsigned int);
  /* The one-sweep passes' scratch: the bins, the tile counters and the published counts. */
  const bool onesweep_fits = OneItems > 0 && count < (long long)ONESWEEP_VALUE;
  int passes8 = (bit_count + ONESWEEP_BITS - 1) / ONESWEEP_BITS;
  const long long one_tile = OneTile > 0 ? (long long)OneTile : 1;
  unsigned int tiles8 = (unsigned int)((count + one_tile - 1) / one_tile);
  size_t bins_bytes = (size_t)passes8 * ONESWEEP_DIGITS * sizeof(unsigned int);
  size_t counters_bytes = ((size_t)passes8 * sizeof(unsigned int) + 255) & ~(size_t)255;
  size_t published_bytes = (size_t)passes8 * tiles8 * ONESWEEP_DIGITS * sizeof(unsigned int);
  size_t scratch8 = onesweep_fits ? bins_bytes + counters_bytes + published_bytes : 0;
  TempLayout layout;
  int scratch_piece = layout.add(scratch4 > scratch8 ? scratch4 : scratch8);
  int keys_piece = layout.add(need_alternate ? (size_t)count * sizeof(K) : 0);
  int values_piece = layout.add(need_alternate && has_values ? (size_t)count * sizeof(V) : 0);
  hipError_t status;
  if (!temp_storage_check(d_temp_storage, temp_storage_bytes, layout.total, status))
    return status;
  if (need_alternate) {
    keys_b = layout.at<K>(d_temp_storage, keys_piece);
    values_b = layout.at<V>(d_temp_storage, values_piece);
  }
  result_in_b = !pointer_mode;
  if (count == 0) return hipSuccess;
  if (bit_count == 0) {
    /* Nothing to sort by: the input is the result. */
    if (pointer_mode && keys_a != keys_in) {
      status = hipMemcpyAsync(keys_a, keys_in, (size_t)count * sizeof(K),
                              hipMemcpyDeviceToDevice, stream);
      if (status != hipSuccess) return status;
      if (has_values)
        status = hipMemcpyAsync(values_a, values_in, (size_t)count * sizeof(V),
                                hipMemcpyDeviceToDevice, stream);
    }
    return status;
  }
#if defined(OXHIP_RADIX_SINGLE_TILE_ON_CPU)
  const bool single_tile = count <= (long long)Tile::Tile;
#else
  const bool single_tile = count <= (long long)Tile::Tile && !radix_on_cpu_device();
#endif
  if (single_tile) {
    /* One block: into the output (pointer_mode), or in place over the current buffer. */
    K* keys_to = pointer_mode ? keys_a : keys_b;
    V* values_to = pointer_mode ? values_a : values_b;
    radix_single_tile<K, V><<<1, RADIX_THREADS, 0, stream>>>(keys_in, values_in, keys_to,
                                                             values_to, (int)count, begin_bit,
                                                             end_bit, descending);
    result_in_b = !pointer_mode;
    return hipGetLastError();
  }
  unsigned char* scratch = layout.at<unsigned char>(d_temp_storage, scratch_piece);
#if defined(OXHIP_RADIX_ONESWEEP_ON_CPU)
  const bool onesweep = onesweep_fits;
#else
  const bool onesweep = onesweep_fits && !radix_on_cpu_device();
#endif
  const int passes = onesweep ? passes8 : passes4;
  const int digit_bits = onesweep ? (int)ONESWEEP_BITS : (int)RADIX_BITS;
  int first = pointer_mode ? (passes - 1) & 1 : 0;
  unsigned int* bins = reinterpret_cast<unsigned int*>(scratch);
  unsigned int* counters = reinterpret_cast<unsigned int*>(scratch + bins_bytes);
  unsigned int* published = reinterpret_cast<unsigned int*>(scratch + bins_bytes + counters_bytes);
  if (onesweep) {
    status = hipMemsetAsync(scratch, 0, scratch8, stream);
    if (status != hipSuccess) return status;
    radix_histograms<K><<<radix_histogram_blocks(count), ONESWEEP_THREADS, 0, stream>>>(
        keys_in, count, begin_bit, end_bit, passes8, descending, bins);
    status = hipGetLastError();
    if (status != hipSuccess) return status;
    radix_bin_starts<int><<<passes8, ONESWEEP_THREADS, 0, stream>>>(bins, nullptr);
    status = hipGetLastError();
    if (status != hipSuccess) return status;
  }
  unsigned int* counts = reinterpret_cast<unsigned int*>(scratch);
  unsigned int* totals = reinterpret_cast<unsigned int*>(scratch + counts_bytes);
  const K* keys_from = keys_in;
  const V* values_from = values_in;
  for (int pass = 0; pass < passes; ++pass) {
    int shift = begin_bit + pass * digit_bits;
    int bits = end_bit - shift < digit_bits ? end_bit - shift : digit_bits;
    bool to_b = ((first + pass) & 1) != 0;
    K* keys_to = to_b ? keys_b : keys_a;
    V* values_to = to_b ? values_b : values_a;
    if (onesweep) {
      status = onesweep_pass<K, V, OneThreads, OneItems>::launch(
          tiles8, stream, keys_from, values_from, keys_to, values_to, count, shift, bits,
          descending, bins + (size_t)pass * ONESWEEP_DIGITS, counters + pass,
          published + (size_t)pass * tiles8 * ONESWEEP_DIGITS);
      if (status != hipSuccess) return status;
    } else {
      radix_upsweep<K><<<tiles4, RADIX_THREADS, 0, stream>>>(keys_from, count, (int)Tile::Tile,
                                                              shift, bits, descending, counts,
                                                              tiles4);
      status = hipGetLastError();
      if (status != hipSuccess) return status;
      radix_scan_digits<int><<<RADIX_DIGITS, RADIX_THREADS, 0, stream>>>(counts, tiles4,
                                                                             totals, nullptr);
      status = hipGetLastError();
      if (status != hipSuccess) return status;
      radix_downsweep<K, V><<<tiles4, RADIX_THREADS, 0, stream>>>(
          keys_from, values_from, keys_to, values_to, count, shift, bits, descending, counts,
          totals, tiles4);
      status = hipGetLastError();
      if (status != hipSuccess) return status;
    }
    keys_from = keys_to;
    values_from = values_to;
    result_in_b = to_b;
  }
  return hipSuccess;
}

}  // namespace detail
}  // namespace hipcub

#undef OXHIP_ONESWEEP_BOUNDS
#undef OXHIP_RADIX_ONESWEEP_BODY
#undef OXHIP_RADIX_SINGLE_TILE_BODY

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_DEVICE_DETAIL_RADIX_HPP */
