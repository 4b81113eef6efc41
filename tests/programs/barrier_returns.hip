// Barrier-only kernels whose work-items return at different points, so that on the CPU
// target some phases run every work-item at one barrier (codegen::cpu's loops of a constant
// state, which test no work-item) and the others the loop that looks at each work-item's
// state. After the returns, the work-items still running read their coordinates again
// (3-D blocks, the lane), count themselves, and exchange values through shared memory. On a
// GPU they are ordinary kernels.
// A barrier after some threads of a block have returned is what real kernels do
// (`if (i >= n) return;` before a `__syncthreads()`) and works on NVIDIA GPUs, which count
// exited threads as arrived; but `__syncthreads_count` there (PTX's `bar.red.popc`, an
// aligned barrier) gave 20 where 30 threads were left on an H200 (2026-11-30), so after the
// returns the survivors count themselves with a shared-memory atomic instead.
#include "check.h"
#include <vector>

// Work-items return in three waves, between barriers; each survivor re-reads threadIdx
// after every barrier and adds what its neighbour wrote.
__global__ void waves(int* out, int* counts) {
  __shared__ int s[512];
  __shared__ int survivors[2];
  const int linear = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const int size = blockDim.x * blockDim.y * blockDim.z;
  s[linear] = linear + 1;
  if (linear == 0) survivors[0] = survivors[1] = 0;
  int sum = 0;
  __syncthreads();
  sum += s[(linear + 1) % size];
  int live = __syncthreads_count(1);
  if (threadIdx.x % 3 == 1) {
    out[blockIdx.x * size + linear] = sum * 1000 + live;
    return;
  }
  __syncthreads();
  // A survivor reads its coordinates after the returns.
  int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
  s[linear] = x * 100 + y * 10 + z;
  atomicAdd(&survivors[0], 1);
  __syncthreads();
  live = survivors[0];
  sum += s[(x + 1) % blockDim.x + blockDim.x * (y + blockDim.y * z)];
  __syncthreads();
  if ((threadIdx.y + threadIdx.z) % 2 == 1) {
    out[blockIdx.x * size + linear] = sum * 1000 + live;
    return;
  }
  for (int round = 0; round < 3; ++round) {
    s[linear] = threadIdx.x + round + (int)(blockIdx.x * 7);
    __syncthreads();
    sum += s[blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z) + blockDim.x - 1 - threadIdx.x];
    __syncthreads();
  }
  atomicAdd(&survivors[1], 1);
  __syncthreads();
  live = survivors[1];
  out[blockIdx.x * size + linear] = sum * 1000 + live;
  counts[blockIdx.x] = live;
}

// Half of the first warp returns at once; the rest run four barrier phases, each storing the
// lane (threadIdx.x % 32) and the linear index they read after the barrier.
__global__ void half_warp(int* lanes, int* linears) {
  __shared__ int s[256];
  int t = threadIdx.x;
  if (t < 16) return;
  for (int step = 0; step < 4; ++step) {
    s[threadIdx.x] = (int)(threadIdx.x % 32) + step;
    __syncthreads();
    lanes[blockIdx.x * blockDim.x * 4 + step * blockDim.x + threadIdx.x] = s[threadIdx.x];
    linears[blockIdx.x * blockDim.x * 4 + step * blockDim.x + threadIdx.x] =
        (int)(blockIdx.x * blockDim.x + threadIdx.x);
    __syncthreads();
  }
}

// Not inlined, so that the kernel below keeps reading its coordinates through a call.
__device__ __noinline__ int where_am_i() { return (int)(threadIdx.x + 1000 * threadIdx.y); }

// Work-items wait at two different barriers (one per side of a branch), then all meet at
// the same one again, and read their coordinates through a function call after it.
__global__ void rejoin(int* out) {
  __shared__ int s[256];
  const int t = threadIdx.x + blockDim.x * threadIdx.y, size = blockDim.x * blockDim.y;
  if ((t / 32) % 2 == 0) {  // whole warps on each side
    s[t] = t;
    __syncthreads();
  } else {
    s[t] = -t;
    __syncthreads();
  }
  int v = s[(t + 1) % size];
  __syncthreads();
  out[blockIdx.x * size + t] = v + 10 * where_am_i();
  __syncthreads();
  out[gridDim.x * size + blockIdx.x * size + t] = where_am_i();
}

template <class T> static std::vector<T> fetch(const T* device, size_t n) {
  std::vector<T> host(n);
  CHECK(hipMemcpy(host.data(), device, n * sizeof(T), hipMemcpyDeviceToHost));
  return host;
}

