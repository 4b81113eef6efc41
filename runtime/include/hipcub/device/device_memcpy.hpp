/* oxhip: hipCUB's DeviceMemcpy::Batched and DeviceCopy::Batched (docs/libraries.md), written
 * for oxhip: buffer (or range) i of num_buffers is copied from the i-th source to the i-th
 * destination, sizes[i] bytes for DeviceMemcpy and sizes[i] items for DeviceCopy (each source
 * and destination an iterator of its own there, so ranges may be counting or constant
 * iterators). DeviceMemcpy moves 16-byte, 4-byte or single bytes, the widest the two
 * addresses' alignment allows, with single bytes at the ends.
 *
 * Two launches after clearing two counters. The first, a grid-stride launch of 256-thread
 * blocks, gives each buffer a logical warp of 32 threads, each thread copying every 32nd
 * piece; a buffer over BATCH_LARGE_BYTES (BATCH_LARGE_ITEMS items) is not copied there but
 * put on a list in the temporary storage, with its count of chunks (BATCH_CHUNK_BYTES or
 * BATCH_CHUNK_ITEMS each). In the second, every block in turn claims the next chunk of the
 * earliest listed buffer that has one left (an atomic counter per buffer, and a cursor past
 * the buffers whose chunks are all claimed) and copies it with all its 256 threads, so one
 * huge buffer is shared by every block rather than serialised on a warp. No shuffles; the
 * second launch's barriers let the CPU device run both as loops. The storage holds the two
 * counters and a list entry for every buffer (each could be large).
 */
#ifndef OXHIP_HIPCUB_DEVICE_MEMCPY_HPP
#define OXHIP_HIPCUB_DEVICE_MEMCPY_HPP

#include "../util.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

#include <cstdint>

