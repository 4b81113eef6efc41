// Header compatibility: standard headers before ours, std:: and C math names in device
// code, integer abs/min/max, every atomic flavour, warp functions, clocks. Must compile
// without diagnostics on every pass (amdgcn wave64 and wave32, nvptx, host).
#include <cmath>
#include <math.h>
#include <ctime>
#include <algorithm>
#include <cstdio>
#include <cassert>
#include <hip/hip_runtime.h>

__global__ void everything(float *f, double *d, int *i, long long *t) {
  f[0] = sqrtf(f[1]) + std::sqrt(f[2]) + std::fabs(f[3]) + fminf(f[4], f[5]) + exp(f[0]) + std::min(f[1], f[2]);
  f[1] = std::exp(f[0]) + std::sin(f[1]) + std::pow(f[2], f[3]) + std::log(f[4]) + __sinf(f[5]) + erff(f[6]);
  d[0] = std::max(d[1], d[2]) + sqrt(d[3]) + pow(d[0], 2) + hypot(d[1], d[2]) + ldexp(d[1], 3) + std::exp(d[4]);
  i[0] = min(i[1], i[2]) + max(i[3], 4) + abs(i[4]) + std::abs(i[5]) + (isnan(f[0]) ? 1 : 0) + __popc(i[6]) + __clz(i[7]);
  t[0] = clock64() + clock() + wall_clock64();
  unsigned long long mask = __ballot(i[0] > 0);
  i[1] = __shfl_xor(i[1], 1) + __shfl_up(i[2], 1u) + (int)__shfl(f[0], 0) + (int)mask + __syncthreads_count(i[0]);
  i[2] = __shfl_down_sync(~0ull, i[2], 2u) + __any(i[3]) + __all(i[4]) + (int)__lane_id() + warpSize;
  __threadfence();
  __threadfence_block();
  atomicSub(i, 1);
  atomicExch(f, 1.0f);
  atomicAdd(d, 1.0);
  atomicMin((unsigned long long *)t, 5ull);
  atomicDec((unsigned *)i, 3u);
  atomicInc((unsigned *)i, 3u);
  atomicCAS(i + 3, 1, 2);
  atomicAdd_system(i, 1);
  atomicOr_block(i, 4);
  atomicMax(f + 1, 2.0f);
  assert(i[0] != 12345);
  printf("thread %u of %d\n", threadIdx.x, i[0]);
}

template <typename T, int N> __global__ void templated(T *out) { out[threadIdx.x % N] = T(blockDim.x); }

int host_side(hipStream_t stream, float *f) {
  hipDeviceProp_t properties;
  properties.warpSize = 64;
  hipLaunchKernelGGL(HIP_KERNEL_NAME(templated<float, 4>), dim3(1), dim3(64), 0, stream, f);
  return properties.warpSize + (int)std::sqrt(2.0) + std::min(1, 2) + std::abs(-1);
}