int main() {
  long long errors = 0;
  auto expect = [&](const char* what, long long index, long long got, long long want) {
    if (got != want && ++errors <= 10)
      std::printf("barrier_returns: %s[%lld]: got %lld, expected %lld\n", what, index, got, want);
  };
  {  // waves, on an 8x4x3 block
    const int bx = 8, by = 4, bz = 3, size = bx * by * bz, blocks = 3;
    int *d_out, *d_counts;
    CHECK(hipMalloc(&d_out, blocks * size * sizeof(int)));
    CHECK(hipMalloc(&d_counts, blocks * sizeof(int)));
    waves<<<blocks, dim3(bx, by, bz)>>>(d_out, d_counts);
    CHECK_LAUNCH();
    auto out = fetch(d_out, blocks * size);
    auto counts = fetch(d_counts, blocks);
    // The model: the same steps, one phase at a time, on the host.
    auto index = [&](int x, int y, int z) { return x + bx * (y + by * z); };
    for (int b = 0; b < blocks; ++b) {
      std::vector<int> s(size), sum(size, 0), live_at(size, 0);
      std::vector<bool> alive(size, true);
      for (int l = 0; l < size; ++l) s[l] = l + 1;
      for (int l = 0; l < size; ++l) sum[l] += s[(l + 1) % size];
      for (int l = 0; l < size; ++l) live_at[l] = size;
      for (int l = 0; l < size; ++l)
        if ((l % bx) % 3 == 1) alive[l] = false;
      int live = 0;
      for (int l = 0; l < size; ++l) live += alive[l];
      for (int z = 0; z < bz; ++z)
        for (int y = 0; y < by; ++y)
          for (int x = 0; x < bx; ++x)
            if (alive[index(x, y, z)]) s[index(x, y, z)] = x * 100 + y * 10 + z;
      for (int z = 0; z < bz; ++z)
        for (int y = 0; y < by; ++y)
          for (int x = 0; x < bx; ++x) {
            int l = index(x, y, z);
            if (!alive[l]) continue;
            live_at[l] = live;
            sum[l] += s[index((x + 1) % bx, y, z)];
          }
      std::vector<bool> third(alive);
      for (int z = 0; z < bz; ++z)
        for (int y = 0; y < by; ++y)
          for (int x = 0; x < bx; ++x)
            if (alive[index(x, y, z)] && (y + z) % 2 == 1) third[index(x, y, z)] = false;
      int last_live = 0;
      for (int l = 0; l < size; ++l) last_live += third[l];
      for (int round = 0; round < 3; ++round) {
        for (int z = 0; z < bz; ++z)
          for (int y = 0; y < by; ++y)
            for (int x = 0; x < bx; ++x)
              if (third[index(x, y, z)]) s[index(x, y, z)] = x + round + b * 7;
        for (int z = 0; z < bz; ++z)
          for (int y = 0; y < by; ++y)
            for (int x = 0; x < bx; ++x)
              if (third[index(x, y, z)]) sum[index(x, y, z)] += s[index(bx - 1 - x, y, z)];
      }
      for (int l = 0; l < size; ++l)
        if (third[l]) live_at[l] = last_live;
      for (int l = 0; l < size; ++l)
        expect("waves", b * size + l, out[b * size + l], (long long)sum[l] * 1000 + live_at[l]);
      expect("waves count", b, counts[b], last_live);
    }
    CHECK(hipFree(d_out));
    CHECK(hipFree(d_counts));
  }
  {  // half_warp, 64 work-items per block
    const int block = 64, blocks = 2, n = blocks * block * 4;
    int *d_lanes, *d_linears;
    CHECK(hipMalloc(&d_lanes, n * sizeof(int)));
    CHECK(hipMalloc(&d_linears, n * sizeof(int)));
    CHECK(hipMemset(d_lanes, 0xff, n * sizeof(int)));
    CHECK(hipMemset(d_linears, 0xff, n * sizeof(int)));
    half_warp<<<blocks, block>>>(d_lanes, d_linears);
    CHECK_LAUNCH();
    auto lanes = fetch(d_lanes, n), linears = fetch(d_linears, n);
    for (int b = 0; b < blocks; ++b)
      for (int step = 0; step < 4; ++step)
        for (int t = 0; t < block; ++t) {
          int at = b * block * 4 + step * block + t;
          expect("half_warp lane", at, lanes[at], t < 16 ? -1 : t % 32 + step);
          expect("half_warp linear", at, linears[at], t < 16 ? -1 : b * block + t);
        }
    CHECK(hipFree(d_lanes));
    CHECK(hipFree(d_linears));
  }
  {  // rejoin, on a 16x8 block
    const int bx = 16, by = 8, size = bx * by, blocks = 2;
    int* d_out;
    CHECK(hipMalloc(&d_out, 2 * blocks * size * sizeof(int)));
    rejoin<<<blocks, dim3(bx, by)>>>(d_out);
    CHECK_LAUNCH();
    auto out = fetch(d_out, 2 * blocks * size);
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < size; ++t) {
        int next = (t + 1) % size, x = t % bx, y = t / bx;
        int v = (next / 32) % 2 == 0 ? next : -next;
        expect("rejoin", b * size + t, out[b * size + t], v + 10 * (x + 1000 * y));
        expect("rejoin after", b * size + t, out[blocks * size + b * size + t], x + 1000 * y);
      }
    CHECK(hipFree(d_out));
  }
  return finish("barrier_returns", errors);
}
