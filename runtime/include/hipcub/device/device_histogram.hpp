/* oxhip: hipCUB's DeviceHistogram for one channel (docs/libraries.md): HistogramEven (equal
 * bins between lower_level and upper_level; integer levels bin with integer arithmetic,
 * floating-point ones by (sample - lower) / (upper - lower) * bins) and HistogramRange (bin
 * i holds levels[i] <= sample < levels[i + 1]), over a sequence or rows with a stride. Each
 * block counts into shared memory (up to 4096 bins) and adds its counts to the histogram
 * with atomics. FIXME(#25): MultiHistogramEven/Range (several channels).
 */
#ifndef OXHIP_HIPCUB_DEVICE_HISTOGRAM_HPP
#define OXHIP_HIPCUB_DEVICE_HISTOGRAM_HPP

#include "../util.hpp"

#if defined(__cplusplus) && defined(__OXHIP_OFFLOAD__)

namespace hipcub {
namespace detail {

enum { HISTOGRAM_THREADS = 256, HISTOGRAM_SHARED_BINS = 4096, HISTOGRAM_MAX_BLOCKS = 1024 };

template <class Level, bool Integral = std::is_integral<Level>::value>
struct EvenBins {
  Level lower, upper;
  int bins;
  template <class Sample>
  __device__ __forceinline__ int operator()(const Sample& sample) const {
    if (!(sample >= lower && sample < upper)) return -1;
    return (int)(((long long)sample - (long long)lower) * bins /
                 ((long long)upper - (long long)lower));
  }
};
template <class Level>
struct EvenBins<Level, false> {
  Level lower, upper;
  int bins;
  template <class Sample>
  __device__ __forceinline__ int operator()(const Sample& sample) const {
    if (!(sample >= lower && sample < upper)) return -1;
    int bin = (int)((double)(sample - lower) / (double)(upper - lower) * bins);
    return bin < bins ? bin : bins - 1;
  }
};

template <class LevelIt>
struct RangeBins {
  LevelIt levels;
  int bins;
  template <class Sample>
  __device__ __forceinline__ int operator()(const Sample& sample) const {
    if (!(sample >= levels[0] && sample < levels[bins])) return -1;
    int low = 0, high = bins; /* levels[low] <= sample < levels[high] */
    while (high - low > 1) {
      int middle = (low + high) / 2;
      if (sample < levels[middle])
        high = middle;
      else
        low = middle;
    }
    return low;
  }
};

template <class SampleIt, class Counter, class Binner>
__global__ void __launch_bounds__(HISTOGRAM_THREADS)
    histogram_kernel(SampleIt samples, long long row_samples, long long rows, long long stride,
                     Binner binner, Counter* histogram) {
  __shared__ unsigned int local[HISTOGRAM_SHARED_BINS];
  int bins = binner.bins;
  bool shared = bins <= HISTOGRAM_SHARED_BINS;
  if (shared)
    for (int bin = threadIdx.x; bin < bins; bin += HISTOGRAM_THREADS) local[bin] = 0;
  __syncthreads();
  long long total = row_samples * rows;
  for (long long index = (long long)blockIdx.x * HISTOGRAM_THREADS + threadIdx.x; index < total;
       index += (long long)gridDim.x * HISTOGRAM_THREADS) {
    long long row = index / row_samples, column = index - row * row_samples;
    int bin = binner(samples[row * stride + column]);
    if (bin >= 0) {
      if (shared)
        atomicAdd(&local[bin], 1u);
      else
        atomicAdd(&histogram[bin], (Counter)1);
    }
  }
  __syncthreads();
  if (shared)
    for (int bin = threadIdx.x; bin < bins; bin += HISTOGRAM_THREADS)
      if (local[bin]) atomicAdd(&histogram[bin], (Counter)local[bin]);
}

template <class SampleIt, class Counter, class Binner>
static hipError_t histogram_run(void* d_temp_storage, size_t& temp_storage_bytes,
                                SampleIt samples, Counter* histogram, Binner binner,
                                long long row_samples, long long rows, long long stride,
                                hipStream_t stream) {
  hipError_t status;
  if (!temp_storage_check(d_temp_storage, temp_storage_bytes, 0, status)) return status;
  if (binner.bins <= 0) return hipSuccess;
  status = hipMemsetAsync(histogram, 0, (size_t)binner.bins * sizeof(Counter), stream);
  if (status != hipSuccess) return status;
  long long total = row_samples > 0 && rows > 0 ? row_samples * rows : 0;
  if (total == 0) return hipSuccess;
  long long blocks = (total + HISTOGRAM_THREADS - 1) / HISTOGRAM_THREADS;
  if (blocks > HISTOGRAM_MAX_BLOCKS) blocks = HISTOGRAM_MAX_BLOCKS;
  histogram_kernel<<<(unsigned int)blocks, HISTOGRAM_THREADS, 0, stream>>>(
      samples, row_samples, rows, stride, binner, histogram);
  return hipGetLastError();
}

}  // namespace detail

struct DeviceHistogram {
  template <class SampleIt, class CounterT, class LevelT, class OffsetT>
  static hipError_t HistogramEven(void* d_temp_storage, size_t& temp_storage_bytes,
                                  SampleIt d_samples, CounterT* d_histogram, int num_levels,
                                  LevelT lower_level, LevelT upper_level, OffsetT num_samples,
                                  hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    detail::EvenBins<LevelT> binner = {lower_level, upper_level, num_levels - 1};
    return detail::histogram_run(d_temp_storage, temp_storage_bytes, d_samples, d_histogram,
                                 binner, (long long)num_samples, 1, 0, stream);
  }
  template <class SampleIt, class CounterT, class LevelT, class OffsetT>
  static hipError_t HistogramEven(void* d_temp_storage, size_t& temp_storage_bytes,
                                  SampleIt d_samples, CounterT* d_histogram, int num_levels,
                                  LevelT lower_level, LevelT upper_level,
                                  OffsetT num_row_samples, OffsetT num_rows,
                                  size_t row_stride_bytes, hipStream_t stream = 0,
                                  bool debug_synchronous = false) {
    (void)debug_synchronous;
    typedef typename detail::value_of<SampleIt>::type Sample;
    detail::EvenBins<LevelT> binner = {lower_level, upper_level, num_levels - 1};
    return detail::histogram_run(d_temp_storage, temp_storage_bytes, d_samples, d_histogram,
                                 binner, (long long)num_row_samples, (long long)num_rows,
                                 (long long)(row_stride_bytes / sizeof(Sample)), stream);
  }
  template <class SampleIt, class CounterT, class LevelT, class OffsetT>
  static hipError_t HistogramRange(void* d_temp_storage, size_t& temp_storage_bytes,
                                   SampleIt d_samples, CounterT* d_histogram, int num_levels,
                                   const LevelT* d_levels, OffsetT num_samples,
                                   hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    detail::RangeBins<const LevelT*> binner = {d_levels, num_levels - 1};
    return detail::histogram_run(d_temp_storage, temp_storage_bytes, d_samples, d_histogram,
                                 binner, (long long)num_samples, 1, 0, stream);
  }
  template <class SampleIt, class CounterT, class LevelT, class OffsetT>
  static hipError_t HistogramRange(void* d_temp_storage, size_t& temp_storage_bytes,
                                   SampleIt d_samples, CounterT* d_histogram, int num_levels,
                                   const LevelT* d_levels, OffsetT num_row_samples,
                                   OffsetT num_rows, size_t row_stride_bytes,
                                   hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    typedef typename detail::value_of<SampleIt>::type Sample;
    detail::RangeBins<const LevelT*> binner = {d_levels, num_levels - 1};
    return detail::histogram_run(d_temp_storage, temp_storage_bytes, d_samples, d_histogram,
                                 binner, (long long)num_row_samples, (long long)num_rows,
                                 (long long)(row_stride_bytes / sizeof(Sample)), stream);
  }
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_DEVICE_HISTOGRAM_HPP */
