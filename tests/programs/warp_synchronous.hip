// Warp-synchronous code written before __syncwarp existed: the lanes of a warp exchange
// values through shared memory with only `volatile` (the classic reduction's last warp and a
// Kogge-Stone scan) or __threadfence_block() between the steps. GPUs run a warp's lanes in
// lockstep, so every lane's loads of a step come before any lane's store; the CPU device
// must give the same results (codegen's cpu_lockstep). Also a work-item spinning on a
// volatile flag that another work-item of its group sets. And kernels with neither barrier,
// `volatile` nor fence, whose lanes write 8x8 tiles of shared memory by columns and read them
// back by rows (the pattern of NVIDIA's DCT sample): each lane reads what seven others wrote.
#include "check.h"
#include <vector>

constexpr int kBlock = 256;

// Sum of each block's values: tree down to 64 values with barriers, then the last warp
// without any (the pattern of many reduction kernels).
__device__ void warp_reduce(volatile int* s, int tid) {
  s[tid] += s[tid + 32];
  s[tid] += s[tid + 16];
  s[tid] += s[tid + 8];
  s[tid] += s[tid + 4];
  s[tid] += s[tid + 2];
  s[tid] += s[tid + 1];
}

__global__ void block_sums(const int* in, int* out) {
  __shared__ int s[kBlock];
  int tid = threadIdx.x;
  s[tid] = in[blockIdx.x * kBlock + tid];
  __syncthreads();
  for (int half = kBlock / 2; half > 32; half /= 2) {
    if (tid < half) s[tid] += s[tid + half];
    __syncthreads();
  }
  if (tid < 32) warp_reduce(s, tid);
  if (tid == 0) out[blockIdx.x] = s[0];
}

// Inclusive scan of each warp's 32 values through a volatile buffer padded with zeros.
__global__ void warp_scan_volatile(const int* in, int* out) {
  __shared__ int pad[2 * kBlock];
  volatile int* s = pad;
  int lane = threadIdx.x & 31;
  int idx = 2 * threadIdx.x - lane;
  s[idx] = 0;
  idx += 32;
  int t = s[idx] = in[blockIdx.x * kBlock + threadIdx.x];
  s[idx] = t += s[idx - 1];
  s[idx] = t += s[idx - 2];
  s[idx] = t += s[idx - 4];
  s[idx] = t += s[idx - 8];
  s[idx] = t += s[idx - 16];
  out[blockIdx.x * kBlock + threadIdx.x] = s[idx];
}

// The same scan with plain shared memory and __threadfence_block() between the steps.
__global__ void warp_scan_fenced(const int* in, int* out) {
  __shared__ int s[2 * kBlock];
  int lane = threadIdx.x & 31;
  int idx = 2 * threadIdx.x - lane;
  s[idx] = 0;
  idx += 32;
  s[idx] = in[blockIdx.x * kBlock + threadIdx.x];
  __threadfence_block();
  for (int offset = 1; offset < 32; offset *= 2) {
    s[idx] += s[idx - offset];
    __threadfence_block();
  }
  out[blockIdx.x * kBlock + threadIdx.x] = s[idx];
}

// Work-item 0 of each block waits until the last one has published its value.
__global__ void spin_on_flag(int* out) {
  __shared__ volatile int flag;
  __shared__ volatile int value;
  if (threadIdx.x == 0) flag = 0;
  __syncthreads();
  if (threadIdx.x == blockDim.x - 1) {
    value = 1000 + blockIdx.x;
    flag = 1;
  }
  if (threadIdx.x == 0) {
    while (flag == 0) {
    }
    out[blockIdx.x] = value;
  }
}

// Lane t*8 + c of the warp writes column c of tile t (rows 0..7 of its input), then mixes
// row c of the same tile, then reads column c back: out(i, t*8 + c) =
// in(i, t*8 + c) * (c + 1) + in(i, t*8 + (c + 1) % 8).
constexpr int kTile = 8, kPitch = 33;

__device__ __noinline__ void mix_row(int* row) {
  int first = row[0];
  for (int j = 0; j < kTile; ++j) row[j] = row[j] * (j + 1) + (j + 1 < kTile ? row[j + 1] : first);
}

