// Kernels whose work-items meet at __syncthreads in the ways that matter to the CPU target,
// which runs the stretch between two barriers as a loop over the work-items and keeps what a
// work-item needs after a barrier in storage of its own (codegen::cpu_regions): values
// carried around a loop with barriers in it, work-items that return early, a by-value
// parameter each work-item changes, a local array whose address leaves the kernel, barriers
// inside a device function on a 3-D block, barriers on both sides of a branch, dynamic shared
// memory in a template kernel, and the counting barriers. On a GPU they are ordinary kernels.
#include "check.h"
#include <vector>

// Inclusive Hillis-Steele scan; `carried` accumulates across every barrier of the loop.
__global__ void scan(const int* in, int* out, int* carried_out) {
  __shared__ int s[256];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  int carried = 0;
  __syncthreads();
  for (int offset = 1; offset < (int)blockDim.x; offset *= 2) {
    int v = t >= offset ? s[t - offset] : 0;
    __syncthreads();
    s[t] += v;
    carried += v;
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = s[t];
  carried_out[blockIdx.x * blockDim.x + t] = carried;
}

// Whole warps return before the barrier; the others must not wait for them.
__global__ void early_exit(int* out, int active) {
  __shared__ int s[256];
  int t = threadIdx.x;
  if (t >= active) return;
  s[t] = t * 3;
  __syncthreads();
  out[blockIdx.x * active + t] = s[active - 1 - t];
}

struct Params {
  int base;
  int scale[4];
  long long bias;
};

// `p` is the kernel's own copy on every target: each work-item changes its copy.
__global__ void own_copy(Params p, int* out) {
  __shared__ int s[128];
  int t = threadIdx.x;
  p.base += t;
  p.scale[t % 4] *= 2;
  s[t] = t;
  __syncthreads();
  out[t] = p.base + p.scale[t % 4] + (int)p.bias + s[127 - t];
}

__device__ __noinline__ void fill(int* local, int n, int seed) {
  for (int i = 0; i < n; ++i) local[i] = seed * 10 + i;
}
__device__ __noinline__ int total(const int* local, int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i) sum += local[i];
  return sum;
}

// A local array whose address goes to functions that are not inlined, across a barrier.
__global__ void escaping_local(int* out) {
  __shared__ int s[64];
  int local[8];
  int t = threadIdx.x;
  fill(local, 8, t);
  s[t] = t;
  __syncthreads();
  local[0] += s[63 - t];
  __syncthreads();
  out[t] = total(local, 8);
}

__device__ int stage(int* s, int index, int value) {
  s[index] = value;
  __syncthreads();
  int neighbour = s[(index + 1) % 24];
  __syncthreads();
  return neighbour;
}

// Barriers inside a device function, called twice, on a 4 x 3 x 2 block.
__global__ void three_d(int* out) {
  __shared__ int s[24];
  int index = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  int a = stage(s, index, index * 7);
  int b = stage(s, index, a + 1);
  out[blockIdx.x * 24 + index] = b * 1000 + (int)(threadIdx.x * 100 + threadIdx.y * 10 + threadIdx.z);
}

// Work-items reach different __syncthreads calls (whole 64-item groups take each branch).
__global__ void two_sided(int* out) {
  __shared__ int s[256];
  int t = threadIdx.x;
  int mine;
  if ((t / 64) % 2 == 0) {
    s[t] = 1;
    mine = 10;
    __syncthreads();
  } else {
    s[t] = 2;
    mine = 20;
    __syncthreads();
  }
  out[t] = mine + s[(t + 64) % 256];
}

template <int Width>
__global__ void tiled(const float* in, float* out) {
  extern __shared__ float tile[];
  int t = threadIdx.x;
  for (int k = 0; k < Width; ++k) tile[t * Width + k] = in[blockIdx.x * blockDim.x * Width + t * Width + k];
  __syncthreads();
  float sum = 0;
  for (int k = 0; k < Width; ++k) sum += tile[((t + 1) % blockDim.x) * Width + k];
  out[blockIdx.x * blockDim.x + t] = sum;
}

__global__ void counting(int* out) {
  int t = threadIdx.x;
  int count = __syncthreads_count(t % 3 == 0);
  int all = __syncthreads_and(t >= 0);
  int any = __syncthreads_or(t == 5);
  if (t == 0) {
    out[blockIdx.x * 3 + 0] = count;
    out[blockIdx.x * 3 + 1] = all;
    out[blockIdx.x * 3 + 2] = any;
  }
}

template <class T>
static std::vector<T> fetch(const T* device, size_t n) {
  std::vector<T> host(n);
  CHECK(hipMemcpy(host.data(), device, n * sizeof(T), hipMemcpyDeviceToHost));
  return host;
}

