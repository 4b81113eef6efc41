/* oxhip: hipCUB's DeviceHistogram for one channel (docs/libraries.md): HistogramEven (equal
 * bins between lower_level and upper_level; integer levels bin with integer arithmetic,
 * floating-point ones by (sample - lower) / (upper - lower) * bins) and HistogramRange (bin
 * i holds levels[i] <= sample < levels[i + 1]), over a sequence or rows with a stride. Each
 * block counts into shared memory (up to 4096 bins) and adds its counts to the histogram
 * with atomics. MultiHistogramEven/Range count several channels of interleaved samples
 * (NUM_CHANNELS samples a pixel, the first NUM_ACTIVE_CHANNELS counted) in one pass, each
 * channel with its own levels and histogram, their bins side by side in shared memory.
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

/* A histogram's channels: pixel p's sample for channel c is samples[p * Channels + c], and
 * the first Active channels are counted, channel c by binners[c] into histograms[c]. In
 * shared memory channel c's bins start at offsets[c]; total is every active channel's bins. */
template <int Channels, int Active, class Counter, class Binner>
struct HistogramChannels {
  Binner binners[Active];
  Counter* histograms[Active];
  int offsets[Active];
  int total;
};

template <int Channels, int Active, class SampleIt, class Counter, class Binner>
__global__ void __launch_bounds__(HISTOGRAM_THREADS)
    histogram_kernel(SampleIt samples, long long row_pixels, long long rows, long long stride,
                     HistogramChannels<Channels, Active, Counter, Binner> channels) {
  __shared__ unsigned int local[HISTOGRAM_SHARED_BINS];
  int total_bins = channels.total;
  bool shared = total_bins <= HISTOGRAM_SHARED_BINS;
  if (shared)
    for (int bin = threadIdx.x; bin < total_bins; bin += HISTOGRAM_THREADS) local[bin] = 0;
  __syncthreads();
  long long pixels = row_pixels * rows;
  for (long long index = (long long)blockIdx.x * HISTOGRAM_THREADS + threadIdx.x;
       index < pixels; index += (long long)gridDim.x * HISTOGRAM_THREADS) {
    long long row = index / row_pixels, column = index - row * row_pixels;
    long long first = row * stride + column * Channels;
#pragma unroll
    for (int channel = 0; channel < Active; ++channel) {
      int bin = channels.binners[channel](samples[first + channel]);
      if (bin >= 0) {
        if (shared)
          atomicAdd(&local[channels.offsets[channel] + bin], 1u);
        else
          atomicAdd(&channels.histograms[channel][bin], (Counter)1);
      }
    }
  }
  __syncthreads();
  if (shared)
    for (int bin = threadIdx.x; bin < total_bins; bin += HISTOGRAM_THREADS) {
      unsigned int count = local[bin];
      if (count == 0) continue;
      int channel = 0;
      while (channel + 1 < Active && bin >= channels.offsets[channel + 1]) ++channel;
      atomicAdd(&channels.histograms[channel][bin - channels.offsets[channel]], (Counter)count);
    }
}

/* Clears each active channel's histogram, then counts `rows` rows of `row_pixels` pixels,
 * a row `stride` samples after the one before. */
