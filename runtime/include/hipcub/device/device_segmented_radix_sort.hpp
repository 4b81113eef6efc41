/* oxhip: hipCUB's DeviceSegmentedRadixSort (docs/libraries.md): SortKeys, SortPairs and their
 * Descending forms over segments [d_begin_offsets[i], d_end_offsets[i]), with pointers or
 * DoubleBuffers, over bits [begin_bit, end_bit). One block sorts one segment: each 4-bit
 * pass counts the segment's digits, then ranks and writes its tiles in order (the ranking
 * of detail/radix.hpp), so a segment of any length is sorted stably. A segment of at most
 * one item per thread takes no passes: each thread finds its item's place by comparing its
 * key with all of the segment's. Items outside every segment are left as they are in the
 * output buffer. A segment of more than one tile (RADIX_THREADS x radix_items items) is sorted
 * by multi-block passes instead: its tiles are spread over the blocks of three launches a
 * 4-bit pass (count each tile's digits; the block of each segment's first tile scans its
 * tiles' counts; rank and write each tile), with tiles numbered by an exclusive sum of the
 * segments' tile counts (DeviceScan), so a long segment is sorted by many blocks, stably.
 */
#ifndef OXHIP_HIPCUB_DEVICE_SEGMENTED_RADIX_SORT_HPP
#define OXHIP_HIPCUB_DEVICE_SEGMENTED_RADIX_SORT_HPP

