/* oxhip: hipCUB's DeviceMemcpy::Batched and DeviceCopy::Batched (docs/libraries.md), written
 * for oxhip: buffer (or range) i of num_buffers is copied from the i-th source to the i-th
 * destination, sizes[i] bytes for DeviceMemcpy and sizes[i] items for DeviceCopy (each source
 * and destination an iterator of its own there, so ranges may be counting or constant
 * iterators). One grid-stride launch of 256-thread blocks, a logical warp of 32 threads a
 * buffer, each thread copying every 32nd piece: DeviceMemcpy moves 16-byte, 4-byte or single
 * bytes, the widest the two addresses' alignment allows, with single bytes at the ends. No
 * shuffles or barriers, so the CPU device runs it as a plain loop. One long buffer is one
 * warp's work (FIXME(#25): CUB splits large buffers across blocks). Asks for no temporary
 * storage (16 bytes, by oxhip's convention).
 */
#ifndef OXHIP_HIPCUB_DEVICE_MEMCPY_HPP
#define OXHIP_HIPCUB_DEVICE_MEMCPY_HPP

#include "../util.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

#include <cstdint>

namespace hipcub {
namespace detail {

enum { BATCH_THREADS = 256, BATCH_WARPS = BATCH_THREADS / 32, BATCH_MAX_BLOCKS = 4096 };

/* Copies `bytes` bytes whose addresses agree modulo sizeof(Word): the unaligned head and tail
 * byte by byte, the rest in words, each thread every 32nd piece. */
template <class Word>
static __device__ __forceinline__ void batch_copy_bytes(const unsigned char* source,
                                                        unsigned char* destination,
                                                        unsigned long long bytes, int lane) {
  unsigned long long head = (sizeof(Word) - ((uintptr_t)destination & (sizeof(Word) - 1))) &
                            (sizeof(Word) - 1);
  if (head > bytes) head = bytes;
  unsigned long long words = (bytes - head) / sizeof(Word);
  unsigned long long tail_start = head + words * sizeof(Word);
  for (unsigned long long b = (unsigned long long)lane; b < head; b += 32)
    destination[b] = source[b];
  const Word* source_words = reinterpret_cast<const Word*>(source + head);
  Word* destination_words = reinterpret_cast<Word*>(destination + head);
  for (unsigned long long w = (unsigned long long)lane; w < words; w += 32)
    destination_words[w] = source_words[w];
  for (unsigned long long b = tail_start + (unsigned long long)lane; b < bytes; b += 32)
    destination[b] = source[b];
}

template <class InputBufferIt, class OutputBufferIt, class SizeIt>
struct MemcpyBuffer {
  InputBufferIt sources;
  OutputBufferIt destinations;
  SizeIt sizes;
  __device__ __forceinline__ void operator()(long long buffer, int lane) const {
    const unsigned char* source =
        static_cast<const unsigned char*>(static_cast<const void*>(sources[buffer]));
    unsigned char* destination =
        static_cast<unsigned char*>(static_cast<void*>(destinations[buffer]));
    unsigned long long bytes = (unsigned long long)sizes[buffer];
    uintptr_t apart = (uintptr_t)source ^ (uintptr_t)destination;
    if ((apart & 15) == 0)
      batch_copy_bytes<uint4>(source, destination, bytes, lane);
    else if ((apart & 3) == 0)
      batch_copy_bytes<unsigned int>(source, destination, bytes, lane);
    else
      batch_copy_bytes<unsigned char>(source, destination, bytes, lane);
  }
};

template <class InputIt, class OutputIt, class SizeIt>
struct CopyRange {
  InputIt sources;
  OutputIt destinations;
  SizeIt sizes;
  __device__ __forceinline__ void operator()(long long range, int lane) const {
    typename value_of<InputIt>::type source = sources[range];
    typename value_of<OutputIt>::type destination = destinations[range];
    long long items = (long long)sizes[range];
    for (long long i = lane; i < items; i += 32) destination[i] = source[i];
  }
};

template <class Body>
__global__ void __launch_bounds__(BATCH_THREADS) batch_kernel(Body body, long long count) {
  int lane = (int)(threadIdx.x & 31u);
  for (long long buffer = (long long)blockIdx.x * BATCH_WARPS + threadIdx.x / 32; buffer < count;
       buffer += (long long)gridDim.x * BATCH_WARPS)
    body(buffer, lane);
}

template <class Body>
static hipError_t batch_run(void* d_temp_storage, size_t& temp_storage_bytes, Body body,
                            long long count, hipStream_t stream, bool debug_synchronous) {
  hipError_t status;
  if (!temp_storage_check(d_temp_storage, temp_storage_bytes, 0, status)) return status;
  if (count <= 0) return hipSuccess;
  long long blocks = (count + BATCH_WARPS - 1) / BATCH_WARPS;
  if (blocks > BATCH_MAX_BLOCKS) blocks = BATCH_MAX_BLOCKS;
  batch_kernel<<<(unsigned int)blocks, BATCH_THREADS, 0, stream>>>(body, count);
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