namespace hipcub {
namespace detail {

enum { BATCH_THREADS = 256, BATCH_WARPS = BATCH_THREADS / 32, BATCH_MAX_BLOCKS = 4096 };
/* Larger buffers are split into chunks shared by blocks: a warp copies 64 KiB as 128 16-byte
 * pieces a lane, a block a chunk of 16 KiB as four a thread. */
enum {
  BATCH_LARGE_BYTES = 64 * 1024,
  BATCH_CHUNK_BYTES = 16 * 1024,
  BATCH_LARGE_ITEMS = 16 * 1024,
  BATCH_CHUNK_ITEMS = 4 * 1024
};

/* Copies `bytes` bytes whose addresses agree modulo sizeof(Word): the unaligned head and tail
 * byte by byte, the rest in words, each of `Stride` threads every Stride-th piece. */
template <class Word, int Stride>
static __device__ __forceinline__ void batch_copy_bytes(const unsigned char* source,
                                                        unsigned char* destination,
                                                        unsigned long long bytes, int lane) {
  unsigned long long head = (sizeof(Word) - ((uintptr_t)destination & (sizeof(Word) - 1))) &
                            (sizeof(Word) - 1);
  if (head > bytes) head = bytes;
  unsigned long long words = (bytes - head) / sizeof(Word);
  unsigned long long tail_start = head + words * sizeof(Word);
  for (unsigned long long b = (unsigned long long)lane; b < head; b += Stride)
    destination[b] = source[b];
  const Word* source_words = reinterpret_cast<const Word*>(source + head);
  Word* destination_words = reinterpret_cast<Word*>(destination + head);
  for (unsigned long long w = (unsigned long long)lane; w < words; w += Stride)
    destination_words[w] = source_words[w];
  for (unsigned long long b = tail_start + (unsigned long long)lane; b < bytes; b += Stride)
    destination[b] = source[b];
}

template <int Stride>
static __device__ __forceinline__ void batch_copy_any(const unsigned char* source,
                                                      unsigned char* destination,
                                                      unsigned long long bytes, int lane) {
  uintptr_t apart = (uintptr_t)source ^ (uintptr_t)destination;
  if ((apart & 15) == 0)
    batch_copy_bytes<uint4, Stride>(source, destination, bytes, lane);
  else if ((apart & 3) == 0)
    batch_copy_bytes<unsigned int, Stride>(source, destination, bytes, lane);
  else
    batch_copy_bytes<unsigned char, Stride>(source, destination, bytes, lane);
}

/* A buffer left to the second launch: its index, its chunks, and how many have been claimed. */
struct BatchLarge {
  long long buffer;
  unsigned long long chunks;
  unsigned long long claimed;
};
/* The list's count and the cursor (the first entry that may have chunks left), then the list. */
struct BatchList {
  unsigned long long* count;
  unsigned long long* cursor;
  BatchLarge* entries;
  __device__ __forceinline__ void add(long long buffer, unsigned long long chunks) const {
    unsigned long long slot = atomicAdd(count, 1ull);
    BatchLarge entry = {buffer, chunks, 0ull};
    entries[slot] = entry;
  }
};

template <class InputBufferIt, class OutputBufferIt, class SizeIt>
struct MemcpyBuffer {
  InputBufferIt sources;
  OutputBufferIt destinations;
  SizeIt sizes;
  __device__ __forceinline__ const unsigned char* source(long long buffer) const {
    return static_cast<const unsigned char*>(static_cast<const void*>(sources[buffer]));
  }
  __device__ __forceinline__ unsigned char* destination(long long buffer) const {
    return static_cast<unsigned char*>(static_cast<void*>(destinations[buffer]));
  }
  /* The warp's part: the whole buffer, or (lane 0) its place on the list. */
  __device__ __forceinline__ void operator()(long long buffer, int lane,
                                             const BatchList& list) const {
    unsigned long long bytes = (unsigned long long)sizes[buffer];
    if (bytes > BATCH_LARGE_BYTES) {
      if (lane == 0) list.add(buffer, (bytes + BATCH_CHUNK_BYTES - 1) / BATCH_CHUNK_BYTES);
      return;
    }
    batch_copy_any<32>(source(buffer), destination(buffer), bytes, lane);
  }
  /* A block's part: chunk `chunk` of a listed buffer. */
  __device__ __forceinline__ void chunk(long long buffer, unsigned long long chunk,
                                        int thread) const {
    unsigned long long bytes = (unsigned long long)sizes[buffer];
    unsigned long long start = chunk * BATCH_CHUNK_BYTES;
    unsigned long long length = bytes - start < BATCH_CHUNK_BYTES ? bytes - start
                                                                  : BATCH_CHUNK_BYTES;
    batch_copy_any<BATCH_THREADS>(source(buffer) + start, destination(buffer) + start, length,
                                  thread);
  }
};

template <class InputIt, class OutputIt, class SizeIt>
struct CopyRange {
  InputIt sources;
  OutputIt destinations;
  SizeIt sizes;
  __device__ __forceinline__ void operator()(long long range, int lane,
                                             const BatchList& list) const {
    long long items = (long long)sizes[range];
    if (items > BATCH_LARGE_ITEMS) {
      if (lane == 0)
        list.add(range, (unsigned long long)(items + BATCH_CHUNK_ITEMS - 1) / BATCH_CHUNK_ITEMS);
      return;
    }
    typename value_of<InputIt>::type source = sources[range];
    typename value_of<OutputIt>::type destination = destinations[range];
    for (long long i = lane; i < items; i += 32) destination[i] = source[i];
  }
  __device__ __forceinline__ void chunk(long long range, unsigned long long chunk,
                                        int thread) const {
    long long items = (long long)sizes[range];
    long long start = (long long)chunk * BATCH_CHUNK_ITEMS;
    long long end = items - start < BATCH_CHUNK_ITEMS ? items : start + BATCH_CHUNK_ITEMS;
    typename value_of<InputIt>::type source = sources[range];
    typename value_of<OutputIt>::type destination = destinations[range];
    for (long long i = start + thread; i < end; i += BATCH_THREADS) destination[i] = source[i];
  }
};

template <class Body>
__global__ void __launch_bounds__(BATCH_THREADS)
    batch_kernel(Body body, long long count, BatchList list) {
  int lane = (int)(threadIdx.x & 31u);
  for (long long buffer = (long long)blockIdx.x * BATCH_WARPS + threadIdx.x / 32; buffer < count;
       buffer += (long long)gridDim.x * BATCH_WARPS)
    body(buffer, lane, list);
}

/* Every block claims chunks until none is left: thread 0 takes the next chunk of the earliest
 * entry with one (moving the shared cursor past entries it finds used up) and tells the
 * block. */
template <class Body>
__global__ void __launch_bounds__(BATCH_THREADS) batch_large_kernel(Body body, BatchList list) {
  __shared__ unsigned long long claim[2]; /* entry, chunk */
  unsigned long long entry = 0;
  const unsigned long long count = *list.count;
  for (;;) {
    if (threadIdx.x == 0) {
      unsigned long long cursor = *(volatile unsigned long long*)list.cursor;
      if (cursor > entry) entry = cursor;
      unsigned long long chunk = 0;
      while (entry < count) {
        chunk = atomicAdd(&list.entries[entry].claimed, 1ull);
        if (chunk < list.entries[entry].chunks) break;
        atomicMax(list.cursor, entry + 1);
        cursor = *(volatile unsigned long long*)list.cursor;
        entry = cursor > entry + 1 ? cursor : entry + 1;
      }
      claim[0] = entry;
      claim[1] = chunk;
    }
    __syncthreads();
    entry = claim[0];
    unsigned long long chunk = claim[1];
    __syncthreads();
    if (entry >= count) break;
    body.chunk(list.entries[entry].buffer, chunk, (int)threadIdx.x);
  }
}

/* The temporary storage: the two counters, then an entry for every buffer. */
static inline size_t batch_storage_bytes(long long count) {
  return 2 * sizeof(unsigned long long) + (size_t)(count > 0 ? count : 0) * sizeof(BatchLarge);
}

template <class Body>
static hipError_t batch_run(void* d_temp_storage, size_t& temp_storage_bytes, Body body,
                            long long count, hipStream_t stream, bool debug_synchronous) {
  hipError_t status;
  if (!temp_storage_check(d_temp_storage, temp_storage_bytes, batch_storage_bytes(count),
                          status))
    return status;
  if (count <= 0) return hipSuccess;
  unsigned long long* counters = static_cast<unsigned long long*>(d_temp_storage);
  BatchList list = {counters, counters + 1, reinterpret_cast<BatchLarge*>(counters + 2)};
  status = hipMemsetAsync(counters, 0, 2 * sizeof(unsigned long long), stream);
  if (status != hipSuccess) return status;
  long long blocks = (count + BATCH_WARPS - 1) / BATCH_WARPS;
  if (blocks > BATCH_MAX_BLOCKS) blocks = BATCH_MAX_BLOCKS;
  batch_kernel<<<(unsigned int)blocks, BATCH_THREADS, 0, stream>>>(body, count, list);
  status = hipGetLastError();
  if (status != hipSuccess) return status;
  /* Enough blocks to keep every multiprocessor busy; each leaves at once if nothing is listed. */
  int device = 0, processors = 1;
  if (hipGetDevice(&device) != hipSuccess ||
      hipDeviceGetAttribute(&processors, hipDeviceAttributeMultiprocessorCount, device) !=
          hipSuccess ||
      processors < 1)
    processors = 1;
  long long large_blocks = 4ll * processors;
  if (large_blocks > 1024) large_blocks = 1024;
  batch_large_kernel<<<(unsigned int)large_blocks, BATCH_THREADS, 0, stream>>>(body, list);
  status = hipGetLastError();
  if (status == hipSuccess && debug_synchronous) status = hipStreamSynchronize(stream);
  return status;
}

}  // namespace detail

struct DeviceMemcpy {
  /* Each source and destination is a pointer (any object type); sizes are in bytes. */
  template <class InputBufferIt, class OutputBufferIt, class BufferSizeIteratorT>
  static hipError_t Batched(void* d_temp_storage, size_t& temp_storage_bytes,
                            InputBufferIt input_buffer_it, OutputBufferIt output_buffer_it,
                            BufferSizeIteratorT buffer_sizes, long long num_buffers,
                            hipStream_t stream = 0, bool debug_synchronous = false) {
    detail::MemcpyBuffer<InputBufferIt, OutputBufferIt, BufferSizeIteratorT> body = {
        input_buffer_it, output_buffer_it, buffer_sizes};
    return detail::batch_run(d_temp_storage, temp_storage_bytes, body, num_buffers, stream,
                             debug_synchronous);
  }
};

struct DeviceCopy {
  /* Each source and destination is an iterator; sizes are in items. */
  template <class InputIt, class OutputIt, class SizeIteratorT>
  static hipError_t Batched(void* d_temp_storage, size_t& temp_storage_bytes, InputIt input_it,
                            OutputIt output_it, SizeIteratorT sizes, long long num_ranges,
                            hipStream_t stream = 0, bool debug_synchronous = false) {
    detail::CopyRange<InputIt, OutputIt, SizeIteratorT> body = {input_it, output_it, sizes};
    return detail::batch_run(d_temp_storage, temp_storage_bytes, body, num_ranges, stream,
                             debug_synchronous);
  }
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_DEVICE_MEMCPY_HPP */