#include "detail/radix.hpp"
#include "device_radix_sort.hpp"
#include "device_scan.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {
namespace detail {

/* The tiles a segment of `count` items takes in the multi-block passes: none for a segment
 * of one tile or less (one block sorts it), else one a tile. */
static __host__ __device__ __forceinline__ unsigned int segment_tiles(long long count,
                                                                      long long tile) {
  return count > tile ? (unsigned int)((count + tile - 1) / tile) : 0u;
}
template <class BeginIt, class EndIt, int TileItems>
struct SegmentTiles {
  BeginIt begins;
  EndIt ends;
  __host__ __device__ __forceinline__ unsigned int operator()(int segment) const {
    long long count = (long long)ends[segment] - (long long)begins[segment];
    return count > 0 ? segment_tiles(count, TileItems) : 0u;
  }
};

/* The multi-block passes over the segments of several tiles. Tile t of the launch (of
 * tile_bound) belongs to the last segment whose first tile (tile_starts, an exclusive sum
 * of SegmentTiles) is at most t; a tile past the last segment's does nothing. */
template <class K, class BeginIt, class EndIt>
struct LargeSegmentTile {
  long long begin;  /* the segment's first item */
  long long start;  /* the tile's first item, from the segment's */
  int valid;
  bool first;       /* the segment's first tile */
  unsigned int tiles;
};
template <class K, class V, class BeginIt, class EndIt>
static __device__ __forceinline__ bool large_segment_tile(BeginIt begins, EndIt ends,
                                                          int segments,
                                                          const unsigned int* tile_starts,
                                                          unsigned int tile_bound,
                                                          unsigned int tile,
                                                          LargeSegmentTile<K, BeginIt, EndIt>& at) {
  typedef typename DeviceRadixTile<K, V>::type Tile;
  int low = 0, high = segments;
  while (low < high) {
    int probe = (low + high) >> 1;
    if (tile_starts[probe] <= tile)
      low = probe + 1;
    else
      high = probe;
  }
  if (low == 0) return false;
  int segment = low - 1;
  long long begin = (long long)begins[segment];
  long long count = (long long)ends[segment] - begin;
  unsigned int tiles = count > 0 ? segment_tiles(count, Tile::Tile) : 0u;
  unsigned int first_tile = tile_starts[segment];
  if (tiles == 0 || first_tile + tiles > tile_bound || tile >= first_tile + tiles) return false;
  at.begin = begin;
  at.start = (long long)(tile - first_tile) * Tile::Tile;
  at.valid = count - at.start < Tile::Tile ? (int)(count - at.start) : (int)Tile::Tile;
  at.first = tile == first_tile;
  at.tiles = tiles;
  return true;
}

/* Counts the digits of each tile: counts[d * tile_bound + t]. */
template <class K, class V, class BeginIt, class EndIt>
__global__ void __launch_bounds__(RADIX_THREADS)
    large_segment_upsweep(const K* keys, BeginIt begins, EndIt ends, int segments,
                          const unsigned int* tile_starts, unsigned int tile_bound, int shift,
                          int bits, bool descending, unsigned int* counts) {
  __shared__ unsigned int histogram[RADIX_DIGITS];
  LargeSegmentTile<K, BeginIt, EndIt> at;
  if (!large_segment_tile<K, V>(begins, ends, segments, tile_starts, tile_bound, blockIdx.x,
                                at))
    return;
  if (threadIdx.x < RADIX_DIGITS) histogram[threadIdx.x] = 0;
  __syncthreads();
  for (int index = threadIdx.x; index < at.valid; index += RADIX_THREADS)
    atomicAdd(&histogram[radix_digit(keys[at.begin + at.start + index], shift, bits,
                                     descending)],
              1u);
  __syncthreads();
  if (threadIdx.x < RADIX_DIGITS)
    counts[threadIdx.x * tile_bound + blockIdx.x] = histogram[threadIdx.x];
}

/* The block of a segment's first tile turns its tiles' counts into each tile's start for
 * each digit within the segment: the digits before, then the same digit's earlier tiles. */
template <class K, class V, class BeginIt, class EndIt>
__global__ void __launch_bounds__(RADIX_THREADS)
    large_segment_scan(BeginIt begins, EndIt ends, int segments,
                       const unsigned int* tile_starts, unsigned int tile_bound,
                       unsigned int* counts) {
  __shared__ unsigned int totals[RADIX_DIGITS];
  LargeSegmentTile<K, BeginIt, EndIt> at;
  if (!large_segment_tile<K, V>(begins, ends, segments, tile_starts, tile_bound, blockIdx.x,
                                at) ||
      !at.first)
    return;
  unsigned int digit = threadIdx.x;
  if (digit < RADIX_DIGITS) {
    unsigned int running = 0;
    for (unsigned int k = 0; k < at.tiles; ++k) {
      unsigned int& count = counts[digit * tile_bound + blockIdx.x + k];
      unsigned int mine = count;
      count = running;
      running += mine;
    }
    totals[digit] = running;
  }
  __syncthreads();
  if (digit < RADIX_DIGITS) {
    unsigned int before = 0;
    for (unsigned int d = 0; d < digit; ++d) before += totals[d];
    for (unsigned int k = 0; k < at.tiles; ++k) counts[digit * tile_bound + blockIdx.x + k] += before;
  }
}

/* Ranks each tile's items by the digit and writes them to their places in the segment. */
template <class K, class V, class BeginIt, class EndIt>
__global__ void __launch_bounds__(RADIX_THREADS)
    large_segment_downsweep(const K* keys_in, const V* values_in, K* keys_out, V* values_out,
                            BeginIt begins, EndIt ends, int segments,
                            const unsigned int* tile_starts, unsigned int tile_bound,
                            int shift, int bits, bool descending, const unsigned int* counts) {
  typedef typename DeviceRadixTile<K, V>::type Tile;
  __shared__ typename Tile::Storage storage;
  __shared__ unsigned int base[RADIX_DIGITS];
  LargeSegmentTile<K, BeginIt, EndIt> at;
  if (!large_segment_tile<K, V>(begins, ends, segments, tile_starts, tile_bound, blockIdx.x,
                                at))
    return;
  if (threadIdx.x < RADIX_DIGITS) base[threadIdx.x] = counts[threadIdx.x * tile_bound + blockIdx.x];
  /* Tile::run passes barriers before it reads `base`. */
  Tile::run(storage, keys_in + at.begin, values_in + (Tile::HasValues ? at.begin : 0), at.start,
            at.valid, shift, bits, descending, base, keys_out, values_out, at.begin);
}

/* Pass p reads the previous pass's output (pass 0 the input) and writes buffer
 * ((first + p) & 1). */
template <class K, class V, class BeginIt, class EndIt>
__global__ void __launch_bounds__(RADIX_THREADS)
    segmented_radix_sort(const K* keys_in, const V* values_in, K* keys_0, K* keys_1,
                         V* values_0, V* values_1, BeginIt begins, EndIt ends, int passes,
                         int first, int begin_bit, int end_bit, bool descending,
                         const unsigned int* tile_starts, unsigned int tile_bound) {
  typedef typename DeviceRadixTile<K, V>::type Tile;
  __shared__ typename Tile::Storage storage;
  __shared__ unsigned int running[RADIX_DIGITS];
  long long begin = (long long)begins[blockIdx.x];
  long long end = (long long)ends[blockIdx.x];
  if (end <= begin) return;
  long long count = end - begin;
  /* A segment of several tiles that the multi-block passes take is theirs. */
  if (tile_starts != nullptr &&
      segment_tiles(count, Tile::Tile) > 0 &&
      tile_starts[blockIdx.x] + segment_tiles(count, Tile::Tile) <= tile_bound)
    return;
  if (count <= RADIX_THREADS) {
    /* A short segment takes no passes: each thread ranks one item against the segment's
     * keys, staged in shared memory (the items with smaller keys, and those before it with
     * equal ones, so the sort stays stable), and writes it straight to the buffer the last
     * pass would have written. The item is read before the barrier, so that buffer may be
     * the input (DoubleBuffers). */
    typedef typename radix_traits<K>::U U;
    bool to_1 = ((first + passes - 1) & 1) != 0;
    K* keys_to = to_1 ? keys_1 : keys_0;
    V* values_to = to_1 ? values_1 : values_0;
    int width = end_bit - begin_bit;
    U mask = width >= (int)sizeof(U) * 8 ? (U)~(U)0 : (U)(((U)1 << width) - 1);
    int thread = (int)threadIdx.x;
    K key;
    V value;
    if (thread < count) {
      key = keys_in[begin + thread];
      storage.keys[thread].get() = key;
      if (Tile::HasValues) value = values_in[begin + thread];
    }
    __syncthreads();
    if (thread < count) {
      U mine = radix_traits<K>::to_bits(key);
      mine = (U)((U)((descending ? (U)~mine : mine) >> begin_bit) & mask);
      int rank = 0;
      for (int other = 0; other < (int)count; ++other) {
        U bits = radix_traits<K>::to_bits(storage.keys[other].get());
        bits = (U)((U)((descending ? (U)~bits : bits) >> begin_bit) & mask);
        rank += (bits < mine || (bits == mine && other < thread)) ? 1 : 0;
      }
      keys_to[begin + rank] = key;
      if (Tile::HasValues) values_to[begin + rank] = value;
    }
    return;
  }
  const K* keys_from = keys_in;
  const V* values_from = values_in;
  for (int pass = 0; pass < passes; ++pass) {
    int shift = begin_bit + pass * RADIX_BITS;
    int bits = end_bit - shift < RADIX_BITS ? end_bit - shift : (int)RADIX_BITS;
    bool to_1 = ((first + pass) & 1) != 0;
    K* keys_to = to_1 ? keys_1 : keys_0;
    V* values_to = to_1 ? values_1 : values_0;
    if (threadIdx.x < RADIX_DIGITS) running[threadIdx.x] = 0;
    __syncthreads();
    for (long long index = threadIdx.x; index < count; index += RADIX_THREADS)
      atomicAdd(&running[radix_digit(keys_from[begin + index], shift, bits, descending)], 1u);
    __syncthreads();
    if (threadIdx.x == 0) {
      unsigned int total = 0;
      for (int d = 0; d < RADIX_DIGITS; ++d) {
        unsigned int digit_count = running[d];
        running[d] = total;
        total += digit_count;
      }
    }
    __syncthreads();
    for (long long start = 0; start < count; start += Tile::Tile) {
      int valid = count - start < Tile::Tile ? (int)(count - start) : (int)Tile::Tile;
      Tile::run(storage, keys_from + begin, values_from + (Tile::HasValues ? begin : 0), start,
                valid, shift, bits, descending, running, keys_to, values_to, begin);
      if (threadIdx.x < RADIX_DIGITS) running[threadIdx.x] += storage.tile_count[threadIdx.x];
      __syncthreads();
    }
    keys_from = keys_to;
    values_from = values_to;
    /* The block's writes to global memory are visible to it after the barrier. */
    __syncthreads();
  }
}

template <class K, class V, class BeginIt, class EndIt>
static hipError_t segmented_radix_sort_run(void* d_temp_storage, size_t& temp_storage_bytes,
                                           bool pointer_mode, const K* keys_in,
                                           const V* values_in, K* keys_a, K* keys_b,
                                           V* values_a, V* values_b, long long count,
                                           int segments, BeginIt begins, EndIt ends,
                                           int begin_bit, int end_bit, bool descending,
                                           hipStream_t stream, bool& result_in_b) {
  const bool has_values = !std::is_same<V, NullType>::value;
  if (count < 0) count = 0;
  int passes = end_bit > begin_bit ? (end_bit - begin_bit + RADIX_BITS - 1) / RADIX_BITS : 0;
  int first = pointer_mode && passes > 0 ? (passes - 1) & 1 : 0;
  typedef typename DeviceRadixTile<K, V>::type Tile;
  /* Segments of several tiles take multi-block passes. Segments that do not overlap take at
   * most 2 * count / Tile tiles in all; a segment whose tiles would fall past that bound (only
   * where segments overlap) is left to one block. With one tile of items or fewer, no segment
   * has several. */
  const unsigned int tile_bound =
      passes > 0 && segments > 0 && count > Tile::Tile
          ? (unsigned int)(2 * (count / Tile::Tile) + 1)
          : 0u;
  typedef SegmentTiles<BeginIt, EndIt, Tile::Tile> TilesOf;
  typedef TransformInputIterator<unsigned int, TilesOf, CountingInputIterator<int> > TilesIt;
  TilesOf tiles_of = {begins, ends};
  TilesIt tiles_it(CountingInputIterator<int>(0), tiles_of);
  size_t scan_bytes = 0;
  if (tile_bound > 0) {
    hipError_t sized = DeviceScan::ExclusiveSum(nullptr, scan_bytes, tiles_it,
                                                (unsigned int*)nullptr, segments, stream);
    if (sized != hipSuccess) return sized;
  }
  TempLayout layout;
  int keys_piece = layout.add(pointer_mode ? (size_t)count * sizeof(K) : 0);
  int values_piece = layout.add(pointer_mode && has_values ? (size_t)count * sizeof(V) : 0);
  int starts_piece = layout.add(tile_bound > 0 ? (size_t)segments * sizeof(unsigned int) : 0);
  int counts_piece =
      layout.add((size_t)tile_bound * RADIX_DIGITS * sizeof(unsigned int));
  int scan_piece = layout.add(scan_bytes);
  hipError_t status;
  if (!temp_storage_check(d_temp_storage, temp_storage_bytes, layout.total, status))
    return status;
  if (pointer_mode) {
    keys_b = layout.at<K>(d_temp_storage, keys_piece);
    values_b = layout.at<V>(d_temp_storage, values_piece);
  }
  result_in_b = !pointer_mode;
  if (count == 0 || segments <= 0) return hipSuccess;
  if (passes == 0) {
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
  unsigned int* tile_starts = nullptr;
  if (tile_bound > 0) {
    tile_starts = layout.at<unsigned int>(d_temp_storage, starts_piece);
    unsigned int* counts = layout.at<unsigned int>(d_temp_storage, counts_piece);
    status = DeviceScan::ExclusiveSum(layout.at<void>(d_temp_storage, scan_piece), scan_bytes,
                                      tiles_it, tile_starts, segments, stream);
    if (status != hipSuccess) return status;
    const K* keys_from = keys_in;
    const V* values_from = values_in;
    for (int pass = 0; pass < passes; ++pass) {
      int shift = begin_bit + pass * RADIX_BITS;
      int bits = end_bit - shift < RADIX_BITS ? end_bit - shift : (int)RADIX_BITS;
      bool to_1 = ((first + pass) & 1) != 0;
      K* keys_to = to_1 ? keys_b : keys_a;
      V* values_to = to_1 ? values_b : values_a;
      large_segment_upsweep<K, V><<<tile_bound, RADIX_THREADS, 0, stream>>>(
          keys_from, begins, ends, segments, tile_starts, tile_bound, shift, bits, descending,
          counts);
      large_segment_scan<K, V><<<tile_bound, RADIX_THREADS, 0, stream>>>(
          begins, ends, segments, tile_starts, tile_bound, counts);
      large_segment_downsweep<K, V><<<tile_bound, RADIX_THREADS, 0, stream>>>(
          keys_from, values_from, keys_to, values_to, begins, ends, segments, tile_starts,
          tile_bound, shift, bits, descending, counts);
      status = hipGetLastError();
      if (status != hipSuccess) return status;
      keys_from = keys_to;
      values_from = values_to;
    }
  }
  segmented_radix_sort<K, V><<<segments, RADIX_THREADS, 0, stream>>>(
      keys_in, values_in, keys_a, keys_b, values_a, values_b, begins, ends, passes, first,
      begin_bit, end_bit, descending, tile_starts, tile_bound);
  result_in_b = ((first + passes - 1) & 1) != 0;
  return hipGetLastError();
}

template <class K, class V, class BeginIt, class EndIt>
static hipError_t segmented_sort_pointers(void* d_temp_storage, size_t& temp_storage_bytes,
                                          const K* keys_in, K* keys_out, const V* values_in,
                                          V* values_out, int num_items, int num_segments,
                                          BeginIt begins, EndIt ends, int begin_bit,
                                          int end_bit, bool descending, hipStream_t stream) {
  bool result_in_b;
  return segmented_radix_sort_run<K, V>(d_temp_storage, temp_storage_bytes, true, keys_in,
                                        values_in, keys_out, (K*)nullptr, values_out,
                                        (V*)nullptr, num_items, num_segments, begins, ends,
                                        begin_bit, end_bit, descending, stream, result_in_b);
}

template <class K, class V, class BeginIt, class EndIt>
static hipError_t segmented_sort_buffers(void* d_temp_storage, size_t& temp_storage_bytes,
                                         DoubleBuffer<K>& keys, DoubleBuffer<V>* values,
                                         int num_items, int num_segments, BeginIt begins,
                                         EndIt ends, int begin_bit, int end_bit,
                                         bool descending, hipStream_t stream) {
  bool result_in_b;
  V* values_current = values ? values->Current() : (V*)nullptr;
  V* values_alternate = values ? values->Alternate() : (V*)nullptr;
  hipError_t status = segmented_radix_sort_run<K, V>(
      d_temp_storage, temp_storage_bytes, false, keys.Current(), values_current,
      keys.Alternate(), keys.Current(), values_alternate, values_current, num_items,
      num_segments, begins, ends, begin_bit, end_bit, descending, stream, result_in_b);
  if (status == hipSuccess && d_temp_storage != nullptr && !result_in_b) {
    keys.selector ^= 1;
    if (values) values->selector ^= 1;
  }
  return status;
}

}  // namespace detail

struct DeviceSegmentedRadixSort {
  template <class KeyT, class ValueT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t SortPairs(void* d_temp_storage, size_t& temp_storage_bytes,
                              const KeyT* d_keys_in, KeyT* d_keys_out, const ValueT* d_values_in,
                              ValueT* d_values_out, int num_items, int num_segments,
                              BeginOffsetIt d_begin_offsets, EndOffsetIt d_end_offsets,
                              int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                              hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::segmented_sort_pointers(d_temp_storage, temp_storage_bytes, d_keys_in,
                                           d_keys_out, d_values_in, d_values_out, num_items,
                                           num_segments, d_begin_offsets, d_end_offsets,
                                           begin_bit, end_bit, false, stream);
  }
  template <class KeyT, class ValueT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t SortPairs(void* d_temp_storage, size_t& temp_storage_bytes,
                              DoubleBuffer<KeyT>& d_keys, DoubleBuffer<ValueT>& d_values,
                              int num_items, int num_segments, BeginOffsetIt d_begin_offsets,
                              EndOffsetIt d_end_offsets, int begin_bit = 0,
                              int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0,
                              bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::segmented_sort_buffers(d_temp_storage, temp_storage_bytes, d_keys, &d_values,
                                          num_items, num_segments, d_begin_offsets,
                                          d_end_offsets, begin_bit, end_bit, false, stream);
  }
  template <class KeyT, class ValueT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t SortPairsDescending(void* d_temp_storage, size_t& temp_storage_bytes,
                                        const KeyT* d_keys_in, KeyT* d_keys_out,
                                        const ValueT* d_values_in, ValueT* d_values_out,
                                        int num_items, int num_segments,
                                        BeginOffsetIt d_begin_offsets,
                                        EndOffsetIt d_end_offsets, int begin_bit = 0,
                                        int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0,
                                        bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::segmented_sort_pointers(d_temp_storage, temp_storage_bytes, d_keys_in,
                                           d_keys_out, d_values_in, d_values_out, num_items,
                                           num_segments, d_begin_offsets, d_end_offsets,
                                           begin_bit, end_bit, true, stream);
  }
  template <class KeyT, class ValueT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t SortPairsDescending(void* d_temp_storage, size_t& temp_storage_bytes,
                                        DoubleBuffer<KeyT>& d_keys,
                                        DoubleBuffer<ValueT>& d_values, int num_items,
                                        int num_segments, BeginOffsetIt d_begin_offsets,
                                        EndOffsetIt d_end_offsets, int begin_bit = 0,
                                        int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0,
                                        bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::segmented_sort_buffers(d_temp_storage, temp_storage_bytes, d_keys, &d_values,
                                          num_items, num_segments, d_begin_offsets,
                                          d_end_offsets, begin_bit, end_bit, true, stream);
  }
  template <class KeyT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t SortKeys(void* d_temp_storage, size_t& temp_storage_bytes,
                             const KeyT* d_keys_in, KeyT* d_keys_out, int num_items,
                             int num_segments, BeginOffsetIt d_begin_offsets,
                             EndOffsetIt d_end_offsets, int begin_bit = 0,
                             int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0,
                             bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::segmented_sort_pointers(
        d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, (const NullType*)nullptr,
        (NullType*)nullptr, num_items, num_segments, d_begin_offsets, d_end_offsets, begin_bit,
        end_bit, false, stream);
  }
  template <class KeyT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t SortKeys(void* d_temp_storage, size_t& temp_storage_bytes,
                             DoubleBuffer<KeyT>& d_keys, int num_items, int num_segments,
                             BeginOffsetIt d_begin_offsets, EndOffsetIt d_end_offsets,
                             int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                             hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::segmented_sort_buffers(d_temp_storage, temp_storage_bytes, d_keys,
                                          (DoubleBuffer<NullType>*)nullptr, num_items,
                                          num_segments, d_begin_offsets, d_end_offsets,
                                          begin_bit, end_bit, false, stream);
  }
  template <class KeyT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t SortKeysDescending(void* d_temp_storage, size_t& temp_storage_bytes,
                                       const KeyT* d_keys_in, KeyT* d_keys_out, int num_items,
                                       int num_segments, BeginOffsetIt d_begin_offsets,
                                       EndOffsetIt d_end_offsets, int begin_bit = 0,
                                       int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0,
                                       bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::segmented_sort_pointers(
        d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, (const NullType*)nullptr,
        (NullType*)nullptr, num_items, num_segments, d_begin_offsets, d_end_offsets, begin_bit,
        end_bit, true, stream);
  }
  template <class KeyT, class BeginOffsetIt, class EndOffsetIt>
  static hipError_t SortKeysDescending(void* d_temp_storage, size_t& temp_storage_bytes,
                                       DoubleBuffer<KeyT>& d_keys, int num_items,
                                       int num_segments, BeginOffsetIt d_begin_offsets,
                                       EndOffsetIt d_end_offsets, int begin_bit = 0,
                                       int end_bit = sizeof(KeyT) * 8, hipStream_t stream = 0,
                                       bool debug_synchronous = false) {
    (void)debug_synchronous;
    return detail::segmented_sort_buffers(d_temp_storage, temp_storage_bytes, d_keys,
                                          (DoubleBuffer<NullType>*)nullptr, num_items,
                                          num_segments, d_begin_offsets, d_end_offsets,
                                          begin_bit, end_bit, true, stream);
  }
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_DEVICE_SEGMENTED_RADIX_SORT_HPP */