template <int Channels, int Active, class SampleIt, class Counter, class Binner>
static hipError_t histogram_run(void* d_temp_storage, size_t& temp_storage_bytes,
                                SampleIt samples, Counter* const* histograms,
                                const Binner* binners, long long row_pixels, long long rows,
                                long long stride, hipStream_t stream) {
  hipError_t status;
  if (!temp_storage_check(d_temp_storage, temp_storage_bytes, 0, status)) return status;
  HistogramChannels<Channels, Active, Counter, Binner> channels;
  channels.total = 0;
  for (int channel = 0; channel < Active; ++channel) {
    channels.binners[channel] = binners[channel];
    if (channels.binners[channel].bins < 0) channels.binners[channel].bins = 0;
    channels.histograms[channel] = histograms[channel];
    channels.offsets[channel] = channels.total;
    int bins = channels.binners[channel].bins;
    channels.total += bins;
    if (bins == 0) continue;
    status = hipMemsetAsync(histograms[channel], 0, (size_t)bins * sizeof(Counter), stream);
    if (status != hipSuccess) return status;
  }
  long long pixels = row_pixels > 0 && rows > 0 ? row_pixels * rows : 0;
  if (pixels == 0 || channels.total == 0) return hipSuccess;
  long long blocks = (pixels + HISTOGRAM_THREADS - 1) / HISTOGRAM_THREADS;
  if (blocks > HISTOGRAM_MAX_BLOCKS) blocks = HISTOGRAM_MAX_BLOCKS;
  histogram_kernel<Channels, Active><<<(unsigned int)blocks, HISTOGRAM_THREADS, 0, stream>>>(
      samples, row_pixels, rows, stride, channels);
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
    return detail::histogram_run<1, 1>(d_temp_storage, temp_storage_bytes, d_samples,
                                       &d_histogram, &binner, (long long)num_samples, 1, 0,
                                       stream);
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
    return detail::histogram_run<1, 1>(d_temp_storage, temp_storage_bytes, d_samples,
                                       &d_histogram, &binner, (long long)num_row_samples,
                                       (long long)num_rows,
                                       (long long)(row_stride_bytes / sizeof(Sample)), stream);
  }
  template <class SampleIt, class CounterT, class LevelT, class OffsetT>
  static hipError_t HistogramRange(void* d_temp_storage, size_t& temp_storage_bytes,
                                   SampleIt d_samples, CounterT* d_histogram, int num_levels,
                                   const LevelT* d_levels, OffsetT num_samples,
                                   hipStream_t stream = 0, bool debug_synchronous = false) {
    (void)debug_synchronous;
    detail::RangeBins<const LevelT*> binner = {d_levels, num_levels - 1};
    return detail::histogram_run<1, 1>(d_temp_storage, temp_storage_bytes, d_samples,
                                       &d_histogram, &binner, (long long)num_samples, 1, 0,
                                       stream);
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
    return detail::histogram_run<1, 1>(d_temp_storage, temp_storage_bytes, d_samples,
                                       &d_histogram, &binner, (long long)num_row_samples,
                                       (long long)num_rows,
                                       (long long)(row_stride_bytes / sizeof(Sample)), stream);
  }

  /* Several channels of interleaved samples: pixel p's channel c is
   * d_samples[p * NUM_CHANNELS + c]; the first NUM_ACTIVE_CHANNELS channels are counted,
   * channel c into d_histogram[c] with its own levels. */
  template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, class SampleIt, class CounterT,
            class LevelT, class OffsetT>
  static hipError_t MultiHistogramEven(void* d_temp_storage, size_t& temp_storage_bytes,
                                       SampleIt d_samples,
                                       CounterT* d_histogram[NUM_ACTIVE_CHANNELS],
                                       const int num_levels[NUM_ACTIVE_CHANNELS],
                                       const LevelT lower_level[NUM_ACTIVE_CHANNELS],
                                       const LevelT upper_level[NUM_ACTIVE_CHANNELS],
                                       OffsetT num_pixels, hipStream_t stream = 0,
                                       bool debug_synchronous = false) {
    typedef typename detail::value_of<SampleIt>::type Sample;
    return MultiHistogramEven<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(
        d_temp_storage, temp_storage_bytes, d_samples, d_histogram, num_levels, lower_level,
        upper_level, num_pixels, (OffsetT)1, (size_t)num_pixels * NUM_CHANNELS * sizeof(Sample),
        stream, debug_synchronous);
  }
  template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, class SampleIt, class CounterT,
            class LevelT, class OffsetT>
  static hipError_t MultiHistogramEven(void* d_temp_storage, size_t& temp_storage_bytes,
                                       SampleIt d_samples,
                                       CounterT* d_histogram[NUM_ACTIVE_CHANNELS],
                                       const int num_levels[NUM_ACTIVE_CHANNELS],
                                       const LevelT lower_level[NUM_ACTIVE_CHANNELS],
                                       const LevelT upper_level[NUM_ACTIVE_CHANNELS],
                                       OffsetT num_row_pixels, OffsetT num_rows,
                                       size_t row_stride_bytes, hipStream_t stream = 0,
                                       bool debug_synchronous = false) {
    (void)debug_synchronous;
    static_assert(NUM_ACTIVE_CHANNELS >= 1 && NUM_ACTIVE_CHANNELS <= NUM_CHANNELS,
                  "MultiHistogramEven: 1 <= NUM_ACTIVE_CHANNELS <= NUM_CHANNELS");
    typedef typename detail::value_of<SampleIt>::type Sample;
    detail::EvenBins<LevelT> binners[NUM_ACTIVE_CHANNELS];
    for (int channel = 0; channel < NUM_ACTIVE_CHANNELS; ++channel) {
      binners[channel].lower = lower_level[channel];
      binners[channel].upper = upper_level[channel];
      binners[channel].bins = num_levels[channel] - 1;
    }
    return detail::histogram_run<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(
        d_temp_storage, temp_storage_bytes, d_samples, d_histogram, binners,
        (long long)num_row_pixels, (long long)num_rows,
        (long long)(row_stride_bytes / sizeof(Sample)), stream);
  }
  template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, class SampleIt, class CounterT,
            class LevelT, class OffsetT>
  static hipError_t MultiHistogramRange(void* d_temp_storage, size_t& temp_storage_bytes,
                                        SampleIt d_samples,
                                        CounterT* d_histogram[NUM_ACTIVE_CHANNELS],
                                        const int num_levels[NUM_ACTIVE_CHANNELS],
                                        const LevelT* const d_levels[NUM_ACTIVE_CHANNELS],
                                        OffsetT num_pixels, hipStream_t stream = 0,
                                        bool debug_synchronous = false) {
    typedef typename detail::value_of<SampleIt>::type Sample;
    return MultiHistogramRange<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(
        d_temp_storage, temp_storage_bytes, d_samples, d_histogram, num_levels, d_levels,
        num_pixels, (OffsetT)1, (size_t)num_pixels * NUM_CHANNELS * sizeof(Sample), stream,
        debug_synchronous);
  }
  template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, class SampleIt, class CounterT,
            class LevelT, class OffsetT>
  static hipError_t MultiHistogramRange(void* d_temp_storage, size_t& temp_storage_bytes,
                                        SampleIt d_samples,
                                        CounterT* d_histogram[NUM_ACTIVE_CHANNELS],
                                        const int num_levels[NUM_ACTIVE_CHANNELS],
                                        const LevelT* const d_levels[NUM_ACTIVE_CHANNELS],
                                        OffsetT num_row_pixels, OffsetT num_rows,
                                        size_t row_stride_bytes, hipStream_t stream = 0,
                                        bool debug_synchronous = false) {
    (void)debug_synchronous;
    static_assert(NUM_ACTIVE_CHANNELS >= 1 && NUM_ACTIVE_CHANNELS <= NUM_CHANNELS,
                  "MultiHistogramRange: 1 <= NUM_ACTIVE_CHANNELS <= NUM_CHANNELS");
    typedef typename detail::value_of<SampleIt>::type Sample;
    detail::RangeBins<const LevelT*> binners[NUM_ACTIVE_CHANNELS];
    for (int channel = 0; channel < NUM_ACTIVE_CHANNELS; ++channel) {
      binners[channel].levels = d_levels[channel];
      binners[channel].bins = num_levels[channel] - 1;
    }
    return detail::histogram_run<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(
        d_temp_storage, temp_storage_bytes, d_samples, d_histogram, binners,
        (long long)num_row_pixels, (long long)num_rows,
        (long long)(row_stride_bytes / sizeof(Sample)), stream);
  }
};

}  // namespace hipcub

#endif /* __cplusplus && __OXHIP_OFFLOAD__ */

#endif /* OXHIP_HIPCUB_DEVICE_HISTOGRAM_HPP */