int main() {
  print_device("barriers");
  long long errors = 0;
  auto expect = [&](const char* what, long long index, long long got, long long want) {
    if (got != want && errors++ < 10)
      std::printf("barriers: %s[%lld]: got %lld, expected %lld\n", what, index, got, want);
  };

  {  // scan: blocks of 200 (not a warp multiple) and 256.
    for (int block : {200, 256}) {
      const int blocks = 3, n = blocks * block;
      std::vector<int> in(n);
      unsigned long long seed = 7;
      for (int& v : in) v = (int)(next_random(&seed) % 100);
      int *d_in, *d_out, *d_carried;
      CHECK(hipMalloc(&d_in, n * sizeof(int)));
      CHECK(hipMalloc(&d_out, n * sizeof(int)));
      CHECK(hipMalloc(&d_carried, n * sizeof(int)));
      CHECK(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
      scan<<<blocks, block>>>(d_in, d_out, d_carried);
      CHECK_LAUNCH();
      auto out = fetch(d_out, n), carried = fetch(d_carried, n);
      for (int b = 0; b < blocks; ++b) {
        int running = 0;
        for (int t = 0; t < block; ++t) {
          running += in[b * block + t];
          expect("scan", b * block + t, out[b * block + t], running);
          expect("scan carried", b * block + t, carried[b * block + t], running - in[b * block + t]);
        }
      }
      CHECK(hipFree(d_in));
      CHECK(hipFree(d_out));
      CHECK(hipFree(d_carried));
    }
  }
  {  // early_exit: 96 of 160 work-items stay.
    const int blocks = 2, active = 96;
    int* d_out;
    CHECK(hipMalloc(&d_out, blocks * active * sizeof(int)));
    early_exit<<<blocks, 160>>>(d_out, active);
    CHECK_LAUNCH();
    auto out = fetch(d_out, blocks * active);
    for (int i = 0; i < blocks * active; ++i) expect("early_exit", i, out[i], (active - 1 - i % active) * 3);
    CHECK(hipFree(d_out));
  }
  {  // own_copy
    Params p = {1000, {1, 2, 3, 4}, 50000};
    int* d_out;
    CHECK(hipMalloc(&d_out, 128 * sizeof(int)));
    own_copy<<<1, 128>>>(p, d_out);
    CHECK_LAUNCH();
    auto out = fetch(d_out, 128);
    for (int t = 0; t < 128; ++t)
      expect("own_copy", t, out[t], 1000 + t + p.scale[t % 4] * 2 + 50000 + (127 - t));
  }
  {  // escaping_local
    int* d_out;
    CHECK(hipMalloc(&d_out, 64 * sizeof(int)));
    escaping_local<<<1, 64>>>(d_out);
    CHECK_LAUNCH();
    auto out = fetch(d_out, 64);
    for (int t = 0; t < 64; ++t) expect("escaping_local", t, out[t], t * 80 + 28 + (63 - t));
  }
  {  // three_d
    const int blocks = 2;
    int* d_out;
    CHECK(hipMalloc(&d_out, blocks * 24 * sizeof(int)));
    three_d<<<blocks, dim3(4, 3, 2)>>>(d_out);
    CHECK_LAUNCH();
    auto out = fetch(d_out, blocks * 24);
    for (int b = 0; b < blocks; ++b)
      for (int z = 0; z < 2; ++z)
        for (int y = 0; y < 3; ++y)
          for (int x = 0; x < 4; ++x) {
            int index = (z * 3 + y) * 4 + x;
            // Second stage: the neighbour's first-stage result (its neighbour's value) + 1.
            int b_value = ((index + 2) % 24) * 7 + 1;
            expect("three_d", b * 24 + index, out[b * 24 + index], b_value * 1000 + x * 100 + y * 10 + z);
          }
    CHECK(hipFree(d_out));
  }
  {  // two_sided
    int* d_out;
    CHECK(hipMalloc(&d_out, 256 * sizeof(int)));
    two_sided<<<1, 256>>>(d_out);
    CHECK_LAUNCH();
    auto out = fetch(d_out, 256);
    for (int t = 0; t < 256; ++t) {
      int mine = (t / 64) % 2 == 0 ? 10 : 20;
      int other = (((t + 64) % 256) / 64) % 2 == 0 ? 1 : 2;
      expect("two_sided", t, out[t], mine + other);
    }
    CHECK(hipFree(d_out));
  }
  {  // tiled<3> with dynamic shared memory
    const int blocks = 4, block = 64, width = 3, n = blocks * block;
    std::vector<float> in(n * width);
    for (int i = 0; i < n * width; ++i) in[i] = (float)(i % 17);
    float *d_in, *d_out;
    CHECK(hipMalloc(&d_in, in.size() * sizeof(float)));
    CHECK(hipMalloc(&d_out, n * sizeof(float)));
    CHECK(hipMemcpy(d_in, in.data(), in.size() * sizeof(float), hipMemcpyHostToDevice));
    tiled<width><<<blocks, block, block * width * sizeof(float)>>>(d_in, d_out);
    CHECK_LAUNCH();
    auto out = fetch(d_out, n);
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < block; ++t) {
        float sum = 0;
        for (int k = 0; k < width; ++k) sum += in[(b * block + (t + 1) % block) * width + k];
        expect("tiled", b * block + t, (long long)out[b * block + t], (long long)sum);
      }
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_out));
  }
  {  // counting barriers, 100 work-items
    const int blocks = 2;
    int* d_out;
    CHECK(hipMalloc(&d_out, blocks * 3 * sizeof(int)));
    counting<<<blocks, 100>>>(d_out);
    CHECK_LAUNCH();
    auto out = fetch(d_out, blocks * 3);
    for (int b = 0; b < blocks; ++b) {
      expect("counting count", b, out[b * 3], 34);
      expect("counting and", b, out[b * 3 + 1] != 0, 1);
      expect("counting or", b, out[b * 3 + 2] != 0, 1);
    }
    CHECK(hipFree(d_out));
  }
  return finish("barriers", errors);
}
