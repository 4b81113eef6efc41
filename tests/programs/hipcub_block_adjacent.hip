// hipCUB's BlockAdjacentDifference (SubtractLeft/SubtractRight, with and without the tile's
// neighbour items, partial tiles, in place), Traits' key twiddles for radix orders, and the
// CachingDeviceAllocator, against the host.
#include "check.h"
#include <hipcub/hipcub.hpp>
#include <algorithm>
#include <cstring>
#include <vector>

constexpr int THREADS = 64, ITEMS = 4, TILE = THREADS * ITEMS;

struct Difference {
  // A non-const operator taking non-const references, as real programs write it.
  __device__ int operator()(int& a, int& b) { return a - b; }
};

// mode: 0 left, 1 left with predecessor, 2 right, 3 right with successor, 4 left partial,
// 5 right partial.
__global__ void adjacent(const int* in, int* out, int mode, int valid) {
  using Block = hipcub::BlockAdjacentDifference<int, THREADS>;
  __shared__ typename Block::TempStorage storage;
  int items[ITEMS];
  int base = blockIdx.x * TILE + threadIdx.x * ITEMS;
  for (int i = 0; i < ITEMS; ++i) items[i] = in[base + i];
  Block block(storage);
  switch (mode) {
    case 0: block.SubtractLeft(items, items, Difference()); break;
    case 1: block.SubtractLeft(items, items, Difference(), 1000); break;
    case 2: block.SubtractRight(items, items, Difference()); break;
    case 3: block.SubtractRight(items, items, Difference(), -1000); break;
    case 4: block.SubtractLeftPartialTile(items, items, Difference(), valid); break;
    default: block.SubtractRightPartialTile(items, items, Difference(), valid); break;
  }
  for (int i = 0; i < ITEMS; ++i) out[base + i] = items[i];
}

template <class T>
__global__ void twiddle(const T* keys, typename hipcub::Traits<T>::UnsignedBits* bits,
                        T* back, int n) {
  using Bits = typename hipcub::Traits<T>::UnsignedBits;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  Bits raw;
  memcpy(&raw, &keys[i], sizeof raw);
  bits[i] = hipcub::Traits<T>::TwiddleIn(raw);
  Bits out = hipcub::Traits<T>::TwiddleOut(bits[i]);
  memcpy(&back[i], &out, sizeof out);
}

// The twiddled bits order as the keys do, and twiddle back to the keys.
template <class T>
long check_twiddle(const std::vector<T>& keys) {
  using Bits = typename hipcub::Traits<T>::UnsignedBits;
  int n = (int)keys.size();
  T *d_keys, *d_back;
  Bits* d_bits;
  CHECK(hipMalloc(&d_keys, n * sizeof(T)));
  CHECK(hipMalloc(&d_back, n * sizeof(T)));
  CHECK(hipMalloc(&d_bits, n * sizeof(Bits)));
  CHECK(hipMemcpy(d_keys, keys.data(), n * sizeof(T), hipMemcpyHostToDevice));
  twiddle<T><<<(n + 63) / 64, 64>>>(d_keys, d_bits, d_back, n);
  CHECK(hipGetLastError());
  std::vector<Bits> bits(n);
  std::vector<T> back(n);
  CHECK(hipMemcpy(bits.data(), d_bits, n * sizeof(Bits), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(back.data(), d_back, n * sizeof(T), hipMemcpyDeviceToHost));
  long errors = 0;
  for (int i = 0; i < n; ++i) {
    if (std::memcmp(&back[i], &keys[i], sizeof(T)) != 0) ++errors;
    for (int j = 0; j < n; ++j)
      if ((keys[i] < keys[j]) != (bits[i] < bits[j])) ++errors;
  }
  CHECK(hipFree(d_keys));
  CHECK(hipFree(d_back));
  CHECK(hipFree(d_bits));
  return errors;
}

int main() {
  print_device("hipcub_block_adjacent");
  const int tiles = 3, n = tiles * TILE;
  std::vector<int> host(n);
  for (int i = 0; i < n; ++i) host[i] = (int)((i * 2654435761u) % 97u) - 40;
  int *d_in, *d_out;
  CHECK(hipMalloc(&d_in, n * sizeof(int)));
  CHECK(hipMalloc(&d_out, n * sizeof(int)));
  CHECK(hipMemcpy(d_in, host.data(), n * sizeof(int), hipMemcpyHostToDevice));
  long errors = 0;
  const int valid = TILE - 37;
  for (int mode = 0; mode < 6; ++mode) {
    adjacent<<<tiles, THREADS>>>(d_in, d_out, mode, valid);
    CHECK(hipGetLastError());
    std::vector<int> got(n);
    CHECK(hipMemcpy(got.data(), d_out, n * sizeof(int), hipMemcpyDeviceToHost));
    for (int t = 0; t < tiles; ++t) {
      const int* in = &host[t * TILE];
      for (int i = 0; i < TILE; ++i) {
        int want;
        switch (mode) {
          case 0: want = i == 0 ? in[0] : in[i] - in[i - 1]; break;
          case 1: want = in[i] - (i == 0 ? 1000 : in[i - 1]); break;
          case 2: want = i == TILE - 1 ? in[i] : in[i] - in[i + 1]; break;
          case 3: want = in[i] - (i == TILE - 1 ? -1000 : in[i + 1]); break;
          case 4: want = (i == 0 || i >= valid) ? in[i] : in[i] - in[i - 1]; break;
          default: want = (i >= valid - 1) ? in[i] : in[i] - in[i + 1]; break;
        }
        if (got[t * TILE + i] != want) ++errors;
      }
    }
  }
  std::vector<int> ints = {0, 1, -1, 7, -7, 2147483647, -2147483647 - 1, 100, -100};
  std::vector<float> floats = {0.0f, 1.5f, -1.5f, 3e38f, -3e38f, 1e-40f, -1e-40f, -0.5f, 7.0f};
  std::vector<double> doubles = {0.0, 2.25, -2.25, 1e300, -1e300, 5e-320, -5e-320, -3.0};
  std::vector<unsigned long long> wide = {0ull, 1ull, ~0ull, 1ull << 63, 12345ull};
  errors += check_twiddle(ints) + check_twiddle(floats) + check_twiddle(doubles) + check_twiddle(wide);

  hipcub::CachingDeviceAllocator allocator(true);
  void* block = nullptr;
  CHECK(allocator.DeviceAllocate(&block, 1 << 20));
  CHECK(hipMemset(block, 0x5a, 1 << 20));
  unsigned char probe = 0;
  CHECK(hipMemcpy(&probe, (unsigned char*)block + 12345, 1, hipMemcpyDeviceToHost));
  if (probe != 0x5a) ++errors;
  CHECK(allocator.DeviceFree(block));
  CHECK(allocator.FreeAllCached());

  CHECK(hipFree(d_in));
  CHECK(hipFree(d_out));
  std::printf("hipcub_block_adjacent: %ld errors\n", errors);
  std::printf("hipcub_block_adjacent: %s\n", errors == 0 ? "PASSED" : "FAILED");
  return errors == 0 ? 0 : 1;
}