template <bool kThroughCall>
__global__ void tile_mix_unsynced(const int* in, int* out) {
  __shared__ int tiles[kTile * kPitch];
  int lane = threadIdx.x, c = lane % kTile;
  int* column = &tiles[lane];
  int* row = &tiles[c * kPitch + lane - c];
  for (int i = 0; i < kTile; ++i) column[i * kPitch] = in[blockIdx.x * 256 + i * 32 + lane];
  if (kThroughCall) {
    mix_row(row);
  } else {
    int values[kTile];
    for (int j = 0; j < kTile; ++j) values[j] = row[j];
    for (int j = 0; j < kTile; ++j) row[j] = values[j] * (j + 1) + values[(j + 1) % kTile];
  }
  for (int i = 0; i < kTile; ++i) out[blockIdx.x * 256 + i * 32 + lane] = column[i * kPitch];
}

int main() {
  print_device("warp_synchronous");
  const int blocks = 4, n = blocks * kBlock;
  std::vector<int> in(n);
  unsigned long long seed = 7;
  for (int& value : in) value = (int)(next_random(&seed) % 1000) - 500;
  int *d_in, *d_out;
  CHECK(hipMalloc(&d_in, n * sizeof(int)));
  CHECK(hipMalloc(&d_out, n * sizeof(int)));
  CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
  int failures = 0;

  block_sums<<<blocks, kBlock>>>(d_in, d_out);
  CHECK_LAUNCH();
  std::vector<int> out(n);
  CHECK(hipMemcpy(out.data(), d_out, blocks * sizeof(int), hipMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    int expected = 0;
    for (int i = 0; i < kBlock; ++i) expected += in[b * kBlock + i];
    if (out[b] != expected) {
      std::printf("block_sums: block %d: %d, expected %d\n", b, out[b], expected);
      ++failures;
    }
  }

  for (int kernel = 0; kernel < 2; ++kernel) {
    CHECK(hipMemset(d_out, 0xff, n * sizeof(int)));
    if (kernel == 0) {
      warp_scan_volatile<<<blocks, kBlock>>>(d_in, d_out);
    } else {
      warp_scan_fenced<<<blocks, kBlock>>>(d_in, d_out);
    }
    CHECK_LAUNCH();
    CHECK(hipMemcpy(out.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
    int bad = 0;
    for (int warp = 0; warp < n / 32; ++warp) {
      int sum = 0;
      for (int lane = 0; lane < 32; ++lane) {
        sum += in[warp * 32 + lane];
        if (out[warp * 32 + lane] != sum && bad++ < 3)
          std::printf("%s: element %d: %d, expected %d\n",
                      kernel == 0 ? "warp_scan_volatile" : "warp_scan_fenced", warp * 32 + lane,
                      out[warp * 32 + lane], sum);
      }
    }
    failures += bad;
  }

  spin_on_flag<<<blocks, 64>>>(d_out);
  CHECK_LAUNCH();
  CHECK(hipMemcpy(out.data(), d_out, blocks * sizeof(int), hipMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    if (out[b] != 1000 + b) {
      std::printf("spin_on_flag: block %d: %d\n", b, out[b]);
      ++failures;
    }
  }

  for (int kernel = 0; kernel < 2; ++kernel) {
    CHECK(hipMemset(d_out, 0xff, n * sizeof(int)));
    if (kernel == 0) {
      tile_mix_unsynced<false><<<blocks, 32>>>(d_in, d_out);
    } else {
      tile_mix_unsynced<true><<<blocks, 32>>>(d_in, d_out);
    }
    CHECK_LAUNCH();
    CHECK(hipMemcpy(out.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
    int bad = 0;
    for (int b = 0; b < blocks; ++b) {
      for (int i = 0; i < kTile; ++i) {
        for (int lane = 0; lane < 32; ++lane) {
          int t = lane / kTile, c = lane % kTile, at = b * 256 + i * 32;
          int expected = in[at + lane] * (c + 1) + in[at + t * kTile + (c + 1) % kTile];
          if (out[at + lane] != expected && bad++ < 3)
            std::printf("tile_mix_unsynced<%d>: block %d row %d lane %d: %d, expected %d\n",
                        kernel, b, i, lane, out[at + lane], expected);
        }
      }
    }
    failures += bad;
  }

  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
  if (failures) {
    std::printf("warp_synchronous: FAILED (%d)\n", failures);
    return 1;
  }
  std::printf("warp_synchronous: PASSED\n");
  return 0;
}
