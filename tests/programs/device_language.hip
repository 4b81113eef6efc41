// The device language's attributes and built-ins that need no library: __launch_bounds__
// with one and two arguments, __grid_constant__ parameters, __align__, __restrict__,
// __ldg, nontemporal loads and stores, clock64/wall_clock64/__nanosleep, __shared__
// objects of a class with a trivial constructor, __device__ and __constant__ variables,
// and integer min/max/abs and math functions in __host__ __device__ code called from
// both sides.
#include "check.h"

struct __align__(16) Params {
  float scale;
  int offset;
  float table[6];
};
static_assert(alignof(Params) == 16, "__align__");

struct Accumulator {
  float sum;
  int count;
  Accumulator() = default;  // trivial: allowed in __shared__ memory
  __device__ void add(float v) {
    sum += v;
    ++count;
  }
};

__device__ int device_counter = 0;
__constant__ float constant_bias = 0.5f;

// Integer min/max/abs and math functions, the same code on host and device.
__host__ __device__ float mixed(int i, float x) {
  int clamped = min(max(i - 5, 0), 100) + abs(-i);
  unsigned wide = max(3u, (unsigned)i);
  return fabsf(x) + sqrtf((float)clamped) + (float)min(wide, 50u) + floorf(x * 0.5f) + fmaxf(x, 0.0f) +
         (float)llabs(-7ll) + (float)max(2ll, (long long)i);
}

__global__ void __launch_bounds__(128) bounded(float* __restrict__ out, const float* __restrict__ in,
                                              const __grid_constant__ Params params, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = __ldg(in + i) * params.scale + params.table[i % 6] + (float)params.offset + constant_bias;
  __builtin_nontemporal_store(v, out + i);
}

__global__ void __launch_bounds__(256, 2) two_bounds(float* out, const float* in, int n) {
  __shared__ Accumulator block;
  if (threadIdx.x == 0) {
    block.sum = 0;
    block.count = 0;
  }
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float x = __builtin_nontemporal_load(in + i);
    out[i] = mixed(i, x);
    atomicAdd(&block.sum, 1.0f);
  }
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(&device_counter, (int)block.sum);
}

__global__ void clocks(long long* out) {
  long long c0 = clock64(), w0 = wall_clock64();
  __nanosleep(20000);
  long long c1 = clock64(), w1 = wall_clock64();
  out[0] = c1 - c0;
  out[1] = w1 - w0;
  out[2] = (long long)clock();
}

int main() {
  const int n = 1000;
  float host_in[n];
  for (int i = 0; i < n; ++i) host_in[i] = (float)(i % 17) - 8.25f;
  float *in, *out;
  CHECK(hipMalloc(&in, sizeof host_in));
  CHECK(hipMalloc(&out, sizeof host_in));
  CHECK(hipMemcpy(in, host_in, sizeof host_in, hipMemcpyHostToDevice));
  Params params = {2.0f, 3, {0, 1, 2, 3, 4, 5}};
  bounded<<<(n + 127) / 128, 128>>>(out, in, params, n);
  CHECK_LAUNCH();
  float got[n];
  CHECK(hipMemcpy(got, out, sizeof got, hipMemcpyDeviceToHost));
  long long errors = 0;
  for (int i = 0; i < n; ++i) {
    float want = host_in[i] * 2.0f + (float)(i % 6) + 3.0f + 0.5f;
    if (got[i] != want) {
      if (errors < 5) std::printf("bounded %d: %g, want %g\n", i, got[i], want);
      ++errors;
    }
  }
  two_bounds<<<(n + 255) / 256, 256>>>(out, in, n);
  CHECK_LAUNCH();
  CHECK(hipMemcpy(got, out, sizeof got, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    float want = mixed(i, host_in[i]);  // the same function on the host
    if (std::fabs(got[i] - want) > 1e-5f * std::fabs(want)) {
      if (errors < 5) std::printf("mixed %d: %g, want %g\n", i, got[i], want);
      ++errors;
    }
  }
  int counter = 0;
  CHECK(hipMemcpyFromSymbol(&counter, HIP_SYMBOL(device_counter), sizeof counter));
  if (counter != n) {
    std::printf("device_counter = %d, want %d\n", counter, n);
    ++errors;
  }
  long long* times;
  CHECK(hipMalloc(&times, 3 * sizeof(long long)));
  clocks<<<1, 1>>>(times);
  CHECK_LAUNCH();
  long long t[3];
  CHECK(hipMemcpy(t, times, sizeof t, hipMemcpyDeviceToHost));
  // Both counters move forward across a sleep.
  if (t[0] <= 0 || t[1] <= 0) {
    std::printf("clock64 advanced %lld, wall_clock64 %lld\n", t[0], t[1]);
    ++errors;
  }
  int wall_rate = 0;
  CHECK(hipDeviceGetAttribute(&wall_rate, hipDeviceAttributeWallClockRate, 0));
  if (wall_rate <= 0) {
    std::printf("hipDeviceAttributeWallClockRate = %d\n", wall_rate);
    ++errors;
  }
  CHECK(hipFree(times));
  CHECK(hipFree(in));
  CHECK(hipFree(out));
  return finish("device_language", errors);
}
