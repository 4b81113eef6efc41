/* oxhip: the radix sort behind hipCUB's DeviceRadixSort, DeviceSegmentedRadixSort and
 * BlockRadixSort (docs/libraries.md).
 *
 * Keys become unsigned bit patterns that order as the keys do (signed integers: the sign
 * bit flipped; floating point: every bit flipped for negatives, the sign bit for the rest,
 * -0.0 taken as +0.0), and each pass sorts stably by 4 bits of them, least significant
 * first; a descending sort inverts the bits. Device-wide, a pass is three launches: an
 * upsweep counts each tile's digits, one block per digit scans those counts across the
 * tiles, and a downsweep ranks each tile's items (per-thread digit counts, 16 bits each,
 * scanned across the block), stages them in shared memory in digit order and writes them
 * out coalesced. FIXME(#25): 8-bit digits and one-sweep passes, as CUB does, would need half
 * the passes.
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

/* The passes of a device-wide sort. Pass p reads the previous pass's output (pass 0
 * `keys_in`) and writes buffer ((first + p) & 1) of {a, b}, and `result_in_b` says where
 * the sorted data ended. With pointers (`pointer_mode`), `a` is the output, `b` an
 * alternate buffer in the temporary storage, and `first` makes the last pass write `a`;
 * with DoubleBuffers, `a` is the alternate buffer and `b` the current one (`keys_in`). */
template <class K, class V>
static hipError_t radix_sort(void* d_temp_storage, size_t& temp_storage_bytes,
                             bool pointer_mode, const K* keys_in, const V* values_in, K* keys_a,
                             K* keys_b, V* values_a, V* values_b, long long count,
                             int begin_bit, int end_bit, bool descending, hipStream_t stream,
                             bool& result_in_b) {
  typedef typename DeviceRadixTile<K, V>::type Tile;
  const bool has_values = Tile::HasValues;
  const bool need_alternate = pointer_mode;
  if (count < 0) count = 0;
  int passes = end_bit > begin_bit ? (end_bit - begin_bit + RADIX_BITS - 1) / RADIX_BITS : 0;
  int first = pointer_mode && passes > 0 ? (passes - 1) & 1 : 0;
  unsigned int tiles = (unsigned int)((count + Tile::Tile - 1) / Tile::Tile);
  TempLayout layout;
  int counts_piece = layout.add((size_t)RADIX_DIGITS * (tiles + 1) * sizeof(unsigned int));
  int totals_piece = layout.add(RADIX_DIGITS * sizeof(unsigned int));
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
  if (passes == 0) {
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
  unsigned int* counts = layout.at<unsigned int>(d_temp_storage, counts_piece);
  unsigned int* totals = layout.at<unsigned int>(d_temp_storage, totals_piece);
  const K* keys_from = keys_in;
  const V* values_from = values_in;
  for (int pass = 0; pass < passes; ++pass) {
    int shift = begin_bit + pass * RADIX_BITS;
    int bits = end_bit - shift < RADIX_BITS ? end_bit - shift : (int)RADIX_BITS;
    bool to_b = ((first + pass) & 1) != 0;
    K* keys_to = to_b ? keys_b : keys_a;
    V* values_to = to_b ? values_b : values_a;
    radix_upsweep<K><<<tiles, RADIX_THREADS, 0, stream>>>(keys_from, count, (int)Tile::Tile,
                                                           shift, bits, descending, counts,
                                                           tiles);
    status = hipGetLastError();
    if (status != hipSuccess) return status;
    radix_scan_digits<int><<<RADIX_DIGITS, RADIX_THREADS, 0, stream>>>(counts, tiles,
                                                                           totals, nullptr);
    status = hipGetLastError();
    if (status != hipSuccess) return status;
    radix_downsweep<K, V><<<tiles, RADIX_THREADS, 0, stream>>>(
        keys_from, values_from, keys_to, values_to, count, shift, bits, descending, counts,
        totals, tiles);
    status = hipGetLastError();
    if (status != hipSuccess) return status;
    keys_from = keys_to;
    values_from = values_to;
    result_in_b = to_b;
  }
  return hipSuccess;
}

}  // namespace detail
}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_DEVICE_DETAIL_RADIX_HPP */
