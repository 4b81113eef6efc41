// Shared-memory tree reduction: each block sums its slice in static shared
// memory with __syncthreads between steps, then one atomicAdd per block.
// Integer data, so the GPU sum must equal the host sum exactly.
#include "check.h"
#include <vector>

constexpr int kBlock = 256;

__global__ void block_sum(const int* in, unsigned long long* total, int n) {
  __shared__ int partial[kBlock];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x * 2 + tid;
  int v = 0;
  if (i < n) v += in[i];
  if (i + blockDim.x < n) v += in[i + blockDim.x];
  partial[tid] = v;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (tid < stride) partial[tid] += partial[tid + stride];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(total, (unsigned long long)(long long)partial[0]);
}

// A second reduction with a float result through atomicAdd on float and a
// max through atomicMax, to exercise the other overloads on real data.
__global__ void float_sum_and_max(const int* in, float* fsum, int* imax, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd(fsum, (float)(in[i] & 7));
    atomicMax(imax, in[i]);
  }
}

int main() {
  print_device("reduction");
  long long errors = 0;
  unsigned long long seed = 7;
  for (int n : {1, 255, 256, 257, 100000, 1 << 22}) {
    std::vector<int> host(n);
    long long expected = 0;
    int expected_max = -2147483647 - 1;
    long long expected_fsum = 0;
    for (int i = 0; i < n; ++i) {
      host[i] = (int)(next_random(&seed) % 2001) - 1000;
      expected += host[i];
      expected_fsum += host[i] & 7;
      if (host[i] > expected_max) expected_max = host[i];
    }
    int* din;
    unsigned long long* dtotal;
    float* dfsum;
    int* dmax;
    CHECK(hipMalloc(&din, n * sizeof(int)));
    CHECK(hipMalloc(&dtotal, sizeof(unsigned long long)));
    CHECK(hipMalloc(&dfsum, sizeof(float)));
    CHECK(hipMalloc(&dmax, sizeof(int)));
    CHECK(hipMemcpy(din, host.data(), n * sizeof(int), hipMemcpyHostToDevice));
    CHECK(hipMemset(dtotal, 0, sizeof(unsigned long long)));
    CHECK(hipMemset(dfsum, 0, sizeof(float)));
    int lowest = -2147483647 - 1;
    CHECK(hipMemcpy(dmax, &lowest, sizeof(int), hipMemcpyHostToDevice));

    int blocks = (n + 2 * kBlock - 1) / (2 * kBlock);
    block_sum<<<blocks, kBlock>>>(din, dtotal, n);
    CHECK_LAUNCH();
    hipLaunchKernelGGL(float_sum_and_max, dim3((n + 127) / 128), dim3(128), 0, 0, din, dfsum,
                       dmax, n);
    CHECK_LAUNCH();

    unsigned long long total = 0;
    float fsum = 0;
    int imax = 0;
    CHECK(hipMemcpy(&total, dtotal, sizeof total, hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(&fsum, dfsum, sizeof fsum, hipMemcpyDeviceToHost));
    CHECK(hipMemcpy(&imax, dmax, sizeof imax, hipMemcpyDeviceToHost));
    if ((long long)total != expected) {
      std::printf("reduction: n=%d sum %lld, expected %lld\n", n, (long long)total, expected);
      ++errors;
    }
    // Small integers summed in float are exact below 2^24.
    if (expected_fsum < (1 << 24) && (long long)fsum != expected_fsum) {
      std::printf("reduction: n=%d float sum %.1f, expected %lld\n", n, fsum, expected_fsum);
      ++errors;
    }
    if (imax != expected_max) {
      std::printf("reduction: n=%d max %d, expected %d\n", n, imax, expected_max);
      ++errors;
    }
    CHECK(hipFree(din));
    CHECK(hipFree(dtotal));
    CHECK(hipFree(dfsum));
    CHECK(hipFree(dmax));
  }
  return finish("reduction", errors);
}
