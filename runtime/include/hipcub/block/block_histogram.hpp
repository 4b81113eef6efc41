/* oxhip: hipCUB's BlockHistogram (docs/libraries.md): InitHistogram, Histogram and Composite
 * of ITEMS_PER_THREAD samples per thread into BINS counters (usually in shared memory), by
 * atomics, whichever algorithm is named. Composite ends with a barrier, so the counters can
 * be read right after.
 */
#ifndef OXHIP_HIPCUB_BLOCK_HISTOGRAM_HPP
#define OXHIP_HIPCUB_BLOCK_HISTOGRAM_HPP

#include "../util.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {

enum BlockHistogramAlgorithm { BLOCK_HISTO_SORT, BLOCK_HISTO_ATOMIC };

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, int BINS,
          BlockHistogramAlgorithm ALGORITHM = BLOCK_HISTO_SORT, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int ARCH = 0>
class BlockHistogram {
  enum { Threads = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };

 public:
  struct TempStorage {
    unsigned char unused;
  };

  __device__ __forceinline__ BlockHistogram() {}
  __device__ __forceinline__ explicit BlockHistogram(TempStorage&) {}

  template <class CounterT>
  __device__ __forceinline__ void InitHistogram(CounterT histogram[BINS]) {
    for (int bin = (int)detail::block_rank(); bin < BINS; bin += Threads) histogram[bin] = 0;
  }
  template <class CounterT>
  __device__ __forceinline__ void Histogram(T (&items)[ITEMS_PER_THREAD],
                                            CounterT histogram[BINS]) {
    InitHistogram(histogram);
    __syncthreads();
    Composite(items, histogram);
  }
  template <class CounterT>
  __device__ __forceinline__ void Composite(T (&items)[ITEMS_PER_THREAD],
                                            CounterT histogram[BINS]) {
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
      atomicAdd(&histogram[(int)items[i]], (CounterT)1);
    __syncthreads();
  }
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_BLOCK_HISTOGRAM_HPP */
